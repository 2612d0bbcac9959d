// Mutation primitives and audit encoding shared by the live write path and
// the audit replay (see internal/gate_apply.h).
#include "resolver/internal/gate_apply.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <functional>
#include <optional>

namespace factline::resolver::internal {

namespace {

// Strings longer than this are shortened when a detail would not fit.
constexpr std::size_t kShortenTo = 1024;
constexpr std::size_t kExcerptBytes = 2000;

// Cuts at a UTF-8 character boundary at or below `n`.
std::string_view CutUtf8(std::string_view s, std::size_t n) {
  if (s.size() <= n) return s;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return s.substr(0, n);
}

void ShortenStrings(nlohmann::json* j) {
  if (j->is_string()) {
    const std::string& s = j->get_ref<const std::string&>();
    if (s.size() > kShortenTo) *j = std::string(CutUtf8(s, kShortenTo));
  } else if (j->is_structured()) {
    for (auto& child : *j) ShortenStrings(&child);
  }
}

std::string Dump(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

Status RemoveFromCurrent(graph::Writer& w, const Atom& atom) {
  FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                            w.Current(atom.subject_id, atom.relation_id));
  auto it = std::remove(ids.begin(), ids.end(), atom.id);
  if (it == ids.end()) return Status::Ok();
  ids.erase(it, ids.end());
  return w.SetCurrent(atom.subject_id, atom.relation_id, ids);
}

Status AddToCurrent(graph::Writer& w, const Atom& atom) {
  FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                            w.Current(atom.subject_id, atom.relation_id));
  if (std::find(ids.begin(), ids.end(), atom.id) != ids.end()) {
    return Status::Ok();
  }
  ids.push_back(atom.id);
  return w.SetCurrent(atom.subject_id, atom.relation_id, ids);
}

Status Missing(std::string_view what, std::string_view field) {
  return Status::Corruption(std::string(what) + ": missing or malformed '" +
                            std::string(field) + "'");
}

// Reads an optional field of type T; absent or null leaves *out unchanged.
template <typename T>
bool Optional(const nlohmann::json& j, const char* field, T* out) {
  auto it = j.find(field);
  if (it == j.end() || it->is_null()) return true;
  if constexpr (std::is_same_v<T, std::string>) {
    if (!it->is_string()) return false;
  } else if constexpr (std::is_same_v<T, double>) {
    if (!it->is_number()) return false;
  } else {
    if (!it->is_number_integer()) return false;
  }
  *out = it->get<T>();
  return true;
}

}  // namespace

Status StoreAtom(graph::Writer& w, Atom* atom, Cardinality cardinality,
                 const std::vector<AtomId>& close) {
  FACTLINE_RETURN_IF_ERROR(
      w.InternRelation(atom->relation, cardinality).status());
  FACTLINE_RETURN_IF_ERROR(w.InsertAtom(atom));
  // Each superseded atom leaves its own slot, which for similarity-based
  // policies may not be the incoming atom's slot.
  for (AtomId target : close) {
    FACTLINE_ASSIGN_OR_RETURN(Atom old, w.GetAtom(target));
    old.superseded_by = atom->id;
    old.superseded_at = atom->tx_time;
    FACTLINE_RETURN_IF_ERROR(w.UpdateAtom(old));
    FACTLINE_RETURN_IF_ERROR(RemoveFromCurrent(w, old));
  }
  if (atom->superseded_by != kNoAtom) return Status::Ok();
  return AddToCurrent(w, *atom);
}

namespace {

// The slot's timeline; empty when it has none yet.
Result<std::vector<graph::ValidSegment>> LoadTimeline(graph::Writer& w,
                                                      EntityId subject,
                                                      RelationId relation) {
  auto timeline = w.Timeline(subject, relation);
  if (timeline.status().IsNotFound()) {
    return std::vector<graph::ValidSegment>();
  }
  return timeline;
}

// Sets the slot's current atoms to the timeline's owners at `now`, leaving
// the record alone when they are the same.
Status SyncCurrent(graph::Writer& w, EntityId subject, RelationId relation,
                   const std::vector<graph::ValidSegment>& timeline,
                   Timestamp now) {
  std::vector<AtomId> owners = graph::OwnersAt(timeline, now);
  FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> current,
                            w.Current(subject, relation));
  if (owners == current) return Status::Ok();
  return w.SetCurrent(subject, relation, owners);
}

}  // namespace

