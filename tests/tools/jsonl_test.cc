// The CLI's input edges owned by the user: the user lexicon (--lexicon and
// <db>/lexicon.json), JSONL atoms (declared cardinality, unknown keys, time
// checks, line numbers) and `factline relations`.

#include <catch2/catch.hpp>

#include "tests/test_util.h"
#include "tests/tools/cli_runner.h"

namespace factline {
namespace {

using testing::CliRun;
using testing::Has;
using testing::RunCli;
using testing::ScratchDir;
using testing::WriteFile;

constexpr const char* kPrizeLexicon = R"({
  "format": "factline-lexicon/1",
  "relations": [
    {"id": "won_prize", "name": "won prize", "cardinality": "many",
     "sentence_templates": ["[X] was awarded the __"],
     "question_templates": ["Which prize did [X] win?"]}
  ]})";

TEST_CASE("Lexicon CLI: --lexicon adds relations, templates and cardinality",
          "[tools][lexicon]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  WriteFile(dir.Sub("prizes.json"), kPrizeLexicon);
  WriteFile(dir.Sub("facts.txt"),
            "Marie Curie was awarded the Nobel Prize in Physics.\n"
            "Marie Curie was awarded the Nobel Prize in Chemistry.\n");
  CliRun ingest = RunCli(db + " --lexicon " + dir.Sub("prizes.json") +
                         " ingest " + dir.Sub("facts.txt"));
  INFO(ingest.output);
  REQUIRE(ingest.code == 0);
  CHECK(Has(ingest, "2 added"));
  CHECK(Has(ingest, "0 unparsed"));
  CliRun get = RunCli(db + " --json get \"Marie Curie\" won_prize");
  INFO(get.output);
  CHECK(get.code == 0);
  CHECK(Has(get, "Nobel Prize in Physics"));
  CHECK(Has(get, "Nobel Prize in Chemistry"));
}

TEST_CASE("Lexicon CLI: <db>/lexicon.json is loaded with the store",
          "[tools][lexicon]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  WriteFile(dir.Sub("first.txt"), "Alice lives in Paris.\n");
  REQUIRE(RunCli(db + " ingest " + dir.Sub("first.txt")).code == 0);
  WriteFile(dir.Sub("db/lexicon.json"), kPrizeLexicon);
  WriteFile(dir.Sub("facts.txt"),
            "Alice was awarded the Fields Medal.\n"
            "Alice was awarded the Abel Prize.\n");
  CliRun ingest = RunCli(db + " ingest " + dir.Sub("facts.txt"));
  INFO(ingest.output);
  REQUIRE(ingest.code == 0);
  CHECK(Has(ingest, "2 added"));
  CliRun ask = RunCli(db + " ask \"Which prize did Alice win?\"");
  INFO(ask.output);
  CHECK(ask.code == 0);
  CHECK(Has(ask, "Fields Medal"));
}

TEST_CASE("Lexicon CLI: a bad lexicon file is refused naming file and key",
          "[tools][lexicon]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  WriteFile(dir.Sub("first.txt"), "Alice lives in Paris.\n");
  REQUIRE(RunCli(db + " ingest " + dir.Sub("first.txt")).code == 0);
  struct Case {
    const char* json;
    const char* key;
  };
  const Case cases[] = {
      {R"({"relations":[{"id":"a","aliases":["same"]},
                        {"id":"b","aliases":["same"]}]})",
       "relations[1] (b).aliases[0]"},
      {R"({"relations":[{"id":"a","cardinality":"sometimes"}]})",
       "relations[0] (a).cardinality"},
      {R"({"relations":[{"id":"a","sentence_templates":["a owns __"]}]})",
       "relations[0] (a).sentence_templates[0]"},
      {R"({"relations":[{"id":"a","sentence_templates":["[X] owns"]}]})",
       "relations[0] (a).sentence_templates[0]"},
      {R"({"relations":[{"id":"a","alias_of":"nope"}]})",
       "relations[0] (a).alias_of"},
      {R"({"relations":[{"id":"a",)", "not valid JSON"},
  };
  for (const Case& c : cases) {
    WriteFile(dir.Sub("bad.json"), c.json);
    WriteFile(dir.Sub("more.txt"), "Bob lives in Rome.\n");
    CliRun run = RunCli(db + " --lexicon " + dir.Sub("bad.json") + " ingest " +
                        dir.Sub("more.txt"));
    INFO(run.output);
    CHECK(run.code == 3);
    CHECK(Has(run, dir.Sub("bad.json")));
    CHECK(Has(run, c.key));
  }
  // Nothing stored before is lost, and nothing from the refused run landed.
  CliRun alice = RunCli(db + " get Alice \"lives in\"");
  INFO(alice.output);
  CHECK(alice.code == 0);
  CHECK(Has(alice, "Paris"));
  CHECK(RunCli(db + " get Bob \"lives in\"").code == 1);
  // The same file in the store directory stops every command naming it.
  WriteFile(dir.Sub("db/lexicon.json"),
            R"({"relations":[{"id":"a","cardinality":"sometimes"}]})");
  CliRun get = RunCli(db + " get Alice \"lives in\"");
  INFO(get.output);
  CHECK(get.code == 3);
  CHECK(Has(get, "lexicon.json"));
  CHECK(Has(get, "cardinality"));
}

