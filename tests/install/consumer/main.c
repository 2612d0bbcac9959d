/* A C embedder built against the installed factline with pkg-config. */
#include <factline/factline_c.h>
#include <factline/version.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char** argv) {
  factline_memory* m = NULL;
  char* out = NULL;
  if (strcmp(factline_version(), FACTLINE_VERSION) != 0) {
    fprintf(stderr, "version %s != %s\n", factline_version(), FACTLINE_VERSION);
    return 1;
  }
  if (argc < 2 || factline_open(argv[1], NULL, &m) != FACTLINE_OK) return 1;
  if (factline_remember(m, "goaltender is associated with the sport of bandy.",
                        NULL, &out) != FACTLINE_OK) {
    fprintf(stderr, "%s\n", factline_last_error());
    return 1;
  }
  factline_free(out);
  if (factline_get(m, "goaltender", "sport", &out) != FACTLINE_OK) return 1;
  int ok = strstr(out, "\"value\":\"bandy\"") != NULL;
  factline_free(out);
  factline_close(m);
  printf(ok ? "c: bandy\n" : "c: wrong\n");
  return ok ? 0 : 1;
}
