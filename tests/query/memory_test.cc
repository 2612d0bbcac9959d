#include <catch2/catch.hpp>

#include "query/query.h"
#include "tests/test_util.h"

namespace factline {
namespace {

using testing::ScratchDir;

std::unique_ptr<Memory> OpenAt(const std::string& path) {
  auto memory = Memory::Open(path);
  INFO(memory.status().ToString());
  REQUIRE(memory.ok());
  return std::move(memory).value();
}

TextFact Fact(std::string text, Timestamp tx) {
  TextFact f;
  f.text = std::move(text);
  f.tx_time = tx;
  f.provenance.source = "test#" + std::to_string(tx);
  return f;
}

TEST_CASE(
    "Memory: the write path refuses control characters and keys without "
    "letters, naming the field",
    "[query]") {
  ScratchDir dir;
  auto memory = OpenAt(dir.Sub("db"));
  struct Case {
    Atom atom;
    const char* says;
  };
  auto atom = [](std::string s, std::string r, std::string v) {
    Atom a;
    a.subject = std::move(s);
    a.relation = std::move(r);
    a.value = std::move(v);
    return a;
  };
  const Case cases[] = {
      {atom(std::string("Pa\0ris", 6), "lives in", "x"),
       "subject: control character 0x00 at byte 2"},
      {atom("Bob", "lives\x1b in", "x"),
       "relation: control character 0x1B at byte 5"},
      {atom("Bob", "lives in", "Ro\x7fme"),
       "value: control character 0x7F at byte 2"},
      {atom("...", "lives in", "Rome"), "subject has no letters or digits"},
      {atom("Bob", "\u2014", "Rome"), "relation has no letters or digits"},
  };
  for (const Case& c : cases) {
    INFO(c.says);
    auto written = memory->RememberAtoms({c.atom});
    REQUIRE(!written.ok());
    CHECK(written.status().IsInvalidArgument());
    CHECK(written.status().message().find(c.says) != std::string::npos);
  }
  // Letters of any script are letters.
  REQUIRE(memory->RememberAtoms({atom("Αθήνα", "\u540d\u524d", "東京")}).ok());
  // Text: the bad line is unparsed with its reason, the others are stored.
  auto report = memory->Remember(
      {Fact("Ann lives in Oslo.", 1), Fact("Bob\x07 lives in Rome.", 2),
       Fact("Cy lives in \u2026.", 3), Fact("Di lives in Lima.", 4)});
  REQUIRE(report.ok());
  CHECK(report->decisions.size() == 2);
  REQUIRE(report->unparsed.size() == 2);
  CHECK(report->unparsed[0].index == 1);
  CHECK(report->unparsed[0].reason.find("control character 0x07 at byte 3") !=
        std::string::npos);
  CHECK(report->unparsed[1].index == 2);
  CHECK(report->unparsed[1].reason.find("no letters or digits") !=
        std::string::npos);
  // Read keys: an empty or punctuation-only subject is a plain refusal.
  for (const char* key : {"", "...", "\u2026"}) {
    INFO(key);
    auto timeline = memory->Timeline(key, "");
    REQUIRE(!timeline.ok());
    CHECK(timeline.status().IsInvalidArgument());
  }
  CHECK(memory
            ->Timeline("A\xff"
                       "B",
                       "")
            .status()
            .IsInvalidArgument());
}

TEST_CASE("Memory: a subject is found with or without its leading article",
          "[query]") {
  ScratchDir dir;
  auto memory = OpenAt(dir.Sub("db"));
  REQUIRE(memory
              ->Remember(
                  {Fact("The Acropolis is located in the country of "
                        "Greece.",
                        10),
                   Fact("Invisible Man was written by Ralph Ellison.", 20),
                   Fact("The Invisible Man was written by H. G. Wells.", 30)})
              .ok());
  for (const char* name : {"Acropolis", "the Acropolis", "The Acropolis"}) {
    INFO(name);
    auto current = memory->Current(name, "P17");
    REQUIRE(current.ok());
    REQUIRE(current->size() == 1);
    CHECK((*current)[0].atom.value == "Greece");
    auto entity = memory->Entity(name);
    REQUIRE(entity.ok());
    CHECK(entity->size() == 1);
  }
  // Writes never merge a singular name on its article: two books, two
  // current authors, each found by its own name first.
  auto ellison = memory->Current("Invisible Man", "P50");
  REQUIRE(ellison.ok());
  REQUIRE(ellison->size() == 1);
  CHECK((*ellison)[0].atom.value == "Ralph Ellison");
  auto wells = memory->Current("The Invisible Man", "P50");
  REQUIRE(wells.ok());
  REQUIRE(wells->size() == 1);
  CHECK((*wells)[0].atom.value == "H. G. Wells");
  CHECK(ArticleVariant("the acropolis") == "acropolis");
  CHECK(ArticleVariant("acropolis") == "the acropolis");
  CHECK(ArticleVariant("the") == "");
}

TEST_CASE("Memory: an office's holder is its place's slot for the title",
          "[query]") {
  ScratchDir dir;
  auto memory = OpenAt(dir.Sub("db"));
  REQUIRE(memory
              ->Remember({Fact("The Prime Minister of Portugal is Luis "
                               "Montenegro.",
                               10),
                          Fact("The mayor of Paris is Anne Hidalgo.", 20)})
              .ok());
  auto value_of = [&](const char* subject, const char* relation) {
    auto current = memory->Current(subject, relation);
    REQUIRE(current.ok());
    return current->size() == 1 ? (*current)[0].atom.value : std::string();
  };
  // Asked by office (MQuAKE's officeholder, P1308), stored by place.
  CHECK(value_of("Prime Minister of Portugal", "P1308") == "Luis Montenegro");
  CHECK(value_of("Mayor of Paris", "officeholder") == "Anne Hidalgo");
  // A title stored as written is found under the relation it is an alias of.
  CHECK(value_of("Portugal", "P6") == "Luis Montenegro");
  CHECK(value_of("Paris", "P6") == "Anne Hidalgo");
  // Only the officeholder relation splits an office; nothing is invented.
  CHECK(value_of("Prime Minister of Portugal", "P6").empty());
  CHECK(value_of("Prime Minister of Spain", "P1308").empty());
}

TEST_CASE("Memory: remembers text and answers current, history and entity",
          "[query]") {
  ScratchDir dir;
  auto memory = OpenAt(dir.Sub("db"));
  auto report = memory->Remember(
      {Fact("goaltender is associated with the sport of ice hockey.", 10),
       Fact("goaltender is associated with the sport of pes\xC3\xA4pallo.", 20),
       Fact("goaltender plays the position of keeper.", 30),
       Fact("Nothing to see here", 40)});
  REQUIRE(report.ok());
  CHECK(report->decisions.size() == 3);
  REQUIRE(report->unparsed.size() == 1);
  CHECK(report->unparsed[0].index == 3);

  auto current = memory->Current("Goaltender", "sport");
  REQUIRE(current.ok());
  REQUIRE(current->size() == 1);
  CHECK((*current)[0].atom.value == "pes\xC3\xA4pallo");
  REQUIRE((*current)[0].superseded.size() == 1);
  CHECK((*current)[0].superseded[0].value == "ice hockey");
  CHECK((*current)[0].why.find("supersedes") != std::string::npos);

  auto history = memory->History("goaltender", "P641");
  REQUIRE(history.ok());
  REQUIRE(history->size() == 2);
  CHECK((*history)[0].atom.value == "ice hockey");
  CHECK((*history)[0].atom.valid_to == kForever);  // as stated: open
  REQUIRE((*history)[0].effective.size() == 1);
  CHECK((*history)[0].effective[0].to == 20);

  auto entity = memory->Entity("goaltender");
  REQUIRE(entity.ok());
  CHECK(entity->size() == 2);

  auto unknown = memory->Current("nobody", "sport");
  REQUIRE(unknown.ok());
  CHECK(unknown->empty());
}

TEST_CASE("Memory: as-of answers by transaction time and by valid time",
          "[query]") {
  ScratchDir dir;
  auto memory = OpenAt(dir.Sub("db"));
  REQUIRE(memory
              ->Remember({Fact("Ann lives in Athens.", 100),
                          Fact("Ann lives in Berlin.", 200)})
              .ok());
  auto at = [&](Timestamp t, TimeAxis axis) {
    auto r = memory->AsOf("Ann", "lives in", t, axis);
    REQUIRE(r.ok());
    std::vector<std::string> values;
    for (auto& f : *r) values.push_back(f.atom.value);
    return values;
  };
  CHECK(at(50, TimeAxis::kTransaction).empty());
  CHECK(at(150, TimeAxis::kTransaction) == std::vector<std::string>{"Athens"});
  CHECK(at(250, TimeAxis::kTransaction) == std::vector<std::string>{"Berlin"});
  CHECK(at(150, TimeAxis::kValid) == std::vector<std::string>{"Athens"});
  CHECK(at(200, TimeAxis::kValid) == std::vector<std::string>{"Berlin"});
}

TEST_CASE("Memory: a store closed and reopened keeps everything", "[query]") {
  ScratchDir dir;
  {
    auto memory = OpenAt(dir.Sub("db"));
    REQUIRE(memory
                ->Remember({Fact("Alice likes tea.", 1),
                            Fact("Alice likes coffee.", 2),
                            Fact("Ann lives in Athens.", 3),
                            Fact("Ann lives in Berlin.", 4)})
                .ok());
  }
  auto memory = OpenAt(dir.Sub("db"));
  auto likes = memory->Current("alice", "likes");
  REQUIRE(likes.ok());
  CHECK(likes->size() == 2);
  auto home = memory->Current("ann", "lives in");
  REQUIRE(home.ok());
  REQUIRE(home->size() == 1);
  CHECK((*home)[0].atom.value == "Berlin");
  auto stats = memory->Stats();
  REQUIRE(stats.ok());
  CHECK(stats->atoms == 4);
  CHECK(stats->superseded_atoms == 1);
  CHECK(stats->audit_records == 4);
  // Writing after reopening continues the audit sequence.
  REQUIRE(memory->Remember({Fact("Ann lives in Cairo.", 5)}).ok());
  auto audit = memory->Audit(1, 100);
  REQUIRE(audit.ok());
  REQUIRE(audit->size() == 5);
  CHECK(audit->back().seq == 5);
}

TEST_CASE("Memory: bad input fails cleanly, a bad line costs only itself",
          "[query]") {
  ScratchDir dir;
  auto memory = OpenAt(dir.Sub("db"));
  REQUIRE(memory->Remember({Fact("Ann lives in Athens.", 1)}).ok());
  CHECK(memory->Remember("", Provenance()).status().IsInvalidArgument());
  CHECK(memory->Remember("  \n \n", Provenance()).status().IsInvalidArgument());
  // The line of invalid UTF-8 is unparsed with the reason; the other line
  // of its batch is stored.
  auto bad = memory->Remember(
      {Fact("Ann lives in Berlin.", 2), Fact("Ann lives in \xFF\xFE.", 3)});
  REQUIRE(bad.ok());
  REQUIRE(bad->unparsed.size() == 1);
  CHECK(bad->unparsed[0].index == 1);
  CHECK(bad->unparsed[0].reason.find("UTF-8") != std::string::npos);
  auto home = memory->Current("Ann", "lives in");
  REQUIRE(home.ok());
  REQUIRE(home->size() == 1);
  CHECK((*home)[0].atom.value == "Berlin");
}

TEST_CASE("Memory: a 600-byte subject round-trips through text", "[query]") {
  ScratchDir dir;
  auto memory = OpenAt(dir.Sub("db"));
  std::string subject(600, 'q');
  REQUIRE(memory->Remember({Fact(subject + " lives in Oslo.", 1)}).ok());
  auto home = memory->Current(subject, "lives in");
  REQUIRE(home.ok());
  REQUIRE(home->size() == 1);
  CHECK((*home)[0].atom.subject == subject);
}

TEST_CASE("Memory: a read-only store refuses writes and keeps its data",
          "[query]") {
  ScratchDir dir;
  {
    auto memory = OpenAt(dir.Sub("db"));
    REQUIRE(memory->Remember({Fact("Ann lives in Athens.", 1)}).ok());
  }
  MemoryOptions options;
  options.store.read_only = true;
  auto memory = Memory::Open(dir.Sub("db"), std::move(options));
  REQUIRE(memory.ok());
  auto write = (*memory)->Remember({Fact("Ann lives in Berlin.", 2)});
  REQUIRE_FALSE(write.ok());
  CHECK(write.status().message().find("read-only") != std::string::npos);
  auto home = (*memory)->Current("Ann", "lives in");
  REQUIRE(home.ok());
  REQUIRE(home->size() == 1);
  CHECK((*home)[0].atom.value == "Athens");
}

TEST_CASE("Memory: opening a missing store read-only is a clear error",
          "[query]") {
  ScratchDir dir;
  MemoryOptions options;
  options.store.read_only = true;
  options.store.create_if_missing = false;
  auto memory = Memory::Open(dir.Sub("absent"), std::move(options));
  REQUIRE_FALSE(memory.ok());
  CHECK(memory.status().message().find("absent") != std::string::npos);
}

}  // namespace
}  // namespace factline
