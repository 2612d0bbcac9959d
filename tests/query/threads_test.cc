// The thread and process contracts of query/query.h, exercised: 8 reader
// threads with one writer thread on one Memory, and two processes with a
// Memory each on one store directory, both writing while one reads.
//
// Catch2's assertions are not thread-safe, so worker threads and the child
// process only record failures; the main thread asserts on them.
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "query/query.h"
#include "tests/test_util.h"

namespace factline {
namespace {

// The n of "season n", or -1 for no value or another value.
int Season(const Result<std::vector<FactView>>& facts) {
  if (!facts.ok() || facts->empty()) return -1;
  const std::string& value = facts->front().atom.value;
  if (value.rfind("season ", 0) != 0) return -1;
  return std::atoi(value.c_str() + 7);
}

std::string SeasonLine(const std::string& subject, int n) {
  return subject + " is associated with the sport of season " +
         std::to_string(n) + ".";
}

// Failures seen by threads, asserted by the main thread.
class Failures {
 public:
  void Add(std::string what) {
    std::lock_guard lock(mu_);
    list_.push_back(std::move(what));
  }
  std::vector<std::string> Take() {
    std::lock_guard lock(mu_);
    return list_;
  }

 private:
  std::mutex mu_;
  std::vector<std::string> list_;
};

TEST_CASE(
    "Memory threads: 8 readers and one writer share one Memory and readers "
    "never see an older value after a newer one",
    "[query][threads]") {
  constexpr int kReaders = 8;
  constexpr int kWrites = 30;
  testing::ScratchDir dir;
  auto memory = Memory::Open(dir.Sub("db"));
  REQUIRE(memory.ok());
  Memory& m = **memory;
  REQUIRE(m.Remember(SeasonLine("goaltender", 0), Provenance{}).ok());

  Failures failures;
  std::atomic<bool> writer_done{false};
  std::vector<std::thread> threads;
  threads.emplace_back([&] {
    for (int i = 1; i <= kWrites; ++i) {
      auto report = m.Remember(SeasonLine("goaltender", i), Provenance{});
      if (!report.ok()) failures.Add("writer: " + report.status().ToString());
    }
    writer_done = true;
  });
  for (int r = 0; r < kReaders; ++r) {
    threads.emplace_back([&, r] {
      const std::string me = "reader " + std::to_string(r);
      int last = -1;
      bool final_round = false;
      while (!final_round) {
        final_round = writer_done.load();
        const int now = Season(m.Current("goaltender", "sport"));
        if (now < last) {
          failures.Add(me + " saw season " + std::to_string(now) + " after " +
                       std::to_string(last));
        }
        last = std::max(last, now);
        auto history = m.History("goaltender", "sport");
        if (!history.ok() || history->empty()) {
          failures.Add(me + ": history failed or empty");
        }
        auto answer = m.Ask("Which sport is goaltender associated with?");
        if (!answer.ok() || !answer->known) {
          failures.Add(me + ": ask failed or unknown");
        }
        auto stats = m.Stats();
        if (!stats.ok()) failures.Add(me + ": " + stats.status().ToString());
      }
      if (last != kWrites) {
        failures.Add(me + " ended at season " + std::to_string(last));
      }
    });
  }
  for (std::thread& t : threads) t.join();

  CHECK(failures.Take() == std::vector<std::string>{});
  auto history = m.History("goaltender", "sport");
  REQUIRE(history.ok());
  CHECK(history->size() == kWrites + 1);
  CHECK(Season(m.Current("goaltender", "sport")) == kWrites);
}

// The child's half of the two-process test: its own Memory on the same
// directory, writing one slot. Returns the exit status (0: all written).
int ChildWrites(const std::string& path, int writes) {
  auto memory = Memory::Open(path);
  if (!memory.ok()) return 2;
  for (int i = 1; i <= writes; ++i) {
    if (!(*memory)->Remember(SeasonLine("goaltender", i), Provenance{}).ok()) {
      return 3;
    }
  }
  return 0;
}

TEST_CASE(
    "Memory processes: two processes write one store while one reads and "
    "each sees the other's commits with unique ids",
    "[query][processes]") {
  constexpr int kWrites = 25;
  testing::ScratchDir dir;
  const std::string path = dir.Sub("db");
  {
    // Created before the fork: the two processes then only open it. No
    // Memory may be open across fork() (LMDB: an environment must not be
    // used in a child).
    auto memory = Memory::Open(path);
    REQUIRE(memory.ok());
    REQUIRE(
        (*memory)->Remember(SeasonLine("goaltender", 0), Provenance{}).ok());
  }

  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) _exit(ChildWrites(path, kWrites));

  auto memory = Memory::Open(path);
  REQUIRE(memory.ok());
  Memory& m = **memory;
  // The parent writes its own slot while it reads the child's.
  std::vector<std::string> failures;
  int last = -1;
  int written = 0;
  int status = 0;
  bool child_done = false;
  while (!child_done || written < kWrites) {
    if (!child_done) {
      const pid_t done = waitpid(child, &status, WNOHANG);
      child_done = done == child;
    }
    if (written < kWrites) {
      auto report = m.Remember(SeasonLine("striker", ++written), Provenance{});
      if (!report.ok()) failures.push_back(report.status().ToString());
    }
    const int now = Season(m.Current("goaltender", "sport"));
    if (now < last) failures.push_back("went back to " + std::to_string(now));
    last = std::max(last, now);
  }
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(failures == std::vector<std::string>{});

  // After the child exits, a new read sees its last commit, through every
  // read path (Ask's per-snapshot index is keyed on the store's counts, not
  // on this process's writes).
  CHECK(Season(m.Current("goaltender", "sport")) == kWrites);
  auto answer = m.Ask("Which sport is goaltender associated with?");
  REQUIRE(answer.ok());
  CHECK(answer->text == "season " + std::to_string(kWrites));
  // Both processes allocated atom ids from the store's counters inside their
  // write transactions: no id was handed out twice.
  std::set<AtomId> ids;
  std::size_t total = 0;
  for (const char* subject : {"goaltender", "striker"}) {
    auto history = m.History(subject, "sport");
    REQUIRE(history.ok());
    CHECK(history->size() ==
          kWrites + (std::string(subject) == "goaltender" ? 1u : 0u));
    for (const FactView& f : *history) ids.insert(f.atom.id);
    total += history->size();
  }
  CHECK(ids.size() == total);
  auto stats = m.Stats();
  REQUIRE(stats.ok());
  CHECK(stats->atoms == total);
  CHECK(stats->superseded_atoms == total - 2);
}

}  // namespace
}  // namespace factline
