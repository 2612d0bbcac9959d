/* The C API (query/factline_c.h) driven from C: every call, and the errors a
 * C caller can make (NULL arguments, bad JSON, invalid UTF-8, a missing or
 * read-only store). Exits non-zero naming the first failed check. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "query/factline_c.h"

static int failures = 0;

#define CHECK(cond)                                                           \
  do {                                                                        \
    if (!(cond)) {                                                            \
      fprintf(stderr, "%s:%d: check failed: %s (last error: %s)\n", __FILE__, \
              __LINE__, #cond, factline_last_error());                        \
      ++failures;                                                             \
    }                                                                         \
  } while (0)

/* The call returned `code` and left a message for this thread. */
#define CHECK_FAILS(call, code)              \
  do {                                       \
    factline_code rc_ = (call);              \
    CHECK(rc_ == (code));                    \
    CHECK(factline_last_error()[0] != '\0'); \
  } while (0)

static int contains(const char* json, const char* needle) {
  return json != NULL && strstr(json, needle) != NULL;
}

/* The first "<key>":<number> in json, or 0. */
static unsigned long long first_number(const char* json, const char* key) {
  char pattern[64];
  snprintf(pattern, sizeof pattern, "\"%s\":", key);
  const char* at = json ? strstr(json, pattern) : NULL;
  return at ? strtoull(at + strlen(pattern), NULL, 10) : 0;
}

