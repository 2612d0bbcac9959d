#include "tests/test_util.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace factline::testing {

ScratchDir::ScratchDir() {
  const char* tmp = std::getenv("TMPDIR");
  std::string base = tmp ? tmp : "/tmp";
  std::string pattern = base + "/factline_test_XXXXXX";
  if (char* made = mkdtemp(pattern.data())) path_ = made;
}

ScratchDir::~ScratchDir() {
  std::error_code ec;
  // Tests may leave read-only directories behind; make them writable first.
  for (auto& entry : std::filesystem::recursive_directory_iterator(
           path_, std::filesystem::directory_options::skip_permission_denied,
           ec)) {
    std::filesystem::permissions(entry.path(),
                                 std::filesystem::perms::owner_all,
                                 std::filesystem::perm_options::add, ec);
  }
  std::filesystem::permissions(path_, std::filesystem::perms::owner_all,
                               std::filesystem::perm_options::add, ec);
  std::filesystem::remove_all(path_, ec);
}

std::string SourcePath(const std::string& relative) {
  return std::string(FACTLINE_SOURCE_DIR) + "/" + relative;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

}  // namespace factline::testing
