// Store, Reader and Writer on LMDB. The database layout is described in
// graph/README.md and graph/internal/keys.h.
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <system_error>
#include <unordered_map>
#include <utility>

#include "graph/graph.h"
#include "graph/internal/codec.h"
#include "graph/internal/keys.h"
#include "graph/internal/lmdb_handles.h"
#include "graph/internal/page_check.h"

namespace factline::graph {

namespace {

using internal::Counters;
using internal::Cursor;
using internal::CursorOp;
using internal::Dbi;
using internal::Env;
using internal::GetBigEndian64;
using internal::IdKey1;
using internal::IdKey2;
using internal::PutMode;
using internal::ReadTxn;
using internal::Txn;
using internal::WriteTxn;

constexpr std::string_view kMetaVersionKey = "format_version";
constexpr std::string_view kMetaCountersKey = "counters";

// The named databases. Every handle is opened once, in Open.
struct Dbs {
  Dbi meta = 0;             // "format_version" -> u32, "counters" -> Counters
  Dbi entity_by_key = 0;    // text key -> id [+ full key when hashed]
  Dbi entity_by_id = 0;     // id -> EntityRecord (display, key)
  Dbi relation_by_key = 0;  // text key -> id, cardinality [+ full key]
  Dbi relation_by_id = 0;   // id -> RelationRecord (cardinality, key)
  Dbi atoms = 0;            // id -> AtomRecord
  Dbi current = 0;          // (subject, relation) -> atom ids
  Dbi history = 0;          // (subject, relation) => (tx_time, atom), dups
  Dbi reverse = 0;          // (value, relation) => subject, dups
  Dbi audit = 0;            // seq -> AuditRecord
  Dbi held = 0;             // held item id -> HeldItem (review, quarantine)
  Dbi refreshed = 0;        // atom id -> last reinforcement/re-verification
  Dbi timeline = 0;         // (subject, relation) -> valid-time segments
  // A format-2 store opened read-only: atom, audit and held records without
  // a checksum are accepted (a writer migrates such a store on open).
  bool legacy_records = false;
};

struct DbSpec {
  const char* name;
  Dbi Dbs::*member;
  bool dupsort;  // DUPSORT|DUPFIXED with fixed-size values
};

constexpr DbSpec kDbSpecs[] = {
    {"meta", &Dbs::meta, false},
    {"entity_by_key", &Dbs::entity_by_key, false},
    {"entity_by_id", &Dbs::entity_by_id, false},
    {"relation_by_key", &Dbs::relation_by_key, false},
    {"relation_by_id", &Dbs::relation_by_id, false},
    {"atoms", &Dbs::atoms, false},
    {"current", &Dbs::current, false},
    {"history", &Dbs::history, true},
    {"reverse", &Dbs::reverse, true},
    {"audit", &Dbs::audit, false},
    {"held", &Dbs::held, false},
    {"refreshed", &Dbs::refreshed, false},
    {"timeline", &Dbs::timeline, false},
};

constexpr std::size_t kEntityRefSize = 8;    // id
constexpr std::size_t kRelationRefSize = 9;  // id, cardinality

// Shortens user text quoted in error messages.
std::string Quote(std::string_view s) {
  constexpr std::size_t kMax = 80;
  std::string out = "\"";
  if (s.size() > kMax) {
    out.append(s.substr(0, kMax)).append("...\" (");
    out.append(std::to_string(s.size())).append(" bytes)");
  } else {
    out.append(s).append("\"");
  }
  return out;
}

Status CheckField(std::string_view what, std::string_view s, bool required) {
  if (required && s.empty()) {
    return Status::InvalidArgument(std::string(what) + " is empty");
  }
  if (s.size() > kMaxFieldBytes) {
    return Status::InvalidArgument(
        std::string(what) + " is " + std::to_string(s.size()) +
        " bytes, over the limit of " + std::to_string(kMaxFieldBytes));
  }
  return Status::Ok();
}

Status CheckAtomFields(const Atom& atom) {
  FACTLINE_RETURN_IF_ERROR(CheckField("atom subject", atom.subject, true));
  FACTLINE_RETURN_IF_ERROR(CheckField("atom relation", atom.relation, true));
  FACTLINE_RETURN_IF_ERROR(CheckField("atom value", atom.value, true));
  FACTLINE_RETURN_IF_ERROR(
      CheckField("model_id", atom.provenance.model_id, false));
  FACTLINE_RETURN_IF_ERROR(
      CheckField("session_id", atom.provenance.session_id, false));
  FACTLINE_RETURN_IF_ERROR(CheckField("source", atom.provenance.source, false));
  for (const std::string& s : atom.reinforced_by) {
    FACTLINE_RETURN_IF_ERROR(CheckField("reinforced_by entry", s, false));
  }
  return Status::Ok();
}

Status DecodeIdList(std::string_view v, std::vector<AtomId>* out) {
  if (v.size() % 8 != 0) {
    return Status::Corruption("malformed current-atoms record");
  }
  out->reserve(out->size() + v.size() / 8);
  for (std::size_t i = 0; i < v.size(); i += 8) {
    out->push_back(GetBigEndian64(v.data() + i));
  }
  return Status::Ok();
}

// ---------------------------------------------------------------------------
// Reads shared by Reader and Writer. Interface is Reader or Writer.

template <typename Interface>
class TxnReader : public Interface {
 public:
  TxnReader(Txn* txn, const Dbs* dbs, const Env* env)
      : txn_(txn), dbs_(dbs), env_(env) {}

  Result<Entity> FindEntity(std::string_view name) const override {
    std::string key = NormalizeKey(name);
    std::string_view ref, stored;
    Status s =
        LookupText(dbs_->entity_by_key, key, kEntityRefSize, &ref, &stored);
    if (s.IsNotFound()) return Status::NotFound("no entity " + Quote(name));
    FACTLINE_RETURN_IF_ERROR(s);
    return GetEntity(GetBigEndian64(ref.data()));
  }

  Result<Entity> GetEntity(EntityId id) const override {
    std::string_view v;
    Status s = txn_->Get(dbs_->entity_by_id, IdKey1(id).view(), &v);
    if (s.IsNotFound()) {
      return Status::NotFound("no entity with id " + std::to_string(id));
    }
    FACTLINE_RETURN_IF_ERROR(s);
    Entity e;
    FACTLINE_RETURN_IF_ERROR(internal::DecodeEntityRecord(v, &e).WithContext(
        Where("entity " + std::to_string(id))));
    e.id = id;
    return e;
  }

  Result<Relation> FindRelation(std::string_view key) const override {
    std::string_view ref, stored;
    Status s =
        LookupText(dbs_->relation_by_key, key, kRelationRefSize, &ref, &stored);
    if (s.IsNotFound()) return Status::NotFound("no relation " + Quote(key));
    FACTLINE_RETURN_IF_ERROR(s);
    Relation r;
    FACTLINE_RETURN_IF_ERROR(DecodeRelationRef(ref, &r));
    r.key.assign(key.data(), key.size());
    return r;
  }

  Result<Relation> GetRelation(RelationId id) const override {
    std::string_view v;
    Status s = txn_->Get(dbs_->relation_by_id, IdKey1(id).view(), &v);
    if (s.IsNotFound()) {
      return Status::NotFound("no relation with id " + std::to_string(id));
    }
    FACTLINE_RETURN_IF_ERROR(s);
    Relation r;
    FACTLINE_RETURN_IF_ERROR(internal::DecodeRelationRecord(v, &r).WithContext(
        Where("relation " + std::to_string(id))));
    r.id = id;
    return r;
  }

