// Slot reads on the two time axes (docs/valid_time.md): views of a slot's
// atoms with their effective valid-time segments, from the slot's stored
// timeline (today's knowledge) or derived again from the atoms learned by a
// transaction time. Quarantined atoms are never returned.
#ifndef FACTLINE_QUERY_INTERNAL_VALID_TIME_H_
#define FACTLINE_QUERY_INTERNAL_VALID_TIME_H_

#include <vector>

#include "query/query.h"

namespace factline::query::internal {

// The slot's value(s) at valid time `now`: the timeline's owners, or the
// current set of a slot without a timeline.
Result<std::vector<FactView>> CurrentViews(const graph::Reader& r,
                                           EntityId subject,
                                           RelationId relation, Timestamp now);
// Every atom of the slot in `order`.
Result<std::vector<FactView>> HistoryViews(const graph::Reader& r,
                                           EntityId subject,
                                           RelationId relation,
                                           HistoryOrder order);
// The value(s) valid at `t` by today's knowledge.
Result<std::vector<FactView>> AsOfValidViews(const graph::Reader& r,
                                             EntityId subject,
                                             RelationId relation, Timestamp t);
// The slot's atoms the store held current at transaction time `t` (the
// owners at valid time t of the slot derived from the atoms learned by t),
// each as it stood then.
Result<std::vector<Atom>> CurrentAtTx(const graph::Reader& r, EntityId subject,
                                      RelationId relation, Timestamp t);
// The value(s) the store held current at transaction time `t`, each atom as
// it stood then (supersession and effective segments derived from the atoms
// learned by `t`).
Result<std::vector<FactView>> AsOfTxViews(const graph::Reader& r,
                                          EntityId subject, RelationId relation,
                                          Timestamp t);

}  // namespace factline::query::internal

#endif  // FACTLINE_QUERY_INTERNAL_VALID_TIME_H_
