// factline::Memory: opening a store, the write entry points and the
// slot-level read queries.
#include <algorithm>
#include <filesystem>
#include <mutex>

#include "index/index.h"
#include "query/internal/diff.h"
#include "query/internal/memory_impl.h"
#include "query/internal/valid_time.h"
#include "query/internal/views.h"
#include "query/query.h"

namespace factline {

Memory::Memory() : impl_(std::make_unique<Impl>()) {}
Memory::~Memory() = default;

namespace {

// A Parser is immutable and thread-safe, so one per process serves every
// store opened with the built-in lexicon. Caller-owned lexicons may be freed,
// so they get a parser of their own.
Result<std::shared_ptr<const Parser>> SharedParser(const Lexicon& lexicon) {
  static std::mutex mu;
  static std::shared_ptr<const Parser> builtin;
  const bool is_builtin = &lexicon == &Lexicon::Builtin();
  std::lock_guard<std::mutex> lock(mu);
  if (is_builtin && builtin) return builtin;
  FACTLINE_ASSIGN_OR_RETURN(Parser parser, Parser::Create(lexicon));
  auto shared = std::make_shared<const Parser>(std::move(parser));
  if (is_builtin) builtin = shared;
  return shared;
}

}  // namespace

namespace {

// The default near-duplicate check of the gate's duplicate stage: the side-
// index's built-in embedder compares the incoming value with each current
// value of the same slot, exactly (no index search needed for a handful of
// values, and nothing to keep in step inside the write transaction).
resolver::NearDuplicateFn EmbedderNearDuplicate() {
  std::shared_ptr<const index::Embedder> embedder = index::MakeHashEmbedder();
  return [embedder](const graph::Reader&, const Atom& incoming,
                    const std::vector<Atom>& slot_current,
                    double threshold) -> Result<resolver::NearDuplicate> {
    resolver::NearDuplicate best;
    if (slot_current.empty()) return best;
    FACTLINE_ASSIGN_OR_RETURN(std::vector<float> in,
                              embedder->Embed(incoming.value));
    for (const Atom& atom : slot_current) {
      FACTLINE_ASSIGN_OR_RETURN(std::vector<float> v,
                                embedder->Embed(atom.value));
      double dot = 0;
      for (std::size_t i = 0; i < in.size() && i < v.size(); ++i) {
        dot += static_cast<double>(in[i]) * v[i];
      }
      if (dot >= threshold && dot > best.similarity) {
        best.atom = atom.id;
        best.similarity = dot;
      }
    }
    return best;
  };
}

// The store's own DIR/lexicon.json, then the caller's file, merged over
// `base`; nullptr when there is neither.
Result<std::unique_ptr<const Lexicon>> UserLexicon(
    const std::string& path, const Lexicon& base,
    const MemoryOptions& options) {
  std::vector<std::string> files;
  const std::filesystem::path in_store =
      std::filesystem::path(path) / "lexicon.json";
  std::error_code ec;
  if (std::filesystem::is_regular_file(in_store, ec)) {
    files.push_back(in_store.string());
  }
  if (!options.lexicon_path.empty()) files.push_back(options.lexicon_path);
  if (files.empty()) return std::unique_ptr<const Lexicon>();
  Lexicon merged = base;
  for (const std::string& file : files) {
    FACTLINE_ASSIGN_OR_RETURN(merged, merged.MergeFile(file));
  }
  return std::unique_ptr<const Lexicon>(
      std::make_unique<Lexicon>(std::move(merged)));
}

}  // namespace

Result<std::unique_ptr<Memory>> Memory::Open(const std::string& path,
                                             MemoryOptions options) {
  std::unique_ptr<Memory> memory(new Memory());
  Impl& impl = *memory->impl_;
  impl.lexicon = options.lexicon ? options.lexicon : &Lexicon::Builtin();
  if (NormalizeKey(options.user_entity).empty()) {
    return Status::InvalidArgument("MemoryOptions.user_entity is empty");
  }
  impl.user_entity = CleanDisplay(options.user_entity);
  FACTLINE_ASSIGN_OR_RETURN(impl.owned_lexicon,
                            UserLexicon(path, *impl.lexicon, options));
  if (impl.owned_lexicon) impl.lexicon = impl.owned_lexicon.get();
  FACTLINE_ASSIGN_OR_RETURN(impl.store,
                            graph::Store::Open(path, options.store));
  FACTLINE_ASSIGN_OR_RETURN(impl.parser, SharedParser(*impl.lexicon));
  resolver::ResolverOptions ropts;
  ropts.lexicon = impl.lexicon;
  ropts.policy = std::move(options.policy);
  ropts.gate = std::move(options.gate);
  // A GateConfig built in code gets the checks a JSON file gets: it is
  // written out and read back through the same parser.
  FACTLINE_RETURN_IF_ERROR(
      resolver::ParseGateConfig(resolver::GateConfigToJson(options.gate_config))
          .status()
          .WithContext("MemoryOptions::gate_config"));
  ropts.gate_config = std::move(options.gate_config);
  ropts.near_duplicate = options.near_duplicate
                             ? std::move(options.near_duplicate)
                             : EmbedderNearDuplicate();
  FACTLINE_ASSIGN_OR_RETURN(
      impl.resolver,
      resolver::Resolver::Create(impl.store.get(), std::move(ropts)));
  if (impl.owned_lexicon && options.apply_declared_cardinality &&
      !options.store.read_only) {
    // Only relations stored with another cardinality need a write; new ones
    // take the lexicon's when first interned.
    std::vector<const RelationDef*> differ;
    FACTLINE_RETURN_IF_ERROR(impl.store->Read([&](const graph::Reader& r) {
      for (const RelationDef& def : impl.lexicon->relations()) {
        if (!def.alias_of.empty() ||
            !impl.lexicon->DeclaresCardinality(def.id)) {
          continue;
        }
        auto rel = r.FindRelation(def.id);
        if (rel.status().IsNotFound()) continue;
        if (!rel.ok()) return rel.status();
        if (rel->cardinality != def.cardinality) differ.push_back(&def);
      }
      return Status::Ok();
    }));
    for (const RelationDef* def : differ) {
      Status s = memory->DeclareCardinality(def->id, def->cardinality);
      if (!s.ok()) return s.WithContext("lexicon");
    }
  }
  return memory;
}

const Parser& Memory::parser() const { return *impl_->parser; }

Result<ParsedFact> Memory::Parse(std::string_view sentence,
                                 ParseContext* ctx) const {
  ParseContext local;
  local.user = impl_->user_entity;
  return impl_->parser->ParseSentence(sentence, ctx ? ctx : &local);
}

Cardinality Memory::CardinalityFor(std::string_view relation_key,
                                   bool* by_shape) const {
  const Lexicon& lexicon = *impl_->lexicon;
  const RelationDef* def = lexicon.Find(relation_key);
  if (def == nullptr) def = lexicon.FindByName(relation_key);
  if (by_shape != nullptr) *by_shape = def == nullptr;
  return def != nullptr ? def->cardinality
                        : Lexicon::CardinalityByShape(relation_key);
}
const Lexicon& Memory::lexicon() const { return *impl_->lexicon; }
const graph::Store& Memory::store() const { return *impl_->store; }

Result<RememberReport> Memory::Remember(const std::vector<TextFact>& facts) {
  // Parse-time screening and parsing live with the gate (query/screen.cc).
  return query::internal::RememberLines(*impl_->parser, *impl_->resolver,
                                        impl_->write_mu, facts, {},
                                        impl_->user_entity, impl_->store.get());
}

Result<RememberReport> Memory::Remember(std::string_view text,
                                        const Provenance& provenance) {
  std::vector<TextFact> facts;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line =
        StripSerial(text.substr(start, end - start), nullptr);
    if (!CleanDisplay(line).empty()) {
      TextFact fact;
      fact.text = std::string(line);
      fact.provenance = provenance;
      facts.push_back(std::move(fact));
    }
    start = end + 1;
  }
  if (facts.empty()) return Status::InvalidArgument("empty text");
  return Remember(facts);
}

