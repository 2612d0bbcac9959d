// Runs the built factline CLI for the tools tests.
#ifndef FACTLINE_TESTS_TOOLS_CLI_RUNNER_H_
#define FACTLINE_TESTS_TOOLS_CLI_RUNNER_H_

#include <sys/wait.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <string>

namespace factline::testing {

struct CliRun {
  int code;
  std::string output;  // stdout and stderr together
};

// Runs `factline ARGS` (stdin from `stdin_file` when given) and captures its
// output and exit code.
inline CliRun RunCli(const std::string& args,
                     const std::string& stdin_file = "") {
  std::string cmd = std::string(FACTLINE_CLI) + " " + args;
  if (!stdin_file.empty()) cmd += " < " + stdin_file;
  cmd += " 2>&1";
  CliRun run{-1, ""};
  FILE* pipe = popen(cmd.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::array<char, 4096> buf;
  std::size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) {
    run.output.append(buf.data(), n);
  }
  int status = pclose(pipe);
  run.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

inline void WriteFile(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// True when the run's output holds `text`.
inline bool Has(const CliRun& run, const std::string& text) {
  return run.output.find(text) != std::string::npos;
}

}  // namespace factline::testing

#endif  // FACTLINE_TESTS_TOOLS_CLI_RUNNER_H_
