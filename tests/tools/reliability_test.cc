// The CLI on damaged stores, backup, check, plain messages, and the SIGKILL
// harness: ingests killed at random moments never leave a partial batch or
// a store that fails `check`.
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "graph/graph.h"
#include "graph/internal/codec.h"
#include "graph/internal/keys.h"
#include "graph/internal/lmdb_handles.h"
#include "query/query.h"
#include "tests/test_util.h"
#include "tests/tools/cli_runner.h"

namespace factline {
namespace {

namespace fs = std::filesystem;
using testing::CliRun;
using testing::Has;
using testing::RunCli;
using testing::ScratchDir;
using testing::WriteFile;

// A word made of letters only (the gate treats digits as noise in places).
std::string Word(std::size_t n) {
  static const char* kSyll[] = {"ba", "ko", "ri", "tu", "me", "sa", "lo",
                                "ne", "vi", "da", "pe", "zu", "ga", "fo"};
  std::string w;
  do {
    w += kSyll[n % 14];
    n /= 14;
  } while (n > 0);
  return w;
}

std::string Subject(const std::string& run, std::size_t i) {
  return run + " " + Word(i) + "son";
}

// n JSONL atoms with distinct subjects "<run> <word>son".
std::string Atoms(const std::string& run, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) {
    out += nlohmann::json{{"subject", Subject(run, i)},
                          {"relation", "lives in"},
                          {"value", Word(i + 7) + "ville"}}
               .dump() +
           "\n";
  }
  return out;
}

nlohmann::json StatsJson(const std::string& db) {
  CliRun run = RunCli("--db " + db + " --json stats");
  INFO(run.output);
  REQUIRE(run.code == 0);
  const std::string line = run.output.substr(0, run.output.find('\n'));
  return nlohmann::json::parse(line);
}

void RequireCheckOk(const std::string& db) {
  CliRun check = RunCli("--db " + db + " check");
  INFO(check.output);
  REQUIRE(check.code == 0);
  REQUIRE(Has(check, "ok:"));
}

std::string Ingested(const std::string& dir, const std::string& db,
                     std::size_t n) {
  WriteFile(dir + "/seed.jsonl", Atoms("seed", n));
  CliRun run = RunCli("--db " + db + " ingest " + dir + "/seed.jsonl");
  INFO(run.output);
  REQUIRE(run.code == 0);
  return db;
}

// Every command a user might run, each against `db`.
const std::vector<std::string> kCommands = {"stats",
                                            "get someone 'lives in'",
                                            "ask 'where does x live?'",
                                            "search houses",
                                            "entity someone",
                                            "audit",
                                            "check",
                                            "history someone 'lives in'"};

TEST_CASE("Reliability: damaged data.mdb exits 4 for every command",
          "[tools][reliability]") {
  ScratchDir dir;
  const std::string db = Ingested(dir.path(), dir.Sub("db"), 50);
  const std::string data = db + "/data.mdb";
  const auto size = fs::file_size(data);
  WriteFile(dir.Sub("more.txt"), "Ann lives in Athens.\n");
  for (const std::uintmax_t cut : {std::uintmax_t{0}, size / 2}) {
    INFO("data.mdb cut to " << cut << " bytes");
    fs::resize_file(data, cut);
    for (const std::string& cmd : kCommands) {
      CliRun run = RunCli("--db " + db + " " + cmd);
      INFO(cmd << ": " << run.output);
      REQUIRE(run.code == 4);
      REQUIRE(Has(run, "damaged"));
    }
    CliRun ingest = RunCli("--db " + db + " ingest " + dir.Sub("more.txt"));
    INFO(ingest.output);
    REQUIRE(ingest.code == 4);
    CliRun backup = RunCli("--db " + db + " backup " + dir.Sub("copy"));
    REQUIRE(backup.code == 4);
    REQUIRE(fs::file_size(data) == cut);  // never written, never re-created
  }
  fs::remove(data);
  fs::create_directories(data);
  CliRun ask = RunCli("--db " + db + " ask 'where does Ann live?'");
  INFO(ask.output);
  REQUIRE(ask.code == 4);
  REQUIRE(Has(ask, "is a directory"));
}

TEST_CASE("Reliability: plain messages for bad flags and inputs",
          "[tools][reliability]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  WriteFile(dir.Sub("in.txt"), "Ann lives in Athens.\n");
  CliRun batch = RunCli(db + " ingest --batch 0 " + dir.Sub("in.txt"));
  INFO(batch.output);
  REQUIRE(batch.code == 2);
  REQUIRE(Has(batch, "--batch: must be at least 1, not 0"));
  REQUIRE_FALSE(Has(batch, "1.79e308"));

  fs::create_directories(dir.Sub("adir"));
  CliRun as_dir = RunCli(db + " ingest " + dir.Sub("adir"));
  INFO(as_dir.output);
  REQUIRE(as_dir.code == 3);
  REQUIRE(Has(as_dir, "is a directory"));

  REQUIRE(RunCli(db + " ingest " + dir.Sub("in.txt")).code == 0);
  for (const char* empty : {"''", "'   '"}) {
    CliRun search = RunCli(db + " search " + empty);
    INFO(search.output);
    REQUIRE(search.code == 2);
    REQUIRE(Has(search, "empty"));
  }
}

TEST_CASE("Reliability: a bad text line is unparsed, its batch is stored",
          "[tools][reliability]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  // 300 lines in batches of 100; the bad lines sit in the third batch, so
  // a line that failed its batch would lose lines 201..300.
  const std::string kBad[] = {
      "Ann lives in \u2026.",                   // ellipsis only
      "Foo is the \u2014 of Bar.",              // a dash as the relation
      "\u2026 is the author of Bar.",           // ellipsis as the subject
      "Cy lives in \u00a0.",                    // no-break space alone
      "Di lives in \u200b.",                    // zero-width space alone
      std::string("Ed lives in Pa\0ris.", 19),  // NUL inside the value
      "Fa\x07 lives in Rome.",                  // BEL inside the subject
      "Gu lives in T\xff"
      "a.",                                             // invalid UTF-8
      "Ho lives in " + std::string(100000, 'x') + ".",  // oversized
  };
  std::vector<std::size_t> bad_lines;
  std::string text;
  for (std::size_t line = 1, k = 0; line <= 300; ++line) {
    if (line >= 250 && k < std::size(kBad)) {
      text += kBad[k++] + "\n";
      bad_lines.push_back(line);
      continue;
    }
    text += Subject("t", line) + " lives in " + Word(line) + "ville.\n";
  }
  WriteFile(dir.Sub("t.txt"), text);
  CliRun run = RunCli(db + " --json ingest --batch 100 " + dir.Sub("t.txt"));
  INFO(run.output.substr(0, 4000));
  REQUIRE(run.code == 0);
  const nlohmann::json report = nlohmann::json::parse(
      run.output.substr(0, run.output.find('\n')), nullptr, false);
  REQUIRE(report.is_object());
  REQUIRE(report["added"].get<std::size_t>() == 300 - bad_lines.size());
  const nlohmann::json& unparsed = report["unparsed"];
  REQUIRE(unparsed.size() == bad_lines.size());
  const char* kReasons[] = {
      "has no letters or digits",
      "has no letters or digits",
      "has no letters or digits",
      "has no letters or digits",
      "has no letters or digits",
      "control character 0x00 at byte 14",
      "control character 0x07 at byte 2",
      "UTF-8",
      "exceeds the limit",
  };
  for (std::size_t k = 0; k < bad_lines.size(); ++k) {
    INFO(unparsed[k]
             .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
             .substr(0, 300));
    CHECK(unparsed[k]["line"].get<std::size_t>() == bad_lines[k]);
    CHECK(unparsed[k]["reason"].get<std::string>().find(kReasons[k]) !=
          std::string::npos);
  }
  CliRun last = RunCli(db + " get '" + Subject("t", 300) + "' 'lives in'");
  INFO(last.output);
  CHECK(last.code == 0);
  CHECK(Has(last, Word(300) + "ville"));
  // Plain output names the line and the reason, with the text cut short.
  WriteFile(dir.Sub("one.txt"), "Ann lives in Oslo.\n" + kBad[8] + "\n");
  CliRun plain = RunCli(db + " ingest " + dir.Sub("one.txt"));
  INFO(plain.output.substr(0, 2000));
  CHECK(plain.code == 0);
  CHECK(Has(plain, "unparsed line 2: Ho lives in xxx"));
  CHECK(Has(plain, "exceeds the limit"));
  CHECK(plain.output.size() < 1000);
}

TEST_CASE("Reliability: read keys without letters, or not UTF-8, are refused",
          "[tools][reliability]") {
  ScratchDir dir;
  const std::string db = "--db " + Ingested(dir.path(), dir.Sub("db"), 20);
  // popen runs /bin/sh (dash here): printf's octal escapes, not $'...'.
  for (const char* key : {"''", "...", "\"$(printf '\\342\\200\\246')\"",
                          "\"$(printf 'A\\377B')\""}) {
    CliRun timeline = RunCli(db + " timeline " + key);
    INFO(key << ": " << timeline.output);
    CHECK(timeline.code == 3);
    CHECK_FALSE(Has(timeline, "MDB_"));
    CHECK((Has(timeline, "no letters or digits") || Has(timeline, "UTF-8")));
  }
  for (const char* query : {"...", "'!!! ?'", "\"$(printf 'A\\377B')\""}) {
    CliRun search = RunCli(db + " search " + query);
    INFO(query << ": " << search.output);
    CHECK(search.code == 2);
    CHECK((Has(search, "no letters or digits") || Has(search, "UTF-8")));
    CHECK_FALSE(Has(search, "0.000"));
  }
  // A control character typed as a key is echoed escaped, never raw.
  CliRun get = RunCli(db + " get \"$(printf 'Ann\\033[2J')\" 'lives in'");
  INFO(get.output);
  CHECK(get.code == 1);
  CHECK(Has(get, "Ann\\x1b[2J"));
  CHECK_FALSE(Has(get, "\x1b"));
}

TEST_CASE("Reliability: numeric flags refuse what is not a number in range",
          "[tools][reliability]") {
  ScratchDir dir;
  const std::string db = "--db " + Ingested(dir.path(), dir.Sub("db"), 20);
  const std::string in = dir.path() + "/seed.jsonl";
  struct Case {
    std::string args;
    std::string says;
  };
  const Case cases[] = {
      {"ingest --batch abc " + in, "--batch: 'abc' is not a number"},
      {"ingest --batch 1.5 " + in, "--batch: '1.5' is not a whole number"},
      {"ingest --batch -2 " + in, "--batch: '-2' is negative"},
      {"ingest --batch 99999999999999999999 " + in,
       "--batch: '99999999999999999999' is out of range"},
      {"ingest --batch 0 " + in, "--batch: must be at least 1, not 0"},
      {"ingest --confidence 1.5 " + in,
       "--confidence: must be between 0 and 1, not 1.5"},
      {"ingest --confidence nan " + in, "--confidence: 'nan' is not a number"},
      {"ingest --confidence 1e999 " + in,
       "--confidence: '1e999' is out of range"},
      {"ingest --confidence x " + in, "--confidence: 'x' is not a number"},
      {"audit --limit -5", "--limit: '-5' is negative"},
      {"audit --since -3", "--since: '-3' is negative"},
      {"audit --atom 0x10", "--atom: '0x10' is not a number"},
      {"search houses -k 0", "-k: must be between 1 and 1000, not 0"},
      {"search houses -k many", "-k: 'many' is not a number"},
  };
  for (const Case& c : cases) {
    CliRun run = RunCli(db + " " + c.args);
    INFO(c.args << ": " << run.output);
    CHECK(run.code == 2);
    CHECK(Has(run, c.says));
  }
  // Leading zeros are decimal, not octal: 010 records from seq 1 is ten.
  CliRun audit = RunCli(db + " --json audit --limit 010");
  INFO(audit.output);
  REQUIRE(audit.code == 0);
  CHECK(std::count(audit.output.begin(), audit.output.end(), '\n') == 10);
}

TEST_CASE("Reliability: a directory where a file is expected is named",
          "[tools][reliability]") {
  ScratchDir dir;
  const std::string adir = dir.Sub("adir");
  fs::create_directories(adir);
  const std::string db = "--db " + Ingested(dir.path(), dir.Sub("db"), 3);
  for (const std::string& args :
       {"ingest-chat " + adir, "--lexicon " + adir + " stats",
        "--gate-config " + adir + " stats", "gate check " + adir,
        "ingest " + adir}) {
    CliRun run = RunCli(db + " " + args);
    INFO(args << ": " << run.output);
    CHECK(run.code == 3);
    CHECK(Has(run, adir + " is a directory, not a file"));
  }
}

TEST_CASE("Reliability: backup is a store with the same content",
          "[tools][reliability]") {
  ScratchDir dir;
  const std::string db = Ingested(dir.path(), dir.Sub("db"), 300);
  WriteFile(db + "/gate.json", "{}");
  // A second writer runs while the backup is taken.
  WriteFile(dir.Sub("busy.jsonl"), Atoms("busy", 2000));
  const std::string busy_cmd = std::string(FACTLINE_CLI) + " --db " + db +
                               " ingest --batch 50 " + dir.Sub("busy.jsonl") +
                               " > /dev/null 2>&1";
  FILE* busy = popen(busy_cmd.c_str(), "r");
  REQUIRE(busy != nullptr);
  CliRun backup = RunCli("--db " + db + " backup " + dir.Sub("copy"));
  CliRun compact =
      RunCli("--db " + db + " backup --compact " + dir.Sub("small"));
  REQUIRE(pclose(busy) == 0);
  INFO(backup.output << compact.output);
  REQUIRE(backup.code == 0);
  REQUIRE(compact.code == 0);
  REQUIRE(fs::exists(dir.Sub("copy/gate.json")));
  for (const char* name : {"copy", "small"}) {
    const std::string copy = dir.Sub(name);
    RequireCheckOk(copy);
    const nlohmann::json st = StatsJson(copy);
    REQUIRE(st["atoms"].get<int>() >= 300);
    // Whole batches of the busy writer only.
    REQUIRE((st["atoms"].get<int>() - 300) % 50 == 0);
    CliRun get = RunCli("--db " + copy + " get '" + Subject("seed", 42) +
                        "' 'lives in'");
    INFO(get.output);
    REQUIRE(get.code == 0);
    REQUIRE(Has(get, Word(49) + "ville"));
  }
  // Restored after the writer finished: identical counts.
  REQUIRE(RunCli("--db " + db + " backup " + dir.Sub("after")).code == 0);
  nlohmann::json a = StatsJson(db), b = StatsJson(dir.Sub("after"));
  for (const char* key :
       {"atoms", "entities", "relations", "current_atoms", "audit_records"}) {
    INFO(key);
    REQUIRE(a[key] == b[key]);
  }
  CliRun again = RunCli("--db " + db + " backup " + dir.Sub("copy"));
  INFO(again.output);
  REQUIRE(again.code == 3);
  REQUIRE(Has(again, "already holds a store"));
}

TEST_CASE("Reliability: check names the first violation",
          "[tools][reliability]") {
  ScratchDir dir;
  const std::string db = dir.Sub("db");
  {
    graph::StoreOptions o;
    o.initial_map_bytes = 1 << 20;
    auto store = graph::Store::Open(db, o);
    REQUIRE(store.ok());
    // An atom listed as current in a slot it does not belong to: the API
    // leaves slot membership to its caller, so a buggy caller can do this.
    REQUIRE((*store)
                ->Update([](graph::Writer& w) -> Status {
                  Atom a, b;
                  a.subject = "Ann";
                  a.relation = "lives in";
                  a.value = "Athens";
                  b.subject = "Bo";
                  b.relation = "lives in";
                  b.value = "Berlin";
                  FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&a));
                  FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&b));
                  return w.SetCurrent(a.subject_id, a.relation_id, {b.id});
                })
                .ok());
  }
  CliRun check = RunCli("--db " + db + " check");
  INFO(check.output);
  REQUIRE(check.code == 1);
  REQUIRE(Has(check, "violation: current atom #2 of entity #1"));
  REQUIRE(Has(check, "does not belong"));
}

