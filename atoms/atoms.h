// atoms: the values factline stores and the text that produces them.
//
// An Atom is one subject-relation-value fact with its provenance, category and
// two time axes (valid time: when it was true; transaction time: when we
// learned it). This module owns Status/Result, key normalisation, the relation
// lexicon and the sentence/question parsers. It does no I/O besides reading a
// lexicon file and has no storage. Every type here is a plain value: const
// methods are safe to call from any thread; a Lexicon and a Parser are
// immutable after construction and may be shared between threads.
#ifndef FACTLINE_ATOMS_ATOMS_H_
#define FACTLINE_ATOMS_ATOMS_H_

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

namespace factline {

// ---------------------------------------------------------------------------
// Status and Result<T> (after leveldb::Status and absl::StatusOr).

enum class StatusCode {
  kOk = 0,
  kNotFound,
  kCorruption,
  kInvalidArgument,
  kIOError,
  kNotSupported,
  kResourceExhausted,
};

class [[nodiscard]] Status {
 public:
  Status() = default;
  static Status Ok() { return Status(); }
  static Status NotFound(std::string msg) {
    return Status(StatusCode::kNotFound, std::move(msg));
  }
  static Status Corruption(std::string msg) {
    return Status(StatusCode::kCorruption, std::move(msg));
  }
  static Status InvalidArgument(std::string msg) {
    return Status(StatusCode::kInvalidArgument, std::move(msg));
  }
  static Status IOError(std::string msg) {
    return Status(StatusCode::kIOError, std::move(msg));
  }
  static Status NotSupported(std::string msg) {
    return Status(StatusCode::kNotSupported, std::move(msg));
  }
  static Status ResourceExhausted(std::string msg) {
    return Status(StatusCode::kResourceExhausted, std::move(msg));
  }

  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }
  bool IsNotFound() const { return code_ == StatusCode::kNotFound; }
  bool IsInvalidArgument() const {
    return code_ == StatusCode::kInvalidArgument;
  }

  // "InvalidArgument: <message>", or "OK".
  std::string ToString() const;

  // Returns a copy whose message is "<context>: <message>"; OK stays OK.
  Status WithContext(std::string_view context) const;

