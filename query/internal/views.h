// Building FactViews (atom + what it superseded + why it is trusted).
#ifndef FACTLINE_QUERY_INTERNAL_VIEWS_H_
#define FACTLINE_QUERY_INTERNAL_VIEWS_H_

#include <string>
#include <string_view>

#include "query/query.h"

namespace factline::query::internal {

// Loads atom `id`, an id read from the store's own tables or side-index.
// NotFound becomes Corruption naming the id and `named_by`: the store
// references it, so its absence is damage, not an empty answer.
Result<Atom> ReferencedAtom(const graph::Reader& reader, AtomId id,
                            std::string_view named_by);

// Loads atom `id` with the chain of atoms it superseded (newest first).
// `id` must come from the store (see ReferencedAtom).
Result<FactView> MakeView(const graph::Reader& reader, AtomId id);

// One line: standing (current / superseded by #n), origin, confidence,
// verification, source and reinforcement count.
std::string Why(const Atom& atom);

// True when no atom that superseded `atom` had been learned by time `t`.
bool CurrentAtTxTime(const graph::Reader& reader, const Atom& atom,
                     Timestamp t);

}  // namespace factline::query::internal

#endif  // FACTLINE_QUERY_INTERNAL_VIEWS_H_