// A store written through the graph's own Writer (the lowest-level write
// API, below the resolver that keeps the invariants) with `write`; returns
// what `factline check` says about it.
CliRun CheckAfter(const ScratchDir& dir, const std::string& name,
                  const std::function<Status(graph::Writer&)>& write) {
  const std::string db = dir.Sub(name);
  {
    graph::StoreOptions o;
    o.initial_map_bytes = 1 << 20;
    auto store = graph::Store::Open(db, o);
    REQUIRE(store.ok());
    Status s = (*store)->Update(write);
    INFO(s.ToString());
    REQUIRE(s.ok());
  }
  return RunCli("--db " + db + " check");
}

Atom Fact(const std::string& subject, const std::string& value) {
  Atom a;
  a.subject = subject;
  a.relation = "lives in";
  a.value = value;
  return a;
}

TEST_CASE("Reliability: check finds two current values in a one-valued slot",
          "[tools][reliability]") {
  ScratchDir dir;
  for (const Cardinality card : {Cardinality::kOne, Cardinality::kMany}) {
    const bool one = card == Cardinality::kOne;
    INFO((one ? "one-valued" : "many-valued"));
    CliRun check = CheckAfter(dir, one ? "one" : "many", [&](graph::Writer& w) {
      FACTLINE_RETURN_IF_ERROR(w.InternRelation("lives in", card).status());
      Atom a = Fact("Ann", "Athens"), b = Fact("Ann", "Berlin");
      FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&a));
      FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&b));
      return w.SetCurrent(a.subject_id, a.relation_id, {a.id, b.id});
    });
    INFO(check.output);
    if (one) {
      REQUIRE(check.code == 1);
      REQUIRE(Has(check,
                  "violation: slot (entity #1, relation #1) of one-valued "
                  "relation 'lives in' has 2 current atoms (#1, #2)"));
    } else {
      REQUIRE(check.code == 0);  // the store's recorded cardinality rules
    }
  }
}

