// Helpers shared by the test suites: scratch directories and data paths.
#ifndef FACTLINE_TESTS_TEST_UTIL_H_
#define FACTLINE_TESTS_TEST_UTIL_H_

#include <string>

namespace factline::testing {

// A fresh directory under $TMPDIR, removed (recursively) on destruction.
class ScratchDir {
 public:
  ScratchDir();
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::string& path() const { return path_; }
  std::string Sub(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

// Absolute path of a file in the source tree ("datasets/...").
std::string SourcePath(const std::string& relative);

// Whole file as a string; empty if unreadable.
std::string ReadFile(const std::string& path);

}  // namespace factline::testing

#endif  // FACTLINE_TESTS_TEST_UTIL_H_
