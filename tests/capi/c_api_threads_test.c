/* The header's thread contract, from C: one writer thread remembers a
 * sequence of values for one slot while 8 reader threads share the handle.
 * Every call must succeed, each reader must see the values in the order
 * written (never an older one after a newer), and each thread's error
 * message is its own. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "query/factline_c.h"

enum { kReaders = 8, kWrites = 40 };

static factline_memory* memory;
static volatile int writer_done = 0; /* read under `lock` */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static int done(void) {
  pthread_mutex_lock(&lock);
  int d = writer_done;
  pthread_mutex_unlock(&lock);
  return d;
}

/* The n of "\"value\":\"season n\"" in the first atom, or -1 when none. */
static int season(const char* json) {
  const char* at = strstr(json, "\"value\":\"season ");
  return at ? atoi(at + strlen("\"value\":\"season ")) : -1;
}

static void* writer(void* arg) {
  long failures = 0;
  (void)arg;
  for (int i = 0; i < kWrites; ++i) {
    char line[128];
    char* out = NULL;
    snprintf(line, sizeof line,
             "goaltender is associated with the sport of season %d.", i);
    if (factline_remember(memory, line, NULL, &out) != FACTLINE_OK) {
      fprintf(stderr, "writer: %s\n", factline_last_error());
      ++failures;
    }
    factline_free(out);
  }
  pthread_mutex_lock(&lock);
  writer_done = 1;
  pthread_mutex_unlock(&lock);
  return (void*)failures;
}

static void* reader(void* arg) {
  long failures = 0;
  int last = -1;
  int id = (int)(long)arg;
  int final_round = 0;
  /* Reads until the writer is done, then once more: that read must see the
   * last value written. */
  while (!final_round) {
    char* out = NULL;
    final_round = done();
    if (factline_get(memory, "goaltender", "sport", &out) != FACTLINE_OK) {
      fprintf(stderr, "reader %d get: %s\n", id, factline_last_error());
      ++failures;
    } else {
      int now = season(out);
      if (now < last) {
        fprintf(stderr, "reader %d saw season %d after %d\n", id, now, last);
        ++failures;
      }
      if (now > last) last = now;
    }
    factline_free(out);
    if (factline_history(memory, "goaltender", "sport",
                         FACTLINE_ORDER_TRANSACTION, &out) != FACTLINE_OK) {
      ++failures;
    }
    factline_free(out);
    /* A failing call sets this thread's message and no other's. */
    if (factline_get(memory, NULL, "sport", &out) !=
            FACTLINE_INVALID_ARGUMENT ||
        strstr(factline_last_error(), "subject") == NULL) {
      fprintf(stderr, "reader %d: wrong error: %s\n", id,
              factline_last_error());
      ++failures;
    }
  }
  if (last != kWrites - 1) {
    fprintf(stderr, "reader %d ended at season %d\n", id, last);
    ++failures;
  }
  return (void*)failures;
}

int main(void) {
  char dir_template[] = "/tmp/factline_c_threads_XXXXXX";
  char* root = mkdtemp(dir_template);
  if (root == NULL) return 2;
  char store[512];
  snprintf(store, sizeof store, "%s/store", root);
  if (factline_open(store, "{\"gate\":false}", &memory) != FACTLINE_OK) {
    fprintf(stderr, "open: %s\n", factline_last_error());
    return 1;
  }
  pthread_t threads[kReaders + 1];
  pthread_create(&threads[0], NULL, writer, NULL);
  for (long i = 1; i <= kReaders; ++i) {
    pthread_create(&threads[i], NULL, reader, (void*)i);
  }
  long failures = 0;
  for (int i = 0; i <= kReaders; ++i) {
    void* result = NULL;
    pthread_join(threads[i], &result);
    failures += (long)result;
  }
  factline_close(memory);
  char cleanup[600];
  snprintf(cleanup, sizeof cleanup, "rm -rf '%s'", root);
  if (system(cleanup) != 0) fprintf(stderr, "could not remove %s\n", root);
  if (failures != 0) {
    fprintf(stderr, "%ld failure(s)\n", failures);
    return 1;
  }
  printf("c api threads: ok\n");
  return 0;
}