Result<std::vector<resolver::Decision>> Memory::RememberAtoms(
    std::vector<Atom> atoms) {
  std::lock_guard<std::mutex> lock(impl_->write_mu);
  return impl_->resolver->Write(std::move(atoms));
}

namespace {

// Relation keys to try for a phrase: its canonical key, then the lexicon
// relation it is an alias of ("birthplace" -> P19), if different.
std::vector<std::string> RelationKeys(const Lexicon& lexicon,
                                      const Parser& parser,
                                      std::string_view relation) {
  std::vector<std::string> keys = {lexicon.CanonicalRelation(relation)};
  if (const RelationDef* def = lexicon.FindByAlias(relation)) {
    if (def->id != keys[0]) keys.push_back(def->id);
  }
  // The key the sentence reader stores the phrase under ("e-mail address"
  // -> "email", "favourite colour" -> "favorite color").
  std::string phrase_key = parser.RelationKey(relation);
  if (std::find(keys.begin(), keys.end(), phrase_key) == keys.end()) {
    keys.push_back(std::move(phrase_key));
  }
  // A capitalised title is stored under its words ("The Prime Minister of
  // Portugal is V" -> "prime minister"); when those words are an alias of
  // the relation asked for (P6's "prime minister"), that slot is this
  // relation's too.
  if (const RelationDef* def = lexicon.FindByAlias(keys[0])) {
    for (const std::string& alias : def->aliases) {
      std::string key = NormalizeKey(alias);
      if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
        keys.push_back(std::move(key));
      }
    }
  }
  return keys;
}

