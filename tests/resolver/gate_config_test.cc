// The gate's JSON configuration: defaults, partial files, and refusals that
// name the offending key.
#include <catch2/catch.hpp>
#include <fstream>

#include "resolver/resolver.h"
#include "tests/test_util.h"

namespace factline::resolver {
namespace {

std::string ErrorOf(std::string_view json) {
  auto config = ParseGateConfig(json);
  REQUIRE_FALSE(config.ok());
  CHECK(config.status().IsInvalidArgument());
  return config.status().message();
}

TEST_CASE("Gate config: the defaults round-trip through JSON",
          "[resolver][gate]") {
  const GateConfig defaults;
  CHECK(defaults.enabled);
  CHECK(defaults.confidence.auto_approve == 0.85);
  CHECK(defaults.confidence.reject_below == 0.5);
  CHECK(defaults.duplicate.near_threshold == 0.92);
  CHECK(defaults.decay.half_life_days == 30);
  CHECK(defaults.decay.floor == 0.1);
  CHECK(defaults.reverify.min_age_days == 14);
  CHECK(defaults.reverify.min_confidence == 0.8);
  CHECK(defaults.stats.fallback_warn_per_hour == 10);
  CHECK(defaults.significance.min_score_high == 5);
  CHECK(defaults.significance.min_score_low == 10);
  CHECK(defaults.significance.min_score_none == 15);
  const std::string json = GateConfigToJson(defaults);
  auto parsed = ParseGateConfig(json);
  REQUIRE(parsed.ok());
  CHECK(GateConfigToJson(*parsed) == json);
  CHECK(json.find("\"auto_approve\": 0.85") != std::string::npos);
  CHECK(ParseGateConfig("{}").ok());
}

TEST_CASE("Gate config: a partial file changes only what it names",
          "[resolver][gate]") {
  auto config = ParseGateConfig(R"({
    "confidence": {"auto_approve": 0.9},
    "provenance": {"required": {"dataset": ["source"], "human": ["session_id"]},
                   "preference_requires_human": "refuse"},
    "contradiction": {"origin_trust": {"fallback": 0}},
    "decay": {"by_category": {"context": 7}, "by_relation": {"lives in": 365}},
    "noise": {"extra_patterns": ["^BUILD FAILED$"]},
    "stats": {"fallback_warn_per_hour": 3}
  })");
  REQUIRE(config.ok());
  CHECK(config->confidence.auto_approve == 0.9);
  CHECK(config->confidence.reject_below == 0.5);
  CHECK(config->provenance.required[static_cast<int>(Origin::kDataset)] ==
        std::vector<std::string>{"source"});
  CHECK(config->provenance.required[static_cast<int>(Origin::kHuman)] ==
        std::vector<std::string>{"session_id"});
  CHECK(config->provenance.required[static_cast<int>(Origin::kFallback)] ==
        std::vector<std::string>{"model_id", "session_id"});
  CHECK(config->provenance.preference_requires_human == RuleAction::kRefuse);
  CHECK(
      config->contradiction.origin_trust[static_cast<int>(Origin::kFallback)] ==
      0);
  CHECK(config->contradiction.origin_trust[static_cast<int>(Origin::kHuman)] ==
        5);
  CHECK(config->decay.by_category.at(Category::kContext) == 7);
  CHECK(config->decay.by_relation.at("lives in") == 365);
  CHECK(config->noise.extra_patterns.size() == 1);
  CHECK(config->stats.fallback_warn_per_hour == 3);
  CHECK(ParseGateConfig(R"({"enabled": false})")->enabled == false);
}

TEST_CASE("Gate config: an invalid file is refused with the key named",
          "[resolver][gate]") {
  CHECK(ErrorOf(R"({"confidence": {"auto_aprove": 0.9}})")
            .find("'confidence.auto_aprove'") != std::string::npos);
  CHECK(ErrorOf(R"({"confidense": {}})").find("'confidense'") !=
        std::string::npos);
  CHECK(ErrorOf(R"({"confidence": {"auto_approve": "high"}})")
            .find("confidence.auto_approve") != std::string::npos);
  CHECK(ErrorOf(R"({"confidence": {"auto_approve": 1.5}})")
            .find("confidence.auto_approve") != std::string::npos);
  CHECK(ErrorOf(R"({"confidence": {"auto_approve": 0.4}})")
            .find("confidence.reject_below") != std::string::npos);
  CHECK(ErrorOf(R"({"enabled": "yes"})").find("enabled") != std::string::npos);
  CHECK(ErrorOf(R"({"provenance": {"required": {"robot": []}}})")
            .find("provenance.required.robot") != std::string::npos);
  CHECK(ErrorOf(R"({"provenance": {"required": {"human": ["email"]}}})")
            .find("provenance.required.human") != std::string::npos);
  CHECK(ErrorOf(R"({"provenance": {"preference_requires_human": "maybe"}})")
            .find("provenance.preference_requires_human") != std::string::npos);
  CHECK(ErrorOf(R"({"noise": {"extra_patterns": ["ok", 3]}})")
            .find("noise.extra_patterns[1]") != std::string::npos);
  CHECK(ErrorOf(R"({"decay": {"by_category": {"mood": 3}}})")
            .find("decay.by_category.mood") != std::string::npos);
  CHECK(ErrorOf(R"({"decay": {"by_relation": {"likes": 0}}})")
            .find("decay.by_relation.likes") != std::string::npos);
  CHECK(ErrorOf(R"({"significance": {"min_score_low": 2.5}})")
            .find("significance.min_score_low") != std::string::npos);
  CHECK(ErrorOf("[1, 2]").find("must be an object") != std::string::npos);
  CHECK(ErrorOf("{\"noise\": ").find("malformed JSON") != std::string::npos);
}

TEST_CASE("Gate config: a pattern RE2 rejects is named when compiled",
          "[resolver][gate]") {
  auto config = ParseGateConfig(R"({"transient": {"extra_patterns": ["(a"]}})");
  REQUIRE(config.ok());
  auto screen = TextScreen::Create(*config);
  REQUIRE_FALSE(screen.ok());
  CHECK(screen.status().message().find("transient.extra_patterns[0]") !=
        std::string::npos);
  testing::ScratchDir dir;
  auto store = graph::Store::Open(dir.Sub("db"), {}).value();
  ResolverOptions options;
  options.gate_config = *config;
  auto resolver = Resolver::Create(store.get(), std::move(options));
  REQUIRE_FALSE(resolver.ok());
  CHECK(resolver.status().message().find("transient.extra_patterns[0]") !=
        std::string::npos);
}

TEST_CASE("Gate config: files are read, missing ones are IOError",
          "[resolver][gate]") {
  testing::ScratchDir dir;
  std::ofstream(dir.Sub("gate.json"))
      << R"({"confidence": {"reject_below": 0.2}})";
  auto config = LoadGateConfig(dir.Sub("gate.json"));
  REQUIRE(config.ok());
  CHECK(config->confidence.reject_below == 0.2);
  auto missing = LoadGateConfig(dir.Sub("absent.json"));
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.status().code() == StatusCode::kIOError);
  std::ofstream(dir.Sub("bad.json")) << R"({"stats": {"fallback": 1}})";
  auto bad = LoadGateConfig(dir.Sub("bad.json"));
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().message().find("bad.json") != std::string::npos);
  CHECK(bad.status().message().find("stats.fallback") != std::string::npos);
}

}  // namespace
}  // namespace factline::resolver
