// factline_bench_valid_time: what late arrivals and valid-time queries cost
// on the valid-time model (docs/valid_time.md), each against its baseline
// measured in the same run.
//
// Data: --facts N dated facts (default 1,000,000) on one one-valued
// relation (P108, employer), --per-subject facts per subject (default 10),
// each subject's facts five years apart from 1950 on; the first half of
// them state a closed three-year interval, the rest are open (stated
// intervals that do not conflict). Values repeat rarely.
//
// Ingest: arm "ordered" writes the facts in valid-time order (round by
// round across subjects); arm "late" writes the same facts with --late (20%)
// of them delayed past a later-dated fact of their subject (late arrivals,
// which split the slot's history). Both arms go through Memory::RememberAtoms
// with the default gate, --batch atoms per transaction, into fresh stores
// (sync off). Reported: facts/s of each and late/ordered time.
//
// Queries (on the ordered arm's store): --queries random subjects, each
// asked `get` (Memory::Current) and `as-of --axis valid` at a random year
// (Memory::AsOf), alternating; reported: microseconds per call and the
// as-of/get ratio. Both arms must reach the same as-of answers on a sample;
// the program fails if they do not.
//
// Usage: factline_bench_valid_time [--facts N] [--per-subject N] [--late F]
//            [--batch N] [--queries N] [--dir DIR] [--json]
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "query/query.h"

namespace {

using factline::Atom;
using factline::Memory;
using factline::Timestamp;

struct Options {
  std::size_t facts = 1'000'000;
  std::size_t per_subject = 10;
  double late = 0.2;
  std::size_t batch = 10'000;
  std::size_t queries = 100'000;
  std::string dir;
  bool json = false;
};

int Usage(const char* why) {
  std::cerr << "factline_bench_valid_time: " << why
            << "\nusage: factline_bench_valid_time [--facts N] "
               "[--per-subject N] [--late F] [--batch N] [--queries N] "
               "[--dir DIR] [--json]\n";
  return 2;
}

bool ParseArgs(int argc, char** argv, Options* o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> const char* {
      return i + 1 < argc ? argv[++i] : nullptr;
    };
    const char* v = nullptr;
    if (a == "--json") {
      o->json = true;
    } else if (a == "--dir" && (v = value())) {
      o->dir = v;
    } else if (a == "--facts" && (v = value())) {
      o->facts = std::strtoull(v, nullptr, 10);
    } else if (a == "--per-subject" && (v = value())) {
      o->per_subject = std::strtoull(v, nullptr, 10);
    } else if (a == "--late" && (v = value())) {
      o->late = std::strtod(v, nullptr);
    } else if (a == "--batch" && (v = value())) {
      o->batch = std::strtoull(v, nullptr, 10);
    } else if (a == "--queries" && (v = value())) {
      o->queries = std::strtoull(v, nullptr, 10);
    } else {
      return false;
    }
  }
  return o->facts > 0 && o->per_subject > 0 && o->batch > 0 && o->late >= 0 &&
         o->late <= 1;
}

constexpr Timestamp kMicrosPerDay = 86'400'000'000;
constexpr Timestamp kYear = 365 * kMicrosPerDay;
// 1950-01-01: before the epoch, so negative times are exercised too.
constexpr Timestamp k1950 = -7305 * kMicrosPerDay;

struct Fact {
  std::size_t subject = 0;
  std::size_t round = 0;  // the fact's place in its subject's history
  Timestamp from = 0;
  Timestamp to = factline::kForever;
  std::size_t value = 0;
};

std::string Subject(std::size_t s) { return "person " + std::to_string(s); }

std::vector<Fact> MakeFacts(const Options& o, std::mt19937_64& rng) {
  const std::size_t subjects = (o.facts + o.per_subject - 1) / o.per_subject;
  std::vector<Fact> facts;
  facts.reserve(o.facts);
  // Round by round across subjects: valid-time order within each subject.
  for (std::size_t r = 0; r < o.per_subject; ++r) {
    for (std::size_t s = 0; s < subjects && facts.size() < o.facts; ++s) {
      Fact f;
      f.subject = s;
      f.round = r;
      f.from = k1950 + static_cast<Timestamp>(r) * 5 * kYear +
               static_cast<Timestamp>(s % 365) * kMicrosPerDay;
      // Closed early on (with a gap before the next), open later: stated
      // intervals that do not conflict, so arrival order must not matter.
      if (2 * r < o.per_subject) f.to = f.from + 3 * kYear;
      f.value = rng() % 1000;
      facts.push_back(f);
    }
  }
  return facts;
}

// The same facts with a share `late` delayed past a later-dated fact of
// their subject: each moves one to three rounds later in arrival order.
std::vector<Fact> WithLateArrivals(const std::vector<Fact>& ordered,
                                   const Options& o, std::mt19937_64& rng,
                                   std::size_t* late_count) {
  const std::size_t subjects = (o.facts + o.per_subject - 1) / o.per_subject;
  std::vector<std::pair<double, std::size_t>> keys;
  keys.reserve(ordered.size());
  *late_count = 0;
  for (std::size_t i = 0; i < ordered.size(); ++i) {
    double key = static_cast<double>(i);
    const bool can_move = ordered[i].round + 1 < o.per_subject;
    if (can_move && std::uniform_real_distribution<>(0, 1)(rng) <
                        o.late * o.per_subject / (o.per_subject - 1.0)) {
      key += static_cast<double>(subjects * (1 + rng() % 3)) + 0.5;
      ++*late_count;
    }
    keys.emplace_back(key, i);
  }
  std::sort(keys.begin(), keys.end());
  std::vector<Fact> out;
  out.reserve(ordered.size());
  for (const auto& [key, i] : keys) out.push_back(ordered[i]);
  return out;
}

