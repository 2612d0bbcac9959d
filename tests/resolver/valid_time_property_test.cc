// The valid-time model against a plain reference (DESIGN.md section 1) on
// random slot histories: random intervals (open and closed), random
// cardinality, random values (repeats reinforce), random arrival order.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "resolver/resolver.h"
#include "tests/test_util.h"

namespace factline::resolver {
namespace {

using testing::ScratchDir;

constexpr const char* kOne = "P19";     // place of birth: one-valued
constexpr const char* kMany = "likes";  // many-valued
constexpr Timestamp kHorizon = 48;      // valid times are drawn in [0, 40)

// One statement as the source gave it; `to` kForever is open.
struct Stated {
  Timestamp from = 0;
  Timestamp to = kForever;
  std::string value;
};

// The reference model, written from the design note alone: process the
// statements in learned order on a timeline of (from, to, index).
std::set<std::string> ReferenceAt(const std::vector<Stated>& learned, bool many,
                                  Timestamp t) {
  std::set<std::string> out;
  if (many) {
    for (const Stated& s : learned) {
      if (s.from <= t && t < s.to) out.insert(s.value);
    }
    return out;
  }
  struct Seg {
    Timestamp from, to;
    std::size_t index;
  };
  std::vector<Seg> timeline;
  for (std::size_t i = 0; i < learned.size(); ++i) {
    const Timestamp f = learned[i].from;
    Timestamp e = learned[i].to;
    if (e == kForever) {
      for (const Seg& s : timeline) {
        if (s.from > f) e = std::min(e, s.from);
      }
    }
    if (f >= e) continue;
    std::vector<Seg> next;
    for (const Seg& s : timeline) {
      if (s.to <= f || s.from >= e) {
        next.push_back(s);
        continue;
      }
      if (s.from < f) next.push_back({s.from, f, s.index});
      if (s.to > e) next.push_back({e, s.to, s.index});
    }
    next.push_back({f, e, i});
    timeline = std::move(next);
  }
  for (const Seg& s : timeline) {
    if (s.from <= t && t < s.to) out.insert(learned[s.index].value);
  }
  return out;
}

struct History {
  std::string subject;
  bool many = false;
  std::vector<Stated> learned;  // in arrival order
};

// Writes every history into one store (each in its arrival order, one
// batch per chunk of histories) and returns the engine's answers: for each
// history, the values at each t in [-1, kHorizon).
class Engine {
 public:
  Engine() {
    ResolverOptions options;
    options.gate_config.enabled = false;  // the model, not the gate
    resolver_ = Resolver::Create(store_.get(), std::move(options)).value();
  }

  void Write(const std::vector<History>& histories) {
    std::vector<Atom> batch;
    for (const History& h : histories) {
      for (const Stated& s : h.learned) {
        Atom atom;
        atom.subject = h.subject;
        atom.relation = h.many ? kMany : kOne;
        atom.value = s.value;
        atom.valid_from = s.from;
        atom.valid_to = s.to;
        atom.tx_time = ++tx_;
        atom.provenance.origin = Origin::kDataset;
        batch.push_back(std::move(atom));
      }
      if (batch.size() >= 4096) Flush(&batch);
    }
    Flush(&batch);
  }

  std::vector<std::set<std::string>> Answers(const History& h) {
    std::vector<std::set<std::string>> out;
    REQUIRE(
        store_
            ->Read([&](const graph::Reader& r) -> Status {
              FACTLINE_ASSIGN_OR_RETURN(graph::Entity e,
                                        r.FindEntity(h.subject));
              FACTLINE_ASSIGN_OR_RETURN(graph::Relation rel,
                                        r.FindRelation(h.many ? kMany : kOne));
              // No timeline: nothing was placed (empty intervals).
              auto stored = r.Timeline(e.id, rel.id);
              if (!stored.ok() && !stored.status().IsNotFound()) {
                return stored.status();
              }
              const std::vector<graph::ValidSegment> timeline =
                  stored.ok() ? *stored : std::vector<graph::ValidSegment>();
              for (Timestamp t = -1; t < kHorizon; ++t) {
                std::set<std::string>& values = out.emplace_back();
                for (AtomId id : graph::OwnersAt(timeline, t)) {
                  FACTLINE_ASSIGN_OR_RETURN(Atom a, r.GetAtom(id));
                  values.insert(a.value);
                }
              }
              return Status::Ok();
            })
            .ok());
    return out;
  }

 private:
  void Flush(std::vector<Atom>* batch) {
    if (batch->empty()) return;
    auto decisions = resolver_->Write(std::move(*batch));
    REQUIRE(decisions.ok());
    batch->clear();
  }

