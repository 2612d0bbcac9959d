// Shared pieces of the factline CLI: exit codes, opening the store, and
// printing results as text or JSON. Each subcommand lives in its own
// cmd_*.cc and registers itself from main.cc.
#ifndef FACTLINE_TOOLS_CLI_H_
#define FACTLINE_TOOLS_CLI_H_

#include <CLI/CLI.hpp>
#include <iosfwd>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "query/query.h"

namespace factline::cli {

// Exit codes (documented in README.md).
enum ExitCode : int {
  kExitOk = 0,
  kExitNotFound = 1,  // the query ran but nothing is stored for it
  kExitUsage = 2,     // unknown flag, missing or malformed argument
  kExitBadInput = 3,  // malformed input data (JSONL, UTF-8, empty input)
  kExitStore = 4,     // store cannot be opened/written: corrupt, version,
                      // read-only, full
  kExitInternal = 5,
};

// Options every subcommand shares.
struct GlobalOptions {
  std::string db = "factline.db";
  bool json = false;
  std::string gate_config;  // --gate-config; empty: <db>/gate.json if any
  std::string lexicon;      // --lexicon; merged after <db>/lexicon.json if any
  // --verify-reads: "auto" (walk every page of a data.mdb up to 64 MiB
  // before a read-only command), "always" or "never". Writers always walk.
  std::string verify_reads = "auto";
};

// For graph::SetLmdbAssertHandler: LMDB found a page it cannot use (its
// assert() failed). Prints "factline: store is damaged (LMDB: <text>) ..."
// to stderr and exits with kExitStore, without running destructors (the
// environment is in an unknown state) or aborting.
[[noreturn]] void ExitOnLmdbAssert(const char* message);

// `text` with each C0 control character and DEL written as \xNN, so that
// a stored NUL or ESC never reaches a terminal raw. Everything the CLI
// prints as plain text from the store or the input passes through it.
std::string Printable(std::string_view text);

// Numeric flags. CLI11 2.1 reads integers with strtoull/strtoll in base 0:
// "-5" wraps to 2^64-5, "010" is octal, 99999999999999999999 saturates,
// and its Range check says "Value 0 not in range 0.000000 to 1.79e308".
// CheckNumericOptions gives every integer and floating-point option of
// `app` and its subcommands (registered before the call) a first check:
// decimal only, no sign on an unsigned option, within 64 bits, finite; the
// message names the option (CLI11 prefixes it) and the value, exit 2.
// AtLeast and Between add an option's own bounds with plain messages.
void CheckNumericOptions(CLI::App& app);
CLI::Validator AtLeast(double min);
CLI::Validator Between(double lo, double hi);

// Maps a Status to an exit code.
int ExitCodeFor(const Status& status);

// Prints "factline: <context>: <status message>" to stderr and returns the
// exit code for it.
int Fail(const Status& status, const std::string& context);

// Opens the store named by --db; read_only for query commands. A writable
// open creates the store unless create_if_missing is false.
// apply_declared_cardinality: see MemoryOptions. page_check: see
// graph::StoreOptions; with the default a writable open walks every page
// first, so nothing is written into a damaged store, and so does a
// read-only open of a data.mdb of at most 64 MiB (a damaged store is then
// refused up front instead of LMDB tripping over it mid-command), unless
// --verify-reads says otherwise.
Result<std::unique_ptr<Memory>> OpenMemory(
    const GlobalOptions& global, bool read_only, bool create_if_missing = true,
    bool apply_declared_cardinality = true,
    graph::PageCheck page_check = graph::PageCheck::kWhenWritable);

nlohmann::json AtomToJson(const Atom& atom);
nlohmann::json FactToJson(const FactView& fact);
nlohmann::json StatsToJson(const graph::StoreStats& stats);

// "pesapallo  [#12, valid @259..now; current; origin dataset ...]"
void PrintFact(std::ostream& out, const FactView& fact);

// Writes one JSON document on a line.
void PrintJson(const nlohmann::json& doc);

// Each subcommand: adds itself to `app`; the callback stores its exit code
// in *exit_code.
void RegisterIngest(CLI::App& app, GlobalOptions& global, int* exit_code);
void RegisterQueries(CLI::App& app, GlobalOptions& global, int* exit_code);
void RegisterGate(CLI::App& app, GlobalOptions& global, int* exit_code);
void RegisterBench(CLI::App& app, GlobalOptions& global, int* exit_code);
void RegisterRelations(CLI::App& app, GlobalOptions& global, int* exit_code);
void RegisterBackup(CLI::App& app, GlobalOptions& global, int* exit_code);
void RegisterParse(CLI::App& app, GlobalOptions& global, int* exit_code);
void RegisterDiff(CLI::App& app, GlobalOptions& global, int* exit_code);
void RegisterMcp(CLI::App& app, GlobalOptions& global, int* exit_code);
// `ingest --format mcp-memory` (cmd_mcp.cc): imports the reference MCP
// memory server's JSONL `text` read from `file`; returns the exit code.
int IngestMcpMemory(const GlobalOptions& global, const std::string& text,
                    const std::string& file, const std::string& model,
                    const std::string& session);
// `factline check` without --replay (cmd_check.cc): walks every record and
// invariant; returns the exit code (0, 1 naming the first violation, 4).
int RunStoreCheck(const GlobalOptions& global);

// The gate's report for `stats` (cmd_gate.cc).
nlohmann::json GateReportToJson(const resolver::GateReport& report);
void PrintGateReport(std::ostream& out, const resolver::GateReport& report);

}  // namespace factline::cli

#endif  // FACTLINE_TOOLS_CLI_H_
