// The built-in gate stages, for the resolver's own use (the public entry
// point is MakeGateStages in resolver.h).
#ifndef FACTLINE_RESOLVER_INTERNAL_GATE_STAGES_H_
#define FACTLINE_RESOLVER_INTERNAL_GATE_STAGES_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "resolver/resolver.h"

namespace factline::resolver::internal {

// Stage names, as verdicts and audit records show them.
inline constexpr const char* kStageProvenance = "provenance";
inline constexpr const char* kStageNoise = "noise";
inline constexpr const char* kStageTransient = "transient";
inline constexpr const char* kStageDuplicate = "duplicate";
inline constexpr const char* kStageContradiction = "contradiction";
inline constexpr const char* kStageConfidence = "confidence";

// Per-call facts the stages read besides the GateContext. Set by the
// resolver before each atom; stages read it, never keep it.
struct StageInput {
  bool text_screened = false;  // the text passed TextScreen at parse time
};

// MakeGateStages with a screen the caller already compiled. `input` must
// outlive the stages.
std::vector<std::unique_ptr<GateStage>> MakeStages(
    const GateConfig& config, NearDuplicateFn near_duplicate,
    const std::shared_ptr<const TextScreen>& screen, const StageInput* input);

// The identifier-shaped words of a value, lower-cased: a word (between
// spaces, surrounding punctuation off) holding '@' (e-mail, handle), '/'
// (URL, path), letters mixed with digits ("v2", "user38"), or alphanumerics
// joined by '.', '_' or ':' ("priya.n", "acme.io", "3.12"). Names carry
// none ("Jonathan", "Jean-Luc Picard").
std::vector<std::string> IdentifierWords(std::string_view value);
// True when two values carry different identifiers: a changed e-mail,
// URL, handle or version is another value, never a spelling variant, so
// the near-duplicate review (meant for names) does not apply to it.
bool DifferInIdentifiers(std::string_view a, std::string_view b);

// The duplicate stage's check alone (used when approving a held atom):
// kReinforce with the target, or kPass.
Status CheckDuplicate(const GateContext& context, const Atom& atom,
                      const DuplicateRules& rules,
                      const NearDuplicateFn& near_duplicate,
                      GateVerdict* verdict);

}  // namespace factline::resolver::internal

#endif  // FACTLINE_RESOLVER_INTERNAL_GATE_STAGES_H_
