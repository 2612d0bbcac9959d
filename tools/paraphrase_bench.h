// Paraphrase benchmark (issue 8): are facts worded in different ways stored
// under the right key, and does a later statement worded differently
// supersede the earlier one? Loads the corpus in datasets/paraphrase/ (its
// README gives the format), remembers each item through factline::Memory
// in a fresh temporary store, and judges:
//
// - parse: some atom the statement produced is current, its subject
//   normalises (NormalizeSubject) to the expected subject, its value
//   normalises (NormalizeValue) to exactly the expected value, and its
//   relation is one of the item's lexicon ids (compared after following
//   alias_of), or, when the item allows a phrase key, not a lexicon relation
//   at all. For Wikidata items that is what `factline get S PID` shows.
// - update: the original statement produced a current atom with the
//   expected subject and value, keyed (S, R) by the parser itself; after the
//   update is remembered, (S, R) has exactly one current value, it
//   normalises to the update's value, and the original atom is no longer
//   current. R itself is not judged: only that both statements meet.
//
// Thread safety: the functions are reentrant; RunParaphraseItem may run on
// several threads at once (each item gets its own store).
#ifndef FACTLINE_TOOLS_PARAPHRASE_BENCH_H_
#define FACTLINE_TOOLS_PARAPHRASE_BENCH_H_

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "query/query.h"
#include "tools/fc_bench.h"

namespace factline::bench {

struct ParaphraseSentence {
  std::string text;
  std::string value;
};

struct ParaphraseItem {
  std::string id;
  std::string set;       // "relations" or "agent" (the file it came from)
  std::string relation;  // lexicon id or plain slot label
  std::vector<std::string> ids;  // lexicon relations counted as right
  bool phrase_ok = false;        // a non-lexicon phrase key counts as right
  std::string subject;           // expected subject
  std::string form;              // relations.jsonl: active, passive, ...
  bool update = false;
  ParaphraseSentence statement;  // !update
  ParaphraseSentence original;   // update
  ParaphraseSentence later;      // update
};

// MemoryAgentBench's normalize_answer (NormalizeAnswer), then a leading
// possessive determiner (my, our, your, his, her, their, its) removed:
// "The user" -> "user", "Our staging database" -> "staging database".
std::string NormalizeSubject(std::string_view subject);
// NormalizeAnswer: lower case, ASCII punctuation deleted, the words a, an,
// the removed, whitespace collapsed.
std::string NormalizeValue(std::string_view value);

// Parses one JSONL file's text; `set` names the file for the items and
// errors ("relations.jsonl line 12: no string 'text'").
Result<std::vector<ParaphraseItem>> ParseParaphraseItems(
    std::string_view jsonl, const std::string& set);
// Reads DIR/relations.jsonl (set "relations") and DIR/agent.jsonl (set
// "agent"); either may be absent, not both. InvalidArgument for unreadable
// or malformed files, naming file and line.
Result<std::vector<ParaphraseItem>> LoadParaphraseCorpus(
    const std::string& dir);

struct ItemOutcome {
  const ParaphraseItem* item = nullptr;
  bool right = false;
  std::string got;  // what was stored (or why nothing was), for misses
};

// Runs one item under `arm` in a fresh temporary store (removed
// afterwards). Errors are storage errors only: a sentence that does not
// parse is a wrong outcome, not an error.
Result<ItemOutcome> RunParaphraseItem(const ParaphraseItem& item, Arm arm,
                                      const RunOptions& options);

struct Tally {
  int right = 0;
  int total = 0;
  double Percent() const { return total == 0 ? 0 : 100.0 * right / total; }
};

struct SlotTally {
  Tally parse;
  Tally update;
};

// Scores of one arm: per "set/relation", per set, overall.
struct ParaphraseScores {
  Arm arm = Arm::kKeyed;
  std::map<std::string, SlotTally> by_relation;  // key "set/relation"
  std::map<std::string, SlotTally> by_set;
  SlotTally overall;
  std::vector<ItemOutcome> misses;
};

ParaphraseScores Score(Arm arm, const std::vector<ItemOutcome>& outcomes);

// Runs every item under every arm on `threads` threads.
Result<std::vector<ParaphraseScores>> RunParaphrase(
    const std::vector<ParaphraseItem>& items, const std::vector<Arm>& arms,
    unsigned threads, const RunOptions& options);

// The table `factline bench paraphrase` prints, and its --json document.
std::string ParaphraseTable(const std::vector<ParaphraseScores>& scores,
                            bool misses);
nlohmann::json ParaphraseJson(const std::vector<ParaphraseScores>& scores,
                              bool misses);

}  // namespace factline::bench

#endif  // FACTLINE_TOOLS_PARAPHRASE_BENCH_H_
