// factline_bench_mcp: what the MCP server adds to a call (issue 12). On the
// FactConsolidation 6k store it times `recall` (Memory::Current) and
// `remember` (Memory::RememberAtoms, one structured atom) three ways in the
// same run: in process, through mcp::Server::Handle (JSON in and out, no
// pipe), and as round trips through a `factline mcp` child over its stdin
// and stdout. Each arm makes --calls calls of each tool on random slots of
// the store (remember writes a new value into the slot: a supersession).
// Reported: median and mean microseconds per call, and stdio/in-process.
//
// Usage: factline_bench_mcp --factline PATH [--data FILE] [--calls N]
//            [--dir DIR]
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "query/query.h"
#include "tools/mcp.h"

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct Slot {
  std::string subject, relation;
};

struct Stats {
  double median = 0, mean = 0;
};

Stats Summarise(std::vector<double> us) {
  std::sort(us.begin(), us.end());
  Stats s;
  s.median = us[us.size() / 2];
  for (double u : us) s.mean += u;
  s.mean /= static_cast<double>(us.size());
  return s;
}

double Since(Clock::time_point t0) {
  return std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
}

json RecallCall(int id, const Slot& s) {
  return {
      {"jsonrpc", "2.0"},
      {"id", id},
      {"method", "tools/call"},
      {"params",
       {{"name", "recall"},
        {"arguments", {{"subject", s.subject}, {"relation", s.relation}}}}}};
}

json RememberCall(int id, const Slot& s, const std::string& value) {
  json atom = {
      {"subject", s.subject}, {"relation", s.relation}, {"value", value}};
  json args = {{"atoms", json::array({atom})}};
  return {{"jsonrpc", "2.0"},
          {"id", id},
          {"method", "tools/call"},
          {"params", {{"name", "remember"}, {"arguments", args}}}};
}

// A `factline mcp` child with pipes to its stdin and stdout.
class Child {
 public:
  bool Start(const std::string& factline, const std::string& db) {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) return false;
    pid_ = fork();
    if (pid_ < 0) return false;
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      close(in[1]);
      close(out[0]);
      execl(factline.c_str(), factline.c_str(), "--db", db.c_str(), "mcp",
            static_cast<char*>(nullptr));
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = in[1];
    from_ = out[0];
    return true;
  }
  // Sends one line and reads the reply line.
  std::string RoundTrip(const std::string& line) {
    std::string msg = line + "\n";
    const char* p = msg.data();
    std::size_t left = msg.size();
    while (left > 0) {
      ssize_t n = write(to_, p, left);
      if (n <= 0) return "";
      p += n;
      left -= static_cast<std::size_t>(n);
    }
    for (;;) {
      std::size_t nl = buf_.find('\n');
      if (nl != std::string::npos) {
        std::string reply = buf_.substr(0, nl);
        buf_.erase(0, nl + 1);
        return reply;
      }
      char chunk[65536];
      ssize_t n = read(from_, chunk, sizeof chunk);
      if (n <= 0) return "";
      buf_.append(chunk, static_cast<std::size_t>(n));
    }
  }
  int Stop() {
    close(to_);
    close(from_);
    int status = 0;
    waitpid(pid_, &status, 0);
    return status;
  }

 private:
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string buf_;
};

bool IsResult(const std::string& reply) {
  json r = json::parse(reply, nullptr, false);
  return r.is_object() && r.contains("result") &&
         !r["result"].value("isError", false);
}

}  // namespace