TEST_CASE("Reliability: check finds an interval that ends before it starts",
          "[tools][reliability]") {
  ScratchDir dir;
  for (const Timestamp end : {Timestamp{999'999}, Timestamp{1'000'000}}) {
    const bool bad = end < 1'000'000;
    INFO("valid_to " << end);
    CliRun check =
        CheckAfter(dir, bad ? "bad" : "empty", [&](graph::Writer& w) {
          Atom a = Fact("Ann", "Athens"), b = Fact("Bo", "Berlin");
          b.valid_from = 1'000'000;
          b.valid_to = end;
          FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&a));
          FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&b));
          return w.SetCurrent(a.subject_id, a.relation_id, {a.id});
        });
    INFO(check.output);
    if (bad) {
      REQUIRE(check.code == 1);
      REQUIRE(Has(check, "violation: atom #2 has valid_to "));
      REQUIRE(Has(check, " before its valid_from "));
    } else {
      REQUIRE(check.code == 0);  // empty, [t, t), is allowed
    }
  }
}

TEST_CASE("Reliability: check finds supersession links that disagree",
          "[tools][reliability]") {
  ScratchDir dir;
  // back: what atom #1 says superseded it, when atom #2 says it
  // superseded atom #1. Only #2 is a sound answer.
  for (const AtomId back : {AtomId{2}, kNoAtom, AtomId{3}}) {
    INFO("atom #1 superseded_by " << back);
    CliRun check =
        CheckAfter(dir, "db" + std::to_string(back), [&](graph::Writer& w) {
          Atom a = Fact("Ann", "Athens"), b = Fact("Ann", "Berlin"),
               c = Fact("Ann", "Cairo");
          FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&a));
          FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&b));
          FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&c));
          b.supersedes = a.id;
          FACTLINE_RETURN_IF_ERROR(w.UpdateAtom(b));
          a.superseded_by = back;
          FACTLINE_RETURN_IF_ERROR(w.UpdateAtom(a));
          return w.SetCurrent(a.subject_id, a.relation_id, {b.id});
        });
    INFO(check.output);
    if (back == 2) {
      REQUIRE(check.code == 0);
    } else {
      REQUIRE(check.code == 1);
      REQUIRE(Has(check, "violation: atom #2 supersedes atom #1, but atom #1 " +
                             std::string(back == kNoAtom
                                             ? "is not superseded"
                                             : "is superseded by atom #3")));
    }
  }
}

