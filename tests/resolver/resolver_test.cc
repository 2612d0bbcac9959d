#include "resolver/resolver.h"

#include <catch2/catch.hpp>

#include "tests/graph_read.h"
#include "tests/test_util.h"

namespace factline::resolver {
namespace {

using testing::ScratchDir;

constexpr const char* kHockey =
    "goaltender is associated with the sport of ice hockey.";
constexpr const char* kPesapallo =
    "goaltender is associated with the sport of pes\xC3\xA4pallo.";

Atom FromText(const std::string& text, Timestamp tx) {
  static Parser* parser =
      new Parser(Parser::Create(Lexicon::Builtin()).value());
  ParsedFact f = parser->ParseSentence(text).value();
  Atom atom;
  atom.subject = f.subject;
  atom.relation = f.relation;
  atom.value = f.value;
  atom.text = text;
  atom.tx_time = tx;
  atom.provenance.origin = Origin::kDataset;
  atom.provenance.source = "test#" + std::to_string(tx);
  return atom;
}

Atom Make(std::string s, std::string r, std::string v, Timestamp tx) {
  Atom atom;
  atom.subject = std::move(s);
  atom.relation = std::move(r);
  atom.value = std::move(v);
  atom.tx_time = tx;
  atom.provenance.source = "test#" + std::to_string(tx);
  return atom;
}

struct Fixture {
  ScratchDir dir;
  std::unique_ptr<graph::Store> store =
      graph::Store::Open(dir.Sub("db"), graph::StoreOptions()).value();

  std::vector<Atom> Current(const std::string& s, const std::string& r) {
    std::vector<Atom> out;
    REQUIRE(
        store
            ->Read([&](const graph::Reader& reader) -> Status {
              auto e = reader.FindEntity(s);
              if (!e.ok()) return Status::Ok();
              FACTLINE_ASSIGN_OR_RETURN(
                  graph::Relation rel,
                  reader.FindRelation(Lexicon::Builtin().CanonicalRelation(r)));
              FACTLINE_ASSIGN_OR_RETURN(auto ids,
                                        reader.Current(e->id, rel.id));
              for (AtomId id : ids) {
                FACTLINE_ASSIGN_OR_RETURN(Atom a, reader.GetAtom(id));
                out.push_back(a);
              }
              return Status::Ok();
            })
            .ok());
    return out;
  }

