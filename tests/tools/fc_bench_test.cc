// The FactConsolidation runner: the benchmark's metric, row parsing, the
// three arms on a synthetic row, and the bundled rows at their targets.
#include "tools/fc_bench.h"

#include <catch2/catch.hpp>

#include "tests/test_util.h"

namespace factline::bench {
namespace {

TEST_CASE("FcBench: NormalizeAnswer matches the harness's normalize_answer",
          "[tools]") {
  // Expected values are the output of MemoryAgentBench's normalize_answer
  // (Python) on the same inputs.
  struct Case {
    const char* in;
    const char* out;
  };
  const Case cases[] = {
      {"The Fairly OddParents", "fairly oddparents"},
      {"pes\xC3\xA4pallo", "pes\xC3\xA4pallo"},
      {"K\xC5\xAB"
       "kai",
       "k\xC5\xAB"
       "kai"},
      {"Washington, D.C.", "washington dc"},  // the doubled-period values
      {"Apple Inc..", "apple inc"},
      {"Haverfordwest County A.F.C.", "haverfordwest county afc"},
      {"An apple a day", "apple day"},
      {"the", ""},
      {"  Multiple \t spaces\n here ", "multiple spaces here"},
      {"ZEKI \xC3\x96ZT\xC3\x9CRK", "zeki \xC3\xB6zt\xC3\xBCrk"},
      {"Saint-\xC3\x89tienne", "saint\xC3\xA9tienne"},
      {"rock 'n' roll", "rock n roll"},
      {"Th\xC3\xA9\xC3\xA2tre of the Absurd",
       "th\xC3\xA9\xC3\xA2tre of absurd"},
      {"\xC5\x81\xC3\x93\x44\xC5\xB9", "\xC5\x82\xC3\xB3\x64\xC5\xBA"},
      {"\xD0\x9C\xD0\x9E\xD0\xA1\xD0\x9A\xD0\x92\xD0\x90",
       "\xD0\xBC\xD0\xBE\xD1\x81\xD0\xBA\xD0\xB2\xD0\xB0"},
      {"a-ha", "aha"},  // punctuation is deleted, not a word break
      {"The Beatles' Anthology", "beatles anthology"},
      {"100% (the best)", "100 best"},
      {"\xC4\xB0stanbul", "i\xCC\x87stanbul"},
  };
  for (const Case& c : cases) {
    INFO(c.in);
    CHECK(NormalizeAnswer(c.in) == c.out);
  }
}

TEST_CASE("FcBench: ParseOutput takes the answer line", "[tools]") {
  CHECK(ParseOutput("Answer: London\nmore") == "London");
  CHECK(ParseOutput("London\nParis") == "London");
  CHECK(ParseOutput("I think the answer: Paris.") == "Paris.");
  CHECK(ParseOutput("Answer:Answer: X") == "X");
  CHECK(ParseOutput("ANSWER:   Rome  ") == "Rome");
  CHECK(ParseOutput("").empty());
  CHECK(ParseOutput("\nsecond line").empty());
}

TEST_CASE("FcBench: SubEM is a substring match of normalised text", "[tools]") {
  CHECK(SubEM("pes\xC3\xA4pallo", {"pes\xC3\xA4pallo"}) == 1);
  CHECK(SubEM("pesapallo", {"pes\xC3\xA4pallo"}) == 0);
  CHECK(SubEM("Indiana", {"India"}) == 1);  // no word boundaries
  CHECK(SubEM("ice hockey or pes\xC3\xA4pallo", {"pes\xC3\xA4pallo"}) == 1);
  CHECK(SubEM("Washington, D.C.", {"Washington, D.C.."}) == 1);
  CHECK(SubEM("The Hague", {"Hague"}) == 1);
  CHECK(SubEM("Paris", {"London", "Paris"}) == 1);
  CHECK(SubEM("unknown", {"London"}) == 0);
  // The parsed line counts too: "Answer: X" in a longer output.
  CHECK(SubEM("Let me think.\nAnswer: Rome", {"Rome"}) == 1);
}

constexpr const char* kRows = R"([
  {"context": "Here is a list of facts:\n0. goaltender is associated with the sport of ice hockey.\n1. Nobuhiro Watsuki is famous for Rurouni Kenshin.\n2. goaltender is associated with the sport of pes\u00e4pallo.\n",
   "questions": ["Which sport is goaltender associated with?",
                 "What is Nobuhiro Watsuki famous for?"],
   "answers": [["pes\u00e4pallo"], ["Rurouni Kenshin"]],
   "metadata": {"source": "tiny_sh", "qa_pair_ids": ["tiny_sh_no0", "tiny_sh_no1"]}}
])";

