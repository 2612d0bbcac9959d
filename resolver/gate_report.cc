// What the gate did, read back from the audit log (BuildGateReport), and
// the decay of retrieval weight with age.
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "resolver/resolver.h"

namespace factline::resolver {

namespace {

constexpr Timestamp kHourMicros = Timestamp{3600} * 1000 * 1000;
constexpr double kDayMicros = 86400.0 * 1e6;
constexpr std::size_t kBatch = 4096;

// The origin of whatever the record offered: an atom, a held item's atom,
// or a dropped line.
std::optional<Origin> OriginOf(const nlohmann::json& j) {
  const nlohmann::json* holder = &j;
  if (auto item = j.find("item"); item != j.end() && item->is_object()) {
    holder = &*item;
  }
  if (auto atom = holder->find("atom");
      atom != holder->end() && atom->is_object()) {
    holder = &*atom;
  }
  auto origin = holder->find("origin");
  if (origin == holder->end() || !origin->is_string()) return std::nullopt;
  auto parsed = ParseOrigin(origin->get<std::string>());
  if (!parsed.ok()) return std::nullopt;
  return *parsed;
}

bool IsOffer(std::string_view action) {
  for (Action a : {Action::kAdded, Action::kSuperseded, Action::kReinforced,
                   Action::kStoredAsHistory, Action::kRejected, Action::kQueued,
                   Action::kNoise, Action::kTransient}) {
    if (ToString(a) == action) return true;
  }
  return false;
}

}  // namespace

Result<GateReport> BuildGateReport(const graph::Reader& reader,
                                   const GateConfig& config) {
  GateReport report;
  std::map<std::pair<Timestamp, Origin>, std::uint64_t> hours;
  for (std::uint64_t since = 1;;) {
    FACTLINE_ASSIGN_OR_RETURN(std::vector<graph::AuditRecord> records,
                              reader.Audit(since, kBatch));
    if (records.empty()) break;
    for (const graph::AuditRecord& r : records) {
      ++report.actions[r.action];
      // A quarantine of a held item (review rejection) offers nothing new.
      if (!IsOffer(r.action)) continue;
      const auto j = nlohmann::json::parse(r.detail, nullptr, false);
      if (j.is_discarded() || !j.is_object()) continue;
      std::optional<Origin> origin = OriginOf(j);
      if (!origin) continue;
      const Timestamp hour =
          r.time - ((r.time % kHourMicros) + kHourMicros) % kHourMicros;
      ++hours[{hour, *origin}];
    }
    since = records.back().seq + 1;
  }
  for (const auto& [key, writes] : hours) {
    report.by_hour.push_back({key.first, key.second, writes});
    if (key.second == Origin::kFallback &&
        writes >
            static_cast<std::uint64_t>(config.stats.fallback_warn_per_hour)) {
      report.warnings.push_back(
          std::to_string(writes) + " fallback-model writes in the hour from " +
          FormatTimestamp(key.first) + " (threshold " +
          std::to_string(config.stats.fallback_warn_per_hour) + " per hour)");
    }
  }
  auto count = [&](Action a) {
    auto it = report.actions.find(std::string(ToString(a)));
    return it == report.actions.end() ? std::uint64_t{0} : it->second;
  };
  report.signal = count(Action::kAdded) + count(Action::kSuperseded) +
                  count(Action::kReinforced) + count(Action::kStoredAsHistory);
  report.noise = count(Action::kNoise) + count(Action::kTransient) +
                 count(Action::kRejected);
  report.signal_to_noise = report.noise == 0
                               ? -1.0
                               : static_cast<double>(report.signal) /
                                     static_cast<double>(report.noise);
  return report;
}

double HalfLifeDays(const GateConfig& config, const Atom& atom) {
  const DecayRules& d = config.decay;
  if (auto it = d.by_relation.find(atom.relation); it != d.by_relation.end()) {
    return it->second;
  }
  if (auto it = d.by_category.find(atom.category); it != d.by_category.end()) {
    return it->second;
  }
  return d.half_life_days;
}

double RetrievalWeight(const GateConfig& config, const Atom& atom,
                       Timestamp refreshed, Timestamp now) {
  const Timestamp since = std::max(atom.tx_time, refreshed);
  const double age_days =
      std::max(0.0, static_cast<double>(now - since) / kDayMicros);
  const double weight = atom.provenance.confidence *
                        std::pow(0.5, age_days / HalfLifeDays(config, atom));
  return std::max(config.decay.floor, weight);
}

}  // namespace factline::resolver
