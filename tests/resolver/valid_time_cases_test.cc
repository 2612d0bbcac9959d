// The cases of issue 9's "Why" list on the valid-time model, through the
// public Memory API: stated intervals kept (1), late arrivals split history
// (2), the same valid_from (3), transaction-time as-of metadata (7), and
// `current` as as-of valid now.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "query/query.h"
#include "resolver/resolver.h"
#include "tests/test_util.h"

namespace factline {
namespace {

using testing::ScratchDir;

Timestamp Date(const char* iso) { return ParseTimestamp(iso).value(); }

struct Fixture {
  ScratchDir dir;
  std::unique_ptr<Memory> memory = Memory::Open(dir.Sub("db")).value();
  Timestamp tx = Date("2026-11-01");

  // Stores one atom learned one day after the previous one (unless `learned`
  // is given); `to` empty: open.
  resolver::Decision Add(const std::string& subject,
                         const std::string& relation, const std::string& value,
                         const char* from, const char* to = nullptr,
                         Timestamp learned = kNoTime) {
    Atom atom;
    atom.subject = subject;
    atom.relation = relation;
    atom.value = value;
    atom.valid_from = Date(from);
    atom.valid_to = to ? Date(to) : kForever;
    tx = learned != kNoTime ? learned : tx + 86'400'000'000;
    atom.tx_time = tx;
    atom.provenance.origin = Origin::kDataset;
    auto decisions = memory->RememberAtoms({atom});
    INFO(decisions.status().ToString());
    REQUIRE(decisions.ok());
    REQUIRE(decisions->size() == 1);
    return (*decisions)[0];
  }

