// The gate's JSON configuration: strict parsing (every error names its key)
// and the full dump `factline gate config` prints.
#include <nlohmann/json.hpp>
#include <sstream>

#include "resolver/resolver.h"

namespace factline::resolver {

namespace {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

constexpr std::string_view kFieldNames[] = {"model_id", "session_id", "source",
                                            "tx_time"};

Status Bad(const std::string& key, std::string_view what) {
  return Status::InvalidArgument("gate config: " + key + ": " +
                                 std::string(what));
}

std::string Join(const std::string& path, std::string_view key) {
  return path.empty() ? std::string(key) : path + "." + std::string(key);
}

// Refuses keys of `j` outside `known`.
Status CheckKeys(const Json& j, const std::string& path,
                 std::initializer_list<std::string_view> known) {
  if (!j.is_object()) {
    return Bad(path.empty() ? "(top level)" : path, "must be an object");
  }
  for (const auto& [key, value] : j.items()) {
    bool ok = false;
    for (std::string_view k : known) ok = ok || k == key;
    if (!ok) {
      return Status::InvalidArgument("gate config: unknown key '" +
                                     Join(path, key) + "'");
    }
  }
  return Status::Ok();
}

// Field readers: absent keys keep the default in *out.
Status GetBool(const Json& j, const std::string& path, const char* key,
               bool* out) {
  auto it = j.find(key);
  if (it == j.end()) return Status::Ok();
  if (!it->is_boolean()) return Bad(Join(path, key), "must be true or false");
  *out = it->get<bool>();
  return Status::Ok();
}

Status GetNumber(const Json& j, const std::string& path, const char* key,
                 double lo, double hi, double* out) {
  auto it = j.find(key);
  if (it == j.end()) return Status::Ok();
  if (!it->is_number() || it->get<double>() < lo || it->get<double>() > hi) {
    std::ostringstream what;
    what << "must be a number in [" << lo << ", " << hi << "]";
    return Bad(Join(path, key), what.str());
  }
  *out = it->get<double>();
  return Status::Ok();
}

Status GetInt(const Json& j, const std::string& path, const char* key, int lo,
              int hi, int* out) {
  auto it = j.find(key);
  if (it == j.end()) return Status::Ok();
  if (!it->is_number_integer() || it->get<std::int64_t>() < lo ||
      it->get<std::int64_t>() > hi) {
    return Bad(Join(path, key), "must be an integer in [" + std::to_string(lo) +
                                    ", " + std::to_string(hi) + "]");
  }
  *out = it->get<int>();
  return Status::Ok();
}

Status StringArray(const Json& j, const std::string& key,
                   std::vector<std::string>* out) {
  if (!j.is_array()) return Bad(key, "must be an array of strings");
  std::vector<std::string> values;
  for (std::size_t i = 0; i < j.size(); ++i) {
    const Json& v = j[i];
    if (!v.is_string() || v.get<std::string>().empty()) {
      return Bad(key + "[" + std::to_string(i) + "]",
                 "must be a non-empty string");
    }
    values.push_back(v.get<std::string>());
  }
  *out = std::move(values);
  return Status::Ok();
}

Status GetStrings(const Json& j, const std::string& path, const char* key,
                  std::vector<std::string>* out) {
  auto it = j.find(key);
  if (it == j.end()) return Status::Ok();
  return StringArray(*it, Join(path, key), out);
}

Status PositiveDays(const Json& v, const std::string& key, double* out) {
  if (!v.is_number() || v.get<double>() <= 0) {
    return Bad(key, "must be a positive number of days");
  }
  *out = v.get<double>();
  return Status::Ok();
}

// Origin-keyed objects ("human": ...) ; unknown origins are refused.
template <typename Fn>
Status ForEachOrigin(const Json& j, const std::string& path, Fn fn) {
  if (!j.is_object()) return Bad(path, "must be an object keyed by origin");
  for (const auto& [key, value] : j.items()) {
    auto origin = ParseOrigin(key);
    if (!origin.ok()) {
      return Status::InvalidArgument("gate config: unknown key '" +
                                     Join(path, key) + "' (" +
                                     origin.status().message() + ")");
    }
    FACTLINE_RETURN_IF_ERROR(fn(*origin, value, Join(path, key)));
  }
  return Status::Ok();
}

Result<RuleAction> ParseRuleAction(const Json& v, const std::string& key) {
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    if (s == "allow") return RuleAction::kAllow;
    if (s == "queue") return RuleAction::kQueue;
    if (s == "reject") return RuleAction::kReject;
    if (s == "refuse") return RuleAction::kRefuse;
  }
  return Bad(key,
             "must be one of \"allow\", \"queue\", \"reject\", \"refuse\"");
}

std::string_view RuleActionName(RuleAction a) {
  switch (a) {
    case RuleAction::kAllow:
      return "allow";
    case RuleAction::kQueue:
      return "queue";
    case RuleAction::kReject:
      return "reject";
    case RuleAction::kRefuse:
      return "refuse";
  }
  return "queue";
}

Status ParseProvenance(const Json& j, ProvenanceRules* out) {
  const std::string path = "provenance";
  FACTLINE_RETURN_IF_ERROR(CheckKeys(
      j, path,
      {"required", "preference_requires_human", "decision_requires_session"}));
  if (auto it = j.find("required"); it != j.end()) {
    FACTLINE_RETURN_IF_ERROR(ForEachOrigin(
        *it, path + ".required",
        [&](Origin origin, const Json& v, const std::string& key) -> Status {
          std::vector<std::string> fields;
          FACTLINE_RETURN_IF_ERROR(StringArray(v, key, &fields));
          for (const std::string& f : fields) {
            bool known = false;
            for (std::string_view name : kFieldNames) known |= name == f;
            if (!known) {
              return Bad(key, "unknown field '" + f +
                                  "' (expected model_id, session_id, source "
                                  "or tx_time)");
            }
          }
          out->required[static_cast<std::size_t>(origin)] = fields;
          return Status::Ok();
        }));
  }
  if (auto it = j.find("preference_requires_human"); it != j.end()) {
    FACTLINE_ASSIGN_OR_RETURN(
        out->preference_requires_human,
        ParseRuleAction(*it, path + ".preference_requires_human"));
  }
  return GetBool(j, path, "decision_requires_session",
                 &out->decision_requires_session);
}

Status ParseSections(const Json& j, GateConfig* c) {
  FACTLINE_RETURN_IF_ERROR(
      CheckKeys(j, "",
                {"enabled", "provenance", "noise", "significance", "transient",
                 "duplicate", "contradiction", "confidence", "hedging", "decay",
                 "reverify", "stats"}));
  FACTLINE_RETURN_IF_ERROR(GetBool(j, "", "enabled", &c->enabled));
  auto section = [&](const char* name) -> const Json* {
    auto it = j.find(name);
    return it == j.end() ? nullptr : &*it;
  };
  if (const Json* s = section("provenance")) {
    FACTLINE_RETURN_IF_ERROR(ParseProvenance(*s, &c->provenance));
  }
  if (const Json* s = section("noise")) {
    FACTLINE_RETURN_IF_ERROR(
        CheckKeys(*s, "noise", {"enabled", "extra_patterns"}));
    FACTLINE_RETURN_IF_ERROR(
        GetBool(*s, "noise", "enabled", &c->noise.enabled));
    FACTLINE_RETURN_IF_ERROR(
        GetStrings(*s, "noise", "extra_patterns", &c->noise.extra_patterns));
  }
  if (const Json* s = section("significance")) {
    const std::string p = "significance";
    auto& r = c->significance;
    FACTLINE_RETURN_IF_ERROR(CheckKeys(*s, p,
                                       {"high_human_share", "min_score_high",
                                        "min_score_low", "min_score_none"}));
    FACTLINE_RETURN_IF_ERROR(
        GetNumber(*s, p, "high_human_share", 0, 1, &r.high_human_share));
    FACTLINE_RETURN_IF_ERROR(
        GetInt(*s, p, "min_score_high", 0, 1000, &r.min_score_high));
    FACTLINE_RETURN_IF_ERROR(
        GetInt(*s, p, "min_score_low", 0, 1000, &r.min_score_low));
    FACTLINE_RETURN_IF_ERROR(
        GetInt(*s, p, "min_score_none", 0, 1000, &r.min_score_none));
  }
  if (const Json* s = section("transient")) {
    FACTLINE_RETURN_IF_ERROR(
        CheckKeys(*s, "transient", {"enabled", "extra_patterns"}));
    FACTLINE_RETURN_IF_ERROR(
        GetBool(*s, "transient", "enabled", &c->transient.enabled));
    FACTLINE_RETURN_IF_ERROR(GetStrings(*s, "transient", "extra_patterns",
                                        &c->transient.extra_patterns));
  }
  if (const Json* s = section("duplicate")) {
    FACTLINE_RETURN_IF_ERROR(
        CheckKeys(*s, "duplicate",
                  {"enabled", "near_threshold", "near_reinforce_threshold"}));
    FACTLINE_RETURN_IF_ERROR(
        GetBool(*s, "duplicate", "enabled", &c->duplicate.enabled));
    FACTLINE_RETURN_IF_ERROR(GetNumber(*s, "duplicate", "near_threshold", 0, 1,
                                       &c->duplicate.near_threshold));
    if (auto it = s->find("near_reinforce_threshold");
        it != s->end() && !it->is_null()) {
      double reinforce = 0;
      FACTLINE_RETURN_IF_ERROR(GetNumber(
          *s, "duplicate", "near_reinforce_threshold", 0, 1, &reinforce));
      c->duplicate.near_reinforce_threshold = reinforce;
    }
  }
  if (const Json* s = section("contradiction")) {
    const std::string p = "contradiction";
    auto& r = c->contradiction;
    FACTLINE_RETURN_IF_ERROR(
        CheckKeys(*s, p,
                  {"enabled", "origin_trust", "human_counts_as_verified",
                   "confidence_tolerance"}));
    FACTLINE_RETURN_IF_ERROR(GetBool(*s, p, "enabled", &r.enabled));
    if (auto it = s->find("origin_trust"); it != s->end()) {
      FACTLINE_RETURN_IF_ERROR(ForEachOrigin(
          *it, p + ".origin_trust",
          [&](Origin origin, const Json& v, const std::string& key) -> Status {
            if (!v.is_number_integer() || v.get<std::int64_t>() < 0 ||
                v.get<std::int64_t>() > 100) {
              return Bad(key, "must be an integer in [0, 100]");
            }
            r.origin_trust[static_cast<std::size_t>(origin)] = v.get<int>();
            return Status::Ok();
          }));
    }
    FACTLINE_RETURN_IF_ERROR(GetBool(*s, p, "human_counts_as_verified",
                                     &r.human_counts_as_verified));
    FACTLINE_RETURN_IF_ERROR(GetNumber(*s, p, "confidence_tolerance", 0, 1,
                                       &r.confidence_tolerance));
  }
  if (const Json* s = section("confidence")) {
    const std::string p = "confidence";
    FACTLINE_RETURN_IF_ERROR(
        CheckKeys(*s, p, {"auto_approve", "reject_below"}));
    FACTLINE_RETURN_IF_ERROR(
        GetNumber(*s, p, "auto_approve", 0, 1, &c->confidence.auto_approve));
    FACTLINE_RETURN_IF_ERROR(
        GetNumber(*s, p, "reject_below", 0, 1, &c->confidence.reject_below));
  }
  if (c->confidence.reject_below > c->confidence.auto_approve) {
    return Bad("confidence.reject_below",
               "must not exceed confidence.auto_approve");
  }
  if (const Json* s = section("hedging")) {
    const std::string p = "hedging";
    FACTLINE_RETURN_IF_ERROR(
        CheckKeys(*s, p, {"enabled", "factor", "extra_phrases"}));
    FACTLINE_RETURN_IF_ERROR(GetBool(*s, p, "enabled", &c->hedging.enabled));
    FACTLINE_RETURN_IF_ERROR(
        GetNumber(*s, p, "factor", 0, 1, &c->hedging.factor));
    FACTLINE_RETURN_IF_ERROR(
        GetStrings(*s, p, "extra_phrases", &c->hedging.extra_phrases));
  }
  if (const Json* s = section("decay")) {
    const std::string p = "decay";
    auto& r = c->decay;
    FACTLINE_RETURN_IF_ERROR(CheckKeys(
        *s, p, {"half_life_days", "floor", "by_category", "by_relation"}));
    FACTLINE_RETURN_IF_ERROR(
        GetNumber(*s, p, "half_life_days", 1e-6, 1e6, &r.half_life_days));
    FACTLINE_RETURN_IF_ERROR(GetNumber(*s, p, "floor", 0, 1, &r.floor));
    if (auto it = s->find("by_category"); it != s->end()) {
      if (!it->is_object()) return Bad(p + ".by_category", "must be an object");
      for (const auto& [key, v] : it->items()) {
        auto category = ParseCategory(key);
        if (!category.ok()) {
          return Status::InvalidArgument("gate config: unknown key '" + p +
                                         ".by_category." + key + "' (" +
                                         category.status().message() + ")");
        }
        double days = 0;
        FACTLINE_RETURN_IF_ERROR(
            PositiveDays(v, p + ".by_category." + key, &days));
        r.by_category[*category] = days;
      }
    }
    if (auto it = s->find("by_relation"); it != s->end()) {
      if (!it->is_object()) return Bad(p + ".by_relation", "must be an object");
      for (const auto& [key, v] : it->items()) {
        FACTLINE_RETURN_IF_ERROR(
            PositiveDays(v, p + ".by_relation." + key, &r.by_relation[key]));
      }
    }
  }
  if (const Json* s = section("reverify")) {
    const std::string p = "reverify";
    FACTLINE_RETURN_IF_ERROR(
        CheckKeys(*s, p, {"min_age_days", "min_confidence"}));
    FACTLINE_RETURN_IF_ERROR(
        GetNumber(*s, p, "min_age_days", 0, 1e6, &c->reverify.min_age_days));
    FACTLINE_RETURN_IF_ERROR(
        GetNumber(*s, p, "min_confidence", 0, 1, &c->reverify.min_confidence));
  }
  if (const Json* s = section("stats")) {
    FACTLINE_RETURN_IF_ERROR(
        CheckKeys(*s, "stats", {"fallback_warn_per_hour"}));
    FACTLINE_RETURN_IF_ERROR(GetInt(*s, "stats", "fallback_warn_per_hour", 0,
                                    1000000, &c->stats.fallback_warn_per_hour));
  }
  return Status::Ok();
}

}  // namespace