Status PlaceAtom(graph::Writer& w, Atom* atom, Cardinality cardinality,
                 Timestamp now, std::vector<AtomId>* closed, bool* current) {
  closed->clear();
  FACTLINE_RETURN_IF_ERROR(
      w.InternRelation(atom->relation, cardinality).status());
  FACTLINE_RETURN_IF_ERROR(w.InsertAtom(atom));
  FACTLINE_ASSIGN_OR_RETURN(
      std::vector<graph::ValidSegment> timeline,
      LoadTimeline(w, atom->subject_id, atom->relation_id));
  const std::vector<graph::ValidSegment> before = timeline;
  graph::PlaceOnTimeline(cardinality, atom->valid_from, atom->valid_to,
                         atom->id, &timeline, [&w](AtomId id) {
                           Result<Atom> a = w.GetAtom(id);
                           return a.ok() && a->valid_from == a->tx_time;
                         });
  *closed = graph::EndedEarlier(before, timeline);
  for (AtomId id : *closed) {
    FACTLINE_ASSIGN_OR_RETURN(Atom old, w.GetAtom(id));
    old.superseded_by = atom->id;
    old.superseded_at = atom->tx_time;
    FACTLINE_RETURN_IF_ERROR(w.UpdateAtom(old));
  }
  if (!closed->empty() && atom->supersedes == kNoAtom) {
    atom->supersedes = closed->front();
    FACTLINE_RETURN_IF_ERROR(w.UpdateAtom(*atom));
  }
  FACTLINE_RETURN_IF_ERROR(
      w.SetTimeline(atom->subject_id, atom->relation_id, timeline));
  const std::vector<AtomId> owners = graph::OwnersAt(timeline, now);
  *current = std::find(owners.begin(), owners.end(), atom->id) != owners.end();
  return SyncCurrent(w, atom->subject_id, atom->relation_id, timeline, now);
}

Status PlaceReinforcement(graph::Writer& w, const Atom& target, Timestamp from,
                          Timestamp to, bool* placed) {
  *placed = false;
  auto timeline = w.Timeline(target.subject_id, target.relation_id);
  if (timeline.status().IsNotFound()) return Status::Ok();
  if (!timeline.ok()) return timeline.status();
  FACTLINE_ASSIGN_OR_RETURN(graph::Relation rel,
                            w.GetRelation(target.relation_id));
  if (rel.cardinality != Cardinality::kOne) return Status::Ok();
  graph::PlaceOnTimeline(Cardinality::kOne, from, to, target.id, &*timeline);
  *placed = true;
  return w.SetTimeline(target.subject_id, target.relation_id, *timeline);
}

Status RederiveSlot(graph::Writer& w, EntityId subject, RelationId relation,
                    Cardinality cardinality, Timestamp now) {
  FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                            w.History(subject, relation));
  std::vector<Atom> atoms;
  atoms.reserve(ids.size());
  for (AtomId id : ids) {
    FACTLINE_ASSIGN_OR_RETURN(atoms.emplace_back(), w.GetAtom(id));
  }
  std::vector<Atom> derived = atoms;
  const std::vector<graph::ValidSegment> timeline =
      graph::DeriveTimeline(cardinality, &derived);
  for (std::size_t i = 0; i < atoms.size(); ++i) {
    const Atom& was = atoms[i];
    const Atom& now_is = derived[i];
    if (was.superseded_by == now_is.superseded_by &&
        was.superseded_at == now_is.superseded_at &&
        was.supersedes == now_is.supersedes) {
      continue;
    }
    FACTLINE_RETURN_IF_ERROR(w.UpdateAtom(now_is));
  }
  FACTLINE_RETURN_IF_ERROR(w.SetTimeline(subject, relation, timeline));
  return SyncCurrent(w, subject, relation, timeline, now);
}

