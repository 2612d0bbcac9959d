// The libFuzzer entry point every target in tests/fuzz defines. Built two
// ways: with -fsanitize=fuzzer (clang, FACTLINE_FUZZ=ON) it is driven by
// libFuzzer; otherwise replay_main.cc calls it on every file of the seed
// corpus and of regressions/ (a plain ctest with any compiler).
#ifndef FACTLINE_TESTS_FUZZ_FUZZ_TARGET_H_
#define FACTLINE_TESTS_FUZZ_FUZZ_TARGET_H_

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data,
                                      std::size_t size);

// A broken property: prints it and aborts, which libFuzzer reports as a
// crash and saves the input.
#define FUZZ_CHECK(cond)                                               \
  do {                                                                 \
    if (!(cond)) {                                                     \
      std::fprintf(stderr, "%s:%d: FUZZ_CHECK failed: %s\n", __FILE__, \
                   __LINE__, #cond);                                   \
      std::abort();                                                    \
    }                                                                  \
  } while (false)

#endif  // FACTLINE_TESTS_FUZZ_FUZZ_TARGET_H_
