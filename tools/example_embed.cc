// The C++ API example quoted in README.md; built so the README stays true.
#include <factline/query.h>

#include <iostream>

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : "example.db";
  auto memory = factline::Memory::Open(dir);
  if (!memory.ok()) {
    std::cerr << memory.status().ToString() << "\n";
    return 1;
  }
  factline::Provenance said_by_user;
  said_by_user.origin = factline::Origin::kHuman;
  said_by_user.session_id = "chat-42";
  said_by_user.source = "chat-42#7";
  auto report = (*memory)->Remember(
      "goaltender is associated with the sport of ice hockey.\n"
      "goaltender is associated with the sport of pes\xC3\xA4pallo.\n",
      said_by_user);
  if (!report.ok()) {
    std::cerr << report.status().ToString() << "\n";
    return 1;
  }
  auto current = (*memory)->Current("goaltender", "sport");
  if (!current.ok() || current->empty()) return 1;
  const factline::FactView& fact = current->front();
  std::cout << fact.atom.value << " (" << fact.why << ")\n";
  for (const factline::Atom& old : fact.superseded) {
    std::cout << "  superseded: " << old.value << "\n";
  }
  auto answer = (*memory)->Ask("Which sport is goaltender associated with?");
  if (answer.ok()) std::cout << "ask: " << answer->text << "\n";
  return 0;
}
