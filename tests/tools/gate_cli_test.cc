// The gate's CLI end to end: review, quarantine, audit --atom, stats,
// reverify, check --replay, ingest-chat and gate config.

#include <catch2/catch.hpp>

#include "tests/test_util.h"
#include "tests/tools/cli_runner.h"

namespace factline {
namespace {

using testing::ScratchDir;

using Run = testing::CliRun;

Run Cli(const std::string& args, const std::string& stdin_file = "") {
  return testing::RunCli(args, stdin_file);
}

void Write(const std::string& path, const std::string& text) {
  testing::WriteFile(path, text);
}

TEST_CASE("Gate CLI: noise is counted, the review queue works",
          "[tools][gate]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  Write(dir.Sub("chat.txt"),
        "User likes coffee.\n"
        "HTTP/1.1 404 Not Found\n"
        "No files found\n"
        "The current date is 2026-11-29.\n"
        "User likes coffee.\n");
  Run ingest = Cli(db + " ingest --session s1 " + dir.Sub("chat.txt"));
  INFO(ingest.output);
  CHECK(ingest.code == 0);
  CHECK(Has(ingest, "1 added"));
  CHECK(Has(ingest, "1 reinforced"));
  CHECK(Has(ingest, "2 noise, 1 transient"));

  Write(
      dir.Sub("atoms.jsonl"),
      R"({"subject":"User","relation":"lives in","value":"Beirut","origin":"cloud_model","model_id":"gpt-4o","session_id":"s1","confidence":0.95,"verification":"verified"})"
      "\n"
      R"({"subject":"User","relation":"lives in","value":"Dubai","origin":"fallback","model_id":"tiny","session_id":"s2","confidence":0.7})"
      "\n"
      R"({"subject":"User","relation":"works at","value":"Acme","origin":"fallback","model_id":"tiny","session_id":"s2","confidence":0.6})"
      "\n");
  Run atoms = Cli(db + " ingest " + dir.Sub("atoms.jsonl"));
  INFO(atoms.output);
  CHECK(atoms.code == 0);
  CHECK(Has(atoms, "2 queued for review"));
  Run list = Cli(db + " review list");
  INFO(list.output);
  CHECK(list.code == 0);
  CHECK(Has(list, "#1 pending"));
  CHECK(Has(list, "Dubai"));
  CHECK(Has(list, "less trusted"));
  Run json = Cli(db + " --json review list");
  CHECK(Has(json, "\"state\":\"pending\""));

  Run approve = Cli(db + " review approve 1 --reason 'user moved'");
  INFO(approve.output);
  CHECK(approve.code == 0);
  CHECK(Has(approve, "superseded"));
  CHECK(Has(Cli(db + " get User 'lives in'"), "Dubai"));
  Run reject = Cli(db + " review reject 2");
  CHECK(reject.code == 2);  // --reason is required
  reject = Cli(db + " review reject 2 --reason 'guess'");
  CHECK(reject.code == 0);
  Run quarantined = Cli(db + " review list --quarantined");
  CHECK(Has(quarantined, "#2 quarantined"));
  CHECK(Has(quarantined, "guess"));
  Run edit = Cli(db + " review edit 2 --value Initech");
  INFO(edit.output);
  CHECK(edit.code == 0);
  CHECK(Has(Cli(db + " get User 'works at'"), "Initech"));
  CHECK(Cli(db + " review approve 2").code == 3);   // already approved
  CHECK(Cli(db + " review approve 42").code == 1);  // no such item
}

TEST_CASE("Gate CLI: quarantine, audit --atom, check --replay, stats",
          "[tools][gate]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  Write(dir.Sub("facts.txt"),
        "1. Ann lives in Athens.\n"
        "2. Ann lives in Berlin.\n");
  REQUIRE(Cli(db + " ingest --serial-time " + dir.Sub("facts.txt")).code == 0);
  Run q = Cli(db + " quarantine 2 --reason 'never lived there'");
  INFO(q.output);
  CHECK(q.code == 0);
  Run get = Cli(db + " get Ann 'lives in'");
  CHECK(Has(get, "Athens"));
  CHECK_FALSE(Has(get, "Berlin"));
  Run audit = Cli(db + " audit --atom 1");
  INFO(audit.output);
  CHECK(Has(audit, "added"));
  CHECK(Has(audit, "superseded"));
  CHECK(Has(audit, "reinstated"));
  Run replay = Cli(db + " check --replay");
  INFO(replay.output);
  CHECK(replay.code == 0);
  CHECK(Has(replay, "identical"));
  Run replay_json =
      Cli(db + " --json check --replay --into " + dir.Sub("copy"));
  CHECK(Has(replay_json, "\"identical\":true"));
  // Without --replay, check walks every record and invariant of the store:
  // this one is sound after quarantine and reinstatement.
  Run walk = Cli(db + " check");
  INFO(walk.output);
  CHECK(walk.code == 0);

