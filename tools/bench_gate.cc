// factline_bench_gate: what the write-time gate costs per atom, against the
// bare write path, in one run.
//
// Both arms ingest the same FactConsolidation context (default: the 262k
// one, 18,332 "<serial>. <sentence>" facts, origin dataset, confidence 1,
// serial as tx_time) through Memory::Remember into a fresh store, in one
// transaction per --batch facts. The bare arm opens the store with
// GateConfig::enabled = false (validation, supersession policy, audit: the
// foundation's write path); the gated arm with the default gate (parse-time
// noise and transient screening, provenance, duplicate, contradiction and
// confidence stages with hedging, verdicts in every audit record). Each
// repetition runs both arms, alternating which goes first; the report gives
// every time, the medians, their ratio and the gate's cost per atom. Both
// arms must reach the same decisions (the gate holds back nothing from this
// data); the program fails if they do not.
//
// Usage: factline_bench_gate [--data FILE] [--split NAME] [--reps N]
//            [--batch N] [--dir DIR] [--json]
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "query/query.h"

namespace {

using factline::TextFact;

struct Options {
  std::string data = FACTLINE_DEFAULT_DATA;
  std::string split = "factconsolidation_sh_262k";
  int reps = 7;
  std::size_t batch = 0;  // 0: the whole context in one transaction
  std::string dir;
  bool json = false;
};

int Usage(const char* why) {
  std::cerr << "factline_bench_gate: " << why
            << "\nusage: factline_bench_gate [--data FILE] [--split NAME] "
               "[--reps N] [--batch N] [--dir DIR] [--json]\n";
  return 2;
}

bool ParseArgs(int argc, char** argv, Options* o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&](std::string* out) {
      if (i + 1 >= argc) return false;
      *out = argv[++i];
      return true;
    };
    std::string v;
    if (a == "--json") {
      o->json = true;
    } else if (a == "--data" && next(&o->data)) {
    } else if (a == "--split" && next(&o->split)) {
    } else if (a == "--dir" && next(&o->dir)) {
    } else if (a == "--reps" && next(&v)) {
      o->reps = std::atoi(v.c_str());
      if (o->reps < 1) return false;
    } else if (a == "--batch" && next(&v)) {
      o->batch = static_cast<std::size_t>(std::atoll(v.c_str()));
    } else {
      return false;
    }
  }
  return true;
}

factline::Result<std::vector<TextFact>> LoadFacts(const Options& o) {
  std::ifstream in(o.data, std::ios::binary);
  if (!in) return factline::Status::IOError("cannot read " + o.data);
  std::stringstream buf;
  buf << in.rdbuf();
  const auto doc = nlohmann::json::parse(buf.str(), nullptr, false);
  if (doc.is_discarded() || !doc.is_array()) {
    return factline::Status::InvalidArgument(o.data + " is not a JSON array");
  }
  for (const auto& row : doc) {
    if (!row.is_object() || !row.contains("metadata") ||
        !row["metadata"].is_object() ||
        row["metadata"].value("source", "") != o.split ||
        !row.contains("context") || !row["context"].is_string()) {
      continue;
    }
    const std::string context = row["context"].get<std::string>();
    std::vector<TextFact> facts;
    std::size_t start = 0;
    while (start < context.size()) {
      std::size_t end = context.find('\n', start);
      if (end == std::string::npos) end = context.size();
      const std::string line = context.substr(start, end - start);
      start = end + 1;
      std::optional<std::int64_t> serial;
      const std::string_view text = factline::StripSerial(line, &serial);
      if (!serial) continue;  // the "Here is a list of facts:" header
      TextFact fact;
      fact.text = std::string(text);
      fact.tx_time = *serial;
      fact.provenance.origin = factline::Origin::kDataset;
      fact.provenance.source = o.split + "#" + std::to_string(*serial);
      facts.push_back(std::move(fact));
    }
    return facts;
  }
  return factline::Status::NotFound("no row with metadata.source " + o.split);
}

struct Run {
  double seconds = 0;
  std::vector<std::size_t> actions;  // decisions by resolver::Action
};