Status ReinforceAtom(graph::Writer& w, AtomId target, const std::string& source,
                     double confidence, Timestamp refreshed, Atom* out) {
  FACTLINE_ASSIGN_OR_RETURN(*out, w.GetAtom(target));
  if (!source.empty()) out->reinforced_by.push_back(source);
  out->provenance.confidence = confidence;
  FACTLINE_RETURN_IF_ERROR(w.UpdateAtom(*out));
  return w.SetRefreshed(target, refreshed);
}

namespace {

// The slot's cardinality when the slot has a timeline; nullopt otherwise.
Result<std::optional<Cardinality>> TimelineCardinality(graph::Writer& w,
                                                       const Atom& atom) {
  auto timeline = w.Timeline(atom.subject_id, atom.relation_id);
  if (timeline.status().IsNotFound()) return std::optional<Cardinality>();
  if (!timeline.ok()) return timeline.status();
  FACTLINE_ASSIGN_OR_RETURN(graph::Relation rel,
                            w.GetRelation(atom.relation_id));
  return std::optional<Cardinality>(rel.cardinality);
}

}  // namespace

Status QuarantineAtom(graph::Writer& w, AtomId id) {
  FACTLINE_ASSIGN_OR_RETURN(Atom atom, w.GetAtom(id));
  atom.provenance.verification = Verification::kRejected;
  FACTLINE_RETURN_IF_ERROR(w.UpdateAtom(atom));
  FACTLINE_ASSIGN_OR_RETURN(std::optional<Cardinality> card,
                            TimelineCardinality(w, atom));
  if (card) {
    // By today's knowledge it was never true: the slot is derived again
    // without it, so what it had taken over comes back.
    return RederiveSlot(w, atom.subject_id, atom.relation_id, *card,
                        NowMicros());
  }
  return RemoveFromCurrent(w, atom);
}

Status EndAtom(graph::Writer& w, AtomId id, Timestamp end, Timestamp now,
               Timestamp* previous) {
  FACTLINE_ASSIGN_OR_RETURN(Atom atom, w.GetAtom(id));
  *previous = atom.valid_to;
  if (end >= atom.valid_to || end < atom.valid_from) return Status::Ok();
  atom.valid_to = end;
  FACTLINE_RETURN_IF_ERROR(w.UpdateAtom(atom));
  FACTLINE_ASSIGN_OR_RETURN(std::optional<Cardinality> card,
                            TimelineCardinality(w, atom));
  if (card) {
    return RederiveSlot(w, atom.subject_id, atom.relation_id, *card, now);
  }
  return RemoveFromCurrent(w, atom);
}

Status ReinstateAtom(graph::Writer& w, AtomId id) {
  FACTLINE_ASSIGN_OR_RETURN(Atom atom, w.GetAtom(id));
  FACTLINE_ASSIGN_OR_RETURN(std::optional<Cardinality> card,
                            TimelineCardinality(w, atom));
  if (card) {
    return RederiveSlot(w, atom.subject_id, atom.relation_id, *card,
                        NowMicros());
  }
  atom.superseded_by = kNoAtom;
  atom.superseded_at = kNoTime;
  FACTLINE_RETURN_IF_ERROR(w.UpdateAtom(atom));
  return AddToCurrent(w, atom);
}

Status SetAtomVerification(graph::Writer& w, AtomId id,
                           Verification verification, Timestamp refreshed) {
  FACTLINE_ASSIGN_OR_RETURN(Atom atom, w.GetAtom(id));
  atom.provenance.verification = verification;
  FACTLINE_RETURN_IF_ERROR(w.UpdateAtom(atom));
  if (refreshed == kNoTime) return Status::Ok();
  return w.SetRefreshed(id, refreshed);
}

Result<std::uint64_t> SlotVersion(const graph::Reader& r, const Atom& atom) {
  FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> history,
                            r.History(atom.subject_id, atom.relation_id));
  return static_cast<std::uint64_t>(history.size());
}