int main(void) {
  char dir_template[] = "/tmp/factline_c_api_XXXXXX";
  char* root = mkdtemp(dir_template);
  if (root == NULL) return 2;
  char store[512], missing[512];
  snprintf(store, sizeof store, "%s/store", root);
  snprintf(missing, sizeof missing, "%s/missing", root);

  CHECK(factline_version()[0] != '\0');
  factline_free(NULL);
  factline_close(NULL);

  factline_memory* m = (factline_memory*)1;
  /* Opening: NULL arguments, bad options, a missing read-only store. */
  CHECK_FAILS(factline_open(NULL, NULL, &m), FACTLINE_INVALID_ARGUMENT);
  CHECK(m == NULL);
  CHECK_FAILS(factline_open(store, NULL, NULL), FACTLINE_INVALID_ARGUMENT);
  CHECK_FAILS(factline_open("bad\xff", NULL, &m), FACTLINE_INVALID_ARGUMENT);
  CHECK_FAILS(factline_open(store, "{\"read_only\":", &m),
              FACTLINE_INVALID_ARGUMENT);
  CHECK_FAILS(factline_open(store, "{\"no_such_option\":1}", &m),
              FACTLINE_INVALID_ARGUMENT);
  CHECK(factline_open(missing, "{\"read_only\":true}", &m) != FACTLINE_OK);
  CHECK(m == NULL);
  CHECK(factline_last_error()[0] != '\0');

  CHECK(factline_open(store, "{\"gate\":true}", &m) == FACTLINE_OK);
  if (m == NULL) return 1;
  CHECK(factline_last_error()[0] == '\0');

  /* Remember text with provenance; the second line supersedes the first. */
  char* out = (char*)1;
  CHECK(factline_remember(
            m, "goaltender is associated with the sport of ice hockey.\n",
            "{\"session_id\":\"c-test\",\"source\":\"c#1\"}",
            &out) == FACTLINE_OK);
  CHECK(contains(out, "\"action\":\"added\""));
  factline_free(out);
  CHECK(factline_remember(m,
                          "goaltender is associated with the sport of bandy.\n",
                          NULL, &out) == FACTLINE_OK);
  CHECK(contains(out, "\"action\":\"superseded\""));
  factline_free(out);
  CHECK_FAILS(factline_remember(m, "goaltender plays \xff\xfe.\n", NULL, &out),
              FACTLINE_INVALID_ARGUMENT);
  CHECK(out == NULL);
  CHECK_FAILS(factline_remember(m, "x is y.", "{", &out),
              FACTLINE_INVALID_ARGUMENT);
  CHECK_FAILS(factline_remember(m, "x is y.", "{\"origin\":\"martian\"}", &out),
              FACTLINE_INVALID_ARGUMENT);
  CHECK_FAILS(factline_remember(NULL, "x", NULL, &out),
              FACTLINE_INVALID_ARGUMENT);
  CHECK_FAILS(factline_remember(m, NULL, NULL, &out),
              FACTLINE_INVALID_ARGUMENT);

  /* Get: the current value carries the one it superseded. */
  CHECK(factline_get(m, "goaltender", "sport", &out) == FACTLINE_OK);
  CHECK(contains(out, "\"value\":\"bandy\""));
  CHECK(contains(out, "\"value\":\"ice hockey\""));
  unsigned long long bandy = first_number(out, "id");
  CHECK(bandy != 0);
  factline_free(out);
  CHECK_FAILS(factline_get(NULL, "goaltender", "sport", &out),
              FACTLINE_INVALID_ARGUMENT);
  CHECK_FAILS(factline_get(m, "goaltender", NULL, &out),
              FACTLINE_INVALID_ARGUMENT);
  CHECK_FAILS(factline_get(m, "goal\xc3", "sport", &out),
              FACTLINE_INVALID_ARGUMENT);
  CHECK_FAILS(factline_get(m, "goaltender", "sport", NULL),
              FACTLINE_INVALID_ARGUMENT);

  /* Structured atoms with stated times; then both time axes. */
  CHECK(factline_remember_atoms(
            m,
            "[{\"subject\":\"Ada\",\"relation\":\"P641\",\"value\":\"cricket\","
            "\"valid_from\":1000000000000000,\"tx_time\":1000000000000000},"
            "{\"subject\":\"Ada\",\"relation\":\"P641\",\"value\":\"tennis\","
            "\"valid_from\":1100000000000000,\"tx_time\":1100000000000000,"
            "\"provenance\":{\"origin\":\"human\",\"source\":\"c#2\"}}]",
            &out) == FACTLINE_OK);
  CHECK(contains(out, "\"decisions\""));
  factline_free(out);
  CHECK_FAILS(factline_remember_atoms(m, "[{", &out),
              FACTLINE_INVALID_ARGUMENT);
  CHECK_FAILS(factline_remember_atoms(m, "{}", &out),
              FACTLINE_INVALID_ARGUMENT);
  CHECK_FAILS(factline_remember_atoms(
                  m, "[{\"subject\":\"Ada\",\"relation\":\"P641\"}]", &out),
              FACTLINE_INVALID_ARGUMENT);
  CHECK(contains(factline_last_error(), "atom 0"));
  CHECK(contains(factline_last_error(), "value"));
  CHECK_FAILS(
      factline_remember_atoms(m,
                              "[{\"subject\":\"Ada\",\"relation\":\"P641\","
                              "\"value\":\"\xff\"}]",
                              &out),
      FACTLINE_INVALID_ARGUMENT);

  CHECK(factline_history(m, "Ada", "P641", FACTLINE_ORDER_VALID, &out) ==
        FACTLINE_OK);
  CHECK(contains(out, "cricket") && contains(out, "tennis"));
  CHECK(strstr(out, "cricket") < strstr(out, "tennis"));
  factline_free(out);
  CHECK(factline_history(m, "Ada", "P641", FACTLINE_ORDER_TRANSACTION, &out) ==
        FACTLINE_OK);
  CHECK(contains(out, "cricket") && contains(out, "tennis"));
  factline_free(out);
  CHECK_FAILS(factline_history(m, "Ada", "P641", 7, &out),
              FACTLINE_INVALID_ARGUMENT);

  CHECK(factline_as_of(m, "Ada", "P641", 1050000000000000,
                       FACTLINE_AXIS_TRANSACTION, &out) == FACTLINE_OK);
  CHECK(contains(out, "cricket") && !contains(out, "tennis"));
  factline_free(out);
  CHECK(factline_as_of(m, "Ada", "P641", 1050000000000000, FACTLINE_AXIS_VALID,
                       &out) == FACTLINE_OK);
  CHECK(contains(out, "cricket") && !contains(out, "tennis"));
  factline_free(out);
  CHECK(factline_as_of(m, "Ada", "P641", 1200000000000000, FACTLINE_AXIS_VALID,
                       &out) == FACTLINE_OK);
  CHECK(contains(out, "\"value\":\"tennis\""));
  factline_free(out);
  CHECK_FAILS(factline_as_of(m, "Ada", "P641", 0, 5, &out),
              FACTLINE_INVALID_ARGUMENT);

  /* Ask and search. */
  CHECK(factline_ask(m, "Which sport is goaltender associated with?",
                     FACTLINE_NOW, &out) == FACTLINE_OK);
  CHECK(contains(out, "\"text\":\"bandy\""));
  CHECK(contains(out, "\"known\":true"));
  factline_free(out);
  CHECK_FAILS(factline_ask(m, "", FACTLINE_NOW, &out),
              FACTLINE_INVALID_ARGUMENT);
  CHECK_FAILS(factline_ask(m, "which \xe2\x82?", FACTLINE_NOW, &out),
              FACTLINE_INVALID_ARGUMENT);
  CHECK(factline_search(m, "goaltender sport bandy", 3, &out) == FACTLINE_OK);
  CHECK(contains(out, "goaltender"));
  factline_free(out);
  CHECK_FAILS(factline_search(m, "goaltender", 0, &out),
              FACTLINE_INVALID_ARGUMENT);

  /* Quarantine the current value, find it held, approve it back. */
  CHECK(factline_review_list(m, FACTLINE_HELD_PENDING, &out) == FACTLINE_OK);
  CHECK(out != NULL && out[0] == '[');
  factline_free(out);
  CHECK_FAILS(factline_review_list(m, 9, &out), FACTLINE_INVALID_ARGUMENT);
  CHECK(factline_quarantine(m, bandy, "wrong sport", &out) == FACTLINE_OK);
  factline_free(out);
  CHECK(factline_get(m, "goaltender", "sport", &out) == FACTLINE_OK);
  CHECK(!contains(out, "bandy"));
  factline_free(out);
  CHECK_FAILS(factline_quarantine(m, bandy, NULL, &out),
              FACTLINE_INVALID_ARGUMENT);
  CHECK(factline_review_list(m, FACTLINE_HELD_QUARANTINED, &out) ==
        FACTLINE_OK);
  CHECK(contains(out, "bandy"));
  unsigned long long held = first_number(out, "id");
  factline_free(out);
  CHECK(held != 0);
  CHECK(factline_review_approve(m, held, NULL, &out) == FACTLINE_OK);
  factline_free(out);
  CHECK(factline_get(m, "goaltender", "sport", &out) == FACTLINE_OK);
  CHECK(contains(out, "\"value\":\"bandy\""));
  factline_free(out);
  CHECK(factline_review_reject(m, 999999, "no such item") != FACTLINE_OK);
  CHECK(factline_last_error()[0] != '\0');
  CHECK_FAILS(factline_review_reject(m, held, NULL), FACTLINE_INVALID_ARGUMENT);

  /* Audit. */
  CHECK(factline_audit(m, 0, 1000, &out) == FACTLINE_OK);
  CHECK(contains(out, "\"action\":\"added\""));
  CHECK(contains(out, "\"action\":\"superseded\""));
  factline_free(out);
  CHECK_FAILS(factline_audit(NULL, 0, 10, &out), FACTLINE_INVALID_ARGUMENT);

  /* Stats: the store's counts. */
  CHECK(factline_stats(m, &out) == FACTLINE_OK);
  CHECK(contains(out, "\"superseded_atoms\":"));
  CHECK(first_number(out, "atoms") >= 3);
  factline_free(out);
  CHECK_FAILS(factline_stats(NULL, &out), FACTLINE_INVALID_ARGUMENT);
  factline_close(m);

  /* Read-only: reads work, writes are refused with an error. */
  m = NULL;
  CHECK(factline_open(store, "{\"read_only\":true}", &m) == FACTLINE_OK);
  if (m != NULL) {
    CHECK(factline_get(m, "goaltender", "sport", &out) == FACTLINE_OK);
    CHECK(contains(out, "bandy"));
    factline_free(out);
    out = (char*)1;
    CHECK(factline_remember(m,
                            "goaltender is associated with the sport of "
                            "polo.\n",
                            NULL, &out) != FACTLINE_OK);
    CHECK(out == NULL);
    CHECK(factline_last_error()[0] != '\0');
    factline_close(m);
  }

  char cleanup[600];
  snprintf(cleanup, sizeof cleanup, "rm -rf '%s'", root);
  if (system(cleanup) != 0) fprintf(stderr, "could not remove %s\n", root);
  if (failures != 0) {
    fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  printf("c api: all checks passed\n");
  return 0;
}
