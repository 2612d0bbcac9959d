#include "graph/internal/codec.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>
#include <random>
#include <string>

#include "graph/internal/keys.h"

namespace factline::graph::internal {
namespace {

Atom FullAtom() {
  Atom a;
  a.subject = "Nobuhiro Watsuki";
  a.relation = "P106";
  a.value = "mangaka \xe6\xbc\xab\xe7\x94\xbb\xe5\xae\xb6";  // UTF-8 kept
  a.text = "Nobuhiro Watsuki is a mangaka.";
  a.category = Category::kDecision;
  a.valid_from = -5;
  a.valid_to = 1'700'000'000'000'000;
  a.tx_time = 1'600'000'000'000'000;
  a.provenance.origin = Origin::kCloudModel;
  a.provenance.model_id = "gpt-4o";
  a.provenance.session_id = "s-42";
  a.provenance.source = "factconsolidation_sh_6k#259";
  a.provenance.verification = Verification::kVerified;
  a.provenance.confidence = 0.875;
  a.subject_id = 7;
  a.relation_id = 3;
  a.value_id = std::numeric_limits<std::uint64_t>::max();
  a.superseded_by = 99;
  a.superseded_at = -42;  // before the epoch: zigzag
  a.supersedes = 12;
  a.reinforced_by = {"src-a", "", std::string(300, 'x')};
  return a;
}

void RequireSame(const Atom& a, const Atom& b) {
  REQUIRE(a.subject == b.subject);
  REQUIRE(a.relation == b.relation);
  REQUIRE(a.value == b.value);
  REQUIRE(a.text == b.text);
  REQUIRE(a.category == b.category);
  REQUIRE(a.valid_from == b.valid_from);
  REQUIRE(a.valid_to == b.valid_to);
  REQUIRE(a.tx_time == b.tx_time);
  REQUIRE(a.provenance.origin == b.provenance.origin);
  REQUIRE(a.provenance.model_id == b.provenance.model_id);
  REQUIRE(a.provenance.session_id == b.provenance.session_id);
  REQUIRE(a.provenance.source == b.provenance.source);
  REQUIRE(a.provenance.verification == b.provenance.verification);
  REQUIRE(a.provenance.confidence == b.provenance.confidence);
  REQUIRE(a.subject_id == b.subject_id);
  REQUIRE(a.relation_id == b.relation_id);
  REQUIRE(a.value_id == b.value_id);
  REQUIRE(a.superseded_by == b.superseded_by);
  REQUIRE(a.superseded_at == b.superseded_at);
  REQUIRE(a.supersedes == b.supersedes);
  REQUIRE(a.reinforced_by == b.reinforced_by);
}

TEST_CASE("Codec: atom round trip keeps every field", "[graph]") {
  Atom in = FullAtom();
  std::string buf;
  EncodeAtom(in, &buf);
  Atom out;
  REQUIRE(DecodeAtom(buf, &out).ok());
  RequireSame(in, out);
}

TEST_CASE("Codec: atom round trip of defaults and extreme times", "[graph]") {
  Atom in;
  in.subject = "a";
  in.relation = "r";
  in.value = "b";
  in.tx_time = 10;
  in.valid_from = 10;  // == tx_time: stored as a flag
  in.valid_to = kForever;
  std::string buf;
  EncodeAtom(in, &buf);
  Atom out = FullAtom();  // decoding must overwrite every field
  REQUIRE(DecodeAtom(buf, &out).ok());
  RequireSame(in, out);

  in.tx_time = kNoTime;
  in.valid_from = kForever;
  in.valid_to = kNoTime;
  buf.clear();
  EncodeAtom(in, &buf);
  REQUIRE(DecodeAtom(buf, &out).ok());
  RequireSame(in, out);
}

TEST_CASE("Codec: every truncation of an atom record is Corruption",
          "[graph]") {
  std::string buf;
  EncodeAtom(FullAtom(), &buf);
  for (std::size_t n = 0; n < buf.size(); ++n) {
    Atom out;
    Status s = DecodeAtom(std::string_view(buf).substr(0, n), &out);
    INFO("prefix length " << n);
    REQUIRE(s.code() == StatusCode::kCorruption);
  }
}

TEST_CASE("Codec: trailing bytes, bad version and bad enums are Corruption",
          "[graph]") {
  std::string buf;
  EncodeAtom(FullAtom(), &buf);
  Atom out;

  std::string trailing = buf + "x";
  REQUIRE(DecodeAtom(trailing, &out).code() == StatusCode::kCorruption);

  std::string version = buf;
  version[0] = 4;
  Status s = DecodeAtom(version, &out);
  REQUIRE(s.code() == StatusCode::kCorruption);
  REQUIRE(s.message().find("version 4") != std::string::npos);

  std::string flags = buf;
  flags[1] = static_cast<char>(0x80);
  REQUIRE(DecodeAtom(flags, &out).code() == StatusCode::kCorruption);

  std::string category = buf;
  category[2] = 9;
  REQUIRE(DecodeAtom(category, &out).code() == StatusCode::kCorruption);
}

TEST_CASE("Codec: timeline records round-trip; malformed ones are Corruption",
          "[graph]") {
  const std::vector<ValidSegment> segments = {
      {std::numeric_limits<Timestamp>::min() + 1, -5, 1},
      {-5, 0, 2},
      {0, 1'700'000'000'000'000, 3},
      {1'700'000'000'000'000, kForever, 4}};
  std::string buf;
  EncodeTimeline(segments, &buf);
  std::vector<ValidSegment> out;
  REQUIRE(DecodeTimeline(buf, &out).ok());
  REQUIRE(out == segments);
  for (std::size_t n = 0; n < buf.size(); ++n) {
    INFO("prefix length " << n);
    REQUIRE(DecodeTimeline(std::string_view(buf).substr(0, n), &out).code() ==
            StatusCode::kCorruption);
  }
  REQUIRE(DecodeTimeline(buf + "x", &out).code() == StatusCode::kCorruption);
  std::string empty_segment;
  EncodeTimeline({{5, 5, 1}}, &empty_segment);
  REQUIRE(DecodeTimeline(empty_segment, &out).code() ==
          StatusCode::kCorruption);
  std::string no_atom;
  EncodeTimeline({{1, 5, kNoAtom}}, &no_atom);
  REQUIRE(DecodeTimeline(no_atom, &out).code() == StatusCode::kCorruption);
  std::string version = buf;
  version[0] = 9;
  REQUIRE(DecodeTimeline(version, &out).code() == StatusCode::kCorruption);
}

TEST_CASE("Codec: random garbage never crashes the decoders", "[graph]") {
  std::mt19937 rng(1234);
  std::string good;
  EncodeAtom(FullAtom(), &good);
  for (int i = 0; i < 2000; ++i) {
    std::string bytes;
    if (i % 2 == 0) {
      bytes.resize(rng() % 200);
      for (char& c : bytes) c = static_cast<char>(rng());
      if (!bytes.empty()) bytes[0] = kAtomRecordVersion;
    } else {
      bytes = good;  // flip a few bytes of a valid record
      for (int k = 0; k < 3; ++k) {
        bytes[rng() % bytes.size()] = static_cast<char>(rng());
      }
    }
    Atom atom;
    AuditRecord audit;
    Entity entity;
    Relation relation;
    Counters counters;
    Status s = DecodeAtom(bytes, &atom);
    REQUIRE((s.ok() || s.code() == StatusCode::kCorruption));
    s = DecodeAudit(bytes, &audit);
    REQUIRE((s.ok() || s.code() == StatusCode::kCorruption));
    s = DecodeEntityRecord(bytes, &entity);
    REQUIRE((s.ok() || s.code() == StatusCode::kCorruption));
    s = DecodeRelationRecord(bytes, &relation);
    REQUIRE((s.ok() || s.code() == StatusCode::kCorruption));
    s = DecodeCounters(bytes, &counters);
    REQUIRE((s.ok() || s.code() == StatusCode::kCorruption));
  }
}

TEST_CASE("Codec: varints round trip and reject overlong input", "[graph]") {
  const std::uint64_t values[] = {0,
                                  1,
                                  127,
                                  128,
                                  300,
                                  (std::uint64_t{1} << 63) - 1,
                                  std::uint64_t{1} << 63,
                                  std::numeric_limits<std::uint64_t>::max()};
  std::string buf;
  for (std::uint64_t v : values) PutVarint64(v, &buf);
  std::string_view in = buf;
  for (std::uint64_t v : values) {
    std::uint64_t got = 0;
    REQUIRE(GetVarint64(&in, &got));
    REQUIRE(got == v);
  }
  REQUIRE(in.empty());

  std::string overlong(11, static_cast<char>(0x80));
  std::string_view o = overlong;
  std::uint64_t got = 0;
  REQUIRE_FALSE(GetVarint64(&o, &got));
  std::string too_big(9, static_cast<char>(0xff));
  too_big.push_back(0x02);  // 10th byte may only be 0 or 1
  std::string_view t = too_big;
  REQUIRE_FALSE(GetVarint64(&t, &got));
}

TEST_CASE("Codec: audit, entity, relation and counter records round trip",
          "[graph]") {
  AuditRecord a;
  a.time = -77;
  a.atom = 5;
  a.action = "superseded";
  a.detail = R"({"reason":"newer"})";
  std::string buf;
  EncodeAudit(a, &buf);
  AuditRecord b;
  REQUIRE(DecodeAudit(buf, &b).ok());
  REQUIRE(b.time == a.time);
  REQUIRE(b.atom == a.atom);
  REQUIRE(b.action == a.action);
  REQUIRE(b.detail == a.detail);

  buf.clear();
  EncodeEntityRecord("The Beatles", "the beatles", &buf);
  Entity e;
  REQUIRE(DecodeEntityRecord(buf, &e).ok());
  REQUIRE(e.display == "The Beatles");
  REQUIRE(e.key == "the beatles");

  buf.clear();
  EncodeRelationRecord(Cardinality::kMany, "likes", &buf);
  Relation r;
  REQUIRE(DecodeRelationRecord(buf, &r).ok());
  REQUIRE(r.cardinality == Cardinality::kMany);
  REQUIRE(r.key == "likes");

  Counters c{1, 2, 3, 4, 5, 6};
  buf.clear();
  EncodeCounters(c, &buf);
  Counters d;
  REQUIRE(DecodeCounters(buf, &d).ok());
  REQUIRE(d.last_entity == 1);
  REQUIRE(d.superseded_atoms == 6);
  REQUIRE(DecodeCounters(buf.substr(1), &d).code() == StatusCode::kCorruption);
}

TEST_CASE("Keys: FNV-1a matches reference vectors", "[graph]") {
  REQUIRE(Fnv1a64("") == 0xcbf29ce484222325ull);
  REQUIRE(Fnv1a64("a") == 0xaf63dc4c8601ec8cull);
  REQUIRE(Fnv1a64("foobar") == 0x85944171f73967e8ull);
}

TEST_CASE("Keys: long text keys are prefix plus hash, short ones inline",
          "[graph]") {
  std::string buf;
  std::string small(kMaxInlineKey, 'a');
  REQUIRE(StoredTextKey(small, &buf) == small);
  REQUIRE_FALSE(IsHashedKey(small));

  std::string big(kMaxInlineKey + 1, 'a');
  std::string_view stored = StoredTextKey(big, &buf);
  REQUIRE(stored.size() == kHashedKeySize);
  REQUIRE(IsHashedKey(stored));
  REQUIRE(stored.substr(0, kMaxInlineKey) == big.substr(0, kMaxInlineKey));
  REQUIRE(GetBigEndian64(stored.data() + kMaxInlineKey) == Fnv1a64(big));

  std::string other = big;
  other.back() = 'b';
  std::string buf2;
  REQUIRE(StoredTextKey(other, &buf2) != stored);
}

TEST_CASE("Keys: ordered time sorts negative before positive", "[graph]") {
  REQUIRE(OrderedTime(-1) < OrderedTime(0));
  REQUIRE(OrderedTime(kNoTime) < OrderedTime(-1));
  REQUIRE(OrderedTime(0) < OrderedTime(kForever));
  REQUIRE(FromOrderedTime(OrderedTime(-12345)) == -12345);
}

}  // namespace
}  // namespace factline::graph::internal