nlohmann::json AtomJson(const Atom& atom) {
  const Provenance& p = atom.provenance;
  nlohmann::json j = {
      {"id", atom.id},
      {"subject", atom.subject},
      {"relation", atom.relation},
      {"value", atom.value},
      {"category", ToString(atom.category)},
      {"tx_time", atom.tx_time},
      {"valid_from", atom.valid_from},
      {"origin", ToString(p.origin)},
      {"verification", ToString(p.verification)},
      {"confidence", p.confidence},
  };
  // Defaults are left out to keep the log small; AtomFromJson restores them.
  if (atom.valid_to != kForever) j["valid_to"] = atom.valid_to;
  if (!atom.text.empty()) j["text"] = atom.text;
  if (!p.model_id.empty()) j["model_id"] = p.model_id;
  if (!p.session_id.empty()) j["session_id"] = p.session_id;
  if (!p.source.empty()) j["source"] = p.source;
  if (atom.superseded_by != kNoAtom) j["superseded_by"] = atom.superseded_by;
  if (atom.superseded_at != kNoTime) j["superseded_at"] = atom.superseded_at;
  if (atom.supersedes != kNoAtom) j["supersedes"] = atom.supersedes;
  if (!atom.reinforced_by.empty()) j["reinforced_by"] = atom.reinforced_by;
  return j;
}

Status AtomFromJson(const nlohmann::json& j, Atom* atom) {
  constexpr std::string_view kWhat = "atom";
  if (!j.is_object()) return Status::Corruption("atom is not an object");
  *atom = Atom();
  atom->valid_to = kForever;
  std::string category, origin, verification;
  const std::pair<const char*, std::string*> strings[] = {
      {"subject", &atom->subject},
      {"relation", &atom->relation},
      {"value", &atom->value},
      {"text", &atom->text},
      {"model_id", &atom->provenance.model_id},
      {"session_id", &atom->provenance.session_id},
      {"source", &atom->provenance.source},
      {"category", &category},
      {"origin", &origin},
      {"verification", &verification},
  };
  for (const auto& [field, out] : strings) {
    if (!Optional(j, field, out)) return Missing(kWhat, field);
  }
  const std::pair<const char*, std::uint64_t*> ids[] = {
      {"id", &atom->id},
      {"superseded_by", &atom->superseded_by},
      {"supersedes", &atom->supersedes},
  };
  for (const auto& [field, out] : ids) {
    if (!Optional(j, field, out)) return Missing(kWhat, field);
  }
  const std::pair<const char*, Timestamp*> times[] = {
      {"tx_time", &atom->tx_time},
      {"valid_from", &atom->valid_from},
      {"valid_to", &atom->valid_to},
      {"superseded_at", &atom->superseded_at},
  };
  for (const auto& [field, out] : times) {
    if (!Optional(j, field, out)) return Missing(kWhat, field);
  }
  if (!j.contains("confidence") ||
      !Optional(j, "confidence", &atom->provenance.confidence)) {
    return Missing(kWhat, "confidence");
  }
  auto parse = [&](const char* field, const std::string& text, auto parser,
                   auto* out) -> Status {
    auto parsed = parser(text);
    if (!parsed.ok()) return Missing(kWhat, field);
    *out = *parsed;
    return Status::Ok();
  };
  FACTLINE_RETURN_IF_ERROR(
      parse("category", category, ParseCategory, &atom->category));
  FACTLINE_RETURN_IF_ERROR(
      parse("origin", origin, ParseOrigin, &atom->provenance.origin));
  FACTLINE_RETURN_IF_ERROR(parse("verification", verification,
                                 ParseVerification,
                                 &atom->provenance.verification));
  if (auto it = j.find("reinforced_by"); it != j.end()) {
    if (!it->is_array()) return Missing(kWhat, "reinforced_by");
    for (const auto& s : *it) {
      if (!s.is_string()) return Missing(kWhat, "reinforced_by");
      atom->reinforced_by.push_back(s.get<std::string>());
    }
  }
  return Status::Ok();
}

nlohmann::json HeldJson(const graph::HeldItem& item) {
  nlohmann::json j = {
      {"id", item.id},           {"state", graph::ToString(item.state)},
      {"held_at", item.held_at}, {"resolved_at", item.resolved_at},
      {"result", item.result},   {"reason", item.reason},
      {"detail", item.detail},   {"atom", AtomJson(item.atom)},
  };
  return j;
}