  Result<Atom> GetAtom(AtomId id) const override {
    Atom atom;
    FACTLINE_RETURN_IF_ERROR(ReadAtom(id, &atom));
    return atom;
  }

  Result<std::vector<AtomId>> Current(EntityId subject,
                                      RelationId relation) const override {
    std::vector<AtomId> out;
    std::string_view v;
    Status s = txn_->Get(dbs_->current, IdKey2(subject, relation).view(), &v);
    if (s.IsNotFound()) return out;
    FACTLINE_RETURN_IF_ERROR(s);
    FACTLINE_RETURN_IF_ERROR(DecodeIdList(v, &out));
    return out;
  }

  Result<std::vector<AtomId>> History(EntityId subject,
                                      RelationId relation) const override {
    std::vector<AtomId> out;
    FACTLINE_RETURN_IF_ERROR(
        ScanDups(dbs_->history, IdKey2(subject, relation).view(), 16,
                 [&out](std::string_view v) {
                   out.push_back(GetBigEndian64(v.data() + 8));
                 }));
    return out;
  }

  Result<std::vector<ValidSegment>> Timeline(
      EntityId subject, RelationId relation) const override {
    std::string_view v;
    Status s = txn_->Get(dbs_->timeline, IdKey2(subject, relation).view(), &v);
    if (s.IsNotFound()) {
      return Status::NotFound("slot (" + std::to_string(subject) + ", " +
                              std::to_string(relation) + ") has no timeline");
    }
    FACTLINE_RETURN_IF_ERROR(s);
    std::vector<ValidSegment> out;
    FACTLINE_RETURN_IF_ERROR(internal::DecodeTimeline(v, &out).WithContext(
        Where("timeline of slot (" + std::to_string(subject) + ", " +
              std::to_string(relation) + ")")));
    return out;
  }

  Result<std::vector<RelationId>> RelationsOfSubject(
      EntityId subject) const override {
    std::vector<RelationId> out;
    FACTLINE_ASSIGN_OR_RETURN(Cursor cursor,
                              Cursor::Open(*txn_, dbs_->history));
    auto start = IdKey2(subject, 0);
    std::string_view k = start.view(), v;
    Status s = cursor.Get(CursorOp::kSetRange, &k, &v);
    while (s.ok() && k.size() == 16 && GetBigEndian64(k.data()) == subject) {
      out.push_back(GetBigEndian64(k.data() + 8));
      s = cursor.Get(CursorOp::kNextNoDup, &k, &v);
    }
    if (!s.ok() && !s.IsNotFound()) return s;
    return out;
  }

  Result<std::vector<AtomId>> CurrentOfSubject(
      EntityId subject) const override {
    std::vector<AtomId> out;
    FACTLINE_ASSIGN_OR_RETURN(Cursor cursor,
                              Cursor::Open(*txn_, dbs_->current));
    auto start = IdKey2(subject, 0);
    std::string_view k = start.view(), v;
    Status s = cursor.Get(CursorOp::kSetRange, &k, &v);
    while (s.ok() && k.size() == 16 && GetBigEndian64(k.data()) == subject) {
      FACTLINE_RETURN_IF_ERROR(DecodeIdList(v, &out));
      s = cursor.Get(CursorOp::kNext, &k, &v);
    }
    if (!s.ok() && !s.IsNotFound()) return s;
    return out;
  }

  Result<std::vector<EntityId>> SubjectsWithValue(
      EntityId value, RelationId relation) const override {
    std::vector<EntityId> out;
    FACTLINE_RETURN_IF_ERROR(ScanDups(dbs_->reverse,
                                      IdKey2(value, relation).view(), 8,
                                      [&out](std::string_view v) {
                                        out.push_back(GetBigEndian64(v.data()));
                                      }));
    return out;
  }

  Status ForEachEntity(
      const std::function<Status(const Entity&)>& fn) const override {
    FACTLINE_ASSIGN_OR_RETURN(Cursor cursor,
                              Cursor::Open(*txn_, dbs_->entity_by_id));
    Entity e;
    std::string_view k, v;
    Status s = cursor.Get(CursorOp::kFirst, &k, &v);
    for (; s.ok(); s = cursor.Get(CursorOp::kNext, &k, &v)) {
      if (k.size() != 8) return Status::Corruption(Where("bad entity key"));
      e.id = GetBigEndian64(k.data());
      FACTLINE_RETURN_IF_ERROR(internal::DecodeEntityRecord(v, &e).WithContext(
          Where("entity " + std::to_string(e.id))));
      FACTLINE_RETURN_IF_ERROR(fn(e));
    }
    return s.IsNotFound() ? Status::Ok() : s;
  }

  Status ForEachCurrentAtom(
      const std::function<Status(const Atom&)>& fn) const override {
    FACTLINE_ASSIGN_OR_RETURN(Cursor cursor,
                              Cursor::Open(*txn_, dbs_->current));
    Atom atom;  // reused so decoding recycles its buffers
    std::vector<AtomId> ids;
    std::string_view k, v;
    Status s = cursor.Get(CursorOp::kFirst, &k, &v);
    for (; s.ok(); s = cursor.Get(CursorOp::kNext, &k, &v)) {
      ids.clear();
      FACTLINE_RETURN_IF_ERROR(DecodeIdList(v, &ids));
      for (AtomId id : ids) {
        FACTLINE_RETURN_IF_ERROR(
            ReadListedAtom(id, "the current table", &atom));
        FACTLINE_RETURN_IF_ERROR(fn(atom));
      }
    }
    return s.IsNotFound() ? Status::Ok() : s;
  }

  Result<std::vector<AuditRecord>> Audit(std::uint64_t since,
                                         std::size_t limit) const override {
    std::vector<AuditRecord> out;
    if (limit == 0) return out;
    FACTLINE_ASSIGN_OR_RETURN(Cursor cursor, Cursor::Open(*txn_, dbs_->audit));
    auto start = IdKey1(std::max<std::uint64_t>(since, 1));
    std::string_view k = start.view(), v;
    Status s = cursor.Get(CursorOp::kSetRange, &k, &v);
    for (; s.ok() && out.size() < limit;
         s = cursor.Get(CursorOp::kNext, &k, &v)) {
      if (k.size() != 8) return Status::Corruption(Where("bad audit key"));
      AuditRecord& r = out.emplace_back();
      r.seq = GetBigEndian64(k.data());
      FACTLINE_RETURN_IF_ERROR(Unseal("audit", "audit record", k, &v,
                                      internal::kLegacyAuditRecordVersion));
      FACTLINE_RETURN_IF_ERROR(internal::DecodeAudit(v, &r).WithContext(
          Where("audit record " + std::to_string(r.seq))));
    }
    if (!s.ok() && !s.IsNotFound()) return s;
    return out;
  }

  Result<HeldItem> GetHeld(std::uint64_t id) const override {
    std::string_view v;
    Status s = txn_->Get(dbs_->held, IdKey1(id).view(), &v);
    if (s.IsNotFound()) {
      return Status::NotFound("no held item with id " + std::to_string(id));
    }
    FACTLINE_RETURN_IF_ERROR(s);
    HeldItem item;
    const auto key = IdKey1(id);
    FACTLINE_RETURN_IF_ERROR(Unseal("held", "held item", key.view(), &v,
                                    internal::kLegacyHeldRecordVersion));
    FACTLINE_RETURN_IF_ERROR(internal::DecodeHeld(v, &item).WithContext(
        Where("held item " + std::to_string(id))));
    item.id = id;
    return item;
  }

