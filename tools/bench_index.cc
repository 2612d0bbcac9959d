// factline_bench_index: quality and speed of the side-index's fuzzy entity
// lookup on the FactConsolidation 262k context (~20k entity names).
//
// One run: parses the context with factline::Parser, stores every subject
// and value name as a graph entity, times SideIndex::Open (a rebuild of the
// entity index from the graph), then asks perturbed names (one or two
// character edits, a dropped word, reordered words, other casing; seeded
// RNG) and reports
//   - recall@1 and recall@10 against an exact brute-force search over the
//     same vectors, and how often the true entity is found;
//   - queries per second of SideIndex::FindEntities against raw hnswlib on
//     the same vectors with the same parameters, in the same run.
// Usage: factline_bench_index [--data FILE] [--queries N] [--seed S]
//                             [--dim D] [--ef E] [--json]
#include <hnswlib/hnswlib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include "atoms/atoms.h"
#include "graph/graph.h"
#include "index/index.h"

namespace factline {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::size_t kScaledNames = 20000;

double Seconds(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

// CPU seconds used by this thread: unlike wall time, not inflated when other
// processes compete for the cores (the build and lookups are single-threaded).
double ThreadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) +
         static_cast<double>(ts.tv_nsec) * 1e-9;
}

struct Args {
  std::string data = FACTLINE_DEFAULT_DATA;
  int queries = 5000;
  std::uint64_t seed = 42;
  // Library defaults unless overridden.
  int dim = index::IndexOptions{}.dimension;
  int ef = index::IndexOptions{}.hnsw_ef_search;
  int m = index::IndexOptions{}.hnsw_m;
  int ef_construction = index::IndexOptions{}.hnsw_ef_construction;
  bool json = false;
};

[[noreturn]] void Die(const std::string& msg) {
  std::cerr << "factline_bench_index: " << msg << "\n";
  std::exit(1);
}

void Check(const Status& s, const std::string& what) {
  if (!s.ok()) Die(what + ": " + s.ToString());
}

Args ParseArgs(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) Die("missing value for " + flag);
      return argv[++i];
    };
    if (flag == "--data") {
      a.data = next();
    } else if (flag == "--queries") {
      a.queries = std::atoi(next().c_str());
    } else if (flag == "--seed") {
      a.seed = std::strtoull(next().c_str(), nullptr, 10);
    } else if (flag == "--dim") {
      a.dim = std::atoi(next().c_str());
    } else if (flag == "--ef") {
      a.ef = std::atoi(next().c_str());
    } else if (flag == "--m") {
      a.m = std::atoi(next().c_str());
    } else if (flag == "--ef-construction") {
      a.ef_construction = std::atoi(next().c_str());
    } else if (flag == "--json") {
      a.json = true;
    } else {
      Die("unknown flag " + flag +
          " (flags: --data --queries --seed --dim --ef --m "
          "--ef-construction --json)");
    }
  }
  if (a.queries < 1) Die("--queries must be positive");
  return a;
}

// Subject and value display names of every fact in the longest context.
std::vector<std::string> LoadNames(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) Die("cannot read " + path);
  std::stringstream buf;
  buf << in.rdbuf();
  const nlohmann::json rows = nlohmann::json::parse(buf.str(), nullptr, false);
  if (rows.is_discarded() || !rows.is_array())
    Die(path + " is not a JSON array");
  std::string context;
  for (const auto& row : rows) {
    auto it = row.find("context");
    if (it != row.end() && it->is_string() &&
        it->get_ref<const std::string&>().size() > context.size()) {
      context = it->get<std::string>();
    }
  }
  Result<Parser> parser = Parser::Create(Lexicon::Builtin());
  Check(parser.status(), "parser");
  std::vector<std::string> names;
  std::istringstream lines(context);
  std::string line;
  while (std::getline(lines, line)) {
    std::optional<std::int64_t> serial;
    const std::string_view sentence = StripSerial(line, &serial);
    if (!serial) continue;
    Result<ParsedFact> fact = parser->ParseSentence(sentence);
    if (!fact.ok()) continue;
    names.push_back(fact->subject);
    names.push_back(fact->value);
  }
  return names;
}

std::vector<std::string> SplitWords(const std::string& s) {
  std::vector<std::string> words;
  std::istringstream in(s);
  std::string w;
  while (in >> w) words.push_back(w);
  return words;
}

