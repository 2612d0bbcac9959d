#include "graph/internal/keys.h"

#include <atomic>

namespace factline::graph::internal {

namespace {

std::atomic<std::uint64_t (*)(std::string_view)> g_key_hash{nullptr};

}  // namespace

std::uint64_t Fnv1a64(std::string_view data) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : data) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

std::string_view StoredTextKey(std::string_view text, std::string* buf) {
  if (text.size() <= kMaxInlineKey) return text;
  auto* hook = g_key_hash.load(std::memory_order_relaxed);
  std::uint64_t h = hook != nullptr ? hook(text) : Fnv1a64(text);
  buf->assign(text.data(), kMaxInlineKey);
  buf->resize(kHashedKeySize);
  PutBigEndian64(h, buf->data() + kMaxInlineKey);
  return *buf;
}

void TEST_SetKeyHash(std::uint64_t (*hash)(std::string_view)) {
  g_key_hash.store(hash, std::memory_order_relaxed);
}

}  // namespace factline::graph::internal