  Status ForEachHeld(
      const std::function<Status(const HeldItem&)>& fn) const override {
    FACTLINE_ASSIGN_OR_RETURN(Cursor cursor, Cursor::Open(*txn_, dbs_->held));
    HeldItem item;
    std::string_view k, v;
    Status s = cursor.Get(CursorOp::kFirst, &k, &v);
    for (; s.ok(); s = cursor.Get(CursorOp::kNext, &k, &v)) {
      if (k.size() != 8) return Status::Corruption(Where("bad held item key"));
      item.id = GetBigEndian64(k.data());
      FACTLINE_RETURN_IF_ERROR(Unseal("held", "held item", k, &v,
                                      internal::kLegacyHeldRecordVersion));
      FACTLINE_RETURN_IF_ERROR(internal::DecodeHeld(v, &item).WithContext(
          Where("held item " + std::to_string(item.id))));
      FACTLINE_RETURN_IF_ERROR(fn(item));
    }
    return s.IsNotFound() ? Status::Ok() : s;
  }

  Result<Timestamp> Refreshed(AtomId id) const override {
    std::string_view v;
    Status s = txn_->Get(dbs_->refreshed, IdKey1(id).view(), &v);
    if (s.IsNotFound()) return kNoTime;
    FACTLINE_RETURN_IF_ERROR(s);
    if (v.size() != 8) {
      return Status::Corruption(
          Where("malformed refresh time of atom " + std::to_string(id)));
    }
    return internal::FromOrderedTime(GetBigEndian64(v.data()));
  }

  Result<StoreStats> Stats() const override {
    StoreStats st;
    Counters c;
    FACTLINE_RETURN_IF_ERROR(LoadCounters(&c));
    st.current_atoms = c.current_atoms;
    st.superseded_atoms = c.superseded_atoms;
    const std::pair<Dbi, std::uint64_t*> counted[] = {
        {dbs_->entity_by_id, &st.entities},
        {dbs_->relation_by_id, &st.relations},
        {dbs_->atoms, &st.atoms},
        {dbs_->current, &st.current_slots},
        {dbs_->audit, &st.audit_records},
    };
    for (const auto& [dbi, out] : counted) {
      FACTLINE_ASSIGN_OR_RETURN(internal::DbStat ds, txn_->Stat(dbi));
      *out = ds.entries;
    }
    FACTLINE_ASSIGN_OR_RETURN(internal::EnvInfo info, env_->Info());
    st.map_bytes = info.map_bytes;
    st.used_bytes = info.used_bytes;
    return st;
  }

 protected:
  // The counters as this transaction sees them.
  virtual Status LoadCounters(Counters* c) const {
    std::string_view v;
    Status s = txn_->Get(dbs_->meta, kMetaCountersKey, &v);
    if (s.IsNotFound()) {
      *c = Counters();
      return Status::Ok();
    }
    FACTLINE_RETURN_IF_ERROR(s);
    return internal::DecodeCounters(v, c).WithContext(Where("meta"));
  }

  std::string Where(std::string_view what) const {
    return txn_->path() + ": " + std::string(what);
  }

  // Verifies the checksum of the value *v stored under the 8-byte id `key`
  // in `table` and strips it; Corruption names the table and the key.
  Status Unseal(std::string_view table, std::string_view what,
                std::string_view key, std::string_view* v,
                std::uint8_t legacy_version) const {
    Status s =
        internal::UnsealRecord(key, v, legacy_version, dbs_->legacy_records);
    if (s.ok()) return s;
    const std::string id =
        key.size() == 8 ? std::to_string(GetBigEndian64(key.data())) : "?";
    return Status::Corruption(Where(std::string(what) + " " + id + " (table " +
                                    std::string(table) + ", key " + id +
                                    "): " + s.message()));
  }

  // Looks up text key `key` in a *_by_key database. On success *ref is the
  // fixed-size part of the value (ref_size bytes) and *stored the LMDB key
  // used (valid until the next lookup). NotFound (empty message) when
  // absent; ResourceExhausted when a hashed key belongs to another text.
  Status LookupText(Dbi dbi, std::string_view key, std::size_t ref_size,
                    std::string_view* ref, std::string_view* stored) const {
    *stored = internal::StoredTextKey(key, &key_buf_);
    std::string_view v;
    FACTLINE_RETURN_IF_ERROR(txn_->Get(dbi, *stored, &v));
    if (v.size() < ref_size) {
      return Status::Corruption(Where("malformed key record"));
    }
    std::string_view full = v.substr(ref_size);
    if (internal::IsHashedKey(*stored)) {
      if (full != key) {
        return Status::ResourceExhausted(Where(
            "key " + Quote(key) + " collides with stored key " + Quote(full) +
            " (same first " + std::to_string(internal::kMaxInlineKey) +
            " bytes and 64-bit hash); the store cannot hold both"));
      }
    } else if (!full.empty()) {
      return Status::Corruption(Where("malformed key record"));
    }
    *ref = v.substr(0, ref_size);
    return Status::Ok();
  }

  Status DecodeRelationRef(std::string_view ref, Relation* r) const {
    auto card = static_cast<std::uint8_t>(ref[8]);
    if (card > static_cast<std::uint8_t>(Cardinality::kMany)) {
      return Status::Corruption(Where("malformed relation key record"));
    }
    r->id = GetBigEndian64(ref.data());
    r->cardinality = static_cast<Cardinality>(card);
    return Status::Ok();
  }

  // Reads an atom whose id came from one of the store's own tables: if it
  // is missing the store is damaged (a lost record or a garbled id), which
  // is Corruption naming the id, never NotFound.
  Status ReadListedAtom(AtomId id, std::string_view table, Atom* atom) const {
    Status s = ReadAtom(id, atom);
    if (!s.IsNotFound()) return s;
    return Status::Corruption(Where("the store is damaged: atom " +
                                    std::to_string(id) + ", listed in " +
                                    std::string(table) + ", does not exist"));
  }

  Status ReadAtom(AtomId id, Atom* atom) const {
    std::string_view v;
    Status s = txn_->Get(dbs_->atoms, IdKey1(id).view(), &v);
    if (s.IsNotFound()) {
      return Status::NotFound("no atom with id " + std::to_string(id));
    }
    FACTLINE_RETURN_IF_ERROR(s);
    const auto key = IdKey1(id);
    FACTLINE_RETURN_IF_ERROR(Unseal("atoms", "atom", key.view(), &v,
                                    internal::kLegacyAtomRecordVersion));
    FACTLINE_RETURN_IF_ERROR(internal::DecodeAtom(v, atom).WithContext(
        Where("atom " + std::to_string(id))));
    atom->id = id;
    return Status::Ok();
  }

