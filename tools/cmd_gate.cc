// factline review / quarantine / reverify / check --replay / ingest-chat /
// gate: the write-time gate's review queue, quarantine, re-verification,
// audit replay and configuration (docs/gate.md).
#include <iostream>
#include <limits>
#include <sstream>

#include "tools/cli.h"

namespace factline::cli {

namespace {

std::string Fixed2(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

nlohmann::json HeldToJson(const graph::HeldItem& item) {
  nlohmann::json verdicts = nlohmann::json::parse(item.detail, nullptr, false);
  return {{"id", item.id},
          {"state", graph::ToString(item.state)},
          {"atom", AtomToJson(item.atom)},
          {"text", item.atom.text},
          {"held_at", item.held_at},
          {"resolved_at", item.resolved_at},
          {"result", item.result},
          {"reason", item.reason},
          {"verdicts",
           verdicts.is_discarded() ? nlohmann::json(item.detail) : verdicts}};
}

void PrintHeld(std::ostream& out, const graph::HeldItem& item) {
  const Atom& a = item.atom;
  const Provenance& p = a.provenance;
  out << "#" << item.id << " " << graph::ToString(item.state) << "  ";
  if (a.subject.empty()) {
    out << "(text) " << a.text.substr(0, 120);
  } else {
    out << a.subject << " / " << a.relation << " = " << a.value;
  }
  out << "  [origin " << ToString(p.origin);
  if (!p.model_id.empty()) out << " (" << p.model_id << ")";
  out << ", confidence " << Fixed2(p.confidence) << ", "
      << ToString(p.verification);
  if (!p.session_id.empty()) out << ", session " << p.session_id;
  if (!p.source.empty()) out << ", source " << p.source;
  if (a.id != kNoAtom) out << ", was atom #" << a.id;
  if (item.result != kNoAtom) out << ", stored as #" << item.result;
  out << "; held " << FormatTimestamp(item.held_at) << "]\n    " << item.reason
      << "\n";
}

void PrintDecision(const GlobalOptions& global, const resolver::Decision& d) {
  if (global.json) {
    PrintJson({{"action", resolver::ToString(d.action)},
               {"atom", d.atom},
               {"closed", d.closed},
               {"held", d.held},
               {"reason", d.reason}});
    return;
  }
  std::cout << resolver::ToString(d.action);
  if (d.atom != kNoAtom) std::cout << " #" << d.atom;
  if (d.held != 0) std::cout << " (held item " << d.held << ")";
  std::cout << ": " << d.reason << "\n";
}

struct ReviewArgs {
  std::uint64_t id = 0;
  std::string reason;
  bool quarantined = false;
  bool all = false;
  std::string subject, relation, value, category;
  double confidence = -1;
};

void RegisterReview(CLI::App& app, GlobalOptions& global, int* exit_code) {
  auto args = std::make_shared<ReviewArgs>();
  CLI::App* review = app.add_subcommand(
      "review", "the review queue: list, approve, reject, edit then approve");
  review->require_subcommand(1);

  CLI::App* list = review->add_subcommand("list", "held items, oldest first");
  list->add_flag("--quarantined", args->quarantined,
                 "quarantined items instead of pending ones");
  list->add_flag("--all", args->all, "every held item, in any state");
  list->callback([args, &global, exit_code] {
    auto memory = OpenMemory(global, true);
    if (!memory.ok()) {
      *exit_code = Fail(memory.status(), "review list");
      return;
    }
    const HeldFilter filter = args->all           ? HeldFilter::kAll
                              : args->quarantined ? HeldFilter::kQuarantined
                                                  : HeldFilter::kPending;
    auto items = (*memory)->Held(filter);
    if (!items.ok()) {
      *exit_code = Fail(items.status(), "review list");
      return;
    }
    if (global.json) {
      nlohmann::json out = nlohmann::json::array();
      for (const auto& item : *items) out.push_back(HeldToJson(item));
      PrintJson(out);
    } else if (items->empty()) {
      std::cout << "no held items\n";
    } else {
      for (const auto& item : *items) PrintHeld(std::cout, item);
    }
    *exit_code = kExitOk;
  });

  CLI::App* approve = review->add_subcommand(
      "approve", "store a held item as if it passed the gate now");
  approve->add_option("id", args->id, "held item id")->required();
  approve->add_option("--reason", args->reason, "why it is approved");
  approve->callback([args, &global, exit_code] {
    auto memory = OpenMemory(global, false);
    if (!memory.ok()) {
      *exit_code = Fail(memory.status(), "review approve");
      return;
    }
    auto d = (*memory)->Approve(args->id, {}, args->reason);
    if (!d.ok()) {
      *exit_code = Fail(d.status(), "review approve");
      return;
    }
    PrintDecision(global, *d);
    *exit_code = kExitOk;
  });

  CLI::App* reject = review->add_subcommand(
      "reject", "quarantine a pending item (kept, restorable by approval)");
  reject->add_option("id", args->id, "held item id")->required();
  reject->add_option("--reason", args->reason, "why it is rejected")
      ->required();
  reject->callback([args, &global, exit_code] {
    auto memory = OpenMemory(global, false);
    if (!memory.ok()) {
      *exit_code = Fail(memory.status(), "review reject");
      return;
    }
    Status s = (*memory)->RejectHeld(args->id, args->reason);
    if (!s.ok()) {
      *exit_code = Fail(s, "review reject");
      return;
    }
    if (global.json) {
      PrintJson({{"held", args->id}, {"state", "quarantined"}});
    } else {
      std::cout << "held item " << args->id << " quarantined\n";
    }
    *exit_code = kExitOk;
  });

  CLI::App* edit =
      review->add_subcommand("edit", "change a held item, then approve it");
  edit->add_option("id", args->id, "held item id")->required();
  edit->add_option("--subject", args->subject);
  edit->add_option("--relation", args->relation);
  edit->add_option("--value", args->value);
  edit->add_option("--confidence", args->confidence)->check(Between(0, 1));
  edit->add_option("--category", args->category,
                   "fact, preference, decision, context");
  edit->add_option("--reason", args->reason, "why it is approved");
  edit->callback([args, &global, exit_code] {
    resolver::ReviewEdit e;
    if (!args->subject.empty()) e.subject = args->subject;
    if (!args->relation.empty()) e.relation = args->relation;
    if (!args->value.empty()) e.value = args->value;
    if (args->confidence >= 0) e.confidence = args->confidence;
    if (!args->category.empty()) {
      auto category = ParseCategory(args->category);
      if (!category.ok()) {
        *exit_code = Fail(category.status(), "--category");
        return;
      }
      e.category = *category;
    }
    if (e.empty()) {
      *exit_code = Fail(Status::InvalidArgument(
                            "nothing to edit: give --subject, --relation, "
                            "--value, --confidence or --category"),
                        "review edit");
      return;
    }
    auto memory = OpenMemory(global, false);
    if (!memory.ok()) {
      *exit_code = Fail(memory.status(), "review edit");
      return;
    }
    auto d = (*memory)->Approve(args->id, e, args->reason);
    if (!d.ok()) {
      *exit_code = Fail(d.status(), "review edit");
      return;
    }
    PrintDecision(global, *d);
    *exit_code = kExitOk;
  });
}

struct QuarantineArgs {
  AtomId atom = kNoAtom;
  std::string reason;
  std::string session, model, origin, since;
  bool yes = false;
};

// Bulk quarantines over this many atoms need --yes.
constexpr std::size_t kBulkConfirmAbove = 100;

// `quarantine --session/--model/--origin [--since]`: undoes what a session,
// model or origin wrote (Memory::QuarantineWhere).
int QuarantineBulk(const GlobalOptions& global, const QuarantineArgs& args) {
  resolver::AtomFilter filter;
  if (!args.session.empty()) filter.session_id = args.session;
  if (!args.model.empty()) filter.model_id = args.model;
  if (!args.origin.empty()) {
    auto origin = ParseOrigin(args.origin);
    if (!origin.ok()) {
      std::cerr << "factline: --origin: "
                << Printable(origin.status().message()) << "\n";
      return kExitUsage;
    }
    filter.origin = *origin;
  }
  if (!args.since.empty()) {
    auto t = ParseTimestamp(args.since);
    if (!t.ok()) {
      std::cerr << "factline: --since: " << Printable(t.status().message())
                << "\n";
      return kExitUsage;
    }
    filter.since = *t;
  }
  const std::string what = filter.Describe();
  auto memory = OpenMemory(global, false, false);
  if (!memory.ok()) return Fail(memory.status(), "quarantine");
  const std::string reason = args.reason.empty() ? "undo " + what : args.reason;
  auto report = (*memory)->QuarantineWhere(
      filter, reason,
      args.yes ? std::numeric_limits<std::size_t>::max() : kBulkConfirmAbove);
  if (!report.ok()) return Fail(report.status(), "quarantine");
  if (global.json) {
    nlohmann::json atoms = nlohmann::json::array();
    nlohmann::json held = nlohmann::json::array();
    for (const auto& d : report->decisions) {
      atoms.push_back(d.atom);
      held.push_back(d.held);
    }
    PrintJson({{"filter", what},
               {"matched", report->matched},
               {"applied", report->applied},
               {"quarantined", atoms},
               {"held", held},
               {"reinstated", report->reinstated}});
  }
  if (report->matched == 0) {
    if (!global.json) {
      std::cout << "no atoms of " << Printable(what)
                << ": nothing quarantined\n";
    }
    return kExitNotFound;
  }
  if (!report->applied) {
    std::cerr << "factline: quarantine: " << report->matched << " atoms of "
              << Printable(what) << " would be quarantined (over "
              << kBulkConfirmAbove
              << "); nothing changed; rerun with --yes to quarantine them\n";
    return kExitUsage;
  }
  if (!global.json) {
    const std::size_t back = report->reinstated.size();
    std::cout << "quarantined " << report->decisions.size() << " atoms of "
              << Printable(what) << "; " << back << " superseded "
              << (back == 1 ? "value" : "values")
              << " current again (review list --quarantined lists them; "
                 "review approve ID restores one)\n";
  }
  return kExitOk;
}

void RegisterQuarantine(CLI::App& app, GlobalOptions& global, int* exit_code) {
  auto args = std::make_shared<QuarantineArgs>();
  CLI::App* cmd = app.add_subcommand(
      "quarantine",
      "withdraw a stored atom, or every atom a session, model or origin "
      "wrote (kept with the reason; the values they superseded become "
      "current again)");
  cmd->add_option("atom", args->atom, "atom id");
  cmd->add_option("--reason", args->reason,
                  "why (required for one atom; default for a bulk one: "
                  "'undo <what>')");
  cmd->add_option("--session", args->session, "every atom this session wrote");
  cmd->add_option("--model", args->model, "every atom this model wrote");
  cmd->add_option("--origin", args->origin,
                  "every atom of this origin (human, local_model, "
                  "cloud_model, fallback, external_api, dataset)");
  cmd->add_option("--since", args->since,
                  "with --session/--model/--origin: only atoms learned at or "
                  "after this time");
  cmd->add_flag("--yes", args->yes,
                "confirm a bulk quarantine of more than 100 atoms");
  cmd->callback([args, &global, exit_code] {
    const bool bulk =
        !args->session.empty() || !args->model.empty() || !args->origin.empty();
    std::string usage;
    if (bulk && args->atom != kNoAtom) {
      usage = "give an atom id or --session/--model/--origin, not both";
    } else if (!bulk && args->atom == kNoAtom) {
      usage = "give an atom id, or --session, --model or --origin";
    } else if (!bulk && !args->since.empty()) {
      usage = "--since needs --session, --model or --origin";
    } else if (!bulk && args->reason.empty()) {
      usage = "--reason is required";
    }
    if (!usage.empty()) {
      std::cerr << "factline: quarantine: " << usage << "\n";
      *exit_code = kExitUsage;
      return;
    }
    if (bulk) {
      *exit_code = QuarantineBulk(global, *args);
      return;
    }
    auto memory = OpenMemory(global, false);
    if (!memory.ok()) {
      *exit_code = Fail(memory.status(), "quarantine");
      return;
    }
    auto d = (*memory)->Quarantine(args->atom, args->reason);
    if (!d.ok()) {
      *exit_code = Fail(d.status(), "quarantine");
      return;
    }
    PrintDecision(global, *d);
    *exit_code = kExitOk;
  });
}

struct ReverifyArgs {
  std::uint64_t verify = 0;
  std::uint64_t expire = 0;
  std::string reason;
  std::string now;
};

void RegisterReverify(CLI::App& app, GlobalOptions& global, int* exit_code) {
  auto args = std::make_shared<ReverifyArgs>();
  CLI::App* cmd = app.add_subcommand(
      "reverify",
      "atoms due for re-verification; --verify/--expire ID marks one");
  cmd->add_option("--verify", args->verify, "mark this atom verified");
  cmd->add_option("--expire", args->expire, "mark this atom expired");
  cmd->add_option("--reason", args->reason, "why (audited)");
  cmd->add_option("--now", args->now,
                  "judge ages at this time instead of the clock");
  cmd->callback([args, &global, exit_code] {
    const bool mark = args->verify != 0 || args->expire != 0;
    if (args->verify != 0 && args->expire != 0) {
      *exit_code =
          Fail(Status::InvalidArgument("give --verify or --expire, not both"),
               "reverify");
      return;
    }
    Timestamp now = NowMicros();
    if (!args->now.empty()) {
      auto t = ParseTimestamp(args->now);
      if (!t.ok()) {
        *exit_code = Fail(t.status(), "--now");
        return;
      }
      now = *t;
    }
    auto memory = OpenMemory(global, !mark);
    if (!memory.ok()) {
      *exit_code = Fail(memory.status(), "reverify");
      return;
    }
    if (mark) {
      const AtomId id = args->verify != 0 ? args->verify : args->expire;
      Status s = args->verify != 0 ? (*memory)->MarkVerified(id, args->reason)
                                   : (*memory)->MarkExpired(id, args->reason);
      if (!s.ok()) {
        *exit_code = Fail(s, "reverify");
        return;
      }
      const char* state = args->verify != 0 ? "verified" : "expired";
      if (global.json) {
        PrintJson({{"atom", id}, {"verification", state}});
      } else {
        std::cout << "atom #" << id << " marked " << state << "\n";
      }
      *exit_code = kExitOk;
      return;
    }
    auto due = (*memory)->DueForReverification(now);
    if (!due.ok()) {
      *exit_code = Fail(due.status(), "reverify");
      return;
    }
    if (global.json) {
      nlohmann::json out = nlohmann::json::array();
      for (const auto& d : *due) {
        nlohmann::json j = FactToJson(d.fact);
        j["age_days"] = d.age_days;
        j["weight"] = d.weight;
        out.push_back(j);
      }
      PrintJson(out);
    } else if (due->empty()) {
      std::cout << "nothing is due for re-verification\n";
    } else {
      for (const auto& d : *due) {
        std::cout << "age " << static_cast<long long>(d.age_days)
                  << " days, weight " << Fixed2(d.weight) << ": ";
        PrintFact(std::cout, d.fact);
      }
    }
    *exit_code = kExitOk;
  });
}

void RegisterCheck(CLI::App& app, GlobalOptions& global, int* exit_code) {
  auto replay = std::make_shared<bool>(false);
  auto into = std::make_shared<std::string>();
  CLI::App* cmd =
      app.add_subcommand("check",
                         "verify every record and invariant of the store "
                         "(exit 1 names the first violation)");
  cmd->add_flag("--replay", *replay,
                "replay the audit log into an empty store and compare");
  cmd->add_option("--into", *into,
                  "directory for the replayed store (kept); default: a "
                  "temporary one, removed");
  cmd->callback([replay, into, &global, exit_code] {
    if (!*replay) {
      *exit_code = RunStoreCheck(global);  // every record and invariant
      return;
    }
    auto memory = OpenMemory(global, true);
    if (!memory.ok()) {
      *exit_code = Fail(memory.status(), "check");
      return;
    }
    std::string dir = *into;
    std::string scratch;
    if (dir.empty()) {
      const char* tmp = std::getenv("TMPDIR");
      std::string pattern =
          std::string(tmp ? tmp : "/tmp") + "/factline_replay_XXXXXX";
      if (mkdtemp(pattern.data()) == nullptr) {
        *exit_code = Fail(Status::IOError("cannot create a temporary "
                                          "directory for the replay"),
                          "check");
        return;
      }
      dir = scratch = pattern;
    }
    auto report = (*memory)->CheckReplay(dir);
    if (!scratch.empty()) {
      std::error_code ec;
      std::filesystem::remove_all(scratch, ec);
    }
    if (!report.ok()) {
      *exit_code = Fail(report.status(), "check --replay");
      return;
    }
    const bool same = report->differences.empty();
    if (global.json) {
      PrintJson({{"records", report->records},
                 {"atoms", report->atoms},
                 {"current", report->current},
                 {"held", report->held},
                 {"identical", same},
                 {"differences", report->differences}});
    } else {
      std::cout << "replayed " << report->records
                << " audit records: " << (same ? "identical" : "DIFFERENT")
                << " (" << report->atoms << " atoms, " << report->current
                << " current, " << report->held << " held items compared)\n";
      for (const auto& d : report->differences) std::cout << "  " << d << "\n";
    }
    *exit_code = same ? kExitOk : kExitStore;
  });
}

struct ChatArgs {
  std::string file = "-";
  std::string origin = "cloud_model";
  std::string model;
  std::string session;
  std::string source;
  double confidence = 0.9;
};

void RegisterChat(CLI::App& app, GlobalOptions& global, int* exit_code) {
  auto args = std::make_shared<ChatArgs>();
  CLI::App* cmd = app.add_subcommand(
      "ingest-chat",
      "remember a conversation chunk with role tags (human:, assistant:, "
      "tool:)");
  cmd->add_option("file", args->file, "chunk file, - for stdin")
      ->capture_default_str();
  cmd->add_option("--origin", args->origin, "origin of assistant turns")
      ->capture_default_str();
  cmd->add_option("--model", args->model, "model id of assistant turns");
  cmd->add_option("--session", args->session, "session id");
  cmd->add_option("--source", args->source, "source reference");
  cmd->add_option("--confidence", args->confidence,
                  "confidence of assistant turns")
      ->check(Between(0, 1))
      ->capture_default_str();
  cmd->callback([args, &global, exit_code] {
    std::stringstream buf;
    if (args->file == "-") {
      buf << std::cin.rdbuf();
    } else {
      auto text = ReadFile(args->file);
      if (!text.ok()) {
        // Bad input (exit 3) whatever the reason, as for `ingest`.
        *exit_code = Fail(Status::InvalidArgument(text.status().message()),
                          "ingest-chat");
        return;
      }
      buf << *text;
    }
    auto origin = ParseOrigin(args->origin);
    if (!origin.ok()) {
      *exit_code = Fail(origin.status(), "--origin");
      return;
    }
    Provenance p;
    p.origin = *origin;
    p.model_id = args->model;
    p.session_id = args->session;
    p.source = args->source.empty() ? args->file : args->source;
    p.confidence = args->confidence;
    auto memory = OpenMemory(global, false);
    if (!memory.ok()) {
      *exit_code = Fail(memory.status(), "ingest-chat");
      return;
    }
    auto report = (*memory)->RememberConversation(buf.str(), p);
    if (!report.ok()) {
      *exit_code = Fail(report.status(), "ingest-chat " + args->file);
      return;
    }
    nlohmann::json decisions = nlohmann::json::array();
    for (const auto& d : report->decisions) {
      if (global.json) {
        decisions.push_back({{"turn", d.input_index},
                             {"action", resolver::ToString(d.action)},
                             {"atom", d.atom},
                             {"held", d.held},
                             {"reason", d.reason}});
      } else {
        std::cout << "turn " << d.input_index << ": ";
        PrintDecision(global, d);
      }
    }
    if (global.json) {
      nlohmann::json unparsed = nlohmann::json::array();
      for (const auto& u : report->unparsed) {
        unparsed.push_back({{"turn", u.index}, {"text", u.text}});
      }
      PrintJson({{"decisions", decisions}, {"unparsed", unparsed}});
    } else {
      for (const auto& u : report->unparsed) {
        std::cout << "turn " << u.index << ": unparsed: " << u.text << "\n";
      }
    }
    *exit_code = kExitOk;
  });
}

void RegisterGateConfig(CLI::App& app, GlobalOptions& global, int* exit_code) {
  auto file = std::make_shared<std::string>();
  CLI::App* gate =
      app.add_subcommand("gate", "the write-time gate's configuration");
  gate->require_subcommand(1);
  CLI::App* config = gate->add_subcommand(
      "config",
      "print the configuration in effect (--gate-config, <db>/gate.json, "
      "else the defaults)");
  config->callback([&global, exit_code] {
    resolver::GateConfig effective;
    std::string path = global.gate_config;
    std::error_code ec;
    const auto in_store = std::filesystem::path(global.db) / "gate.json";
    if (path.empty() && std::filesystem::exists(in_store, ec)) {
      path = in_store.string();
    }
    if (!path.empty()) {
      auto loaded = resolver::LoadGateConfig(path);
      if (!loaded.ok()) {
        *exit_code = Fail(loaded.status(), "gate config");
        return;
      }
      effective = std::move(loaded).value();
    }
    std::cout << resolver::GateConfigToJson(effective) << "\n";
    *exit_code = kExitOk;
  });
  CLI::App* check =
      gate->add_subcommand("check", "validate a gate configuration file");
  check->add_option("file", *file)->required();
  check->callback([file, exit_code] {
    auto loaded = resolver::LoadGateConfig(*file);
    if (!loaded.ok()) {
      *exit_code = Fail(loaded.status(), "gate check");
      return;
    }
    // Patterns are compiled only when a screen is built.
    auto screen = resolver::TextScreen::Create(*loaded);
    if (!screen.ok()) {
      *exit_code = Fail(screen.status().WithContext(*file), "gate check");
      return;
    }
    std::cout << *file << ": valid\n";
    *exit_code = kExitOk;
  });
}

}  // namespace

nlohmann::json GateReportToJson(const resolver::GateReport& report) {
  nlohmann::json hours = nlohmann::json::array();
  for (const auto& h : report.by_hour) {
    hours.push_back({{"hour", FormatTimestamp(h.hour)},
                     {"origin", ToString(h.origin)},
                     {"writes", h.writes}});
  }
  nlohmann::json snr = report.signal_to_noise < 0
                           ? nlohmann::json(nullptr)
                           : nlohmann::json(report.signal_to_noise);
  return {{"actions", report.actions},
          {"signal", report.signal},
          {"noise", report.noise},
          {"signal_to_noise", snr},
          {"writes_by_origin_per_hour", hours},
          {"warnings", report.warnings}};
}

void PrintGateReport(std::ostream& out, const resolver::GateReport& report) {
  out << "gate outcomes:";
  if (report.actions.empty()) out << " none";
  bool first = true;
  for (const auto& [action, count] : report.actions) {
    out << (first ? " " : ", ") << action << " " << count;
    first = false;
  }
  out << "\nsignal-to-noise: ";
  if (report.signal_to_noise < 0) {
    out << "n/a (" << report.signal << " stored, nothing filtered)\n";
  } else {
    out << Fixed2(report.signal_to_noise) << " (" << report.signal
        << " stored or reinforced, " << report.noise
        << " noise, transient or rejected)\n";
  }
  out << "writes by origin per hour:\n";
  Timestamp hour = kNoTime;
  for (const auto& h : report.by_hour) {
    if (h.hour != hour) {
      if (hour != kNoTime) out << "\n";
      out << "  " << FormatTimestamp(h.hour) << " ";
      hour = h.hour;
    } else {
      out << ",";
    }
    out << " " << ToString(h.origin) << " " << h.writes;
  }
  if (hour != kNoTime) out << "\n";
  for (const auto& w : report.warnings) out << "warning: " << w << "\n";
}

void RegisterGate(CLI::App& app, GlobalOptions& global, int* exit_code) {
  app.add_option("--gate-config", global.gate_config,
                 "gate configuration JSON (default: <db>/gate.json if "
                 "present, else built-in defaults; see docs/gate.md)");
  RegisterReview(app, global, exit_code);
  RegisterQuarantine(app, global, exit_code);
  RegisterReverify(app, global, exit_code);
  RegisterCheck(app, global, exit_code);
  RegisterChat(app, global, exit_code);
  RegisterGateConfig(app, global, exit_code);
}

}  // namespace factline::cli