// The officeholder relation (MQuAKE's P1308) is keyed on an office, "Prime
// Minister of India"; a statement about the office's holder is usually read
// as (India, prime minister / P6, V). Splits such a subject into the title
// and the place so a reader can look up that slot: "" when `relation` is
// not the officeholder relation or the subject has no " of ".
bool SplitOffice(const Lexicon& lexicon, std::string_view relation,
                 std::string_view subject, std::string* title,
                 std::string* of) {
  const RelationDef* asked = lexicon.FindByAlias(relation);
  const RelationDef* office = lexicon.FindByAlias("officeholder");
  if (asked == nullptr || office == nullptr || asked->id != office->id) {
    return false;
  }
  const std::string display = CleanDisplay(subject);
  const std::size_t at = display.find(" of ");
  if (at == std::string::npos || at == 0 || at + 4 >= display.size()) {
    return false;
  }
  *title = display.substr(0, at);
  *of = display.substr(at + 4);
  return true;
}

// Runs views_of on the slot; an unknown subject or relation is an empty
// answer, not an error. Quarantined atoms are kept for review, never
// answered with (views_of leaves them out).
// Read keys get the checks written ones get, so that an empty,
// punctuation-only, oversized or non-UTF-8 key is a plain InvalidArgument
// instead of an LMDB error.
Status CheckReadKey(std::string_view what, std::string_view key) {
  if (key.size() > kMaxFieldBytes) {
    return Status::InvalidArgument(std::string(what) + " exceeds " +
                                   std::to_string(kMaxFieldBytes) + " bytes");
  }
  FACTLINE_RETURN_IF_ERROR(ValidateUtf8(key).WithContext(what));
  if (!HasLetterOrDigit(key)) {
    return Status::InvalidArgument(std::string(what) +
                                   " is empty (no letters or digits)");
  }
  return Status::Ok();
}

// The names a reader's subject is looked up by, in order: as given, then
// with its leading article toggled (ArticleVariant) when it has a variant.
std::vector<std::string> SubjectNames(std::string_view subject) {
  std::vector<std::string> names = {std::string(subject)};
  std::string variant = ArticleVariant(NormalizeKey(subject));
  if (!variant.empty()) names.push_back(std::move(variant));
  return names;
}

// The entity the first of SubjectNames that has one; NotFound when none.
Result<graph::Entity> FindSubject(const graph::Reader& r,
                                  std::string_view subject) {
  Result<graph::Entity> entity = Status::NotFound("");
  for (const std::string& name : SubjectNames(subject)) {
    entity = r.FindEntity(name);
    if (!entity.status().IsNotFound()) return entity;
  }
  return entity;
}

// For each symmetric relation among `keys`: the views of the subjects
// whose atom names `subject` as its value, read from the asked side
// (subject and value swapped, `why` saying so).
Status MirroredViews(const graph::Reader& r, const Lexicon& lexicon,
                     std::string_view subject,
                     const std::vector<std::string>& keys,
                     const std::function<Result<std::vector<FactView>>(
                         const graph::Reader&, EntityId, RelationId)>& views_of,
                     std::vector<FactView>* out) {
  for (const std::string& key : keys) {
    const RelationDef* def = lexicon.Find(key);
    if (def == nullptr || !def->symmetric) continue;
    auto rel = r.FindRelation(key);
    if (rel.status().IsNotFound()) continue;
    if (!rel.ok()) return rel.status();
    for (const std::string& name : SubjectNames(subject)) {
      auto entity = r.FindEntity(name);
      if (entity.status().IsNotFound()) continue;
      if (!entity.ok()) return entity.status();
      FACTLINE_ASSIGN_OR_RETURN(std::vector<EntityId> holders,
                                r.SubjectsWithValue(entity->id, rel->id));
      const std::string& asked = entity->key;
      for (EntityId holder : holders) {
        FACTLINE_ASSIGN_OR_RETURN(std::vector<FactView> views,
                                  views_of(r, holder, rel->id));
        for (FactView& v : views) {
          if (NormalizeKey(v.atom.value) != asked) continue;
          v.why += (v.why.empty() ? "" : "; ") + std::string("stated as '") +
                   v.atom.subject + " / " + key + " = " + v.atom.value + "' (" +
                   def->name + " is symmetric)";
          std::swap(v.atom.subject, v.atom.value);
          out->push_back(std::move(v));
        }
      }
      if (!out->empty()) return Status::Ok();
    }
  }
  return Status::Ok();
}