  graph::StoreStats Stats() {
    return testing::ReadOrFail<graph::StoreStats>(
        *store, [&](const graph::Reader& r) { return r.Stats(); });
  }
};

TEST_CASE("Resolver: goaltender pair supersedes by key, not similarity",
          "[resolver]") {
  Fixture fx;
  Resolver resolver(fx.store.get(), {});
  auto first = resolver.Write({FromText(kHockey, 1)});
  REQUIRE(first.ok());
  REQUIRE(first->size() == 1);
  CHECK((*first)[0].action == Action::kAdded);
  auto second = resolver.Write({FromText(kPesapallo, 2)});
  REQUIRE(second.ok());
  REQUIRE(second->size() == 1);
  CHECK((*second)[0].action == Action::kSuperseded);
  CHECK((*second)[0].closed == std::vector<AtomId>{(*first)[0].atom});

  auto current = fx.Current("goaltender", "sport");
  REQUIRE(current.size() == 1);
  CHECK(current[0].value == "pes\xC3\xA4pallo");
  CHECK(current[0].supersedes == (*first)[0].atom);
  graph::StoreStats stats = fx.Stats();
  CHECK(stats.atoms == 2);
  CHECK(stats.superseded_atoms == 1);
  CHECK(stats.current_slots == 1);
}

TEST_CASE(
    "Resolver: a Jaccard rule scores the goaltender pair 0.70 and "
    "misses it",
    "[resolver]") {
  CHECK(TokenJaccard(kHockey, kPesapallo) == Approx(0.70));
  Fixture fx;
  ResolverOptions options;
  options.policy = MakeJaccardPolicy(0.7);
  Resolver resolver(fx.store.get(), std::move(options));
  REQUIRE(resolver.Write({FromText(kHockey, 1)}).ok());
  auto second = resolver.Write({FromText(kPesapallo, 2)});
  REQUIRE(second.ok());
  CHECK((*second)[0].action == Action::kAdded);
  CHECK(fx.Current("goaltender", "sport").size() == 2);  // contradiction kept
  CHECK(fx.Stats().superseded_atoms == 0);
}

TEST_CASE("Resolver: a Jaccard rule retires atoms of another subject",
          "[resolver]") {
  Fixture fx;
  ResolverOptions options;
  options.policy = MakeJaccardPolicy(0.7);
  Resolver resolver(fx.store.get(), std::move(options));
  auto a =
      FromText("The author of The Hobbit Part One is J. R. R. Tolkien.", 1);
  auto b =
      FromText("The author of The Hobbit Part Two is J. R. R. Tolkien.", 2);
  auto out = resolver.Write({a, b});
  REQUIRE(out.ok());
  CHECK((*out)[1].action == Action::kSuperseded);  // wrong slot retired
  CHECK(fx.Current("The Hobbit Part One", "author").empty());
}

TEST_CASE("Resolver: many-valued relations keep both values", "[resolver]") {
  Fixture fx;
  Resolver resolver(fx.store.get(), {});
  auto out = resolver.Write(
      {Make("Alice", "likes", "tea", 1), Make("Alice", "likes", "coffee", 2)});
  REQUIRE(out.ok());
  CHECK((*out)[0].action == Action::kAdded);
  CHECK((*out)[1].action == Action::kAdded);
  CHECK(fx.Current("Alice", "likes").size() == 2);
  CHECK(fx.Stats().superseded_atoms == 0);
}

TEST_CASE("Resolver: the same value reinforces without a new row",
          "[resolver]") {
  Fixture fx;
  Resolver resolver(fx.store.get(), {});
  REQUIRE(resolver.Write({Make("User", "likes", "coffee", 1)}).ok());
  auto again = resolver.Write({Make("user", "likes", "Coffee.", 2)});
  REQUIRE(again.ok());
  CHECK((*again)[0].action == Action::kReinforced);
  auto current = fx.Current("user", "likes");
  REQUIRE(current.size() == 1);
  CHECK(current[0].reinforced_by == std::vector<std::string>{"test#2"});
  CHECK(fx.Stats().atoms == 1);
}

TEST_CASE("Resolver: a late atom goes to history without becoming current",
          "[resolver]") {
  Fixture fx;
  Resolver resolver(fx.store.get(), {});
  Atom b = Make("Ann", "lives in", "Berlin", 200);
  // A stated start (true since 190, learned at 200): an undated value
  // (valid_from == tx_time) would yield to the later-learned statement
  // (docs/valid_time.md, "Undated values").
  b.valid_from = 190;
  REQUIRE(resolver.Write({Make("Ann", "lives in", "Athens", 100), b}).ok());
  Atom late = Make("Ann", "lives in", "Cairo", 300);
  late.valid_from = 150;  // learned last, but true before Berlin
  auto out = resolver.Write({late});
  REQUIRE(out.ok());
  CHECK((*out)[0].action == Action::kStoredAsHistory);
  auto current = fx.Current("Ann", "lives in");
  REQUIRE(current.size() == 1);
  CHECK(current[0].value == "Berlin");
  CHECK(fx.Stats().atoms == 3);
}

TEST_CASE(
    "Resolver: every decision is audited with contiguous sequence "
    "numbers",
    "[resolver]") {
  Fixture fx;
  Resolver resolver(fx.store.get(), {});
  REQUIRE(resolver
              .Write({FromText(kHockey, 1), FromText(kPesapallo, 2),
                      FromText(kPesapallo, 3)})
              .ok());
  std::vector<graph::AuditRecord> log;
  REQUIRE(fx.store
              ->Read([&](const graph::Reader& r) -> Status {
                FACTLINE_ASSIGN_OR_RETURN(log, r.Audit(1, 100));
                return Status::Ok();
              })
              .ok());
  REQUIRE(log.size() == 3);
  CHECK(log[0].seq == 1);
  CHECK(log[2].seq == 3);
  CHECK(log[0].action == "added");
  CHECK(log[1].action == "superseded");
  CHECK(log[2].action == "reinforced");
  CHECK(log[1].detail.find("ice hockey") != std::string::npos);
}

TEST_CASE("Resolver: an invalid atom fails the whole batch and is named",
          "[resolver]") {
  Fixture fx;
  Resolver resolver(fx.store.get(), {});
  Atom bad = Make("", "likes", "tea", 2);
  auto out = resolver.Write({Make("Bo", "likes", "tea", 1), bad});
  REQUIRE_FALSE(out.ok());
  CHECK(out.status().IsInvalidArgument());
  CHECK(out.status().message().find("atom #1") != std::string::npos);
  CHECK(out.status().message().find("subject") != std::string::npos);
  CHECK(fx.Stats().atoms == 0);

  Atom utf8 = Make("Bo", "likes", "te\xFF", 1);
  CHECK(resolver.Write({utf8}).status().IsInvalidArgument());
  Atom conf = Make("Bo", "likes", "tea", 1);
  conf.provenance.confidence = 1.5;
  CHECK(resolver.Write({conf}).status().IsInvalidArgument());
  CHECK(fx.Stats().atoms == 0);
}

TEST_CASE("Resolver: a 600-byte subject is stored and found", "[resolver]") {
  Fixture fx;
  Resolver resolver(fx.store.get(), {});
  std::string subject(600, 'x');
  subject +=
      " K\xC5\xAB"
      "kai";
  REQUIRE(resolver.Write({Make(subject, "likes", "tea", 1)}).ok());
  auto current = fx.Current(subject, "likes");
  REQUIRE(current.size() == 1);
  CHECK(current[0].subject == subject);
}

// Rejects any value that mentions a status code: stands in for the gate.
class RejectStatusCodes final : public GateStage {
 public:
  std::string_view name() const override { return "test-noise"; }
  Status Check(const graph::Reader&, Atom* atom, bool* reject,
               std::string* reason) override {
    *reject = atom->value.find("404") != std::string::npos;
    *reason = "status code";
    return Status::Ok();
  }
};

TEST_CASE("Resolver: a gate stage can reject one atom of a batch",
          "[resolver]") {
  Fixture fx;
  ResolverOptions options;
  options.gate.push_back(std::make_unique<RejectStatusCodes>());
  Resolver resolver(fx.store.get(), std::move(options));
  auto out = resolver.Write(
      {Make("api", "returned", "HTTP 404", 1), Make("Bo", "likes", "tea", 2)});
  REQUIRE(out.ok());
  CHECK((*out)[0].action == Action::kRejected);
  CHECK((*out)[0].reason.find("test-noise") != std::string::npos);
  CHECK((*out)[1].action == Action::kAdded);
  CHECK(fx.Stats().atoms == 1);
}

}  // namespace
}  // namespace factline::resolver