Atom ToAtom(const Fact& f, Timestamp tx) {
  Atom atom;
  atom.subject = Subject(f.subject);
  atom.relation = "P108";
  atom.value = "employer " + std::to_string(f.value);
  atom.valid_from = f.from;
  atom.valid_to = f.to;
  atom.tx_time = tx;
  atom.provenance.origin = factline::Origin::kDataset;
  return atom;
}

double Seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since)
      .count();
}

std::unique_ptr<Memory> OpenFresh(const std::string& path) {
  std::filesystem::remove_all(path);
  factline::MemoryOptions options;
  options.store.sync = false;
  auto memory = Memory::Open(path, std::move(options));
  if (!memory.ok()) {
    std::cerr << "cannot open " << path << ": " << memory.status().ToString()
              << "\n";
    std::exit(1);
  }
  return std::move(memory).value();
}

// Writes the facts in order; returns the seconds taken.
double Ingest(Memory& memory, const std::vector<Fact>& facts,
              std::size_t batch_size) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<Atom> batch;
  Timestamp tx = 1'800'000'000'000'000;  // 2027: learned after every fact
  for (std::size_t i = 0; i < facts.size(); ++i) {
    batch.push_back(ToAtom(facts[i], ++tx));
    if (batch.size() == batch_size || i + 1 == facts.size()) {
      auto done = memory.RememberAtoms(std::move(batch));
      if (!done.ok()) {
        std::cerr << "ingest failed: " << done.status().ToString() << "\n";
        std::exit(1);
      }
      batch.clear();
    }
  }
  return Seconds(start);
}

std::string ValuesAt(const Memory& memory, std::size_t subject, Timestamp t) {
  auto views =
      memory.AsOf(Subject(subject), "P108", t, factline::TimeAxis::kValid);
  if (!views.ok()) {
    std::cerr << "as-of failed: " << views.status().ToString() << "\n";
    std::exit(1);
  }
  std::string out;
  for (const auto& v : *views) out += v.atom.value + ";";
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!ParseArgs(argc, argv, &o)) return Usage("bad arguments");
  const std::string dir =
      o.dir.empty()
          ? (std::filesystem::temp_directory_path() / "factline_bench_vt")
                .string()
          : o.dir;
  std::mt19937_64 rng(42);
  const std::vector<Fact> ordered = MakeFacts(o, rng);
  std::size_t late_count = 0;
  const std::vector<Fact> late = WithLateArrivals(ordered, o, rng, &late_count);

  auto ordered_memory = OpenFresh(dir + "/ordered");
  const double ordered_s = Ingest(*ordered_memory, ordered, o.batch);
  auto late_memory = OpenFresh(dir + "/late");
  const double late_s = Ingest(*late_memory, late, o.batch);

  // Same facts whose stated intervals do not conflict, so the same answers
  // in either arrival order: check a sample.
  const std::size_t subjects = (o.facts + o.per_subject - 1) / o.per_subject;
  std::size_t disagreements = 0;
  for (std::size_t i = 0; i < 2000; ++i) {
    const std::size_t s = rng() % subjects;
    const Timestamp t = k1950 + static_cast<Timestamp>(rng() % 60) * kYear;
    disagreements +=
        ValuesAt(*ordered_memory, s, t) != ValuesAt(*late_memory, s, t);
  }

  // Queries: get against as-of-valid, interleaved in rounds.
  std::vector<std::pair<std::size_t, Timestamp>> queries;
  for (std::size_t i = 0; i < o.queries; ++i) {
    queries.emplace_back(
        rng() % subjects,
        k1950 + static_cast<Timestamp>(rng() % (5 * o.per_subject)) * kYear);
  }
  double get_s = 0, asof_s = 0;
  std::size_t sink = 0;
  constexpr std::size_t kRound = 1000;
  for (std::size_t begin = 0; begin < queries.size(); begin += kRound) {
    const std::size_t end = std::min(queries.size(), begin + kRound);
    auto start = std::chrono::steady_clock::now();
    for (std::size_t i = begin; i < end; ++i) {
      auto r = ordered_memory->Current(Subject(queries[i].first), "P108");
      sink += r.ok() ? r->size() : 0;
    }
    get_s += Seconds(start);
    start = std::chrono::steady_clock::now();
    for (std::size_t i = begin; i < end; ++i) {
      auto r =
          ordered_memory->AsOf(Subject(queries[i].first), "P108",
                               queries[i].second, factline::TimeAxis::kValid);
      sink += r.ok() ? r->size() : 0;
    }
    asof_s += Seconds(start);
  }
  const double n = static_cast<double>(std::max<std::size_t>(1, o.queries));
  nlohmann::json report = {
      {"facts", o.facts},
      {"per_subject", o.per_subject},
      {"late_arrivals", late_count},
      {"batch", o.batch},
      {"ingest_ordered_s", ordered_s},
      {"ingest_late_s", late_s},
      {"ordered_facts_per_s", o.facts / ordered_s},
      {"late_facts_per_s", o.facts / late_s},
      {"late_over_ordered", late_s / ordered_s},
      {"queries", o.queries},
      {"get_us", get_s / n * 1e6},
      {"asof_valid_us", asof_s / n * 1e6},
      {"asof_over_get", asof_s / get_s},
      {"sample_disagreements", disagreements},
      {"answers", sink},
  };
  if (o.json) {
    std::cout << report.dump(2) << "\n";
  } else {
    for (const auto& [key, value] : report.items()) {
      std::cout << key << ": " << value << "\n";
    }
  }
  std::filesystem::remove_all(dir);
  return disagreements == 0 ? 0 : 1;
}