Status HeldFromJson(const nlohmann::json& j, graph::HeldItem* item) {
  constexpr std::string_view kWhat = "held item";
  if (!j.is_object()) return Status::Corruption("held item is not an object");
  *item = graph::HeldItem();
  std::string state;
  if (!Optional(j, "id", &item->id)) return Missing(kWhat, "id");
  if (!Optional(j, "state", &state)) return Missing(kWhat, "state");
  if (!Optional(j, "held_at", &item->held_at)) return Missing(kWhat, "held_at");
  if (!Optional(j, "resolved_at", &item->resolved_at)) {
    return Missing(kWhat, "resolved_at");
  }
  if (!Optional(j, "result", &item->result)) return Missing(kWhat, "result");
  if (!Optional(j, "reason", &item->reason)) return Missing(kWhat, "reason");
  if (!Optional(j, "detail", &item->detail)) return Missing(kWhat, "detail");
  bool known = false;
  for (graph::HeldState s :
       {graph::HeldState::kPending, graph::HeldState::kQuarantined,
        graph::HeldState::kApproved}) {
    if (graph::ToString(s) == state) {
      item->state = s;
      known = true;
    }
  }
  if (!known) return Missing(kWhat, "state");
  auto atom = j.find("atom");
  if (atom == j.end()) return Missing(kWhat, "atom");
  return AtomFromJson(*atom, &item->atom);
}

nlohmann::json VerdictsJson(const std::vector<GateVerdict>& verdicts) {
  // One string per stage keeps every audit record small and cheap to build
  // (this runs once per written atom).
  nlohmann::json out = nlohmann::json::array();
  for (const GateVerdict& v : verdicts) {
    std::string line = v.stage;
    line += ": ";
    line += ToString(v.outcome);
    if (v.target != kNoAtom) line += " #" + std::to_string(v.target);
    if (!v.reason.empty()) line += " (" + v.reason + ")";
    out.push_back(std::move(line));
  }
  return out;
}

namespace {

// A minimal JSON writer for StoredDetail. Strings must be valid UTF-8
// (every atom field is validated before it gets here).
class JsonOut {
 public:
  explicit JsonOut(std::string* out) : out_(out) {}
  void Open() { Begin('{'); }
  void Close() { End('}'); }
  void OpenArray() { Begin('['); }
  void CloseArray() { End(']'); }
  JsonOut& Key(std::string_view k) {
    Sep();
    Escaped(k);
    out_->push_back(':');
    first_ = true;  // the value needs no separator
    return *this;
  }
  void String(std::string_view s) {
    Sep();
    Escaped(s);
  }
  void Int(std::int64_t v) {
    Sep();
    out_->append(std::to_string(v));
  }
  void Uint(std::uint64_t v) {
    Sep();
    out_->append(std::to_string(v));
  }
  void Double(double v) {
    Sep();
    char buf[32];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    out_->append(buf, ec == std::errc() ? end : buf);
  }