TEST_CASE("Reliability: check finds a side-index ahead of the graph",
          "[tools][reliability]") {
  ScratchDir dir;
  const std::string db = Ingested(dir.path(), dir.Sub("db"), 20);
  REQUIRE(RunCli("--db " + db + " backup " + dir.Sub("old")).code == 0);
  WriteFile(dir.Sub("more.jsonl"), Atoms("more", 20));
  REQUIRE(RunCli("--db " + db + " ingest " + dir.Sub("more.jsonl")).code == 0);
  REQUIRE(RunCli("--db " + db + " search " + Word(3) + "son").code == 0);
  RequireCheckOk(db);
  // The old copy with the newer index beside it (a careless restore).
  fs::copy(db + "/index", dir.Sub("old/index"));
  CliRun check = RunCli("--db " + dir.Sub("old") + " check");
  INFO(check.output);
  REQUIRE(check.code == 1);
  REQUIRE(Has(check, "ahead of the graph"));
}

TEST_CASE("Reliability: library arguments are checked with plain messages",
          "[tools][reliability]") {
  ScratchDir dir;
  {  // A GateConfig built in code gets the JSON file's checks.
    MemoryOptions bad;
    bad.gate_config.confidence.auto_approve = 0.3;
    bad.gate_config.confidence.reject_below = 0.6;
    auto memory = Memory::Open(dir.Sub("db"), std::move(bad));
    INFO(memory.status().ToString());
    REQUIRE(memory.status().code() == StatusCode::kInvalidArgument);
    REQUIRE(memory.status().message().find("reject_below") !=
            std::string::npos);
    MemoryOptions out_of_range;
    out_of_range.gate_config.confidence.auto_approve = 1.5;
    REQUIRE(
        Memory::Open(dir.Sub("db"), std::move(out_of_range)).status().code() ==
        StatusCode::kInvalidArgument);
  }
  auto memory = Memory::Open(dir.Sub("db"), MemoryOptions());
  REQUIRE(memory.ok());
  REQUIRE((*memory)->Remember("Ann lives in Athens.", Provenance()).ok());
  const std::pair<std::string, std::string> keys[] = {{"", ""},
                                                      {"", "lives in"},
                                                      {"Ann", ""},
                                                      {"!!!", "lives in"},
                                                      {"An\xff", "lives in"},
                                                      {"Ann", "lives \xc3"}};
  for (const auto& [subject, relation] : keys) {
    INFO("(" << subject << ", " << relation << ")");
    Result<std::vector<FactView>> got = (*memory)->Current(subject, relation);
    INFO(got.status().ToString());
    REQUIRE(got.status().code() == StatusCode::kInvalidArgument);
    REQUIRE(got.status().message().find("mdb_") == std::string::npos);
  }
  for (const char* subject : {"", "...", "\xfe"}) {
    REQUIRE((*memory)->Entity(subject).status().code() ==
            StatusCode::kInvalidArgument);
  }
  REQUIRE((*memory)->Current("Ann", "lives in")->size() == 1);
  AskOptions zero;
  zero.max_hops = 0;
  auto answer = (*memory)->Ask("Where does Ann live?", zero);
  REQUIRE(answer.status().code() == StatusCode::kInvalidArgument);
  REQUIRE(answer.status().message().find("max_hops") != std::string::npos);
}