  ScratchDir dir_;
  std::unique_ptr<graph::Store> store_ =
      graph::Store::Open(dir_.Sub("db"), graph::StoreOptions()).value();
  std::unique_ptr<Resolver> resolver_;
  Timestamp tx_ = 1'000'000;
};

Stated RandomStated(std::mt19937_64& rng) {
  Stated s;
  s.from = static_cast<Timestamp>(rng() % 40);
  if (rng() % 2 == 0) s.to = s.from + static_cast<Timestamp>(rng() % 16);
  s.value = std::string(1, static_cast<char>('a' + rng() % 4));
  return s;
}

TEST_CASE(
    "Valid time: the builtin relations used here have the expected "
    "cardinality",
    "[resolver][valid_time]") {
  REQUIRE(Lexicon::Builtin().CardinalityOf(kOne) == Cardinality::kOne);
  REQUIRE(Lexicon::Builtin().CardinalityOf(kMany) == Cardinality::kMany);
}

TEST_CASE(
    "Valid time: as-of-valid equals the reference model on 10,000 "
    "random slot histories",
    "[resolver][valid_time]") {
  std::mt19937_64 rng(20261201);
  std::vector<History> histories(10000);
  for (std::size_t i = 0; i < histories.size(); ++i) {
    History& h = histories[i];
    h.subject = "subject " + std::to_string(i);
    h.many = rng() % 3 == 0;
    const std::size_t n = 1 + rng() % 6;
    for (std::size_t k = 0; k < n; ++k) h.learned.push_back(RandomStated(rng));
  }
  Engine engine;
  engine.Write(histories);
  std::size_t mismatches = 0, answered = 0, asked = 0;
  for (const History& h : histories) {
    const auto answers = engine.Answers(h);
    for (Timestamp t = -1; t < kHorizon; ++t) {
      const auto expected = ReferenceAt(h.learned, h.many, t);
      ++asked;
      answered += !expected.empty();
      if (answers[static_cast<std::size_t>(t + 1)] != expected) {
        if (++mismatches <= 5) {
          std::string why = h.subject + (h.many ? " many" : " one") +
                            " t=" + std::to_string(t) + ":";
          for (const Stated& s : h.learned) {
            why += " " + s.value + "[" + std::to_string(s.from) + "," +
                   (s.to == kForever ? "open" : std::to_string(s.to)) + ")";
          }
          UNSCOPED_INFO(why);
        }
      }
    }
  }
  CHECK(mismatches == 0);
  // The histories are not degenerate: most instants have a value.
  CHECK(answered * 2 > asked);
}

// A history whose stated intervals do not conflict: many-valued, or
// one-valued with closed intervals that do not overlap each other and all
// end before the earliest open start, and open starts that differ.
History NonConflicting(std::mt19937_64& rng, std::size_t i) {
  History h;
  h.subject = "calm " + std::to_string(i);
  h.many = rng() % 3 == 0;
  const std::size_t n = 1 + rng() % 6;
  if (h.many) {
    for (std::size_t k = 0; k < n; ++k) h.learned.push_back(RandomStated(rng));
    return h;
  }
  std::set<Timestamp> points;
  while (points.size() < n) points.insert(static_cast<Timestamp>(rng() % 40));
  const std::vector<Timestamp> p(points.begin(), points.end());
  const std::size_t closed = rng() % (n + 1);
  for (std::size_t k = 0; k < n; ++k) {
    Stated s;
    s.from = p[k];
    s.value = std::string(1, static_cast<char>('a' + rng() % 4));
    if (k < closed) {
      const Timestamp room = k + 1 < n ? p[k + 1] - p[k] : 8;
      s.to = p[k] + 1 + static_cast<Timestamp>(rng() % room);
    }
    h.learned.push_back(s);
  }
  return h;
}

TEST_CASE(
    "Valid time: arrival order never changes answers where intervals "
    "do not conflict",
    "[resolver][valid_time]") {
  std::mt19937_64 rng(77);
  std::vector<History> ordered, shuffled;
  for (std::size_t i = 0; i < 3000; ++i) {
    History h = NonConflicting(rng, i);
    ordered.push_back(h);
    std::shuffle(h.learned.begin(), h.learned.end(), rng);
    h.subject = "shuffled " + std::to_string(i);
    shuffled.push_back(std::move(h));
  }
  Engine engine;
  engine.Write(ordered);
  engine.Write(shuffled);
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < ordered.size(); ++i) {
    const auto a = engine.Answers(ordered[i]);
    const auto b = engine.Answers(shuffled[i]);
    for (std::size_t k = 0; k < a.size(); ++k) {
      mismatches += a[k] != b[k];
      // And both agree with the reference.
      const auto expected = ReferenceAt(ordered[i].learned, ordered[i].many,
                                        static_cast<Timestamp>(k) - 1);
      mismatches += a[k] != expected;
    }
  }
  CHECK(mismatches == 0);
}

}  // namespace
}  // namespace factline::resolver