  Write(dir.Sub("fallback.jsonl"), "");
  std::string lines;
  for (int i = 0; i < 3; ++i) {
    lines +=
        R"({"subject":"F)" + std::to_string(i) +
        R"(","relation":"likes","value":"tea","origin":"fallback","model_id":"m","session_id":"s","confidence":0.9})"
        "\n";
  }
  Write(dir.Sub("fallback.jsonl"), lines);
  REQUIRE(Cli(db + " ingest " + dir.Sub("fallback.jsonl")).code == 0);
  Write(dir.Sub("gate.json"), R"({"stats": {"fallback_warn_per_hour": 2}})");
  Run stats = Cli(db + " --gate-config " + dir.Sub("gate.json") + " stats");
  INFO(stats.output);
  CHECK(stats.code == 0);
  CHECK(Has(stats, "gate outcomes:"));
  CHECK(Has(stats, "fallback 3"));
  CHECK(Has(stats, "warning: 3 fallback-model writes"));
  CHECK(Has(stats, "held_quarantined: 1"));
  Run quiet = Cli(db + " stats");
  CHECK_FALSE(Has(quiet, "warning:"));
  Run json = Cli(db + " --json stats");
  CHECK(Has(json, "\"signal_to_noise\""));
}

TEST_CASE("Gate CLI: config files are checked and used", "[tools][gate]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  Run defaults = Cli(db + " gate config");
  CHECK(defaults.code == 0);
  CHECK(Has(defaults, "\"auto_approve\": 0.85"));
  CHECK(Has(defaults, "\"half_life_days\": 30"));
  Write(dir.Sub("bad.json"), R"({"confidence": {"auto_aprove": 0.9}})");
  Run bad = Cli(db + " --gate-config " + dir.Sub("bad.json") + " stats");
  CHECK(bad.code == 3);
  CHECK(Has(bad, "confidence.auto_aprove"));
  Run check = Cli("gate check " + dir.Sub("bad.json"));
  CHECK(check.code == 3);
  CHECK(Has(check, "confidence.auto_aprove"));
  Write(dir.Sub("pattern.json"), R"({"noise": {"extra_patterns": ["(x"]}})");
  Run pattern = Cli("gate check " + dir.Sub("pattern.json"));
  CHECK(pattern.code == 3);
  CHECK(Has(pattern, "noise.extra_patterns[0]"));
  // A config inside the store directory is picked up by itself.
  Write(dir.Sub("in.txt"), "Bo likes tea.\n");
  REQUIRE(Cli(db + " ingest " + dir.Sub("in.txt")).code == 0);
  Write(dir.Sub("db/gate.json"), R"({"confidence": {"auto_approve": 0.99}})");
  CHECK(Has(Cli(db + " gate config"), "\"auto_approve\": 0.99"));
  Write(dir.Sub("more.txt"), "Cy likes tea.\n");
  Run held = Cli(db + " ingest --confidence 0.9 " + dir.Sub("more.txt"));
  CHECK(Has(held, "1 queued for review"));
}

TEST_CASE("Gate CLI: reverify and ingest-chat", "[tools][gate]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  Write(
      dir.Sub("facts.jsonl"),
      R"({"subject":"Ann","relation":"lives in","value":"Athens","tx_time":"2026-01-01"})"
      "\n");
  REQUIRE(Cli(db + " ingest " + dir.Sub("facts.jsonl")).code == 0);
  Run due = Cli(db + " reverify --now 2026-02-01");
  INFO(due.output);
  CHECK(due.code == 0);
  CHECK(Has(due, "age 31 days"));
  CHECK(Has(due, "Athens"));
  CHECK(Cli(db + " reverify --verify 1 --reason asked").code == 0);
  CHECK(Has(Cli(db + " reverify --now 2026-02-01"), "nothing is due"));
  CHECK(Has(Cli(db + " audit --atom 1"), "verified"));
  CHECK(Cli(db + " reverify --verify 1 --expire 1").code == 3);

  Write(dir.Sub("chunk.txt"),
        "human: We decided to move the launch. Joseph works at KodeFoundry.\n"
        "tool: total 48\n"
        "assistant: Noted.\n");
  Run chat = Cli(db + " ingest-chat --model gpt-4o --session c1 " +
                 dir.Sub("chunk.txt"));
  INFO(chat.output);
  CHECK(chat.code == 0);
  CHECK(Has(chat, "turn 1: noise"));
  CHECK(Has(Cli(db + " get Joseph 'works at'"), "KodeFoundry"));
}

