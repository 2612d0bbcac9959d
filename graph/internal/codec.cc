#include "graph/internal/codec.h"

#include <cstdio>
#include <cstring>

#include "graph/internal/crc32c.h"
#include "graph/internal/keys.h"

namespace factline::graph::internal {

namespace {

constexpr std::uint8_t kFlagValidToForever = 1 << 0;
constexpr std::uint8_t kFlagValidFromIsTxTime = 1 << 1;
constexpr std::uint8_t kFlagSupersededAt = 1 << 2;  // superseded_at follows
constexpr std::uint8_t kKnownFlags =
    kFlagValidToForever | kFlagValidFromIsTxTime | kFlagSupersededAt;

std::uint64_t ZigZag(std::int64_t v) {
  return (static_cast<std::uint64_t>(v) << 1) ^
         static_cast<std::uint64_t>(v >> 63);
}

std::int64_t UnZigZag(std::uint64_t v) {
  return static_cast<std::int64_t>((v >> 1) ^ (~(v & 1) + 1));
}

Status Bad(std::string_view what) {
  return Status::Corruption("malformed " + std::string(what) + " record");
}

bool GetByte(std::string_view* in, std::uint8_t* b) {
  if (in->empty()) return false;
  *b = static_cast<std::uint8_t>((*in)[0]);
  in->remove_prefix(1);
  return true;
}

bool GetTime(std::string_view* in, Timestamp* t) {
  std::uint64_t v = 0;
  if (!GetVarint64(in, &v)) return false;
  *t = UnZigZag(v);
  return true;
}

bool GetString(std::string_view* in, std::string* s) {
  std::string_view v;
  if (!GetLengthPrefixed(in, &v)) return false;
  s->assign(v.data(), v.size());
  return true;
}

}  // namespace

void PutVarint64(std::uint64_t v, std::string* out) {
  char buf[10];
  int n = 0;
  while (v >= 0x80) {
    buf[n++] = static_cast<char>((v & 0x7f) | 0x80);
    v >>= 7;
  }
  buf[n++] = static_cast<char>(v);
  out->append(buf, n);
}

bool GetVarint64(std::string_view* in, std::uint64_t* v) {
  std::uint64_t result = 0;
  for (std::size_t i = 0; i < 10 && i < in->size(); ++i) {
    auto byte =
        static_cast<std::uint64_t>(static_cast<unsigned char>((*in)[i]));
    // The tenth byte may only carry the top bit of a 64-bit value.
    if (i == 9 && byte > 1) return false;
    result |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) == 0) {
      in->remove_prefix(i + 1);
      *v = result;
      return true;
    }
  }
  return false;
}

void PutLengthPrefixed(std::string_view s, std::string* out) {
  PutVarint64(s.size(), out);
  out->append(s.data(), s.size());
}

bool GetLengthPrefixed(std::string_view* in, std::string_view* s) {
  std::uint64_t len = 0;
  if (!GetVarint64(in, &len) || len > in->size()) return false;
  *s = in->substr(0, len);
  in->remove_prefix(len);
  return true;
}

namespace {

std::uint32_t RecordCrc(std::string_view key, std::string_view record) {
  return crc32c::Mask(
      crc32c::Extend(crc32c::Value(key), record.data(), record.size()));
}

std::string Hex32(std::uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", static_cast<unsigned>(v));
  return buf;
}

}  // namespace

void SealRecord(std::string_view key, std::string* value) {
  const std::uint32_t crc = RecordCrc(key, *value);
  const char trailer[kSealSize] = {
      static_cast<char>(crc >> 24), static_cast<char>(crc >> 16),
      static_cast<char>(crc >> 8), static_cast<char>(crc)};
  value->append(trailer, kSealSize);
}

