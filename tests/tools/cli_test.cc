// The factline CLI end to end: exit codes and messages for bad input.
#include <sys/wait.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>

#include "tests/test_util.h"

namespace factline {
namespace {

using testing::ScratchDir;

struct Run {
  int code;
  std::string output;  // stdout and stderr together
};

Run Cli(const std::string& args, const std::string& stdin_file = "") {
  std::string cmd = std::string(FACTLINE_CLI) + " " + args;
  if (!stdin_file.empty()) cmd += " < " + stdin_file;
  cmd += " 2>&1";
  Run run{-1, ""};
  FILE* pipe = popen(cmd.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::array<char, 4096> buf;
  std::size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) {
    run.output.append(buf.data(), n);
  }
  int status = pclose(pipe);
  run.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

void Write(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
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

TEST_CASE("CLI: a malformed JSONL line is named and earlier batches stay",
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
  Run get = Cli(db + " get Ann 'lives in'");
  CHECK(get.code == 0);
  CHECK(get.output.find("Athens") != std::string::npos);  // batch 1 kept
  CHECK(get.output.find("Berlin") == std::string::npos);  // batch 2 dropped
}

TEST_CASE("CLI: empty input, invalid UTF-8 and unknown flags fail clearly",
          "[tools]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  Write(dir.Sub("empty.txt"), "\n  \n");
  Run empty = Cli(db + " ingest " + dir.Sub("empty.txt"));
  CHECK(empty.code == 3);
  CHECK(empty.output.find("empty input") != std::string::npos);

  Write(dir.Sub("bad.txt"),
        "Ann lives in Athens.\nBo likes t\xFF"
        "a.\n");
  Run bad = Cli(db + " ingest " + dir.Sub("bad.txt"));
  CHECK(bad.code == 3);
  CHECK(bad.output.find("bad.txt:2") != std::string::npos);
  CHECK(bad.output.find("UTF-8") != std::string::npos);

  Run flag = Cli(db + " get --no-such-flag a b");
  CHECK(flag.code == 2);
  Run none = Cli("");
  CHECK(none.code == 2);
}

TEST_CASE("CLI: stdin ingest and a store that is not a store", "[tools]") {
  ScratchDir dir;
  Write(dir.Sub("in.txt"), "Ann lives in Athens.\n");
  Run piped = Cli("--db " + dir.Sub("db") + " ingest -", dir.Sub("in.txt"));
  CHECK(piped.code == 0);
  Write(dir.Sub("plainfile"), "not a directory");
  Run bad = Cli("--db " + dir.Sub("plainfile") + " stats");
  CHECK(bad.code == 4);
  CHECK(bad.output.find("plainfile") != std::string::npos);
  Run missing = Cli("--db " + dir.Sub("nothing-here") + " stats");
  CHECK(missing.code == 4);
}

}  // namespace
}  // namespace factline
