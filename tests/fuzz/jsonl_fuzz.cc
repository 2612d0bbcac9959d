// Fuzzes the JSONL atom reader the CLI's ingest uses (AtomFromJson in
// tools/cmd_ingest.cc, compiled in here so the fuzzer runs the CLI's own
// code), on each line of the input. Properties: no crash, no exception, no
// sanitizer report; an accepted atom has non-empty subject, relation and
// value, no control characters in them, confidence in [0, 1] and valid_to
// not before valid_from.
#include <string>
#include <string_view>

#include "tests/fuzz/fuzz_target.h"
#include "tools/cmd_ingest.cc"  // NOLINT(bugprone-suspicious-include)

namespace {

bool HasControl(const std::string& s) {
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) return true;
  }
  return false;
}

void CheckLine(const std::string& line, bool allow_unknown_keys) {
  auto parsed = factline::cli::AtomFromJson(line, factline::Provenance(),
                                            allow_unknown_keys);
  if (!parsed.ok()) {
    FUZZ_CHECK(!parsed.status().message().empty());
    return;
  }
  const factline::Atom& a = parsed->atom;
  FUZZ_CHECK(!a.subject.empty() && !a.relation.empty() && !a.value.empty());
  FUZZ_CHECK(!HasControl(a.subject) && !HasControl(a.relation) &&
             !HasControl(a.value));
  FUZZ_CHECK(a.provenance.confidence >= 0 && a.provenance.confidence <= 1);
  FUZZ_CHECK(a.valid_from == factline::kNoTime ||
             a.valid_to == factline::kForever || a.valid_to >= a.valid_from);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data,
                                      std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string line(text.substr(start, end - start));
    CheckLine(line, false);
    CheckLine(line, true);
    start = end + 1;
  }
  return 0;
}