TEST_CASE("JSONL: a declared cardinality makes a relation many-valued",
          "[tools][jsonl]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  WriteFile(
      dir.Sub("prizes.jsonl"),
      R"({"subject":"Ann","relation":"wins prize","value":"Cup 1","valid_from":"2001-05-01","cardinality":"many"})"
      "\n"
      R"({"subject":"Ann","relation":"wins prize","value":"Cup 2","valid_from":"2002-05-01"})"
      "\n");
  CliRun ingest = RunCli(db + " ingest " + dir.Sub("prizes.jsonl"));
  INFO(ingest.output);
  REQUIRE(ingest.code == 0);
  CliRun get = RunCli(db + " get Ann \"wins prize\"");
  INFO(get.output);
  CHECK(Has(get, "Cup 1"));
  CHECK(Has(get, "Cup 2"));
  CliRun list = RunCli(db + " --json relations list");
  INFO(list.output);
  CHECK(list.code == 0);
  CHECK(Has(list, R"("cardinality":"many")"));
  CHECK(Has(list, R"("key":"wins prize")"));
  CHECK(Has(list, R"("current":2)"));
}

TEST_CASE("JSONL: a cardinality that contradicts stored data is refused",
          "[tools][jsonl]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  WriteFile(
      dir.Sub("moves.jsonl"),
      R"({"subject":"Ann","relation":"home city","value":"Paris","valid_from":"2001-01-01"})"
      "\n"
      R"({"subject":"Ann","relation":"home city","value":"Rome","valid_from":"2005-01-01"})"
      "\n");
  REQUIRE(RunCli(db + " ingest " + dir.Sub("moves.jsonl")).code == 0);
  WriteFile(
      dir.Sub("more.jsonl"),
      R"({"subject":"Bob","relation":"plays","value":"chess"})"
      "\n"
      R"({"subject":"Bob","relation":"home city","value":"Oslo","cardinality":"many"})"
      "\n");
  CliRun refused = RunCli(db + " ingest " + dir.Sub("more.jsonl"));
  INFO(refused.output);
  CHECK(refused.code == 3);
  CHECK(Has(refused, "more.jsonl:2"));
  CHECK(Has(refused, "relation 'home city' is declared many-valued"));
  CHECK(Has(refused, "relations set"));
  CHECK(RunCli(db + " get Bob plays").code == 1);  // nothing of it stored
  CliRun before = RunCli(db + " get Ann \"home city\"");
  CHECK(Has(before, "Rome"));
  CHECK_FALSE(Has(before, "= Paris"));
  // Conflicting declarations inside one file name both lines.
  WriteFile(
      dir.Sub("both.jsonl"),
      R"({"subject":"C","relation":"owns","value":"a","cardinality":"many"})"
      "\n"
      R"({"subject":"C","relation":"owns","value":"b","cardinality":"one"})"
      "\n");
  CliRun both = RunCli(db + " ingest " + dir.Sub("both.jsonl"));
  INFO(both.output);
  CHECK(both.code == 3);
  CHECK(Has(both, "both.jsonl:2"));
  CHECK(Has(both, "on line 1"));
  // `relations set` applies it on purpose and re-derives the slot.
  CliRun set = RunCli(db + " relations set \"home city\" many");
  INFO(set.output);
  CHECK(set.code == 0);
  CHECK(Has(set, "re-derived 1 slot"));
  CliRun after = RunCli(db + " get Ann \"home city\"");
  INFO(after.output);
  CHECK(Has(after, "Paris"));
  CHECK(Has(after, "Rome"));
  CliRun back = RunCli(db + " relations set \"home city\" one");
  CHECK(back.code == 0);
  CliRun one = RunCli(db + " get Ann \"home city\"");
  CHECK(Has(one, "Rome"));
  CHECK_FALSE(Has(one, "= Paris"));
  CHECK(RunCli(db + " relations set \"no such\" many").code == 1);
  CHECK(RunCli(db + " relations set \"home city\" several").code == 3);
}