 private:
  Status(StatusCode code, std::string msg)
      : code_(code), message_(std::move(msg)) {}
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

// Holds either a T or a non-OK Status. Accessing value() of an error is a
// programmer error: it throws std::bad_variant_access (check ok() first;
// library code never does it, so no exception crosses the C API).
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : data_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Status status)                         // NOLINT: implicit by design
      : data_(std::move(status)) {}

  bool ok() const { return std::holds_alternative<T>(data_); }
  const Status& status() const {
    static const Status kOkStatus;
    return ok() ? kOkStatus : std::get<Status>(data_);
  }
  T& value() & { return std::get<T>(data_); }
  const T& value() const& { return std::get<T>(data_); }
  T&& value() && { return std::get<T>(std::move(data_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<T, Status> data_;
};

#define FACTLINE_CONCAT_INNER_(a, b) a##b
#define FACTLINE_CONCAT_(a, b) FACTLINE_CONCAT_INNER_(a, b)

#define FACTLINE_RETURN_IF_ERROR(expr)                   \
  do {                                                   \
    ::factline::Status factline_status_ = (expr);        \
    if (!factline_status_.ok()) return factline_status_; \
  } while (0)

#define FACTLINE_ASSIGN_OR_RETURN_IMPL_(tmp, lhs, expr) \
  auto tmp = (expr);                                    \
  if (!tmp.ok()) return tmp.status();                   \
  lhs = std::move(tmp).value()

#define FACTLINE_ASSIGN_OR_RETURN(lhs, expr) \
  FACTLINE_ASSIGN_OR_RETURN_IMPL_(           \
      FACTLINE_CONCAT_(factline_result_, __LINE__), lhs, expr)

// ---------------------------------------------------------------------------
// Times. Both axes are microseconds since the Unix epoch (UTC). Callers that
// replay an ordered log may use any monotone counter (the FactConsolidation
// runner uses the fact's serial number).

using Timestamp = std::int64_t;
inline constexpr Timestamp kForever = std::numeric_limits<Timestamp>::max();
inline constexpr Timestamp kNoTime = std::numeric_limits<Timestamp>::min();

// Current wall-clock time in microseconds since the epoch.
Timestamp NowMicros();

// Parses "2026-11-29", "2026-11-29T14:05:00Z", "2026-11-29 14:05:00" (UTC),
// with optional fractional seconds and a numeric zone offset ("+02:00",
// "-0500"), years -9999..9999 ("-0044-03-15"), or a plain integer (taken as
// raw microseconds). InvalidArgument, naming the text and the reason, for
// impossible dates (2026-02-30), zone names (CET), trailing text and times
// outside those years.
Result<Timestamp> ParseTimestamp(std::string_view text);
// InvalidArgument naming `what` when t lies outside years -9999..9999 (the
// sentinels kNoTime and kForever included).
Status CheckTimeRange(Timestamp t, std::string_view what);

// ISO-8601 UTC for real dates; small values (before 1971) print as "@<n>"
// so serial-number clocks stay readable.
std::string FormatTimestamp(Timestamp t);

// ---------------------------------------------------------------------------
// Atom values.

using AtomId = std::uint64_t;
using EntityId = std::uint64_t;
using RelationId = std::uint64_t;
inline constexpr AtomId kNoAtom = 0;

enum class Category : std::uint8_t { kFact, kPreference, kDecision, kContext };
enum class Origin : std::uint8_t {
  kHuman,
  kLocalModel,
  kCloudModel,
  kFallback,
  kExternalApi,
  kDataset,
};
enum class Verification : std::uint8_t {
  kPending,
  kVerified,
  kRejected,
  kExpired,
};
enum class Cardinality : std::uint8_t { kOne, kMany };

std::string_view ToString(Category c);
std::string_view ToString(Origin o);
std::string_view ToString(Verification v);
std::string_view ToString(Cardinality c);
Result<Category> ParseCategory(std::string_view s);
Result<Origin> ParseOrigin(std::string_view s);
Result<Verification> ParseVerification(std::string_view s);

// Who said it and how much we believe it.
struct Provenance {
  Origin origin = Origin::kHuman;
  std::string model_id;    // e.g. "gpt-4o"; empty for humans
  std::string session_id;  // conversation or job that produced it
  std::string source;      // reference such as "factconsolidation_sh_6k#259"
  Verification verification = Verification::kPending;
  double confidence = 1.0;  // in [0, 1]
};

// One subject-relation-value fact. Display forms are stored as given; keys
// are derived with NormalizeKey. The graph assigns id and entity ids.
struct Atom {
  AtomId id = kNoAtom;
  std::string subject;   // display form, e.g. "Nobuhiro Watsuki"
  std::string relation;  // relation key: lexicon id ("P641") or phrase
  std::string value;     // display form of the object
  std::string text;      // sentence it was parsed from; empty if none
  Category category = Category::kFact;
  // The valid interval [valid_from, valid_to) as the source stated it;
  // nothing rewrites it (supersession is recorded in superseded_by/_at and
  // in the slot's derived timeline, see docs/valid_time.md).
  Timestamp valid_from = kNoTime;  // kNoTime: defaults to tx_time on write
  Timestamp valid_to = kForever;   // kForever: open (stated no end)
  Timestamp tx_time = kNoTime;     // kNoTime: stamped with NowMicros()
  Provenance provenance;
  EntityId subject_id = 0;  // assigned by the graph on write
  std::uint64_t relation_id = 0;
  EntityId value_id = 0;
  // The later-learned atom that took over the end of this one's effective
  // interval (it stopped being the value because of it), and when that was
  // learned (its tx_time); kNoAtom/kNoTime when none.
  AtomId superseded_by = kNoAtom;
  Timestamp superseded_at = kNoTime;
  AtomId supersedes = kNoAtom;             // older atom this one closed
  std::vector<std::string> reinforced_by;  // sources that repeated it
  // Write-path intents, never stored. `ends`: the statement says the value
  // stopped ("no longer", "not ... anymore"): the slot's current atom with
  // this value gets valid_to = the statement's end (valid_to, else
  // valid_from) instead of a new atom being stored. `replaces`: "V instead
  // of Y", "V, not Y": once V is stored, a current atom of the slot whose
  // value is Y ends where V starts (a many-valued slot keeps its others).
  bool ends = false;
  std::string replaces;
  // A relation phrase no lexicon relation takes ("hired", "now leads"):
  // lexicon relations it may name. `near_relations`: WordNet evidence just
  // below the mapping threshold; `cue_relations`: a cue word of several
  // relations, weaker, so it counts only in a statement of change. The
  // write path keys the atom on one of them when the store already holds
  // a current value of exactly one for this subject, or, read backwards,
  // for the value ("Acme hired Ana" when Ana has an employer).
  std::vector<std::string> near_relations;
  std::vector<std::string> cue_relations;
  // Relations a statement of change may have moved the value into (the
  // phrase names none, or names one whose values are of another kind:
  // "moved to St. Mary's Clinic" is no residence, or the value is of no
  // kind WordNet knows: "moved to Netflix"): one-valued, not stable, of a
  // kind the value fits. With a value of no known kind the phrase's own
  // slot, when the store holds it, comes first. The write path keys the atom on
  // the one the store holds for the subject when the text says the value
  // changed.
  std::vector<std::string> kind_relations;
  // A statement of change whose value WordNet cannot place ("moved to
  // Republic Records"): the write path keys it on the one changeable slot
  // of the subject whose current value has the same head noun ("Big
  // Machine Records"), when its own slot holds nothing.
  bool change_by_head = false;
  // Non-empty when the relation is the parser's default among several its
  // phrase cues ("runs": a chief executive, a chair or a director /
  // manager, which are `cue_relations`): the phrase's own key. In a
  // statement of change the one slot the store holds among them wins;
  // with two held the default would pick one, so the phrase keys as
  // itself.
  std::string default_over_phrase;
};

// Canonical lookup key: Unicode-transparent (bytes >= 0x80 are kept as is),
// ASCII case folded, whitespace runs collapsed to one space, surrounding
// quotes and trailing punctuation removed. "  The  Beatles. " -> "the beatles".
std::string NormalizeKey(std::string_view text);

// The same name with its leading article toggled, as a key: "the acropolis"
// -> "acropolis", "acropolis" -> "the acropolis"; "" for a bare article.
// Readers try it when a name's own key finds nothing, so `get Acropolis`
// finds what "The Acropolis lies in Greece" stored. Keys keep the article:
// "The Invisible Man" and "Invisible Man" are two books (writes merge on it
// only for a sentence-opening "The" before a plural name; see
// EndsInPluralNoun).
std::string ArticleVariant(std::string_view key);

// True when a name's last word is the plural of a WordNet noun ("Riverton
// Hawks", "Miami Dolphins"). Such a name takes "the" as its article
// wherever it stands; a singular one keeping "The" is a title ("The
// Invisible Man"). False without WordNet.
bool EndsInPluralNoun(std::string_view name);

// Display form: whitespace collapsed and trimmed, one pair of surrounding
// quotes removed, case and punctuation kept ("Washington, D.C." stays).
// Non-ASCII bytes round-trip unchanged.
std::string CleanDisplay(std::string_view text);

// True when two names carry different numbers: digit runs ("U-17",
// "Dynamo-2", "1984"), spelled-out numbers ("eleven" = "11"), Roman
// numerals ("VIII") and fraction or superscript signs ("8½"), compared as
// multisets. "FC Dynamo Kyiv" and "FC Dynamo-2 Kyiv" differ; "Ukraine U-17"
// and "Ukraine U17" do not. Similarity never crosses such a difference.
bool DifferInNumbers(std::string_view a, std::string_view b);

// Checks that `text` is well-formed UTF-8; the error names the byte offset.
Status ValidateUtf8(std::string_view text);

// True when `text` holds a letter or digit of any script. Punctuation,
// symbols, spaces (U+00A0 included), dashes, quotes, the ellipsis and
// invisible format characters (U+200B..U+200F, U+2060..U+2064, U+FEFF) are
// none, so "…", "—" or a lone no-break space are never a name or value.
// Invalid UTF-8 bytes count as no letter.
bool HasLetterOrDigit(std::string_view text);

// InvalidArgument naming the first C0 control character (U+0000..U+001F)
// or DEL in `text` and its byte offset ("control character 0x00 at byte
// 2"); OK when there is none. With allow_spaces, tab, CR, LF, FF and VT
// pass: sentences may hold them, CleanDisplay makes them spaces.
Status CheckControlChars(std::string_view text, bool allow_spaces = false);

// The whole of a regular file. A directory is InvalidArgument ("PATH is a
// directory, not a file"); a file that cannot be opened or read is IOError
// naming the path and why (errno's text).
Result<std::string> ReadFile(const std::string& path);

// Limits applied to every stored field (bytes).
inline constexpr std::size_t kMaxFieldBytes = 64 * 1024;

// ---------------------------------------------------------------------------
// The relation lexicon (datasets/lexicon/relations.json).

struct RelationDef {
  std::string id;    // "P641", "works_at"
  std::string name;  // canonical name, "sport"
  Cardinality cardinality = Cardinality::kOne;
  std::string alias_of;  // non-empty: facts are keyed on that relation's id
  std::vector<std::string> aliases;             // other noun-phrase names
  std::vector<std::string> sentence_templates;  // "[X] is married to __"
  std::vector<std::string> question_templates;  // "Who is [X] married to?"
  std::vector<std::string> cues;  // words a free-form question uses for it
  // WordNet noun classes of the subject and value ("person", "country#2":
  // a noun lemma, its first sense or its Nth with "#N"); empty: any. They
  // choose among relations a phrase alone cannot tell apart.
  std::vector<std::string> subject_kinds;
  std::vector<std::string> value_kinds;
  // A fact of origin, true once and never changed by a later event (place
  // of birth, author, founder): a statement of change ("moved to",
  // "switched to") is never keyed on it by the store (resolver/README.md).
  bool stable = false;
  // S R V says V R S too (spouse, twin town): a slot with no value of its
  // own is answered by the atoms that name the subject as their value.
  bool symmetric = false;
};

class Lexicon {
 public:
  // Parses lexicon JSON; errors name the offending relation and field.
  static Result<Lexicon> FromJson(std::string_view json);
  static Result<Lexicon> FromFile(const std::string& path);
  // The lexicon compiled into the library from datasets/lexicon.
  static const Lexicon& Builtin();
  // A copy of this lexicon with a user lexicon (same format) merged over
  // it: new relations are added; for a known id the given aliases,
  // templates and cues are appended and a given name, cardinality or
  // alias_of replaces this one's. InvalidArgument naming the JSON key for
  // bad JSON, an unknown key, an unknown cardinality, a template without
  // [X] (or a sentence template without __), an unknown alias_of, or an
  // alias another relation already has. MergeFile prefixes the path.
  Result<Lexicon> MergeJson(std::string_view json) const;
  Result<Lexicon> MergeFile(const std::string& path) const;

  const std::vector<RelationDef>& relations() const { return relations_; }
  // By id, following alias_of ("P276" -> the P131 entry). nullptr if unknown.
  const RelationDef* Find(std::string_view id) const;
  // By canonical name (or id spelled with spaces), normalised. nullptr if
  // unknown.
  const RelationDef* FindByName(std::string_view name) const;
  // By name or any alias ("birthplace" -> P19). Aliases are not used to key
  // facts: "The Prime Minister of Sweden is X" (MQuAKE P1308, the office as
  // subject) must stay apart from P6 "head of government" of Sweden, so
  // readers try the alias only when the literal relation finds nothing.
  const RelationDef* FindByAlias(std::string_view phrase) const;
  // Cardinality for a relation key; relations not in the lexicon are one-
  // valued unless their phrase names a many-valued verb ("likes").
  Cardinality CardinalityOf(std::string_view relation_key) const;
  // True when a lexicon file set the relation's cardinality explicitly.
  bool DeclaresCardinality(std::string_view relation_key) const;
  // The cardinality a relation phrase no lexicon knows gets by its shape:
  // many-valued when it opens with a verb like likes, visited, won,
  // created, owns or has child; otherwise one-valued ("S's R is V").
  static Cardinality CardinalityByShape(std::string_view relation_key);
  // Canonical key for a relation phrase or id: a lexicon id when the phrase
  // is a lexicon id or canonical name, else the normalised phrase.
  std::string CanonicalRelation(std::string_view phrase) const;

 private:
  // Fills the lookup maps below from relations_.
  void BuildIndex();

  std::vector<RelationDef> relations_;
  // Lookups run on every write and read, so they are hashed: id -> index,
  // NormalizeKey(name or id spelled with spaces) -> index, and
  // NormalizeKey(alias) -> index.
  std::unordered_map<std::string, std::size_t> by_id_;
  std::unordered_map<std::string, std::size_t> by_name_;
  std::unordered_map<std::string, std::size_t> by_alias_;
  std::unordered_set<std::string> declared_;  // ids with a cardinality given
};

// ---------------------------------------------------------------------------
// Text to atoms.

// A subject-relation-value triple read from a sentence.
struct ParsedFact {
  std::string subject;   // display form
  std::string relation;  // canonical relation key
  std::string value;     // display form
  std::string pattern;   // which template or generic shape matched
  // Why this relation key (factline parse shows these; the write path
  // records them in the audit log). `phrase` is the relation phrase as
  // read; `mapping` is "template", "lexicon" (a phrase mapped to a lexicon
  // relation), "phrase" (keyed on the normalised phrase) or "weak" (a
  // possible lexicon relation below the threshold: held for review).
  std::string phrase;
  std::string mapping = "template";
  double score = 1.0;       // strength of the mapping in [0, 1]
  std::string evidence;     // e.g. "alias 'citizenship' of P27"
  std::string suggested;    // kWeak: the lexicon relation it may be
  std::string subject_ref;  // "speaker", "pronoun 'she' -> Alice", ...
  // Time words: bounds of the valid interval (kNoTime / kForever: none
  // stated) and "no longer" (the statement ends the slot's value).
  Timestamp valid_from = kNoTime;
  Timestamp valid_to = kForever;
  bool ends = false;
  std::vector<std::string> time_words;
  // "V instead of Y", "V, not Y", "switched from Y to V": the value Y this
  // statement replaces (empty: none stated). The write path ends Y's atom.
  std::string replaces;
  // The relation phrase opens with a verb of change ("moved to", "switched
  // to", "joined"): the value may name the slot that changed ("moved to
  // the night shift" is a shift), which only the store knows (the write
  // path re-keys it to such an existing slot of the subject).
  bool change_verb = false;
  // The phrase keyed as itself ("phrase"): lexicon relations it may name,
  // for the write path to confirm against the store (Atom::near_relations).
  std::vector<std::string> near_relations;
  std::vector<std::string> cue_relations;
  std::vector<std::string> kind_relations;  // Atom::kind_relations
  bool change_by_head = false;              // Atom::change_by_head
  std::string default_over_phrase;          // Atom::default_over_phrase
};

// What a line's reader needs beyond its text: who "I" and "you" are, the
// line's transaction time (relative time words resolve against it) and the
// named subjects earlier in the same chunk (pronouns resolve to the last one
// only when there is exactly one candidate).
struct ParseContext {
  enum class Speaker { kUser, kAssistant };
  std::string user = "user";  // the entity "I", "my", "the user" refer to
  // kUser: I/me/my are the user. kAssistant: you/your are the user.
  Speaker speaker = Speaker::kUser;
  Timestamp tx_time = kNoTime;        // kNoTime: now
  std::vector<std::string> subjects;  // ParseSentence(ctx) appends
};

// A (subject, relation) question read from a question sentence.
struct ParsedQuestion {
  std::string subject;
  std::string relation;
  std::string pattern;
};

// Compiles the lexicon's templates plus the generic shapes into RE2 patterns.
// Among patterns that match, the one with the most literal text wins (so "The
// capital of [X] is __" beats "The [X] is __"); ties go to the lexicon.
class Parser {
 public:
  static Result<Parser> Create(const Lexicon& lexicon);
  Parser(Parser&&) noexcept;
  Parser& operator=(Parser&&) noexcept;
  ~Parser();

  // NotFound when no pattern yields an atom, or only one whose subject,
  // relation or value has no letter or digit ("Foo is the — of Bar");
  // InvalidArgument for empty text, invalid UTF-8, a control character
  // (other than a space-like one) or oversized input.
  Result<ParsedFact> ParseSentence(std::string_view sentence) const;
  // With a chunk context: speaker and addressee, pronouns, time words
  // resolved against ctx->tx_time. Appends the named subject to
  // ctx->subjects. Lexicon templates are tried first; the clause grammar
  // reads what no template (or only a catch-all such as "The [X] is __")
  // matches, and its relation phrase is mapped to a lexicon relation when
  // the evidence is strong.
  Result<ParsedFact> ParseSentence(std::string_view sentence,
                                   ParseContext* ctx) const;
  // Every statement of a sentence: the main clause's atom (when it has
  // one), then what its cut parts say of their subject, each as a sentence
  // of its own ("Adidas, based in Herzogenaurach, employs 60,000 people"
  // also states "Adidas is based in Herzogenaurach"; "Born in Lyon, S
  // ..." states "S was born in Lyon"). Such a side statement is kept only
  // when it names a lexicon relation: a remark keyed on a bare phrase
  // would be noise. NotFound (the main clause's reason) when nothing is
  // read; other errors as ParseSentence.
  Result<std::vector<ParsedFact>> ParseStatements(std::string_view sentence,
                                                  ParseContext* ctx) const;
  // Same for single-relation questions ("Who is X married to?").
  Result<ParsedQuestion> ParseQuestion(std::string_view question) const;
  // The key a relation noun phrase is stored under ("favourite colour" ->
  // "favorite color", "e-mail address" -> "email", "citizenship" -> "P27"),
  // as the sentence reader keys it; readers try it after the lexicon's own.
  std::string RelationKey(std::string_view noun_phrase) const;

  const Lexicon& lexicon() const;

 private:
  struct Impl;
  explicit Parser(std::unique_ptr<Impl> impl);
  // ParseSentence before its last check (every field has a letter or digit).
  Result<ParsedFact> MatchSentence(std::string_view sentence,
                                   ParseContext* ctx) const;
  // "A and B got married": the symmetric relation between A and B.
  Result<ParsedFact> PairedSymmetric(std::string_view sentence,
                                     ParseContext* ctx) const;
  // "Ana Lima is French": as "Ana Lima is a French person".
  Result<ParsedFact> PersonAdjective(std::string_view sentence,
                                     ParseContext* ctx) const;
  // "Frank Herbert's Dune is ...": sets *about_name to the line with the
  // work's name as its subject ("Dune is ..."), and returns who made it
  // when the line's kind of work, or a title's shape, says so.
  std::optional<ParsedFact> PossessiveMaker(std::string_view line,
                                            std::string* about_name,
                                            ParseContext* ctx) const;
  // Drops a where/when adjunct after a name or class value.
  void TrimValueAdjunct(std::string_view sentence, ParsedFact* fact) const;
  std::unique_ptr<Impl> impl_;
};

// Strips a leading list number ("259. ") from a line; returns the number
// through `serial` when present.
std::string_view StripSerial(std::string_view line,
                             std::optional<std::int64_t>* serial);

}  // namespace factline

#endif  // FACTLINE_ATOMS_ATOMS_H_
