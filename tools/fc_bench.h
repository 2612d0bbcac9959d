// FactConsolidation (MemoryAgentBench, Conflict Resolution split) runner:
// loads rows in the Conflict_Resolution JSON schema, ingests each row's
// numbered facts into a fresh temporary store through factline::Memory,
// answers every question with Memory::Ask and scores it with the
// benchmark's SubEM (datasets/factconsolidation/NOTES.md §4). One row runs
// under one supersession arm (keyed, jaccard or off) at a time.
// Thread safety: the functions are reentrant; RunRow may run on several
// threads at once, each with its own row and arm.
#ifndef FACTLINE_TOOLS_FC_BENCH_H_
#define FACTLINE_TOOLS_FC_BENCH_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "query/query.h"

namespace factline::bench {

// A fresh directory "<prefix>XXXXXX" under `parent` (or the system temp
// dir), removed with everything in it when this goes out of scope. The
// benchmarks give each row or item its own store in one.
class TempDir {
 public:
  static Result<std::unique_ptr<TempDir>> Create(const std::string& parent,
                                                 std::string_view prefix);
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  explicit TempDir(std::string path) : path_(std::move(path)) {}
  std::string path_;
};

// MemoryAgentBench's normalize_answer, byte for byte where it matters:
// lower-case (ASCII, Latin-1, Latin Extended-A, Greek and Cyrillic
// capitals; Python's str.lower covers more, which no FactConsolidation
// answer needs), delete every ASCII punctuation character (Python's
// string.punctuation; deleted, not replaced by a space), replace the whole
// words "a", "an" and "the" with a space, collapse whitespace.
std::string NormalizeAnswer(std::string_view text);

// The harness's parse_output: the text after the first "Answer:" (any
// case) up to the end of that line, else the first line, stripped.
std::string ParseOutput(std::string_view output);

// substring_exact_match maximised over the gold list, scoring both the raw
// output and ParseOutput(output) as default_post_process does: 1 or 0.
int SubEM(std::string_view output, const std::vector<std::string>& golds);

struct FcRow {
  std::string source;  // metadata.source, "factconsolidation_sh_6k"
  std::string context;
  std::vector<std::string> questions;
  std::vector<std::vector<std::string>> answers;  // gold list per question
  std::vector<std::string> ids;                   // metadata.qa_pair_ids
};

// Parses a Conflict_Resolution JSON document (a list of rows).
// InvalidArgument names the row and field at fault.
Result<std::vector<FcRow>> ParseRows(std::string_view json);
// Reads and parses a file; InvalidArgument also when it cannot be read.
Result<std::vector<FcRow>> LoadRows(const std::string& path);

// The context's numbered facts in serial order, each with its serial as
// transaction time and source "<row source>#<serial>" (origin dataset).
// Lines without a serial (the "Here is a list of facts:" header) are
// skipped.
std::vector<TextFact> ContextFacts(const FcRow& row);

enum class Arm {
  kKeyed,    // factline: supersede on (subject, relation)
  kJaccard,  // supersede when whole-sentence token Jaccard > 0.7
  kOff,      // no supersession; answers chosen with no notion of recency
};
std::string_view ArmName(Arm arm);
Result<Arm> ParseArm(std::string_view name);

// A question the arm got wrong, for --explain.
struct Miss {
  std::string id;
  std::string question;
  std::string gold;
  std::string answer;
  std::string chain;  // "S -rel-> V -rel-> W" of the atoms used
  // "subject not found", "relation cue not matched", "path not found",
  // "wrong path chosen" or "gold contradicts latest-wins".
  std::string cause;
};

struct RowResult {
  std::string source;
  Arm arm = Arm::kKeyed;
  double subem = 0;  // percent of questions
  int questions = 0;
  int supersessions = 0;  // decisions that closed an older atom
  double ingest_s = 0;    // opening the store and remembering the context
  double answer_p50_us = 0;
  double answer_p99_us = 0;
  double hit1 = 0;           // percent: gold inside the top ranked atom's text
  double hit10 = 0;          // percent: gold inside any of the top ten
  std::vector<Miss> misses;  // filled when RunOptions::explain
};

struct RunOptions {
  bool explain = false;
  // Parent of the temporary store directory; empty: the system temp dir.
  std::string scratch_dir;
};

// Ingests the row's context under `arm` into a fresh temporary store
// (removed afterwards), answers and scores every question. Errors are
// storage errors and InvalidArgument for a row whose facts do not parse.
Result<RowResult> RunRow(const FcRow& row, Arm arm, const RunOptions& options);

}  // namespace factline::bench

#endif  // FACTLINE_TOOLS_FC_BENCH_H_
