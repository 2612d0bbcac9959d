// Memory's state, shared by the .cc files that implement Memory.
#ifndef FACTLINE_QUERY_INTERNAL_MEMORY_IMPL_H_
#define FACTLINE_QUERY_INTERNAL_MEMORY_IMPL_H_

#include <memory>
#include <mutex>

#include "query/query.h"

namespace factline {

struct Memory::Impl {
  std::unique_ptr<graph::Store> store;
  const Lexicon* lexicon = nullptr;
  std::unique_ptr<Parser> parser;
  std::unique_ptr<resolver::Resolver> resolver;
  std::mutex write_mu;  // serialises Remember*; the resolver is single-writer
};

}  // namespace factline

#endif  // FACTLINE_QUERY_INTERNAL_MEMORY_IMPL_H_
