#include <catch2/catch.hpp>

#include "query/query.h"
#include "tests/test_util.h"

namespace factline {
namespace {

TEST_CASE("Memory: fuzzy entity and atom search through the side-index",
          "[query]") {
  testing::ScratchDir dir;
  Provenance p;
  p.source = "test";
  {
    auto memory = Memory::Open(dir.Sub("db")).value();
    REQUIRE(memory
                ->Remember("Nobuhiro Watsuki is famous for Rurouni Kenshin.\n"
                           "goaltender is associated with the sport of ice "
                           "hockey.\n"
                           "Hey Jude was performed by The Beatles.\n",
                           p)
                .ok());
    auto hits = memory->FindEntities("Nobuhiro Watsuky", 1);
    REQUIRE(hits.ok());
    REQUIRE(hits->size() == 1);
    CHECK((*hits)[0].entity == "Nobuhiro Watsuki");
    CHECK(memory->IndexReport().find("rebuilt") != std::string::npos);
    // Written after the index opened: found because lookups catch up.
    REQUIRE(memory->Remember("Ann lives in Athens.", p).ok());
    auto later = memory->FindEntities("ann", 1);
    REQUIRE(later.ok());
    REQUIRE_FALSE(later->empty());
    CHECK((*later)[0].entity == "Ann");
    CHECK_FALSE(memory->Search("x", 0).ok());
  }
  // Saved on close, loaded on the next open, same answers.
  auto memory = Memory::Open(dir.Sub("db")).value();
  auto atoms = memory->Search("which sport does the goaltender play", 1);
  REQUIRE(atoms.ok());
  REQUIRE(atoms->size() == 1);
  CHECK((*atoms)[0].fact.atom.value == "ice hockey");
  CHECK(memory->IndexReport().find("loaded") != std::string::npos);
}

}  // namespace
}  // namespace factline

namespace factline {
namespace {

TEST_CASE(
    "Memory: a near-duplicate value goes to review by default, a different "
    "one supersedes",
    "[query]") {
  testing::ScratchDir dir;
  auto memory = Memory::Open(dir.Sub("db")).value();
  Provenance p;
  p.source = "chat#1";
  REQUIRE(memory->Remember("Ann lives in Dubai UAE.", p).ok());
  p.source = "chat#2";
  auto again = memory->Remember("Ann lives in Dubai-UAE.", p);
  REQUIRE(again.ok());
  REQUIRE(again->decisions.size() == 1);
  // The default detector finds it; nothing merges silently (issue 9).
  CHECK(again->decisions[0].action == resolver::Action::kQueued);
  CHECK(again->decisions[0].reason.find("near-duplicate") != std::string::npos);
  p.source = "chat#3";
  auto moved = memory->Remember("Ann lives in Beirut.", p);
  REQUIRE(moved.ok());
  CHECK(moved->decisions[0].action == resolver::Action::kSuperseded);
}

}  // namespace
}  // namespace factline

namespace factline {
namespace {

TEST_CASE(
    "Ask: a misspelt subject falls back to the nearest entity and says "
    "so",
    "[query]") {
  testing::ScratchDir dir;
  auto memory = Memory::Open(dir.Sub("db")).value();
  Provenance p;
  REQUIRE(memory
              ->Remember("Nobuhiro Watsuki is famous for Rurouni Kenshin.\n"
                         "Hey Jude was performed by The Beatles.\n",
                         p)
              .ok());
  auto answer = memory->Ask("What is Nobuhiro Watsuky famous for?");
  REQUIRE(answer.ok());
  CHECK(answer->known);
  CHECK(answer->text == "Rurouni Kenshin");
  CHECK(answer->explanation.find("nearest entity 'Nobuhiro Watsuki'") !=
        std::string::npos);
  AskOptions exact;
  exact.fuzzy = false;
  auto strict = memory->Ask("What is Nobuhiro Watsuky famous for?", exact);
  REQUIRE(strict.ok());
  CHECK_FALSE(strict->known);
  // Nothing similar enough: still unknown rather than a guess.
  auto none = memory->Ask("What is Zorgblatt Quux famous for?");
  REQUIRE(none.ok());
  CHECK_FALSE(none->known);
  CHECK(none->text == "unknown");
}

}  // namespace
}  // namespace factline