// Starts `factline ARGS...` and returns its pid.
pid_t Spawn(const std::vector<std::string>& args) {
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 1);
    ::dup2(null, 2);
    std::vector<char*> argv;
    std::string cli = FACTLINE_CLI;
    argv.push_back(cli.data());
    std::vector<std::string> copy = args;
    for (std::string& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(cli.c_str(), argv.data());
    ::_exit(127);
  }
  return pid;
}

// The stored subjects of `run` must be lines [0, m) with m a whole number of
// batches (or every line): a batch is all there or not at all.
std::size_t StoredPrefix(const std::string& db, const std::string& run,
                         std::size_t lines, std::size_t batch) {
  graph::StoreOptions ro;
  ro.read_only = true;
  auto store = graph::Store::Open(db, ro);
  INFO(store.status().ToString());
  REQUIRE(store.ok());
  std::vector<bool> present(lines, false);
  REQUIRE((*store)
              ->Read([&](const graph::Reader& r) -> Status {
                for (std::size_t i = 0; i < lines; ++i) {
                  Result<graph::Entity> e = r.FindEntity(Subject(run, i));
                  if (!e.ok() && !e.status().IsNotFound()) return e.status();
                  present[i] = e.ok();
                }
                return Status::Ok();
              })
              .ok());
  std::size_t m = 0;
  while (m < lines && present[m]) ++m;
  for (std::size_t i = m; i < lines; ++i) {
    INFO(run << ": line " << i << " stored after a gap at " << m);
    REQUIRE_FALSE(present[i]);
  }
  INFO(run << ": " << m << " lines stored");
  REQUIRE((m % batch == 0 || m == lines));
  return m;
}