 private:
  void Sep() {
    if (!first_) out_->push_back(',');
    first_ = false;
  }
  void Begin(char c) {
    Sep();
    out_->push_back(c);
    first_ = true;
  }
  void End(char c) {
    out_->push_back(c);
    first_ = false;
  }
  void Escaped(std::string_view s) {
    out_->push_back('"');
    for (char c : s) {
      const auto u = static_cast<unsigned char>(c);
      if (c == '"' || c == '\\') {
        out_->push_back('\\');
        out_->push_back(c);
      } else if (u < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", u);
        out_->append(buf);
      } else {
        out_->push_back(c);
      }
    }
    out_->push_back('"');
  }
  std::string* out_;
  bool first_ = true;
};

void WriteAtom(JsonOut& j, const Atom& atom) {
  const Provenance& p = atom.provenance;
  j.Open();
  j.Key("id").Uint(atom.id);
  j.Key("subject").String(atom.subject);
  j.Key("relation").String(atom.relation);
  j.Key("value").String(atom.value);
  j.Key("category").String(ToString(atom.category));
  j.Key("tx_time").Int(atom.tx_time);
  j.Key("valid_from").Int(atom.valid_from);
  j.Key("origin").String(ToString(p.origin));
  j.Key("verification").String(ToString(p.verification));
  j.Key("confidence").Double(p.confidence);
  if (atom.valid_to != kForever) j.Key("valid_to").Int(atom.valid_to);
  if (!atom.text.empty()) j.Key("text").String(atom.text);
  if (!p.model_id.empty()) j.Key("model_id").String(p.model_id);
  if (!p.session_id.empty()) j.Key("session_id").String(p.session_id);
  if (!p.source.empty()) j.Key("source").String(p.source);
  if (atom.superseded_by != kNoAtom) {
    j.Key("superseded_by").Uint(atom.superseded_by);
  }
  if (atom.superseded_at != kNoTime) {
    j.Key("superseded_at").Int(atom.superseded_at);
  }
  if (atom.supersedes != kNoAtom) j.Key("supersedes").Uint(atom.supersedes);
  if (!atom.reinforced_by.empty()) {
    j.Key("reinforced_by").OpenArray();
    for (const std::string& s : atom.reinforced_by) j.String(s);
    j.CloseArray();
  }
  j.Close();
}

}  // namespace

std::string StoredDetail(const Atom& atom, Cardinality cardinality,
                         const std::string& reason,
                         const std::vector<GateVerdict>& verdicts,
                         const std::vector<AtomId>& closed, double offered,
                         std::uint64_t version, Timestamp placed_at) {
  std::string out;
  out.reserve(384 + atom.text.size());
  JsonOut j(&out);
  j.Open();
  j.Key("reason").String(reason);
  j.Key("atom");
  WriteAtom(j, atom);
  j.Key("cardinality").String(ToString(cardinality));
  j.Key("prev_confidence").Double(offered);
  j.Key("new_confidence").Double(atom.provenance.confidence);
  j.Key("version").Uint(version);
  if (placed_at != kNoTime) j.Key("placed_at").Int(placed_at);
  if (!closed.empty()) {
    j.Key("closed").OpenArray();
    for (AtomId id : closed) j.Uint(id);
    j.CloseArray();
  }
  if (!verdicts.empty()) {
    j.Key("verdicts").OpenArray();
    for (const GateVerdict& v : verdicts) {
      std::string line = v.stage;
      line += ": ";
      line += ToString(v.outcome);
      if (v.target != kNoAtom) line += " #" + std::to_string(v.target);
      if (!v.reason.empty()) line += " (" + v.reason + ")";
      j.String(line);
    }
    j.CloseArray();
  }
  j.Close();
  return out;
}

Status AppendAuditText(graph::Writer& w, AtomId atom, std::string_view action,
                       std::string detail) {
  if (detail.size() > kMaxFieldBytes) {
    // Rare (fields near the 64 KiB limit): go through the tree, which
    // shortens strings until the record fits.
    const auto tree = nlohmann::json::parse(detail, nullptr, false);
    if (!tree.is_discarded()) return AppendAudit(w, atom, action, tree);
  }
  graph::AuditRecord record;
  record.time = NowMicros();
  record.atom = atom;
  record.action = std::string(action);
  record.detail = std::move(detail);
  return w.AppendAudit(&record);
}

Status AppendAudit(graph::Writer& w, AtomId atom, std::string_view action,
                   nlohmann::json detail, Timestamp time) {
  graph::AuditRecord record;
  record.time = time == 0 ? NowMicros() : time;
  record.atom = atom;
  record.action = std::string(action);
  record.detail = Dump(detail);
  if (record.detail.size() > kMaxFieldBytes) {
    ShortenStrings(&detail);
    detail["truncated"] = true;
    record.detail = Dump(detail);
    if (record.detail.size() > kMaxFieldBytes) {
      record.detail = Dump({{"truncated", true}});
    }
  }
  return w.AppendAudit(&record);
}

std::string Excerpt(std::string_view text) {
  return std::string(CutUtf8(text, kExcerptBytes));
}

}  // namespace factline::resolver::internal
