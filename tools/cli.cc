#include "tools/cli.h"

#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <iostream>

namespace factline::cli {

void ExitOnLmdbAssert(const char* message) {
  // Only write(2) and _exit: LMDB may hold its locks and half-built pages,
  // so nothing that allocates, flushes or unwinds runs from here.
  auto put = [](const char* s) {
    const ssize_t ignored = ::write(2, s, std::strlen(s));
    (void)ignored;
  };
  put("factline: store is damaged (LMDB: ");
  put(message);
  put("); restore it from a backup (factline backup) or run factline check\n");
  ::_exit(kExitStore);
}

int ExitCodeFor(const Status& status) {
  switch (status.code()) {
    case StatusCode::kOk:
      return kExitOk;
    case StatusCode::kNotFound:
      return kExitNotFound;
    case StatusCode::kInvalidArgument:
      return kExitBadInput;
    case StatusCode::kIOError:
    case StatusCode::kCorruption:
    case StatusCode::kNotSupported:
    case StatusCode::kResourceExhausted:
      return kExitStore;
  }
  return kExitInternal;
}

int Fail(const Status& status, const std::string& context) {
  std::cerr << "factline: " << context << ": " << status.ToString() << "\n";
  return ExitCodeFor(status);
}

Result<std::unique_ptr<Memory>> OpenMemory(const GlobalOptions& global,
                                           bool read_only,
                                           bool create_if_missing,
                                           bool apply_declared_cardinality,
                                           graph::PageCheck page_check) {
  MemoryOptions options;
  options.store.page_check = page_check;
  // Readers walk the pages too while that is cheap: the walk reads every
  // page once, about 2 us of CPU per 4 KiB page (0.5 s per GiB; measured
  // on an 80 MiB store, see tools/README.md). Past kWalkReadsUpTo a read
  // command relies on the LMDB assert and fault handlers (exit 4) instead.
  constexpr std::uintmax_t kWalkReadsUpTo = 64u << 20;
  std::error_code size_ec;
  const std::uintmax_t bytes = std::filesystem::file_size(
      std::filesystem::path(global.db) / "data.mdb", size_ec);
  if (read_only && page_check == graph::PageCheck::kWhenWritable) {
    if (global.verify_reads == "always" ||
        (global.verify_reads == "auto" && !size_ec &&
         bytes <= kWalkReadsUpTo)) {
      options.store.page_check = graph::PageCheck::kAlways;
    }
  }
  options.apply_declared_cardinality = apply_declared_cardinality;
  options.store.read_only = read_only;
  options.store.create_if_missing = !read_only && create_if_missing;
  // The gate's knobs: --gate-config, else the store's own gate.json.
  std::string config_path = global.gate_config;
  std::error_code ec;
  if (config_path.empty() &&
      std::filesystem::exists(std::filesystem::path(global.db) / "gate.json",
                              ec)) {
    config_path = (std::filesystem::path(global.db) / "gate.json").string();
  }
  if (!config_path.empty()) {
    auto config = resolver::LoadGateConfig(config_path);
    if (!config.ok()) return config.status();
    options.gate_config = std::move(config).value();
  }
  options.lexicon_path = global.lexicon;
  auto memory = Memory::Open(global.db, std::move(options));
  if (!memory.ok()) {
    return memory.status().WithContext("opening store " + global.db);
  }
  return memory;
}

nlohmann::json AtomToJson(const Atom& atom) {
  const Provenance& p = atom.provenance;
  nlohmann::json j = {
      {"id", atom.id},
      {"subject", atom.subject},
      {"relation", atom.relation},
      {"value", atom.value},
      {"category", ToString(atom.category)},
      {"valid_from", atom.valid_from},
      {"valid_to", atom.valid_to == kForever ? nlohmann::json(nullptr)
                                             : nlohmann::json(atom.valid_to)},
      {"tx_time", atom.tx_time},
      {"origin", ToString(p.origin)},
      {"model_id", p.model_id},
      {"session_id", p.session_id},
      {"source", p.source},
      {"verification", ToString(p.verification)},
      {"confidence", p.confidence},
      {"reinforced_by", atom.reinforced_by},
  };
  j["superseded_by"] = atom.superseded_by == kNoAtom
                           ? nlohmann::json(nullptr)
                           : nlohmann::json(atom.superseded_by);
  j["supersedes"] = atom.supersedes == kNoAtom
                        ? nlohmann::json(nullptr)
                        : nlohmann::json(atom.supersedes);
  return j;
}

nlohmann::json FactToJson(const FactView& fact) {
  nlohmann::json j = AtomToJson(fact.atom);
  j["why"] = fact.why;
  nlohmann::json superseded = nlohmann::json::array();
  for (const Atom& old : fact.superseded) superseded.push_back(AtomToJson(old));
  j["superseded"] = superseded;
  return j;
}

nlohmann::json StatsToJson(const graph::StoreStats& s) {
  return {{"entities", s.entities},
          {"relations", s.relations},
          {"atoms", s.atoms},
          {"current_slots", s.current_slots},
          {"current_atoms", s.current_atoms},
          {"superseded_atoms", s.superseded_atoms},
          {"audit_records", s.audit_records},
          {"map_bytes", s.map_bytes},
          {"used_bytes", s.used_bytes}};
}

void PrintFact(std::ostream& out, const FactView& fact) {
  const Atom& a = fact.atom;
  std::string relation = a.relation;
  if (const RelationDef* def = Lexicon::Builtin().Find(a.relation)) {
    relation = def->name + " (" + def->id + ")";
  }
  out << a.subject << " / " << relation << " = " << a.value << "  [#" << a.id
      << ", valid " << FormatTimestamp(a.valid_from) << ".."
      << FormatTimestamp(a.valid_to) << ", learned "
      << FormatTimestamp(a.tx_time) << "; " << fact.why << "]\n";
}

void PrintJson(const nlohmann::json& doc) {
  std::cout << doc.dump(-1, ' ', false,
                        nlohmann::json::error_handler_t::replace)
            << "\n";
}

}  // namespace factline::cli
