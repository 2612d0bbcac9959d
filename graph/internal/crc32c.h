// CRC32C (Castagnoli, polynomial 0x1EDC6F41, reflected 0x82F63B78), the
// checksum LevelDB puts in its block trailers (LDB util/crc32c.h). Uses the
// SSE4.2 crc32 instruction when the CPU has it, else slicing-by-8 tables;
// both give the same value. Thread-safe, no state.
#ifndef FACTLINE_GRAPH_INTERNAL_CRC32C_H_
#define FACTLINE_GRAPH_INTERNAL_CRC32C_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace factline::graph::internal::crc32c {

// The CRC32C of concat(A, data) where init_crc is the CRC32C of A.
std::uint32_t Extend(std::uint32_t init_crc, const char* data, std::size_t n);

inline std::uint32_t Value(const char* data, std::size_t n) {
  return Extend(0, data, n);
}
inline std::uint32_t Value(std::string_view s) {
  return Extend(0, s.data(), s.size());
}

// A CRC stored next to the data it covers is masked, as LevelDB does: the
// CRC of a string that itself holds CRCs is otherwise prone to collide.
inline constexpr std::uint32_t kMaskDelta = 0xa282ead8u;
inline std::uint32_t Mask(std::uint32_t crc) {
  return ((crc >> 15) | (crc << 17)) + kMaskDelta;
}
inline std::uint32_t Unmask(std::uint32_t masked) {
  const std::uint32_t rot = masked - kMaskDelta;
  return (rot >> 17) | (rot << 15);
}

// True when Extend uses the SSE4.2 instruction on this machine.
bool IsHardwareAccelerated();

// The table-driven path, whatever the CPU (tests compare both paths).
std::uint32_t TEST_ExtendPortable(std::uint32_t init_crc, const char* data,
                                  std::size_t n);

}  // namespace factline::graph::internal::crc32c

#endif  // FACTLINE_GRAPH_INTERNAL_CRC32C_H_
