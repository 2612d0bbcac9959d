// Every page of a small multi-page store damaged in turn (zeroed, or 16
// bytes garbled where its nodes start), each time in a fresh copy, and the
// commands a user runs tried on it. Without the page walk (--verify-reads
// never) LMDB meets the damage itself: stats, get, search and ask answer
// or exit 4 saying the store is damaged, never die by a signal or abort.
// With it (the default for a small store, and always for check and
// writers) damage to a page in use is exit 4 naming the page, and damage
// to a free page changes nothing. Ingest never changes a damaged store's
// bytes. About 20 pages, 7 commands each, twice: a minute on 2 cores.
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "graph/internal/page_check.h"
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

constexpr std::size_t kPage = 4096;

// Where 16 garbled bytes hit what the page holds: a tree page's node area
// starts at its `upper` bound (the header of the node stored last); a
// LEAF2 page's keys and other pages' content follow the 16-byte header,
// and the meta pages' magic and version sit right after it too. Garbling
// from byte 8 on hits a LEAF2 page's flags and bounds as well.
std::size_t GarbleAt(const std::string& file, std::uint64_t page) {
  const std::size_t at = page * kPage;
  std::uint16_t flags, upper;
  std::memcpy(&flags, file.data() + at + 10, 2);
  std::memcpy(&upper, file.data() + at + 14, 2);
  const bool tree_page = flags == 0x01 || flags == 0x02;
  if (page >= 2 && tree_page && upper >= 16 &&
      upper + std::size_t{16} <= kPage) {
    return at + upper;
  }
  return at + 8;
}

TEST_CASE("Damage sweep: each page zeroed or garbled, every command",
          "[tools][reliability]") {
  ScratchDir dir;
  const std::string db = dir.Sub("db");
  std::string facts;
  for (int i = 0; i < 24; ++i) {
    facts += "Person" + std::to_string(i) +
             (i % 2 == 0 ? " works for Org" + std::to_string(i % 13)
                         : " lives in Place" + std::to_string(i % 11)) +
             ".\n";
  }
  WriteFile(dir.Sub("facts.txt"), facts);
  WriteFile(dir.Sub("more.txt"), "Zed lives in Paris.\n");
  {
    CliRun ingest = RunCli("--db " + db + " ingest " + dir.Sub("facts.txt"));
    INFO(ingest.output);
    REQUIRE(ingest.code == 0);
    // The side-index is built once here, not in every copy.
    REQUIRE(RunCli("--db " + db + " search Person12").code == 0);
  }
  std::vector<std::uint64_t> used;
  REQUIRE(graph::internal::CheckDataPages(db, &used).ok());
  const std::string sound = testing::ReadFile(db + "/data.mdb");
  const std::uint64_t pages = sound.size() / kPage;
  REQUIRE(pages > 15);

  // Reads run with --verify-reads never: LMDB meets the damage itself.
  // (search opens the store for writing, to save a rebuilt side-index, so
  // it walks the pages anyway.)
  const std::vector<std::string> reads = {"stats", "get Person10 employer",
                                          "search Person12",
                                          "ask 'Where does Person11 live?'"};
  for (const std::string& cmd : reads) {
    REQUIRE(RunCli("--db " + db + " " + cmd).code == 0);
  }
  std::mt19937 rng(20261203);
  int refused = 0, answered = 0;
  for (std::uint64_t page = 0; page < pages; ++page) {
    const bool in_use = std::binary_search(used.begin(), used.end(), page);
    for (const bool zero : {true, false}) {
      INFO("page " << page << (zero ? " zeroed" : " garbled")
                   << (in_use ? " (in use)" : " (free)"));
      const std::string copy = dir.Sub("copy");
      fs::remove_all(copy);
      fs::copy(db, copy, fs::copy_options::recursive);
      std::string damaged = sound;
      if (zero) {
        std::memset(damaged.data() + page * kPage, 0, kPage);
      } else {
        const std::size_t at = GarbleAt(sound, page);
        for (std::size_t i = 0; i < 16; ++i) {
          damaged[at + i] = static_cast<char>(rng() & 0xff);
        }
      }
      WriteFile(copy + "/data.mdb", damaged);
      for (const std::string& cmd : reads) {
        CliRun run = RunCli("--verify-reads never --db " + copy + " " + cmd);
        INFO(cmd << " -> " << run.code << ": " << run.output);
        // Killed by a signal (abort included): -1 from pclose, or the
        // shell's 128 + signal.
        REQUIRE(run.code >= 0);
        REQUIRE(run.code < 128);
        if (run.code == 0) {
          ++answered;
        } else {
          REQUIRE(run.code == 4);
          REQUIRE(Has(run, "damaged"));
          ++refused;
        }
      }
      // By default a read of a small store, check, and every writer walk
      // the pages first: damage to a page in use is refused up front, and
      // a free page is never read. A refused ingest leaves every byte.
      const std::string ingest = "ingest " + dir.Sub("more.txt");
      for (const std::string& cmd : {std::string("get Person10 employer"),
                                     std::string("check"), ingest}) {
        CliRun run = RunCli("--db " + copy + " " + cmd);
        INFO(cmd << " (walked) -> " << run.code << ": " << run.output);
        if (in_use) {
          REQUIRE(run.code == 4);
          REQUIRE(Has(run, "is damaged: "));
          // A zeroed page is named; garbled links may be reported at the
          // page they lead to.
          REQUIRE(Has(run, zero ? "page " + std::to_string(page) + " "
                                : std::string(" page ")));
          REQUIRE(testing::ReadFile(copy + "/data.mdb") == damaged);
        } else {
          REQUIRE(run.code == 0);
        }
      }
    }
  }
  WARN(pages << " pages (" << used.size() << " in use); unverified reads: "
             << refused << " exit 4, " << answered << " answered");
}

}  // namespace
}  // namespace factline
