// The gate stages inside Resolver::Write: provenance, noise, transient,
// duplicate (exact and near), contradiction and confidence.
#include <catch2/catch.hpp>

#include "resolver/resolver.h"
#include "tests/graph_read.h"
#include "tests/test_util.h"

namespace factline::resolver {
namespace {

using testing::ScratchDir;

Atom Make(std::string s, std::string r, std::string v, double confidence = 1,
          Origin origin = Origin::kHuman) {
  Atom atom;
  atom.subject = std::move(s);
  atom.relation = std::move(r);
  atom.value = std::move(v);
  atom.provenance.origin = origin;
  atom.provenance.confidence = confidence;
  atom.provenance.source = "test";
  if (origin != Origin::kHuman && origin != Origin::kDataset) {
    atom.provenance.model_id = "model-x";
    atom.provenance.session_id = "s1";
  }
  return atom;
}

struct Fixture {
  ScratchDir dir;
  std::unique_ptr<graph::Store> store =
      graph::Store::Open(dir.Sub("db"), graph::StoreOptions()).value();

  std::unique_ptr<Resolver> Make(GateConfig config = {},
                                 NearDuplicateFn near = {}) {
    ResolverOptions options;
    options.gate_config = std::move(config);
    options.near_duplicate = std::move(near);
    auto r = Resolver::Create(store.get(), std::move(options));
    REQUIRE(r.ok());
    return std::move(r).value();
  }

  Decision WriteOne(Resolver& r, Atom atom) {
    auto out = r.Write({std::move(atom)});
    INFO(out.status().ToString());
    REQUIRE(out.ok());
    REQUIRE(out->size() == 1);
    return (*out)[0];
  }

