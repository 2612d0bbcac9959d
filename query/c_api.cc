// The C API (query/factline_c.h): a thin edge over factline::Memory. Every
// entry point catches every exception, so nothing C++ crosses into C, and
// turns Status into a code plus a thread-local message.
#include "query/internal/c_api.h"

#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <new>
#include <nlohmann/json.hpp>
#include <string>

#include "factline/version.h"  // generated: cmake/version.h.in
#include "query/factline_c.h"
#include "query/query.h"

struct factline_memory {
  std::unique_ptr<factline::Memory> memory;
};

namespace factline {
namespace {

using json = nlohmann::ordered_json;  // keys in the order written

thread_local std::string last_error;

factline_code Fail(const Status& status) {
  last_error = status.ToString();
  return static_cast<factline_code>(static_cast<int>(status.code()));
}

factline_code Fail(factline_code code, std::string message) {
  last_error = std::move(message);
  return code;
}

// Runs `body` with the thread's message cleared and every exception caught.
template <typename Body>
factline_code Guard(char** out_json, Body&& body) {
  last_error.clear();
  if (out_json != nullptr) *out_json = nullptr;
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return Fail(FACTLINE_RESOURCE_EXHAUSTED, "out of memory");
  } catch (const std::exception& e) {
    return Fail(FACTLINE_INTERNAL, std::string("internal error: ") + e.what());
  } catch (...) {
    return Fail(FACTLINE_INTERNAL, "internal error: unknown exception");
  }
}

// A required NUL-terminated UTF-8 argument.
Status CheckText(const char* text, const char* name) {
  if (text == nullptr) {
    return Status::InvalidArgument(std::string(name) + " is NULL");
  }
  Status utf8 = ValidateUtf8(text);
  if (!utf8.ok()) {
    return Status::InvalidArgument(std::string(name) + ": " + utf8.message());
  }
  return Status::Ok();
}

// Hands `doc` to the caller as a malloc'd string (factline_free frees it).
factline_code Emit(const json& doc, char** out_json) {
  if (out_json == nullptr) {
    return Fail(FACTLINE_INVALID_ARGUMENT, "out_json is NULL");
  }
  const std::string text =
      doc.dump(-1, ' ', false, json::error_handler_t::replace);
  char* copy = static_cast<char*>(std::malloc(text.size() + 1));
  if (copy == nullptr)
    return Fail(FACTLINE_RESOURCE_EXHAUSTED, "out of memory");
  std::memcpy(copy, text.c_str(), text.size() + 1);
  *out_json = copy;
  return FACTLINE_OK;
}

json TimeJson(Timestamp t) {
  if (t == kNoTime || t == kForever) return nullptr;
  return t;
}

json AtomJson(const Atom& a) {
  return {{"id", a.id},
          {"subject", a.subject},
          {"relation", a.relation},
          {"value", a.value},
          {"text", a.text},
          {"category", std::string(ToString(a.category))},
          {"valid_from", TimeJson(a.valid_from)},
          {"valid_to", TimeJson(a.valid_to)},
          {"tx_time", TimeJson(a.tx_time)},
          {"tx_time_iso", FormatTimestamp(a.tx_time)},
          {"origin", std::string(ToString(a.provenance.origin))},
          {"model_id", a.provenance.model_id},
          {"session_id", a.provenance.session_id},
          {"source", a.provenance.source},
          {"verification", std::string(ToString(a.provenance.verification))},
          {"confidence", a.provenance.confidence},
          {"superseded_by", a.superseded_by},
          {"superseded_at", TimeJson(a.superseded_at)},
          {"supersedes", a.supersedes},
          {"reinforced_by", a.reinforced_by}};
}

json FactJson(const FactView& f) {
  json superseded = json::array();
  for (const Atom& a : f.superseded) superseded.push_back(AtomJson(a));
  json effective = json::array();
  for (const graph::ValidSegment& s : f.effective) {
    effective.push_back({{"from", TimeJson(s.from)}, {"to", TimeJson(s.to)}});
  }
  return {{"atom", AtomJson(f.atom)},
          {"superseded", superseded},
          {"why", f.why},
          {"effective", effective}};
}

json FactsJson(const std::vector<FactView>& facts) {
  json out = json::array();
  for (const FactView& f : facts) out.push_back(FactJson(f));
  return out;
}

json DecisionJson(const resolver::Decision& d) {
  json verdicts = json::array();
  for (const resolver::GateVerdict& v : d.verdicts) {
    verdicts.push_back({{"stage", v.stage},
                        {"outcome", std::string(ToString(v.outcome))},
                        {"target", v.target},
                        {"reason", v.reason}});
  }
  return {{"input_index", d.input_index},
          {"action", std::string(ToString(d.action))},
          {"atom", d.atom},
          {"closed", d.closed},
          {"reason", d.reason},
          {"verdicts", verdicts},
          {"held", d.held}};
}

json DecisionsJson(const std::vector<resolver::Decision>& decisions) {
  json out = json::array();
  for (const resolver::Decision& d : decisions) out.push_back(DecisionJson(d));
  return out;
}

// Reads a timestamp given as microseconds or a date string.
Result<Timestamp> TimeFrom(const json& v, const char* field) {
  if (v.is_number_integer()) return v.get<Timestamp>();
  if (v.is_string()) return ParseTimestamp(v.get<std::string>());
  return Status::InvalidArgument(std::string(field) +
                                 ": expected microseconds or a date string");
}

Result<std::string> StringField(const json& obj, const char* field,
                                bool required) {
  auto it = obj.find(field);
  if (it == obj.end() || it->is_null()) {
    if (!required) return std::string();
    return Status::InvalidArgument(std::string("missing \"") + field + "\"");
  }
  if (!it->is_string()) {
    return Status::InvalidArgument(std::string("\"") + field +
                                   "\" must be a string");
  }
  return it->get<std::string>();
}

Result<Provenance> ProvenanceFrom(const json& obj) {
  Provenance p;
  if (!obj.is_object()) {
    return Status::InvalidArgument("provenance must be a JSON object");
  }
  if (obj.contains("origin")) {
    FACTLINE_ASSIGN_OR_RETURN(std::string origin,
                              StringField(obj, "origin", true));
    FACTLINE_ASSIGN_OR_RETURN(p.origin, ParseOrigin(origin));
  }
  FACTLINE_ASSIGN_OR_RETURN(p.model_id, StringField(obj, "model_id", false));
  FACTLINE_ASSIGN_OR_RETURN(p.session_id,
                            StringField(obj, "session_id", false));
  FACTLINE_ASSIGN_OR_RETURN(p.source, StringField(obj, "source", false));
  if (obj.contains("confidence")) {
    if (!obj["confidence"].is_number()) {
      return Status::InvalidArgument("\"confidence\" must be a number");
    }
    p.confidence = obj["confidence"].get<double>();
  }
  return p;
}

// Parses `text` as JSON; InvalidArgument naming `what` and the byte offset.
Result<json> ParseJson(const char* text, const char* what) {
  FACTLINE_RETURN_IF_ERROR(CheckText(text, what));
  json doc = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) {
    return Status::InvalidArgument(std::string(what) + ": not valid JSON");
  }
  return doc;
}