Result<std::vector<FactView>> SlotQuery(
    const graph::Store& store, const Lexicon& lexicon, const Parser& parser,
    std::string_view subject, std::string_view relation,
    const std::function<Result<std::vector<FactView>>(
        const graph::Reader&, EntityId, RelationId)>& views_of) {
  FACTLINE_RETURN_IF_ERROR(CheckReadKey("subject", subject));
  FACTLINE_RETURN_IF_ERROR(CheckReadKey("relation", relation));
  std::vector<FactView> out;
  const std::vector<std::string> keys = RelationKeys(lexicon, parser, relation);
  Status s = store.Read([&](const graph::Reader& r) -> Status {
    // The name as given first; its article variant only when that slot is
    // empty ("The Acropolis lies in Greece", then `get Acropolis P17`).
    for (const std::string& name : SubjectNames(subject)) {
      auto entity = r.FindEntity(name);
      if (entity.status().IsNotFound()) continue;
      if (!entity.ok()) return entity.status();
      for (const std::string& key : keys) {
        auto rel = r.FindRelation(key);
        if (rel.status().IsNotFound()) continue;
        if (!rel.ok()) return rel.status();
        FACTLINE_ASSIGN_OR_RETURN(out, views_of(r, entity->id, rel->id));
        if (!out.empty()) return Status::Ok();
      }
    }
    // A symmetric relation's empty slot: "Berlin is a sister city of Los
    // Angeles" answers Los Angeles' twin town, shown from the asked side.
    return MirroredViews(r, lexicon, subject, keys, views_of, &out);
  });
  if (!s.ok()) return s;
  // The holder of "Mayor of London" is London's mayor: asked by office and
  // stored by place, the place's slot for the title answers (tried as
  // written, a title, and lower case, a relation noun: "mayor" -> P6).
  // One office may be stated both ways ("Tom Reed holds the office of
  // Mayor of Eastport", then "Anna Berg became the new Mayor of Eastport"),
  // and by place under the title as written or the relation its noun names
  // ("succeeded Tom Reed as Mayor of Eastport": head of government): the
  // slot learned last answers, as a later statement would have superseded
  // an earlier one in a single slot.
  std::string title, place;
  if (SplitOffice(lexicon, relation, subject, &title, &place)) {
    auto newest = [](const std::vector<FactView>& views) {
      Timestamp t = kNoTime;
      for (const FactView& v : views) t = std::max(t, v.atom.tx_time);
      return t;
    };
    std::vector<std::string> keys = {title, NormalizeKey(title)};
    const std::string named = parser.RelationKey(NormalizeKey(title));
    if (!named.empty() && named != keys[1]) keys.push_back(named);
    for (const std::string& as : keys) {
      FACTLINE_ASSIGN_OR_RETURN(
          std::vector<FactView> by_place,
          SlotQuery(store, lexicon, parser, place, as, views_of));
      if (!by_place.empty() &&
          (out.empty() || newest(by_place) > newest(out))) {
        out = std::move(by_place);
      }
    }
  }
  return out;
}

}  // namespace

Result<std::vector<FactView>> Memory::Current(std::string_view subject,
                                              std::string_view relation) const {
  const Timestamp now = NowMicros();
  return SlotQuery(*impl_->store, *impl_->lexicon, *impl_->parser, subject,
                   relation,
                   [now](const graph::Reader& r, EntityId s, RelationId rel) {
                     return query::internal::CurrentViews(r, s, rel, now);
                   });
}

Result<std::vector<FactView>> Memory::History(std::string_view subject,
                                              std::string_view relation,
                                              HistoryOrder order) const {
  return SlotQuery(*impl_->store, *impl_->lexicon, *impl_->parser, subject,
                   relation,
                   [order](const graph::Reader& r, EntityId s, RelationId rel) {
                     return query::internal::HistoryViews(r, s, rel, order);
                   });
}