  // Calls fn on each duplicate of `key` in a DUPSORT database whose values
  // are value_size bytes.
  template <typename Fn>
  Status ScanDups(Dbi dbi, std::string_view key, std::size_t value_size,
                  Fn fn) const {
    FACTLINE_ASSIGN_OR_RETURN(Cursor cursor, Cursor::Open(*txn_, dbi));
    std::string_view k = key, v;
    Status s = cursor.Get(CursorOp::kSet, &k, &v);
    for (; s.ok(); s = cursor.Get(CursorOp::kNextDup, &k, &v)) {
      if (v.size() != value_size) {
        return Status::Corruption(Where("malformed index entry"));
      }
      fn(v);
    }
    return s.IsNotFound() ? Status::Ok() : s;
  }

  Txn* txn_;
  const Dbs* dbs_;
  const Env* env_;
  mutable std::string key_buf_;  // backing for hashed keys
};

using ReaderImpl = TxnReader<Reader>;

// ---------------------------------------------------------------------------
// Writer

struct StringHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const {
    return std::hash<std::string_view>()(s);  // in memory only
  }
};

class WriterImpl final : public TxnReader<Writer> {
 public:
  WriterImpl(WriteTxn* txn, const Dbs* dbs, const Env* env)
      : TxnReader<Writer>(txn, dbs, env), wtxn_(txn) {}

  Result<Entity> InternEntity(std::string_view display) override {
    bool created = false;
    std::string key;
    EntityId id = 0;
    FACTLINE_RETURN_IF_ERROR(InternEntityId(display, &id, &key, &created));
    if (!created) return GetEntity(id);
    return Entity{id, std::string(display), std::move(key)};
  }

  Result<Relation> InternRelation(std::string_view key,
                                  Cardinality cardinality) override {
    CachedRelation rel;
    FACTLINE_RETURN_IF_ERROR(InternRelationRef(key, cardinality, &rel));
    return Relation{rel.id, std::string(key), rel.cardinality};
  }

  Status SetRelationCardinality(RelationId id,
                                Cardinality cardinality) override {
    FACTLINE_ASSIGN_OR_RETURN(Relation r, GetRelation(id));
    if (r.cardinality == cardinality) return Status::Ok();
    std::string_view ref, stored_view;
    FACTLINE_RETURN_IF_ERROR(LookupText(dbs_->relation_by_key, r.key,
                                        kRelationRefSize, &ref, &stored_view));
    const std::string stored(stored_view);  // key_buf_ is reused below
    scratch_.assign(IdKey1(id).view());
    scratch_.push_back(static_cast<char>(cardinality));
    if (internal::IsHashedKey(stored)) scratch_.append(r.key);
    FACTLINE_RETURN_IF_ERROR(wtxn_->Put(dbs_->relation_by_key, stored, scratch_,
                                        PutMode::kOverwrite));
    scratch_.clear();
    internal::EncodeRelationRecord(cardinality, r.key, &scratch_);
    FACTLINE_RETURN_IF_ERROR(wtxn_->Put(dbs_->relation_by_id, IdKey1(id).view(),
                                        scratch_, PutMode::kOverwrite));
    if (auto it = relations_.find(r.key); it != relations_.end()) {
      it->second.cardinality = cardinality;
    }
    return Status::Ok();
  }

  Status InsertAtom(Atom* atom) override {
    FACTLINE_RETURN_IF_ERROR(CheckAtomFields(*atom));
    EntityId subject = 0, value = 0;
    bool created = false;
    FACTLINE_RETURN_IF_ERROR(
        InternEntityId(atom->subject, &subject, &key_scratch_, &created));
    CachedRelation rel;
    FACTLINE_RETURN_IF_ERROR(
        InternRelationRef(atom->relation, Cardinality::kOne, &rel));
    FACTLINE_RETURN_IF_ERROR(
        InternEntityId(atom->value, &value, &key_scratch_, &created));
    counters_dirty_ = true;

    if (atom->tx_time == kNoTime) atom->tx_time = NowMicros();
    if (atom->valid_from == kNoTime) atom->valid_from = atom->tx_time;
    const AtomId id = counters_.last_atom + 1;
    atom->subject_id = subject;
    atom->relation_id = rel.id;
    atom->value_id = value;

    scratch_.clear();
    internal::EncodeAtom(*atom, &scratch_);
    const auto atom_key = IdKey1(id);
    internal::SealRecord(atom_key.view(), &scratch_);
    FACTLINE_RETURN_IF_ERROR(
        wtxn_->Put(dbs_->atoms, atom_key.view(), scratch_, PutMode::kAppend));
    FACTLINE_RETURN_IF_ERROR(
        wtxn_->Put(dbs_->history, IdKey2(subject, rel.id).view(),
                   IdKey2(internal::OrderedTime(atom->tx_time), id).view(),
                   PutMode::kOverwrite));
    // A repeated fact finds its (value, relation) -> subject entry present.
    FACTLINE_RETURN_IF_ERROR(
        wtxn_->Put(dbs_->reverse, IdKey2(value, rel.id).view(),
                   IdKey1(subject).view(), PutMode::kAddDup));
    counters_.last_atom = id;
    if (atom->superseded_by != kNoAtom) ++counters_.superseded_atoms;
    atom->id = id;
    return Status::Ok();
  }

  Status UpdateAtom(const Atom& atom) override {
    Atom old;
    FACTLINE_RETURN_IF_ERROR(ReadAtom(atom.id, &old));
    auto same = [](std::uint64_t given, std::uint64_t stored) {
      return given == 0 || given == stored;
    };
    if (!same(atom.subject_id, old.subject_id) ||
        !same(atom.relation_id, old.relation_id) ||
        !same(atom.value_id, old.value_id) ||
        (atom.tx_time != kNoTime && atom.tx_time != old.tx_time)) {
      return Status::InvalidArgument(
          "UpdateAtom cannot change the subject, relation, value or tx_time "
          "of atom " +
          std::to_string(atom.id));
    }
    Atom merged = atom;
    merged.subject = std::move(old.subject);
    merged.relation = std::move(old.relation);
    merged.value = std::move(old.value);
    merged.subject_id = old.subject_id;
    merged.relation_id = old.relation_id;
    merged.value_id = old.value_id;
    merged.tx_time = old.tx_time;
    if (merged.valid_from == kNoTime) merged.valid_from = old.valid_from;
    FACTLINE_RETURN_IF_ERROR(CheckAtomFields(merged));
    scratch_.clear();
    internal::EncodeAtom(merged, &scratch_);
    const auto atom_key = IdKey1(atom.id);
    internal::SealRecord(atom_key.view(), &scratch_);
    FACTLINE_RETURN_IF_ERROR(wtxn_->Put(dbs_->atoms, atom_key.view(), scratch_,
                                        PutMode::kOverwrite));
    counters_dirty_ = true;
    const bool was = old.superseded_by != kNoAtom;
    const bool now = merged.superseded_by != kNoAtom;
    if (now && !was) ++counters_.superseded_atoms;
    if (was && !now) --counters_.superseded_atoms;
    return Status::Ok();
  }

