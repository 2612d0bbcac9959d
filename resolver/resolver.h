// resolver: the write path. Every atom passes a pipeline of stages before it
// reaches the graph: validation (fields, sizes, UTF-8, times, provenance),
// the write-time gate (noise, transient, duplicate, contradiction and
// confidence stages; see GateConfig and docs/gate.md), then the supersession
// policy, which decides whether the atom is new, supersedes the current value
// of its (subject, relation) slot, reinforces an identical value, or is a late
// arrival that belongs in history. The decision is applied and audited in the
// same LMDB transaction; what the gate holds back goes to the review queue or
// quarantine (graph::HeldItem), never silently away. The audit log records
// every mutation fully enough to be replayed (ReplayAudit). A Resolver is not
// thread-safe: callers serialise Write and the review calls (Memory does).
// The store must outlive the resolver. TextScreen, the config functions and
// the report functions are thread-safe.
#ifndef FACTLINE_RESOLVER_RESOLVER_H_
#define FACTLINE_RESOLVER_RESOLVER_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "atoms/atoms.h"
#include "graph/graph.h"

namespace factline::resolver {

enum class Action {
  kAdded,            // new current atom, nothing closed
  kSuperseded,       // new current atom; closed `other`
  kReinforced,       // same (or near-duplicate) value; no new row
  kStoredAsHistory,  // older than the current value; kept in history only
  kRejected,         // refused by a gate stage; quarantined, not stored
  kQueued,           // held in the review queue; stored only if approved
  kNoise,            // tool output or insignificant text; nothing stored
  kTransient,        // momentary state ("it is 3pm"); nothing stored
  kEnded,  // "no longer": the slot's current atoms in `closed` got a stated
           // end (valid_to); nothing new stored
};
inline constexpr std::size_t kActionCount = 9;
std::string_view ToString(Action action);

// ---------------------------------------------------------------------------
// Gate verdicts.

enum class GateOutcome {
  kPass,       // on to the next stage (the last pass means "store")
  kReinforce,  // duplicate of `target`: reinforce it, store nothing new
  kQueue,      // hold for review
  kReject,     // quarantine (kept with the reason, restorable)
  kNoise,      // drop: tool output, low significance
  kTransient,  // drop: momentary state
};
std::string_view ToString(GateOutcome outcome);

// One stage's verdict on one atom.
struct GateVerdict {
  std::string stage;  // "provenance", "noise", ... or a custom stage's name
  GateOutcome outcome = GateOutcome::kPass;
  AtomId target = kNoAtom;  // kReinforce: the atom to reinforce
  std::string reason;       // why; for a pass, what was checked (may be "")
};

// What happened to one input atom.
struct Decision {
  std::size_t input_index = 0;  // position in the Write() batch
  Action action = Action::kAdded;
  AtomId atom = kNoAtom;              // stored atom (or the reinforced one)
  std::vector<AtomId> closed;         // atoms this one superseded
  std::string reason;                 // human-readable why
  std::vector<GateVerdict> verdicts;  // each gate stage that ran, in order
  std::uint64_t held = 0;  // kQueued, kRejected: the held item (review id)
};

// What a supersession policy wants done with an incoming atom.
struct Choice {
  enum class Kind { kAdd, kSupersede, kReinforce, kHistoryOnly };
  Kind kind = Kind::kAdd;
  std::vector<AtomId> targets;  // closed (kSupersede) or reinforced atom
  std::string reason;
};

// Decides how a new atom relates to what is stored. Called inside the write
// transaction, once per atom, in batch order; `reader` sees earlier atoms of
// the same batch. Stateful policies must treat BeginBatch as "forget what
// the previous attempt of this batch told you" (Update may rerun a batch).
class SupersessionPolicy {
 public:
  virtual ~SupersessionPolicy() = default;
  virtual void BeginBatch() {}
  virtual void CommitBatch() {}
  // `slot_current`: current atoms of the incoming atom's (subject, relation).
  virtual Status Choose(const graph::Reader& reader, const Atom& incoming,
                        Cardinality cardinality,
                        const std::vector<Atom>& slot_current,
                        Choice* choice) = 0;
  // Called after the atom is stored (with its id) so stateful policies can
  // index it.
  virtual void Stored(const Atom& /*atom*/) {}
  // True: kAdd, kSupersede and kHistoryOnly all place the atom on its slot's
  // valid-time timeline (docs/valid_time.md), which decides what it
  // supersedes and whether it is current; `targets` are then ignored. False
  // (the baselines): targets are closed as named, without a timeline.
  virtual bool PlacesOnTimeline() const { return false; }
};

// factline's rule: keyed on (subject, relation), never on string similarity.
// The same value as the slot's value at the atom's valid time reinforces it
// when that value already covers the atom's interval; anything else is
// placed on the slot's valid-time timeline (DESIGN.md section 1): in a
// one-valued slot the later-learned statement holds any overlap, an open
// value lasts until the next value in valid time; many-valued slots keep
// every stated interval.
std::unique_ptr<SupersessionPolicy> MakeKeyedPolicy();
// Baseline: nothing is ever superseded; identical values still reinforce.
std::unique_ptr<SupersessionPolicy> MakeNoSupersessionPolicy();
// Baseline used by other memory systems: the new atom supersedes the most
// similar current atom anywhere in the store when the token Jaccard
// similarity of their texts (Atom::text, else "subject relation value")
// exceeds `threshold`. Kept for ablations; it misses "ice hockey" ->
// "pesapallo" (0.70) and retires atoms of unrelated subjects.
std::unique_ptr<SupersessionPolicy> MakeJaccardPolicy(double threshold = 0.7);

// Lower-cased word tokens (ASCII letters/digits and any non-ASCII byte run)
// of `text`, deduplicated. Jaccard = |A n B| / |A u B|.
std::vector<std::string> WordTokens(std::string_view text);
// A value's head noun in lower case: its last word when that is a word
// (letters and hyphens: "morning shift" -> shift); a capitalised one only
// ends a name of two or more words ("Republic Records" -> records, as in
// "Big Machine Records"). "" otherwise.
std::string ValueHead(std::string_view value);
double TokenJaccard(std::string_view a, std::string_view b);

// ---------------------------------------------------------------------------
// Gate configuration: one JSON file for every knob (docs/gate.md lists each
// key with its default). Default-constructed values are the defaults.

inline constexpr std::size_t kOriginCount = 6;  // Origin::kHuman..kDataset

// What to do with an atom that breaks a category rule.
enum class RuleAction { kAllow, kQueue, kReject, kRefuse };

struct ProvenanceRules {
  // Fields each origin (indexed by Origin) must carry: any of "model_id",
  // "session_id", "source", "tx_time". Models need their id and session;
  // humans and datasets need nothing beyond their origin.
  std::array<std::vector<std::string>, kOriginCount> required = {{
      {},                          // human
      {"model_id", "session_id"},  // local_model
      {"model_id", "session_id"},  // cloud_model
      {"model_id", "session_id"},  // fallback
      {"source"},                  // external_api
      {},                          // dataset
  }};
  // A preference must come from the user (origin human).
  RuleAction preference_requires_human = RuleAction::kQueue;
  // A decision must carry its session_id (refused with an error when not).
  bool decision_requires_session = true;
};

struct NoiseRules {
  bool enabled = true;
  std::vector<std::string> extra_patterns;  // RE2, matched anywhere
};

// Conversation chunks: the score a chunk needs, by its share of
// human-written text.
struct SignificanceRules {
  double high_human_share = 0.30;  // at least this share: min_score_high
  int min_score_high = 5;
  int min_score_low = 10;   // some human text, below high_human_share
  int min_score_none = 15;  // no human text at all
};

struct TransientRules {
  bool enabled = true;
  std::vector<std::string> extra_patterns;  // RE2, matched anywhere
};

struct DuplicateRules {
  bool enabled = true;
  // Cosine at or above which a value is a near duplicate of a current one.
  // A near duplicate is held for review, never merged silently, and values
  // that differ in a number (DifferInNumbers) are never near duplicates.
  double near_threshold = 0.92;
  // Opt-in: at or above this cosine a near duplicate reinforces the current
  // atom instead of going to review. Unset: always review.
  std::optional<double> near_reinforce_threshold;
};

struct ContradictionRules {
  bool enabled = true;
  // Trust rank of each origin (indexed by Origin); higher is stronger.
  std::array<int, kOriginCount> origin_trust = {5, 2, 3, 1, 3, 4};
  // The user is the authority on themselves: human atoms count as verified.
  bool human_counts_as_verified = true;
  // A confidence this much lower still counts as "as trusted".
  double confidence_tolerance = 0.0;
};

struct ConfidenceRules {
  double auto_approve = 0.85;  // at or above: stored
  double reject_below = 0.5;   // below: quarantined; in between: queued
};

struct HedgingRules {
  bool enabled = true;
  double factor = 0.7;  // confidence multiplier per hedging phrase
  std::vector<std::string> extra_phrases;  // matched as whole words
};

struct DecayRules {
  double half_life_days = 30;
  double floor = 0.1;  // retrieval weight never drops below this
  std::map<Category, double> by_category;     // half-life overrides
  std::map<std::string, double> by_relation;  // by relation key; wins
};

struct ReverifyRules {
  double min_age_days = 14;     // since stored, reinforced or re-verified
  double min_confidence = 0.8;  // strictly above
};

struct StatsRules {
  int fallback_warn_per_hour = 10;  // warn above this many fallback writes
};

struct GateConfig {
  bool enabled = true;  // false: the bare write path (validation + policy)
  ProvenanceRules provenance;
  NoiseRules noise;
  SignificanceRules significance;
  TransientRules transient;
  DuplicateRules duplicate;
  ContradictionRules contradiction;
  ConfidenceRules confidence;
  HedgingRules hedging;
  DecayRules decay;
  ReverifyRules reverify;
  StatsRules stats;
};

// Reads a gate configuration (JSON object; keys left out keep their
// defaults). InvalidArgument naming the offending key ("gate config:
// confidence.auto_approve: must be a number in [0, 1]") for unknown keys,
// wrong types, out-of-range values and malformed JSON. Patterns are checked
// when a TextScreen is created.
Result<GateConfig> ParseGateConfig(std::string_view json);
// Same from a file; IOError when it cannot be read.
Result<GateConfig> LoadGateConfig(const std::string& path);
// Every key with its value, as ParseGateConfig reads it (pretty JSON).
std::string GateConfigToJson(const GateConfig& config);

// ---------------------------------------------------------------------------
// Parse-time screening: text that never becomes an atom.

enum class Role { kHuman, kAssistant, kTool, kSystem };
std::string_view ToString(Role role);

// One turn of a conversation chunk.
struct Turn {
  Role role = Role::kHuman;
  std::string text;
};

// Splits a chunk into turns by role tags at line starts: "human:", "user:",
// "assistant:", "ai:", "tool:", "system:" (any case, also in brackets:
// "[tool]"). Untagged lines continue the previous turn. InvalidArgument
// when no line carries a tag, or for invalid UTF-8.
Result<std::vector<Turn>> SplitTurns(std::string_view chunk);

// A conversation chunk's significance and the tier it was held to.
struct Significance {
  int score = 0;
  double human_share = 0;  // human-written bytes / all bytes, in [0, 1]
  int required = 0;        // score the chunk's tier needs
  bool keep = false;       // score >= required, or a self statement
  std::string reason;      // "score 12 >= 10 (human share 18%): decision"
};

// The noise, transient and hedging patterns (built-in plus the config's),
// compiled once. Immutable; may be shared between threads.
class TextScreen {
 public:
  // InvalidArgument naming the config key of a pattern RE2 rejects.
  static Result<TextScreen> Create(const GateConfig& config);
  TextScreen(TextScreen&&) noexcept;
  TextScreen& operator=(TextScreen&&) noexcept;
  ~TextScreen();

