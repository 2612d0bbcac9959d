// Memory::Ask: single-hop templates, multi-hop path search over paraphrases,
// implicit hops, "unknown", recency, --as-of, the ranked list and the
// per-snapshot cache.
#include <catch2/catch.hpp>
#include <thread>

#include "query/query.h"
#include "tests/test_util.h"

namespace factline {
namespace {

using testing::ScratchDir;

TextFact Fact(std::string text, Timestamp tx) {
  TextFact f;
  f.text = std::move(text);
  f.tx_time = tx;
  f.provenance.origin = Origin::kDataset;
  f.provenance.source = "ask_test#" + std::to_string(tx);
  return f;
}

std::unique_ptr<Memory> OpenWith(
    const std::string& path,
    std::unique_ptr<resolver::SupersessionPolicy> policy = nullptr) {
  MemoryOptions options;
  options.policy = std::move(policy);
  auto memory = Memory::Open(path, std::move(options));
  INFO(memory.status().ToString());
  REQUIRE(memory.ok());
  return std::move(memory).value();
}

// A small world in FactConsolidation's sentence templates: a book, its
// author, the author's spouse and country, the country's capital and
// continent, and a player whose sport is only known through his position.
// Serial 20+ are the newer (counterfactual) values.
std::vector<TextFact> World() {
  return {
      Fact("The author of Our Mutual Friend is Charles Dickens.", 1),
      Fact("Charles Dickens is married to Catherine Hogarth.", 2),
      Fact("Catherine Hogarth is a citizen of United Kingdom.", 3),
      Fact("Amala Paul is a citizen of Belgium.", 4),
      Fact("The capital of Belgium is Brussels.", 5),
      Fact("Belgium is located in the continent of Europe.", 6),
      Fact("The capital of United Kingdom is London.", 7),
      Fact("Daniele De Rossi plays the position of midfielder.", 8),
      Fact("midfielder is associated with the sport of association football.",
           9),
      Fact("association football was created in the country of England.", 10),
      Fact("Charles Darwin is married to Emma Wedgwood.", 11),
      Fact("The author of Our Mutual Friend is Charles Darwin.", 20),
      Fact("Charles Darwin is married to Amala Paul.", 21),
      Fact("midfielder is associated with the sport of sumo.", 22),
      Fact("sumo was created in the country of Japan.", 23),
  };
}

TEST_CASE("Ask: a question template answers from the newest value", "[query]") {
  ScratchDir dir;
  auto memory = OpenWith(dir.Sub("db"));
  REQUIRE(memory->Remember(World()).ok());
  auto answer = memory->Ask("Who is the author of Our Mutual Friend?");
  REQUIRE(answer.ok());
  CHECK(answer->known);
  CHECK(answer->text == "Charles Darwin");
  CHECK(answer->method == "single-hop");
  CHECK(answer->subject == "Our Mutual Friend");
  REQUIRE(answer->chain.size() == 1);
  const FactView& fact = answer->chain[0].fact;
  CHECK(fact.atom.provenance.source == "ask_test#20");
  REQUIRE(fact.superseded.size() == 1);
  CHECK(fact.superseded[0].value == "Charles Dickens");
  REQUIRE_FALSE(answer->ranked.empty());
  CHECK(answer->ranked[0].atom.value == "Charles Darwin");
  CHECK(answer->score > 0.9);
}

TEST_CASE("Ask: multi-hop paraphrases follow the current chain", "[query]") {
  ScratchDir dir;
  auto memory = OpenWith(dir.Sub("db"));
  REQUIRE(memory->Remember(World()).ok());
  // The same three-hop chain in several shapes: nested "of", possessives,
  // relative clauses, verbs instead of nouns, clause order reversed.
  for (const char* q : {
           "What is the country of citizenship of the spouse of the author of "
           "Our Mutual Friend?",
           "Which country is the wife of the writer of Our Mutual Friend a "
           "citizen of?",
           "What nationality does the person married to the man who wrote "
           "Our Mutual Friend have?",
           "Of which nation is the partner of Our Mutual Friend's author a "
           "citizen?",
       }) {
    INFO(q);
    auto answer = memory->Ask(q);
    REQUIRE(answer.ok());
    INFO(answer->explanation);
    CHECK(answer->known);
    CHECK(answer->text == "Belgium");
    CHECK(answer->method == "multi-hop");
    REQUIRE(answer->chain.size() == 3);
    CHECK(answer->chain[0].fact.atom.value == "Charles Darwin");
    CHECK(answer->chain[1].fact.atom.value == "Amala Paul");
    CHECK(answer->chain[2].fact.atom.value == "Belgium");
    // The newer atoms carry what they superseded.
    CHECK(answer->chain[0].fact.superseded.size() == 1);
    // The answer's atom is what a retriever would rank first.
    REQUIRE_FALSE(answer->ranked.empty());
    CHECK(answer->ranked[0].atom.value == "Belgium");
  }
  // Four hops, the answer's kind named first and the chain told backwards.
  auto continent = memory->Ask(
      "The continent where the country of citizenship of the spouse of the "
      "author of Our Mutual Friend is located is what?");
  REQUIRE(continent.ok());
  CHECK(continent->text == "Europe");
  auto capital = memory->Ask(
      "Which city is the capital of the country where the spouse of the "
      "author of Our Mutual Friend holds citizenship?");
  REQUIRE(capital.ok());
  CHECK(capital->text == "Brussels");
}

TEST_CASE("Ask: a hop the question leaves implicit is taken when needed",
          "[query]") {
  ScratchDir dir;
  auto memory = OpenWith(dir.Sub("db"));
  REQUIRE(memory->Remember(World()).ok());
  // De Rossi has no sport of his own; his position does.
  auto sport = memory->Ask("What is the sport of Daniele De Rossi?");
  REQUIRE(sport.ok());
  CHECK(sport->text == "sumo");
  REQUIRE(sport->chain.size() == 2);
  CHECK_FALSE(sport->chain[0].cued);
  CHECK(sport->chain[1].cued);
  auto origin = memory->Ask(
      "From which country does the sport that Daniele De Rossi plays come?");
  REQUIRE(origin.ok());
  CHECK(origin->text == "Japan");
  // Asked for the position itself, it does not run on to the sport.
  auto position = memory->Ask("What is the position Daniele De Rossi plays?");
  REQUIRE(position.ok());
  CHECK(position->text == "midfielder");
}

TEST_CASE("Ask: unknown rather than a guess", "[query]") {
  ScratchDir dir;
  auto memory = OpenWith(dir.Sub("db"));
  REQUIRE(memory->Remember(World()).ok());
  auto nobody = memory->Ask("Who is the spouse of Ada Lovelace?");
  REQUIRE(nobody.ok());
  CHECK_FALSE(nobody->known);
  CHECK(nobody->text == "unknown");
  CHECK(nobody->subject.empty());
  CHECK_FALSE(nobody->explanation.empty());
  // A known entity, but nothing the question asks about.
  auto unasked = memory->Ask("How tall is Charles Darwin?");
  REQUIRE(unasked.ok());
  CHECK_FALSE(unasked->known);
  CHECK(unasked->subject == "Charles Darwin");
  CHECK(memory->Ask("").status().IsInvalidArgument());
  CHECK(memory->Ask("bad \xC3").status().IsInvalidArgument());
}

TEST_CASE("Ask: with supersession off and no recency, ties go to the older",
          "[query]") {
  ScratchDir dir;
  auto memory = OpenWith(dir.Sub("db"), resolver::MakeNoSupersessionPolicy());
  REQUIRE(memory->Remember(World()).ok());
  AskOptions no_recency;
  no_recency.prefer_recent = false;
  auto old = memory->Ask("Who is the author of Our Mutual Friend?", no_recency);
  REQUIRE(old.ok());
  CHECK(old->text == "Charles Dickens");
  // Both values are returned for a reader, the chosen one first.
  REQUIRE(old->ranked.size() >= 2);
  CHECK(old->ranked[1].atom.value == "Charles Darwin");
  auto recent = memory->Ask("Who is the author of Our Mutual Friend?");
  REQUIRE(recent.ok());
  CHECK(recent->text == "Charles Darwin");
  // Without recency a value whose sentence shares words with the question
  // wins over the older one.
  auto lexical =
      memory->Ask("Who is Charles Darwin married to, Amala Paul?", no_recency);
  REQUIRE(lexical.ok());
  CHECK(lexical->text == "Amala Paul");
}

TEST_CASE("Ask: --as-of answers as the store stood then", "[query]") {
  ScratchDir dir;
  auto memory = OpenWith(dir.Sub("db"));
  REQUIRE(memory->Remember(World()).ok());
  const char* q =
      "What is the country of citizenship of the spouse of the author of Our "
      "Mutual Friend?";
  AskOptions before;
  before.as_of = 15;
  auto then = memory->Ask(q, before);
  REQUIRE(then.ok());
  CHECK(then->text == "United Kingdom");
  AskOptions after;
  after.as_of = 21;
  auto later = memory->Ask(q, after);
  REQUIRE(later.ok());
  CHECK(later->text == "Belgium");
  auto now = memory->Ask(q);
  REQUIRE(now.ok());
  CHECK(now->text == "Belgium");
}

TEST_CASE("Ask: a write after a question is seen by the next question",
          "[query]") {
  ScratchDir dir;
  auto memory = OpenWith(dir.Sub("db"));
  REQUIRE(memory->Remember(World()).ok());
  const char* q = "Which country is Amala Paul a citizen of?";
  CHECK(memory->Ask(q)->text == "Belgium");
  REQUIRE(
      memory->Remember({Fact("Amala Paul is a citizen of India.", 30)}).ok());
  CHECK(memory->Ask(q)->text == "India");
  auto multi = memory->Ask(
      "What is the country of citizenship of the spouse of the author of Our "
      "Mutual Friend?");
  REQUIRE(multi.ok());
  CHECK(multi->text == "India");
}

// One Memory answers from four threads at once: every multi-hop answer is
// right (no torn reads of the shared parser, graph view or read cache).
TEST_CASE("Ask: four threads asking at once all get the right answer",
          "[query]") {
  ScratchDir dir;
  auto memory = OpenWith(dir.Sub("db"));
  REQUIRE(memory->Remember(World()).ok());
  std::vector<std::thread> threads;
  threads.reserve(4);
  std::vector<int> right(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 50; ++i) {
        auto a = memory->Ask(
            "What is the capital of the country of citizenship of the spouse "
            "of the author of Our Mutual Friend?");
        right[t] += a.ok() && a->text == "Brussels";
      }
    });
  }
  for (auto& thread : threads) thread.join();
  for (int r : right) CHECK(r == 50);
}

}  // namespace
}  // namespace factline
