// factline get / history / as-of / entity / stats / ask / audit.
#include <iomanip>
#include <iostream>

#include "tools/cli.h"

namespace factline::cli {

namespace {

nlohmann::json ValidTimeJson(const FactView& f);

// Prints facts (or a JSON array) and returns kExitNotFound when empty.
int PrintFacts(const GlobalOptions& global,
               const Result<std::vector<FactView>>& facts,
               const std::string& what) {
  if (!facts.ok()) return Fail(facts.status(), what);
  if (global.json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& f : *facts) out.push_back(ValidTimeJson(f));
    PrintJson(out);
  } else if (facts->empty()) {
    std::cout << "nothing stored for " << Printable(what) << "\n";
  } else {
    for (const auto& f : *facts) PrintFact(std::cout, f);
  }
  return facts->empty() ? kExitNotFound : kExitOk;
}

struct SlotArgs {
  std::string subject;
  std::string relation;
  std::string time;
  std::string axis = "tx";
  std::string by = "valid";
};

nlohmann::json TimeJson(Timestamp t) {
  return t == kForever ? nlohmann::json(nullptr) : nlohmann::json(t);
}

// FactToJson plus the valid-time model's fields: the effective segments and
// when the atom was learned to have stopped.
nlohmann::json ValidTimeJson(const FactView& f) {
  nlohmann::json j = FactToJson(f);
  nlohmann::json effective = nlohmann::json::array();
  for (const graph::ValidSegment& s : f.effective) {
    effective.push_back({{"from", s.from}, {"to", TimeJson(s.to)}});
  }
  j["effective"] = effective;
  j["superseded_at"] = f.atom.superseded_at == kNoTime
                           ? nlohmann::json(nullptr)
                           : nlohmann::json(f.atom.superseded_at);
  return j;
}

std::string Interval(Timestamp from, Timestamp to) {
  return FormatTimestamp(from) + ".." +
         (to == kForever ? std::string("open") : FormatTimestamp(to));
}

std::string EffectiveText(const FactView& f) {
  if (f.effective.empty()) return "none";
  std::string out;
  for (const graph::ValidSegment& s : f.effective) {
    if (!out.empty()) out += ", ";
    out += Interval(s.from, s.to);
  }
  return out;
}

// One line per atom: value, stated and effective intervals, when it was
// learned and when it was learned to have stopped.
void PrintValidTime(std::ostream& out, const FactView& f, bool with_slot) {
  const Atom& a = f.atom;
  if (with_slot) {
    out << Printable(a.subject) << " / " << Printable(a.relation) << " = ";
  }
  out << Printable(a.value) << "  [#" << a.id << "] stated "
      << Interval(a.valid_from, a.valid_to) << ", effective "
      << EffectiveText(f) << "; learned " << FormatTimestamp(a.tx_time);
  if (a.superseded_by != kNoAtom) {
    out << ", superseded by #" << a.superseded_by;
    if (a.superseded_at != kNoTime) {
      out << " (learned " << FormatTimestamp(a.superseded_at) << ")";
    }
  }
  out << "\n";
}

// history and timeline: valid-time lines, or a JSON array.
int PrintValidTimeFacts(const GlobalOptions& global,
                        const Result<std::vector<FactView>>& facts,
                        const std::string& what) {
  if (!facts.ok()) return Fail(facts.status(), what);
  if (global.json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& f : *facts) out.push_back(ValidTimeJson(f));
    PrintJson(out);
  } else if (facts->empty()) {
    std::cout << "nothing stored for " << Printable(what) << "\n";
  } else {
    std::string relation;
    for (const auto& f : *facts) {
      if (f.atom.relation != relation) {
        relation = f.atom.relation;
        std::string name = relation;
        if (const RelationDef* def = Lexicon::Builtin().Find(relation)) {
          name = def->name + " (" + def->id + ")";
        }
        std::cout << Printable(f.atom.subject) << " / " << Printable(name)
                  << ":\n";
      }
      std::cout << "  ";
      PrintValidTime(std::cout, f, false);
    }
  }
  return facts->empty() ? kExitNotFound : kExitOk;
}

}  // namespace

