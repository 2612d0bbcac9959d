// Memory's state, shared by the .cc files that implement Memory.
#ifndef FACTLINE_QUERY_INTERNAL_MEMORY_IMPL_H_
#define FACTLINE_QUERY_INTERNAL_MEMORY_IMPL_H_

#include <memory>
#include <mutex>

#include "query/query.h"

namespace factline {

namespace query::internal {
struct AskIndex;  // query/internal/ask_index.h
}  // namespace query::internal

struct Memory::Impl {
  std::unique_ptr<graph::Store> store;
  const Lexicon* lexicon = nullptr;
  std::unique_ptr<Parser> parser;
  std::unique_ptr<resolver::Resolver> resolver;
  std::mutex write_mu;  // serialises Remember*; the resolver is single-writer
  // Ask's lookup structures for the latest snapshot it saw and for the last
  // --as-of time it answered at; rebuilt when the store's counters change.
  std::mutex ask_mu;  // guards the two pointers, not what they point to
  std::shared_ptr<const query::internal::AskIndex> ask_current;
  std::shared_ptr<const query::internal::AskIndex> ask_as_of;
};

namespace query::internal {
// Screens (noise, transient, hedging; when the gate is on), parses and
// writes lines in one transaction: Memory::Remember's body, shared with
// RememberConversation (query/screen.cc). `preset` is empty or holds one
// verdict per fact; a non-pass verdict skips screening and parsing.
Result<RememberReport> RememberLines(
    const Parser& parser, resolver::Resolver& resolver, std::mutex& write_mu,
    const std::vector<TextFact>& facts,
    const std::vector<resolver::GateVerdict>& preset);
}  // namespace query::internal

}  // namespace factline

#endif  // FACTLINE_QUERY_INTERNAL_MEMORY_IMPL_H_
