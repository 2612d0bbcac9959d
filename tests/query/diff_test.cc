// Memory::Diff: what changed between two transaction times, and who
// changed it.
#include <catch2/catch.hpp>

#include "query/query.h"
#include "tests/test_util.h"

namespace factline {
namespace {

using testing::ScratchDir;

// Far after every serial tx_time below and after the clock-stamped
// quarantines and approvals.
constexpr Timestamp kLater = kForever - 1;

std::unique_ptr<Memory> OpenBare(const std::string& path) {
  MemoryOptions options;
  options.gate_config.enabled = false;  // every atom is stored as given
  auto memory = Memory::Open(path, std::move(options));
  INFO(memory.status().ToString());
  REQUIRE(memory.ok());
  return std::move(memory).value();
}

// Stores subject --relation--> value learned at serial time `tx` (also its
// valid start) by `session`; returns the atom's id.
AtomId Store(Memory& memory, const std::string& subject,
             const std::string& relation, const std::string& value,
             Timestamp tx, const std::string& session) {
  Atom atom;
  atom.subject = subject;
  atom.relation = relation;
  atom.value = value;
  atom.tx_time = tx;
  atom.provenance.origin = Origin::kCloudModel;
  atom.provenance.model_id = "model-" + session;
  atom.provenance.session_id = session;
  atom.provenance.source = session + "#" + std::to_string(tx);
  auto decisions = memory.RememberAtoms({atom});
  INFO(decisions.status().ToString());
  REQUIRE(decisions.ok());
  REQUIRE(decisions->size() == 1);
  return decisions->front().atom;
}

std::vector<std::string> Values(const std::vector<Atom>& atoms) {
  std::vector<std::string> out;
  for (const Atom& a : atoms) out.push_back(a.value);
  return out;
}

const SlotChange* Find(const std::vector<SlotChange>& changes,
                       const std::string& subject) {
  for (const SlotChange& c : changes) {
    if (c.subject == subject) return &c;
  }
  return nullptr;
}

std::vector<std::string> Subjects(const std::vector<SlotChange>& changes) {
  std::vector<std::string> out;
  for (const SlotChange& c : changes) out.push_back(c.subject);
  return out;
}

TEST_CASE("Diff: added, superseded, changed twice, changed back, quarantined",
          "[query][diff]") {
  ScratchDir dir;
  auto memory = OpenBare(dir.Sub("db"));
  Store(*memory, "Alice", "lives in", "Paris", 10, "s0");
  const AtomId berlin = Store(*memory, "Alice", "lives in", "Berlin", 20, "s1");
  const AtomId acme = Store(*memory, "Bob", "works at", "Acme", 20, "s1");
  Store(*memory, "Carol", "lives in", "Rome", 10, "s0");
  Store(*memory, "Carol", "lives in", "Oslo", 20, "s1");
  const AtomId lima = Store(*memory, "Carol", "lives in", "Lima", 30, "s2");
  Store(*memory, "Dave", "lives in", "Kyiv", 10, "s0");
  const AtomId riga = Store(*memory, "Dave", "lives in", "Riga", 15, "s2");
  Store(*memory, "Eve", "lives in", "Nice", 10, "s0");
  Store(*memory, "Finn", "lives in", "Bonn", 10, "s0");
  Store(*memory, "Finn", "lives in", "Graz", 20, "s1");
  Store(*memory, "Finn", "lives in", "Bonn", 30, "s1");
  // Quarantined now (clock time): after every serial time above.
  REQUIRE(memory->Quarantine(riga, "never lived there").ok());

  auto diff = memory->Diff(12, 35);
  INFO(diff.status().ToString());
  REQUIRE(diff.ok());
  // Eve is unchanged and Finn changed back; Dave's quarantine comes later,
  // so at 35 the store still held Riga.
  CHECK(Subjects(*diff) ==
        std::vector<std::string>{"Alice", "Bob", "Carol", "Dave"});

  const SlotChange* alice = Find(*diff, "Alice");
  REQUIRE(alice != nullptr);
  CHECK(alice->relation == "lives_in");
  CHECK(Values(alice->before) == std::vector<std::string>{"Paris"});
  CHECK(Values(alice->after) == std::vector<std::string>{"Berlin"});
  CHECK(alice->decision == "superseded");
  CHECK(alice->decided_at == 20);
  CHECK(alice->by.id == berlin);
  CHECK(alice->by.provenance.session_id == "s1");
  CHECK(alice->by.provenance.model_id == "model-s1");
  CHECK(alice->by.provenance.source == "s1#20");

  const SlotChange* bob = Find(*diff, "Bob");
  REQUIRE(bob != nullptr);
  CHECK(bob->before.empty());
  CHECK(Values(bob->after) == std::vector<std::string>{"Acme"});
  CHECK(bob->decision == "added");
  CHECK(bob->by.id == acme);

  // Changed twice: the value at T1 against the value at T2, and the last
  // decision.
  const SlotChange* carol = Find(*diff, "Carol");
  REQUIRE(carol != nullptr);
  CHECK(Values(carol->before) == std::vector<std::string>{"Rome"});
  CHECK(Values(carol->after) == std::vector<std::string>{"Lima"});
  CHECK(carol->decision == "superseded");
  CHECK(carol->decided_at == 30);
  CHECK(carol->by.id == lima);
  CHECK(carol->by.provenance.session_id == "s2");

  const SlotChange* dave = Find(*diff, "Dave");
  REQUIRE(dave != nullptr);
  CHECK(Values(dave->before) == std::vector<std::string>{"Kyiv"});
  CHECK(Values(dave->after) == std::vector<std::string>{"Riga"});
  CHECK(dave->decision == "superseded");

  // Past the quarantine, Dave is back at Kyiv.
  auto later = memory->Diff(16, kLater);
  REQUIRE(later.ok());
  const SlotChange* back = Find(*later, "Dave");
  REQUIRE(back != nullptr);
  CHECK(Values(back->before) == std::vector<std::string>{"Riga"});
  CHECK(Values(back->after) == std::vector<std::string>{"Kyiv"});
  CHECK(back->decision == "quarantined");
  CHECK(back->by.id == riga);
  CHECK(back->by.provenance.session_id == "s2");
  CHECK(back->reason.find("never lived there") != std::string::npos);
  CHECK(back->decided_at > 35);

  // One subject only; an unknown one has no slots.
  auto carol_only = memory->Diff(12, 35, "carol");
  REQUIRE(carol_only.ok());
  CHECK(Subjects(*carol_only) == std::vector<std::string>{"Carol"});
  auto nobody = memory->Diff(12, 35, "Nobody");
  REQUIRE(nobody.ok());
  CHECK(nobody->empty());

  // Nothing changes between a time and itself.
  auto same = memory->Diff(20, 20);
  REQUIRE(same.ok());
  CHECK(same->empty());
}

TEST_CASE("Diff: T2 before T1 is an error", "[query][diff]") {
  ScratchDir dir;
  auto memory = OpenBare(dir.Sub("db"));
  Store(*memory, "Alice", "lives in", "Paris", 10, "s0");
  auto diff = memory->Diff(35, 12);
  CHECK(diff.status().IsInvalidArgument());
  CHECK(diff.status().message().find("before") != std::string::npos);
}

TEST_CASE("Diff: a stated end passing between T1 and T2 is expired",
          "[query][diff]") {
  ScratchDir dir;
  auto memory = OpenBare(dir.Sub("db"));
  Atom atom;
  atom.subject = "Ann";
  atom.relation = "works at";
  atom.value = "Acme";
  atom.tx_time = 10;
  atom.valid_from = 10;
  atom.valid_to = 40;
  REQUIRE(memory->RememberAtoms({atom}).ok());
  auto diff = memory->Diff(20, 50);
  REQUIRE(diff.ok());
  REQUIRE(diff->size() == 1);
  CHECK(Values((*diff)[0].before) == std::vector<std::string>{"Acme"});
  CHECK((*diff)[0].after.empty());
  CHECK((*diff)[0].decision == "expired");
  CHECK((*diff)[0].decided_at == 40);
}

}  // namespace
}  // namespace factline