TEST_CASE("JSONL: a declaration the stored data reads the same way is kept",
          "[tools][jsonl]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  // Stated intervals that never overlap read the same one- or many-valued.
  WriteFile(
      dir.Sub("clubs.jsonl"),
      R"({"subject":"Ann","relation":"plays for","value":"FC A","valid_from":"2001-01-01","valid_to":"2003-01-01"})"
      "\n"
      R"({"subject":"Ann","relation":"plays for","value":"FC B","valid_from":"2003-01-01","valid_to":"2006-01-01"})"
      "\n");
  REQUIRE(RunCli(db + " ingest " + dir.Sub("clubs.jsonl")).code == 0);
  WriteFile(
      dir.Sub("more.jsonl"),
      R"({"subject":"Bob","relation":"plays for","value":"FC C","cardinality":"many"})"
      "\n");
  CliRun ok = RunCli(db + " ingest " + dir.Sub("more.jsonl"));
  INFO(ok.output);
  CHECK(ok.code == 0);
  CHECK(Has(RunCli(db + " relations"), "plays for  many"));
}

struct BadLine {
  const char* json;
  const char* says;
};

TEST_CASE("JSONL: bad lines are refused naming the line, nothing is lost",
          "[tools][jsonl]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  WriteFile(dir.Sub("first.jsonl"),
            R"({"subject":"Ann","relation":"lives in","value":"Paris"})"
            "\n");
  REQUIRE(RunCli(db + " ingest " + dir.Sub("first.jsonl")).code == 0);
  const BadLine cases[] = {
      {R"({"subject":"B","relation":"r","value":"v","confidance":0.1})",
       "unknown key 'confidance'"},
      {R"({"subject":"B","relation":"r","value":"v","valid_from":"2026-02-30"})",
       "day 30 is not in 2026-02"},
      {R"({"subject":"B","relation":"r","value":"v","valid_from":"2026-01-01T10:00:00 CET"})",
       "unknown time zone"},
      {R"({"subject":"B","relation":"r","value":"v","valid_from":"2026/01/01"})",
       "valid_from"},
      {R"({"subject":"B","relation":"r","value":"v","valid_from":"10000-01-01"})",
       "valid_from"},
      {R"({"subject":"B","relation":"r","value":"v","valid_from":"2020-01-01","valid_to":"2019-01-01"})",
       "is before valid_from"},
      {R"({"subject":"B","relation":"r","value":"v","tx_time":18446744073709551615})",
       "does not fit a 64-bit time"},
      {R"({"subject":"B","relation":"r","value":"v","tx_time":-9223372036854775808})",
       "outside years -9999..9999"},
      {R"({"subject":"B","relation":"r","value":"v","tx_time":1.5})",
       "must be a time string or an integer"},
      {R"({"subject":"B\u0000C","relation":"r","value":"v"})",
       "control character 0x00"},
      {R"({"subject":"B","relation":"r\u0007","value":"v"})",
       "field 'relation' holds control character 0x07"},
      {R"({"subject":"B","relation":"r","value":"v\nw"})",
       "field 'value' holds control character 0x0A"},
      {R"({"subject":"B","relation":"r","value":"v","confidence":1.5})",
       "confidence"},
      {R"({"subject":"B","relation":"r","value":"v","cardinality":"few"})",
       "cardinality"},
      {R"({"subject":" ","relation":"r","value":"v"})", "subject is empty"},
      // Punctuation only: no key to store it under (it used to reach LMDB
      // as an empty key, MDB_BAD_VALSIZE, after earlier batches were in).
      {R"({"subject":"...","relation":"r","value":"v"})",
       "subject has no letters or digits"},
      {R"({"subject":"B","relation":"!!!","value":"v"})",
       "relation has no letters or digits"},
      {R"({"subject":"\u00a0","relation":"r","value":"v"})",
       "subject has no letters or digits"},
      {R"({"subject":"Ann","relation":"r","value":"v","subject":"Bob"})",
       "key 'subject' appears twice"},
  };
  for (const BadLine& c : cases) {
    // The bad line is the 12th of the file, in the second batch of 10.
    std::string text;
    for (int i = 0; i < 11; ++i) {
      text += R"({"subject":"Good)" + std::to_string(i) +
              R"(","relation":"lives in","value":"Oslo"})" + "\n";
    }
    text += std::string(c.json) + "\n";
    WriteFile(dir.Sub("bad.jsonl"), text);
    CliRun run = RunCli(db + " ingest --batch 10 " + dir.Sub("bad.jsonl"));
    INFO(c.json);
    INFO(run.output);
    CHECK(run.code == 3);
    CHECK(Has(run, "bad.jsonl:12"));
    CHECK(Has(run, c.says));
  }
  CHECK(Has(RunCli(db + " get Ann \"lives in\""), "Paris"));
  CHECK(RunCli(db + " get Good0 \"lives in\"").code == 1);
  // --allow-unknown-keys skips keys factline does not know.
  WriteFile(
      dir.Sub("extra.jsonl"),
      R"({"subject":"Cy","relation":"lives in","value":"Rome","note":"x"})"
      "\n");
  CHECK(RunCli(db + " ingest " + dir.Sub("extra.jsonl")).code == 3);
  CHECK(RunCli(db + " ingest --allow-unknown-keys " + dir.Sub("extra.jsonl"))
            .code == 0);
}