std::string JoinWords(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

// One random character edit at a letter position: substitute, insert,
// delete or swap with the next letter.
std::string CharEdit(std::string s, std::mt19937_64& rng) {
  std::vector<std::size_t> letters;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (std::isalpha(static_cast<unsigned char>(s[i]))) letters.push_back(i);
  }
  if (letters.empty()) return s;
  const std::size_t at = letters[rng() % letters.size()];
  const char c = static_cast<char>('a' + rng() % 26);
  switch (rng() % 4) {
    case 0:
      s[at] = c;
      break;
    case 1:
      s.insert(s.begin() + static_cast<std::ptrdiff_t>(at), c);
      break;
    case 2:
      s.erase(at, 1);
      break;
    default:
      if (at + 1 < s.size()) std::swap(s[at], s[at + 1]);
      break;
  }
  return s;
}

struct Query {
  std::string text;
  std::string kind;
  EntityId truth = 0;
};

Query Perturb(const std::string& name, EntityId truth, std::mt19937_64& rng) {
  std::vector<std::string> words = SplitWords(name);
  Query q{name, "", truth};
  switch (rng() % 5) {
    case 0:
      q.kind = "1 edit";
      q.text = CharEdit(name, rng);
      break;
    case 1:
      q.kind = "2 edits";
      q.text = CharEdit(CharEdit(name, rng), rng);
      break;
    case 2:
      if (words.size() >= 3) {
        q.kind = "dropped word";
        words.erase(words.begin() +
                    static_cast<std::ptrdiff_t>(rng() % words.size()));
        q.text = JoinWords(words);
      } else {
        q.kind = "1 edit";
        q.text = CharEdit(name, rng);
      }
      break;
    case 3:
      if (words.size() >= 2) {
        q.kind = "reordered";
        std::rotate(words.begin(), words.begin() + 1, words.end());
        q.text = JoinWords(words);
      } else {
        q.kind = "1 edit";
        q.text = CharEdit(name, rng);
      }
      break;
    default:
      q.kind = "case+edit";
      for (char& c : q.text) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      }
      q.text = CharEdit(q.text, rng);
      break;
  }
  return q;
}

float Dot(const float* a, const float* b, int dim) {
  float s = 0;
  for (int i = 0; i < dim; ++i) s += a[i] * b[i];
  return s;
}

// Queries per CPU-second of `fn` over all n queries: the best of kRounds
// passes, so that a pass slowed by other processes does not count.
constexpr int kRounds = 5;

template <typename Fn>
double PassSeconds(std::size_t n, Fn&& fn) {
  const double start = ThreadCpuSeconds();
  for (std::size_t i = 0; i < n; ++i) fn(i);
  return ThreadCpuSeconds() - start;
}

