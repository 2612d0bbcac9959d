// The review queue, quarantine, re-verification, the audit replay, the
// outcome report and decay.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

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
  std::unique_ptr<Resolver> resolver =
      Resolver::Create(store.get(), ResolverOptions()).value();

  Decision Write(Atom atom) {
    auto out = resolver->Write({std::move(atom)});
    INFO(out.status().ToString());
    REQUIRE(out.ok());
    return (*out)[0];
  }

  std::vector<Atom> Current(const std::string& s, const std::string& r) {
    std::vector<Atom> out;
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
                    out.push_back(a);
                  }
                  return Status::Ok();
                })
                .ok());
    return out;
  }

  Atom Get(AtomId id) {
    return testing::ReadOrFail<Atom>(
        *store, [&](const graph::Reader& r) { return r.GetAtom(id); });
  }

  graph::HeldItem Held(std::uint64_t id) {
    return testing::ReadOrFail<graph::HeldItem>(
        *store, [&](const graph::Reader& r) { return r.GetHeld(id); });
  }

  std::vector<graph::AuditRecord> Log() {
    return testing::ReadOrFail<std::vector<graph::AuditRecord>>(
        *store, [&](const graph::Reader& r) { return r.Audit(1, 100000); });
  }

  // Beirut (verified, 0.95) stored; Dubai (fallback, 0.7) queued.
  std::uint64_t BeirutThenDubai() {
    Atom beirut = Make("User", "lives in", "Beirut", 0.95, Origin::kCloudModel);
    beirut.provenance.verification = Verification::kVerified;
    REQUIRE(Write(beirut).action == Action::kAdded);
    Decision dubai =
        Write(Make("User", "lives in", "Dubai", 0.7, Origin::kFallback));
    REQUIRE(dubai.action == Action::kQueued);
    return dubai.held;
  }
};

std::vector<std::string> Values(const std::vector<Atom>& atoms) {
  std::vector<std::string> out;
  for (const Atom& a : atoms) out.push_back(a.value);
  return out;
}

TEST_CASE("Gate review: approving applies the write as if it passed now",
          "[resolver][gate]") {
  Fixture fx;
  const std::uint64_t item = fx.BeirutThenDubai();
  auto d = fx.resolver->Approve(item, {}, "user confirmed the move");
  REQUIRE(d.ok());
  CHECK(d->action == Action::kSuperseded);
  CHECK(d->held == item);
  REQUIRE(d->closed.size() == 1);
  auto current = fx.Current("User", "lives in");
  REQUIRE(current.size() == 1);
  CHECK(current[0].value == "Dubai");
  CHECK(current[0].provenance.verification == Verification::kVerified);
  CHECK(current[0].provenance.origin == Origin::kFallback);
  graph::HeldItem held = fx.Held(item);
  CHECK(held.state == graph::HeldState::kApproved);
  CHECK(held.result == d->atom);
  CHECK(held.reason.find("user confirmed") != std::string::npos);
  auto again = fx.resolver->Approve(item);
  REQUIRE_FALSE(again.ok());
  CHECK(again.status().message().find("already approved") != std::string::npos);
  CHECK(fx.resolver->Approve(99).status().IsNotFound());
  auto log = fx.Log();
  CHECK(log.back().action == "approved");
  CHECK(log[log.size() - 2].action == "superseded");
}

TEST_CASE("Gate review: rejecting quarantines, approval restores",
          "[resolver][gate]") {
  Fixture fx;
  const std::uint64_t item = fx.BeirutThenDubai();
  CHECK(fx.resolver->RejectHeld(item, "").IsInvalidArgument());
  REQUIRE(fx.resolver->RejectHeld(item, "the user never moved").ok());
  graph::HeldItem held = fx.Held(item);
  CHECK(held.state == graph::HeldState::kQuarantined);
  CHECK(held.reason.find("the user never moved") != std::string::npos);
  CHECK(held.atom.provenance.model_id == "model-x");  // provenance kept
  CHECK(fx.resolver->RejectHeld(item, "twice").IsInvalidArgument());
  CHECK(Values(fx.Current("User", "lives in")) ==
        std::vector<std::string>{"Beirut"});
  auto restored = fx.resolver->Approve(item);
  REQUIRE(restored.ok());
  CHECK(Values(fx.Current("User", "lives in")) ==
        std::vector<std::string>{"Dubai"});
}

