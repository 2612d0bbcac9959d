// Ingesting whole FactConsolidation contexts through the public API and
// checking the counts NOTES.md derives from the data.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "query/query.h"
#include "tests/test_util.h"

namespace factline {
namespace {

struct Expected {
  const char* source;
  std::size_t facts, slots, supersessions;
  // Slots NOTES.md counts twice because their subjects differ only in case
  // ("1152. Safety ..." and "8617. safety ...", same sport): keys fold case,
  // so the second statement reinforces the first instead of opening a slot.
  std::size_t case_merged = 0;
};

std::vector<TextFact> ContextFacts(const std::string& source) {
  static const nlohmann::json doc =
      nlohmann::json::parse(testing::ReadFile(testing::SourcePath(
          "datasets/factconsolidation/Conflict_Resolution.json")));
  for (const auto& row : doc) {
    if (row["metadata"]["source"] != source) continue;
    std::string context = row["context"];
    std::vector<TextFact> facts;
    std::size_t start = 0;
    while (start < context.size()) {
      std::size_t end = context.find('\n', start);
      if (end == std::string::npos) end = context.size();
      std::string line = context.substr(start, end - start);
      start = end + 1;
      std::optional<std::int64_t> serial;
      std::string_view text = StripSerial(line, &serial);
      if (!serial) continue;  // the "Here is a list of facts:" header
      TextFact fact;
      fact.text = std::string(text);
      fact.tx_time = *serial;
      fact.provenance.origin = Origin::kDataset;
      fact.provenance.source = source + "#" + std::to_string(*serial);
      facts.push_back(std::move(fact));
    }
    return facts;
  }
  FAIL("no row " << source);
  return {};
}

TEST_CASE(
    "FactConsolidation: each context parses fully and supersedes "
    "exactly its conflict slots",
    "[query]") {
  // NOTES.md §1: facts, slots and two-version (conflict) slots per length.
  auto expected =
      GENERATE(Expected{"factconsolidation_sh_6k", 455, 294, 161},
               Expected{"factconsolidation_sh_32k", 2310, 1473, 837},
               Expected{"factconsolidation_sh_64k", 4580, 2889, 1691},
               Expected{"factconsolidation_sh_262k", 18332, 11096, 7236, 1});
  INFO(expected.source);
  testing::ScratchDir dir;
  auto memory = Memory::Open(dir.Sub("db")).value();
  std::vector<TextFact> facts = ContextFacts(expected.source);
  REQUIRE(facts.size() == expected.facts);
  auto report = memory->Remember(facts);
  REQUIRE(report.ok());
  CHECK(report->unparsed.empty());
  CHECK(report->decisions.size() == expected.facts);
  std::size_t superseded = 0, reinforced = 0;
  for (const auto& d : report->decisions) {
    superseded += d.action == resolver::Action::kSuperseded;
    reinforced += d.action == resolver::Action::kReinforced;
  }
  CHECK(superseded == expected.supersessions);
  CHECK(reinforced == expected.case_merged);
  auto stats = memory->Stats().value();
  CHECK(stats.atoms == expected.facts - expected.case_merged);
  CHECK(stats.current_slots == expected.slots - expected.case_merged);
  CHECK(stats.current_atoms == expected.slots - expected.case_merged);
  CHECK(stats.superseded_atoms == expected.supersessions);
}

TEST_CASE(
    "FactConsolidation: the newer serial is current and the older is "
    "history",
    "[query]") {
  testing::ScratchDir dir;
  auto memory = Memory::Open(dir.Sub("db")).value();
  REQUIRE(memory->Remember(ContextFacts("factconsolidation_sh_6k")).ok());
  auto current = memory->Current("Nobuhiro Watsuki", "P800").value();
  REQUIRE(current.size() == 1);
  CHECK(current[0].atom.value == "The Fairly OddParents");
  CHECK(current[0].atom.provenance.source == "factconsolidation_sh_6k#259");
  auto history = memory->History("Nobuhiro Watsuki", "notable work").value();
  REQUIRE(history.size() == 2);
  CHECK(history[0].atom.provenance.source == "factconsolidation_sh_6k#91");
}

}  // namespace
}  // namespace factline