Status UnsealRecord(std::string_view key, std::string_view* value,
                    std::uint8_t legacy_version, bool allow_legacy) {
  if (!value->empty() &&
      static_cast<std::uint8_t>((*value)[0]) == legacy_version) {
    if (allow_legacy) return Status::Ok();
    return Status::Corruption(
        "record has no checksum (version " + std::to_string(legacy_version) +
        ", written before store format 3) in a store of format " +
        std::to_string(kFormatVersion));
  }
  if (value->size() < 1 + kSealSize) {
    return Status::Corruption("record of " + std::to_string(value->size()) +
                              " bytes is too short for its checksum");
  }
  const std::string_view record = value->substr(0, value->size() - kSealSize);
  const auto* t =
      reinterpret_cast<const unsigned char*>(value->data() + record.size());
  const std::uint32_t stored = (std::uint32_t{t[0]} << 24) |
                               (std::uint32_t{t[1]} << 16) |
                               (std::uint32_t{t[2]} << 8) | std::uint32_t{t[3]};
  const std::uint32_t computed = RecordCrc(key, record);
  if (stored != computed) {
    return Status::Corruption("checksum mismatch (stored " + Hex32(stored) +
                              ", computed " + Hex32(computed) + ")");
  }
  *value = record;
  return Status::Ok();
}

void EncodeAtom(const Atom& atom, std::string* out) {
  std::uint8_t flags = 0;
  if (atom.valid_to == kForever) flags |= kFlagValidToForever;
  if (atom.valid_from == atom.tx_time) flags |= kFlagValidFromIsTxTime;
  if (atom.superseded_at != kNoTime) flags |= kFlagSupersededAt;
  char head[5] = {static_cast<char>(kAtomRecordVersion),
                  static_cast<char>(flags), static_cast<char>(atom.category),
                  static_cast<char>(atom.provenance.origin),
                  static_cast<char>(atom.provenance.verification)};
  out->append(head, sizeof(head));
  PutVarint64(atom.subject_id, out);
  PutVarint64(atom.relation_id, out);
  PutVarint64(atom.value_id, out);
  PutVarint64(ZigZag(atom.tx_time), out);
  if ((flags & kFlagValidFromIsTxTime) == 0) {
    PutVarint64(ZigZag(atom.valid_from), out);
  }
  if ((flags & kFlagValidToForever) == 0) {
    PutVarint64(ZigZag(atom.valid_to), out);
  }
  PutVarint64(atom.superseded_by, out);
  if ((flags & kFlagSupersededAt) != 0) {
    PutVarint64(ZigZag(atom.superseded_at), out);
  }
  PutVarint64(atom.supersedes, out);
  std::uint64_t bits = 0;
  static_assert(sizeof(bits) == sizeof(atom.provenance.confidence));
  std::memcpy(&bits, &atom.provenance.confidence, sizeof(bits));
  char conf[8];
  PutBigEndian64(bits, conf);
  out->append(conf, sizeof(conf));
  PutLengthPrefixed(atom.subject, out);
  PutLengthPrefixed(atom.relation, out);
  PutLengthPrefixed(atom.value, out);
  PutLengthPrefixed(atom.text, out);
  PutLengthPrefixed(atom.provenance.model_id, out);
  PutLengthPrefixed(atom.provenance.session_id, out);
  PutLengthPrefixed(atom.provenance.source, out);
  PutVarint64(atom.reinforced_by.size(), out);
  for (const std::string& s : atom.reinforced_by) PutLengthPrefixed(s, out);
}