TEST_CASE("Gate review: edit then approve", "[resolver][gate]") {
  Fixture fx;
  const std::uint64_t item = fx.BeirutThenDubai();
  ReviewEdit edit;
  edit.value = "Abu Dhabi";
  edit.confidence = 0.9;
  auto d = fx.resolver->Approve(item, edit, "it was Abu Dhabi");
  REQUIRE(d.ok());
  auto current = fx.Current("User", "lives in");
  REQUIRE(current.size() == 1);
  CHECK(current[0].value == "Abu Dhabi");
  CHECK(current[0].provenance.confidence == 0.9);
  CHECK(fx.Log().back().detail.find("Abu Dhabi") != std::string::npos);

  // A line that never became an atom needs an edit to be approved.
  Atom text;
  text.text = "User might be considering thinking about starting a project";
  auto out = fx.resolver->Write(
      {text}, {{"confidence", GateOutcome::kReject, kNoAtom, "hedged"}});
  REQUIRE(out.ok());
  REQUIRE((*out)[0].action == Action::kRejected);
  const std::uint64_t text_item = (*out)[0].held;
  auto bare = fx.resolver->Approve(text_item);
  REQUIRE_FALSE(bare.ok());
  CHECK(bare.status().message().find("has no atom") != std::string::npos);
  ReviewEdit make;
  make.subject = "User";
  make.relation = "plans";
  make.value = "a project";
  auto stored = fx.resolver->Approve(text_item, make);
  REQUIRE(stored.ok());
  CHECK(stored->action == Action::kAdded);
  CHECK(fx.Get(stored->atom).text == text.text);
}

TEST_CASE("Gate review: quarantine brings the previous value back",
          "[resolver][gate]") {
  Fixture fx;
  Decision athens = fx.Write(Make("Ann", "lives in", "Athens"));
  Decision berlin = fx.Write(Make("Ann", "lives in", "Berlin"));
  REQUIRE(berlin.action == Action::kSuperseded);
  CHECK(fx.resolver->Quarantine(berlin.atom, "").status().IsInvalidArgument());
  auto q = fx.resolver->Quarantine(berlin.atom, "Ann never lived in Berlin");
  REQUIRE(q.ok());
  CHECK(q->action == Action::kRejected);
  auto current = fx.Current("Ann", "lives in");
  REQUIRE(current.size() == 1);
  CHECK(current[0].id == athens.atom);
  CHECK(current[0].superseded_by == kNoAtom);
  CHECK(current[0].valid_to == kForever);
  Atom withdrawn = fx.Get(berlin.atom);
  CHECK(withdrawn.provenance.verification == Verification::kRejected);
  // What the source stated is kept; the slot's timeline leaves it out.
  CHECK(withdrawn.valid_to == kForever);
  graph::HeldItem item = fx.Held(q->held);
  CHECK(item.state == graph::HeldState::kQuarantined);
  CHECK(item.atom.id == berlin.atom);
  CHECK(item.reason.find("never lived") != std::string::npos);
  auto log = fx.Log();
  REQUIRE(log.size() == 4);
  CHECK(log[2].action == "quarantined");
  CHECK(log[2].atom == berlin.atom);
  CHECK(log[3].action == "reinstated");
  CHECK(log[3].atom == athens.atom);
  CHECK(fx.resolver->Quarantine(berlin.atom, "again")
            .status()
            .IsInvalidArgument());
  // Approving the quarantined item makes Berlin current again, as a new
  // atom that supersedes Athens.
  auto back = fx.resolver->Approve(q->held);
  REQUIRE(back.ok());
  CHECK(back->action == Action::kSuperseded);
  CHECK(back->atom != berlin.atom);
  CHECK(Values(fx.Current("Ann", "lives in")) ==
        std::vector<std::string>{"Berlin"});
}

TEST_CASE("Gate review: quarantining a superseded atom changes nothing current",
          "[resolver][gate]") {
  Fixture fx;
  Decision a = fx.Write(Make("Bo", "lives in", "Athens"));
  fx.Write(Make("Bo", "lives in", "Berlin"));
  auto q = fx.resolver->Quarantine(a.atom, "wrong");
  REQUIRE(q.ok());
  CHECK(Values(fx.Current("Bo", "lives in")) ==
        std::vector<std::string>{"Berlin"});
  CHECK(fx.Log().back().action == "quarantined");
}