  Status SetCurrent(EntityId subject, RelationId relation,
                    const std::vector<AtomId>& atoms) override {
    counters_dirty_ = true;
    if (subject == 0 || subject > counters_.last_entity || relation == 0 ||
        relation > counters_.last_relation) {
      return Status::InvalidArgument("SetCurrent: unknown slot (" +
                                     std::to_string(subject) + ", " +
                                     std::to_string(relation) + ")");
    }
    scratch_.clear();
    for (AtomId id : atoms) {
      if (id == kNoAtom || id > counters_.last_atom) {
        return Status::InvalidArgument("SetCurrent: unknown atom id " +
                                       std::to_string(id));
      }
      char buf[8];
      internal::PutBigEndian64(id, buf);
      scratch_.append(buf, sizeof(buf));
    }
    const auto key = IdKey2(subject, relation);
    std::string_view old;
    Status s = wtxn_->Get(dbs_->current, key.view(), &old);
    if (!s.ok() && !s.IsNotFound()) return s;
    const std::uint64_t old_count = s.ok() ? old.size() / 8 : 0;
    if (atoms.empty()) {
      if (s.ok()) {
        FACTLINE_RETURN_IF_ERROR(wtxn_->Del(dbs_->current, key.view()));
      }
    } else {
      FACTLINE_RETURN_IF_ERROR(
          wtxn_->Put(dbs_->current, key.view(), scratch_, PutMode::kOverwrite));
    }
    counters_.current_atoms =
        counters_.current_atoms - old_count + atoms.size();
    return Status::Ok();
  }

  Status SetTimeline(EntityId subject, RelationId relation,
                     const std::vector<ValidSegment>& timeline) override {
    if (subject == 0 || subject > counters_.last_entity || relation == 0 ||
        relation > counters_.last_relation) {
      return Status::InvalidArgument("SetTimeline: unknown slot (" +
                                     std::to_string(subject) + ", " +
                                     std::to_string(relation) + ")");
    }
    for (const ValidSegment& seg : timeline) {
      if (seg.atom == kNoAtom || seg.atom > counters_.last_atom ||
          seg.from >= seg.to) {
        return Status::InvalidArgument("SetTimeline: bad segment of atom " +
                                       std::to_string(seg.atom));
      }
    }
    const auto key = IdKey2(subject, relation);
    if (timeline.empty()) {
      Status s = wtxn_->Del(dbs_->timeline, key.view());
      return s.IsNotFound() ? Status::Ok() : s;
    }
    scratch_.clear();
    internal::EncodeTimeline(timeline, &scratch_);
    return wtxn_->Put(dbs_->timeline, key.view(), scratch_,
                      PutMode::kOverwrite);
  }

  Status AppendAudit(AuditRecord* record) override {
    FACTLINE_RETURN_IF_ERROR(CheckField("audit action", record->action, false));
    FACTLINE_RETURN_IF_ERROR(CheckField("audit detail", record->detail, false));
    counters_dirty_ = true;
    if (record->time == 0) record->time = NowMicros();
    const std::uint64_t seq = counters_.last_audit + 1;
    scratch_.clear();
    internal::EncodeAudit(*record, &scratch_);
    const auto audit_key = IdKey1(seq);
    internal::SealRecord(audit_key.view(), &scratch_);
    FACTLINE_RETURN_IF_ERROR(
        wtxn_->Put(dbs_->audit, audit_key.view(), scratch_, PutMode::kAppend));
    counters_.last_audit = seq;
    record->seq = seq;
    return Status::Ok();
  }

  Status PutHeld(HeldItem* item) override {
    FACTLINE_RETURN_IF_ERROR(
        CheckField("held item reason", item->reason, false));
    FACTLINE_RETURN_IF_ERROR(
        CheckField("held item detail", item->detail, false));
    FACTLINE_RETURN_IF_ERROR(
        CheckField("held atom text", item->atom.text, false));
    scratch_.clear();
    internal::EncodeHeld(*item, &scratch_);
    if (item->id != 0) {
      std::string_view old;
      Status s = wtxn_->Get(dbs_->held, IdKey1(item->id).view(), &old);
      if (s.IsNotFound()) {
        return Status::NotFound("no held item with id " +
                                std::to_string(item->id));
      }
      FACTLINE_RETURN_IF_ERROR(s);
      const auto key = IdKey1(item->id);
      internal::SealRecord(key.view(), &scratch_);
      return wtxn_->Put(dbs_->held, key.view(), scratch_, PutMode::kOverwrite);
    }
    // Items are never deleted, so the last key is the item count.
    std::uint64_t last = 0;
    {
      FACTLINE_ASSIGN_OR_RETURN(Cursor cursor,
                                Cursor::Open(*wtxn_, dbs_->held));
      std::string_view k, v;
      Status s = cursor.Get(CursorOp::kLast, &k, &v);
      if (s.ok()) {
        if (k.size() != 8)
          return Status::Corruption(Where("bad held item key"));
        last = GetBigEndian64(k.data());
      } else if (!s.IsNotFound()) {
        return s;
      }
    }
    const auto key = IdKey1(last + 1);
    internal::SealRecord(key.view(), &scratch_);
    FACTLINE_RETURN_IF_ERROR(
        wtxn_->Put(dbs_->held, key.view(), scratch_, PutMode::kAppend));
    item->id = last + 1;
    return Status::Ok();
  }

  Status SetRefreshed(AtomId id, Timestamp time) override {
    if (id == kNoAtom || id > counters_.last_atom) {
      return Status::InvalidArgument("SetRefreshed: unknown atom id " +
                                     std::to_string(id));
    }
    auto value = IdKey1(internal::OrderedTime(time));
    return wtxn_->Put(dbs_->refreshed, IdKey1(id).view(), value.view(),
                      PutMode::kOverwrite);
  }

  // Loads the counters; call before handing the writer out.
  Status Begin() { return TxnReader<Writer>::LoadCounters(&counters_); }

  // Writes the counters back if they changed; call before commit.
  Status Flush() {
    if (!counters_dirty_) return Status::Ok();
    scratch_.clear();
    internal::EncodeCounters(counters_, &scratch_);
    FACTLINE_RETURN_IF_ERROR(wtxn_->Put(dbs_->meta, kMetaCountersKey, scratch_,
                                        PutMode::kOverwrite));
    counters_dirty_ = false;
    return Status::Ok();
  }

 protected:
  Status LoadCounters(Counters* c) const override {
    *c = counters_;
    return Status::Ok();
  }

 private:
  struct CachedRelation {
    RelationId id = 0;
    Cardinality cardinality = Cardinality::kOne;
  };

  // Finds or creates the entity for `display`. *key receives its normalised
  // key; *created says whether it is new.
  Status InternEntityId(std::string_view display, EntityId* id,
                        std::string* key, bool* created) {
    FACTLINE_RETURN_IF_ERROR(CheckField("entity name", display, true));
    *key = NormalizeKey(display);
    if (key->empty()) {
      return Status::InvalidArgument("entity name " + Quote(display) +
                                     " has an empty normalised key");
    }
    std::string_view ref, stored;
    Status s =
        LookupText(dbs_->entity_by_key, *key, kEntityRefSize, &ref, &stored);
    if (s.ok()) {
      *id = GetBigEndian64(ref.data());
      *created = false;
      return Status::Ok();
    }
    if (!s.IsNotFound()) return s;

    counters_dirty_ = true;
    const EntityId new_id = counters_.last_entity + 1;
    scratch_.assign(IdKey1(new_id).view());
    if (internal::IsHashedKey(stored)) scratch_.append(*key);
    FACTLINE_RETURN_IF_ERROR(wtxn_->Put(dbs_->entity_by_key, stored, scratch_,
                                        PutMode::kNoOverwrite));
    scratch_.clear();
    internal::EncodeEntityRecord(display, *key, &scratch_);
    FACTLINE_RETURN_IF_ERROR(wtxn_->Put(
        dbs_->entity_by_id, IdKey1(new_id).view(), scratch_, PutMode::kAppend));
    counters_.last_entity = new_id;
    *id = new_id;
    *created = true;
    return Status::Ok();
  }

