#include "index/internal/files.h"

#include <catch2/catch.hpp>
#include <string>

#include "tests/test_util.h"

namespace factline::index::internal {
namespace {

using factline::testing::ScratchDir;

TEST_CASE("IndexFiles: meta round trip and damage detection", "[index]") {
  Meta meta;
  meta.embedder_id = "hash-ngram-v1";
  meta.dimension = 256;
  meta.covered = GraphMark{10, 20, 30, 4, 15};
  meta.files["entities.hnsw"] = FileDigest{1234, 0xdeadbeefcafef00dull};
  const std::string text = EncodeMeta(meta);
  Result<Meta> back = DecodeMeta(text);
  REQUIRE(back.ok());
  CHECK(back->embedder_id == meta.embedder_id);
  CHECK(back->dimension == 256);
  CHECK(back->covered == meta.covered);
  CHECK(back->files == meta.files);

  std::string flipped = text;
  flipped[text.find("audit_seq 10") + 10] = '9';
  CHECK(DecodeMeta(flipped).status().code() == StatusCode::kCorruption);
  CHECK(DecodeMeta(text.substr(0, text.size() / 2)).status().code() ==
        StatusCode::kCorruption);
  CHECK(DecodeMeta("").status().code() == StatusCode::kCorruption);
}

TEST_CASE("IndexFiles: caller vectors round trip and damage detection",
          "[index]") {
  CallerVectors v;
  v.dimension = 3;
  v.entities[7] = {1, 0, 0};
  v.atoms[9] = {0, 0.5f, -0.5f};
  const std::string bytes = EncodeCallerVectors(v);
  Result<CallerVectors> back = DecodeCallerVectors(bytes);
  REQUIRE(back.ok());
  CHECK(back->dimension == 3);
  CHECK(back->entities == v.entities);
  CHECK(back->atoms == v.atoms);
  std::string bad = bytes;
  bad[20] ^= 1;
  CHECK_FALSE(DecodeCallerVectors(bad).ok());
  CHECK_FALSE(DecodeCallerVectors(bytes.substr(0, bytes.size() - 3)).ok());
}

TEST_CASE("IndexFiles: digests match whole-buffer checksums", "[index]") {
  ScratchDir dir;
  std::string data;
  for (int i = 0; i < (3 << 20) + 5; ++i)
    data.push_back(static_cast<char>(i * 31));
  REQUIRE(WriteFileAtomically(dir.Sub("f"), data).ok());
  Result<FileDigest> d = DigestFile(dir.Sub("f"));
  REQUIRE(d.ok());
  CHECK(d->size == data.size());
  CHECK(d->checksum == Checksum64(data));
  CHECK(DigestFile(dir.Sub("nope")).status().IsNotFound());
  CHECK(Checksum64("a") != Checksum64("b"));
}

}  // namespace
}  // namespace factline::index::internal
