#include "tools/cli.h"

#include <unistd.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>

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

std::string Printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u != 0x7F) {
      out.push_back(c);
      continue;
    }
    static constexpr char kHex[] = "0123456789abcdef";
    out += "\\x";
    out.push_back(kHex[u >> 4]);
    out.push_back(kHex[u & 0xF]);
  }
  return out;
}

namespace {

// The value as CLI11's Range would print it: no "1.000000".
std::string Number(double v) {
  std::ostringstream out;
  out << std::setprecision(17) << v;
  return out.str();
}

// "" when `v` is a number an option of type `kind` (CLI11's "UINT", "INT"
// or "FLOAT") can hold, else why not. An integer is rewritten in plain
// decimal, so that CLI11 never reads "010" as octal.
std::string NumberError(std::string& v, const std::string& kind) {
  const std::string quoted = "'" + v + "'";
  const char* begin = v.data();
  const char* end = v.data() + v.size();
  const bool negative = !v.empty() && v[0] == '-';
  if (kind == "FLOAT") {
    double d = 0;
    // Decimal only: from_chars takes neither "0x" nor a leading "+".
    auto [ptr, ec] = std::from_chars(begin, end, d);
    if (v.empty() || ptr != end || ec == std::errc::invalid_argument ||
        std::isnan(d)) {
      return quoted + " is not a number";
    }
    if (ec == std::errc::result_out_of_range || !std::isfinite(d)) {
      return quoted + " is out of range";
    }
    return "";
  }
  const std::size_t digits = negative ? 1 : 0;
  if (v.size() == digits ||
      v.find_first_not_of("0123456789", digits) != std::string::npos) {
    double d = 0;
    auto [ptr, ec] = std::from_chars(begin, end, d);
    const bool decimal = !v.empty() && ptr == end && ec == std::errc();
    return quoted + (decimal ? " is not a whole number" : " is not a number");
  }
  if (kind == "UINT" && negative) {
    return quoted + " is negative; give a whole number of 0 or more";
  }
  std::uint64_t u = 0;
  std::int64_t i = 0;
  const std::errc ec = kind == "UINT" ? std::from_chars(begin, end, u).ec
                                      : std::from_chars(begin, end, i).ec;
  if (ec != std::errc()) return quoted + " is out of range";
  v = kind == "UINT" ? std::to_string(u) : std::to_string(i);
  return "";
}

void AddNumberChecks(CLI::App* app) {
  for (CLI::Option* opt : app->get_options()) {
    const std::string type = opt->get_type_name();
    const std::string kind = type.substr(0, type.find(':'));
    if (kind != "UINT" && kind != "INT" && kind != "FLOAT") continue;
    opt->transform(CLI::Validator(
        [kind](std::string& v) { return NumberError(v, kind); }, "", ""));
  }
  for (CLI::App* sub : app->get_subcommands([](CLI::App*) { return true; })) {
    AddNumberChecks(sub);
  }
}

}  // namespace

void CheckNumericOptions(CLI::App& app) { AddNumberChecks(&app); }

CLI::Validator AtLeast(double min) {
  return CLI::Validator(
      [min](std::string& v) -> std::string {
        double d = 0;
        std::from_chars(v.data(), v.data() + v.size(), d);
        return d >= min ? "" : "must be at least " + Number(min) + ", not " + v;
      },
      "", "");
}

CLI::Validator Between(double lo, double hi) {
  return CLI::Validator(
      [lo, hi](std::string& v) -> std::string {
        double d = 0;
        std::from_chars(v.data(), v.data() + v.size(), d);
        return d >= lo && d <= hi ? ""
                                  : "must be between " + Number(lo) + " and " +
                                        Number(hi) + ", not " + v;
      },
      "", "");
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
  std::cerr << "factline: " << Printable(context) << ": "
            << Printable(status.ToString()) << "\n";
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
  // page once, so its cost grows with the file (tools/README.md). Past
  // kWalkReadsUpTo a read command relies on the LMDB assert and fault
  // handlers (exit 4) instead.
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
  out << Printable(a.subject) << " / " << Printable(relation) << " = "
      << Printable(a.value) << "  [#" << a.id << ", valid "
      << FormatTimestamp(a.valid_from) << ".." << FormatTimestamp(a.valid_to)
      << ", learned " << FormatTimestamp(a.tx_time) << "; " << fact.why
      << "]\n";
}

void PrintJson(const nlohmann::json& doc) {
  std::cout << doc.dump(-1, ' ', false,
                        nlohmann::json::error_handler_t::replace)
            << "\n";
}

}  // namespace factline::cli