Result<Atom> AtomFrom(const json& obj, std::size_t index) {
  const std::string where = "atom " + std::to_string(index);
  auto fail = [&](const Status& s) { return s.WithContext(where); };
  if (!obj.is_object()) return fail(Status::InvalidArgument("not an object"));
  Atom atom;
  for (auto [field, target] : {std::pair{"subject", &atom.subject},
                               std::pair{"relation", &atom.relation},
                               std::pair{"value", &atom.value}}) {
    auto v = StringField(obj, field, true);
    if (!v.ok()) return fail(v.status());
    *target = *v;
  }
  auto text = StringField(obj, "text", false);
  if (!text.ok()) return fail(text.status());
  atom.text = *text;
  if (obj.contains("category")) {
    auto name = StringField(obj, "category", true);
    if (!name.ok()) return fail(name.status());
    auto category = ParseCategory(*name);
    if (!category.ok()) return fail(category.status());
    atom.category = *category;
  }
  for (auto [field, target] : {std::pair{"valid_from", &atom.valid_from},
                               std::pair{"valid_to", &atom.valid_to},
                               std::pair{"tx_time", &atom.tx_time}}) {
    if (!obj.contains(field) || obj[field].is_null()) continue;
    auto t = TimeFrom(obj[field], field);
    if (!t.ok()) return fail(t.status());
    *target = *t;
  }
  if (obj.contains("provenance")) {
    auto p = ProvenanceFrom(obj["provenance"]);
    if (!p.ok()) return fail(p.status());
    atom.provenance = *p;
  }
  return atom;
}

// The handle's Memory, or InvalidArgument for NULL.
Status CheckHandle(const factline_memory* m) {
  if (m == nullptr || m->memory == nullptr) {
    return Status::InvalidArgument("memory handle is NULL");
  }
  return Status::Ok();
}