int main(int argc, char** argv) {
  std::string factline, dir, data = FACTLINE_DEFAULT_DATA;
  std::size_t calls = 2000;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--factline") {
      factline = argv[i + 1];
    } else if (flag == "--data") {
      data = argv[i + 1];
    } else if (flag == "--calls") {
      calls = std::strtoull(argv[i + 1], nullptr, 10);
    } else if (flag == "--dir") {
      dir = argv[i + 1];
    } else {
      std::cerr << "factline_bench_mcp: unknown flag " << flag << "\n";
      return 2;
    }
  }
  if (factline.empty() || calls == 0) {
    std::cerr << "usage: factline_bench_mcp --factline PATH [--data FILE] "
                 "[--calls N] [--dir DIR]\n";
    return 2;
  }
  if (dir.empty()) {
    dir = (std::filesystem::temp_directory_path() /
           ("factline_bench_mcp_" + std::to_string(getpid())))
              .string();
  }
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string db = dir + "/db";
  const std::string ingest = "'" + factline + "' --db '" + db +
                             "' ingest --format factconsolidation "
                             "--split factconsolidation_sh_6k '" +
                             data + "' > /dev/null";
  if (std::system(ingest.c_str()) != 0) {
    std::cerr << "factline_bench_mcp: ingest failed: " << ingest << "\n";
    return 1;
  }

  std::vector<Slot> slots;
  std::vector<Slot> picks, writes;
  std::uint64_t atoms = 0;
  std::mt19937 rng(12);
  {
    auto memory = factline::Memory::Open(db);
    if (!memory.ok()) {
      std::cerr << memory.status().ToString() << "\n";
      return 1;
    }
    factline::Status s = (*memory)->store().Read([&](const auto& r) {
      return r.ForEachCurrentAtom([&](const factline::Atom& a) {
        slots.push_back({a.subject, a.relation});
        return factline::Status::Ok();
      });
    });
    auto stats = (*memory)->Stats();
    if (stats.ok()) atoms = stats->atoms;
    if (!s.ok() || slots.empty()) {
      std::cerr << "factline_bench_mcp: no slots in the store\n";
      return 1;
    }
  }
  std::uniform_int_distribution<std::size_t> pick(0, slots.size() - 1);
  for (std::size_t i = 0; i < calls; ++i) picks.push_back(slots[pick(rng)]);
  for (std::size_t i = 0; i < calls; ++i) writes.push_back(slots[pick(rng)]);
  auto value = [](const char* arm, std::size_t i) {
    return std::string("bench ") + arm + " value " + std::to_string(i);
  };

  // Arm 1: in process.
  std::vector<double> recall_direct, remember_direct;
  {
    auto memory = factline::Memory::Open(db);
    if (!memory.ok()) return 1;
    factline::Provenance p;
    p.origin = factline::Origin::kCloudModel;
    p.model_id = "bench";
    p.session_id = "bench";
    p.source = "mcp";
    for (std::size_t i = 0; i < calls; ++i) {
      auto t0 = Clock::now();
      auto facts = (*memory)->Current(picks[i].subject, picks[i].relation);
      recall_direct.push_back(Since(t0));
      if (!facts.ok()) return 1;
    }
    for (std::size_t i = 0; i < calls; ++i) {
      factline::Atom a;
      a.subject = writes[i].subject;
      a.relation = writes[i].relation;
      a.value = value("direct", i);
      a.provenance = p;
      auto t0 = Clock::now();
      auto d = (*memory)->RememberAtoms({a});
      remember_direct.push_back(Since(t0));
      if (!d.ok()) return 1;
    }
  }

  // Arm 2: mcp::Server::Handle in process.
  std::vector<double> recall_handle, remember_handle;
  {
    auto memory = factline::Memory::Open(db);
    if (!memory.ok()) return 1;
    factline::mcp::ServerOptions options;
    options.model = "bench";
    factline::mcp::Server server(**memory, options);
    for (std::size_t i = 0; i < calls; ++i) {
      auto t0 = Clock::now();
      std::string reply = server.Handle(RecallCall(1, picks[i]).dump());
      recall_handle.push_back(Since(t0));
      if (!IsResult(reply)) return 1;
    }
    for (std::size_t i = 0; i < calls; ++i) {
      auto t0 = Clock::now();
      std::string reply =
          server.Handle(RememberCall(1, writes[i], value("handle", i)).dump());
      remember_handle.push_back(Since(t0));
      if (!IsResult(reply)) {
        std::cerr << reply << "\n";
        return 1;
      }
    }
  }

  // Arm 3: round trips through `factline mcp` over stdio.
  std::vector<double> recall_stdio, remember_stdio;
  {
    Child child;
    if (!child.Start(factline, db)) return 1;
    json init = {{"jsonrpc", "2.0"},
                 {"id", 0},
                 {"method", "initialize"},
                 {"params",
                  {{"protocolVersion", "2025-06-18"},
                   {"capabilities", json::object()},
                   {"clientInfo", {{"name", "bench"}, {"version", "1"}}}}}};
    if (!IsResult(child.RoundTrip(init.dump()))) return 1;
    for (std::size_t i = 0; i < calls; ++i) {
      const std::string line =
          RecallCall(static_cast<int>(i + 1), picks[i]).dump();
      auto t0 = Clock::now();
      std::string reply = child.RoundTrip(line);
      recall_stdio.push_back(Since(t0));
      if (!IsResult(reply)) return 1;
    }
    for (std::size_t i = 0; i < calls; ++i) {
      const std::string line =
          RememberCall(static_cast<int>(i + 1), writes[i], value("stdio", i))
              .dump();
      auto t0 = Clock::now();
      std::string reply = child.RoundTrip(line);
      remember_stdio.push_back(Since(t0));
      if (!IsResult(reply)) return 1;
    }
    if (child.Stop() != 0) return 1;
  }

  auto row = [](const char* name, const std::vector<double>& direct,
                const std::vector<double>& handle,
                const std::vector<double>& stdio) {
    Stats d = Summarise(direct), h = Summarise(handle), s = Summarise(stdio);
    std::printf(
        "%-9s in-process %8.1f us (mean %8.1f)  Server::Handle %8.1f us "
        "(mean %8.1f)  stdio round trip %8.1f us (mean %8.1f)  "
        "stdio/in-process %.2fx\n",
        name, d.median, d.mean, h.median, h.mean, s.median, s.mean,
        s.median / d.median);
  };
  std::printf(
      "factline_bench_mcp: %llu atoms, %zu current; %zu calls of each; "
      "median (mean) per call\n",
      static_cast<unsigned long long>(atoms), slots.size(), calls);
  row("recall", recall_direct, recall_handle, recall_stdio);
  row("remember", remember_direct, remember_handle, remember_stdio);
  std::filesystem::remove_all(dir);
  return 0;
}
