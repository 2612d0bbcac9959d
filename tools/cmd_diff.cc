// factline diff: what changed in the store's beliefs between two
// transaction times, and who changed it (Memory::Diff).
#include <iostream>

#include "tools/cli.h"

namespace factline::cli {

namespace {

struct DiffArgs {
  std::string t1;
  std::string t2;
  std::string subject;
};

std::string ValuesText(const std::vector<Atom>& atoms) {
  if (atoms.empty()) return "(none)";
  std::string out;
  for (const Atom& a : atoms) {
    if (!out.empty()) out += ", ";
    out += a.value;
  }
  return out;
}

nlohmann::json ChangeToJson(const SlotChange& c) {
  nlohmann::json before = nlohmann::json::array();
  nlohmann::json after = nlohmann::json::array();
  for (const Atom& a : c.before) before.push_back(AtomToJson(a));
  for (const Atom& a : c.after) after.push_back(AtomToJson(a));
  const Provenance& p = c.by.provenance;
  return {{"subject", c.subject},   {"relation", c.relation},
          {"before", before},       {"after", after},
          {"decision", c.decision}, {"decided_at", c.decided_at},
          {"atom", c.by.id},        {"origin", ToString(p.origin)},
          {"model_id", p.model_id}, {"session_id", p.session_id},
          {"source", p.source},     {"reason", c.reason}};
}

// "Joseph / works at: Initech -> Acme  [superseded 2026-..., #5, origin
// cloud_model, model m, session s, source x]"
void PrintChange(std::ostream& out, const SlotChange& c) {
  const Provenance& p = c.by.provenance;
  out << Printable(c.subject) << " / " << Printable(c.relation) << ": "
      << Printable(ValuesText(c.before)) << " -> "
      << Printable(ValuesText(c.after)) << "  [" << c.decision << " "
      << FormatTimestamp(c.decided_at);
  if (c.by.id != kNoAtom) out << ", #" << c.by.id;
  out << ", origin " << ToString(p.origin);
  if (!p.model_id.empty()) out << ", model " << Printable(p.model_id);
  if (!p.session_id.empty()) out << ", session " << Printable(p.session_id);
  if (!p.source.empty()) out << ", source " << Printable(p.source);
  if (!c.reason.empty()) out << "; " << Printable(c.reason);
  out << "]\n";
}

}  // namespace

void RegisterDiff(CLI::App& app, GlobalOptions& global, int* exit_code) {
  auto args = std::make_shared<DiffArgs>();
  CLI::App* cmd = app.add_subcommand(
      "diff",
      "slots whose current value(s) differ between transaction times T1 "
      "and T2, with the decision that changed each and who made it");
  cmd->add_option("t1", args->t1,
                  "YYYY-MM-DD[THH:MM[:SS]Z] or integer microseconds")
      ->required();
  cmd->add_option("t2", args->t2, "as T1; not before it")->required();
  cmd->add_option("--subject", args->subject, "only this subject's slots");
  cmd->callback([args, &global, exit_code] {
    // Malformed or reversed times are usage errors: nothing was asked yet.
    Timestamp times[2];
    const std::string* texts[2] = {&args->t1, &args->t2};
    for (int i = 0; i < 2; ++i) {
      auto t = ParseTimestamp(*texts[i]);
      if (!t.ok()) {
        std::cerr << "factline: diff: T" << (i + 1) << ": "
                  << Printable(t.status().message()) << "\n";
        *exit_code = kExitUsage;
        return;
      }
      times[i] = *t;
    }
    if (times[1] < times[0]) {
      std::cerr << "factline: diff: T2 (" << Printable(args->t2)
                << ") is before T1 (" << Printable(args->t1) << ")\n";
      *exit_code = kExitUsage;
      return;
    }
    auto memory = OpenMemory(global, true);
    if (!memory.ok()) {
      *exit_code = Fail(memory.status(), "diff");
      return;
    }
    auto changes = (*memory)->Diff(times[0], times[1], args->subject);
    if (!changes.ok()) {
      *exit_code = Fail(changes.status(), "diff");
      return;
    }
    if (global.json) {
      nlohmann::json out = nlohmann::json::array();
      for (const auto& c : *changes) out.push_back(ChangeToJson(c));
      PrintJson(out);
    } else if (changes->empty()) {
      std::cout << "no slot changed between " << Printable(args->t1) << " and "
                << Printable(args->t2) << "\n";
    } else {
      for (const auto& c : *changes) PrintChange(std::cout, c);
    }
    *exit_code = kExitOk;
  });
}

}  // namespace factline::cli
