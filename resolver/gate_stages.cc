// The built-in gate stages (docs/gate.md): provenance and category rules,
// noise, transient, duplicate, contradiction and confidence with hedging.
#include "resolver/internal/gate_stages.h"

#include <algorithm>
#include <cstdio>

#include "resolver/resolver.h"

namespace factline::resolver {

namespace {

using internal::StageInput;

std::string Fixed2(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

// 'value', shortened at a UTF-8 character boundary.
std::string Quoted(std::string_view s) {
  std::size_t n = 60;
  const bool cut = s.size() > n;
  if (cut) {
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
    s = s.substr(0, n);
  }
  // Appended, not "'" + std::string(s): GCC 12 at -O3 reports a false
  // -Wrestrict on that operator+.
  std::string out = "'";
  out.append(s);
  out.append(cut ? "...'" : "'");
  return out;
}

class ProvenanceStage final : public GateStage {
 public:
  explicit ProvenanceStage(const GateConfig& config) : config_(config) {}
  std::string_view name() const override { return internal::kStageProvenance; }
  Status Evaluate(const GateContext&, Atom* atom,
                  GateVerdict* verdict) override {
    const RuleAction rule = config_.provenance.preference_requires_human;
    if (atom->category != Category::kPreference ||
        atom->provenance.origin == Origin::kHuman ||
        rule == RuleAction::kAllow) {
      return Status::Ok();
    }
    // kRefuse never gets here: CheckProvenance refused the write.
    verdict->outcome = rule == RuleAction::kReject ? GateOutcome::kReject
                                                   : GateOutcome::kQueue;
    verdict->reason =
        "a preference must come from the user (origin human), "
        "not " +
        std::string(ToString(atom->provenance.origin));
    return Status::Ok();
  }

 private:
  GateConfig config_;
};

// Stages 2 and 3 share the compiled screen; each acts on its own outcome.
class ScreenStage final : public GateStage {
 public:
  ScreenStage(GateOutcome outcome, std::shared_ptr<const TextScreen> screen,
              const StageInput* input)
      : outcome_(outcome), screen_(std::move(screen)), input_(input) {}
  std::string_view name() const override {
    return outcome_ == GateOutcome::kNoise ? internal::kStageNoise
                                           : internal::kStageTransient;
  }
  Status Evaluate(const GateContext&, Atom* atom,
                  GateVerdict* verdict) override {
    if (input_->text_screened) {
      verdict->reason = "at parse time";
      return Status::Ok();
    }
    // A structured atom without text is judged by what would be stored: its
    // value for noise, its whole statement for momentary state.
    GateVerdict v;
    if (!atom->text.empty()) {
      v = screen_->Screen(atom->text);
    } else if (outcome_ == GateOutcome::kNoise) {
      v = screen_->Screen(atom->value);
    } else {
      v = screen_->Screen(atom->subject + " " + atom->relation + " " +
                          atom->value);
    }
    if (v.outcome == outcome_) {
      verdict->outcome = outcome_;
      verdict->reason = v.reason;
    }
    return Status::Ok();
  }

 private:
  GateOutcome outcome_;
  std::shared_ptr<const TextScreen> screen_;
  const StageInput* input_;
};

class DuplicateStage final : public GateStage {
 public:
  DuplicateStage(const DuplicateRules& rules, NearDuplicateFn near)
      : rules_(rules), near_(std::move(near)) {}
  std::string_view name() const override { return internal::kStageDuplicate; }
  Status Evaluate(const GateContext& context, Atom* atom,
                  GateVerdict* verdict) override {
    return internal::CheckDuplicate(context, *atom, rules_, near_, verdict);
  }

 private:
  DuplicateRules rules_;
  NearDuplicateFn near_;
};

class ContradictionStage final : public GateStage {
 public:
  explicit ContradictionStage(const ContradictionRules& rules)
      : rules_(rules) {}
  std::string_view name() const override {
    return internal::kStageContradiction;
  }
  Status Evaluate(const GateContext& context, Atom* atom,
                  GateVerdict* verdict) override {
    if (context.cardinality != Cardinality::kOne ||
        context.slot_current.empty()) {
      return Status::Ok();
    }
    const Atom& current = *std::max_element(
        context.slot_current.begin(), context.slot_current.end(),
        [](const Atom& a, const Atom& b) {
          return a.valid_from < b.valid_from;
        });
    // A late arrival goes to history and contradicts nothing current; the
    // same value confirms it, unless the statement ends it ("no longer").
    if (atom->valid_from < current.valid_from ||
        (!atom->ends &&
         NormalizeKey(atom->value) == NormalizeKey(current.value))) {
      return Status::Ok();
    }
    const Provenance& in = atom->provenance;
    const Provenance& cur = current.provenance;
    std::vector<std::string> weaker;
    if (in.confidence + rules_.confidence_tolerance < cur.confidence) {
      weaker.push_back("confidence " + Fixed2(in.confidence) + " < " +
                       Fixed2(cur.confidence));
    }
    const int trust_in = rules_.origin_trust[static_cast<int>(in.origin)];
    const int trust_cur = rules_.origin_trust[static_cast<int>(cur.origin)];
    if (trust_in < trust_cur) {
      weaker.push_back("origin " + std::string(ToString(in.origin)) + " < " +
                       std::string(ToString(cur.origin)));
    }
    if (Verified(cur) && !Verified(in)) {
      weaker.push_back("unverified against verified");
    }
    if (weaker.empty()) {
      verdict->reason = "update: at least as trusted as current #" +
                        std::to_string(current.id) + " " +
                        Quoted(current.value);
      return Status::Ok();
    }
    verdict->outcome = GateOutcome::kQueue;
    verdict->target = current.id;
    verdict->reason = "contradicts current #" + std::to_string(current.id) +
                      " " + Quoted(current.value) +
                      " from a less trusted source (";
    for (std::size_t i = 0; i < weaker.size(); ++i) {
      verdict->reason += (i ? "; " : "") + weaker[i];
    }
    verdict->reason += ")";
    return Status::Ok();
  }

 private:
  bool Verified(const Provenance& p) const {
    return p.verification == Verification::kVerified ||
           (rules_.human_counts_as_verified && p.origin == Origin::kHuman);
  }
  ContradictionRules rules_;
};

class ConfidenceStage final : public GateStage {
 public:
  ConfidenceStage(const GateConfig& config,
                  std::shared_ptr<const TextScreen> screen)
      : rules_(config.confidence),
        hedging_(config.hedging.enabled),
        screen_(std::move(screen)) {}
  std::string_view name() const override { return internal::kStageConfidence; }
  Status Evaluate(const GateContext&, Atom* atom,
                  GateVerdict* verdict) override {
    double& confidence = atom->provenance.confidence;
    std::string note;
    if (hedging_ && !atom->text.empty()) {
      std::vector<std::string> found;
      const double hedged = screen_->Hedge(
          atom->text, confidence, {atom->subject, atom->value}, &found);
      if (!found.empty()) {
        note = "hedged (";
        for (std::size_t i = 0; i < found.size(); ++i) {
          note += (i ? ", " : "") + found[i];
        }
        note += ") " + Fixed2(confidence) + " -> " + Fixed2(hedged) + "; ";
        confidence = hedged;
      }
    }
    const bool verified =
        atom->provenance.verification == Verification::kVerified;
    if (confidence < rules_.reject_below) {
      verdict->outcome = GateOutcome::kReject;
      verdict->reason = note + "confidence " + Fixed2(confidence) +
                        " below the floor " + Fixed2(rules_.reject_below);
    } else if (confidence >= rules_.auto_approve) {
      verdict->reason = note + "confidence " + Fixed2(confidence) +
                        " >= " + Fixed2(rules_.auto_approve);
    } else if (verified) {
      verdict->reason = note + "verified, confidence " + Fixed2(confidence);
    } else {
      verdict->outcome = GateOutcome::kQueue;
      verdict->reason = note + "confidence " + Fixed2(confidence) +
                        " between " + Fixed2(rules_.reject_below) + " and " +
                        Fixed2(rules_.auto_approve) + ": needs verification";
    }
    return Status::Ok();
  }

 private:
  ConfidenceRules rules_;
  bool hedging_;
  std::shared_ptr<const TextScreen> screen_;
};

const StageInput& NoInput() {
  static const StageInput input;
  return input;
}

}  // namespace

std::string_view ToString(GateOutcome outcome) {
  switch (outcome) {
    case GateOutcome::kPass:
      return "pass";
    case GateOutcome::kReinforce:
      return "reinforce";
    case GateOutcome::kQueue:
      return "queue";
    case GateOutcome::kReject:
      return "reject";
    case GateOutcome::kNoise:
      return "noise";
    case GateOutcome::kTransient:
      return "transient";
  }
  return "unknown";
}

Status GateStage::Evaluate(const GateContext& context, Atom* atom,
                           GateVerdict* verdict) {
  bool reject = false;
  std::string reason;
  FACTLINE_RETURN_IF_ERROR(Check(context.reader, atom, &reject, &reason));
  if (reject) {
    verdict->outcome = GateOutcome::kReject;
    verdict->reason = std::move(reason);
  }
  return Status::Ok();
}

Status GateStage::Check(const graph::Reader&, Atom*, bool* reject,
                        std::string*) {
  *reject = false;
  return Status::Ok();
}

Status CheckProvenance(const GateConfig& config, const Atom& atom) {
  if (!config.enabled) return Status::Ok();
  const Provenance& p = atom.provenance;
  const std::string origin(ToString(p.origin));
  for (const std::string& field :
       config.provenance.required[static_cast<std::size_t>(p.origin)]) {
    const bool missing = (field == "model_id" && p.model_id.empty()) ||
                         (field == "session_id" && p.session_id.empty()) ||
                         (field == "source" && p.source.empty()) ||
                         (field == "tx_time" && atom.tx_time == kNoTime);
    if (missing) {
      return Status::InvalidArgument("provenance: origin " + origin +
                                     " requires " + field +
                                     ", which is missing");
    }
  }
  if (atom.category == Category::kDecision &&
      config.provenance.decision_requires_session && p.session_id.empty()) {
    return Status::InvalidArgument(
        "provenance: a decision requires session_id, which is missing");
  }
  if (atom.category == Category::kPreference && p.origin != Origin::kHuman &&
      config.provenance.preference_requires_human == RuleAction::kRefuse) {
    return Status::InvalidArgument(
        "provenance: a preference must come from the user (origin human), "
        "not " +
        origin);
  }
  return Status::Ok();
}

namespace internal {

std::vector<std::string> IdentifierWords(std::string_view value) {
  auto alnum = [](unsigned char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
           (c >= 'A' && c <= 'Z') || c >= 0x80;
  };
  auto punct = [&](unsigned char c) { return !alnum(c) && c != '@'; };
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < value.size()) {
    while (i < value.size() && (value[i] == ' ' || value[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < value.size() && value[j] != ' ' && value[j] != '\t') ++j;
    std::string_view w = value.substr(i, j - i);
    i = j;
    while (!w.empty() && punct(w.front())) w.remove_prefix(1);
    while (!w.empty() && punct(w.back())) w.remove_suffix(1);
    bool letter = false, digit = false, id = false;
    for (std::size_t k = 0; k < w.size(); ++k) {
      const unsigned char c = w[k];
      if (c >= '0' && c <= '9') digit = true;
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) letter = true;
      if (c == '@' || c == '/') id = true;
      if ((c == '.' || c == '_' || c == ':') && k > 0 && k + 1 < w.size() &&
          alnum(w[k - 1]) && alnum(w[k + 1])) {
        id = true;
      }
    }
    if (!(id || (letter && digit))) continue;
    std::string lower(w);
    for (char& c : lower) {
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    out.push_back(std::move(lower));
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool DifferInIdentifiers(std::string_view a, std::string_view b) {
  return IdentifierWords(a) != IdentifierWords(b);
}

Status CheckDuplicate(const GateContext& context, const Atom& atom,
                      const DuplicateRules& rules,
                      const NearDuplicateFn& near_duplicate,
                      GateVerdict* verdict) {
  if (!rules.enabled || context.slot_current.empty()) return Status::Ok();
  const std::string key = NormalizeKey(atom.value);
  for (const Atom& current : context.slot_current) {
    if (NormalizeKey(current.value) == key) {
      verdict->outcome = GateOutcome::kReinforce;
      verdict->target = current.id;
      verdict->reason =
          "same value as current atom #" + std::to_string(current.id);
      return Status::Ok();
    }
  }
  if (!near_duplicate) return Status::Ok();
  FACTLINE_ASSIGN_OR_RETURN(
      NearDuplicate near,
      near_duplicate(context.reader, atom, context.slot_current,
                     rules.near_threshold));
  if (near.atom == kNoAtom) return Status::Ok();
  std::string value;
  const Atom* match = nullptr;
  for (const Atom& current : context.slot_current) {
    if (current.id == near.atom) match = &current;
  }
  if (match != nullptr) value = match->value;
  if (value.empty()) {
    return Status::InvalidArgument("near-duplicate function named atom #" +
                                   std::to_string(near.atom) +
                                   ", which is not current in the slot");
  }
  // A number tells a reserve team, an age group or a year apart ("FC
  // Dynamo-2 Kyiv", "Ukraine U-19"): such values are different facts,
  // however similar the rest of the text.
  if (DifferInNumbers(atom.value, value)) return Status::Ok();
  // Likewise an identifier: "priya@acme.io" and "priya.n@acme.io" are two
  // addresses (an update of a one-valued slot), not one spelled two ways.
  if (DifferInIdentifiers(atom.value, value)) return Status::Ok();
  // Stated over times that do not overlap, the two are separate statements
  // (two spells at a club), whatever their spelling.
  if (atom.valid_to <= match->valid_from ||
      match->valid_to <= atom.valid_from) {
    return Status::Ok();
  }
  const std::string what = "near-duplicate of current atom #" +
                           std::to_string(near.atom) + " " + Quoted(value) +
                           " (cosine " + Fixed2(near.similarity) +
                           " >= " + Fixed2(rules.near_threshold) + ")";
  verdict->target = near.atom;
  if (rules.near_reinforce_threshold &&
      near.similarity >= *rules.near_reinforce_threshold) {
    verdict->outcome = GateOutcome::kReinforce;
    verdict->reason = what +
                      "; reinforced (duplicate.near_reinforce_threshold " +
                      Fixed2(*rules.near_reinforce_threshold) + ")";
    return Status::Ok();
  }
  // Similar is not the same: a person decides, nothing merges silently.
  verdict->outcome = GateOutcome::kQueue;
  verdict->reason = what + ": held for review";
  return Status::Ok();
}

std::vector<std::unique_ptr<GateStage>> MakeStages(
    const GateConfig& config, NearDuplicateFn near_duplicate,
    const std::shared_ptr<const TextScreen>& screen, const StageInput* input) {
  std::vector<std::unique_ptr<GateStage>> stages;
  if (!config.enabled) return stages;
  stages.push_back(std::make_unique<ProvenanceStage>(config));
  if (config.noise.enabled) {
    stages.push_back(
        std::make_unique<ScreenStage>(GateOutcome::kNoise, screen, input));
  }
  if (config.transient.enabled) {
    stages.push_back(
        std::make_unique<ScreenStage>(GateOutcome::kTransient, screen, input));
  }
  if (config.duplicate.enabled) {
    stages.push_back(std::make_unique<DuplicateStage>(
        config.duplicate, std::move(near_duplicate)));
  }
  if (config.contradiction.enabled) {
    stages.push_back(
        std::make_unique<ContradictionStage>(config.contradiction));
  }
  stages.push_back(std::make_unique<ConfidenceStage>(config, screen));
  return stages;
}

}  // namespace internal

Result<std::vector<std::unique_ptr<GateStage>>> MakeGateStages(
    const GateConfig& config, NearDuplicateFn near_duplicate) {
  FACTLINE_ASSIGN_OR_RETURN(TextScreen screen, TextScreen::Create(config));
  return internal::MakeStages(
      config, std::move(near_duplicate),
      std::make_shared<const TextScreen>(std::move(screen)), &NoInput());
}

}  // namespace factline::resolver