TEST_CASE("JSONL: zone offsets, negative years and years before 1970",
          "[tools][jsonl]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  WriteFile(
      dir.Sub("dates.jsonl"),
      R"({"subject":"Caesar","relation":"died in","value":"Rome","valid_from":"-0044-03-15"})"
      "\n"
      R"({"subject":"Ann","relation":"lives in","value":"Paris","valid_from":"1950-06-01T10:00:00+02:00","valid_to":"1960-01-01T00:00:00Z"})"
      "\n");
  CliRun ingest = RunCli(db + " ingest " + dir.Sub("dates.jsonl"));
  INFO(ingest.output);
  REQUIRE(ingest.code == 0);
  CliRun asof =
      RunCli(db + " --json as-of Ann \"lives in\" 1955-01-01 --axis valid");
  INFO(asof.output);
  CHECK(Has(asof, "Paris"));
  // 1950-06-01T08:00:00Z in microseconds.
  CHECK(Has(asof, R"("valid_from":-618076800000000)"));
  CHECK(RunCli(db + " as-of Ann \"lives in\" 1961-01-01 --axis valid").code ==
        1);
  CliRun caesar = RunCli(db + " --json get Caesar \"died in\"");
  INFO(caesar.output);
  CHECK(Has(caesar, R"("valid_from":-63549360000000000)"));
}

std::string Line(const std::string& subject, const std::string& relation,
                 const std::string& value, const std::string& extra = "") {
  return R"({"subject":")" + subject + R"(","relation":")" + relation +
         R"(","value":")" + value + "\"" + extra + "}\n";
}

TEST_CASE("Gate: values that differ in a number are never merged",
          "[tools][gate][near]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  // Issue 9 case 5: reinforced into each other, 202 facts lost.
  const std::string many = R"(,"cardinality":"many")";
  WriteFile(dir.Sub("teams.jsonl"),
            Line("Oleh", "member of team", "FC Dynamo Kyiv", many) +
                Line("Oleh", "member of team", "FC Dynamo-2 Kyiv") +
                Line("Oleh", "member of team", "Ukraine U-17") +
                Line("Oleh", "member of team", "Ukraine U-19") +
                Line("Oleh", "member of team", "Ukraine U-21") +
                Line("Oleh", "member of team", "Class of 1998") +
                Line("Oleh", "member of team", "Class of 1999"));
  CliRun ingest = RunCli(db + " --json ingest " + dir.Sub("teams.jsonl"));
  INFO(ingest.output);
  REQUIRE(ingest.code == 0);
  CHECK(Has(ingest, R"("added":7)"));
  CHECK(Has(ingest, R"("reinforced":0)"));
  CHECK(Has(ingest, R"("queued":0)"));
  CliRun get = RunCli(db + " get Oleh \"member of team\"");
  INFO(get.output);
  for (const char* v :
       {"= FC Dynamo Kyiv", "= FC Dynamo-2 Kyiv", "= Ukraine U-17",
        "= Ukraine U-19", "= Class of 1999"}) {
    CHECK(Has(get, v));
  }
}