  // Finds or creates a relation; results are cached for the transaction.
  Status InternRelationRef(std::string_view key, Cardinality cardinality,
                           CachedRelation* out) {
    if (auto it = relations_.find(key); it != relations_.end()) {
      *out = it->second;
      return Status::Ok();
    }
    FACTLINE_RETURN_IF_ERROR(CheckField("relation key", key, true));
    std::string_view ref, stored;
    Status s =
        LookupText(dbs_->relation_by_key, key, kRelationRefSize, &ref, &stored);
    CachedRelation rel{0, cardinality};
    if (s.ok()) {
      Relation r;
      FACTLINE_RETURN_IF_ERROR(DecodeRelationRef(ref, &r));
      rel = CachedRelation{r.id, r.cardinality};
    } else if (s.IsNotFound()) {
      counters_dirty_ = true;
      rel.id = counters_.last_relation + 1;
      scratch_.assign(IdKey1(rel.id).view());
      scratch_.push_back(static_cast<char>(cardinality));
      if (internal::IsHashedKey(stored)) scratch_.append(key);
      FACTLINE_RETURN_IF_ERROR(wtxn_->Put(dbs_->relation_by_key, stored,
                                          scratch_, PutMode::kNoOverwrite));
      scratch_.clear();
      internal::EncodeRelationRecord(cardinality, key, &scratch_);
      FACTLINE_RETURN_IF_ERROR(wtxn_->Put(dbs_->relation_by_id,
                                          IdKey1(rel.id).view(), scratch_,
                                          PutMode::kAppend));
      counters_.last_relation = rel.id;
    } else {
      return s;
    }
    relations_.emplace(std::string(key), rel);
    *out = rel;
    return Status::Ok();
  }

  WriteTxn* wtxn_;
  Counters counters_;  // the txn's counters, written back by Flush
  bool counters_dirty_ = false;
  std::string scratch_;      // value encoding buffer, reused
  std::string key_scratch_;  // normalised keys on the InsertAtom path
  std::unordered_map<std::string, CachedRelation, StringHash, std::equal_to<>>
      relations_;
};

// ---------------------------------------------------------------------------
// Store

class StoreImpl final : public Store {
 public:
  StoreImpl(std::string path, const StoreOptions& options, Env env)
      : path_(std::move(path)), options_(options), env_(std::move(env)) {}

  // Opens (creating on a fresh store) the named databases and checks the
  // format version.
  Status Init() {
    if (options_.read_only) {
      std::shared_lock<std::shared_mutex> map_lock(map_mu_);
      FACTLINE_ASSIGN_OR_RETURN(ReadTxn txn, BeginRead(&map_lock));
      FACTLINE_RETURN_IF_ERROR(OpenDbs(&txn, /*create=*/false));
      return txn.Commit();  // keeps the handles
    }
    return RunWrite([this](WriteTxn& txn) { return OpenDbs(&txn, true); });
  }

  Status Read(const std::function<Status(const Reader&)>& fn) const override {
    std::shared_lock<std::shared_mutex> map_lock(map_mu_);
    FACTLINE_ASSIGN_OR_RETURN(ReadTxn txn, BeginRead(&map_lock));
    ReaderImpl reader(&txn, &dbs_, &env_);
    return fn(reader);
  }

  Status Update(const std::function<Status(Writer&)>& fn) override {
    if (options_.read_only) {
      return Status::NotSupported("store at " + path_ +
                                  " is open read-only; Update is refused");
    }
    return RunWrite([this, &fn](WriteTxn& txn) {
      WriterImpl writer(&txn, &dbs_, &env_);
      FACTLINE_RETURN_IF_ERROR(writer.Begin());
      FACTLINE_RETURN_IF_ERROR(fn(writer));
      return writer.Flush();
    });
  }

  const std::string& path() const override { return path_; }
  bool read_only() const override { return options_.read_only; }
  Status Backup(const std::string& dir, bool compact) const override;

 private:
  // Begins a read txn with *map_lock held, adopting a map size grown by
  // another process (MDB_MAP_RESIZED) when needed.
  Result<ReadTxn> BeginRead(
      std::shared_lock<std::shared_mutex>* map_lock) const {
    for (;;) {
      bool resized = false;
      Result<ReadTxn> txn = ReadTxn::Begin(env_, &resized);
      if (txn.ok() || !resized) return txn;
      map_lock->unlock();
      FACTLINE_RETURN_IF_ERROR(SetMapSize(0));
      map_lock->lock();
    }
  }

  // Runs body in a write txn and commits it if body returns OK. On
  // MDB_MAP_FULL anywhere (even if body swallowed it) the txn is aborted,
  // the map doubled and body run again.
  template <typename Body>
  Status RunWrite(const Body& body) {
    std::lock_guard<std::mutex> write_lock(write_mu_);
    for (;;) {
      bool map_full = false;
      Status s;
      {
        std::shared_lock<std::shared_mutex> map_lock(map_mu_);
        bool resized = false;
        Result<WriteTxn> txn = WriteTxn::Begin(env_, &resized);
        if (!txn.ok()) {
          if (!resized) return txn.status();
          map_lock.unlock();
          FACTLINE_RETURN_IF_ERROR(SetMapSize(0));
          continue;
        }
        s = body(*txn);
        if (s.ok() && !txn->map_full()) s = txn->Commit();
        map_full = txn->map_full();
      }  // an uncommitted txn aborts here, before the map lock is released
      if (!map_full) return s;
      FACTLINE_RETURN_IF_ERROR(GrowMap());
    }
  }

  Status GrowMap() {
    std::unique_lock<std::shared_mutex> lock(map_mu_);
    FACTLINE_ASSIGN_OR_RETURN(internal::EnvInfo info, env_.Info());
    const std::size_t max = options_.max_map_bytes;
    if (info.map_bytes >= max) {
      return Status::ResourceExhausted(
          "store at " + path_ + " is full: map size " +
          std::to_string(info.map_bytes) + " reached max_map_bytes " +
          std::to_string(max));
    }
    const std::size_t next =
        info.map_bytes > max / 2 ? max : info.map_bytes * 2;
    return env_.SetMapSize(next);
  }

  Status SetMapSize(std::size_t bytes) const {
    std::unique_lock<std::shared_mutex> lock(map_mu_);
    return env_.SetMapSize(bytes);
  }