Result<std::vector<FactView>> Memory::AsOf(std::string_view subject,
                                           std::string_view relation,
                                           Timestamp t, TimeAxis axis) const {
  return SlotQuery(*impl_->store, *impl_->lexicon, *impl_->parser, subject,
                   relation,
                   [&](const graph::Reader& r, EntityId s, RelationId rel) {
                     return axis == TimeAxis::kValid
                                ? query::internal::AsOfValidViews(r, s, rel, t)
                                : query::internal::AsOfTxViews(r, s, rel, t);
                   });
}

Result<std::vector<FactView>> Memory::Timeline(
    std::string_view subject, std::string_view relation) const {
  if (!relation.empty()) {
    return History(subject, relation, HistoryOrder::kValid);
  }
  FACTLINE_RETURN_IF_ERROR(CheckReadKey("subject", subject));
  std::vector<FactView> out;
  Status s = impl_->store->Read([&](const graph::Reader& r) -> Status {
    auto entity = FindSubject(r, subject);
    if (entity.status().IsNotFound()) return Status::Ok();
    if (!entity.ok()) return entity.status();
    FACTLINE_ASSIGN_OR_RETURN(std::vector<RelationId> relations,
                              r.RelationsOfSubject(entity->id));
    for (RelationId rel : relations) {
      FACTLINE_ASSIGN_OR_RETURN(std::vector<FactView> views,
                                query::internal::HistoryViews(
                                    r, entity->id, rel, HistoryOrder::kValid));
      for (FactView& v : views) out.push_back(std::move(v));
    }
    return Status::Ok();
  });
  if (!s.ok()) return s;
  return out;
}

Result<std::vector<SlotChange>> Memory::Diff(Timestamp t1, Timestamp t2,
                                             std::string_view subject) const {
  if (t2 < t1) {
    return Status::InvalidArgument("T2 (" + FormatTimestamp(t2) +
                                   ") is before T1 (" + FormatTimestamp(t1) +
                                   ")");
  }
  if (!subject.empty()) {
    FACTLINE_RETURN_IF_ERROR(CheckReadKey("subject", subject));
  }
  std::vector<SlotChange> out;
  Status s = impl_->store->Read([&](const graph::Reader& r) -> Status {
    std::optional<EntityId> only;
    if (!subject.empty()) {
      auto entity = FindSubject(r, subject);
      if (entity.status().IsNotFound()) return Status::Ok();
      if (!entity.ok()) return entity.status();
      only = entity->id;
    }
    FACTLINE_ASSIGN_OR_RETURN(out,
                              query::internal::SlotChanges(r, t1, t2, only));
    return Status::Ok();
  });
  if (!s.ok()) return s;
  return out;
}

Result<std::vector<FactView>> Memory::Entity(std::string_view subject) const {
  FACTLINE_RETURN_IF_ERROR(CheckReadKey("subject", subject));
  std::vector<FactView> out;
  Status s = impl_->store->Read([&](const graph::Reader& r) -> Status {
    auto entity = FindSubject(r, subject);
    if (entity.status().IsNotFound()) return Status::Ok();
    if (!entity.ok()) return entity.status();
    FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                              r.CurrentOfSubject(entity->id));
    for (AtomId id : ids) {
      FACTLINE_ASSIGN_OR_RETURN(FactView view,
                                query::internal::MakeView(r, id));
      out.push_back(std::move(view));
    }
    return Status::Ok();
  });
  if (!s.ok()) return s;
  return out;
}

Result<graph::StoreStats> Memory::Stats() const {
  graph::StoreStats stats;
  Status s = impl_->store->Read([&](const graph::Reader& r) -> Status {
    FACTLINE_ASSIGN_OR_RETURN(stats, r.Stats());
    return Status::Ok();
  });
  if (!s.ok()) return s;
  return stats;
}

Result<std::vector<graph::AuditRecord>> Memory::Audit(std::uint64_t since,
                                                      std::size_t limit) const {
  std::vector<graph::AuditRecord> out;
  Status s = impl_->store->Read([&](const graph::Reader& r) -> Status {
    FACTLINE_ASSIGN_OR_RETURN(out, r.Audit(since, limit));
    return Status::Ok();
  });
  if (!s.ok()) return s;
  return out;
}

}  // namespace factline