// Emits a Result of facts, or fails with its status.
factline_code EmitFacts(const Result<std::vector<FactView>>& facts,
                        char** out_json) {
  if (!facts.ok()) return Fail(facts.status());
  return Emit(FactsJson(*facts), out_json);
}

}  // namespace

namespace capi {

Memory* MemoryOf(factline_memory* handle) {
  return handle == nullptr ? nullptr : handle->memory.get();
}

Result<std::vector<Atom>> AtomsFromJson(const char* atoms_json) {
  FACTLINE_ASSIGN_OR_RETURN(json doc, ParseJson(atoms_json, "atoms_json"));
  if (!doc.is_array()) {
    return Status::InvalidArgument("atoms_json must be a JSON array");
  }
  std::vector<Atom> atoms;
  atoms.reserve(doc.size());
  for (std::size_t i = 0; i < doc.size(); ++i) {
    FACTLINE_ASSIGN_OR_RETURN(Atom atom, AtomFrom(doc[i], i));
    atoms.push_back(std::move(atom));
  }
  return atoms;
}

}  // namespace capi

namespace {

#define FACTLINE_C_CHECK(expr)                   \
  do {                                           \
    ::factline::Status c_status_ = (expr);       \
    if (!c_status_.ok()) return Fail(c_status_); \
  } while (0)

}  // namespace
}  // namespace factline

using factline::Fail;
using factline::Guard;
using json = nlohmann::ordered_json;  // keys in the order written

