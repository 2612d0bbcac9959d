// Statements in a line's other clauses: fronted gerunds and subordinate
// clauses, a pronoun after "and", a relative clause closing the line, and
// relative clauses with an object gap (issue 8: the fact a person states
// is often not in the main clause).
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "atoms/atoms.h"
#include "tests/atoms/parse_util.h"

namespace factline {
namespace {

using testing::Parse;
using testing::TheParser;

// Every atom a line states, as "subject|relation|value".
std::vector<std::string> Atoms(std::string_view line) {
  ParseContext ctx;
  auto r = TheParser().ParseStatements(line, &ctx);
  std::vector<std::string> out;
  if (!r.ok()) return out;
  for (const ParsedFact& f : *r) {
    out.push_back(f.subject + "|" + f.relation + "|" + f.value);
  }
  return out;
}

bool Has(std::string_view line, const std::string& atom) {
  const std::vector<std::string> atoms = Atoms(line);
  std::string all;
  for (const std::string& a : atoms) all += " [" + a + "]";
  UNSCOPED_INFO(line << " ->" << all);
  return std::find(atoms.begin(), atoms.end(), atom) != atoms.end();
}

TEST_CASE("Clauses: a fronted clause's subject is the main clause's",
          "[atoms][clauses]") {
  CHECK(Has("After studying at Oxford, Hugh Grant became an actor.",
            "Hugh Grant|P69|Oxford"));
  CHECK(Has("After studying at Oxford, Hugh Grant became an actor.",
            "Hugh Grant|P106|actor"));
  CHECK(
      Has("Having founded Microsoft in 1975, Bill Gates later started a "
          "foundation.",
          "Microsoft|P112|Bill Gates"));
  CHECK(
      Has("Although he was born in Naples, Enrico Caruso died in Naples "
          "too.",
          "Enrico Caruso|P19|Naples"));
  // "too" says how the fact relates to another; it is no part of the value.
  CHECK(
      Has("Although he was born in Naples, Enrico Caruso died in Naples "
          "too.",
          "Enrico Caruso|P20|Naples"));
  // A capitalised gerund opens a name, not a clause.
  CHECK(Has("Crouching Tiger, Hidden Dragon was written by Wang Dulu.",
            "Crouching Tiger, Hidden Dragon|P50|Wang Dulu"));
}

TEST_CASE("Clauses: a pronoun after 'and' is the first clause's subject",
          "[atoms][clauses]") {
  CHECK(Has("Albert Einstein developed relativity, and he was born in Ulm.",
            "Albert Einstein|P19|Ulm"));
  const std::vector<std::string> atoms =
      Atoms("Albert Einstein developed relativity, and he was born in Ulm.");
  for (const std::string& a : atoms) {
    CHECK(a.find("developed relativity|") == std::string::npos);
  }
  // Two people before: "she" names one of them, the line does not say who.
  for (const std::string& a :
       Atoms("Helen Park and Marcus Reid divorced, and she married David "
             "Lin.")) {
    CHECK(a != "Helen Park and Marcus Reid|P26|David Lin");
  }
}

TEST_CASE("Clauses: a closing relative clause speaks of the name before it",
          "[atoms][clauses]") {
  CHECK(Has("Priya works at Acme Corp, which is headquartered in Oslo.",
            "Acme Corp|P159|Oslo"));
  CHECK(Has("Priya works at Acme Corp, which is headquartered in Oslo.",
            "Priya|P108|Acme Corp"));
  CHECK(
      Has("The Hobbit was written by Tolkien, who was born in "
          "Bloemfontein.",
          "Tolkien|P19|Bloemfontein"));
  // After "where" the name is the place; the pronoun the main subject.
  CHECK(Has("Ana Ruiz moved to Paris, where she later died.",
            "Ana Ruiz|P20|Paris"));
  CHECK(
      Has("Lionel Messi plays football for Inter Miami, where he is a "
          "forward.",
          "Lionel Messi|P413|forward"));
  for (const std::string& a : Atoms("Lionel Messi plays football for Inter "
                                    "Miami, where he is a forward.")) {
    CHECK(a.find("where") == std::string::npos);
  }
}

TEST_CASE("Clauses: an object gap is filled by the name the clause describes",
          "[atoms][clauses]") {
  CHECK(
      Has("The novel Dracula, which Bram Stoker wrote in 1897, is set in "
          "Transylvania.",
          "Dracula|P50|Bram Stoker"));
  CHECK(Has("The Corolla is a car that Toyota manufactures.",
            "The Corolla|P176|Toyota"));
  CHECK(Has("SpaceX is the rocket company that Elon Musk created in 2002.",
            "SpaceX|P170|Elon Musk"));
  // A subject gap after a person or a role verb says the fact too.
  CHECK(Has("Jane Doe is an engineer who works for Google.",
            "Jane Doe|P108|Google"));
  CHECK(Has("Jane Doe is an engineer who works for Google.",
            "Jane Doe|P106|engineer"));
  CHECK(
      Has("Vaduz is a small town that serves as the capital of "
          "Liechtenstein.",
          "Liechtenstein|P36|Vaduz"));
  // After a thing's class the grammar reads the noun with the verb.
  CHECK(Has("Def Jam is the label that signed LL Cool J.",
            "LL Cool J|P264|Def Jam"));
  // A template's subject never holds a relative clause.
  for (const std::string& a :
       Atoms("The Hobbit is a novel that was written by J. R. R. Tolkien.")) {
    CHECK(a.find(" that|") == std::string::npos);
  }
  CHECK(Parse("Paris is a city that never sleeps.").relation != "P36");
}

TEST_CASE("Clauses: leading an organisation is its director / manager",
          "[atoms][clauses]") {
  CHECK(Has("Tim Cook runs Apple.", "Apple|P1037|Tim Cook"));
  CHECK(Has("Apple is led by Tim Cook.", "Apple|P1037|Tim Cook"));
  CHECK(
      Has("Tedros Adhanom Ghebreyesus heads the World Health "
          "Organization.",
          "World Health Organization|P1037|Tedros Adhanom Ghebreyesus"));
  CHECK(Has("Hartwig Fischer is the head of the British Museum.",
            "the British Museum|P1037|Hartwig Fischer"));
  // A place led is a government's; a capitalised role an office's title.
  CHECK(Has("Rishi Sunak led the United Kingdom.",
            "United Kingdom|P6|Rishi Sunak"));
  CHECK_FALSE(Has("The Head of the Commonwealth is Elizabeth II.",
                  "the Commonwealth|P1037|Elizabeth II"));
  // Leading and working said with a noun.
  CHECK(Has("Tim Cook is in charge of Apple.", "Apple|P1037|Tim Cook"));
  CHECK(Has("Mary Barra took the helm at General Motors in 2014.",
            "General Motors|P1037|Mary Barra"));
  CHECK(Has("Priya Raman took a job at Northwind Freight.",
            "Priya Raman|P108|Northwind Freight"));
  CHECK_FALSE(
      Has("Ana Ruiz is in charge of the budget.", "the budget|P1037|Ana Ruiz"));
  // Appointed without "as", an all-capitals role after the name.
  CHECK(Has("Quillon Software named Ben Archer its new CEO.",
            "Quillon Software|P169|Ben Archer"));
  for (const std::string& a :
       Atoms("The board named Ana Ruiz its CFO in March.")) {
    CHECK(a.rfind("The|", 0) != 0);  // whose board is not said
  }
  // The phrase's own key travels with the default for the write path.
  ParseContext ctx;
  auto r = TheParser().ParseStatements("Tim Cook runs Apple.", &ctx);
  REQUIRE(r.ok());
  CHECK(r->front().default_over_phrase == "run");
}

}  // namespace
}  // namespace factline