int Run(const Args& args) {
  const std::vector<std::string> raw_names = LoadNames(args.data);
  if (raw_names.empty()) Die("no facts parsed from " + args.data);

  // Store: one entity per distinct normalised name.
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() /
      ("factline_bench_index_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  graph::StoreOptions store_options;
  store_options.sync = false;
  Result<std::unique_ptr<graph::Store>> store =
      graph::Store::Open(dir.string(), store_options);
  Check(store.status(), "open store");
  std::vector<graph::Entity> entities;
  Check((*store)->Update([&](graph::Writer& w) {
    entities.clear();
    std::unordered_map<EntityId, bool> seen;
    for (const std::string& name : raw_names) {
      FACTLINE_ASSIGN_OR_RETURN(graph::Entity e, w.InternEntity(name));
      if (seen.emplace(e.id, true).second) entities.push_back(e);
    }
    return Status::Ok();
  }),
        "store entities");

  index::IndexOptions options;
  options.dimension = args.dim;
  options.hnsw_m = args.m;
  options.hnsw_ef_construction = args.ef_construction;
  options.hnsw_ef_search = args.ef;
  options.save_after_rebuild = false;
  std::string report;
  auto t0 = Clock::now();
  double c0 = ThreadCpuSeconds();
  Result<std::unique_ptr<index::SideIndex>> opened =
      index::SideIndex::Open(**store, options, &report);
  auto t1 = Clock::now();
  const double build_cpu_s = ThreadCpuSeconds() - c0;
  Check(opened.status(), "open side-index");
  index::SideIndex& side = **opened;
  const double build_s = Seconds(t0, t1);
  t0 = Clock::now();
  Check(side.Save(), "save side-index");
  const double save_s = Seconds(t0, Clock::now());

  // Build time at 20k names: the real names plus synthetic ones that
  // recombine their words ("Thomas" + "Hall"), in a second store.
  double build20k_s = 0;
  double build20k_cpu_s = 0;
  std::size_t names20k = 0;
  {
    const std::filesystem::path dir20k = dir.string() + "_20k";
    std::filesystem::remove_all(dir20k);
    std::filesystem::create_directories(dir20k);
    Result<std::unique_ptr<graph::Store>> store20k =
        graph::Store::Open(dir20k.string(), store_options);
    Check(store20k.status(), "open 20k store");
    std::mt19937_64 name_rng(args.seed + 1);
    Check((*store20k)->Update([&](graph::Writer& w) {
      std::unordered_map<EntityId, bool> seen;
      for (const graph::Entity& e : entities) {
        FACTLINE_ASSIGN_OR_RETURN(graph::Entity got, w.InternEntity(e.display));
        seen.emplace(got.id, true);
      }
      while (seen.size() < kScaledNames) {
        const auto a =
            SplitWords(entities[name_rng() % entities.size()].display);
        const auto b =
            SplitWords(entities[name_rng() % entities.size()].display);
        FACTLINE_ASSIGN_OR_RETURN(graph::Entity got,
                                  w.InternEntity(a.front() + " " + b.back()));
        seen.emplace(got.id, true);
      }
      names20k = seen.size();
      return Status::Ok();
    }),
          "store 20k entities");
    t0 = Clock::now();
    c0 = ThreadCpuSeconds();
    Result<std::unique_ptr<index::SideIndex>> side20k =
        index::SideIndex::Open(**store20k, options);
    build20k_s = Seconds(t0, Clock::now());
    build20k_cpu_s = ThreadCpuSeconds() - c0;
    Check(side20k.status(), "open 20k side-index");
    std::filesystem::remove_all(dir20k);
  }

  // The same vectors, for brute force and raw hnswlib.
  const int dim = side.dimension();
  const index::Embedder& embedder = side.embedder();
  std::vector<float> vectors(entities.size() * static_cast<std::size_t>(dim));
  for (std::size_t i = 0; i < entities.size(); ++i) {
    Result<std::vector<float>> v = embedder.Embed(entities[i].display);
    Check(v.status(), "embed");
    std::copy(v->begin(), v->end(),
              vectors.begin() + static_cast<std::ptrdiff_t>(i) * dim);
  }
  hnswlib::InnerProductSpace space(static_cast<std::size_t>(dim));
  t0 = Clock::now();
  c0 = ThreadCpuSeconds();
  hnswlib::HierarchicalNSW<float> raw(
      &space, entities.size(), static_cast<std::size_t>(args.m),
      static_cast<std::size_t>(args.ef_construction));
  for (std::size_t i = 0; i < entities.size(); ++i) {
    raw.addPoint(vectors.data() + i * dim, entities[i].id);
  }
  const double raw_build_s = Seconds(t0, Clock::now());
  const double raw_build_cpu_s = ThreadCpuSeconds() - c0;
  raw.setEf(static_cast<std::size_t>(args.ef));

  // Queries.
  std::mt19937_64 rng(args.seed);
  std::vector<Query> queries;
  std::vector<float> qvecs;
  while (queries.size() < static_cast<std::size_t>(args.queries)) {
    const graph::Entity& e = entities[rng() % entities.size()];
    if (e.display.size() < 4) continue;
    Query q = Perturb(e.display, e.id, rng);
    Result<std::vector<float>> v = embedder.Embed(q.text);
    Check(v.status(), "embed query");
    qvecs.insert(qvecs.end(), v->begin(), v->end());
    queries.push_back(std::move(q));
  }

  // Quality.
  constexpr int kK = 10;
  double r1 = 0, r10 = 0;
  double true1 = 0, true10 = 0, brute_true1 = 0, brute_true10 = 0;
  std::map<std::string, std::pair<std::size_t, std::size_t>> by_kind;
  std::vector<std::pair<float, std::size_t>> scored(entities.size());
  std::unordered_map<EntityId, std::size_t> pos_of;
  for (std::size_t i = 0; i < entities.size(); ++i) pos_of[entities[i].id] = i;
  for (std::size_t qi = 0; qi < queries.size(); ++qi) {
    const float* qv = qvecs.data() + qi * dim;
    for (std::size_t i = 0; i < entities.size(); ++i) {
      scored[i] = {Dot(qv, vectors.data() + i * dim, dim), i};
    }
    std::partial_sort(
        scored.begin(), scored.begin() + kK, scored.end(),
        [](const auto& a, const auto& b) { return a.first > b.first; });
    Result<std::vector<index::Match>> got =
        side.FindEntities(queries[qi].text, kK);
    Check(got.status(), "FindEntities");
    // Tie-aware: a result counts when its exact score reaches the brute-force
    // k-th score (names with identical vectors are interchangeable).
    auto hits_at = [&](int k) {
      const float kth = scored[static_cast<std::size_t>(k) - 1].first - 1e-5f;
      int hits = 0;
      for (int i = 0; i < k && i < static_cast<int>(got->size()); ++i) {
        const std::size_t p = pos_of.at((*got)[static_cast<std::size_t>(i)].id);
        if (Dot(qv, vectors.data() + p * dim, dim) >= kth) ++hits;
      }
      return hits;
    };
    r1 += hits_at(1);
    r10 += hits_at(kK) / static_cast<double>(kK);
    const EntityId truth = queries[qi].truth;
    const bool t1_ok = !got->empty() && (*got)[0].id == truth;
    bool t10_ok = false;
    for (const index::Match& m : *got) t10_ok |= m.id == truth;
    true1 += t1_ok;
    true10 += t10_ok;
    brute_true1 += entities[scored[0].second].id == truth;
    for (int i = 0; i < kK; ++i) {
      brute_true10 +=
          entities[scored[static_cast<std::size_t>(i)].second].id == truth;
    }
    auto& kind = by_kind[queries[qi].kind];
    ++kind.first;
    kind.second += t1_ok;
  }
  const double n = static_cast<double>(queries.size());

  // Speed, single thread, same queries; the four variants take turns so
  // that load from other processes hits them alike.
  volatile std::size_t sink = 0;
  auto ours_text = [&](std::size_t i) {
    Result<std::vector<index::Match>> got =
        side.FindEntities(queries[i].text, kK);
    sink = sink + got->size();
  };
  auto ours_vector = [&](std::size_t i) {
    std::vector<float> q(
        qvecs.begin() + static_cast<std::ptrdiff_t>(i * dim),
        qvecs.begin() + static_cast<std::ptrdiff_t>((i + 1) * dim));
    Result<std::vector<index::Match>> got = side.FindEntitiesByVector(q, kK);
    sink = sink + got->size();
  };
  auto raw_vector = [&](std::size_t i) {
    auto r = raw.searchKnn(qvecs.data() + i * dim, kK);
    sink = sink + r.size();
  };
  auto raw_text = [&](std::size_t i) {
    Result<std::vector<float>> v = embedder.Embed(queries[i].text);
    auto r = raw.searchKnn(v->data(), kK);
    sink = sink + r.size();
  };
  double best[4] = {1e9, 1e9, 1e9, 1e9};
  for (int round = 0; round < kRounds; ++round) {
    best[0] = std::min(best[0], PassSeconds(queries.size(), ours_text));
    best[1] = std::min(best[1], PassSeconds(queries.size(), raw_text));
    best[2] = std::min(best[2], PassSeconds(queries.size(), ours_vector));
    best[3] = std::min(best[3], PassSeconds(queries.size(), raw_vector));
  }
  const double ours_qps = n / best[0];
  const double raw_embed_qps = n / best[1];
  const double ours_vec_qps = n / best[2];
  const double raw_qps = n / best[3];

  std::filesystem::remove_all(dir);

  const std::size_t names = entities.size();
  const double ratio_text = ours_qps / raw_embed_qps;
  const double ratio_vector = ours_vec_qps / raw_qps;
  if (args.json) {
    nlohmann::json j = {
        {"names", names},
        {"facts", raw_names.size() / 2},
        {"queries", queries.size()},
        {"seed", args.seed},
        {"dimension", dim},
        {"hnsw",
         {{"m", args.m},
          {"ef_construction", args.ef_construction},
          {"ef_search", args.ef}}},
        {"recall_at_1_vs_brute_force", r1 / n},
        {"recall_at_10_vs_brute_force", r10 / n},
        {"true_entity_at_1", true1 / n},
        {"true_entity_at_10", true10 / n},
        {"brute_force_true_entity_at_1", brute_true1 / n},
        {"brute_force_true_entity_at_10", brute_true10 / n},
        {"qps_find_entities_text", ours_qps},
        {"qps_raw_hnswlib_embed_and_search", raw_embed_qps},
        {"qps_ratio_text", ratio_text},
        {"qps_find_entities_vector", ours_vec_qps},
        {"qps_raw_hnswlib_search", raw_qps},
        {"qps_ratio_vector", ratio_vector},
        {"build_wall_seconds", build_s},
        {"build_cpu_seconds", build_cpu_s},
        {"names_scaled", names20k},
        {"build_scaled_wall_seconds", build20k_s},
        {"build_scaled_cpu_seconds", build20k_cpu_s},
        {"raw_hnswlib_build_wall_seconds", raw_build_s},
        {"raw_hnswlib_build_cpu_seconds", raw_build_cpu_s},
        {"save_seconds", save_s},
    };
    std::cout << j.dump(2) << "\n";
    return 0;
  }
  std::printf(
      "factline side-index benchmark: %zu entity names (%zu parsed facts) "
      "from %s\n",
      names, raw_names.size() / 2, args.data.c_str());
  std::printf("  %s\n", report.c_str());
  std::printf(
      "  dim %d, M %d, ef_construction %d, ef_search %d, %zu queries "
      "(seed %llu); QPS single-threaded, best of %d passes, per CPU second\n\n",
      dim, args.m, args.ef_construction, args.ef, queries.size(),
      static_cast<unsigned long long>(args.seed), kRounds);
  auto row = [](const std::string& name, double value, const char* fmt) {
    std::printf("  %-52s ", name.c_str());
    std::printf(fmt, value);
    std::printf("\n");
  };
  row("recall@1 vs brute force (same vectors)", r1 / n, "%10.4f");
  row("recall@10 vs brute force (target >= 0.98)", r10 / n, "%10.4f");
  row("true entity @1, side-index", true1 / n, "%10.4f");
  row("true entity @10, side-index", true10 / n, "%10.4f");
  row("true entity @1, brute force", brute_true1 / n, "%10.4f");
  row("true entity @10, brute force", brute_true10 / n, "%10.4f");
  for (const auto& [kind, c] : by_kind) {
    row("  true entity @1, " + kind + " (" + std::to_string(c.first) + ")",
        static_cast<double>(c.second) / static_cast<double>(c.first), "%10.4f");
  }
  row("QPS FindEntities(text)", ours_qps, "%10.0f");
  row("QPS raw hnswlib, Embed + searchKnn", raw_embed_qps, "%10.0f");
  row("  ratio (target >= 0.8)", ratio_text, "%10.2f");
  row("QPS FindEntitiesByVector", ours_vec_qps, "%10.0f");
  row("QPS raw hnswlib searchKnn, same vectors", raw_qps, "%10.0f");
  row("  ratio (target >= 0.8)", ratio_vector, "%10.2f");
  row("build, " + std::to_string(names) + " names: wall s", build_s, "%10.3f");
  row("build, " + std::to_string(names) + " names: CPU s", build_cpu_s,
      "%10.3f");
  row("build, " + std::to_string(names20k) + " names: wall s", build20k_s,
      "%10.3f");
  row("build, " + std::to_string(names20k) + " names: CPU s (target < 2)",
      build20k_cpu_s, "%10.3f");
  row("raw hnswlib build, " + std::to_string(names) + " names: CPU s",
      raw_build_cpu_s, "%10.3f");
  row("SideIndex::Save: wall s", save_s, "%10.3f");
  return 0;
}

}  // namespace
}  // namespace factline

int main(int argc, char** argv) {
  try {
    return factline::Run(factline::ParseArgs(argc, argv));
  } catch (const std::exception& e) {  // filesystem and JSON type errors
    std::cerr << "factline_bench_index: " << e.what() << "\n";
    return 1;
  }
}
