// The factline CLI end to end: exit codes and messages for bad input.

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

TEST_CASE("CLI: ingest text, then get, history and as-of", "[tools]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  Write(dir.Sub("facts.txt"),
        "1. goaltender is associated with the sport of ice hockey.\n"
        "2. goaltender is associated with the sport of pes\xC3\xA4pallo.\n"
        "3. this line is not a fact\n");
  Run ingest = Cli(db + " ingest --serial-time " + dir.Sub("facts.txt"));
  CHECK(ingest.code == 0);
  CHECK(ingest.output.find("1 superseded") != std::string::npos);
  CHECK(ingest.output.find("unparsed line 3") != std::string::npos);

  Run get = Cli(db + " get goaltender sport");
  CHECK(get.code == 0);
  CHECK(get.output.find("pes\xC3\xA4pallo") != std::string::npos);
  Run history = Cli(db + " --json history goaltender sport");
  CHECK(history.code == 0);
  CHECK(history.output.find("ice hockey") < history.output.find("pes"));
  Run then = Cli(db + " as-of goaltender sport 1");
  CHECK(then.code == 0);
  CHECK(then.output.find("ice hockey") != std::string::npos);
  Run missing = Cli(db + " get goaltender birthplace");
  CHECK(missing.code == 1);
}

TEST_CASE("CLI: a malformed JSONL line is named and nothing of the file lands",
          "[tools]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  Write(dir.Sub("atoms.jsonl"),
        R"({"subject":"Ann","relation":"lives in","value":"Athens"})"
        "\n"
        R"({"subject":"Bo","relation":"likes","value":"tea"})"
        "\n"
        R"({"subject":"Ann","relation":"lives in","value":"Berlin"})"
        "\n"
        R"({"subject":"Cy", "relation": )"
        "\n");
  Run run = Cli(db + " ingest --batch 2 " + dir.Sub("atoms.jsonl"));
  CHECK(run.code == 3);
  CHECK(run.output.find("atoms.jsonl:4") != std::string::npos);
  CHECK(run.output.find("malformed JSON") != std::string::npos);
  CHECK(run.output.find("nothing was stored") != std::string::npos);
  // The whole file is checked before anything is written.
  Write(dir.Sub("first.jsonl"),
        R"({"subject":"Ann","relation":"lives in","value":"Oslo"})"
        "\n");
  REQUIRE(Cli(db + " ingest " + dir.Sub("first.jsonl")).code == 0);
  run = Cli(db + " ingest --batch 2 " + dir.Sub("atoms.jsonl"));
  CHECK(run.code == 3);
  Run get = Cli(db + " get Ann 'lives in'");
  CHECK(get.code == 0);
  CHECK(get.output.find("Oslo") != std::string::npos);  // earlier ingest kept
  CHECK(get.output.find("Athens") == std::string::npos);
  CHECK(Cli(db + " get Bo likes").code == 1);
}

TEST_CASE("CLI: empty input, invalid UTF-8 and unknown flags fail clearly",
          "[tools]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  Write(dir.Sub("empty.txt"), "\n  \n");
  Run empty = Cli(db + " ingest " + dir.Sub("empty.txt"));
  CHECK(empty.code == 3);
  CHECK(empty.output.find("empty input") != std::string::npos);

  // A line of invalid UTF-8 is unparsed with the reason; the others land.
  Write(dir.Sub("bad.txt"),
        "Ann lives in Athens.\nBo likes t\xFF"
        "a.\n");
  Run bad = Cli(db + " ingest " + dir.Sub("bad.txt"));
  CHECK(bad.code == 0);
  CHECK(bad.output.find("unparsed line 2") != std::string::npos);
  CHECK(bad.output.find("UTF-8") != std::string::npos);
  CHECK(Cli(db + " get Ann 'lives in'").output.find("Athens") !=
        std::string::npos);

  Run flag = Cli(db + " get --no-such-flag a b");
  CHECK(flag.code == 2);
  Run none = Cli("");
  CHECK(none.code == 2);
}

TEST_CASE("CLI: 'no longer' ends the value and ingest counts it", "[tools]") {
  ScratchDir dir;
  Write(dir.Sub("a.txt"), "Bea Lund works at Norrsken Labs.\n");
  Write(dir.Sub("b.txt"), "Bea Lund no longer works at Norrsken Labs.\n");
  REQUIRE(Cli("--db " + dir.Sub("db") + " ingest " + dir.Sub("a.txt")).code ==
          0);
  Run ended = Cli("--db " + dir.Sub("db") + " ingest " + dir.Sub("b.txt"));
  CHECK(ended.code == 0);
  CHECK(ended.output.find("1 ended") != std::string::npos);
  // Nothing is current any more; the value stays in history.
  Run now = Cli("--db " + dir.Sub("db") + " get \"Bea Lund\" P108");
  CHECK(now.output.find("Norrsken Labs") == std::string::npos);
  // ... and get says the slot holds an ended value, not "nothing stored".
  CHECK(now.code == 1);
  CHECK(now.output.find("no current value for (Bea Lund, P108); 1 value "
                        "that ended") != std::string::npos);
  CHECK(Cli("--db " + dir.Sub("db") + " get \"Bea Lund\" P19")
            .output.find("nothing stored for (Bea Lund, P19)") !=
        std::string::npos);
  Run history = Cli("--db " + dir.Sub("db") + " history \"Bea Lund\" P108");
  CHECK(history.code == 0);
  CHECK(history.output.find("Norrsken Labs") != std::string::npos);
}

TEST_CASE("CLI: stdin ingest and a store that is not a store", "[tools]") {
  ScratchDir dir;
  Write(dir.Sub("in.txt"), "Ann lives in Athens.\n");
  Run piped = Cli("--db " + dir.Sub("db") + " ingest -", dir.Sub("in.txt"));
  CHECK(piped.code == 0);
  // The line read from stdin is stored, not just accepted.
  Run stored = Cli("--db " + dir.Sub("db") + " get Ann lives_in");
  CHECK(stored.code == 0);
  CHECK(stored.output.find("Athens") != std::string::npos);
  Write(dir.Sub("plainfile"), "not a directory");
  Run bad = Cli("--db " + dir.Sub("plainfile") + " stats");
  CHECK(bad.code == 4);
  CHECK(bad.output.find("plainfile") != std::string::npos);
  Run missing = Cli("--db " + dir.Sub("nothing-here") + " stats");
  CHECK(missing.code == 4);
}

}  // namespace
}  // namespace factline