TEST_CASE("FcBench: rows parse and contexts become serial-timed facts",
          "[tools]") {
  auto rows = ParseRows(kRows);
  REQUIRE(rows.ok());
  REQUIRE(rows->size() == 1);
  const FcRow& row = (*rows)[0];
  CHECK(row.source == "tiny_sh");
  CHECK(row.questions.size() == 2);
  CHECK(row.ids[1] == "tiny_sh_no1");
  std::vector<TextFact> facts = ContextFacts(row);
  REQUIRE(facts.size() == 3);
  CHECK(facts[0].text ==
        "goaltender is associated with the sport of ice hockey.");
  CHECK(facts[2].tx_time == 2);
  CHECK(facts[2].provenance.source == "tiny_sh#2");
  CHECK(facts[2].provenance.origin == Origin::kDataset);

  CHECK(ParseRows("{}").status().IsInvalidArgument());
  CHECK(ParseRows("[{\"context\": \"x\"}]").status().IsInvalidArgument());
  CHECK(ParseRows(R"([{"context": "x", "metadata": {"source": "s"},
                      "questions": ["q"], "answers": []}])")
            .status()
            .IsInvalidArgument());
  CHECK(LoadRows("/nonexistent/rows.json").status().IsInvalidArgument());
  CHECK(ParseArm("keyed").value() == Arm::kKeyed);
  CHECK(ParseArm("bm25").status().IsInvalidArgument());
}

TEST_CASE("FcBench: the three arms on a conflicting slot", "[tools]") {
  auto rows = ParseRows(kRows);
  REQUIRE(rows.ok());
  testing::ScratchDir dir;
  RunOptions options;
  options.scratch_dir = dir.path();
  options.explain = true;

  auto keyed = RunRow((*rows)[0], Arm::kKeyed, options);
  REQUIRE(keyed.ok());
  CHECK(keyed->subem == 100.0);
  CHECK(keyed->supersessions == 1);
  CHECK(keyed->hit1 == 100.0);
  CHECK(keyed->questions == 2);
  CHECK(keyed->misses.empty());
  CHECK(keyed->answer_p50_us > 0);

  // No supersession and no recency: the older value wins the tie.
  auto off = RunRow((*rows)[0], Arm::kOff, options);
  REQUIRE(off.ok());
  CHECK(off->supersessions == 0);
  CHECK(off->subem == 50.0);
  CHECK(off->hit1 == 50.0);
  CHECK(off->hit10 == 100.0);  // both values are in the top ten
  REQUIRE(off->misses.size() == 1);
  CHECK(off->misses[0].answer == "ice hockey");
  CHECK(off->misses[0].id == "tiny_sh_no0");

  // The two sentences share 7 of 10 tokens: Jaccard 0.70 is not above the
  // threshold, so both stay current and recency picks the newer.
  auto jaccard = RunRow((*rows)[0], Arm::kJaccard, options);
  REQUIRE(jaccard.ok());
  CHECK(jaccard->supersessions == 0);
  CHECK(jaccard->subem == 100.0);
}

// The bundled data at the issue's targets: SH at the latest-wins ceiling
// (NOTES.md §3) and MH near it.
TEST_CASE("FcBench: bundled 6k rows reach their targets", "[tools]") {
  auto rows = LoadRows(factline::testing::SourcePath(
      "datasets/factconsolidation/Conflict_Resolution.json"));
  REQUIRE(rows.ok());
  testing::ScratchDir dir;
  RunOptions options;
  options.scratch_dir = dir.path();
  for (const FcRow& row : *rows) {
    if (row.source != "factconsolidation_sh_6k" &&
        row.source != "factconsolidation_mh_6k") {
      continue;
    }
    INFO(row.source);
    auto result = RunRow(row, Arm::kKeyed, options);
    REQUIRE(result.ok());
    CHECK(result->supersessions == 161);
    if (row.source == "factconsolidation_sh_6k") {
      CHECK(result->subem == 100.0);
    } else {
      CHECK(result->subem >= 90.0);
    }
  }
}

TEST_CASE("FcBench: bundled SH rows reach the latest-wins ceiling",
          "[tools][.slow]") {
  auto rows = LoadRows(factline::testing::SourcePath(
      "datasets/factconsolidation/Conflict_Resolution.json"));
  REQUIRE(rows.ok());
  testing::ScratchDir dir;
  RunOptions options;
  options.scratch_dir = dir.path();
  const std::pair<const char*, double> ceilings[] = {
      {"factconsolidation_sh_6k", 100},
      {"factconsolidation_sh_32k", 98},
      {"factconsolidation_sh_64k", 98},
      {"factconsolidation_sh_262k", 97}};
  for (const FcRow& row : *rows) {
    for (const auto& [source, ceiling] : ceilings) {
      if (row.source != source) continue;
      INFO(row.source);
      auto result = RunRow(row, Arm::kKeyed, options);
      REQUIRE(result.ok());
      CHECK(result->subem == ceiling);
    }
  }
}

}  // namespace
}  // namespace factline::bench