TEST_CASE("Gate review: re-verification is audited and refreshes decay",
          "[resolver][gate]") {
  Fixture fx;
  Decision d = fx.Write(Make("Cy", "works at", "Acme"));
  REQUIRE(fx.resolver->SetVerification(d.atom, Verification::kVerified, "asked")
              .ok());
  CHECK(fx.Get(d.atom).provenance.verification == Verification::kVerified);
  Timestamp refreshed = kNoTime;
  REQUIRE(fx.store
              ->Read([&](const graph::Reader& r) -> Status {
                FACTLINE_ASSIGN_OR_RETURN(refreshed, r.Refreshed(d.atom));
                return Status::Ok();
              })
              .ok());
  CHECK(refreshed != kNoTime);
  REQUIRE(fx.resolver->SetVerification(d.atom, Verification::kExpired, "left")
              .ok());
  CHECK(fx.Get(d.atom).provenance.verification == Verification::kExpired);
  CHECK(fx.resolver->SetVerification(d.atom, Verification::kRejected, "x")
            .IsInvalidArgument());
  auto log = fx.Log();
  CHECK(log[1].action == "verified");
  CHECK(log[2].action == "expired");
  CHECK(log[2].detail.find("\"prev_verification\":\"verified\"") !=
        std::string::npos);
}

TEST_CASE("Gate review: replaying the log reproduces the store",
          "[resolver][gate]") {
  Fixture fx;
  // Every kind of mutation: add, supersede, reinforce, history, queue,
  // reject, noise, approve, edit, quarantine, reinstate, verify, expire.
  fx.Write(Make("Ann", "lives in", "Athens"));
  Decision berlin = fx.Write(Make("Ann", "lives in", "Berlin"));
  fx.Write(Make("ann", "lives in", "berlin."));
  Atom late = Make("Ann", "lives in", "Cairo");
  late.valid_from = 1;
  fx.Write(late);
  fx.Write(Make("Alice", "likes", "tea"));
  fx.Write(Make("Alice", "likes", "coffee"));
  const std::uint64_t dubai = fx.BeirutThenDubai();
  fx.Write(Make("C", "lives in", "X", 0.3, Origin::kCloudModel));
  fx.Write(Make("api", "returned", "HTTP/1.1 404 Not Found"));
  Atom text;
  text.text = "it is 3pm";
  REQUIRE(fx.resolver
              ->Write({text}, {{"transient", GateOutcome::kTransient, kNoAtom,
                                "clock"}})
              .ok());
  ReviewEdit edit;
  edit.value = "Sharjah";
  REQUIRE(fx.resolver->Approve(dubai, edit).ok());
  Decision pending =
      fx.Write(Make("D", "lives in", "Y", 0.6, Origin::kCloudModel));
  REQUIRE(fx.resolver->RejectHeld(pending.held, "no").ok());
  auto q = fx.resolver->Quarantine(berlin.atom, "wrong");
  REQUIRE(q.ok());
  REQUIRE(fx.resolver->SetVerification(1, Verification::kVerified, "ok").ok());
  REQUIRE(fx.resolver
              ->SetVerification(berlin.atom + 3, Verification::kExpired, "old")
              .ok());
  REQUIRE(fx.resolver->Approve(q->held).ok());

  ScratchDir other;
  auto target = graph::Store::Open(other.Sub("replay"), {}).value();
  auto report = ReplayAudit(*fx.store, target.get());
  INFO(report.status().ToString());
  REQUIRE(report.ok());
  for (const auto& d : report->differences) INFO(d);
  CHECK(report->differences.empty());
  CHECK(report->records == fx.Log().size());
  CHECK(report->atoms > 5);
  CHECK(report->held == 4);
  // A second replay into a store that is not empty is refused.
  CHECK(ReplayAudit(*fx.store, target.get()).status().IsInvalidArgument());
  // The replayed store replays in turn.
  auto third = graph::Store::Open(other.Sub("third"), {}).value();
  auto again = ReplayAudit(*target, third.get());
  REQUIRE(again.ok());
  CHECK(again->differences.empty());
}

TEST_CASE("Gate review: the replay names a record it cannot apply",
          "[resolver][gate]") {
  Fixture fx;
  fx.Write(Make("Ann", "lives in", "Athens"));
  REQUIRE(fx.store
              ->Update([](graph::Writer& w) {
                graph::AuditRecord bogus;
                bogus.action = "teleported";
                bogus.detail = "{}";
                return w.AppendAudit(&bogus);
              })
              .ok());
  ScratchDir other;
  auto target = graph::Store::Open(other.Sub("replay"), {}).value();
  auto report = ReplayAudit(*fx.store, target.get());
  REQUIRE_FALSE(report.ok());
  CHECK(report.status().code() == StatusCode::kCorruption);
  CHECK(report.status().message().find("audit record 2") != std::string::npos);
  CHECK(report.status().message().find("unknown action") != std::string::npos);
}

