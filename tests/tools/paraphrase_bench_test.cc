// The paraphrase benchmark's judging (tools/paraphrase_bench.h) on a tiny
// fixture: items the parser is known to read are counted right, items whose
// expectation does not match what is stored are counted wrong, and the
// corpus reader names the line at fault. No timing, no targets.
#include "tools/paraphrase_bench.h"

#include <catch2/catch.hpp>

#include "tests/test_util.h"
#include "tests/tools/cli_runner.h"

namespace factline::bench {
namespace {

// The FactConsolidation template of P17, which the lexicon reads exactly.
constexpr const char* kFixture =
    R"({"id":"ok","kind":"statement","relation":"P17","ids":["P17"],"phrase_ok":false,"subject":"Angkor Wat","text":"Angkor Wat is located in the country of Cambodia.","value":"Cambodia"}
{"id":"wrong-value","kind":"statement","relation":"P17","ids":["P17"],"phrase_ok":false,"subject":"Angkor Wat","text":"Angkor Wat is located in the country of Cambodia.","value":"Laos"}
{"id":"wrong-relation","kind":"statement","relation":"P19","ids":["P19"],"phrase_ok":false,"subject":"Angkor Wat","text":"Angkor Wat is located in the country of Cambodia.","value":"Cambodia"}
{"id":"wrong-subject","kind":"statement","relation":"P17","ids":["P17"],"phrase_ok":false,"subject":"Bayon","text":"Angkor Wat is located in the country of Cambodia.","value":"Cambodia"}
{"id":"unparsed","kind":"statement","relation":"P17","ids":["P17"],"phrase_ok":false,"subject":"Angkor Wat","text":"Zzq vrr plok.","value":"Cambodia"}
{"id":"upd-ok","kind":"update","relation":"P17","ids":["P17"],"phrase_ok":false,"subject":"Angkor Wat","original":{"text":"Angkor Wat is located in the country of Cambodia.","value":"Cambodia"},"update":{"text":"Angkor Wat is located in the country of Thailand.","value":"Thailand"}}
{"id":"upd-unparsed","kind":"update","relation":"P17","ids":["P17"],"phrase_ok":false,"subject":"Angkor Wat","original":{"text":"Angkor Wat is located in the country of Cambodia.","value":"Cambodia"},"update":{"text":"Zzq vrr plok Thailand.","value":"Thailand"}}
)";

std::vector<ParaphraseItem> Fixture() {
  auto items = ParseParaphraseItems(kFixture, "relations");
  REQUIRE(items.ok());
  REQUIRE(items->size() == 7);
  return *items;
}

TEST_CASE("Paraphrase: subjects and values normalise as documented",
          "[tools][paraphrase]") {
  CHECK(NormalizeSubject("The user") == "user");
  CHECK(NormalizeSubject("User") == "user");
  CHECK(NormalizeSubject("Our staging database") == "staging database");
  CHECK(NormalizeSubject("The Beatles") == "beatles");
  CHECK(NormalizeSubject("my") == "my");  // a bare word is kept
  CHECK(NormalizeValue("a@x.com") == NormalizeValue("A@X.com"));
  CHECK(NormalizeValue("Lisbon last month") != NormalizeValue("Lisbon"));
  CHECK(NormalizeValue("the payments team") == "payments team");
}

TEST_CASE("Paraphrase: a right item counts right, wrong ones count wrong",
          "[tools][paraphrase]") {
  const std::vector<ParaphraseItem> items = Fixture();
  auto run = RunParaphrase(items, {Arm::kKeyed}, 2, RunOptions());
  REQUIRE(run.ok());
  REQUIRE(run->size() == 1);
  const ParaphraseScores& s = run->front();
  CHECK(s.overall.parse.total == 5);
  CHECK(s.overall.parse.right == 1);
  CHECK(s.overall.update.total == 2);
  CHECK(s.overall.update.right == 1);
  CHECK(s.by_relation.at("relations/P17").parse.total == 4);
  CHECK(s.by_relation.at("relations/P17").parse.right == 1);
  CHECK(s.by_relation.at("relations/P19").parse.right == 0);
  std::vector<std::string> missed;
  for (const ItemOutcome& o : s.misses) missed.push_back(o.item->id);
  CHECK(missed == std::vector<std::string>{"wrong-value", "wrong-relation",
                                           "wrong-subject", "unparsed",
                                           "upd-unparsed"});
  for (const ItemOutcome& o : s.misses) {
    INFO(o.item->id << ": " << o.got);
    if (o.item->id == "unparsed") CHECK(o.got.find("unparsed") == 0);
    // The original stays current beside nothing: the slot shows Cambodia.
    if (o.item->id == "upd-unparsed") {
      CHECK(o.got.find("now [Cambodia]") != std::string::npos);
    }
  }
}

TEST_CASE("Paraphrase: an update nobody superseded counts wrong",
          "[tools][paraphrase]") {
  // With supersession off both values stay current: the update is wrong
  // although both sentences parse into one slot.
  const std::vector<ParaphraseItem> items = Fixture();
  auto run = RunParaphrase({items[5]}, {Arm::kOff}, 1, RunOptions());
  REQUIRE(run.ok());
  CHECK(run->front().overall.update.total == 1);
  CHECK(run->front().overall.update.right == 0);
}

TEST_CASE("Paraphrase: malformed corpus lines are refused with the line",
          "[tools][paraphrase]") {
  auto bad = ParseParaphraseItems(
      "{\"id\":\"x\",\"kind\":\"statement\",\"relation\":\"P17\",\"ids\":[\"P17"
      "\"],\"subject\":\"S\",\"value\":\"V\"}\n",
      "agent");
  REQUIRE(!bad.ok());
  CHECK(bad.status().IsInvalidArgument());
  CHECK(std::string(bad.status().message()).find("agent.jsonl line 1") !=
        std::string::npos);
  CHECK(std::string(bad.status().message()).find("'text'") !=
        std::string::npos);
  auto kind = ParseParaphraseItems(
      "\n{\"id\":\"x\",\"kind\":\"guess\",\"relation\":\"r\",\"phrase_ok\":"
      "true,\"subject\":\"S\"}\n",
      "agent");
  REQUIRE(!kind.ok());
  CHECK(std::string(kind.status().message()).find("line 2") !=
        std::string::npos);
  auto none = ParseParaphraseItems(
      "{\"id\":\"x\",\"kind\":\"statement\",\"relation\":\"r\",\"subject\":"
      "\"S\",\"text\":\"T\",\"value\":\"V\"}",
      "agent");
  CHECK(!none.ok());  // neither ids nor phrase_ok: nothing could be right
  testing::ScratchDir empty;
  CHECK(!LoadParaphraseCorpus(empty.path()).ok());
}

TEST_CASE("Paraphrase: the CLI prints the table and JSON",
          "[tools][paraphrase]") {
  testing::ScratchDir dir;
  testing::WriteFile(dir.Sub("relations.jsonl"), kFixture);
  auto table =
      testing::RunCli("bench paraphrase --arm keyed --data " + dir.path());
  INFO(table.output);
  CHECK(table.code == 0);
  CHECK(table.output.find("relations/P17") != std::string::npos);
  CHECK(table.output.find("1/4") != std::string::npos);
  auto json = testing::RunCli("--json bench paraphrase --arm keyed --data " +
                              dir.path());
  INFO(json.output);
  REQUIRE(json.code == 0);
  auto doc = nlohmann::json::parse(json.output);
  CHECK(doc["arms"][0]["arm"] == "keyed");
  CHECK(doc["arms"][0]["overall"]["parse"]["right"] == 1);
  CHECK(doc["arms"][0]["overall"]["update"]["right"] == 1);
  auto bad_arm =
      testing::RunCli("bench paraphrase --arm nope --data " + dir.path());
  CHECK(bad_arm.code == 2);
  auto missing = testing::RunCli("bench paraphrase --data " + dir.Sub("no"));
  CHECK(missing.code == 3);
}

}  // namespace
}  // namespace factline::bench