void RegisterQueries(CLI::App& app, GlobalOptions& global, int* exit_code) {
  auto args = std::make_shared<SlotArgs>();
  auto open = [&global] { return OpenMemory(global, true); };

  CLI::App* get = app.add_subcommand("get", "current value(s) of a slot");
  get->add_option("subject", args->subject)->required();
  get->add_option("relation", args->relation, "lexicon id, name or phrase")
      ->required();
  get->callback([=, &global] {
    auto memory = open();
    if (!memory.ok()) {
      *exit_code = Fail(memory.status(), "get");
      return;
    }
    const std::string what = "(" + args->subject + ", " + args->relation + ")";
    auto current = (*memory)->Current(args->subject, args->relation);
    // A slot whose values all ended ("served as mayor from 2001 to 2014")
    // holds history, not nothing: say so, and where to read it.
    if (current.ok() && current->empty() && !global.json) {
      auto past = (*memory)->History(args->subject, args->relation);
      if (past.ok() && !past->empty()) {
        std::cout << "no current value for " << Printable(what) << "; "
                  << past->size()
                  << (past->size() == 1 ? " value that ended"
                                        : " values that ended")
                  << " (factline history " << Printable(args->subject) << " "
                  << Printable(args->relation) << ")\n";
        *exit_code = kExitNotFound;
        return;
      }
    }
    *exit_code = PrintFacts(global, current, what);
  });

  CLI::App* history = app.add_subcommand(
      "history",
      "every value a slot ever had, with stated and effective intervals");
  history->add_option("subject", args->subject)->required();
  history->add_option("relation", args->relation)->required();
  history
      ->add_option("--by", args->by,
                   "valid: in valid-time order; tx: in the order learned")
      ->check(CLI::IsMember({"valid", "tx"}))
      ->capture_default_str();
  history->callback([=, &global] {
    auto memory = open();
    if (!memory.ok()) {
      *exit_code = Fail(memory.status(), "history");
      return;
    }
    const HistoryOrder order =
        args->by == "tx" ? HistoryOrder::kTransaction : HistoryOrder::kValid;
    *exit_code = PrintValidTimeFacts(
        global, (*memory)->History(args->subject, args->relation, order),
        "(" + args->subject + ", " + args->relation + ")");
  });

  auto timeline_relation = std::make_shared<std::string>();
  CLI::App* timeline = app.add_subcommand(
      "timeline",
      "an entity's (or one slot's) values on the valid-time axis, with when "
      "each was learned and superseded");
  timeline->add_option("subject", args->subject)->required();
  timeline->add_option("relation", *timeline_relation,
                       "one relation; every relation when left out");
  timeline->callback([=, &global] {
    auto memory = open();
    if (!memory.ok()) {
      *exit_code = Fail(memory.status(), "timeline");
      return;
    }
    *exit_code = PrintValidTimeFacts(
        global, (*memory)->Timeline(args->subject, *timeline_relation),
        timeline_relation->empty()
            ? args->subject
            : "(" + args->subject + ", " + *timeline_relation + ")");
  });

  CLI::App* as_of = app.add_subcommand(
      "as-of", "value(s) of a slot as the store stood at TIME");
  as_of->add_option("subject", args->subject)->required();
  as_of->add_option("relation", args->relation)->required();
  as_of
      ->add_option("time", args->time,
                   "YYYY-MM-DD[THH:MM[:SS]Z] or integer microseconds")
      ->required();
  as_of
      ->add_option("--axis", args->axis,
                   "tx: what the store believed then; valid: what was true "
                   "then by today's knowledge")
      ->check(CLI::IsMember({"tx", "valid"}))
      ->capture_default_str();
  as_of->callback([=, &global] {
    auto t = ParseTimestamp(args->time);
    if (!t.ok()) {
      *exit_code = Fail(t.status(), "as-of");
      return;
    }
    auto memory = open();
    if (!memory.ok()) {
      *exit_code = Fail(memory.status(), "as-of");
      return;
    }
    TimeAxis axis =
        args->axis == "valid" ? TimeAxis::kValid : TimeAxis::kTransaction;
    *exit_code = PrintFacts(
        global, (*memory)->AsOf(args->subject, args->relation, *t, axis),
        "(" + args->subject + ", " + args->relation + ") at " + args->time);
  });

  CLI::App* entity =
      app.add_subcommand("entity", "all current atoms of a subject");
  entity->add_option("subject", args->subject)->required();
  entity->callback([=, &global] {
    auto memory = open();
    if (!memory.ok()) {
      *exit_code = Fail(memory.status(), "entity");
      return;
    }
    *exit_code =
        PrintFacts(global, (*memory)->Entity(args->subject), args->subject);
  });

  CLI::App* stats = app.add_subcommand("stats", "store statistics");
  stats->callback([=, &global] {
    auto memory = open();
    if (!memory.ok()) {
      *exit_code = Fail(memory.status(), "stats");
      return;
    }
    auto s = (*memory)->Stats();
    if (!s.ok()) {
      *exit_code = Fail(s.status(), "stats");
      return;
    }
    nlohmann::json j = StatsToJson(*s);
    // What the write-time gate did: outcomes, origins per hour, warnings.
    auto gate = (*memory)->GateStats();
    auto held = (*memory)->Held(HeldFilter::kAll);
    if (!gate.ok() || !held.ok()) {
      *exit_code = Fail(gate.ok() ? held.status() : gate.status(), "stats");
      return;
    }
    std::uint64_t pending = 0, quarantined = 0;
    for (const auto& item : *held) {
      pending += item.state == graph::HeldState::kPending;
      quarantined += item.state == graph::HeldState::kQuarantined;
    }
    j["held_pending"] = pending;
    j["held_quarantined"] = quarantined;
    if (global.json) {
      j["gate"] = GateReportToJson(*gate);
      PrintJson(j);
    } else {
      for (auto& [key, value] : j.items()) {
        std::cout << key << ": " << value << "\n";
      }
      PrintGateReport(std::cout, *gate);
    }
    *exit_code = kExitOk;
  });

  auto question = std::make_shared<std::string>();
  auto ask_time = std::make_shared<std::string>();
  CLI::App* ask = app.add_subcommand("ask", "answer a question from the graph");
  ask->add_option("question", *question)->required();
  ask->add_option("--as-of", *ask_time, "answer as the store stood then");
  ask->callback([=, &global] {
    AskOptions options;
    if (!ask_time->empty()) {
      auto t = ParseTimestamp(*ask_time);
      if (!t.ok()) {
        *exit_code = Fail(t.status(), "--as-of");
        return;
      }
      options.as_of = *t;
    }
    auto memory = open();
    if (!memory.ok()) {
      *exit_code = Fail(memory.status(), "ask");
      return;
    }
    auto answer = (*memory)->Ask(*question, options);
    if (!answer.ok()) {
      *exit_code = Fail(answer.status(), "ask");
      return;
    }
    if (global.json) {
      nlohmann::json chain = nlohmann::json::array();
      for (const auto& hop : answer->chain) {
        nlohmann::json h = FactToJson(hop.fact);
        h["relation_score"] = hop.relation_score;
        chain.push_back(h);
      }
      PrintJson({{"question", *question},
                 {"answer", answer->text},
                 {"known", answer->known},
                 {"score", answer->score},
                 {"subject", answer->subject},
                 {"explanation", answer->explanation},
                 {"chain", chain}});
    } else {
      std::cout << answer->text;
      if (answer->known) {
        std::cout << "  (score " << std::fixed << std::setprecision(2)
                  << answer->score << ")";
      }
      std::cout << "\n";
      for (const auto& hop : answer->chain) {
        std::cout << "  via ";
        PrintFact(std::cout, hop.fact);
      }
      if (!answer->explanation.empty()) {
        std::cout << "  (" << answer->explanation << ")\n";
      }
    }
    *exit_code = answer->known ? kExitOk : kExitNotFound;
  });

  auto search_text = std::make_shared<std::string>();
  auto search_k = std::make_shared<int>(10);
  auto search_entities = std::make_shared<bool>(false);
  CLI::App* search = app.add_subcommand(
      "search", "nearest current atoms (or entities) by the HNSW side-index");
  search->add_option("text", *search_text)->required();
  search->add_option("-k", *search_k, "how many results")
      ->check(Between(1, 1000))
      ->capture_default_str();
  search->add_flag("--entities", *search_entities,
                   "search entity names instead of atoms");
  search->callback([=, &global] {
    // A query without words would return the nearest of anything at
    // score 0, which reads like an answer: it is a usage error.
    std::string why;
    if (CleanDisplay(*search_text).empty()) {
      why = "the query is empty";
    } else if (Status utf8 = ValidateUtf8(*search_text); !utf8.ok()) {
      why = "the query is not valid UTF-8 (" + utf8.message() + ")";
    } else if (!HasLetterOrDigit(*search_text)) {
      why = "the query '" + Printable(*search_text) +
            "' has no letters or digits";
    }
    if (!why.empty()) {
      std::cerr << "factline: search: " << why << "; give words to search "
                << "for\n";
      *exit_code = kExitUsage;
      return;
    }
    // Writable (but never created) so that a rebuilt side-index is saved
    // beside the store instead of being rebuilt by every search.
    auto memory = OpenMemory(global, false, false);
    if (!memory.ok()) {
      *exit_code = Fail(memory.status(), "search");
      return;
    }
    auto hits = *search_entities
                    ? (*memory)->FindEntities(*search_text, *search_k)
                    : (*memory)->Search(*search_text, *search_k);
    if (!hits.ok()) {
      *exit_code = Fail(hits.status(), "search");
      return;
    }
    if (!(*memory)->IndexReport().empty()) {
      std::cerr << "factline: side-index: " << (*memory)->IndexReport() << "\n";
    }
    nlohmann::json out = nlohmann::json::array();
    for (const auto& hit : *hits) {
      if (global.json) {
        nlohmann::json j = *search_entities
                               ? nlohmann::json{{"entity", hit.entity}}
                               : FactToJson(hit.fact);
        j["score"] = hit.score;
        out.push_back(j);
      } else {
        std::cout << std::fixed << std::setprecision(3) << hit.score << "  ";
        if (*search_entities) {
          std::cout << Printable(hit.entity) << "\n";
        } else {
          PrintFact(std::cout, hit.fact);
        }
      }
    }
    if (global.json) PrintJson(out);
    *exit_code = hits->empty() ? kExitNotFound : kExitOk;
  });

  auto since = std::make_shared<std::uint64_t>(1);
  auto limit = std::make_shared<std::size_t>(100);
  auto atom = std::make_shared<AtomId>(kNoAtom);
  CLI::App* audit = app.add_subcommand("audit", "the append-only audit log");
  audit->add_option("--since", *since, "first sequence number")
      ->capture_default_str();
  audit->add_option("--limit", *limit, "most records to print")
      ->capture_default_str();
  audit->add_option("--atom", *atom,
                    "only records about this atom (written, closed, "
                    "reinforced, quarantined, reinstated, verified)");
  audit->callback([=, &global] {
    auto memory = open();
    if (!memory.ok()) {
      *exit_code = Fail(memory.status(), "audit");
      return;
    }
    auto records = *atom == kNoAtom ? (*memory)->Audit(*since, *limit)
                                    : (*memory)->AuditOf(*atom, *since, *limit);
    if (!records.ok()) {
      *exit_code = Fail(records.status(), "audit");
      return;
    }
    for (const auto& r : *records) {
      if (global.json) {
        auto detail = nlohmann::json::parse(r.detail, nullptr, false);
        PrintJson({{"seq", r.seq},
                   {"time", r.time},
                   {"atom", r.atom},
                   {"action", r.action},
                   {"detail", detail.is_discarded() ? nlohmann::json(r.detail)
                                                    : detail}});
      } else {
        std::cout << r.seq << " " << FormatTimestamp(r.time) << " #" << r.atom
                  << " " << r.action << " " << r.detail << "\n";
      }
    }
    *exit_code = kExitOk;
  });
}

}  // namespace factline::cli