  Status OpenDbs(Txn* txn, bool create) {
    Result<Dbi> meta = txn->OpenDbi("meta", false, false, false);
    bool fresh = false;
    if (!meta.ok()) {
      if (!meta.status().IsNotFound()) return meta.status();
      // No meta database: a new, empty LMDB file is ours to set up; any
      // other content belongs to something else.
      FACTLINE_ASSIGN_OR_RETURN(Dbi main,
                                txn->OpenDbi(nullptr, false, false, false));
      FACTLINE_ASSIGN_OR_RETURN(internal::DbStat main_stat, txn->Stat(main));
      if (main_stat.entries != 0) {
        return Status::Corruption(
            path_ + " is not a factline store (no meta database)");
      }
      if (!create) {
        // Only an older build, whose creation was not atomic, leaves this.
        return Status::Corruption(
            "store at " + path_ +
            " was never finished (killed while being created); a write "
            "command finishes it, no data is lost");
      }
      fresh = true;
    }
    for (const DbSpec& spec : kDbSpecs) {
      Result<Dbi> dbi =
          txn->OpenDbi(spec.name, spec.dupsort, spec.dupsort, fresh);
      if (!dbi.ok()) {
        if (dbi.status().IsNotFound()) {
          // The meta database is there, so this was a factline store: a
          // table gone missing is damage (a garbled main-table page).
          return Status::Corruption("store at " + path_ + " is damaged: its " +
                                    spec.name +
                                    " database is missing (restore it from "
                                    "a backup)");
        }
        return dbi.status();
      }
      dbs_.*spec.member = *dbi;
    }
    if (fresh) {
      auto* wtxn = static_cast<WriteTxn*>(txn);
      char version[4];
      for (int i = 0; i < 4; ++i) {
        version[i] = static_cast<char>(kFormatVersion >> (8 * (3 - i)));
      }
      FACTLINE_RETURN_IF_ERROR(wtxn->Put(dbs_.meta, kMetaVersionKey,
                                         std::string_view(version, 4),
                                         PutMode::kNoOverwrite));
      std::string counters;
      internal::EncodeCounters(Counters(), &counters);
      return wtxn->Put(dbs_.meta, kMetaCountersKey, counters,
                       PutMode::kNoOverwrite);
    }
    std::string_view v;
    Status s = txn->Get(dbs_.meta, kMetaVersionKey, &v);
    if (s.IsNotFound() || (s.ok() && v.size() != 4)) {
      return Status::Corruption(path_ +
                                " is not a factline store (no format version)");
    }
    FACTLINE_RETURN_IF_ERROR(s);
    std::uint32_t found = 0;
    for (char ch : v) found = (found << 8) | static_cast<unsigned char>(ch);
    if (found == kFormatVersion) return Status::Ok();
    if (found < kOldestReadableFormatVersion || found > kFormatVersion) {
      return Status::NotSupported(
          "store at " + path_ + " has format version " + std::to_string(found) +
          ", this build reads " + std::to_string(kFormatVersion));
    }
    if (!create) {
      dbs_.legacy_records = true;  // read as it is; nothing is written
      return Status::Ok();
    }
    return MigrateToSealed(static_cast<WriteTxn*>(txn));
  }

  // Format 2 -> 3, in the opening write transaction: every atom, audit and
  // held record gets its version byte bumped (the fields are unchanged) and
  // a checksum; then the format version is stamped. A kill midway leaves the
  // format-2 store untouched (the transaction is not committed).
  Status MigrateToSealed(WriteTxn* txn) {
    const struct {
      const char* name;
      Dbi dbi;
      std::uint8_t legacy, current;
    } tables[] = {
        {"atoms", dbs_.atoms, internal::kLegacyAtomRecordVersion,
         internal::kAtomRecordVersion},
        {"audit", dbs_.audit, internal::kLegacyAuditRecordVersion,
         internal::kAuditRecordVersion},
        {"held", dbs_.held, internal::kLegacyHeldRecordVersion,
         internal::kHeldRecordVersion},
    };
    constexpr std::size_t kChunk = 4096;  // records read per cursor pass
    std::vector<std::pair<std::string, std::string>> chunk;
    for (const auto& table : tables) {
      std::string after;  // last key rewritten; empty before the first
      for (;;) {
        chunk.clear();
        {
          FACTLINE_ASSIGN_OR_RETURN(Cursor cursor,
                                    Cursor::Open(*txn, table.dbi));
          std::string_view k = after, v;
          Status s = after.empty() ? cursor.Get(CursorOp::kFirst, &k, &v)
                                   : cursor.Get(CursorOp::kSetRange, &k, &v);
          if (s.ok() && !after.empty() && k == after) {
            s = cursor.Get(CursorOp::kNext, &k, &v);
          }
          for (; s.ok() && chunk.size() < kChunk;
               s = cursor.Get(CursorOp::kNext, &k, &v)) {
            if (v.empty() || static_cast<std::uint8_t>(v[0]) != table.legacy) {
              return Status::Corruption(
                  path_ + ": a record in table " + table.name +
                  " of a format-2 store has an unknown version; not migrated");
            }
            chunk.emplace_back(std::string(k), std::string(v));
          }
          if (!s.ok() && !s.IsNotFound()) return s;
        }
        if (chunk.empty()) break;
        for (auto& [key, value] : chunk) {
          value[0] = static_cast<char>(table.current);
          internal::SealRecord(key, &value);
          FACTLINE_RETURN_IF_ERROR(
              txn->Put(table.dbi, key, value, PutMode::kOverwrite));
        }
        after = chunk.back().first;
      }
    }
    char version[4];
    for (int i = 0; i < 4; ++i) {
      version[i] = static_cast<char>(kFormatVersion >> (8 * (3 - i)));
    }
    return txn->Put(dbs_.meta, kMetaVersionKey, std::string_view(version, 4),
                    PutMode::kOverwrite);
  }

  const std::string path_;
  const StoreOptions options_;
  mutable Env env_;
  Dbs dbs_;
  std::mutex write_mu_;  // one Update at a time in this process
  // Shared while any transaction is open; exclusive to resize the map, which
  // LMDB allows only with no transaction active in the process.
  mutable std::shared_mutex map_mu_;
};

}  // namespace

Result<HeldItem> Reader::GetHeld(std::uint64_t) const {
  return Status::NotSupported("this reader has no held items");
}

Status Reader::ForEachHeld(
    const std::function<Status(const HeldItem&)>&) const {
  return Status::NotSupported("this reader has no held items");
}

Result<Timestamp> Reader::Refreshed(AtomId) const {
  return Status::NotSupported("this reader has no refresh times");
}

Result<std::vector<ValidSegment>> Reader::Timeline(EntityId, RelationId) const {
  return Status::NotSupported("this reader has no timelines");
}

Result<std::vector<RelationId>> Reader::RelationsOfSubject(EntityId) const {
  return Status::NotSupported("this reader has no slot list");
}

std::string_view ToString(HeldState state) {
  switch (state) {
    case HeldState::kPending:
      return "pending";
    case HeldState::kQuarantined:
      return "quarantined";
    case HeldState::kApproved:
      return "approved";
  }
  return "unknown";
}

namespace {

namespace fs = std::filesystem;

// Moves <from_dir>/data.mdb to <to_dir>/data.mdb unless the target exists
// (another process created it first: AlreadyPresent is then reported as OK
// with *raced set). Atomic: the target is absent or the whole file.
Status MoveDataFileNoReplace(const std::string& from_dir,
                             const std::string& to_dir, bool* raced) {
  const std::string from = from_dir + "/data.mdb";
  const std::string to = to_dir + "/data.mdb";
  *raced = false;
  if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(),
                  RENAME_NOREPLACE) == 0) {
    return Status::Ok();
  }
  int err = errno;
  if (err == EINVAL || err == ENOSYS) {
    // Filesystems without RENAME_NOREPLACE: link() also refuses to replace.
    if (::link(from.c_str(), to.c_str()) == 0) {
      ::unlink(from.c_str());
      return Status::Ok();
    }
    err = errno;
  }
  if (err == EEXIST) {
    *raced = true;
    return Status::Ok();
  }
  if (err == ENOSPC) return Status::ResourceExhausted("disk full: " + to);
  if (err == EACCES) return Status::IOError("permission denied: " + to);
  return Status::IOError("cannot move " + from + " to " + to + ": " +
                         std::strerror(err));
}