  std::vector<std::string> Values(const std::string& s, const std::string& r) {
    std::vector<std::string> out;
    REQUIRE(store
                ->Read([&](const graph::Reader& reader) -> Status {
                  auto e = reader.FindEntity(s);
                  if (!e.ok()) return Status::Ok();
                  auto rel = reader.FindRelation(
                      Lexicon::Builtin().CanonicalRelation(r));
                  if (!rel.ok()) return Status::Ok();
                  FACTLINE_ASSIGN_OR_RETURN(auto ids,
                                            reader.Current(e->id, rel->id));
                  for (AtomId id : ids) {
                    FACTLINE_ASSIGN_OR_RETURN(Atom a, reader.GetAtom(id));
                    out.push_back(a.value);
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

  graph::HeldItem Held(std::uint64_t id) {
    return testing::ReadOrFail<graph::HeldItem>(
        *store, [&](const graph::Reader& r) { return r.GetHeld(id); });
  }

  std::vector<graph::AuditRecord> Log() {
    return testing::ReadOrFail<std::vector<graph::AuditRecord>>(
        *store, [&](const graph::Reader& r) { return r.Audit(1, 1000); });
  }
};

bool HasStage(const Decision& d, const std::string& stage,
              GateOutcome outcome) {
  for (const auto& v : d.verdicts) {
    if (v.stage == stage && v.outcome == outcome) return true;
  }
  return false;
}

TEST_CASE("Gate stages: 'User likes coffee' again is a reinforcement",
          "[resolver][gate]") {
  Fixture fx;
  auto r = fx.Make();
  Decision first = fx.WriteOne(*r, Make("User", "likes", "coffee", 0.9));
  CHECK(first.action == Action::kAdded);
  Atom again = Make("user", "likes", "Coffee.", 0.95);
  again.provenance.source = "chat#2";
  Decision second = fx.WriteOne(*r, again);
  CHECK(second.action == Action::kReinforced);
  CHECK(second.atom == first.atom);
  CHECK(HasStage(second, "duplicate", GateOutcome::kReinforce));
  CHECK(second.reason.find("same value") != std::string::npos);
  CHECK(fx.Stats().atoms == 1);
  CHECK(fx.Values("user", "likes") == std::vector<std::string>{"coffee"});
  Timestamp refreshed = kNoTime;
  double confidence = 0;
  REQUIRE(fx.store
              ->Read([&](const graph::Reader& reader) -> Status {
                FACTLINE_ASSIGN_OR_RETURN(refreshed,
                                          reader.Refreshed(first.atom));
                FACTLINE_ASSIGN_OR_RETURN(Atom a, reader.GetAtom(first.atom));
                confidence = a.provenance.confidence;
                CHECK(a.reinforced_by == std::vector<std::string>{"chat#2"});
                return Status::Ok();
              })
              .ok());
  CHECK(refreshed != kNoTime);
  CHECK(confidence == 0.95);
}

TEST_CASE(
    "Gate stages: a near duplicate is held for review, reinforced only on "
    "opt-in, never across a number",
    "[resolver][gate]") {
  Fixture fx;
  double asked_threshold = 0;
  // Stands in for the HNSW side-index: "coffee beans" ~ "coffee bean".
  NearDuplicateFn fake = [&](const graph::Reader&, const Atom& incoming,
                             const std::vector<Atom>& current,
                             double threshold) -> Result<NearDuplicate> {
    asked_threshold = threshold;
    for (const Atom& a : current) {
      const bool near =
          (a.value == "coffee beans" && incoming.value == "coffee bean") ||
          (a.value == "Ukraine U-17" && incoming.value == "Ukraine U-19");
      const double similarity = near ? 0.95 : 0.1;
      if (similarity >= threshold) return NearDuplicate{a.id, similarity};
    }
    return NearDuplicate{};
  };
  auto r = fx.Make({}, fake);
  Decision first =
      fx.WriteOne(*r, Make("Ann", "favourite snack", "coffee beans"));
  Decision near =
      fx.WriteOne(*r, Make("Ann", "favourite snack", "coffee bean"));
  CHECK(asked_threshold == 0.92);
  CHECK(near.action == Action::kQueued);
  CHECK(near.reason.find("near-duplicate") != std::string::npos);
  CHECK(near.reason.find("0.95") != std::string::npos);
  CHECK(fx.Stats().atoms == 1);
  // The caller opts in with a threshold: then it reinforces.
  GateConfig opt_in;
  opt_in.duplicate.near_reinforce_threshold = 0.9;
  auto r_in = fx.Make(opt_in, fake);
  Decision merged =
      fx.WriteOne(*r_in, Make("Ann", "favourite snack", "coffee bean"));
  CHECK(merged.action == Action::kReinforced);
  CHECK(merged.atom == first.atom);
  // Never across a number, whatever the similarity.
  Decision u17 = fx.WriteOne(*r_in, Make("Bo", "team", "Ukraine U-17"));
  Decision u19 = fx.WriteOne(*r_in, Make("Bo", "team", "Ukraine U-19"));
  CHECK(u17.action == Action::kAdded);
  CHECK(u19.action == Action::kSuperseded);
  // Below the configured threshold it is a new value.
  GateConfig strict;
  strict.duplicate.near_threshold = 0.97;
  auto r2 = fx.Make(strict, fake);
  Decision other =
      fx.WriteOne(*r2, Make("Ann", "favourite snack", "coffee bean"));
  CHECK(asked_threshold == 0.97);
  CHECK(other.action == Action::kSuperseded);
}

TEST_CASE("Gate stages: Beirut vs Dubai from a weaker source goes to review",
          "[resolver][gate]") {
  Fixture fx;
  auto r = fx.Make();
  Atom beirut = Make("User", "lives in", "Beirut", 0.95, Origin::kCloudModel);
  beirut.provenance.verification = Verification::kVerified;
  REQUIRE(fx.WriteOne(*r, beirut).action == Action::kAdded);
  Decision dubai = fx.WriteOne(
      *r, Make("User", "lives in", "Dubai", 0.7, Origin::kFallback));
  CHECK(dubai.action == Action::kQueued);
  CHECK(dubai.atom == kNoAtom);
  CHECK(dubai.held == 1);
  CHECK(HasStage(dubai, "contradiction", GateOutcome::kQueue));
  CHECK(dubai.reason.find("less trusted") != std::string::npos);
  CHECK(dubai.reason.find("unverified against verified") != std::string::npos);
  CHECK(dubai.reason.find("origin fallback < cloud_model") !=
        std::string::npos);
  CHECK(fx.Values("User", "lives in") == std::vector<std::string>{"Beirut"});
  graph::HeldItem item = fx.Held(dubai.held);
  CHECK(item.state == graph::HeldState::kPending);
  CHECK(item.atom.value == "Dubai");
  CHECK(item.atom.provenance.origin == Origin::kFallback);
  CHECK(item.detail.find("contradiction: queue") != std::string::npos);
  auto log = fx.Log();
  REQUIRE(log.size() == 2);
  CHECK(log[1].action == "queued");
  CHECK(log[1].detail.find("\"item\"") != std::string::npos);
  // An at-least-as-trusted source is an update.
  Atom paris = Make("User", "lives in", "Paris", 0.95, Origin::kCloudModel);
  paris.provenance.verification = Verification::kVerified;
  Decision update = fx.WriteOne(*r, paris);
  CHECK(update.action == Action::kSuperseded);
  CHECK(HasStage(update, "contradiction", GateOutcome::kPass));
  // The user is the authority on themselves.
  Decision human = fx.WriteOne(*r, Make("User", "lives in", "Oslo", 1.0));
  CHECK(human.action == Action::kSuperseded);
  CHECK(fx.Values("User", "lives in") == std::vector<std::string>{"Oslo"});
}

TEST_CASE("Gate stages: confidence thresholds approve, queue and reject",
          "[resolver][gate]") {
  Fixture fx;
  auto r = fx.Make();
  CHECK(fx.WriteOne(*r, Make("A", "lives in", "X", 0.85, Origin::kCloudModel))
            .action == Action::kAdded);
  Decision mid =
      fx.WriteOne(*r, Make("B", "lives in", "X", 0.6, Origin::kCloudModel));
  CHECK(mid.action == Action::kQueued);
  CHECK(mid.reason.find("needs verification") != std::string::npos);
  Decision low =
      fx.WriteOne(*r, Make("C", "lives in", "X", 0.3, Origin::kCloudModel));
  CHECK(low.action == Action::kRejected);
  CHECK(low.reason.find("below the floor") != std::string::npos);
  CHECK(fx.Held(low.held).state == graph::HeldState::kQuarantined);
  Atom verified = Make("D", "lives in", "X", 0.6, Origin::kCloudModel);
  verified.provenance.verification = Verification::kVerified;
  CHECK(fx.WriteOne(*r, verified).action == Action::kAdded);
  CHECK(fx.Stats().atoms == 2);
  GateConfig lenient;
  lenient.confidence.auto_approve = 0.5;
  lenient.confidence.reject_below = 0.1;
  auto r2 = fx.Make(lenient);
  CHECK(fx.WriteOne(*r2, Make("E", "lives in", "X", 0.6, Origin::kCloudModel))
            .action == Action::kAdded);
}

TEST_CASE("Gate stages: hedged wording lowers confidence below the floor",
          "[resolver][gate]") {
  Fixture fx;
  auto r = fx.Make();
  Atom hedged = Make("User", "plans", "starting a project");
  hedged.text = "User might be considering thinking about starting a project";
  Decision d = fx.WriteOne(*r, hedged);
  CHECK(d.action == Action::kRejected);
  CHECK(d.reason.find("hedged (might, considering, thinking about)") !=
        std::string::npos);
  graph::HeldItem item = fx.Held(d.held);
  CHECK(item.atom.provenance.confidence == Approx(0.343));
  Atom once = Make("User", "lives in", "Lisbon");
  once.text = "User probably lives in Lisbon";
  CHECK(fx.WriteOne(*r, once).action == Action::kQueued);
  CHECK(fx.Stats().atoms == 0);
}

TEST_CASE("Gate stages: the issue's examples are stored", "[resolver][gate]") {
  Fixture fx;
  auto r = fx.Make();
  Parser parser = Parser::Create(Lexicon::Builtin()).value();
  for (const char* text :
       {"Joseph works at KodeFoundry.", "Prefers dark mode in all apps.",
        "Sarah is the user's CTO."}) {
    ParsedFact f = parser.ParseSentence(text).value();
    Atom atom = Make(f.subject, f.relation, f.value);
    atom.text = text;
    if (std::string(text).rfind("Prefers", 0) == 0) {
      atom.category = Category::kPreference;
    }
    INFO(text);
    CHECK(fx.WriteOne(*r, atom).action == Action::kAdded);
  }
  CHECK(fx.Values("Joseph", "works at") ==
        std::vector<std::string>{"KodeFoundry"});
  CHECK(fx.Values("user", "cto") == std::vector<std::string>{"Sarah"});
}

TEST_CASE("Gate stages: tool output and momentary state never reach the store",
          "[resolver][gate]") {
  Fixture fx;
  auto r = fx.Make();
  Atom http = Make("api", "returned", "HTTP/1.1 404 Not Found");
  Decision d = fx.WriteOne(*r, http);
  CHECK(d.action == Action::kNoise);
  CHECK(d.reason.find("HTTP status line") != std::string::npos);
  Atom listing = Make("dir", "contains", "notes.txt");
  listing.text = "-rw-r--r--  1 user staff 1234 Jan  1 12:00 notes.txt";
  CHECK(fx.WriteOne(*r, listing).action == Action::kNoise);
  Atom typing = Make("the user", "is currently", "typing");
  CHECK(fx.WriteOne(*r, typing).action == Action::kTransient);
  Atom date = Make("current date", "is", "2026-11-29");
  date.text = "The current date is 2026-11-29.";
  CHECK(fx.WriteOne(*r, date).action == Action::kTransient);
  graph::StoreStats stats = fx.Stats();
  CHECK(stats.atoms == 0);
  CHECK(stats.entities == 0);
  CHECK(stats.relations == 0);  // refusals leave no trace but the audit
  CHECK(stats.audit_records == 4);
}

TEST_CASE("Gate stages: parse-time verdicts are audited in the batch",
          "[resolver][gate]") {
  Fixture fx;
  auto r = fx.Make();
  Atom noise;
  noise.text = "total 48";
  Atom fact = Make("Bo", "likes", "tea");
  fact.text = "Bo likes tea.";
  auto out = r->Write(
      {noise, fact},
      {{"noise", GateOutcome::kNoise, kNoAtom, "directory listing total"}, {}});
  REQUIRE(out.ok());
  REQUIRE(out->size() == 2);
  CHECK((*out)[0].action == Action::kNoise);
  CHECK((*out)[0].input_index == 0);
  CHECK((*out)[1].action == Action::kAdded);
  CHECK(HasStage((*out)[1], "noise", GateOutcome::kPass));
  auto log = fx.Log();
  REQUIRE(log.size() == 2);
  CHECK(log[0].action == "noise");
  CHECK(log[0].detail.find("total 48") != std::string::npos);
  CHECK(r->Write({fact}, {{}, {}}).status().IsInvalidArgument());
}

TEST_CASE("Gate stages: provenance is required by origin", "[resolver][gate]") {
  Fixture fx;
  auto r = fx.Make();
  Atom no_model = Make("A", "likes", "tea", 0.9, Origin::kCloudModel);
  no_model.provenance.model_id.clear();
  auto out = r->Write({Make("B", "likes", "tea"), no_model});
  REQUIRE_FALSE(out.ok());
  CHECK(out.status().IsInvalidArgument());
  CHECK(out.status().message().find("atom #1") != std::string::npos);
  CHECK(out.status().message().find("model_id") != std::string::npos);
  Atom no_session = Make("A", "likes", "tea", 0.9, Origin::kFallback);
  no_session.provenance.session_id.clear();
  CHECK(r->Write({no_session}).status().message().find("session_id") !=
        std::string::npos);
  Atom api = Make("A", "likes", "tea", 0.9, Origin::kExternalApi);
  api.provenance.source.clear();
  CHECK(r->Write({api}).status().message().find("source") != std::string::npos);
  // Datasets and humans need nothing beyond their origin.
  Atom dataset = Make("A", "likes", "tea", 1.0, Origin::kDataset);
  dataset.provenance.source.clear();
  CHECK(r->Write({dataset}).ok());
  Atom decision = Make("Team", "chose", "Postgres");
  decision.category = Category::kDecision;
  CHECK(r->Write({decision}).status().message().find("session_id") !=
        std::string::npos);
  decision.provenance.session_id = "s9";
  CHECK(r->Write({decision}).ok());
  CHECK(fx.Stats().atoms == 2);
}

TEST_CASE("Gate stages: a preference must come from the user",
          "[resolver][gate]") {
  Fixture fx;
  auto r = fx.Make();
  Atom pref = Make("user", "prefers", "dark mode", 0.95, Origin::kCloudModel);
  pref.category = Category::kPreference;
  Decision d = fx.WriteOne(*r, pref);
  CHECK(d.action == Action::kQueued);
  CHECK(HasStage(d, "provenance", GateOutcome::kQueue));
  Atom own = Make("user", "prefers", "dark mode");
  own.category = Category::kPreference;
  CHECK(fx.WriteOne(*r, own).action == Action::kAdded);
  GateConfig refuse;
  refuse.provenance.preference_requires_human = RuleAction::kRefuse;
  auto r2 = fx.Make(refuse);
  CHECK(r2->Write({pref}).status().IsInvalidArgument());
}

TEST_CASE("Gate stages: the bare path stores what the gate would hold",
          "[resolver][gate]") {
  Fixture fx;
  GateConfig bare;
  bare.enabled = false;
  auto r = fx.Make(bare);
  CHECK(r->screen() == nullptr);
  Atom beirut = Make("User", "lives in", "Beirut", 0.95, Origin::kCloudModel);
  beirut.provenance.verification = Verification::kVerified;
  REQUIRE(fx.WriteOne(*r, beirut).action == Action::kAdded);
  Atom dubai = Make("User", "lives in", "Dubai", 0.7, Origin::kFallback);
  dubai.provenance.model_id.clear();  // not checked either
  Decision d = fx.WriteOne(*r, dubai);
  CHECK(d.action == Action::kSuperseded);
  CHECK(d.verdicts.empty());
  CHECK(fx.WriteOne(*r, Make("api", "returned", "HTTP/1.1 404 Not Found"))
            .action == Action::kAdded);
}

}  // namespace
}  // namespace factline::resolver