Result<GateConfig> ParseGateConfig(std::string_view json) {
  const Json j = Json::parse(json, nullptr, false);
  if (j.is_discarded()) {
    return Status::InvalidArgument("gate config: malformed JSON");
  }
  GateConfig config;
  FACTLINE_RETURN_IF_ERROR(ParseSections(j, &config));
  return config;
}

Result<GateConfig> LoadGateConfig(const std::string& path) {
  auto text = ReadFile(path);
  if (!text.ok()) return text.status().WithContext("gate config");
  auto config = ParseGateConfig(*text);
  if (!config.ok()) return config.status().WithContext(path);
  return config;
}

std::string GateConfigToJson(const GateConfig& c) {
  auto by_origin = [](auto values) {
    OrderedJson j = OrderedJson::object();
    for (std::size_t i = 0; i < kOriginCount; ++i) {
      j[std::string(ToString(static_cast<Origin>(i)))] = values[i];
    }
    return j;
  };
  OrderedJson by_category = OrderedJson::object();
  for (const auto& [category, days] : c.decay.by_category) {
    by_category[std::string(ToString(category))] = days;
  }
  OrderedJson by_relation = OrderedJson::object();
  for (const auto& [relation, days] : c.decay.by_relation) {
    by_relation[relation] = days;
  }
  OrderedJson j = {
      {"enabled", c.enabled},
      {"provenance",
       {{"required", by_origin(c.provenance.required)},
        {"preference_requires_human",
         RuleActionName(c.provenance.preference_requires_human)},
        {"decision_requires_session", c.provenance.decision_requires_session}}},
      {"noise",
       {{"enabled", c.noise.enabled},
        {"extra_patterns", c.noise.extra_patterns}}},
      {"significance",
       {{"high_human_share", c.significance.high_human_share},
        {"min_score_high", c.significance.min_score_high},
        {"min_score_low", c.significance.min_score_low},
        {"min_score_none", c.significance.min_score_none}}},
      {"transient",
       {{"enabled", c.transient.enabled},
        {"extra_patterns", c.transient.extra_patterns}}},
      {"duplicate",
       {{"enabled", c.duplicate.enabled},
        {"near_threshold", c.duplicate.near_threshold},
        {"near_reinforce_threshold",
         c.duplicate.near_reinforce_threshold
             ? Json(*c.duplicate.near_reinforce_threshold)
             : Json(nullptr)}}},
      {"contradiction",
       {{"enabled", c.contradiction.enabled},
        {"origin_trust", by_origin(c.contradiction.origin_trust)},
        {"human_counts_as_verified", c.contradiction.human_counts_as_verified},
        {"confidence_tolerance", c.contradiction.confidence_tolerance}}},
      {"confidence",
       {{"auto_approve", c.confidence.auto_approve},
        {"reject_below", c.confidence.reject_below}}},
      {"hedging",
       {{"enabled", c.hedging.enabled},
        {"factor", c.hedging.factor},
        {"extra_phrases", c.hedging.extra_phrases}}},
      {"decay",
       {{"half_life_days", c.decay.half_life_days},
        {"floor", c.decay.floor},
        {"by_category", by_category},
        {"by_relation", by_relation}}},
      {"reverify",
       {{"min_age_days", c.reverify.min_age_days},
        {"min_confidence", c.reverify.min_confidence}}},
      {"stats", {{"fallback_warn_per_hour", c.stats.fallback_warn_per_hour}}},
  };
  return j.dump(2);
}

}  // namespace factline::resolver
