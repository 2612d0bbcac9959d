// factline's own MCP tools, each a thin map onto one Memory call, and the
// JSON Schema check the server runs before any tool.
#include <algorithm>
#include <limits>

#include "tools/cli.h"
#include "tools/mcp_internal.h"

namespace factline::mcp::internal {

using nlohmann::json;

namespace {

json Str(const std::string& description) {
  return {{"type", "string"}, {"description", description}};
}

json Object(json properties, std::vector<std::string> required) {
  if (properties.is_null()) properties = json::object();
  return {{"type", "object"},
          {"properties", std::move(properties)},
          {"required", std::move(required)},
          {"additionalProperties", false}};
}

json Facts(const std::vector<FactView>& facts) {
  json out = json::array();
  for (const FactView& f : facts) out.push_back(cli::FactToJson(f));
  return out;
}

json DecisionToJson(const resolver::Decision& d) {
  return {{"action", resolver::ToString(d.action)},
          {"atom", d.atom},
          {"closed", d.closed},
          {"held", d.held},
          {"reason", d.reason}};
}

json HeldToJson(const graph::HeldItem& item) {
  return {{"id", item.id},
          {"state", graph::ToString(item.state)},
          {"atom", cli::AtomToJson(item.atom)},
          {"text", item.atom.text},
          {"held_at", item.held_at},
          {"result", item.result},
          {"reason", item.reason}};
}

// The writer's provenance: the calling model and session, overridable per
// call.
Provenance CallerProvenance(const json& args, const Context& ctx) {
  Provenance p;
  p.origin = Origin::kCloudModel;
  p.model_id = args.value("model", ctx.model);
  p.session_id = args.value("session", ctx.session);
  p.source = args.value("source", "mcp");
  if (args.contains("confidence")) p.confidence = args["confidence"];
  return p;
}

Result<ToolResult> Remember(const json& args, Context& ctx) {
  Provenance p = CallerProvenance(args, ctx);
  if (args.contains("origin")) {
    FACTLINE_ASSIGN_OR_RETURN(p.origin,
                              ParseOrigin(args["origin"].get<std::string>()));
  }
  const bool has_text = args.contains("text");
  const bool has_atoms = args.contains("atoms");
  if (has_text == has_atoms) {
    return Status::InvalidArgument("give either text or atoms");
  }
  json out = {{"decisions", json::array()}, {"unparsed", json::array()}};
  if (has_text) {
    FACTLINE_ASSIGN_OR_RETURN(
        RememberReport report,
        ctx.memory.Remember(args["text"].get<std::string>(), p));
    for (const auto& d : report.decisions) {
      out["decisions"].push_back(DecisionToJson(d));
    }
    for (const Unparsed& u : report.unparsed) {
      out["unparsed"].push_back(
          {{"index", u.index}, {"text", u.text}, {"reason", u.reason}});
    }
    return ToolResult{out, ""};
  }
  std::vector<Atom> atoms;
  for (const json& a : args["atoms"]) {
    Atom atom;
    atom.subject = a["subject"];
    atom.relation = a["relation"];
    atom.value = a["value"];
    atom.text = a.value("text", "");
    atom.provenance = p;
    if (a.contains("valid_from")) {
      FACTLINE_ASSIGN_OR_RETURN(
          atom.valid_from, ParseTimestamp(a["valid_from"].get<std::string>()));
    }
    if (a.contains("valid_to")) {
      FACTLINE_ASSIGN_OR_RETURN(
          atom.valid_to, ParseTimestamp(a["valid_to"].get<std::string>()));
    }
    atoms.push_back(std::move(atom));
  }
  FACTLINE_ASSIGN_OR_RETURN(auto decisions,
                            ctx.memory.RememberAtoms(std::move(atoms)));
  for (const auto& d : decisions) out["decisions"].push_back(DecisionToJson(d));
  return ToolResult{out, ""};
}

Result<ToolResult> Recall(const json& args, Context& ctx) {
  const std::string subject = args["subject"];
  const std::string relation = args.value("relation", "");
  FACTLINE_ASSIGN_OR_RETURN(
      auto facts, relation.empty() ? ctx.memory.Entity(subject)
                                   : ctx.memory.Current(subject, relation));
  return ToolResult{{{"facts", Facts(facts)}}, ""};
}

Result<ToolResult> History(const json& args, Context& ctx) {
  const HistoryOrder order = args.value("order", "transaction") == "valid"
                                 ? HistoryOrder::kValid
                                 : HistoryOrder::kTransaction;
  FACTLINE_ASSIGN_OR_RETURN(
      auto facts,
      ctx.memory.History(args["subject"].get<std::string>(),
                         args["relation"].get<std::string>(), order));
  return ToolResult{{{"facts", Facts(facts)}}, ""};
}

Result<ToolResult> AsOf(const json& args, Context& ctx) {
  FACTLINE_ASSIGN_OR_RETURN(Timestamp t,
                            ParseTimestamp(args["time"].get<std::string>()));
  const TimeAxis axis = args.value("axis", "transaction") == "valid"
                            ? TimeAxis::kValid
                            : TimeAxis::kTransaction;
  FACTLINE_ASSIGN_OR_RETURN(
      auto facts,
      ctx.memory.AsOf(args["subject"].get<std::string>(),
                      args["relation"].get<std::string>(), t, axis));
  return ToolResult{{{"facts", Facts(facts)}}, ""};
}

Result<ToolResult> Ask(const json& args, Context& ctx) {
  AskOptions options;
  if (args.contains("as_of")) {
    FACTLINE_ASSIGN_OR_RETURN(options.as_of,
                              ParseTimestamp(args["as_of"].get<std::string>()));
  }
  FACTLINE_ASSIGN_OR_RETURN(
      Answer a, ctx.memory.Ask(args["question"].get<std::string>(), options));
  json chain = json::array();
  for (const Hop& hop : a.chain) chain.push_back(cli::FactToJson(hop.fact));
  return ToolResult{{{"answer", a.text},
                     {"known", a.known},
                     {"values", a.values},
                     {"score", a.score},
                     {"subject", a.subject},
                     {"method", a.method},
                     {"explanation", a.explanation},
                     {"chain", chain}},
                    ""};
}

Result<ToolResult> Search(const json& args, Context& ctx) {
  FACTLINE_ASSIGN_OR_RETURN(
      auto hits,
      ctx.memory.Search(args["query"].get<std::string>(), args.value("k", 10)));
  json out = json::array();
  for (const SearchHit& h : hits) {
    json j = cli::FactToJson(h.fact);
    j["score"] = h.score;
    out.push_back(std::move(j));
  }
  return ToolResult{{{"hits", out}}, ""};
}

Result<ToolResult> ReviewList(const json& args, Context& ctx) {
  const std::string state = args.value("state", "pending");
  const HeldFilter filter = state == "all"           ? HeldFilter::kAll
                            : state == "quarantined" ? HeldFilter::kQuarantined
                                                     : HeldFilter::kPending;
  FACTLINE_ASSIGN_OR_RETURN(auto items, ctx.memory.Held(filter));
  json out = json::array();
  for (const auto& item : items) out.push_back(HeldToJson(item));
  return ToolResult{{{"items", out}}, ""};
}

Result<ToolResult> ReviewDecide(const json& args, Context& ctx) {
  const std::uint64_t id = args["id"];
  const std::string reason = args.value("reason", "");
  if (args["decision"] == "approve") {
    FACTLINE_ASSIGN_OR_RETURN(auto d, ctx.memory.Approve(id, {}, reason));
    return ToolResult{DecisionToJson(d), ""};
  }
  if (reason.empty()) {
    return Status::InvalidArgument("a rejection needs a reason");
  }
  FACTLINE_RETURN_IF_ERROR(ctx.memory.RejectHeld(id, reason));
  return ToolResult{{{"held", id}, {"state", "quarantined"}}, ""};
}

// Bulk quarantines over this many atoms need confirm: true, as the CLI's
// need --yes.
constexpr std::size_t kBulkConfirmAbove = 100;

Result<ToolResult> Quarantine(const json& args, Context& ctx) {
  const std::string reason = args["reason"];
  const bool bulk = args.contains("session") || args.contains("model");
  if (bulk == args.contains("atom")) {
    return Status::InvalidArgument("give an atom id or a session/model");
  }
  if (!bulk) {
    FACTLINE_ASSIGN_OR_RETURN(
        auto d, ctx.memory.Quarantine(args["atom"].get<AtomId>(), reason));
    return ToolResult{DecisionToJson(d), ""};
  }
  resolver::AtomFilter filter;
  if (args.contains("session")) filter.session_id = args["session"];
  if (args.contains("model")) filter.model_id = args["model"];
  FACTLINE_ASSIGN_OR_RETURN(
      auto report,
      ctx.memory.QuarantineWhere(filter, reason,
                                 args.value("confirm", false)
                                     ? std::numeric_limits<std::size_t>::max()
                                     : kBulkConfirmAbove));
  json atoms = json::array();
  for (const auto& d : report.decisions) atoms.push_back(d.atom);
  return ToolResult{{{"filter", filter.Describe()},
                     {"matched", report.matched},
                     {"applied", report.applied},
                     {"quarantined", atoms},
                     {"reinstated", report.reinstated}},
                    ""};
}

json ReadOnly() {
  return {{"readOnlyHint", true},
          {"destructiveHint", false},
          {"idempotentHint", true},
          {"openWorldHint", false}};
}

json Writes(bool destructive) {
  return {{"readOnlyHint", false},
          {"destructiveHint", destructive},
          {"idempotentHint", false},
          {"openWorldHint", false}};
}

}  // namespace

void AddFactlineTools(std::vector<Tool>* tools) {
  const json time_text =
      Str("a time: 2026-11-29, 2026-11-29T14:05:00Z, or raw microseconds");
  json atom_schema =
      Object({{"subject", Str("who or what the fact is about")},
              {"relation", Str("lexicon id (P108), name or phrase")},
              {"value", Str("the value")},
              {"text", Str("the sentence it came from")},
              {"valid_from", time_text},
              {"valid_to", time_text}},
             {"subject", "relation", "value"});
  tools->push_back(
      {"remember", "Remember",
       "Store facts: plain text (one fact per line, parsed into "
       "subject-relation-value atoms) or structured atoms. A new value of a "
       "one-valued slot supersedes the old one, which stays in history. "
       "Provenance: the calling model and this session, unless given.",
       Object({{"text", Str("facts in plain text, one per line")},
               {"atoms", {{"type", "array"}, {"items", atom_schema}}},
               {"model", Str("model id (default: the client's name)")},
               {"session", Str("session id (default: this connection's)")},
               {"source", Str("reference for the facts (default: mcp)")},
               {"origin",
                {{"type", "string"},
                 {"enum",
                  {"human", "local_model", "cloud_model", "fallback",
                   "external_api", "dataset"}}}},
               {"confidence",
                {{"type", "number"}, {"minimum", 0}, {"maximum", 1}}}},
              {}),
       nullptr, Writes(false), Remember});
  tools->push_back(
      {"recall", "Recall",
       "Current values of a subject: every slot, or one relation.",
       Object({{"subject", Str("entity name")},
               {"relation", Str("lexicon id, name or phrase; omit for all")}},
              {"subject"}),
       nullptr, ReadOnly(), Recall});
  tools->push_back(
      {"ask", "Ask",
       "Answer a question in natural language from the stored facts, with "
       "the chain of facts behind it; 'unknown' rather than a guess.",
       Object({{"question", Str("the question")},
               {"as_of", Str("answer as the store stood at this time")}},
              {"question"}),
       nullptr, ReadOnly(), Ask});
  tools->push_back(
      {"history", "History",
       "Every value a slot ever had, superseded ones included.",
       Object({{"subject", Str("entity name")},
               {"relation", Str("lexicon id, name or phrase")},
               {"order",
                {{"type", "string"}, {"enum", {"transaction", "valid"}}}}},
              {"subject", "relation"}),
       nullptr, ReadOnly(), History});
  tools->push_back(
      {"as_of", "As of",
       "A slot's value(s) at a time: as the store knew it then "
       "(axis transaction) or as valid then by today's knowledge (valid).",
       Object(
           {{"subject", Str("entity name")},
            {"relation", Str("lexicon id, name or phrase")},
            {"time", time_text},
            {"axis", {{"type", "string"}, {"enum", {"transaction", "valid"}}}}},
           {"subject", "relation", "time"}),
       nullptr, ReadOnly(), AsOf});
  tools->push_back(
      {"search", "Search",
       "Current facts whose text is nearest to a query (fuzzy).",
       Object({{"query", Str("words to look for")},
               {"k", {{"type", "integer"}, {"minimum", 1}, {"maximum", 100}}}},
              {"query"}),
       nullptr, ReadOnly(), Search});
  tools->push_back(
      {"review_list", "Review list",
       "Items the write-time gate held for review, or quarantined ones.",
       Object({{"state",
                {{"type", "string"},
                 {"enum", {"pending", "quarantined", "all"}}}}},
              {}),
       nullptr, ReadOnly(), ReviewList});
  tools->push_back(
      {"review_decide", "Review decide",
       "Approve a held item (stored) or reject it (quarantined, kept).",
       Object(
           {{"id", {{"type", "integer"}, {"minimum", 1}}},
            {"decision", {{"type", "string"}, {"enum", {"approve", "reject"}}}},
            {"reason", Str("why; required to reject")}},
           {"id", "decision"}),
       nullptr, Writes(false), ReviewDecide});
  tools->push_back(
      {"quarantine", "Quarantine",
       "Withdraw a stored atom, or every atom a session or model wrote; "
       "kept with the reason, and the values they superseded become current "
       "again.",
       Object({{"atom", {{"type", "integer"}, {"minimum", 1}}},
               {"session", Str("every atom this session wrote")},
               {"model", Str("every atom this model wrote")},
               {"reason", Str("why")},
               {"confirm",
                {{"type", "boolean"},
                 {"description", "needed to quarantine more than 100 atoms"}}}},
              {"reason"}),
       nullptr, Writes(true), Quarantine});
}

std::string CheckSchema(const json& schema, const json& value,
                        const std::string& path) {
  const std::string where = path.empty() ? "arguments" : path;
  const std::string type = schema.value("type", "");
  bool fits = true;
  if (type == "object") {
    fits = value.is_object();
  } else if (type == "array") {
    fits = value.is_array();
  } else if (type == "string") {
    fits = value.is_string();
  } else if (type == "integer") {
    fits = value.is_number_integer();
  } else if (type == "number") {
    fits = value.is_number();
  } else if (type == "boolean") {
    fits = value.is_boolean();
  }
  if (!fits) return where + ": expected " + type;
  if (auto e = schema.find("enum"); e != schema.end()) {
    if (std::find(e->begin(), e->end(), value) == e->end()) {
      return where + ": must be one of " + e->dump();
    }
  }
  if (value.is_number()) {
    if (schema.contains("minimum") && value < schema["minimum"]) {
      return where + ": must be at least " + schema["minimum"].dump();
    }
    if (schema.contains("maximum") && value > schema["maximum"]) {
      return where + ": must be at most " + schema["maximum"].dump();
    }
  }
  if (value.is_object()) {
    const json props = schema.value("properties", json::object());
    for (const auto& name : schema.value("required", json::array())) {
      if (!value.contains(name.get<std::string>())) {
        return where + ": missing " + name.get<std::string>();
      }
    }
    for (const auto& [key, item] : value.items()) {
      const std::string at = path.empty() ? key : (path + ".").append(key);
      auto p = props.find(key);
      if (p == props.end()) {
        if (schema.value("additionalProperties", true) == false) {
          return at + ": unknown argument";
        }
        continue;
      }
      std::string bad = CheckSchema(*p, item, at);
      if (!bad.empty()) return bad;
    }
  }
  if (value.is_array() && schema.contains("items")) {
    for (std::size_t i = 0; i < value.size(); ++i) {
      std::string bad = CheckSchema(schema["items"], value[i],
                                    where + "[" + std::to_string(i) + "]");
      if (!bad.empty()) return bad;
    }
  }
  return "";
}

}  // namespace factline::mcp::internal
