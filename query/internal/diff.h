// Memory::Diff's body: the slots whose current values differ between two
// transaction times, derived again from each slot's atoms as they were
// known then (docs/valid_time.md) with quarantines dated by their held
// items.
#ifndef FACTLINE_QUERY_INTERNAL_DIFF_H_
#define FACTLINE_QUERY_INTERNAL_DIFF_H_

#include <optional>
#include <vector>

#include "query/query.h"

namespace factline::query::internal {

// The changes between t1 and t2 (t1 <= t2, the caller checks) of every slot
// of `subject`, or of every slot in the store when it is nullopt. Reads
// every atom of those slots once.
Result<std::vector<SlotChange>> SlotChanges(const graph::Reader& r,
                                            Timestamp t1, Timestamp t2,
                                            std::optional<EntityId> subject);

}  // namespace factline::query::internal

#endif  // FACTLINE_QUERY_INTERNAL_DIFF_H_