factline::Result<Run> Ingest(const std::vector<TextFact>& facts, bool gated,
                             const std::string& dir, std::size_t batch) {
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  factline::MemoryOptions options;
  options.gate_config.enabled = gated;
  FACTLINE_ASSIGN_OR_RETURN(auto memory,
                            factline::Memory::Open(dir, std::move(options)));
  Run run;
  run.actions.assign(factline::resolver::kActionCount, 0);
  const std::size_t step = batch == 0 ? facts.size() : batch;
  const auto t0 = std::chrono::steady_clock::now();
  for (std::size_t begin = 0; begin < facts.size(); begin += step) {
    const std::size_t end = std::min(facts.size(), begin + step);
    std::vector<TextFact> part(facts.begin() + static_cast<long>(begin),
                               facts.begin() + static_cast<long>(end));
    FACTLINE_ASSIGN_OR_RETURN(factline::RememberReport report,
                              memory->Remember(part));
    for (const auto& d : report.decisions) {
      ++run.actions[static_cast<std::size_t>(d.action)];
    }
  }
  run.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  memory.reset();
  std::filesystem::remove_all(dir, ec);
  return run;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!ParseArgs(argc, argv, &o)) return Usage("bad arguments");
  auto facts = LoadFacts(o);
  if (!facts.ok()) {
    std::cerr << "factline_bench_gate: " << facts.status().ToString() << "\n";
    return 1;
  }
  std::string base = o.dir;
  if (base.empty()) {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern =
        std::string(tmp ? tmp : "/tmp") + "/factline_bench_gate_XXXXXX";
    if (mkdtemp(pattern.data()) == nullptr) return Usage("cannot mkdtemp");
    base = pattern;
  }
  std::vector<double> bare, gated;
  std::vector<std::size_t> bare_actions, gated_actions;
  // One untimed warm-up of each arm: page cache, allocator, lexicon.
  for (int rep = -1; rep < o.reps; ++rep) {
    const bool gated_first = rep % 2 != 0;
    for (int k = 0; k < 2; ++k) {
      const bool with_gate = (k == 0) == gated_first;
      auto run = Ingest(*facts, with_gate, base + "/store", o.batch);
      if (!run.ok()) {
        std::cerr << "factline_bench_gate: " << run.status().ToString() << "\n";
        return 1;
      }
      if (rep < 0) continue;
      (with_gate ? gated : bare).push_back(run->seconds);
      (with_gate ? gated_actions : bare_actions) = run->actions;
    }
  }
  std::error_code ec;
  if (o.dir.empty()) std::filesystem::remove_all(base, ec);
  if (bare_actions != gated_actions) {
    std::cerr << "factline_bench_gate: the gated arm decided differently "
                 "from the bare arm on this data\n";
    return 1;
  }
  const double n = static_cast<double>(facts->size());
  const double mb = Median(bare), mg = Median(gated);
  const double ratio = mg / mb;
  nlohmann::json actions = nlohmann::json::object();
  for (std::size_t a = 0; a < bare_actions.size(); ++a) {
    actions[std::string(factline::resolver::ToString(
        static_cast<factline::resolver::Action>(a)))] = bare_actions[a];
  }
  if (o.json) {
    std::cout << nlohmann::json({{"split", o.split},
                                 {"facts", facts->size()},
                                 {"reps", o.reps},
                                 {"bare_seconds", bare},
                                 {"gated_seconds", gated},
                                 {"bare_median_s", mb},
                                 {"gated_median_s", mg},
                                 {"ratio", ratio},
                                 {"bare_us_per_atom", mb / n * 1e6},
                                 {"gated_us_per_atom", mg / n * 1e6},
                                 {"gate_us_per_atom", (mg - mb) / n * 1e6},
                                 {"decisions", actions}})
                     .dump()
              << "\n";
  } else {
    std::cout << o.split << ": " << facts->size() << " facts, " << o.reps
              << " repetitions (order alternating), one transaction"
              << (o.batch ? " per " + std::to_string(o.batch) + " facts"
                          : " per context")
              << "\n";
    auto list = [](const std::vector<double>& v) {
      std::ostringstream s;
      for (double x : v) s << " " << static_cast<int>(x * 1000 + 0.5);
      return s.str();
    };
    std::cout << "  bare  (gate disabled) ms:" << list(bare) << "\n";
    std::cout << "  gated (default gate)  ms:" << list(gated) << "\n";
    std::printf(
        "  median: bare %.1f ms (%.2f us/atom), gated %.1f ms (%.2f us/atom)\n"
        "  gate cost: %.2f us/atom; gated/bare = %.2fx (target < 2x)\n",
        mb * 1e3, mb / n * 1e6, mg * 1e3, mg / n * 1e6, (mg - mb) / n * 1e6,
        ratio);
    std::cout << "  decisions (both arms): " << actions.dump() << "\n";
  }
  return 0;
}