Status SyncPath(const std::string& path, bool directory) {
  const int fd = ::open(path.c_str(),
                        (directory ? O_DIRECTORY : 0) | O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return Status::IOError("cannot open " + path + ": " + std::strerror(errno));
  }
  const int rc = ::fsync(fd);
  const int err = errno;
  ::close(fd);
  if (rc != 0) {
    if (err == ENOSPC) return Status::ResourceExhausted("disk full: " + path);
    return Status::IOError("fsync " + path + ": " + std::strerror(err));
  }
  return Status::Ok();
}

// Working directories are named <prefix><pid>-<n>; those of processes that
// no longer run are leftovers of a kill and are removed.
void RemoveStaleWorkDirs(const std::string& dir, std::string_view prefix) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) != 0) continue;
    const long pid = std::strtol(name.c_str() + prefix.size(), nullptr, 10);
    if (pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) {
      fs::remove_all(entry.path(), ec);
    }
  }
}

std::string WorkDirName(const std::string& dir, std::string_view prefix) {
  static std::atomic<unsigned> counter{0};
  return dir + "/" + std::string(prefix) + std::to_string(::getpid()) + "-" +
         std::to_string(counter.fetch_add(1));
}

constexpr std::string_view kCreatingPrefix = ".factline-creating-";
constexpr std::string_view kBackupPrefix = ".factline-backup-";

Status StoreImpl::Backup(const std::string& dir, bool compact) const {
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) {
    return Status::IOError("backup target " + dir + " is not a directory");
  }
  if (!fs::create_directories(dir, ec) && ec) {
    return Status::IOError("cannot create backup directory " + dir + ": " +
                           ec.message());
  }
  if (fs::exists(fs::path(dir) / "data.mdb", ec)) {
    return Status::InvalidArgument("backup target " + dir +
                                   " already holds a store (data.mdb); "
                                   "choose a new or empty directory");
  }
  RemoveStaleWorkDirs(dir, kBackupPrefix);
  const std::string work = WorkDirName(dir, kBackupPrefix);
  if (!fs::create_directory(work, ec)) {
    return Status::IOError("cannot create " + work + ": " + ec.message());
  }
  Status s;
  {
    // The copy runs in its own read transaction; holding the map lock
    // shared keeps this process from resizing the map meanwhile.
    std::shared_lock<std::shared_mutex> map_lock(map_mu_);
    s = env_.CopyTo(work, compact);
  }
  if (s.ok()) s = SyncPath(work + "/data.mdb", false);
  bool raced = false;
  if (s.ok()) s = MoveDataFileNoReplace(work, dir, &raced);
  if (s.ok() && raced) {
    s = Status::InvalidArgument("backup target " + dir +
                                " got a data.mdb from someone else meanwhile");
  }
  if (s.ok()) s = SyncPath(dir, true);
  fs::remove_all(work, ec);
  FACTLINE_RETURN_IF_ERROR(s.WithContext("backup of " + path_ + " to " + dir));
  // The copy must pass the same checks as any store before it is reported.
  return internal::InspectDataFile(dir).status();
}

// Builds a new, empty store in a working directory and moves its data.mdb
// into `path` only once it is complete and on disk, so a store killed while
// being created is either absent or whole.
Status CreateStore(const std::string& path, const StoreOptions& options) {
  RemoveStaleWorkDirs(path, kCreatingPrefix);
  const std::string work = WorkDirName(path, kCreatingPrefix);
  std::error_code ec;
  if (!fs::create_directory(work, ec)) {
    if (ec == std::errc::permission_denied) {
      return Status::IOError("permission denied: " + path);
    }
    return Status::IOError("cannot create store in " + path + ": " +
                           ec.message());
  }
  Status s;
  {
    internal::EnvOptions env_options;
    env_options.map_bytes = options.initial_map_bytes;
    env_options.max_dbs = 16;
    env_options.sync = true;
    Result<Env> env = Env::Open(work, env_options);
    if (!env.ok()) {
      s = env.status();
    } else {
      StoreOptions fresh = options;
      fresh.sync = true;
      StoreImpl store(work, fresh, std::move(env).value());
      s = store.Init();
    }
  }
  bool raced = false;  // another process created it first: use theirs
  if (s.ok()) s = MoveDataFileNoReplace(work, path, &raced);
  if (s.ok()) s = SyncPath(path, true);
  fs::remove_all(work, ec);
  return s.WithContext("creating store at " + path);
}

}  // namespace

Status VerifyStoreFile(const std::string& path) {
  Result<internal::PageWalk> walk = internal::CheckDataPages(path);
  if (walk.ok() || walk.status().code() != StatusCode::kCorruption) {
    return walk.status();
  }
  return Status::Corruption("store at " + path +
                            " is damaged: " + walk.status().message() +
                            " (restore it from a backup)");
}

Result<std::unique_ptr<Store>> Store::Open(const std::string& path,
                                           const StoreOptions& options) {
  if (path.empty()) return Status::InvalidArgument("store path is empty");
  if (options.initial_map_bytes == 0 ||
      options.initial_map_bytes > options.max_map_bytes) {
    return Status::InvalidArgument(
        "store at " + path +
        ": initial_map_bytes must be in (0, max_map_bytes]");
  }
  std::error_code ec;
  const bool is_dir = fs::is_directory(path, ec);
  const bool may_create = options.create_if_missing && !options.read_only;
  if (!is_dir) {
    if (fs::exists(path, ec)) {
      return Status::IOError("store path " + path + " is not a directory");
    }
    if (!may_create) {
      return Status::IOError("no store at " + path +
                             ": directory does not exist");
    }
    if (!fs::create_directories(path, ec) && ec) {
      return Status::IOError("cannot create store directory " + path + ": " +
                             ec.message());
    }
  }
  // The data file is checked before LMDB maps it (see InspectDataFile): a
  // damaged file is refused for every command, writers included, and never
  // initialised afresh.
  Result<internal::DataFileInfo> data = internal::InspectDataFile(path);
  if (!data.ok()) {
    if (!data.status().IsNotFound()) return data.status();
    if (!may_create) {
      return Status::IOError("no store at " + path +
                             ": data.mdb does not exist");
    }
    FACTLINE_RETURN_IF_ERROR(CreateStore(path, options));
  } else if (options.page_check == PageCheck::kAlways ||
             (options.page_check == PageCheck::kWhenWritable &&
              !options.read_only)) {
    // Before LMDB maps the file: LMDB follows a damaged page's links
    // blindly (assert, wild read) and a writer would build on them.
    FACTLINE_RETURN_IF_ERROR(VerifyStoreFile(path));
  }
  internal::EnvOptions env_options;
  env_options.map_bytes = options.initial_map_bytes;
  env_options.max_dbs = 16;
  env_options.read_only = options.read_only;
  env_options.sync = options.sync;
  FACTLINE_ASSIGN_OR_RETURN(Env env, Env::Open(path, env_options));
  auto store = std::make_unique<StoreImpl>(path, options, std::move(env));
  FACTLINE_RETURN_IF_ERROR(store->Init());
  return Result<std::unique_ptr<Store>>(
      std::unique_ptr<Store>(std::move(store)));
}

}  // namespace factline::graph
