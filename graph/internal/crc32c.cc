#include "graph/internal/crc32c.h"

#include <array>
#include <bit>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <nmmintrin.h>
#define FACTLINE_CRC32C_X86 1
#endif

namespace factline::graph::internal::crc32c {

namespace {

constexpr std::uint32_t kPoly = 0x82f63b78u;  // reflected Castagnoli

// tables[k][b]: the CRC of byte b followed by k zero bytes (slicing-by-8).
using Tables = std::array<std::array<std::uint32_t, 256>, 8>;

constexpr Tables MakeTables() {
  Tables t{};
  for (std::uint32_t b = 0; b < 256; ++b) {
    std::uint32_t crc = b;
    for (int i = 0; i < 8; ++i) crc = (crc >> 1) ^ ((crc & 1) ? kPoly : 0);
    t[0][b] = crc;
  }
  for (std::size_t k = 1; k < 8; ++k) {
    for (std::uint32_t b = 0; b < 256; ++b) {
      t[k][b] = (t[k - 1][b] >> 8) ^ t[0][t[k - 1][b] & 0xff];
    }
  }
  return t;
}

constexpr Tables kTables = MakeTables();

std::uint32_t ExtendPortable(std::uint32_t crc, const char* data,
                             std::size_t n) {
  const auto* p = reinterpret_cast<const unsigned char*>(data);
  crc = ~crc;
  while (n >= 8) {
    std::uint32_t lo = 0, hi = 0;
    std::memcpy(&lo, p, 4);
    std::memcpy(&hi, p + 4, 4);
    if constexpr (std::endian::native == std::endian::big) {
      lo = __builtin_bswap32(lo);
      hi = __builtin_bswap32(hi);
    }
    lo ^= crc;
    crc = kTables[7][lo & 0xff] ^ kTables[6][(lo >> 8) & 0xff] ^
          kTables[5][(lo >> 16) & 0xff] ^ kTables[4][lo >> 24] ^
          kTables[3][hi & 0xff] ^ kTables[2][(hi >> 8) & 0xff] ^
          kTables[1][(hi >> 16) & 0xff] ^ kTables[0][hi >> 24];
    p += 8;
    n -= 8;
  }
  while (n-- > 0) crc = (crc >> 8) ^ kTables[0][(crc ^ *p++) & 0xff];
  return ~crc;
}

#ifdef FACTLINE_CRC32C_X86
__attribute__((target("sse4.2"))) std::uint32_t ExtendSse42(std::uint32_t crc,
                                                            const char* data,
                                                            std::size_t n) {
  const auto* p = reinterpret_cast<const unsigned char*>(data);
  std::uint64_t c = ~crc;
  while (n >= 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, p, 8);
    c = _mm_crc32_u64(c, word);
    p += 8;
    n -= 8;
  }
  auto c32 = static_cast<std::uint32_t>(c);
  while (n-- > 0) c32 = _mm_crc32_u8(c32, *p++);
  return ~c32;
}

bool HaveSse42() {
  static const bool have = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("sse4.2") != 0;
  }();
  return have;
}
#endif

}  // namespace

std::uint32_t Extend(std::uint32_t init_crc, const char* data, std::size_t n) {
#ifdef FACTLINE_CRC32C_X86
  if (HaveSse42()) return ExtendSse42(init_crc, data, n);
#endif
  return ExtendPortable(init_crc, data, n);
}

bool IsHardwareAccelerated() {
#ifdef FACTLINE_CRC32C_X86
  return HaveSse42();
#else
  return false;
#endif
}

std::uint32_t TEST_ExtendPortable(std::uint32_t init_crc, const char* data,
                                  std::size_t n) {
  return ExtendPortable(init_crc, data, n);
}

}  // namespace factline::graph::internal::crc32c
