// query: the read path and factline::Memory, the facade embedders use.
//
// A Memory owns one store directory: the LMDB graph, the write pipeline and
// the parser. Results are provenance-weighted views of atoms: each carries
// the atom, the atoms it superseded, and a one-line account of why it is
// trusted. Thread safety: all const methods may run concurrently with each
// other and with one writer; Remember* calls are serialised internally.
#ifndef FACTLINE_QUERY_QUERY_H_
#define FACTLINE_QUERY_QUERY_H_

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "atoms/atoms.h"
#include "graph/graph.h"
#include "resolver/resolver.h"

namespace factline {

struct MemoryOptions {
  graph::StoreOptions store;
  const Lexicon* lexicon = nullptr;  // nullptr: Lexicon::Builtin()
  // nullptr: factline's keyed supersession.
  std::unique_ptr<resolver::SupersessionPolicy> policy;
  // Gate stages run before supersession (see resolver::GateStage).
  std::vector<std::unique_ptr<resolver::GateStage>> gate;
};

// One atom as a query returns it.
struct FactView {
  Atom atom;
  std::vector<Atom> superseded;  // atoms this one closed, newest first
  std::string why;               // provenance and standing, one line
};

// One line of text to remember.
struct TextFact {
  std::string text;
  Provenance provenance;
  Category category = Category::kFact;
  Timestamp tx_time = kNoTime;     // kNoTime: now
  Timestamp valid_from = kNoTime;  // kNoTime: tx_time
};

// A line that produced no atom, and why.
struct Unparsed {
  std::size_t index = 0;  // position in the input batch
  std::string text;
  std::string reason;
};

struct RememberReport {
  std::vector<resolver::Decision> decisions;  // input_index: batch position
  std::vector<Unparsed> unparsed;
};

enum class TimeAxis { kTransaction, kValid };

// One step of an answer's reasoning chain.
struct Hop {
  FactView fact;
  double relation_score = 0;  // how well the relation matched the question
};

struct Answer {
  std::string text;      // the answer, or "unknown"
  bool known = false;
  double score = 0;      // confidence of the whole chain in [0, 1]
  std::string subject;   // entity the question was found to be about
  std::vector<Hop> chain;
  std::string explanation;  // why this answer, or why unknown
  // Up to ten candidate atoms ranked as a retrieval system would return them
  // (used for the benchmark's retrieval figures).
  std::vector<FactView> ranked;
};

struct AskOptions {
  Timestamp as_of = kForever;  // transaction time to answer at
  int max_hops = 4;
  // When a slot holds several current values (supersession switched off),
  // prefer the newest. Off reproduces a store with no notion of recency.
  bool prefer_recent = true;
};

class Memory {
 public:
  // Opens or creates the store at `path`. See graph::Store::Open for errors.
  static Result<std::unique_ptr<Memory>> Open(const std::string& path,
                                              MemoryOptions options = {});
  ~Memory();
  Memory(const Memory&) = delete;
  Memory& operator=(const Memory&) = delete;

  // Parses each fact's text into an atom and writes all of them in one
  // transaction. Lines with no atom are reported in `unparsed`, never
  // dropped silently. Errors (invalid UTF-8, oversized text, storage) fail
  // the whole batch and name the line.
  Result<RememberReport> Remember(const std::vector<TextFact>& facts);
  // Convenience: one fact per line of `text`, all with `provenance`. A
  // leading list number ("12. ") is stripped.
  Result<RememberReport> Remember(std::string_view text,
                                  const Provenance& provenance);
  // Writes structured atoms in one transaction.
  Result<std::vector<resolver::Decision>> RememberAtoms(
      std::vector<Atom> atoms);

  // Current value(s) of (subject, relation). Relation may be a lexicon id, a
  // name or a phrase. Empty when nothing is known.
  Result<std::vector<FactView>> Current(std::string_view subject,
                                        std::string_view relation) const;
  // Every value the slot ever had, oldest transaction first.
  Result<std::vector<FactView>> History(std::string_view subject,
                                        std::string_view relation) const;
  // The value(s) as the store stood at transaction time `t`, or the values
  // valid at `t` by today's knowledge (TimeAxis::kValid).
  Result<std::vector<FactView>> AsOf(std::string_view subject,
                                     std::string_view relation, Timestamp t,
                                     TimeAxis axis) const;
  // All current atoms whose subject is `subject`.
  Result<std::vector<FactView>> Entity(std::string_view subject) const;
  // Answers a natural-language question from the current graph.
  Result<Answer> Ask(std::string_view question,
                     const AskOptions& options = {}) const;

  Result<graph::StoreStats> Stats() const;
  Result<std::vector<graph::AuditRecord>> Audit(std::uint64_t since,
                                                std::size_t limit) const;

  const Parser& parser() const;
  const Lexicon& lexicon() const;
  graph::Store& store();

 private:
  Memory();
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace factline

#endif  // FACTLINE_QUERY_QUERY_H_
