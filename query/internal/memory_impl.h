// Memory's state, shared by the .cc files that implement Memory.
#ifndef FACTLINE_QUERY_INTERNAL_MEMORY_IMPL_H_
#define FACTLINE_QUERY_INTERNAL_MEMORY_IMPL_H_

#include <memory>
#include <mutex>

#include "index/index.h"
#include "query/query.h"

namespace factline {

namespace query::internal {
struct AskIndex;  // query/internal/ask_index.h
}  // namespace query::internal

struct Memory::Impl {
  std::unique_ptr<graph::Store> store;
  const Lexicon* lexicon = nullptr;
  std::string user_entity = "user";  // MemoryOptions::user_entity
  // The merged user lexicon when there is one; `lexicon` points into it.
  std::unique_ptr<const Lexicon> owned_lexicon;
  // Shared by every Memory on the built-in lexicon: RE2 builds its DFA
  // states lazily, so a warm parser parses several times faster.
  std::shared_ptr<const Parser> parser;
  std::unique_ptr<resolver::Resolver> resolver;
  std::mutex write_mu;  // serialises Remember*; the resolver is single-writer
  // Ask's lookup structures for the latest snapshot it saw and for the last
  // --as-of time it answered at; rebuilt when the store's counters change.
  std::mutex ask_mu;  // guards the two pointers, not what they point to
  std::shared_ptr<const query::internal::AskIndex> ask_current;
  std::shared_ptr<const query::internal::AskIndex> ask_as_of;
  // The HNSW side-index, opened by the first fuzzy lookup (query/search.cc).
  std::mutex index_mu;
  std::unique_ptr<index::SideIndex> side_index;
  std::string index_report;
  // Opens (or returns) the side-index and brings it up to the graph.
  // Requires index_mu.
  Result<index::SideIndex*> SideIndexLocked();
  ~Impl();
};

namespace query::internal {
// Ask's fuzzy fallback (query/search.cc): if `question` parses to a subject
// that is not an entity, finds the nearest entity name and, when similar
// enough, answers the question with that name instead. Leaves *answer
// unchanged when nothing better is found.
Status FuzzyRetry(const Memory& memory, const Parser& parser,
                  const graph::Store& store, std::string_view question,
                  const AskOptions& options, Answer* answer);

// Screens (noise, transient, hedging; when the gate is on), parses and
// writes lines in one transaction: Memory::Remember's body, shared with
// RememberConversation (query/screen.cc). `preset` is empty or holds one
// verdict per fact; a non-pass verdict skips screening and parsing.
// `store` (may be null) lets a change verb's value find the existing slot
// it names ("moved to the night shift" -> the subject's shift slot).
Result<RememberReport> RememberLines(
    const Parser& parser, resolver::Resolver& resolver, std::mutex& write_mu,
    const std::vector<TextFact>& facts,
    const std::vector<resolver::GateVerdict>& preset,
    std::string_view user_entity = "user", const graph::Store* store = nullptr);
}  // namespace query::internal

}  // namespace factline

#endif  // FACTLINE_QUERY_INTERNAL_MEMORY_IMPL_H_