TEST_CASE("Reliability: SIGKILL during ingest never leaves a partial batch",
          "[tools][reliability]") {
  ScratchDir dir;
  const std::size_t kLines = 1200, kBatch = 100;
  int kills = 20;
  if (const char* more = std::getenv("FACTLINE_KILLS")) {
    kills = std::max(kills, std::atoi(more));
  }
  // Run 0, not killed: every line is stored, and its length bounds the
  // random kill delays.
  const std::string db = dir.Sub("db");
  WriteFile(dir.Sub("r0.jsonl"), Atoms("r0", kLines));
  const auto start = std::chrono::steady_clock::now();
  CliRun first =
      RunCli("--db " + db + " ingest --batch 100 " + dir.Sub("r0.jsonl"));
  const auto full = std::chrono::steady_clock::now() - start;
  INFO(first.output);
  REQUIRE(first.code == 0);
  REQUIRE(StoredPrefix(db, "r0", kLines, kBatch) == kLines);
  const auto max_delay_us = std::max<long long>(
      1000,
      std::chrono::duration_cast<std::chrono::microseconds>(full).count());

  std::mt19937 rng(20261201);
  int partial_runs = 0;
  for (int k = 1; k <= kills; ++k) {
    // Every fifth kill hits a store that is being created.
    const bool fresh = k % 5 == 0;
    const std::string target =
        fresh ? dir.Sub("fresh" + std::to_string(k)) : db;
    const std::string run = "r" + Word(static_cast<std::size_t>(k));
    const std::string file = dir.Sub(run + ".jsonl");
    WriteFile(file, Atoms(run, kLines));
    const pid_t pid = Spawn({"--db", target, "ingest", "--batch", "100", file});
    std::this_thread::sleep_for(std::chrono::microseconds(
        std::uniform_int_distribution<long long>(0, max_delay_us)(rng)));
    ::kill(pid, SIGKILL);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    INFO("kill " << k << " of " << run << " into " << target);
    if (fresh && !fs::exists(target + "/data.mdb")) {
      // Killed before the store existed: absent, and reported as such.
      CliRun stats = RunCli("--db " + target + " stats");
      REQUIRE(stats.code == 4);
      REQUIRE(Has(stats, "no store"));
      continue;
    }
    RequireCheckOk(target);
    const std::size_t m = StoredPrefix(target, run, kLines, kBatch);
    partial_runs += m > 0 && m < kLines;
  }
  // Earlier runs are untouched by later kills.
  REQUIRE(StoredPrefix(db, "r0", kLines, kBatch) == kLines);
  WARN(kills << " kills, " << partial_runs << " in the middle of an ingest");
}