Status DecodeAtom(std::string_view in, Atom* atom) {
  std::uint8_t version = 0, flags = 0, category = 0, origin = 0, verif = 0;
  if (!GetByte(&in, &version)) return Bad("atom");
  if (version != kAtomRecordVersion && version != kLegacyAtomRecordVersion) {
    return Status::Corruption("atom record has unknown version " +
                              std::to_string(version));
  }
  if (!GetByte(&in, &flags) || (flags & ~kKnownFlags) != 0 ||
      !GetByte(&in, &category) || !GetByte(&in, &origin) ||
      !GetByte(&in, &verif)) {
    return Bad("atom");
  }
  if (category > static_cast<std::uint8_t>(Category::kContext) ||
      origin > static_cast<std::uint8_t>(Origin::kDataset) ||
      verif > static_cast<std::uint8_t>(Verification::kExpired)) {
    return Bad("atom");
  }
  atom->category = static_cast<Category>(category);
  atom->provenance.origin = static_cast<Origin>(origin);
  atom->provenance.verification = static_cast<Verification>(verif);
  if (!GetVarint64(&in, &atom->subject_id) ||
      !GetVarint64(&in, &atom->relation_id) ||
      !GetVarint64(&in, &atom->value_id) || !GetTime(&in, &atom->tx_time)) {
    return Bad("atom");
  }
  atom->valid_from = atom->tx_time;
  if ((flags & kFlagValidFromIsTxTime) == 0 &&
      !GetTime(&in, &atom->valid_from)) {
    return Bad("atom");
  }
  atom->valid_to = kForever;
  if ((flags & kFlagValidToForever) == 0 && !GetTime(&in, &atom->valid_to)) {
    return Bad("atom");
  }
  if (!GetVarint64(&in, &atom->superseded_by)) return Bad("atom");
  atom->superseded_at = kNoTime;
  if ((flags & kFlagSupersededAt) != 0 &&
      (!GetTime(&in, &atom->superseded_at) || atom->superseded_at == kNoTime)) {
    return Bad("atom");
  }
  if (!GetVarint64(&in, &atom->supersedes) || in.size() < 8) {
    return Bad("atom");
  }
  std::uint64_t bits = GetBigEndian64(in.data());
  std::memcpy(&atom->provenance.confidence, &bits, sizeof(bits));
  in.remove_prefix(8);
  std::uint64_t n = 0;
  if (!GetString(&in, &atom->subject) || !GetString(&in, &atom->relation) ||
      !GetString(&in, &atom->value) || !GetString(&in, &atom->text) ||
      !GetString(&in, &atom->provenance.model_id) ||
      !GetString(&in, &atom->provenance.session_id) ||
      !GetString(&in, &atom->provenance.source) || !GetVarint64(&in, &n) ||
      n > in.size()) {  // each entry takes at least one byte
    return Bad("atom");
  }
  atom->reinforced_by.clear();
  atom->reinforced_by.reserve(n);
  for (std::uint64_t i = 0; i < n; ++i) {
    if (!GetString(&in, &atom->reinforced_by.emplace_back())) {
      return Bad("atom");
    }
  }
  if (!in.empty()) return Bad("atom");
  return Status::Ok();
}

void EncodeTimeline(const std::vector<ValidSegment>& segments,
                    std::string* out) {
  out->push_back(static_cast<char>(kTimelineRecordVersion));
  PutVarint64(segments.size(), out);
  for (const ValidSegment& seg : segments) {
    PutVarint64(ZigZag(seg.from), out);
    // 0 is an open end; a closed end is stored as its zigzag plus one.
    PutVarint64(seg.to == kForever ? 0 : ZigZag(seg.to) + 1, out);
    PutVarint64(seg.atom, out);
  }
}

Status DecodeTimeline(std::string_view in, std::vector<ValidSegment>* out) {
  std::uint8_t version = 0;
  std::uint64_t n = 0;
  if (!GetByte(&in, &version)) return Bad("timeline");
  if (version != kTimelineRecordVersion) {
    return Status::Corruption("timeline record has unknown version " +
                              std::to_string(version));
  }
  // Each segment takes at least three bytes.
  if (!GetVarint64(&in, &n) || n > in.size() / 3) return Bad("timeline");
  out->clear();
  out->reserve(n);
  for (std::uint64_t i = 0; i < n; ++i) {
    std::uint64_t from = 0, to = 0, atom = 0;
    if (!GetVarint64(&in, &from) || !GetVarint64(&in, &to) ||
        !GetVarint64(&in, &atom) || atom == kNoAtom) {
      return Bad("timeline");
    }
    ValidSegment seg{UnZigZag(from), to == 0 ? kForever : UnZigZag(to - 1),
                     atom};
    if (seg.from >= seg.to) return Bad("timeline");
    out->push_back(seg);
  }
  if (!in.empty()) return Bad("timeline");
  return Status::Ok();
}

void EncodeAudit(const AuditRecord& record, std::string* out) {
  out->push_back(static_cast<char>(kAuditRecordVersion));
  PutVarint64(ZigZag(record.time), out);
  PutVarint64(record.atom, out);
  PutLengthPrefixed(record.action, out);
  PutLengthPrefixed(record.detail, out);
}

