// Fuzzes the gate config loader (resolver::ParseGateConfig). Properties:
// no crash, no exception, no sanitizer report; a config that loads prints
// (GateConfigToJson) as JSON that loads again to the same printout.
#include <string>
#include <string_view>

#include "resolver/resolver.h"
#include "tests/fuzz/fuzz_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data,
                                      std::size_t size) {
  const std::string_view json(reinterpret_cast<const char*>(data), size);
  auto config = factline::resolver::ParseGateConfig(json);
  if (config.ok()) {
    const std::string printed = factline::resolver::GateConfigToJson(*config);
    auto again = factline::resolver::ParseGateConfig(printed);
    FUZZ_CHECK(again.ok());
    FUZZ_CHECK(factline::resolver::GateConfigToJson(*again) == printed);
  }
  return 0;
}