// The seed atoms of Ingested() are all there: `get` finds each subject's
// value and check passes.
void RequireSeedIntact(const std::string& db, std::size_t n) {
  RequireCheckOk(db);
  for (std::size_t i = 0; i < n; i += 7) {
    CliRun get =
        RunCli("--db " + db + " get '" + Subject("seed", i) + "' 'lives in'");
    INFO(get.output);
    REQUIRE(get.code == 0);
    REQUIRE(Has(get, Word(i + 7) + "ville"));
  }
}

TEST_CASE("Reliability: a damaged record is named by check, exit 4 elsewhere",
          "[tools][reliability]") {
  ScratchDir dir;
  const std::string db = Ingested(dir.path(), dir.Sub("db"), 30);
  {  // One flipped bit inside atom 5's value text: bit rot LMDB cannot see.
    graph::internal::EnvOptions eo;
    eo.map_bytes = 64 << 20;
    eo.max_dbs = 16;
    auto env = graph::internal::Env::Open(db, eo);
    REQUIRE(env.ok());
    bool resized = false;
    auto txn = graph::internal::WriteTxn::Begin(*env, &resized);
    REQUIRE(txn.ok());
    auto atoms = txn->OpenDbi("atoms", false, false, false);
    REQUIRE(atoms.ok());
    const auto key = graph::internal::IdKey1(5);
    std::string_view v;
    REQUIRE(txn->Get(*atoms, key.view(), &v).ok());
    std::string damaged(v);
    damaged[damaged.size() - graph::internal::kSealSize - 3] ^= 0x02;
    REQUIRE(txn->Put(*atoms, key.view(), damaged,
                     graph::internal::PutMode::kOverwrite)
                .ok());
    REQUIRE(txn->Commit().ok());
  }
  CliRun check = RunCli("--db " + db + " check");
  INFO(check.output);
  REQUIRE(check.code == 1);
  REQUIRE(Has(check, "atom 5 (table atoms, key 5)"));
  REQUIRE(Has(check, "checksum mismatch"));
  // Readers that meet the record report corruption, never its bytes.
  CliRun history =
      RunCli("--db " + db + " history '" + Subject("seed", 4) + "' 'lives in'");
  INFO(history.output);
  REQUIRE(history.code == 4);
  REQUIRE(Has(history, "checksum mismatch"));
}

