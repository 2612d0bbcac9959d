// factline relations [list]: the stored relations with their cardinality
// and atom counts. factline relations set R one|many: applies a cardinality
// and re-derives the relation's slots.
#include <iostream>

#include "tools/cli.h"

namespace factline::cli {

namespace {

int ListRelations(const GlobalOptions& global) {
  auto memory = OpenMemory(global, true);
  if (!memory.ok()) return Fail(memory.status(), "relations");
  auto relations = (*memory)->Relations();
  if (!relations.ok()) return Fail(relations.status(), "relations");
  if (global.json) {
    nlohmann::json out = nlohmann::json::array();
    for (const RelationInfo& r : *relations) {
      nlohmann::json j = {{"key", r.key},
                          {"name", r.name},
                          {"cardinality", ToString(r.cardinality)},
                          {"atoms", r.atoms},
                          {"current", r.current},
                          {"slots", r.slots},
                          {"superseded", r.superseded}};
      j["declared"] = r.declared
                          ? nlohmann::json(ToString(r.declared_cardinality))
                          : nlohmann::json(nullptr);
      out.push_back(std::move(j));
    }
    PrintJson(out);
    return kExitOk;
  }
  for (const RelationInfo& r : *relations) {
    std::cout << r.key;
    if (!r.name.empty() && r.name != r.key) std::cout << " (" << r.name << ")";
    std::cout << "  " << ToString(r.cardinality) << "  " << r.atoms
              << " atoms, " << r.current << " current, " << r.slots
              << " slots, " << r.superseded << " superseded";
    if (r.declared && r.declared_cardinality != r.cardinality) {
      std::cout << "  [lexicon declares " << ToString(r.declared_cardinality)
                << "]";
    }
    std::cout << "\n";
  }
  if (relations->empty()) std::cout << "no relations stored\n";
  return kExitOk;
}

int SetRelation(const GlobalOptions& global, const std::string& relation,
                const std::string& cardinality) {
  Cardinality c;
  if (cardinality == "one") {
    c = Cardinality::kOne;
  } else if (cardinality == "many") {
    c = Cardinality::kMany;
  } else {
    return Fail(
        Status::InvalidArgument("cardinality must be one or many, not '" +
                                cardinality + "'"),
        "relations set");
  }
  GlobalOptions opts = global;
  auto memory = OpenMemory(opts, false, false, /*apply_declared=*/false);
  if (!memory.ok()) return Fail(memory.status(), "relations set");
  auto slots = (*memory)->SetCardinality(relation, c);
  if (!slots.ok()) return Fail(slots.status(), "relations set " + relation);
  if (global.json) {
    PrintJson({{"relation", relation},
               {"cardinality", cardinality},
               {"slots_rederived", *slots}});
  } else {
    std::cout << "relation " << relation << " is now " << cardinality
              << "-valued; re-derived " << *slots << " slot(s)\n";
  }
  return kExitOk;
}

}  // namespace

void RegisterRelations(CLI::App& app, GlobalOptions& global, int* exit_code) {
  CLI::App* cmd = app.add_subcommand(
      "relations", "stored relations, their cardinality and atom counts");
  CLI::App* list =
      cmd->add_subcommand("list", "relations with cardinality and counts");
  list->callback([&global, exit_code] { *exit_code = ListRelations(global); });
  auto relation = std::make_shared<std::string>();
  auto cardinality = std::make_shared<std::string>();
  CLI::App* set = cmd->add_subcommand(
      "set", "apply a cardinality (one or many) and re-derive the slots");
  set->add_option("relation", *relation, "relation key, id or name")
      ->required();
  set->add_option("cardinality", *cardinality, "one or many")->required();
  set->callback([&global, exit_code, relation, cardinality] {
    *exit_code = SetRelation(global, *relation, *cardinality);
  });
  cmd->callback([cmd, &global, exit_code] {
    if (cmd->get_subcommands().empty()) *exit_code = ListRelations(global);
  });
}

}  // namespace factline::cli