  // Stages 2 and 3 on one line: kPass, or kNoise / kTransient with the
  // reason naming what matched ("HTTP status line"). verdict.stage is
  // "noise" or "transient".
  GateVerdict Screen(std::string_view text) const;
  // Hedging phrases in `text` ("might", "considering", "thinking about"),
  // ignoring any inside the `masked` spans (an atom's subject and value, so
  // "Theresa May" is no hedge). Returns confidence x factor^phrases; the
  // phrases found go to *found when not null.
  double Hedge(std::string_view text, double confidence,
               const std::vector<std::string_view>& masked = {},
               std::vector<std::string>* found = nullptr) const;
  // Scores a chunk: explicit decisions, lessons and outcomes score high,
  // preferences and parsed facts less; `facts` is how many of its sentences
  // parse into atoms. Tiers from SignificanceRules.
  Significance Score(const std::vector<Turn>& turns, int facts) const;

 private:
  struct Impl;
  explicit TextScreen(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// ---------------------------------------------------------------------------
// Gate stages.

// What a stage sees besides the atom: the slot it would land in.
struct GateContext {
  const graph::Reader& reader;  // the write transaction's view
  Cardinality cardinality;
  const std::vector<Atom>& slot_current;  // current atoms of the slot
};

// A check an atom must pass before it is stored (the write-time gate).
// Returning a non-OK Status fails the whole batch. Stages run inside the
// write transaction and may run again if it is retried, so they must keep
// no state between calls.
class GateStage {
 public:
  virtual ~GateStage() = default;
  virtual std::string_view name() const = 0;
  // Decides about one atom and may adjust it (lower its confidence). The
  // resolver fills verdict->stage. The default calls Check.
  virtual Status Evaluate(const GateContext& context, Atom* atom,
                          GateVerdict* verdict);
  // For simple stages: setting *reject refuses only this atom with *reason
  // (it is quarantined). The default passes everything.
  virtual Status Check(const graph::Reader& reader, Atom* atom, bool* reject,
                       std::string* reason);
};

// A current atom of the incoming atom's slot whose value is nearly the same.
struct NearDuplicate {
  AtomId atom = kNoAtom;  // kNoAtom: none
  double similarity = 0;  // cosine
};
// Finds the near duplicate of incoming.value among slot_current (cosine >=
// threshold), e.g. with index::SideIndex::NearDuplicates. Called inside the
// write transaction with its reader; must not write or keep state.
using NearDuplicateFn = std::function<Result<NearDuplicate>(
    const graph::Reader& reader, const Atom& incoming,
    const std::vector<Atom>& slot_current, double threshold)>;

// The built-in stages in order: provenance (category rules), noise,
// transient, duplicate, contradiction, confidence (with hedging). Stages
// whose section is disabled are left out; all of them when !config.enabled.
Result<std::vector<std::unique_ptr<GateStage>>> MakeGateStages(
    const GateConfig& config, NearDuplicateFn near_duplicate = {});

// Stage 1's refusals: fields the atom's origin requires (config.provenance)
// and a decision without a session. InvalidArgument naming the field.
Status CheckProvenance(const GateConfig& config, const Atom& atom);

struct ResolverOptions {
  const Lexicon* lexicon = nullptr;            // nullptr: Lexicon::Builtin()
  std::unique_ptr<SupersessionPolicy> policy;  // nullptr: keyed
  // The built-in gate; gate_config.enabled = false gives the bare path.
  GateConfig gate_config;
  NearDuplicateFn near_duplicate;                // empty: exact duplicates only
  std::vector<std::unique_ptr<GateStage>> gate;  // run after the built-ins
  bool audit = true;  // append one audit record per mutation
};

// Changes a reviewer makes before approving a held atom.
struct ReviewEdit {
  std::optional<std::string> subject;
  std::optional<std::string> relation;
  std::optional<std::string> value;
  std::optional<double> confidence;
  std::optional<Category> category;
  bool empty() const {
    return !subject && !relation && !value && !confidence && !category;
  }
};

// Which stored atoms Resolver::QuarantineWhere withdraws: those that match
// every field given (at least one of session, model and origin).
struct AtomFilter {
  std::optional<std::string> session_id;  // Provenance::session_id
  std::optional<std::string> model_id;    // Provenance::model_id
  std::optional<Origin> origin;
  Timestamp since = kNoTime;  // learned (tx_time) at or after; kNoTime: any
  bool Matches(const Atom& atom) const;
  // "session s1, since 2026-12-01T00:00:00Z"
  std::string Describe() const;
};

// What Resolver::QuarantineWhere did.
struct BulkQuarantine {
  std::size_t matched = 0;  // atoms the filter names, not quarantined yet
  bool applied = false;     // false: more than max_atoms; nothing changed
  std::vector<Decision> decisions;  // one kRejected per atom, oldest first
  std::vector<AtomId> reinstated;   // values that became current again
};

class Resolver {
 public:
  // The constructor cannot fail; an invalid gate config makes every call
  // return the error. Create reports it at once.
  Resolver(graph::Store* store, ResolverOptions options);
  static Result<std::unique_ptr<Resolver>> Create(graph::Store* store,
                                                  ResolverOptions options);
  ~Resolver();
  Resolver(const Resolver&) = delete;
  Resolver& operator=(const Resolver&) = delete;

  // Validates, gates, resolves and stores `atoms` in one write transaction
  // (the unit of durability). Missing times are stamped with NowMicros().
  // On error nothing of the batch is stored and the Status names the atom
  // (by batch index and subject) and the field at fault. `screened` is
  // empty or holds one parse-time verdict per atom (TextScreen): an atom
  // whose verdict is not kPass is a line of text that never became an atom
  // (only text, category, provenance and tx_time are read); it is audited
  // and reported as kNoise, kTransient, or kRejected (quarantined as text).
  Result<std::vector<Decision>> Write(std::vector<Atom> atoms,
                                      std::vector<GateVerdict> screened = {});

  // Review queue and quarantine. Approve applies a pending or quarantined
  // item as if it had passed the gate now (tx_time now, the reviewer's
  // verification): duplicate check and supersession only. The approved atom
  // is marked verified. NotFound for an unknown item; InvalidArgument for an
  // item already approved, or one with no atom (text only) and no edit
  // giving it subject, relation and value.
  Result<Decision> Approve(std::uint64_t item, const ReviewEdit& edit = {},
                           std::string_view reason = "");
  // Moves a pending item to quarantine with `reason` (required).
  Status RejectHeld(std::uint64_t item, std::string_view reason);
  // Withdraws a stored atom: it leaves the current state, is marked
  // rejected and kept as a quarantined item (restorable by Approve). When
  // it had superseded atoms, they become current again (audited as
  // "reinstated"). InvalidArgument when already quarantined.
  Result<Decision> Quarantine(AtomId atom, std::string_view reason);
  // Undoes a session, model or origin: quarantines every stored atom
  // `filter` matches that is not quarantined yet, current or superseded (a
  // superseded one would otherwise come back when its successor goes),
  // oldest first, each as Quarantine does (a held item that Approve
  // restores, a "quarantined" audit record naming the filter, the values it
  // had superseded reinstated and audited), all in one write transaction.
  // When more than max_atoms match, nothing is written and the report says
  // applied = false with the count. InvalidArgument for a filter with no
  // session, model or origin, or an empty reason.
  Result<BulkQuarantine> QuarantineWhere(const AtomFilter& filter,
                                         std::string_view reason,
                                         std::size_t max_atoms);
  // Marks an atom verified (refreshing its decay clock) or expired.
  Status SetVerification(AtomId atom, Verification verification,
                         std::string_view reason);

  const GateConfig& gate_config() const;
  // The parse-time screen; nullptr when the gate is disabled.
  const TextScreen* screen() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Re-derives one slot from its history with `cardinality`: its valid-time
// timeline, each atom's supersession links (superseded_by/_at) and its
// current atoms (the timeline's owners now). For a changed cardinality
// (`factline relations set`) or any repair; call inside Store::Update after
// recording the relation's new cardinality. Stated intervals are untouched.
Status RederiveSlot(graph::Writer& writer, EntityId subject,
                    RelationId relation, Cardinality cardinality);

// Checks one atom's fields (UTF-8, size limits, confidence range,
// valid_from <= valid_to; no control character in subject, relation or
// value, the error naming the field and byte; a subject and relation with a
// letter or digit). Exposed so callers can check before batching.
Status ValidateAtom(const Atom& atom);

// ---------------------------------------------------------------------------
// Audit replay, outcome report and decay.

struct ReplayReport {
  std::uint64_t records = 0;             // audit records replayed
  std::uint64_t atoms = 0;               // atom records compared
  std::uint64_t current = 0;             // current atoms compared
  std::uint64_t held = 0;                // held items compared
  std::vector<std::string> differences;  // the first 20; empty: identical
};

// Replays `source`'s audit log into `target`, which must be empty, then
// compares every atom, the current sets and the held items. Corruption
// naming the record when a record cannot be replayed; InvalidArgument when
// target is not empty.
Result<ReplayReport> ReplayAudit(const graph::Store& source,
                                 graph::Store* target);

// True when the record acted on `atom`: as its subject, one it closed, or
// the one an approval stored.
bool AuditConcerns(const graph::AuditRecord& record, AtomId atom);

struct OriginHour {
  Timestamp hour = 0;  // start of the hour (UTC, microseconds)
  Origin origin = Origin::kHuman;
  std::uint64_t writes = 0;  // atoms and lines offered by this origin
};

struct GateReport {
  // Audit records by action name ("added", "queued", "noise", ...).
  std::map<std::string, std::uint64_t> actions;
  std::vector<OriginHour> by_hour;    // oldest first
  std::vector<std::string> warnings;  // fallback writes over the threshold
  std::uint64_t signal = 0;           // added, superseded, reinforced, history,
                                      // approved
  std::uint64_t noise = 0;            // noise, transient, rejected
  // signal / noise; negative when nothing was filtered.
  double signal_to_noise = -1;
};

// Scans the audit log.
Result<GateReport> BuildGateReport(const graph::Reader& reader,
                                   const GateConfig& config);

// Half-life in days for an atom: by relation, else by category, else the
// default.
double HalfLifeDays(const GateConfig& config, const Atom& atom);
// confidence x 0.5^(age / half-life), floored; age runs from the later of
// tx_time and `refreshed` (kNoTime: never) to `now`.
double RetrievalWeight(const GateConfig& config, const Atom& atom,
                       Timestamp refreshed, Timestamp now);

}  // namespace factline::resolver

#endif  // FACTLINE_RESOLVER_RESOLVER_H_
