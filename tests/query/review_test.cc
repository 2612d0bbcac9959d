// The gate through Memory: text screening, the review queue, quarantine,
// conversations, re-verification, stats and the replay check.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "query/query.h"
#include "tests/test_util.h"

namespace factline {
namespace {

using resolver::Action;
using testing::ScratchDir;

std::unique_ptr<Memory> OpenAt(const std::string& path,
                               resolver::GateConfig config = {}) {
  MemoryOptions options;
  options.gate_config = std::move(config);
  auto memory = Memory::Open(path, std::move(options));
  INFO(memory.status().ToString());
  REQUIRE(memory.ok());
  return std::move(memory).value();
}

Provenance Human() {
  Provenance p;
  p.session_id = "chat-1";
  p.source = "chat-1#1";
  return p;
}

std::vector<std::string> Values(const Result<std::vector<FactView>>& facts) {
  REQUIRE(facts.ok());
  std::vector<std::string> out;
  for (const auto& f : *facts) out.push_back(f.atom.value);
  return out;
}

std::map<Action, int> Count(const RememberReport& report) {
  std::map<Action, int> counts;
  for (const auto& d : report.decisions) ++counts[d.action];
  return counts;
}

TEST_CASE("Review: the issue's lines are stored or kept out", "[query][gate]") {
  ScratchDir dir;
  auto memory = OpenAt(dir.Sub("db"));
  auto report = memory->Remember(
      "User likes coffee.\n"
      "Joseph works at KodeFoundry.\n"
      "Prefers dark mode in all apps.\n"
      "Sarah is the user's CTO.\n"
      "total 48\n"
      "drwxr-xr-x  2 user staff   64 Nov 29 10:00 src\n"
      "-rw-r--r--  1 user staff 1234 Nov 29 10:00 notes.txt\n"
      "HTTP/1.1 404 Not Found\n"
      "No files found\n"
      "The current date is 2026-11-29.\n"
      "User might be considering thinking about starting a project.\n"
      "User likes coffee.\n",
      Human());
  REQUIRE(report.ok());
  auto counts = Count(*report);
  CHECK(counts[Action::kAdded] == 4);
  CHECK(counts[Action::kReinforced] == 1);
  CHECK(counts[Action::kNoise] == 5);
  CHECK(counts[Action::kTransient] == 1);
  CHECK(counts[Action::kRejected] == 1);
  CHECK(report->unparsed.empty());
  for (const auto& d : report->decisions) {
    if (d.input_index == 9) CHECK(d.action == Action::kTransient);
    if (d.input_index == 10) {
      CHECK(d.action == Action::kRejected);
      CHECK(d.reason.find("hedged") != std::string::npos);
    }
    if (d.input_index == 11) CHECK(d.action == Action::kReinforced);
  }
  CHECK(Values(memory->Current("Joseph", "works at")) ==
        std::vector<std::string>{"KodeFoundry"});
  CHECK(Values(memory->Current("user", "prefers")) ==
        std::vector<std::string>{"dark mode in all apps"});
  CHECK(Values(memory->Current("user", "cto")) ==
        std::vector<std::string>{"Sarah"});
  auto stats = memory->Stats().value();
  CHECK(stats.atoms == 4);  // nothing from the tool output
  CHECK(stats.audit_records == 12);
  auto quarantined = memory->Held(HeldFilter::kQuarantined).value();
  REQUIRE(quarantined.size() == 1);
  CHECK(quarantined[0].atom.text.find("starting a project") !=
        std::string::npos);
  auto gate = memory->GateStats().value();
  CHECK(gate.actions["noise"] == 5);
  CHECK(gate.actions["transient"] == 1);
  CHECK(gate.signal == 5);
  CHECK(gate.noise == 7);
}

TEST_CASE("Review: Beirut vs Dubai through the review queue", "[query][gate]") {
  ScratchDir dir;
  auto memory = OpenAt(dir.Sub("db"));
  Atom beirut;
  beirut.subject = "User";
  beirut.relation = "lives in";
  beirut.value = "Beirut";
  beirut.provenance.origin = Origin::kCloudModel;
  beirut.provenance.model_id = "gpt-4o";
  beirut.provenance.session_id = "s1";
  beirut.provenance.confidence = 0.95;
  beirut.provenance.verification = Verification::kVerified;
  Atom dubai = beirut;
  dubai.value = "Dubai";
  dubai.provenance.origin = Origin::kFallback;
  dubai.provenance.model_id = "tiny-fallback";
  dubai.provenance.confidence = 0.7;
  dubai.provenance.verification = Verification::kPending;
  auto first = memory->RememberAtoms({beirut});
  REQUIRE(first.ok());
  const AtomId beirut_id = (*first)[0].atom;
  auto second = memory->RememberAtoms({dubai});
  REQUIRE(second.ok());
  CHECK((*second)[0].action == Action::kQueued);
  CHECK(Values(memory->Current("User", "lives in")) ==
        std::vector<std::string>{"Beirut"});
  auto pending = memory->Held().value();
  REQUIRE(pending.size() == 1);
  CHECK(pending[0].atom.value == "Dubai");

  auto approved = memory->Approve(pending[0].id, {}, "the user moved");
  REQUIRE(approved.ok());
  CHECK(Values(memory->Current("User", "lives in")) ==
        std::vector<std::string>{"Dubai"});
  CHECK(memory->Held().value().empty());

  // Quarantining Dubai brings Beirut back; history no longer shows Dubai.
  auto q = memory->Quarantine(approved->atom, "a fallback model's guess");
  REQUIRE(q.ok());
  auto now = memory->Current("User", "lives in").value();
  REQUIRE(now.size() == 1);
  CHECK(now[0].atom.id == beirut_id);
  CHECK(Values(memory->History("User", "lives in")) ==
        std::vector<std::string>{"Beirut"});
  auto quarantined = memory->Held(HeldFilter::kQuarantined).value();
  REQUIRE(quarantined.size() == 1);
  CHECK(quarantined[0].atom.id == approved->atom);
  auto about = memory->AuditOf(beirut_id, 1, 100).value();
  std::vector<std::string> actions;
  for (const auto& r : about) actions.push_back(r.action);
  CHECK(actions == std::vector<std::string>{"added", "superseded",
                                            "quarantined", "reinstated"});

  ScratchDir scratch;
  auto replay = memory->CheckReplay(scratch.Sub("replay"));
  INFO(replay.status().ToString());
  REQUIRE(replay.ok());
  CHECK(replay->differences.empty());
  CHECK(replay->held == 2);
  CHECK(
      memory->CheckReplay(scratch.Sub("replay")).status().IsInvalidArgument());
}

TEST_CASE("Review: conversation chunks keep human facts, drop tool output",
          "[query][gate]") {
  ScratchDir dir;
  auto memory = OpenAt(dir.Sub("db"));
  Provenance assistant;
  assistant.origin = Origin::kCloudModel;
  assistant.model_id = "gpt-4o";
  assistant.session_id = "chat-7";
  assistant.source = "chat-7";
  assistant.confidence = 0.9;
  auto report = memory->RememberConversation(
      "human: We decided to deploy on Fridays. Joseph works at KodeFoundry.\n"
      "tool: HTTP/1.1 200 OK\n"
      "assistant: Noted.\n",
      assistant);
  REQUIRE(report.ok());
  bool tool_noise = false, joseph = false;
  for (const auto& d : report->decisions) {
    if (d.input_index == 1) tool_noise = d.action == Action::kNoise;
    if (d.input_index == 0 && d.action == Action::kAdded) joseph = true;
  }
  CHECK(tool_noise);
  CHECK(joseph);
  auto works = memory->Current("Joseph", "works at").value();
  REQUIRE(works.size() == 1);
  CHECK(works[0].atom.provenance.origin == Origin::kHuman);
  CHECK(works[0].atom.provenance.session_id == "chat-7");
  CHECK(works[0].atom.provenance.model_id.empty());

  // Mostly tool output and no decision, lesson or outcome: dropped whole.
  auto dull = memory->RememberConversation(
      "human: ok\n"
      "tool: " +
          std::string(300, 'x') +
          "\n"
          "assistant: Here is the listing.\n",
      assistant);
  REQUIRE(dull.ok());
  REQUIRE(dull->decisions.size() == 1);
  CHECK(dull->decisions[0].action == Action::kNoise);
  CHECK(dull->decisions[0].reason.find("low significance") !=
        std::string::npos);
  CHECK(memory->RememberConversation("no tags", assistant)
            .status()
            .IsInvalidArgument());
}

TEST_CASE("Review: re-verification lists old confident atoms",
          "[query][gate]") {
  ScratchDir dir;
  auto memory = OpenAt(dir.Sub("db"));
  constexpr Timestamp kDay = Timestamp{86400} * 1000000;
  const Timestamp t0 = NowMicros();
  TextFact old;
  old.text = "Ann lives in Athens.";
  old.tx_time = t0 - 20 * kDay;
  old.provenance = Human();
  TextFact fresh = old;
  fresh.text = "Bo lives in Berlin.";
  fresh.tx_time = t0 - 2 * kDay;
  TextFact unsure = old;
  unsure.text = "Cy lives in Cairo.";
  unsure.provenance.confidence = 0.8;  // not above 0.8
  auto report = memory->Remember({old, fresh, unsure});
  REQUIRE(report.ok());
  auto due = memory->DueForReverification(t0).value();
  REQUIRE(due.size() == 1);
  CHECK(due[0].fact.atom.value == "Athens");
  CHECK(due[0].age_days == Approx(20).epsilon(0.01));
  CHECK(due[0].weight == Approx(std::pow(0.5, 20.0 / 30)).epsilon(0.01));
  const AtomId athens = due[0].fact.atom.id;
  REQUIRE(memory->MarkVerified(athens, "asked Ann").ok());
  CHECK(memory->DueForReverification(t0).value().empty());
  CHECK(memory->Weight(athens).value() == Approx(1.0).epsilon(0.001));
  CHECK(memory->Current("Ann", "lives in")
            .value()[0]
            .atom.provenance.verification == Verification::kVerified);
  REQUIRE(memory->MarkExpired(athens, "moved away").ok());
  CHECK(memory->DueForReverification(t0 + 100 * kDay).value().size() == 1);
  auto audit = memory->AuditOf(athens, 1, 10).value();
  REQUIRE(audit.size() == 3);
  CHECK(audit[1].action == "verified");
  CHECK(audit[2].action == "expired");
}

TEST_CASE("Review: the bare profile stores what the gate keeps out",
          "[query][gate]") {
  ScratchDir dir;
  resolver::GateConfig bare;
  bare.enabled = false;
  auto memory = OpenAt(dir.Sub("db"), bare);
  auto report = memory->Remember(
      "HTTP/1.1 404 Not Found\nUser might be moving to Lisbon.\nBo likes tea.",
      Human());
  REQUIRE(report.ok());
  REQUIRE(report->decisions.size() == 1);
  CHECK(report->decisions[0].action == Action::kAdded);
  CHECK(report->unparsed.size() == 2);  // not noise: nothing screens them
  CHECK(memory->GateStats().value().noise == 0);
}

TEST_CASE("Review: FactConsolidation goes through the default gate unchanged",
          "[query][gate]") {
  const auto doc = nlohmann::json::parse(testing::ReadFile(testing::SourcePath(
      "datasets/factconsolidation/Conflict_Resolution.json")));
  std::vector<TextFact> facts;
  for (const auto& row : doc) {
    if (row["metadata"]["source"] != "factconsolidation_sh_6k") continue;
    const std::string context = row["context"];
    std::size_t start = 0;
    while (start < context.size()) {
      std::size_t end = context.find('\n', start);
      if (end == std::string::npos) end = context.size();
      const std::string line = context.substr(start, end - start);
      start = end + 1;
      std::optional<std::int64_t> serial;
      const std::string_view text = StripSerial(line, &serial);
      if (!serial) continue;
      TextFact fact;
      fact.text = std::string(text);
      fact.tx_time = *serial;
      fact.provenance.origin = Origin::kDataset;
      facts.push_back(std::move(fact));
    }
  }
  REQUIRE(facts.size() == 455);
  ScratchDir dir;
  resolver::GateConfig bare;
  bare.enabled = false;
  auto gated = OpenAt(dir.Sub("gated"));
  auto plain = OpenAt(dir.Sub("bare"), bare);
  auto a = gated->Remember(facts);
  auto b = plain->Remember(facts);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  REQUIRE(a->decisions.size() == b->decisions.size());
  for (std::size_t i = 0; i < a->decisions.size(); ++i) {
    CHECK(a->decisions[i].action == b->decisions[i].action);
    CHECK(a->decisions[i].atom == b->decisions[i].atom);
  }
  CHECK(Count(*a)[Action::kSuperseded] == 161);
  auto replay = gated->CheckReplay(dir.Sub("replay"));
  REQUIRE(replay.ok());
  CHECK(replay->differences.empty());
  CHECK(replay->records == 455);
}

TEST_CASE("Review: an invalid gate config stops Open", "[query][gate]") {
  ScratchDir dir;
  resolver::GateConfig config;
  config.noise.extra_patterns = {"(unclosed"};
  MemoryOptions options;
  options.gate_config = config;
  auto memory = Memory::Open(dir.Sub("db"), std::move(options));
  REQUIRE_FALSE(memory.ok());
  CHECK(memory.status().message().find("noise.extra_patterns[0]") !=
        std::string::npos);
}

}  // namespace
}  // namespace factline
