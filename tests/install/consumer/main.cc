// An out-of-tree embedder built against an installed factline (see
// tests/install/install_test.sh): remembers a superseded fact and reads it.
#include <factline/query/query.h>

#include <iostream>

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  auto memory = factline::Memory::Open(argv[1]);
  if (!memory.ok()) {
    std::cerr << memory.status().ToString() << "\n";
    return 1;
  }
  factline::Provenance said;
  said.session_id = "install-test";
  auto report = (*memory)->Remember(
      "goaltender is associated with the sport of ice hockey.\n"
      "goaltender is associated with the sport of bandy.\n",
      said);
  if (!report.ok()) {
    std::cerr << report.status().ToString() << "\n";
    return 1;
  }
  auto current = (*memory)->Current("goaltender", "sport");
  if (!current.ok() || current->size() != 1) return 1;
  std::cout << "current: " << current->front().atom.value << "\n";
  return 0;
}
