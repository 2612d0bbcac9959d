// Statements through Memory (issue 8): paraphrases meet in one slot and
// supersede, the user is one entity, time words bound the interval, the
// relation mapping is audited and a weak one is held for review.
#include <catch2/catch.hpp>
#include <string>

#include "query/query.h"
#include "tests/test_util.h"

namespace factline {
namespace {

using testing::ScratchDir;

std::unique_ptr<Memory> Open(const ScratchDir& dir, MemoryOptions opts = {}) {
  auto m = Memory::Open(dir.Sub("db"), std::move(opts));
  REQUIRE(m.ok());
  return std::move(m).value();
}

void Remember(Memory& m, const std::string& line, Timestamp tx) {
  TextFact f;
  f.text = line;
  f.tx_time = tx;
  auto r = m.Remember(std::vector<TextFact>{f});
  INFO(line);
  REQUIRE(r.ok());
  CHECK(r->unparsed.empty());
}

std::string CurrentValue(const Memory& m, const std::string& s,
                         const std::string& r) {
  auto v = m.Current(s, r);
  REQUIRE(v.ok());
  INFO(s << " / " << r);
  REQUIRE(v->size() == 1);
  return (*v)[0].atom.value;
}

const Timestamp kDay = 86400LL * 1000000;
const Timestamp kT0 = 20000 * kDay;  // 2024-10-04

TEST_CASE("Statements: updates in other words supersede",
          "[query][statements]") {
  ScratchDir dir;
  auto m = Open(dir);
  Remember(*m, "Maria's email is a@x.com.", kT0);
  Remember(*m, "Maria's email address is b@x.com.", kT0 + kDay);
  CHECK(CurrentValue(*m, "Maria", "email") == "b@x.com");
  CHECK(CurrentValue(*m, "Maria", "e-mail address") == "b@x.com");

  Remember(*m, "My favorite programming language is Rust.", kT0);
  Remember(*m, "The user's favourite programming language is Go now.",
           kT0 + kDay);
  CHECK(CurrentValue(*m, "user", "favorite programming language") == "Go");

  Remember(*m, "Rubens Barrichello is a citizen of Brazil.", kT0);
  Remember(*m, "Rubens Barrichello holds a citizenship of Italy.", kT0 + kDay);
  CHECK(CurrentValue(*m, "Rubens Barrichello", "P27") == "Italy");

  Remember(*m, "The user lives in Berlin.", kT0);
  Remember(*m, "I moved to Lisbon last month.", kT0 + 60 * kDay);
  CHECK(CurrentValue(*m, "user", "lives_in") == "Lisbon");

  Remember(*m, "Joseph works at Acme.", kT0);
  Remember(*m, "Joseph is employed by Initech.", kT0 + kDay);
  CHECK(CurrentValue(*m, "Joseph", "employer") == "Initech");

  // The chat chunk's statements, said on their own.
  Remember(*m, "My manager is Dev.", kT0);
  Remember(*m, "I just switched teams, I'm now on the payments team.",
           kT0 + kDay);
  Remember(*m, "Also my manager is Priya now, not Dev.", kT0 + kDay);
  CHECK(CurrentValue(*m, "user", "team") == "payments team");
  CHECK(CurrentValue(*m, "user", "manager") == "Priya");
}

TEST_CASE("Statements: time words set the stated interval",
          "[query][statements]") {
  ScratchDir dir;
  auto m = Open(dir);
  const Timestamp tx = *ParseTimestamp("2026-06-15");
  Remember(*m, "I have lived in Berlin since 2019.", tx);
  auto v = m->Current("user", "lives_in");
  REQUIRE(v.ok());
  REQUIRE(v->size() == 1);
  CHECK((*v)[0].atom.value == "Berlin");
  CHECK((*v)[0].atom.valid_from == *ParseTimestamp("2019-01-01"));
}

TEST_CASE("Statements: mappings are audited, weak ones held for review",
          "[query][statements]") {
  ScratchDir dir;
  auto m = Open(dir);
  Remember(*m, "Rubens Barrichello holds a citizenship of Italy.", kT0);
  auto audit = m->Audit(0, 100);
  REQUIRE(audit.ok());
  bool found = false;
  for (const auto& rec : *audit) {
    found = found || (rec.detail.find("canonical") != std::string::npos &&
                      rec.detail.find("citizenship") != std::string::npos &&
                      rec.detail.find("P27") != std::string::npos);
  }
  CHECK(found);

  TextFact weak;
  // Birthplace, citizenship or origin; neither name is a WordNet noun, so
  // the types cannot choose (atoms/internal/relation_types.h).
  weak.text = "Zorblax comes from Quuxland.";
  weak.tx_time = kT0;
  auto r = m->Remember(std::vector<TextFact>{weak});
  REQUIRE(r.ok());
  REQUIRE(r->decisions.size() == 1);
  CHECK(r->decisions[0].action == resolver::Action::kQueued);
  auto held = m->Held(HeldFilter::kPending);
  REQUIRE(held.ok());
  REQUIRE(held->size() == 1);
  CHECK((*held)[0].reason.find("held for review") != std::string::npos);
  auto none = m->Current("Zorblax", "come from");
  REQUIRE(none.ok());
  CHECK(none->empty());
}

TEST_CASE("Statements: one configurable user entity; pronouns in a chunk",
          "[query][statements]") {
  ScratchDir dir;
  MemoryOptions opts;
  opts.user_entity = "maria";
  auto m = Open(dir, std::move(opts));
  auto r = m->Remember(
      "I live in Porto.\nUser is allergic to peanuts.\nThe user prefers tea.\n"
      "Alice works at Acme.\nShe lives in Paris.\n",
      Provenance{});
  REQUIRE(r.ok());
  CHECK(r->unparsed.empty());
  CHECK(CurrentValue(*m, "maria", "lives_in") == "Porto");
  CHECK(CurrentValue(*m, "maria", "allergic_to") == "peanuts");
  CHECK(CurrentValue(*m, "Alice", "lives_in") == "Paris");
  // Two people named before "he": ambiguous, reported, the rest stored.
  r = m->Remember(
      "Bob works at Initech.\nCarl works at Hooli.\nHe likes jazz.\n",
      Provenance{});
  REQUIRE(r.ok());
  REQUIRE(r->unparsed.size() == 1);
  CHECK(r->unparsed[0].reason.find("ambiguous") != std::string::npos);
  CHECK(CurrentValue(*m, "Carl", "employer") == "Hooli");
}

TEST_CASE("Statements: lines with no statement are unparsed, the batch stored",
          "[query][statements]") {
  ScratchDir dir;
  auto m = Open(dir);
  auto r =
      m->Remember("Hello there.\nThanks a lot!\nBob's dentist is Dr. Moore.\n",
                  Provenance{});
  REQUIRE(r.ok());
  CHECK(r->unparsed.size() == 2);
  for (const auto& u : r->unparsed) CHECK_FALSE(u.reason.empty());
  CHECK(CurrentValue(*m, "Bob", "dentist") == "Dr. Moore");
  auto parsed = m->Parse("Hello there.");
  CHECK(parsed.status().IsNotFound());
}

}  // namespace
}  // namespace factline
