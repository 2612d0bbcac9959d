/* factline C API: the Memory facade (query/query.h) for C and other languages.
 *
 * Plain C99; link with libfactline (pkg-config factline, or CMake
 * find_package(factline) and factline::factline).
 *
 * HANDLES. factline_open() returns an opaque factline_memory* that owns one
 * store directory. factline_close() releases it; closing NULL is a no-op.
 * A handle must not be used after it is closed (closing the same pointer
 * twice is undefined, as with free()). Do not open one directory twice in
 * one process (LMDB forbids one environment opened twice per process);
 * share the handle instead.
 *
 * ERRORS. Every call that can fail returns a factline_code: FACTLINE_OK (0)
 * or the StatusCode of the failure (the values mirror factline::StatusCode),
 * FACTLINE_INTERNAL for an unexpected C++ exception caught at the boundary.
 * No C++ exception and no abort crosses this API; NULL handles, NULL strings
 * and invalid UTF-8 are reported as FACTLINE_INVALID_ARGUMENT. The message
 * of a failure is returned by factline_last_error(): the message of the most
 * recent failed call made BY THE CALLING THREAD (on any handle, or by
 * factline_open). It stays valid until that thread's next factline call.
 *
 * RESULTS. Calls that produce data store a JSON document (UTF-8, NUL
 * terminated) in *out_json. It is owned by the caller from then on and must
 * be released with factline_free(); it does not depend on the handle and
 * may outlive it. On failure *out_json is set to NULL. Timestamps in JSON
 * are microseconds since the Unix epoch (integers) next to an ISO form.
 *
 * THREADS. A handle may be used from several threads at once: reads
 * (get, history, as_of, ask, search, review_list, audit, stats) run
 * concurrently with each other and with one writer; writes (remember*,
 * approve, reject, quarantine) are serialised inside the library.
 *
 * PROCESSES. Several processes may open one store (LMDB's locking); one
 * writer at a time, readers never block it.
 */
#ifndef FACTLINE_QUERY_FACTLINE_C_H_
#define FACTLINE_QUERY_FACTLINE_C_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FACTLINE_C_API_VERSION 1

typedef enum factline_code {
  FACTLINE_OK = 0,
  FACTLINE_NOT_FOUND = 1,
  FACTLINE_CORRUPTION = 2,
  FACTLINE_INVALID_ARGUMENT = 3,
  FACTLINE_IO_ERROR = 4,
  FACTLINE_NOT_SUPPORTED = 5,
  FACTLINE_RESOURCE_EXHAUSTED = 6,
  FACTLINE_INTERNAL = 100 /* an unexpected exception, caught at the edge */
} factline_code;

/* Time axes for factline_as_of. */
#define FACTLINE_AXIS_TRANSACTION 0 /* as the store stood at t */
#define FACTLINE_AXIS_VALID 1       /* what was true at t, known today */
/* Orders for factline_history. */
#define FACTLINE_ORDER_TRANSACTION 0 /* as learned */
#define FACTLINE_ORDER_VALID 1       /* by effective start */
/* Filters for factline_review_list. */
#define FACTLINE_HELD_PENDING 0
#define FACTLINE_HELD_QUARANTINED 1
#define FACTLINE_HELD_ALL 2
/* "No time given": factline_ask answers from the current graph. */
#define FACTLINE_NOW INT64_MAX

typedef struct factline_memory factline_memory;

/* The library version, e.g. "0.1.0"; static storage. */
const char* factline_version(void);

/* The message of the calling thread's most recent failed call; "" when
 * none. Owned by the library; valid until the thread's next factline call. */
const char* factline_last_error(void);

/* Releases a string from *out_json. NULL is a no-op. */
void factline_free(char* json);

/* Opens (creating when missing, unless read-only) the store at `path`.
 * `options_json` may be NULL or an object with "read_only" (bool),
 * "create_if_missing" (bool), "user_entity" (string), "gate" (bool: the
 * write-time gate on or off). On success *out is the handle. */
factline_code factline_open(const char* path, const char* options_json,
                            factline_memory** out);

/* Closes the handle; NULL is a no-op. */
void factline_close(factline_memory* memory);

/* Remembers `text`, one fact per line. `provenance_json` may be NULL (said by
 * a human) or an object with "origin" ("human", "local_model", ... as
 * factline::ParseOrigin reads), "model_id", "session_id", "source",
 * "confidence". *out_json: {"decisions": [...], "unparsed": [{"index", "text",
 * "reason"}]}. */
factline_code factline_remember(factline_memory* memory, const char* text,
                                const char* provenance_json, char** out_json);

/* Remembers structured atoms: a JSON array of objects with "subject",
 * "relation", "value" (required, strings) and optional "text", "category",
 * "valid_from", "valid_to", "tx_time" (microseconds or a date string) and
 * "provenance" (as for factline_remember). One transaction: all or none.
 * *out_json: {"decisions": [...]}. */
factline_code factline_remember_atoms(factline_memory* memory,
                                      const char* atoms_json, char** out_json);

/* Current value(s) of (subject, relation): a JSON array of facts
 * ({"atom": {...}, "superseded": [...], "why", "effective": [...]}). */
factline_code factline_get(const factline_memory* memory, const char* subject,
                           const char* relation, char** out_json);

/* Every value the slot had, in `order` (FACTLINE_ORDER_*): array of facts. */
factline_code factline_history(const factline_memory* memory,
                               const char* subject, const char* relation,
                               int order, char** out_json);

/* The value(s) at time `t` on `axis` (FACTLINE_AXIS_*): array of facts. */
factline_code factline_as_of(const factline_memory* memory, const char* subject,
                             const char* relation, int64_t t, int axis,
                             char** out_json);

/* Answers a question at transaction time `as_of` (FACTLINE_NOW: current).
 * *out_json: {"text", "known", "score", "subject", "values", "method",
 * "explanation", "chain": [{"fact", "relation_score", "cued"}]}. */
factline_code factline_ask(const factline_memory* memory, const char* question,
                           int64_t as_of, char** out_json);

/* The k current atoms nearest to `text`: [{"score", "fact"}]. */
factline_code factline_search(const factline_memory* memory, const char* text,
                              int k, char** out_json);

/* Held items (FACTLINE_HELD_*): [{"id", "state", "atom", "reason", ...}]. */
factline_code factline_review_list(const factline_memory* memory, int filter,
                                   char** out_json);
/* Approves held item `item`; *out_json: the decision. `reason` may be NULL. */
factline_code factline_review_approve(factline_memory* memory, uint64_t item,
                                      const char* reason, char** out_json);
/* Rejects (quarantines) held item `item`; `reason` must not be NULL. */
factline_code factline_review_reject(factline_memory* memory, uint64_t item,
                                     const char* reason);
/* Withdraws stored atom `atom` into quarantine; *out_json: the decision. */
factline_code factline_quarantine(factline_memory* memory, uint64_t atom,
                                  const char* reason, char** out_json);

/* Audit records with seq >= since, at most `limit`:
 * [{"seq", "time", "atom", "action", "detail"}]. */
factline_code factline_audit(const factline_memory* memory, uint64_t since,
                             size_t limit, char** out_json);

/* Counts of the store: {"entities", "relations", "atoms", "current_slots",
 * "current_atoms", "superseded_atoms", "audit_records", "map_bytes",
 * "used_bytes"}. */
factline_code factline_stats(const factline_memory* memory, char** out_json);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* FACTLINE_QUERY_FACTLINE_C_H_ */