  std::vector<std::string> ValuesAt(const std::string& subject,
                                    const std::string& relation,
                                    const char* when) {
    auto views = memory->AsOf(subject, relation, Date(when), TimeAxis::kValid);
    REQUIRE(views.ok());
    std::vector<std::string> out;
    for (const FactView& v : *views) out.push_back(v.atom.value);
    std::sort(out.begin(), out.end());
    return out;
  }
};

using Values = std::vector<std::string>;

TEST_CASE("Valid time 1: a stated end is kept; a gap answers nothing",
          "[valid_time]") {
  Fixture fx;
  auto party = fx.Add("Ann", "member of political party", "Labour",
                      "1978-01-01", "1986-01-01");
  fx.Add("Ann", "member of political party", "Greens", "1990-01-01");
  CHECK(fx.ValuesAt("Ann", "member of political party", "1980-06-01") ==
        Values{"Labour"});
  CHECK(fx.ValuesAt("Ann", "member of political party", "1988-06-01") ==
        Values{});
  CHECK(fx.ValuesAt("Ann", "member of political party", "1990-06-01") ==
        Values{"Greens"});
  auto history = fx.memory->History("Ann", "member of political party");
  REQUIRE(history.ok());
  REQUIRE(history->size() == 2);
  const FactView& labour = (*history)[0];
  CHECK(labour.atom.id == party.atom);
  CHECK(labour.atom.valid_to == Date("1986-01-01"));
  CHECK(labour.atom.superseded_by == kNoAtom);  // nothing took its interval
  REQUIRE(labour.effective.size() == 1);
  CHECK(labour.effective[0].to == Date("1986-01-01"));
}

TEST_CASE(
    "Valid time 1: an overlap goes to the later-learned statement, the "
    "earlier keeps the rest",
    "[valid_time]") {
  Fixture fx;
  auto a = fx.Add("Bo", "employer", "Acme", "1990-01-01", "2000-01-01");
  auto b = fx.Add("Bo", "employer", "Initech", "1995-01-01", "2005-01-01");
  CHECK(fx.ValuesAt("Bo", "employer", "1992-01-01") == Values{"Acme"});
  CHECK(fx.ValuesAt("Bo", "employer", "1997-01-01") == Values{"Initech"});
  CHECK(fx.ValuesAt("Bo", "employer", "2003-01-01") == Values{"Initech"});
  CHECK(fx.ValuesAt("Bo", "employer", "2006-01-01") == Values{});
  auto history = fx.memory->History("Bo", "employer");
  REQUIRE(history.ok());
  REQUIRE(history->size() == 2);
  const Atom& acme = (*history)[0].atom;
  CHECK(acme.valid_to == Date("2000-01-01"));  // as stated
  CHECK(acme.superseded_by == b.atom);
  CHECK(acme.superseded_at == (*history)[1].atom.tx_time);
  REQUIRE((*history)[0].effective.size() == 1);
  CHECK((*history)[0].effective[0].to == Date("1995-01-01"));
  CHECK(a.action == resolver::Action::kStoredAsHistory);  // ended in 2000
}

TEST_CASE(
    "Valid time 2: a late arrival is placed where it belongs and "
    "splits history; shuffled input answers the same",
    "[valid_time]") {
  struct Fact {
    const char* value;
    const char* from;
    const char* to;
  };
  // Open values and a closed one before all of them: stated intervals that
  // do not conflict, so every arrival order gives the same answers.
  const std::vector<Fact> facts = {{"Ajax", "2000-01-01", nullptr},
                                   {"Celtic", "2010-01-01", nullptr},
                                   {"Benfica", "2005-01-01", nullptr},
                                   {"Dynamo", "1990-01-01", "1995-01-01"}};
  const std::vector<std::pair<const char*, Values>> expected = {
      {"1989-01-01", {}},          {"1992-01-01", {"Dynamo"}},
      {"1997-01-01", {}},          {"2003-01-01", {"Ajax"}},
      {"2007-01-01", {"Benfica"}}, {"2011-01-01", {"Celtic"}},
      {"2014-01-01", {"Celtic"}}};
  std::vector<std::size_t> order = {0, 1, 2, 3};
  std::mt19937 rng(9);
  for (int round = 0; round < 12; ++round) {
    Fixture fx;
    for (std::size_t i : order) {
      fx.Add("Cy", "member of sports team", facts[i].value, facts[i].from,
             facts[i].to);
    }
    for (const auto& [when, values] : expected) {
      INFO("round " << round << " at " << when);
      CHECK(fx.ValuesAt("Cy", "member of sports team", when) == values);
    }
    auto current = fx.memory->Current("Cy", "member of sports team");
    REQUIRE(current.ok());
    REQUIRE(current->size() == 1);
    CHECK((*current)[0].atom.value == "Celtic");
    // A closed statement learned later inside Benfica's years splits it:
    // Benfica before and after, the new value in between.
    fx.Add("Cy", "member of sports team", "Porto", "2006-01-01", "2007-01-01");
    CHECK(fx.ValuesAt("Cy", "member of sports team", "2005-06-01") ==
          Values{"Benfica"});
    CHECK(fx.ValuesAt("Cy", "member of sports team", "2006-06-01") ==
          Values{"Porto"});
    CHECK(fx.ValuesAt("Cy", "member of sports team", "2008-01-01") ==
          Values{"Benfica"});
    auto history =
        fx.memory->History("Cy", "member of sports team", HistoryOrder::kValid);
    REQUIRE(history.ok());
    for (const FactView& v : *history) {
      if (v.atom.value == "Benfica") CHECK(v.effective.size() == 2);
    }
    std::shuffle(order.begin(), order.end(), rng);
  }
}

TEST_CASE(
    "Valid time 3: two open values with the same start: the later-"
    "learned owns it, the earlier shows an empty interval and who "
    "overrode it",
    "[valid_time]") {
  Fixture fx;
  auto first = fx.Add("Di", "residence", "Oslo", "1991-01-01");
  auto second = fx.Add("Di", "residence", "Bergen", "1991-01-01");
  CHECK(fx.ValuesAt("Di", "residence", "1995-01-01") == Values{"Bergen"});
  auto history = fx.memory->History("Di", "residence");
  REQUIRE(history.ok());
  REQUIRE(history->size() == 2);
  const FactView& oslo = (*history)[0];
  CHECK(oslo.atom.id == first.atom);
  CHECK(oslo.effective.empty());
  CHECK(oslo.atom.valid_to == kForever);  // as stated
  CHECK(oslo.atom.superseded_by == second.atom);
  CHECK(oslo.why.find("superseded by #" + std::to_string(second.atom)) !=
        std::string::npos);
}

TEST_CASE(
    "Valid time 7: transaction-time as-of shows each atom as it stood "
    "then",
    "[valid_time]") {
  Fixture fx;
  auto old = fx.Add("Ed", "residence", "Rome", "2026-11-01", nullptr,
                    Date("2026-11-01"));
  auto later = fx.Add("Ed", "residence", "Milan", "2026-11-15", nullptr,
                      Date("2026-11-20"));
  auto then = fx.memory->AsOf("Ed", "residence", Date("2026-11-10"),
                              TimeAxis::kTransaction);
  REQUIRE(then.ok());
  REQUIRE(then->size() == 1);
  const FactView& rome = (*then)[0];
  CHECK(rome.atom.id == old.atom);
  CHECK(rome.atom.valid_to == kForever);
  CHECK(rome.atom.superseded_by == kNoAtom);
  CHECK(rome.atom.superseded_at == kNoTime);
  REQUIRE(rome.effective.size() == 1);
  CHECK(rome.effective[0].to == kForever);
  CHECK(rome.why.find("superseded") == std::string::npos);
  // Today's knowledge: Rome ended on 2026-11-15, learned on 2026-11-20.
  auto now = fx.memory->AsOf("Ed", "residence", Date("2026-11-25"),
                             TimeAxis::kTransaction);
  REQUIRE(now.ok());
  REQUIRE(now->size() == 1);
  CHECK((*now)[0].atom.id == later.atom);
  auto history = fx.memory->History("Ed", "residence");
  REQUIRE(history.ok());
  REQUIRE(history->size() == 2);
  CHECK((*history)[0].atom.superseded_by == later.atom);
  CHECK((*history)[0].atom.superseded_at == Date("2026-11-20"));
  REQUIRE((*history)[0].effective.size() == 1);
  CHECK((*history)[0].effective[0].to == Date("2026-11-15"));
}

TEST_CASE(
    "Valid time: current is as-of valid now; a value whose stated end "
    "has passed is not current",
    "[valid_time]") {
  Fixture fx;
  fx.Add("Flo", "employer", "Acme", "2001-01-01", "2002-01-01");
  auto current = fx.memory->Current("Flo", "employer");
  REQUIRE(current.ok());
  CHECK(current->empty());
  fx.Add("Flo", "employer", "Initech", "2003-01-01");
  current = fx.memory->Current("Flo", "employer");
  REQUIRE(current.ok());
  REQUIRE(current->size() == 1);
  CHECK((*current)[0].atom.value == "Initech");
}

TEST_CASE(
    "Valid time: history lists by valid time or as learned; timeline "
    "covers every slot of an entity",
    "[valid_time]") {
  Fixture fx;
  fx.Add("Gus", "employer", "Later", "2010-01-01");
  fx.Add("Gus", "employer", "Earlier", "2000-01-01");
  constexpr Timestamp kIdesOfMarch = -63'549'360'000'000'000;  // -0044-03-15
  Atom paris;
  paris.subject = "Gus";
  paris.relation = "residence";
  paris.value = "Paris";
  paris.valid_from = kIdesOfMarch;
  paris.tx_time = fx.tx + 1;
  REQUIRE(fx.memory->RememberAtoms({paris}).ok());
  auto by_tx = fx.memory->History("Gus", "employer");
  auto by_valid = fx.memory->History("Gus", "employer", HistoryOrder::kValid);
  REQUIRE(by_tx.ok());
  REQUIRE(by_valid.ok());
  REQUIRE(by_tx->size() == 2);
  REQUIRE(by_valid->size() == 2);
  CHECK((*by_tx)[0].atom.value == "Later");
  CHECK((*by_valid)[0].atom.value == "Earlier");
  auto timeline = fx.memory->Timeline("Gus");
  REQUIRE(timeline.ok());
  CHECK(timeline->size() == 3);
  CHECK(fx.ValuesAt("Gus", "residence", "0001-01-01") == Values{"Paris"});
  CHECK(FormatTimestamp(kIdesOfMarch).rfind("-0044-03-15", 0) == 0);
  CHECK(FormatTimestamp(Date("1950-06-01")).rfind("1950-06-01", 0) == 0);
  CHECK(FormatTimestamp(Date("0001-01-01")).rfind("0001-01-01", 0) == 0);
  CHECK(FormatTimestamp(259) == "@259");  // a serial-number clock
}

TEST_CASE(
    "Valid time: the audit log replays timelines, reinforcements and "
    "quarantines exactly",
    "[valid_time]") {
  Fixture fx;
  fx.Add("Hal", "employer", "Acme", "2000-01-01");
  fx.Add("Hal", "employer", "Initech", "2010-01-01");
  fx.Add("Hal", "employer", "Globex", "2005-01-01");     // late
  fx.Add("Hal", "employer", "Acme", "2002-01-01");       // reinforces
  auto umbrella = fx.Add("Hal", "employer", "Umbrella",  // splits Globex
                         "2006-01-01", "2007-01-01");
  fx.Add("Hal", "likes", "tea", "2001-01-01", "2003-01-01");
  fx.Add("Hal", "likes", "tea", "2004-01-01");
  CHECK(fx.ValuesAt("Hal", "employer", "2006-06-01") == Values{"Umbrella"});
  REQUIRE(fx.memory->Quarantine(umbrella.atom, "wrong").ok());
  CHECK(fx.ValuesAt("Hal", "employer", "2006-06-01") == Values{"Globex"});
  ScratchDir copy;
  auto target =
      graph::Store::Open(copy.Sub("db"), graph::StoreOptions()).value();
  auto report = resolver::ReplayAudit(fx.memory->store(), target.get());
  INFO(report.status().ToString());
  REQUIRE(report.ok());
  for (const std::string& d : report->differences) UNSCOPED_INFO(d);
  CHECK(report->differences.empty());
  CHECK(report->atoms == 6);  // the second Acme reinforced the first
}

TEST_CASE("Valid time: an undated value bounds no later-learned statement",
          "[resolver][valid_time]") {
  // "Sam lives in Nairobi" with no stated start: from = when learned.
  // "Sam moved to Kampala on 2026-10-01", learned after it, holds from
  // then on: Nairobi's start was only when we heard of it.
  Fixture f;
  f.Add("Sam", "lives_in", "Nairobi", "2026-11-10", nullptr,
        Date("2026-11-10"));
  const resolver::Decision d =
      f.Add("Sam", "lives_in", "Kampala", "2026-10-01");
  CHECK(f.ValuesAt("Sam", "lives_in", "2026-10-15") ==
        std::vector<std::string>{"Kampala"});
  CHECK(f.ValuesAt("Sam", "lives_in", "2026-11-20") ==
        std::vector<std::string>{"Kampala"});
  auto now = f.memory->Current("Sam", "lives_in");
  REQUIRE(now.ok());
  REQUIRE(now->size() == 1);
  CHECK((*now)[0].atom.value == "Kampala");
  CHECK(d.action == resolver::Action::kSuperseded);

  // A stated start is a statement: the late arrival ends where it begins.
  Fixture g;
  g.Add("Ana", "lives_in", "Nairobi", "2026-11-05", nullptr,
        Date("2026-11-10"));
  g.Add("Ana", "lives_in", "Kampala", "2026-10-01");
  CHECK(g.ValuesAt("Ana", "lives_in", "2026-10-15") ==
        std::vector<std::string>{"Kampala"});
  CHECK(g.ValuesAt("Ana", "lives_in", "2026-11-20") ==
        std::vector<std::string>{"Nairobi"});
}

}  // namespace
}  // namespace factline