// The provenance fields of a cloud model's JSONL atom, after its value.
constexpr const char* kModelFields =
    R"(","origin":"cloud_model","model_id":"m1","confidence":0.95,)";

// JSONL: Ann lives in Athens (session "keep", January), then in Berlin
// (session "bulk", February).
std::string AnnMovesInTwoSessions() {
  const std::string model = kModelFields;
  return R"({"subject":"Ann","relation":"lives in","value":"Athens)" + model +
         R"("session_id":"keep","tx_time":"2026-01-01"})"
         "\n"
         R"({"subject":"Ann","relation":"lives in","value":"Berlin)" +
         model +
         R"("session_id":"bulk","tx_time":"2026-02-01"})"
         "\n";
}

TEST_CASE("Gate CLI: diff", "[tools][gate]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  std::string lines = AnnMovesInTwoSessions();
  Write(dir.Sub("atoms.jsonl"), lines);
  Run ingest = Cli(db + " ingest " + dir.Sub("atoms.jsonl"));
  INFO(ingest.output);
  REQUIRE(ingest.code == 0);

  Run reversed = Cli(db + " diff 2026-03-01 2026-01-15");
  INFO(reversed.output);
  CHECK(reversed.code == 2);
  CHECK(Has(reversed, "is before T1"));
  Run diff = Cli(db + " diff 2026-01-15 2026-03-01 --subject Ann");
  INFO(diff.output);
  CHECK(diff.code == 0);
  CHECK(Has(diff, "Ann / lives_in: Athens -> Berlin  [superseded"));
  CHECK(Has(diff, "session bulk"));
  CHECK(Has(Cli(db + " diff 2026-03-01 2026-03-02"), "no slot changed"));
  Run json = Cli(db + " --json diff 2026-01-15 2026-03-01");
  INFO(json.output);
  CHECK(Has(json, R"("decision":"superseded")"));
  CHECK(Has(json, R"("session_id":"bulk")"));
}

TEST_CASE("Gate CLI: quarantine --session undoes a session", "[tools][gate]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  std::string lines = AnnMovesInTwoSessions();
  // 101 atoms of session "bulk" in all: over the threshold of 100.
  for (int i = 0; i < 100; ++i) {
    lines += R"({"subject":"P)" + std::to_string(i) +
             R"(","relation":"likes","value":"tea)" + kModelFields +
             R"("session_id":"bulk","tx_time":"2026-02-01"})"
             "\n";
  }
  Write(dir.Sub("atoms.jsonl"), lines);
  Run ingest = Cli(db + " ingest " + dir.Sub("atoms.jsonl"));
  INFO(ingest.output);
  REQUIRE(ingest.code == 0);

  Run unknown = Cli(db + " quarantine --session nobody");
  INFO(unknown.output);
  CHECK(unknown.code == 1);
  CHECK(Has(unknown, "nothing quarantined"));
  CHECK(Cli(db + " quarantine 2 --session bulk").code == 2);
  CHECK(Cli(db + " quarantine 2").code == 2);  // one atom needs --reason

  Run unconfirmed = Cli(db + " quarantine --session bulk");
  INFO(unconfirmed.output);
  CHECK(unconfirmed.code == 2);
  CHECK(Has(unconfirmed, "101 atoms"));
  CHECK(Has(unconfirmed, "--yes"));
  CHECK(Has(Cli(db + " get Ann 'lives in'"), "Berlin"));
  CHECK(Has(Cli(db + " get P7 likes"), "tea"));

  Run undo = Cli(db + " quarantine --session bulk --yes");
  INFO(undo.output);
  CHECK(undo.code == 0);
  CHECK(Has(undo, "quarantined 101 atoms of session bulk; 1 superseded"));
  Run athens = Cli(db + " get Ann 'lives in'");
  CHECK(Has(athens, "Athens"));
  CHECK_FALSE(Has(athens, "Berlin"));
  CHECK(Cli(db + " get P7 likes").code == 1);
  CHECK(Has(Cli(db + " audit --atom 1"), "reinstated"));

  Run shown = Cli(db + " --json diff 2026-03-01 9999-01-01 --subject Ann");
  INFO(shown.output);
  CHECK(Has(shown, R"("decision":"quarantined")"));
  CHECK(Has(shown, R"("session_id":"bulk")"));

  // Berlin was atom #2, the first one quarantined: held item 1.
  Run approve = Cli(db + " review approve 1");
  INFO(approve.output);
  CHECK(approve.code == 0);
  CHECK(Has(Cli(db + " get Ann 'lives in'"), "Berlin"));
  CHECK(Cli(db + " check --replay").code == 0);
}

}  // namespace
}  // namespace factline