TEST_CASE("Gate: a near duplicate goes to review unless the caller opts in",
          "[tools][gate][near]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  WriteFile(dir.Sub("a.jsonl"), Line("Ann", "likes", "Dubai, UAE"));
  REQUIRE(RunCli(db + " ingest " + dir.Sub("a.jsonl")).code == 0);
  // Exact after key normalisation: reinforced as before.
  WriteFile(dir.Sub("b.jsonl"), Line("Ann", "likes", "DUBAI,  UAE."));
  CliRun exact = RunCli(db + " --json ingest " + dir.Sub("b.jsonl"));
  INFO(exact.output);
  CHECK(Has(exact, R"("reinforced":1)"));
  // Near, not exact: held for review, never merged silently.
  WriteFile(dir.Sub("c.jsonl"), Line("Ann", "likes", "Dubai UAE"));
  CliRun near = RunCli(db + " --json ingest " + dir.Sub("c.jsonl"));
  INFO(near.output);
  CHECK(Has(near, R"("queued":1)"));
  CHECK(Has(near, R"("reinforced":0)"));
  CliRun review = RunCli(db + " review list");
  INFO(review.output);
  CHECK(Has(review, "near-duplicate of current atom #1"));
  // The caller opts in with a threshold: then it reinforces.
  WriteFile(dir.Sub("db/gate.json"),
            R"({"duplicate": {"near_reinforce_threshold": 0.9}})");
  CliRun opted = RunCli(db + " --json ingest " + dir.Sub("c.jsonl"));
  INFO(opted.output);
  CHECK(Has(opted, R"("reinforced":1)"));
  CliRun config = RunCli(db + " gate config");
  INFO(config.output);
  CHECK(Has(config, "near_reinforce_threshold"));
  WriteFile(dir.Sub("bad.json"),
            R"({"duplicate": {"near_reinforce_threshold": 2}})");
  CliRun bad = RunCli(db + " gate check " + dir.Sub("bad.json"));
  INFO(bad.output);
  CHECK(bad.code != 0);
  CHECK(Has(bad, "duplicate.near_reinforce_threshold"));
}

TEST_CASE("Gate: titles and dates without letters are not noise",
          "[tools][gate][noise]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  WriteFile(dir.Sub("a.jsonl"),
            Line("Fellini", "directed", "8½", R"(,"cardinality":"many")") +
                Line("Orwell", "wrote", "1984") +
                Line("Archimedes", "studied", "π") +
                Line("project", "deadline", "2027-01-31") +
                Line("Ann", "shouted", "!!! ???"));
  CliRun ingest = RunCli(db + " --json ingest " + dir.Sub("a.jsonl"));
  INFO(ingest.output);
  REQUIRE(ingest.code == 0);
  CHECK(Has(ingest, R"("added":4)"));
  CHECK(Has(ingest, R"("noise":1)"));
  CHECK(Has(RunCli(db + " get project deadline"), "2027-01-31"));
  CHECK(Has(RunCli(db + " get Fellini directed"), "8½"));
  CHECK(Has(RunCli(db + " get Orwell wrote"), "1984"));
}

TEST_CASE("Ask: a many-valued slot answers with every value", "[tools][ask]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  WriteFile(dir.Sub("a.txt"), "Ann likes tea.\nAnn likes chess.\n");
  REQUIRE(RunCli(db + " ingest " + dir.Sub("a.txt")).code == 0);
  CliRun ask = RunCli(db + " --json ask \"What does Ann like?\"");
  INFO(ask.output);
  CHECK(ask.code == 0);
  CHECK(Has(ask, "tea"));
  CHECK(Has(ask, "chess"));
}

TEST_CASE("Ask: a subject that differs in a number is another entity",
          "[tools][ask]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  WriteFile(dir.Sub("a.txt"),
            "user38 lives in Lisbon.\nNobuhiro Watsuki lives in Tokyo.\n");
  REQUIRE(RunCli(db + " ingest " + dir.Sub("a.txt")).code == 0);
  CliRun ask = RunCli(db + " --json ask \"Where does user39 live?\"");
  INFO(ask.output);
  CHECK_FALSE(Has(ask, "Lisbon"));
  CHECK(Has(ask, R"("known":false)"));
  // A misspelling without a number difference still finds the entity.
  CliRun typo =
      RunCli(db + " --json ask \"Where does Nobuhiro Watsuky live?\"");
  INFO(typo.output);
  CHECK(Has(typo, "Tokyo"));
}

}  // namespace
}  // namespace factline
