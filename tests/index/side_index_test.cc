#include <atomic>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "graph/graph.h"
#include "index/index.h"
#include "tests/test_util.h"

namespace factline::index {
namespace {

using factline::testing::ReadFile;
using factline::testing::ScratchDir;
using factline::testing::SourcePath;

// Facts of one FactConsolidation context (row 2: the 64k context, 4,580
// facts, about 3,300 entity names).
std::vector<ParsedFact> ContextFacts(std::size_t row = 2) {
  const nlohmann::json rows = nlohmann::json::parse(
      ReadFile(
          SourcePath("datasets/factconsolidation/Conflict_Resolution.json")),
      nullptr, false);
  REQUIRE_FALSE(rows.is_discarded());
  REQUIRE(rows.size() > row);
  const std::string context = rows[row]["context"].get<std::string>();
  Result<Parser> parser = Parser::Create(Lexicon::Builtin());
  REQUIRE(parser.ok());
  std::vector<ParsedFact> facts;
  std::istringstream lines(context);
  std::string line;
  while (std::getline(lines, line)) {
    std::optional<std::int64_t> serial;
    const std::string_view sentence = StripSerial(line, &serial);
    if (!serial) continue;
    Result<ParsedFact> fact = parser->ParseSentence(sentence);
    if (fact.ok()) facts.push_back(*fact);
  }
  REQUIRE(facts.size() > 4000);
  return facts;
}

ParsedFact Fact(std::string subject, std::string relation, std::string value) {
  ParsedFact f;
  f.subject = std::move(subject);
  f.relation = std::move(relation);
  f.value = std::move(value);
  return f;
}

// Commits facts the way the keyed resolver does (a new value closes the
// slot's current one; one audit record per atom) and returns the stored
// atoms, ids filled in.
std::vector<Atom> Commit(graph::Store& store,
                         const std::vector<ParsedFact>& facts) {
  std::vector<Atom> stored;
  const Status s = store.Update([&](graph::Writer& w) {
    stored.clear();
    for (const ParsedFact& f : facts) {
      Atom a;
      a.subject = f.subject;
      a.relation = f.relation;
      a.value = f.value;
      FACTLINE_RETURN_IF_ERROR(w.InsertAtom(&a));
      FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> current,
                                w.Current(a.subject_id, a.relation_id));
      nlohmann::json detail = {{"subject", a.subject}};
      if (!current.empty()) {
        for (AtomId old_id : current) {
          FACTLINE_ASSIGN_OR_RETURN(Atom old, w.GetAtom(old_id));
          old.valid_to = a.valid_from;
          old.superseded_by = a.id;
          FACTLINE_RETURN_IF_ERROR(w.UpdateAtom(old));
        }
        a.supersedes = current.front();
        FACTLINE_RETURN_IF_ERROR(w.UpdateAtom(a));
        detail["closed"] = current;
      }
      FACTLINE_RETURN_IF_ERROR(
          w.SetCurrent(a.subject_id, a.relation_id, {a.id}));
      graph::AuditRecord rec;
      rec.atom = a.id;
      rec.action = current.empty() ? "added" : "superseded";
      rec.detail = detail.dump();
      FACTLINE_RETURN_IF_ERROR(w.AppendAudit(&rec));
      stored.push_back(a);
    }
    return Status::Ok();
  });
  REQUIRE(s.ok());
  return stored;
}

std::unique_ptr<graph::Store> OpenStore(const std::string& dir,
                                        bool read_only = false) {
  graph::StoreOptions options;
  options.sync = false;
  options.read_only = read_only;
  Result<std::unique_ptr<graph::Store>> store =
      graph::Store::Open(dir, options);
  REQUIRE(store.ok());
  return std::move(store).value();
}

std::unique_ptr<SideIndex> OpenIndex(const graph::Store& store,
                                     std::string* report = nullptr,
                                     IndexOptions options = {}) {
  Result<std::unique_ptr<SideIndex>> index =
      SideIndex::Open(store, std::move(options), report);
  INFO(index.status().ToString());
  REQUIRE(index.ok());
  return std::move(index).value();
}

std::string TopEntity(const SideIndex& index, std::string_view query) {
  Result<std::vector<Match>> got = index.FindEntities(query, 5);
  INFO(query);
  REQUIRE(got.ok());
  REQUIRE_FALSE(got->empty());
  return got->front().text;
}

// Top entity of each query, for before/after comparisons.
std::vector<std::string> Answers(const SideIndex& index) {
  std::vector<std::string> out;
  for (std::string_view q :
       {"Nobuhiro Watsuky", "the Beatles' Hey Jude", "galileo galilei",
        "Le Guin Ursula K.", "Amy Winehouse singer", "Mahmoud Abas",
        "University of California Berkeley", "Tim Cok"}) {
    out.push_back(TopEntity(index, q));
  }
  return out;
}

class Fixture {
 public:
  Fixture() : store_(OpenStore(dir_.path())) {
    Commit(*store_, ContextFacts());
  }
  graph::Store& store() { return *store_; }
  std::string IndexFile(const std::string& name) const {
    return dir_.path() + "/index/" + name;
  }
  void Reopen() {
    store_.reset();
    store_ = OpenStore(dir_.path());
  }