TEST_CASE(
    "Reliability: a full disk (small tmpfs) fails plainly and loses "
    "nothing",
    "[tools][reliability]") {
  ScratchDir dir;
  const std::string mnt = dir.Sub("mnt");
  fs::create_directories(mnt);
  const std::size_t kSeed = 40;
  WriteFile(dir.Sub("seed.jsonl"), Atoms("seed", kSeed));
  WriteFile(dir.Sub("big.jsonl"), Atoms("big", 20000));
  // Everything runs inside one private mount namespace (the tmpfs is gone
  // when it ends); the store is copied out for the checks.
  const std::string cli = FACTLINE_CLI;
  const std::string db = mnt + "/db";
  const std::string script =
      "mount -t tmpfs -o size=1m tmpfs " + mnt +
      " || { echo NO-MOUNT; exit 0; }; " + cli + " --db " + db + " ingest " +
      dir.Sub("seed.jsonl") + " >/dev/null || exit 9; " + cli + " --db " + db +
      " ingest --batch 20000 " + dir.Sub("big.jsonl") +
      "; echo \"BIG-RC=$?\"; cp -r " + db + " " + dir.Sub("copy");
  const std::string quoted = "'" + script + "'";
  CliRun run =
      RunCli("--help >/dev/null 2>&1; exec unshare -m sh -c " + quoted);
  INFO(run.output);
  if (Has(run, "NO-MOUNT") || Has(run, "unshare: ")) {
    WARN("skipped: cannot mount a tmpfs here (needs root and mount rights)");
    return;
  }
  REQUIRE(run.code == 0);
  REQUIRE(Has(run, "BIG-RC=4"));
  REQUIRE(Has(run, "disk full"));
  REQUIRE_FALSE(Has(run, "Input/output error\n"));
  RequireSeedIntact(dir.Sub("copy"), kSeed);
}

TEST_CASE(
    "Reliability: a store the user may not read is a plain "
    "permission error and stays intact",
    "[tools][reliability]") {
  if (::geteuid() != 0) {
    WARN("skipped: needs root to run the CLI as another user");
    return;
  }
  ScratchDir dir;
  ::chmod(dir.path().c_str(), 0755);
  const std::size_t kSeed = 20;
  const std::string db = Ingested(dir.path(), dir.Sub("db"), kSeed);
  ::chmod(db.c_str(), 0700);  // root's, closed to others
  WriteFile(dir.Sub("more.jsonl"), Atoms("more", 5));
  ::chmod(dir.Sub("more.jsonl").c_str(), 0644);
  const std::string as_nobody =
      "--help >/dev/null 2>&1; exec setpriv --reuid=65534 --regid=65534 "
      "--clear-groups " +
      std::string(FACTLINE_CLI);
  CliRun probe = RunCli(as_nobody + " --help");
  if (probe.code != 0) {
    INFO(probe.output);
    WARN("skipped: cannot run the CLI as nobody (setpriv)");
    return;
  }
  const std::vector<std::string> commands = {"stats", "get someone 'lives in'",
                                             "ingest " + dir.Sub("more.jsonl")};
  for (const std::string& cmd : commands) {
    CliRun run = RunCli(as_nobody + " --db " + db + " " + cmd);
    INFO(cmd << ": " << run.output);
    REQUIRE(run.code == 4);
    REQUIRE(Has(run, "permission denied"));
  }
  RequireSeedIntact(db, kSeed);
  REQUIRE(StatsJson(db)["atoms"].get<std::uint64_t>() == kSeed);
}

}  // namespace
}  // namespace factline