Status DecodeAudit(std::string_view in, AuditRecord* record) {
  std::uint8_t version = 0;
  if (!GetByte(&in, &version)) return Bad("audit");
  if (version != kAuditRecordVersion && version != kLegacyAuditRecordVersion) {
    return Status::Corruption("audit record has unknown version " +
                              std::to_string(version));
  }
  if (!GetTime(&in, &record->time) || !GetVarint64(&in, &record->atom) ||
      !GetString(&in, &record->action) || !GetString(&in, &record->detail) ||
      !in.empty()) {
    return Bad("audit");
  }
  return Status::Ok();
}

void EncodeHeld(const HeldItem& item, std::string* out) {
  out->push_back(static_cast<char>(kHeldRecordVersion));
  out->push_back(static_cast<char>(item.state));
  PutVarint64(ZigZag(item.held_at), out);
  PutVarint64(ZigZag(item.resolved_at), out);
  PutVarint64(item.result, out);
  PutLengthPrefixed(item.reason, out);
  PutLengthPrefixed(item.detail, out);
  PutVarint64(item.atom.id, out);
  EncodeAtom(item.atom, out);
}

Status DecodeHeld(std::string_view in, HeldItem* item) {
  std::uint8_t version = 0, state = 0;
  if (!GetByte(&in, &version)) return Bad("held item");
  if (version != kHeldRecordVersion && version != kLegacyHeldRecordVersion) {
    return Status::Corruption("held item record has unknown version " +
                              std::to_string(version));
  }
  if (!GetByte(&in, &state) ||
      state > static_cast<std::uint8_t>(HeldState::kApproved) ||
      !GetTime(&in, &item->held_at) || !GetTime(&in, &item->resolved_at) ||
      !GetVarint64(&in, &item->result) || !GetString(&in, &item->reason) ||
      !GetString(&in, &item->detail) || !GetVarint64(&in, &item->atom.id)) {
    return Bad("held item");
  }
  item->state = static_cast<HeldState>(state);
  const AtomId atom_id = item->atom.id;
  FACTLINE_RETURN_IF_ERROR(DecodeAtom(in, &item->atom));
  item->atom.id = atom_id;
  return Status::Ok();
}

void EncodeEntityRecord(std::string_view display, std::string_view key,
                        std::string* out) {
  PutLengthPrefixed(display, out);
  out->append(key.data(), key.size());
}

Status DecodeEntityRecord(std::string_view in, Entity* entity) {
  std::string_view display;
  if (!GetLengthPrefixed(&in, &display)) return Bad("entity");
  entity->display.assign(display.data(), display.size());
  entity->key.assign(in.data(), in.size());
  return Status::Ok();
}

void EncodeRelationRecord(Cardinality cardinality, std::string_view key,
                          std::string* out) {
  out->push_back(static_cast<char>(cardinality));
  out->append(key.data(), key.size());
}

Status DecodeRelationRecord(std::string_view in, Relation* relation) {
  std::uint8_t card = 0;
  if (!GetByte(&in, &card) ||
      card > static_cast<std::uint8_t>(Cardinality::kMany)) {
    return Bad("relation");
  }
  relation->cardinality = static_cast<Cardinality>(card);
  relation->key.assign(in.data(), in.size());
  return Status::Ok();
}

void EncodeCounters(const Counters& c, std::string* out) {
  const std::uint64_t words[] = {c.last_entity,   c.last_relation,
                                 c.last_atom,     c.last_audit,
                                 c.current_atoms, c.superseded_atoms};
  char buf[kCountersSize];
  for (std::size_t i = 0; i < 6; ++i) PutBigEndian64(words[i], buf + 8 * i);
  out->append(buf, sizeof(buf));
}

Status DecodeCounters(std::string_view in, Counters* c) {
  if (in.size() != kCountersSize) return Bad("counters");
  std::uint64_t* words[] = {&c->last_entity,   &c->last_relation,
                            &c->last_atom,     &c->last_audit,
                            &c->current_atoms, &c->superseded_atoms};
  for (std::size_t i = 0; i < 6; ++i) {
    *words[i] = GetBigEndian64(in.data() + 8 * i);
  }
  return Status::Ok();
}

}  // namespace factline::graph::internal