 private:
  ScratchDir dir_;
  std::unique_ptr<graph::Store> store_;
};

void Truncate(const std::string& path, std::uintmax_t keep) {
  std::filesystem::resize_file(path, keep);
}

void FlipByte(const std::string& path, std::size_t at) {
  std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
  REQUIRE(f);
  f.seekg(static_cast<std::streamoff>(at));
  char c = 0;
  f.get(c);
  f.seekp(static_cast<std::streamoff>(at));
  f.put(static_cast<char>(c ^ 0x5a));
}

bool Contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

TEST_CASE("SideIndex: typos, case, word order and extra words find the entity",
          "[index]") {
  Fixture fx;
  std::string report;
  auto index = OpenIndex(fx.store(), &report);
  INFO(report);
  CHECK(Contains(report, "rebuilt"));
  CHECK(index->Stats().entities > 3000);
  CHECK(index->Stats().relations > 30);

  CHECK(TopEntity(*index, "Nobuhiro Watsuky") == "Nobuhiro Watsuki");
  CHECK(TopEntity(*index, "nobuhiro watsuki") == "Nobuhiro Watsuki");
  CHECK(TopEntity(*index, "Watsuki Nobuhiro") == "Nobuhiro Watsuki");
  CHECK(TopEntity(*index, "the manga artist Nobuhiro Watsuki") ==
        "Nobuhiro Watsuki");
  CHECK(TopEntity(*index, "the Beatles' Hey Jude") == "Hey Jude");
  CHECK(TopEntity(*index, "the Beatles\xE2\x80\x99 Hey Jude") == "Hey Jude");
  CHECK(TopEntity(*index, "Beatles") == "The Beatles");
  CHECK(TopEntity(*index, "Galileo Galiliei") == "Galileo Galilei");
  CHECK(TopEntity(*index, "URSULA K LE GUIN") == "Ursula K. Le Guin");
  CHECK(TopEntity(*index, "Amy Winehouse singer") == "Amy Winehouse");
  CHECK(TopEntity(*index, "Mahmoud Abas") == "Mahmoud Abbas");
  CHECK(TopEntity(*index, "Berkeley University of California") ==
        "University of California, Berkeley");

  Result<std::vector<Match>> exact = index->FindEntities("Hey Jude", 3);
  REQUIRE(exact.ok());
  REQUIRE(exact->size() == 3);
  CHECK(exact->front().score == Approx(1.0).margin(2e-3));
  CHECK(exact->at(0).score >= exact->at(1).score);
  CHECK(exact->at(1).score >= exact->at(2).score);
}

TEST_CASE("SideIndex: relations and atoms by phrase", "[index]") {
  Fixture fx;
  auto index = OpenIndex(fx.store());
  Result<std::vector<Match>> rel = index->FindRelations("is married to", 3);
  REQUIRE(rel.ok());
  REQUIRE_FALSE(rel->empty());
  CHECK(rel->front().text == "P26");
  rel = index->FindRelations("birthplace", 3);
  REQUIRE(rel.ok());
  REQUIRE_FALSE(rel->empty());
  CHECK(rel->front().text == "P19");

  Result<std::vector<Match>> atoms =
      index->FindAtoms("Nobuhiro Watsuki famous for", 5);
  REQUIRE(atoms.ok());
  REQUIRE_FALSE(atoms->empty());
  CHECK(Contains(atoms->front().text, "Nobuhiro Watsuki"));
  // Only current atoms: the superseded "famous for Rurouni Kenshin" is gone.
  for (const Match& m : *atoms) CHECK_FALSE(Contains(m.text, "Rurouni"));
}

TEST_CASE("SideIndex: near-duplicate values in a slot or anywhere", "[index]") {
  Fixture fx;
  auto index = OpenIndex(fx.store());
  DuplicateScope slot;
  slot.subject = "Hey Jude";
  slot.relation = "P175";  // performer
  Result<std::vector<Match>> dup = index->NearDuplicates("madonna.", slot);
  REQUIRE(dup.ok());
  REQUIRE(dup->size() == 1);
  CHECK(dup->front().text == "Madonna");
  CHECK(dup->front().score >= 0.92f);
  dup = index->NearDuplicates("The Beatles", slot);
  REQUIRE(dup.ok());
  CHECK(dup->empty());  // Madonna is current; the Beatles were superseded
  slot.relation = "performer";  // a lexicon name works too
  dup = index->NearDuplicates("MADONNA", slot);
  REQUIRE(dup.ok());
  CHECK(dup->size() == 1);
  slot.subject = "No Such Entity";
  dup = index->NearDuplicates("Madonna", slot);
  REQUIRE(dup.ok());
  CHECK(dup->empty());

  // The gate's form: candidates in hand, no graph access.
  Atom held;
  held.id = 42;
  held.value = "Washington, D.C.";
  Result<std::vector<Match>> values =
      index->NearDuplicateValues("washington DC", {held});
  REQUIRE(values.ok());
  REQUIRE(values->size() == 1);
  CHECK(values->front().id == 42);
  values = index->NearDuplicateValues("Washington State", {held});
  REQUIRE(values.ok());
  CHECK(values->empty());
  CHECK(index->NearDuplicateValues("x", {held}, 1.5)
            .status()
            .IsInvalidArgument());

  Result<std::vector<Match>> global = index->NearDuplicates("the beatles!");
  REQUIRE(global.ok());
  REQUIRE_FALSE(global->empty());
  CHECK(global->front().text == "The Beatles");
  global = index->NearDuplicates("Hey Judy");  // a different song title
  REQUIRE(global.ok());
  CHECK(global->empty());
  DuplicateScope loose;
  loose.threshold = 0.5;
  global = index->NearDuplicates("Hey Judy", loose);
  REQUIRE(global.ok());
  REQUIRE_FALSE(global->empty());
  CHECK(global->front().text == "Hey Jude");
}

TEST_CASE("SideIndex: loads intact files instead of rebuilding", "[index]") {
  Fixture fx;
  std::vector<std::string> before;
  {
    auto index = OpenIndex(fx.store());
    before = Answers(*index);
  }
  for (const char* f :
       {"meta", "entities.hnsw", "relations.hnsw", "atoms.hnsw"}) {
    CHECK(std::filesystem::exists(fx.IndexFile(f)));
  }
  std::string report;
  auto index = OpenIndex(fx.store(), &report);
  INFO(report);
  CHECK(Contains(report, "loaded"));
  CHECK(Answers(*index) == before);
}

TEST_CASE("SideIndex: deleted, truncated or damaged files are rebuilt",
          "[index]") {
  Fixture fx;
  std::vector<std::string> before;
  {
    auto index = OpenIndex(fx.store());
    before = Answers(*index);
  }
  struct Damage {
    const char* name;
    std::function<void()> apply;
    const char* reason;
  };
  const std::vector<Damage> damages = {
      {"deleted entity index",
       [&] { std::filesystem::remove(fx.IndexFile("entities.hnsw")); },
       "missing"},
      {"truncated atom index",
       [&] {
         Truncate(fx.IndexFile("atoms.hnsw"),
                  std::filesystem::file_size(fx.IndexFile("atoms.hnsw")) / 2);
       },
       "truncated"},
      {"truncated to nothing",
       [&] { Truncate(fx.IndexFile("relations.hnsw"), 0); }, "truncated"},
      {"flipped byte", [&] { FlipByte(fx.IndexFile("entities.hnsw"), 5000); },
       "checksum"},
      {"garbage meta",
       [&] {
         std::ofstream(fx.IndexFile("meta"), std::ios::trunc) << "garbage\n";
       },
       "meta unreadable"},
      {"deleted meta", [&] { std::filesystem::remove(fx.IndexFile("meta")); },
       "no index files"},
      {"deleted directory",
       [&] {
         std::filesystem::remove_all(
             std::filesystem::path(fx.IndexFile("meta")).parent_path());
       },
       "no index files"},
  };
  // One store for all: each reopen saves its rebuild, so the next damage
  // starts from intact files.
  for (const Damage& d : damages) {
    INFO(d.name);
    d.apply();
    std::string report;
    auto index = OpenIndex(fx.store(), &report);
    INFO(report);
    CHECK(Contains(report, "rebuilt"));
    CHECK(Contains(report, d.reason));
    CHECK(Answers(*index) == before);
    // The rebuild was saved: the next open trusts the files again.
    index.reset();
    index = OpenIndex(fx.store(), &report);
    CHECK(Contains(report, "loaded"));
  }
}

TEST_CASE(
    "SideIndex: a crash between the LMDB commit and the index save is "
    "repaired on open",
    "[index]") {
  Fixture fx;
  {
    auto index = OpenIndex(fx.store());
    REQUIRE(index->Save().ok());
  }
  // Commit new atoms and "crash": the index is neither told nor saved.
  Commit(fx.store(), {Fact("Zanzibar Quokka Federation", "P36", "Quokkaville"),
                      Fact("Hey Jude", "P175", "Quokka Philharmonic")});
  fx.Reopen();
  std::string report;
  auto index = OpenIndex(fx.store(), &report);
  INFO(report);
  CHECK(Contains(report, "stale"));
  CHECK(Contains(report, "rebuilt"));
  CHECK(TopEntity(*index, "Zanzibar Quoka Federation") ==
        "Zanzibar Quokka Federation");
  CHECK(TopEntity(*index, "Quokavile") == "Quokkaville");
  Result<std::vector<Match>> atoms =
      index->FindAtoms("Hey Jude performed by Quokka Philharmonic", 5);
  REQUIRE(atoms.ok());
  REQUIRE_FALSE(atoms->empty());
  CHECK(Contains(atoms->front().text, "Quokka Philharmonic"));
  // The superseded performer is no longer an indexed atom.
  for (const Match& m : *atoms) {
    CHECK_FALSE((Contains(m.text, "Hey Jude") && Contains(m.text, "Madonna")));
  }
  // The rebuilt index was saved and now covers the graph.
  index.reset();
  OpenIndex(fx.store(), &report);
  CHECK(Contains(report, "loaded"));
}

TEST_CASE("SideIndex: Add indexes committed atoms and Save covers them",
          "[index]") {
  Fixture fx;
  auto index = OpenIndex(fx.store());
  const IndexStats before = index->Stats();
  const std::vector<Atom> stored =
      Commit(fx.store(), {Fact("Quentin Zylbersztejn", "P19", "Zqxville"),
                          Fact("Hey Jude", "P175", "Quentin Zylbersztejn")});
  REQUIRE(index->Add(stored).ok());
  CHECK(TopEntity(*index, "Quentin Zylberstein") == "Quentin Zylbersztejn");
  CHECK(TopEntity(*index, "Zqxvile") == "Zqxville");
  const IndexStats after = index->Stats();
  CHECK(after.entities == before.entities + 2);
  CHECK(after.atoms == before.atoms + 1);  // one new, one replaced
  Result<std::vector<Match>> atoms = index->FindAtoms("Hey Jude performer", 5);
  REQUIRE(atoms.ok());
  bool found_new = false;
  for (const Match& m : *atoms) {
    // Closed by the new atom.
    CHECK_FALSE((Contains(m.text, "Hey Jude") && Contains(m.text, "Madonna")));
    found_new |= Contains(m.text, "Zylbersztejn");
  }
  CHECK(found_new);

  REQUIRE(index->Save().ok());
  index.reset();
  std::string report;
  index = OpenIndex(fx.store(), &report);
  INFO(report);
  CHECK(Contains(report, "loaded"));
  CHECK(TopEntity(*index, "Quentin Zylberstein") == "Quentin Zylbersztejn");
}

TEST_CASE("SideIndex: CatchUp indexes writes it was not told about",
          "[index]") {
  Fixture fx;
  auto index = OpenIndex(fx.store());
  Result<std::string> msg = index->CatchUp();
  REQUIRE(msg.ok());
  CHECK(Contains(*msg, "up to date"));
  Commit(fx.store(), {Fact("Xylophone Quartet of Oslo", "P17", "Norway"),
                      Fact("Hey Jude", "P175", "Xylophone Quartet of Oslo")});
  msg = index->CatchUp();
  REQUIRE(msg.ok());
  INFO(*msg);
  CHECK(Contains(*msg, "caught up"));
  CHECK(TopEntity(*index, "Xylofone Quartet Oslo") ==
        "Xylophone Quartet of Oslo");
  Result<std::vector<Match>> atoms = index->FindAtoms("Hey Jude performer", 5);
  REQUIRE(atoms.ok());
  REQUIRE_FALSE(atoms->empty());
  CHECK(Contains(atoms->front().text, "Xylophone"));
  for (const Match& m : *atoms) {
    CHECK_FALSE((Contains(m.text, "Hey Jude") && Contains(m.text, "Madonna")));
  }
}

TEST_CASE("SideIndex: caller vectors are checked, kept and reused", "[index]") {
  Fixture fx;
  EntityId jude = 0;
  REQUIRE(fx.store()
              .Read([&](const graph::Reader& r) {
                FACTLINE_ASSIGN_OR_RETURN(graph::Entity e,
                                          r.FindEntity("Hey Jude"));
                jude = e.id;
                return Status::Ok();
              })
              .ok());
  std::vector<float> custom(256, 0.0f);
  custom[7] = 1.0f;
  custom[200] = -1.0f;
  {
    auto index = OpenIndex(fx.store());
    REQUIRE(index->dimension() == 256);

    Status s = index->SetEntityVector(jude, std::vector<float>(3, 1.0f));
    CHECK(s.IsInvalidArgument());
    CHECK(Contains(s.message(), "dimension 3"));
    CHECK(Contains(s.message(), "expects dimension 256"));
    s = index->SetAtomVector(1, std::vector<float>(512, 1.0f));
    CHECK(s.IsInvalidArgument());
    CHECK(Contains(s.message(), "dimension 512"));
    CHECK(index->SetEntityVector(jude, std::vector<float>(256, 0.0f))
              .IsInvalidArgument());
    CHECK(index->SetEntityVector(999999999, custom).IsNotFound());
    Result<std::vector<Match>> q =
        index->FindEntitiesByVector(std::vector<float>(100, 1.0f), 3);
    CHECK(q.status().IsInvalidArgument());
    CHECK(Contains(q.status().message(), "dimension 100"));
    CHECK(index->FindAtomsByVector(std::vector<float>(1, 1.0f), 3)
              .status()
              .IsInvalidArgument());

    REQUIRE(index->SetEntityVector(jude, custom).ok());
    q = index->FindEntitiesByVector(custom, 1);
    REQUIRE(q.ok());
    REQUIRE(q->size() == 1);
    CHECK(q->front().id == jude);
    CHECK(q->front().score == Approx(1.0).margin(2e-3));
    REQUIRE(index->Save().ok());
    CHECK(index->Stats().caller_vectors == 1);
  }
  // A rebuild keeps the caller's vector.
  std::filesystem::remove(fx.IndexFile("entities.hnsw"));
  std::string report;
  auto index = OpenIndex(fx.store(), &report);
  CHECK(Contains(report, "rebuilt"));
  Result<std::vector<Match>> q = index->FindEntitiesByVector(custom, 1);
  REQUIRE(q.ok());
  REQUIRE(q->size() == 1);
  CHECK(q->front().id == jude);
  index.reset();

  // The store's caller vectors fix its dimension.
  IndexOptions other;
  other.dimension = 128;
  Result<std::unique_ptr<SideIndex>> wrong =
      SideIndex::Open(fx.store(), other, nullptr);
  REQUIRE(wrong.status().IsInvalidArgument());
  CHECK(Contains(wrong.status().message(), "dimension 256"));
  CHECK(Contains(wrong.status().message(), "128"));
}

// An embedder that returns vectors of the wrong size.
class BrokenEmbedder : public Embedder {
 public:
  int dimension() const override { return 16; }
  std::string id() const override { return "broken"; }
  Result<std::vector<float>> Embed(std::string_view) const override {
    return std::vector<float>(15, 1.0f);
  }
};

// A tiny custom embedder: all that matters is that it is used.
// Byte sums folded into 8 dimensions: distinct texts get distinct vectors.
// (A one-hot embedder gave thousands of identical vectors, and HNSW
// insertion among equal distances took over a minute.)
class ByteEmbedder : public Embedder {
 public:
  int dimension() const override { return 8; }
  std::string id() const override { return "bytes-v1"; }
  Result<std::vector<float>> Embed(std::string_view text) const override {
    std::vector<float> v(8, 0.0f);
    for (std::size_t i = 0; i < text.size(); ++i) {
      v[i % 8] += static_cast<float>(static_cast<unsigned char>(text[i])) *
                  static_cast<float>(i + 1);
    }
    float norm = 0;
    for (float x : v) norm += x * x;
    if (norm > 0) {
      for (float& x : v) x /= std::sqrt(norm);
    }
    return v;
  }
};

TEST_CASE("SideIndex: custom embedders are checked and change forces rebuild",
          "[index]") {
  Fixture fx;
  IndexOptions broken;
  broken.embedder = std::make_shared<BrokenEmbedder>();
  Result<std::unique_ptr<SideIndex>> index =
      SideIndex::Open(fx.store(), broken, nullptr);
  REQUIRE(index.status().IsInvalidArgument());
  CHECK(Contains(index.status().message(), "dimension 15"));
  CHECK(Contains(index.status().message(), "expects dimension 16"));

  { OpenIndex(fx.store()); }  // built-in embedder, saved
  IndexOptions custom;
  custom.embedder = std::make_shared<ByteEmbedder>();
  std::string report;
  auto idx = OpenIndex(fx.store(), &report, custom);
  INFO(report);
  CHECK(Contains(report, "rebuilt"));
  CHECK(Contains(report, "hash-ngram-v1"));
  CHECK(idx->dimension() == 8);
  CHECK(idx->Stats().embedder_id == "bytes-v1");

  IndexOptions bad_dim;
  bad_dim.dimension = 3;
  CHECK(SideIndex::Open(fx.store(), bad_dim, nullptr)
            .status()
            .IsInvalidArgument());
}

TEST_CASE("SideIndex: argument errors", "[index]") {
  Fixture fx;
  auto index = OpenIndex(fx.store());
  CHECK(index->FindEntities("x", 0).status().IsInvalidArgument());
  CHECK(index->FindAtoms("x", 1001).status().IsInvalidArgument());
  Atom no_ids;
  no_ids.subject = "a";
  no_ids.relation = "b";
  no_ids.value = "c";
  Status s = index->Add({no_ids});
  CHECK(s.IsInvalidArgument());
  CHECK(Contains(s.message(), "no graph ids"));
  // Text with no word characters embeds to zero: no error, just weak matches.
  Result<std::vector<Match>> empty = index->FindEntities("!!!", 3);
  REQUIRE(empty.ok());
  for (const Match& m : *empty) CHECK(m.score == Approx(0.0).margin(1e-3));
}

TEST_CASE("SideIndex: lookups run while atoms are added", "[index]") {
  Fixture fx;
  auto index = OpenIndex(fx.store());
  std::atomic<bool> stop{false};
  std::atomic<int> failures{0};
  std::vector<std::thread> readers;
  for (int t = 0; t < 2; ++t) {
    readers.emplace_back([&] {
      while (!stop.load()) {
        Result<std::vector<Match>> got =
            index->FindEntities("Nobuhiro Watsuky", 3);
        if (!got.ok() || got->empty() ||
            got->front().text != "Nobuhiro Watsuki") {
          ++failures;
        }
      }
    });
  }
  for (int batch = 0; batch < 10; ++batch) {
    std::vector<ParsedFact> facts;
    for (int i = 0; i < 50; ++i) {
      const std::string n = std::to_string(batch * 50 + i);
      facts.push_back(Fact("Concurrent Person " + n, "P19", "Town " + n));
    }
    REQUIRE(index->Add(Commit(fx.store(), facts)).ok());
  }
  REQUIRE(index->CatchUp().ok());
  stop = true;
  for (auto& t : readers) t.join();
  CHECK(failures.load() == 0);
  CHECK(TopEntity(*index, "Concurrent Person 477") == "Concurrent Person 477");
}

TEST_CASE("SideIndex: a read-only store gets an in-memory index", "[index]") {
  ScratchDir dir;
  {
    auto store = OpenStore(dir.path());
    Commit(*store, {Fact("Hey Jude", "P175", "The Beatles")});
  }
  auto store = OpenStore(dir.path(), /*read_only=*/true);
  std::string report;
  auto index = OpenIndex(*store, &report);
  INFO(report);
  CHECK(Contains(report, "not saved"));
  CHECK(TopEntity(*index, "Hey Jud") == "Hey Jude");
  CHECK(index->Save().code() == StatusCode::kNotSupported);
  CHECK_FALSE(std::filesystem::exists(dir.path() + "/index/meta"));
}

TEST_CASE("SideIndex: an index that cannot be written works from memory",
          "[index]") {
  ScratchDir dir;
  auto store = OpenStore(dir.path());
  Commit(*store, {Fact("Hey Jude", "P175", "The Beatles")});
  // A plain file where the index directory belongs.
  { std::ofstream(dir.path() + "/index") << "not a directory"; }
  std::string report;
  auto index = OpenIndex(*store, &report);
  INFO(report);
  CHECK(Contains(report, "not saved"));
  CHECK(TopEntity(*index, "Hey Jud") == "Hey Jude");
  CHECK(index->Save().code() == StatusCode::kIOError);
}

TEST_CASE("SideIndex: an empty store works and grows", "[index]") {
  ScratchDir dir;
  auto store = OpenStore(dir.path());
  auto index = OpenIndex(*store);
  Result<std::vector<Match>> none = index->FindEntities("anything", 5);
  REQUIRE(none.ok());
  CHECK(none->empty());
  // More entities than the initial capacity (1024) forces resizes.
  std::vector<ParsedFact> facts;
  for (int i = 0; i < 1500; ++i) {
    facts.push_back(Fact("Person " + std::to_string(i), "P19",
                         "City " + std::to_string(i % 97)));
  }
  const std::vector<Atom> stored = Commit(*store, facts);
  REQUIRE(index->Add(stored).ok());
  CHECK(index->Stats().entities == 1500 + 97);
  CHECK(TopEntity(*index, "Person 1234") == "Person 1234");
  REQUIRE(index->Save().ok());
  std::string report;
  index = OpenIndex(*store, &report);
  CHECK(Contains(report, "loaded"));
  CHECK(TopEntity(*index, "City 42") == "City 42");
}

}  // namespace
}  // namespace factline::index
