// Reading a whole input file (lexicons, gate configs, inputs of the CLI).
//
// One helper so that every file argument says the same thing when it names
// a directory: an ifstream opens a directory without complaint on Linux and
// reads nothing, which callers used to report as "empty input" or
// "malformed JSON".
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "atoms/atoms.h"

namespace factline {

Result<std::string> ReadFile(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    return Status::InvalidArgument(path + " is a directory, not a file");
  }
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    const int err = errno;
    return Status::IOError(
        "cannot open " + path +
        (err != 0 ? std::string(": ") + std::strerror(err) : std::string()));
  }
  std::stringstream buf;
  buf << in.rdbuf();
  if (in.bad()) return Status::IOError("cannot read " + path);
  return buf.str();
}

}  // namespace factline
