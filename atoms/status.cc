// Status formatting and the enum <-> string tables shared by every module.
#include <string>

#include "atoms/atoms.h"

namespace factline {

namespace {

std::string_view CodeName(StatusCode code) {
  switch (code) {
    case StatusCode::kOk:
      return "OK";
    case StatusCode::kNotFound:
      return "NotFound";
    case StatusCode::kCorruption:
      return "Corruption";
    case StatusCode::kInvalidArgument:
      return "InvalidArgument";
    case StatusCode::kIOError:
      return "IOError";
    case StatusCode::kNotSupported:
      return "NotSupported";
    case StatusCode::kResourceExhausted:
      return "ResourceExhausted";
  }
  return "Unknown";
}

// Looks `s` up in a table of names indexed by enum value.
template <typename E, std::size_t N>
Result<E> ParseEnum(std::string_view s, const std::string_view (&names)[N],
                    std::string_view what) {
  std::string key = NormalizeKey(s);
  for (auto& c : key) {
    if (c == '-' || c == ' ') c = '_';
  }
  for (std::size_t i = 0; i < N; ++i) {
    if (key == names[i]) return static_cast<E>(i);
  }
  std::string allowed;
  for (std::size_t i = 0; i < N; ++i) {
    if (i) allowed += ", ";
    allowed += names[i];
  }
  return Status::InvalidArgument("unknown " + std::string(what) + " '" +
                                 std::string(s) + "' (expected one of " +
                                 allowed + ")");
}

constexpr std::string_view kCategoryNames[] = {"fact", "preference", "decision",
                                               "context"};
constexpr std::string_view kOriginNames[] = {"human",        "local_model",
                                             "cloud_model",  "fallback",
                                             "external_api", "dataset"};
constexpr std::string_view kVerificationNames[] = {"pending", "verified",
                                                   "rejected", "expired"};

}  // namespace

std::string Status::ToString() const {
  if (ok()) return "OK";
  return std::string(CodeName(code_)) + ": " + message_;
}

Status Status::WithContext(std::string_view context) const {
  if (ok()) return *this;
  return Status(code_, std::string(context) + ": " + message_);
}

std::string_view ToString(Category c) {
  return kCategoryNames[static_cast<int>(c)];
}
std::string_view ToString(Origin o) {
  return kOriginNames[static_cast<int>(o)];
}
std::string_view ToString(Verification v) {
  return kVerificationNames[static_cast<int>(v)];
}
std::string_view ToString(Cardinality c) {
  return c == Cardinality::kOne ? "one" : "many";
}

Result<Category> ParseCategory(std::string_view s) {
  return ParseEnum<Category>(s, kCategoryNames, "category");
}
Result<Origin> ParseOrigin(std::string_view s) {
  return ParseEnum<Origin>(s, kOriginNames, "origin");
}
Result<Verification> ParseVerification(std::string_view s) {
  return ParseEnum<Verification>(s, kVerificationNames, "verification");
}

}  // namespace factline