extern "C" {

const char* factline_version(void) { return FACTLINE_VERSION; }

const char* factline_last_error(void) { return factline::last_error.c_str(); }

void factline_free(char* json_text) { std::free(json_text); }

factline_code factline_open(const char* path, const char* options_json,
                            factline_memory** out) {
  if (out != nullptr) *out = nullptr;
  return Guard(nullptr, [&]() -> factline_code {
    if (out == nullptr) {
      return Fail(FACTLINE_INVALID_ARGUMENT, "out is NULL");
    }
    FACTLINE_C_CHECK(factline::CheckText(path, "path"));
    factline::MemoryOptions options;
    if (options_json != nullptr) {
      auto doc = factline::ParseJson(options_json, "options_json");
      if (!doc.ok()) return Fail(doc.status());
      if (!doc->is_object()) {
        return Fail(FACTLINE_INVALID_ARGUMENT,
                    "options_json must be a JSON object");
      }
      for (auto it = doc->begin(); it != doc->end(); ++it) {
        const std::string& key = it.key();
        bool is_bool = it->is_boolean();
        if (key == "read_only" && is_bool) {
          options.store.read_only = it->get<bool>();
        } else if (key == "create_if_missing" && is_bool) {
          options.store.create_if_missing = it->get<bool>();
        } else if (key == "gate" && is_bool) {
          options.gate_config.enabled = it->get<bool>();
        } else if (key == "user_entity" && it->is_string()) {
          options.user_entity = it->get<std::string>();
        } else {
          return Fail(FACTLINE_INVALID_ARGUMENT,
                      "options_json: unknown option or wrong type: " + key);
        }
      }
    }
    auto memory = factline::Memory::Open(path, std::move(options));
    if (!memory.ok()) return Fail(memory.status());
    auto* handle = new factline_memory;
    handle->memory = std::move(*memory);
    *out = handle;
    return FACTLINE_OK;
  });
}

void factline_close(factline_memory* memory) {
  // Destructors do not throw (the side-index save reports nothing), so
  // nothing crosses here either.
  delete memory;
}

factline_code factline_remember(factline_memory* memory, const char* text,
                                const char* provenance_json, char** out_json) {
  return Guard(out_json, [&]() -> factline_code {
    FACTLINE_C_CHECK(factline::CheckHandle(memory));
    FACTLINE_C_CHECK(factline::CheckText(text, "text"));
    factline::Provenance provenance;
    if (provenance_json != nullptr) {
      auto doc = factline::ParseJson(provenance_json, "provenance_json");
      if (!doc.ok()) return Fail(doc.status());
      auto p = factline::ProvenanceFrom(*doc);
      if (!p.ok()) return Fail(p.status());
      provenance = *p;
    }
    auto report = memory->memory->Remember(std::string_view(text), provenance);
    if (!report.ok()) return Fail(report.status());
    json unparsed = json::array();
    for (const factline::Unparsed& u : report->unparsed) {
      unparsed.push_back(
          {{"index", u.index}, {"text", u.text}, {"reason", u.reason}});
    }
    return factline::Emit(
        {{"decisions", factline::DecisionsJson(report->decisions)},
         {"unparsed", unparsed}},
        out_json);
  });
}

factline_code factline_remember_atoms(factline_memory* memory,
                                      const char* atoms_json, char** out_json) {
  return Guard(out_json, [&]() -> factline_code {
    FACTLINE_C_CHECK(factline::CheckHandle(memory));
    auto atoms = factline::capi::AtomsFromJson(atoms_json);
    if (!atoms.ok()) return Fail(atoms.status());
    auto decisions = memory->memory->RememberAtoms(std::move(*atoms));
    if (!decisions.ok()) return Fail(decisions.status());
    return factline::Emit({{"decisions", factline::DecisionsJson(*decisions)}},
                          out_json);
  });
}

factline_code factline_get(const factline_memory* memory, const char* subject,
                           const char* relation, char** out_json) {
  return Guard(out_json, [&]() -> factline_code {
    FACTLINE_C_CHECK(factline::CheckHandle(memory));
    FACTLINE_C_CHECK(factline::CheckText(subject, "subject"));
    FACTLINE_C_CHECK(factline::CheckText(relation, "relation"));
    return factline::EmitFacts(memory->memory->Current(subject, relation),
                               out_json);
  });
}

factline_code factline_history(const factline_memory* memory,
                               const char* subject, const char* relation,
                               int order, char** out_json) {
  return Guard(out_json, [&]() -> factline_code {
    FACTLINE_C_CHECK(factline::CheckHandle(memory));
    FACTLINE_C_CHECK(factline::CheckText(subject, "subject"));
    FACTLINE_C_CHECK(factline::CheckText(relation, "relation"));
    if (order != FACTLINE_ORDER_TRANSACTION && order != FACTLINE_ORDER_VALID) {
      return Fail(FACTLINE_INVALID_ARGUMENT,
                  "order must be FACTLINE_ORDER_TRANSACTION or _VALID");
    }
    return factline::EmitFacts(
        memory->memory->History(subject, relation,
                                order == FACTLINE_ORDER_VALID
                                    ? factline::HistoryOrder::kValid
                                    : factline::HistoryOrder::kTransaction),
        out_json);
  });
}

factline_code factline_as_of(const factline_memory* memory, const char* subject,
                             const char* relation, int64_t t, int axis,
                             char** out_json) {
  return Guard(out_json, [&]() -> factline_code {
    FACTLINE_C_CHECK(factline::CheckHandle(memory));
    FACTLINE_C_CHECK(factline::CheckText(subject, "subject"));
    FACTLINE_C_CHECK(factline::CheckText(relation, "relation"));
    if (axis != FACTLINE_AXIS_TRANSACTION && axis != FACTLINE_AXIS_VALID) {
      return Fail(FACTLINE_INVALID_ARGUMENT,
                  "axis must be FACTLINE_AXIS_TRANSACTION or _VALID");
    }
    return factline::EmitFacts(
        memory->memory->AsOf(subject, relation, t,
                             axis == FACTLINE_AXIS_VALID
                                 ? factline::TimeAxis::kValid
                                 : factline::TimeAxis::kTransaction),
        out_json);
  });
}

factline_code factline_ask(const factline_memory* memory, const char* question,
                           int64_t as_of, char** out_json) {
  return Guard(out_json, [&]() -> factline_code {
    FACTLINE_C_CHECK(factline::CheckHandle(memory));
    FACTLINE_C_CHECK(factline::CheckText(question, "question"));
    factline::AskOptions options;
    options.as_of = as_of;
    auto answer = memory->memory->Ask(question, options);
    if (!answer.ok()) return Fail(answer.status());
    json chain = json::array();
    for (const factline::Hop& hop : answer->chain) {
      chain.push_back({{"fact", factline::FactJson(hop.fact)},
                       {"relation_score", hop.relation_score},
                       {"cued", hop.cued}});
    }
    return factline::Emit({{"text", answer->text},
                           {"known", answer->known},
                           {"score", answer->score},
                           {"subject", answer->subject},
                           {"values", answer->values},
                           {"method", answer->method},
                           {"explanation", answer->explanation},
                           {"chain", chain}},
                          out_json);
  });
}

factline_code factline_search(const factline_memory* memory, const char* text,
                              int k, char** out_json) {
  return Guard(out_json, [&]() -> factline_code {
    FACTLINE_C_CHECK(factline::CheckHandle(memory));
    FACTLINE_C_CHECK(factline::CheckText(text, "text"));
    if (k <= 0) return Fail(FACTLINE_INVALID_ARGUMENT, "k must be positive");
    auto hits = memory->memory->Search(text, k);
    if (!hits.ok()) return Fail(hits.status());
    json out = json::array();
    for (const factline::SearchHit& hit : *hits) {
      out.push_back(
          {{"score", hit.score}, {"fact", factline::FactJson(hit.fact)}});
    }
    return factline::Emit(out, out_json);
  });
}

factline_code factline_review_list(const factline_memory* memory, int filter,
                                   char** out_json) {
  return Guard(out_json, [&]() -> factline_code {
    FACTLINE_C_CHECK(factline::CheckHandle(memory));
    factline::HeldFilter which;
    switch (filter) {
      case FACTLINE_HELD_PENDING:
        which = factline::HeldFilter::kPending;
        break;
      case FACTLINE_HELD_QUARANTINED:
        which = factline::HeldFilter::kQuarantined;
        break;
      case FACTLINE_HELD_ALL:
        which = factline::HeldFilter::kAll;
        break;
      default:
        return Fail(FACTLINE_INVALID_ARGUMENT,
                    "filter must be one of FACTLINE_HELD_*");
    }
    auto held = memory->memory->Held(which);
    if (!held.ok()) return Fail(held.status());
    json out = json::array();
    for (const factline::graph::HeldItem& item : *held) {
      out.push_back(
          {{"id", item.id},
           {"state", std::string(factline::graph::ToString(item.state))},
           {"atom", factline::AtomJson(item.atom)},
           {"held_at", item.held_at},
           {"resolved_at", item.resolved_at},
           {"result", item.result},
           {"reason", item.reason},
           {"detail", item.detail}});
    }
    return factline::Emit(out, out_json);
  });
}

factline_code factline_review_approve(factline_memory* memory, uint64_t item,
                                      const char* reason, char** out_json) {
  return Guard(out_json, [&]() -> factline_code {
    FACTLINE_C_CHECK(factline::CheckHandle(memory));
    if (reason != nullptr)
      FACTLINE_C_CHECK(factline::CheckText(reason, "reason"));
    auto decision =
        memory->memory->Approve(item, {}, reason == nullptr ? "" : reason);
    if (!decision.ok()) return Fail(decision.status());
    return factline::Emit(factline::DecisionJson(*decision), out_json);
  });
}

factline_code factline_review_reject(factline_memory* memory, uint64_t item,
                                     const char* reason) {
  return Guard(nullptr, [&]() -> factline_code {
    FACTLINE_C_CHECK(factline::CheckHandle(memory));
    FACTLINE_C_CHECK(factline::CheckText(reason, "reason"));
    FACTLINE_C_CHECK(memory->memory->RejectHeld(item, reason));
    return FACTLINE_OK;
  });
}

factline_code factline_quarantine(factline_memory* memory, uint64_t atom,
                                  const char* reason, char** out_json) {
  return Guard(out_json, [&]() -> factline_code {
    FACTLINE_C_CHECK(factline::CheckHandle(memory));
    FACTLINE_C_CHECK(factline::CheckText(reason, "reason"));
    auto decision = memory->memory->Quarantine(atom, reason);
    if (!decision.ok()) return Fail(decision.status());
    return factline::Emit(factline::DecisionJson(*decision), out_json);
  });
}

factline_code factline_audit(const factline_memory* memory, uint64_t since,
                             size_t limit, char** out_json) {
  return Guard(out_json, [&]() -> factline_code {
    FACTLINE_C_CHECK(factline::CheckHandle(memory));
    auto records = memory->memory->Audit(since, limit);
    if (!records.ok()) return Fail(records.status());
    json out = json::array();
    for (const factline::graph::AuditRecord& r : *records) {
      json detail = json::parse(r.detail, nullptr, false);
      out.push_back(
          {{"seq", r.seq},
           {"time", r.time},
           {"atom", r.atom},
           {"action", r.action},
           {"detail", detail.is_discarded() ? json(r.detail) : detail}});
    }
    return factline::Emit(out, out_json);
  });
}

factline_code factline_stats(const factline_memory* memory, char** out_json) {
  return Guard(out_json, [&]() -> factline_code {
    FACTLINE_C_CHECK(factline::CheckHandle(memory));
    auto stats = memory->memory->Stats();
    if (!stats.ok()) return Fail(stats.status());
    return factline::Emit({{"entities", stats->entities},
                           {"relations", stats->relations},
                           {"atoms", stats->atoms},
                           {"current_slots", stats->current_slots},
                           {"current_atoms", stats->current_atoms},
                           {"superseded_atoms", stats->superseded_atoms},
                           {"audit_records", stats->audit_records},
                           {"map_bytes", stats->map_bytes},
                           {"used_bytes", stats->used_bytes}},
                          out_json);
  });
}

}  // extern "C"
