// Memory::Diff (what changed between two transaction times, and who changed
// it) and Memory::QuarantineWhere (undoing a session, model or origin).
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

std::vector<std::string> Current(const Memory& memory,
                                 const std::string& subject,
                                 const std::string& relation) {
  auto facts = memory.Current(subject, relation);
  REQUIRE(facts.ok());
  std::vector<std::string> out;
  for (const auto& f : *facts) out.push_back(f.atom.value);
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

// A store where session "bad" superseded Alice twice, started Bob's slot and
// was itself superseded at Dave by session "good".
struct Sessions {
  ScratchDir dir;
  std::unique_ptr<Memory> memory = OpenBare(dir.Sub("db"));
  AtomId paris = Store(*memory, "Alice", "lives in", "Paris", 10, "good");
  AtomId berlin = Store(*memory, "Alice", "lives in", "Berlin", 20, "bad");
  AtomId munich = Store(*memory, "Alice", "lives in", "Munich", 30, "bad");
  AtomId acme = Store(*memory, "Bob", "works at", "Acme", 20, "bad");
  AtomId rome = Store(*memory, "Carol", "lives in", "Rome", 20, "good");
  AtomId kyiv = Store(*memory, "Dave", "lives in", "Kyiv", 10, "good");
  AtomId riga = Store(*memory, "Dave", "lives in", "Riga", 20, "bad");
  AtomId lviv = Store(*memory, "Dave", "lives in", "Lviv", 30, "good");
};

TEST_CASE("QuarantineWhere: undoing a session restores what it superseded",
          "[query][diff]") {
  Sessions s;
  Memory& memory = *s.memory;
  resolver::AtomFilter bad;
  bad.session_id = "bad";
  auto undo = memory.QuarantineWhere(bad, "faulty session", 100);
  INFO(undo.status().ToString());
  REQUIRE(undo.ok());
  CHECK(undo->applied);
  CHECK(undo->matched == 4);
  std::vector<AtomId> quarantined;
  for (const auto& d : undo->decisions) {
    CHECK(d.action == resolver::Action::kRejected);
    CHECK(d.held != 0);
    quarantined.push_back(d.atom);
  }
  CHECK(quarantined == std::vector<AtomId>{s.berlin, s.munich, s.acme, s.riga});
  CHECK(undo->reinstated == std::vector<AtomId>{s.paris});

  // Alice is back at Paris (not at Berlin, also the bad session's), Bob has
  // nothing; the good session's atoms are untouched.
  CHECK(Current(memory, "Alice", "lives in") ==
        std::vector<std::string>{"Paris"});
  CHECK(Current(memory, "Bob", "works at").empty());
  CHECK(Current(memory, "Carol", "lives in") ==
        std::vector<std::string>{"Rome"});
  CHECK(Current(memory, "Dave", "lives in") ==
        std::vector<std::string>{"Lviv"});
  auto history = memory.History("Alice", "lives in");
  REQUIRE(history.ok());
  REQUIRE(history->size() == 1);
  CHECK((*history)[0].atom.id == s.paris);

  // One audit record per change, each naming the session.
  auto audit = memory.Audit(1, 1000);
  REQUIRE(audit.ok());
  int quarantines = 0, reinstated = 0;
  for (const auto& r : *audit) {
    if (r.action == "quarantined") {
      ++quarantines;
      CHECK(r.detail.find("session bad") != std::string::npos);
    }
    if (r.action == "reinstated") {
      ++reinstated;
      CHECK(r.atom == s.paris);
    }
  }
  CHECK(quarantines == 4);
  CHECK(reinstated == 1);
  auto held = memory.Held(HeldFilter::kQuarantined);
  REQUIRE(held.ok());
  CHECK(held->size() == 4);

  // The undo shows in diff: the session's values, then what came back.
  auto diff = memory.Diff(35, kLater);
  REQUIRE(diff.ok());
  CHECK(Subjects(*diff) == std::vector<std::string>{"Alice", "Bob"});
  const SlotChange* alice = Find(*diff, "Alice");
  REQUIRE(alice != nullptr);
  CHECK(Values(alice->before) == std::vector<std::string>{"Munich"});
  CHECK(Values(alice->after) == std::vector<std::string>{"Paris"});
  CHECK(alice->decision == "quarantined");
  CHECK(alice->by.provenance.session_id == "bad");

  // The audit log replays to the same store.
  ScratchDir scratch;
  auto replay = memory.CheckReplay(scratch.Sub("replay"));
  INFO(replay.status().ToString());
  REQUIRE(replay.ok());
  CHECK(replay->differences.empty());

  // Nothing of the session is left to quarantine.
  auto again = memory.QuarantineWhere(bad, "again", 100);
  REQUIRE(again.ok());
  CHECK(again->matched == 0);
  CHECK(again->decisions.empty());
}

TEST_CASE("QuarantineWhere: approving a bulk-quarantined atom restores it",
          "[query][diff]") {
  Sessions s;
  Memory& memory = *s.memory;
  resolver::AtomFilter bad;
  bad.session_id = "bad";
  auto undo = memory.QuarantineWhere(bad, "faulty session", 100);
  REQUIRE(undo.ok());
  std::uint64_t munich_item = 0;
  for (const auto& d : undo->decisions) {
    if (d.atom == s.munich) munich_item = d.held;
  }
  REQUIRE(munich_item != 0);
  const Timestamp before_approval = NowMicros();
  auto approved = memory.Approve(munich_item, {}, "it was right after all");
  INFO(approved.status().ToString());
  REQUIRE(approved.ok());
  CHECK(Current(memory, "Alice", "lives in") ==
        std::vector<std::string>{"Munich"});
  CHECK(Current(memory, "Bob", "works at").empty());  // still quarantined

  auto diff = memory.Diff(before_approval, kLater, "Alice");
  REQUIRE(diff.ok());
  REQUIRE(diff->size() == 1);
  CHECK(Values((*diff)[0].before) == std::vector<std::string>{"Paris"});
  CHECK(Values((*diff)[0].after) == std::vector<std::string>{"Munich"});
  CHECK((*diff)[0].decision == "approved");
  CHECK((*diff)[0].by.id == approved->atom);
  CHECK((*diff)[0].by.provenance.session_id == "bad");
}

TEST_CASE("QuarantineWhere: over max_atoms or unknown, nothing changes",
          "[query][diff]") {
  Sessions s;
  Memory& memory = *s.memory;
  resolver::AtomFilter good;
  good.session_id = "good";
  auto over = memory.QuarantineWhere(good, "too many", 3);
  REQUIRE(over.ok());
  CHECK(over->matched == 4);
  CHECK_FALSE(over->applied);
  CHECK(over->decisions.empty());
  CHECK(Current(memory, "Carol", "lives in") ==
        std::vector<std::string>{"Rome"});
  auto held = memory.Held(HeldFilter::kQuarantined);
  REQUIRE(held.ok());
  CHECK(held->empty());

  resolver::AtomFilter unknown;
  unknown.session_id = "nobody";
  auto none = memory.QuarantineWhere(unknown, "nothing", 100);
  REQUIRE(none.ok());
  CHECK(none->matched == 0);
  CHECK(none->decisions.empty());

  // --since: only what the session wrote from then on.
  resolver::AtomFilter late;
  late.model_id = "model-bad";
  late.since = 25;
  auto partial = memory.QuarantineWhere(late, "the last write", 100);
  REQUIRE(partial.ok());
  REQUIRE(partial->decisions.size() == 1);
  CHECK(partial->decisions[0].atom == s.munich);
  CHECK(Current(memory, "Alice", "lives in") ==
        std::vector<std::string>{"Berlin"});

  CHECK(memory.QuarantineWhere({}, "no filter", 100)
            .status()
            .IsInvalidArgument());
  CHECK(memory.QuarantineWhere(good, " ", 100).status().IsInvalidArgument());
}

}  // namespace
}  // namespace factline
