// factline bench factconsolidation: the FactConsolidation benchmark with
// the three supersession arms (tools/fc_bench.h does the work); factline
// bench paraphrase: the paraphrase corpus (tools/paraphrase_bench.h).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <optional>
#include <thread>

#include "tools/cli.h"
#include "tools/fc_bench.h"
#include "tools/paraphrase_bench.h"

#ifndef FACTLINE_DEFAULT_FC_DATA
#define FACTLINE_DEFAULT_FC_DATA \
  "datasets/factconsolidation/Conflict_Resolution.json"
#endif
#ifndef FACTLINE_DEFAULT_PARAPHRASE_DATA
#define FACTLINE_DEFAULT_PARAPHRASE_DATA "datasets/paraphrase"
#endif

namespace factline::cli {

namespace {

// Parses every --arm name into `arms`; false (usage error set) for an
// unknown one.
bool ParseArms(const std::vector<std::string>& names,
               std::vector<bench::Arm>* arms, int* exit_code) {
  for (const std::string& name : names) {
    auto arm = bench::ParseArm(name);
    if (!arm.ok()) {
      std::cerr << "factline: --arm: " << arm.status().message() << "\n";
      *exit_code = kExitUsage;
      return false;
    }
    arms->push_back(*arm);
  }
  return true;
}

struct BenchArgs {
  std::string data = FACTLINE_DEFAULT_FC_DATA;
  std::vector<std::string> splits;
  std::vector<std::string> arms;
  bool explain = false;
  unsigned threads = 2;
};

nlohmann::json RowToJson(const bench::RowResult& r) {
  return {{"source", r.source},
          {"arm", bench::ArmName(r.arm)},
          {"subem", r.subem},
          {"questions", r.questions},
          {"supersessions", r.supersessions},
          {"ingest_s", r.ingest_s},
          {"answer_p50_us", r.answer_p50_us},
          {"answer_p99_us", r.answer_p99_us},
          {"hit1", r.hit1},
          {"hit10", r.hit10}};
}

void PrintTable(const std::vector<bench::RowResult>& results, double total_s) {
  std::printf("%-26s %-8s %6s %6s %6s %5s %7s %8s %8s %8s\n", "source", "arm",
              "SubEM", "hit1", "hit10", "qs", "supers", "ingest_s", "p50_us",
              "p99_us");
  for (const auto& r : results) {
    std::printf("%-26s %-8s %6.1f %6.1f %6.1f %5d %7d %8.3f %8.1f %8.1f\n",
                r.source.c_str(), std::string(bench::ArmName(r.arm)).c_str(),
                r.subem, r.hit1, r.hit10, r.questions, r.supersessions,
                r.ingest_s, r.answer_p50_us, r.answer_p99_us);
  }
  std::printf("total %.2f s\n", total_s);
}

// Misses grouped by cause, then by row and arm.
nlohmann::json ExplainJson(const std::vector<bench::RowResult>& results) {
  std::map<std::string, nlohmann::json> by_cause;
  for (const auto& r : results) {
    for (const auto& m : r.misses) {
      auto& list = by_cause[m.cause];
      if (list.is_null()) list = nlohmann::json::array();
      list.push_back({{"source", r.source},
                      {"arm", bench::ArmName(r.arm)},
                      {"id", m.id},
                      {"question", m.question},
                      {"gold", m.gold},
                      {"answer", m.answer},
                      {"chain", m.chain}});
    }
  }
  nlohmann::json out = nlohmann::json::object();
  for (auto& [cause, list] : by_cause) out[cause] = std::move(list);
  return out;
}

void PrintExplain(const std::vector<bench::RowResult>& results) {
  const nlohmann::json groups = ExplainJson(results);
  for (const auto& [cause, list] : groups.items()) {
    std::cout << "\n== " << cause << " (" << list.size() << ")\n";
    for (const auto& m : list) {
      std::cout << "[" << m["source"].get<std::string>() << " "
                << m["arm"].get<std::string>() << "] "
                << m["question"].get<std::string>()
                << "\n    gold: " << m["gold"].get<std::string>()
                << "  ours: " << m["answer"].get<std::string>()
                << "\n    via: " << m["chain"].get<std::string>() << "\n";
    }
  }
}

struct ParaphraseArgs {
  std::string data = FACTLINE_DEFAULT_PARAPHRASE_DATA;
  std::vector<std::string> arms;
  bool explain = false;
  unsigned threads = 2;
};

void RegisterParaphrase(CLI::App* bench, GlobalOptions& global,
                        int* exit_code) {
  auto args = std::make_shared<ParaphraseArgs>();
  CLI::App* cmd = bench->add_subcommand(
      "paraphrase",
      "issue 8 paraphrase corpus: parse accuracy (right subject, relation, "
      "value) and update accuracy (the later value alone current), per "
      "relation and overall, for each supersession arm");
  cmd->add_option("--data", args->data,
                  "directory with relations.jsonl and/or agent.jsonl")
      ->capture_default_str();
  cmd->add_option("--arm", args->arms,
                  "keyed or jaccard (repeatable; default: both)");
  cmd->add_flag("--explain", args->explain,
                "list every wrong item with what was stored");
  cmd->add_option("--threads", args->threads, "items run in parallel")
      ->check(Between(1, 64))
      ->capture_default_str();
  cmd->callback([args, &global, exit_code] {
    std::vector<bench::Arm> arms;
    if (!ParseArms(args->arms, &arms, exit_code)) return;
    if (arms.empty()) arms = {bench::Arm::kKeyed, bench::Arm::kJaccard};
    auto items = bench::LoadParaphraseCorpus(args->data);
    if (!items.ok()) {
      *exit_code = Fail(items.status(), "bench paraphrase");
      return;
    }
    auto scores =
        bench::RunParaphrase(*items, arms, args->threads, bench::RunOptions());
    if (!scores.ok()) {
      *exit_code = Fail(scores.status(), "bench paraphrase");
      return;
    }
    if (global.json) {
      PrintJson(bench::ParaphraseJson(*scores, args->explain));
    } else {
      std::cout << bench::ParaphraseTable(*scores, args->explain);
    }
    *exit_code = kExitOk;
  });
}

}  // namespace

void RegisterBench(CLI::App& app, GlobalOptions& global, int* exit_code) {
  CLI::App* bench = app.add_subcommand("bench", "benchmarks");
  bench->require_subcommand(1);
  auto args = std::make_shared<BenchArgs>();
  CLI::App* fc = bench->add_subcommand(
      "factconsolidation",
      "MemoryAgentBench FactConsolidation: ingest each row, answer with ask, "
      "score SubEM, for each supersession arm");
  fc->add_option("--data", args->data,
                 "file in the Conflict_Resolution JSON schema")
      ->capture_default_str();
  fc->add_option("--split", args->splits,
                 "row metadata.source to run (repeatable; default: all)");
  fc->add_option("--arm", args->arms,
                 "keyed, jaccard or off (repeatable; default: all three)");
  fc->add_flag("--explain", args->explain,
               "list every missed question, grouped by cause");
  fc->add_option("--threads", args->threads,
                 "(row, arm) runs in parallel; 1 for undisturbed latencies")
      ->check(Between(1, 64))
      ->capture_default_str();
  RegisterParaphrase(bench, global, exit_code);
  fc->callback([args, &global, exit_code] {
    std::vector<bench::Arm> arms;
    if (!ParseArms(args->arms, &arms, exit_code)) return;
    if (arms.empty()) {
      arms = {bench::Arm::kKeyed, bench::Arm::kJaccard, bench::Arm::kOff};
    }
    auto rows = bench::LoadRows(args->data);
    if (!rows.ok()) {
      *exit_code = Fail(rows.status(), "bench factconsolidation");
      return;
    }
    std::vector<const bench::FcRow*> selected;
    for (const std::string& split : args->splits) {
      bool found = false;
      for (const auto& row : *rows) {
        if (row.source == split) {
          selected.push_back(&row);
          found = true;
        }
      }
      if (!found) {
        std::cerr << "factline: --split: no row with source " << split << "\n";
        *exit_code = kExitUsage;
        return;
      }
    }
    if (args->splits.empty()) {
      for (const auto& row : *rows) selected.push_back(&row);
    }
    bench::RunOptions options;
    options.explain = args->explain;
    // Each (row, arm) run has its own store, so runs proceed in parallel;
    // results keep the row-major order of the table.
    std::vector<std::pair<const bench::FcRow*, bench::Arm>> jobs;
    for (const bench::FcRow* row : selected) {
      for (bench::Arm arm : arms) jobs.emplace_back(row, arm);
    }
    std::vector<std::optional<Result<bench::RowResult>>> outcomes(jobs.size());
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
      for (std::size_t i = next++; i < jobs.size(); i = next++) {
        outcomes[i] = bench::RunRow(*jobs[i].first, jobs[i].second, options);
      }
    };
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    const unsigned threads =
        std::min<unsigned>(args->threads, static_cast<unsigned>(jobs.size()));
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool) t.join();
    std::vector<bench::RowResult> results;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      if (!(*outcomes[i]).ok()) {
        *exit_code = Fail((*outcomes[i]).status(),
                          "bench " + jobs[i].first->source + " " +
                              std::string(bench::ArmName(jobs[i].second)));
        return;
      }
      results.push_back(std::move(*outcomes[i]).value());
    }
    const double total_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    if (global.json) {
      nlohmann::json out = {{"rows", nlohmann::json::array()}};
      for (const auto& r : results) out["rows"].push_back(RowToJson(r));
      if (args->explain) out["explain"] = ExplainJson(results);
      PrintJson(out);
    } else {
      PrintTable(results, total_s);
      if (args->explain) PrintExplain(results);
    }
    *exit_code = kExitOk;
  });
}

}  // namespace factline::cli
