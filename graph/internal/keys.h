// Key layouts of the graph's LMDB databases.
//
// Ids are big-endian uint64 so byte order is numeric order. Text keys (entity
// names, relation keys) up to kMaxInlineKey bytes are stored as themselves;
// longer ones as their first kMaxInlineKey bytes followed by the big-endian
// FNV-1a 64 hash of the whole key, which is kHashedKeySize bytes and so can
// never equal an inline key. The full text is then kept in the value and
// compared on every lookup.
#ifndef FACTLINE_GRAPH_INTERNAL_KEYS_H_
#define FACTLINE_GRAPH_INTERNAL_KEYS_H_

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "atoms/atoms.h"

namespace factline::graph::internal {

// LMDB's default maximum key is 511 bytes; stay well below it.
inline constexpr std::size_t kMaxInlineKey = 400;
inline constexpr std::size_t kHashedKeySize = kMaxInlineKey + 8;

inline void PutBigEndian64(std::uint64_t v, char* out) {
  if constexpr (std::endian::native == std::endian::little) {
    v = __builtin_bswap64(v);
  }
  std::memcpy(out, &v, sizeof(v));
}

inline std::uint64_t GetBigEndian64(const char* in) {
  std::uint64_t v = 0;
  std::memcpy(&v, in, sizeof(v));
  if constexpr (std::endian::native == std::endian::little) {
    v = __builtin_bswap64(v);
  }
  return v;
}

// A fixed-size key made of big-endian uint64 words, kept on the stack.
template <std::size_t N>
struct IdKey {
  char bytes[8 * N];
  std::string_view view() const { return std::string_view(bytes, 8 * N); }
};

inline IdKey<1> IdKey1(std::uint64_t a) {
  IdKey<1> k;
  PutBigEndian64(a, k.bytes);
  return k;
}

inline IdKey<2> IdKey2(std::uint64_t a, std::uint64_t b) {
  IdKey<2> k;
  PutBigEndian64(a, k.bytes);
  PutBigEndian64(b, k.bytes + 8);
  return k;
}

// Order-preserving encoding of a signed time: flips the sign bit so that
// negative times sort before positive ones.
inline std::uint64_t OrderedTime(Timestamp t) {
  return static_cast<std::uint64_t>(t) ^ (std::uint64_t{1} << 63);
}
inline Timestamp FromOrderedTime(std::uint64_t v) {
  return static_cast<Timestamp>(v ^ (std::uint64_t{1} << 63));
}

// FNV-1a, 64-bit. Stable across builds and platforms (on-disk format).
std::uint64_t Fnv1a64(std::string_view data);

// The LMDB key under which text key `text` is stored. Uses *buf as storage
// when the key must be hashed; the result may point into `text` or *buf.
std::string_view StoredTextKey(std::string_view text, std::string* buf);

inline bool IsHashedKey(std::string_view stored_key) {
  return stored_key.size() == kHashedKeySize;
}

// Test hook: replaces the hash used by StoredTextKey (nullptr restores
// FNV-1a) so tests can force collisions. Not thread-safe against concurrent
// writers; tests only.
void TEST_SetKeyHash(std::uint64_t (*hash)(std::string_view));

}  // namespace factline::graph::internal

#endif  // FACTLINE_GRAPH_INTERNAL_KEYS_H_