TEST_CASE("Gate review: audit records are found by atom", "[resolver][gate]") {
  Fixture fx;
  Decision athens = fx.Write(Make("Ann", "lives in", "Athens"));
  Decision berlin = fx.Write(Make("Ann", "lives in", "Berlin"));
  REQUIRE(fx.resolver->Quarantine(berlin.atom, "wrong").ok());
  std::vector<std::string> about_athens;
  for (const auto& r : fx.Log()) {
    if (AuditConcerns(r, athens.atom)) about_athens.push_back(r.action);
  }
  // Added, closed by Berlin, named by Berlin's quarantine, reinstated.
  CHECK(about_athens == std::vector<std::string>{"added", "superseded",
                                                 "quarantined", "reinstated"});
}

TEST_CASE("Gate review: the report counts outcomes and warns on fallbacks",
          "[resolver][gate]") {
  Fixture fx;
  for (int i = 0; i < 11; ++i) {
    fx.Write(
        Make("F" + std::to_string(i), "lives in", "X", 0.9, Origin::kFallback));
  }
  fx.Write(Make("api", "returned", "HTTP/1.1 404 Not Found"));
  fx.Write(Make("C", "lives in", "X", 0.3, Origin::kCloudModel));
  GateReport report;
  REQUIRE(fx.store
              ->Read([&](const graph::Reader& r) -> Status {
                FACTLINE_ASSIGN_OR_RETURN(report,
                                          BuildGateReport(r, GateConfig()));
                return Status::Ok();
              })
              .ok());
  CHECK(report.actions["added"] == 11);
  CHECK(report.actions["noise"] == 1);
  CHECK(report.actions["rejected"] == 1);
  CHECK(report.signal == 11);
  CHECK(report.noise == 2);
  CHECK(report.signal_to_noise == Approx(5.5));
  REQUIRE(report.warnings.size() == 1);
  CHECK(report.warnings[0].find("11 fallback-model writes") !=
        std::string::npos);
  std::uint64_t fallback = 0, human = 0;
  for (const auto& h : report.by_hour) {
    if (h.origin == Origin::kFallback) fallback += h.writes;
    if (h.origin == Origin::kHuman) human += h.writes;
  }
  CHECK(fallback == 11);
  CHECK(human == 1);
  GateConfig quiet;
  quiet.stats.fallback_warn_per_hour = 20;
  REQUIRE(fx.store
              ->Read([&](const graph::Reader& r) -> Status {
                FACTLINE_ASSIGN_OR_RETURN(report, BuildGateReport(r, quiet));
                return Status::Ok();
              })
              .ok());
  CHECK(report.warnings.empty());
}

TEST_CASE("Gate review: retrieval weight halves every half-life",
          "[resolver][gate]") {
  constexpr Timestamp kDay = Timestamp{86400} * 1000000;
  GateConfig config;
  Atom atom = Make("Ann", "lives in", "Athens", 0.8);
  atom.tx_time = 100 * kDay;
  CHECK(RetrievalWeight(config, atom, kNoTime, 100 * kDay) == Approx(0.8));
  CHECK(RetrievalWeight(config, atom, kNoTime, 130 * kDay) == Approx(0.4));
  CHECK(RetrievalWeight(config, atom, kNoTime, 160 * kDay) == Approx(0.2));
  CHECK(RetrievalWeight(config, atom, kNoTime, 400 * kDay) == Approx(0.1));
  // Reinforcement and re-verification restart the clock.
  CHECK(RetrievalWeight(config, atom, 160 * kDay, 160 * kDay) == Approx(0.8));
  config.decay.by_category[Category::kFact] = 10;
  CHECK(RetrievalWeight(config, atom, kNoTime, 110 * kDay) == Approx(0.4));
  config.decay.by_relation[atom.relation] = 60;
  CHECK(HalfLifeDays(config, atom) == 60);
  CHECK(RetrievalWeight(config, atom, kNoTime, 160 * kDay) == Approx(0.4));
  config.decay.floor = 0.3;
  CHECK(RetrievalWeight(config, atom, kNoTime, 1000 * kDay) == Approx(0.3));
}

}  // namespace
}  // namespace factline::resolver
