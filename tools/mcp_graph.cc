// The reference knowledge-graph memory server's tools
// (@modelcontextprotocol/server-memory: create_entities ... open_nodes),
// with its names, input schemas and result shapes, kept as atoms.
//
// Mapping. An entity is an atom (name, "kg entity type", entityType); each
// observation an atom (name, "kg observation", content); a relation an atom
// (from, "kg relation <relationType>", to). The "kg" keys keep these slots
// apart from the ones text statements fill, and observation and relation
// slots are many-valued, as the reference's lists are. Each atom's text is
// the record it stands for ({"type":"relation","from":...}), so read_graph
// gives back names and types exactly as written, and its source is
// "mcp-memory". A delete ends the atoms (a statement that the value stopped,
// Atom::ends): they leave the current graph and stay in history. The graph
// is read back from the current atoms in the order they were stored, which
// is the reference's order too.
#include <algorithm>
#include <map>

#include "tools/mcp.h"
#include "tools/mcp_internal.h"

namespace factline::mcp::internal {

using nlohmann::json;

namespace {

constexpr char kSource[] = "mcp-memory";
constexpr char kTypeRelation[] = "kg entity type";
constexpr char kObservationRelation[] = "kg observation";

std::string RelationKey(const std::string& relation_type) {
  return "kg relation " + relation_type;
}

struct Entity {
  std::string name;
  std::string type;
  AtomId type_atom = kNoAtom;
  std::vector<std::pair<AtomId, std::string>> observations;
};

struct Relation {
  AtomId atom = kNoAtom;
  std::string from, to, type;
};

// The current knowledge graph, in the order its atoms were stored.
struct Graph {
  std::vector<Entity> entities;
  std::vector<Relation> relations;

  Entity* Find(const std::string& name) {
    for (Entity& e : entities) {
      if (e.name == name) return &e;
    }
    return nullptr;
  }
};

Result<Graph> Load(const Memory& memory) {
  std::vector<std::pair<AtomId, json>> records;
  FACTLINE_RETURN_IF_ERROR(
      memory.store().Read([&](const graph::Reader& r) -> Status {
        return r.ForEachCurrentAtom([&](const Atom& a) -> Status {
          if (a.provenance.source != kSource) return Status::Ok();
          json record = json::parse(a.text, nullptr, false);
          if (record.is_object()) records.emplace_back(a.id, std::move(record));
          return Status::Ok();
        });
      }));
  std::sort(records.begin(), records.end(),
            [](const auto& x, const auto& y) { return x.first < y.first; });
  Graph g;
  std::vector<std::pair<AtomId, const json*>> observations;
  for (const auto& [id, r] : records) {
    const std::string type = r.value("type", "");
    if (type == "entity") {
      g.entities.push_back(
          {r.value("name", ""), r.value("entityType", ""), id, {}});
    } else if (type == "relation") {
      g.relations.push_back({id, r.value("from", ""), r.value("to", ""),
                             r.value("relationType", "")});
    } else if (type == "observation") {
      observations.emplace_back(id, &r);
    }
  }
  for (const auto& [id, r] : observations) {
    if (Entity* e = g.Find(r->value("entityName", ""))) {
      e->observations.emplace_back(id, r->value("content", ""));
    }
  }
  return g;
}

json EntityJson(const Entity& e) {
  json observations = json::array();
  for (const auto& o : e.observations) observations.push_back(o.second);
  return {
      {"name", e.name}, {"entityType", e.type}, {"observations", observations}};
}

json RelationJson(const Relation& r) {
  return {{"from", r.from}, {"to", r.to}, {"relationType", r.type}};
}

json GraphJson(const std::vector<const Entity*>& entities,
               const std::vector<const Relation*>& relations) {
  json e = json::array();
  for (const Entity* x : entities) e.push_back(EntityJson(*x));
  json r = json::array();
  for (const Relation* x : relations) r.push_back(RelationJson(*x));
  return {{"entities", e}, {"relations", r}};
}

// Builds the atoms of one call, with the caller's provenance.
class Batch {
 public:
  explicit Batch(const Context& ctx) {
    provenance_.origin = Origin::kCloudModel;
    provenance_.model_id = ctx.model;
    provenance_.session_id = ctx.session;
    provenance_.source = kSource;
  }
  explicit Batch(const Provenance& provenance) : provenance_(provenance) {
    provenance_.source = kSource;
  }
  void Type(const std::string& name, const std::string& type, bool end) {
    Add(name, kTypeRelation, type,
        {{"type", "entity"}, {"name", name}, {"entityType", type}}, end);
  }
  void Observation(const std::string& name, const std::string& content,
                   bool end) {
    Add(name, kObservationRelation, content,
        {{"type", "observation"}, {"entityName", name}, {"content", content}},
        end);
  }
  void Link(const std::string& from, const std::string& to,
            const std::string& type, bool end) {
    relation_types_.push_back(type);
    Add(from, RelationKey(type), to,
        {{"type", "relation"},
         {"from", from},
         {"to", to},
         {"relationType", type}},
        end);
  }
  // Writes the atoms in one transaction. Observation and relation slots are
  // declared many-valued first (a no-op once recorded).
  Status Write(Memory& memory) {
    if (atoms_.empty()) return Status::Ok();
    FACTLINE_RETURN_IF_ERROR(
        memory.DeclareCardinality(kTypeRelation, Cardinality::kOne));
    FACTLINE_RETURN_IF_ERROR(
        memory.DeclareCardinality(kObservationRelation, Cardinality::kMany));
    std::sort(relation_types_.begin(), relation_types_.end());
    relation_types_.erase(
        std::unique(relation_types_.begin(), relation_types_.end()),
        relation_types_.end());
    for (const std::string& t : relation_types_) {
      FACTLINE_RETURN_IF_ERROR(
          memory.DeclareCardinality(RelationKey(t), Cardinality::kMany));
    }
    FACTLINE_ASSIGN_OR_RETURN(auto decisions,
                              memory.RememberAtoms(std::move(atoms_)));
    atoms_.clear();
    // The reference stores every record it is given; an atom the gate
    // held or refused would silently be missing from read_graph.
    for (const resolver::Decision& d : decisions) {
      using resolver::Action;
      if (d.action != Action::kAdded && d.action != Action::kSuperseded &&
          d.action != Action::kReinforced && d.action != Action::kEnded) {
        return Status::InvalidArgument(
            "not stored (" + std::string(resolver::ToString(d.action)) +
            "): " + d.reason);
      }
    }
    return Status::Ok();
  }

 private:
  void Add(const std::string& subject, const std::string& relation,
           const std::string& value, const json& record, bool end) {
    Atom a;
    a.subject = subject;
    a.relation = relation;
    a.value = value;
    a.text = record.dump(-1, ' ', false, json::error_handler_t::replace);
    a.provenance = provenance_;
    a.ends = end;
    atoms_.push_back(std::move(a));
  }

  Provenance provenance_;
  std::vector<Atom> atoms_;
  std::vector<std::string> relation_types_;
};

ToolResult Done(const std::string& message) {
  return {{{"success", true}, {"message", message}}, message};
}

// Adds the entities whose names `g` lacks and the relations it lacks to
// `batch`; returns those entities and relations.
std::pair<json, json> Create(const Graph& g, const json& entities,
                             const json& relations, Batch* batch) {
  json new_entities = json::array();
  for (const json& e : entities) {
    const std::string name = e["name"];
    const bool known =
        std::any_of(g.entities.begin(), g.entities.end(),
                    [&](const Entity& x) { return x.name == name; });
    if (known) continue;
    batch->Type(name, e["entityType"], false);
    for (const json& o : e["observations"]) batch->Observation(name, o, false);
    new_entities.push_back(e);
  }
  json new_relations = json::array();
  for (const json& r : relations) {
    const bool known = std::any_of(
        g.relations.begin(), g.relations.end(), [&](const Relation& x) {
          return x.from == r["from"] && x.to == r["to"] &&
                 x.type == r["relationType"];
        });
    if (known) continue;
    batch->Link(r["from"], r["to"], r["relationType"], false);
    new_relations.push_back(r);
  }
  return {new_entities, new_relations};
}

Result<ToolResult> CreateEntities(const json& args, Context& ctx) {
  FACTLINE_ASSIGN_OR_RETURN(Graph g, Load(ctx.memory));
  Batch batch(ctx);
  json created = Create(g, args["entities"], json::array(), &batch).first;
  FACTLINE_RETURN_IF_ERROR(batch.Write(ctx.memory));
  return ToolResult{{{"entities", created}}, created.dump(2)};
}

Result<ToolResult> CreateRelations(const json& args, Context& ctx) {
  FACTLINE_ASSIGN_OR_RETURN(Graph g, Load(ctx.memory));
  Batch batch(ctx);
  json created = Create(g, json::array(), args["relations"], &batch).second;
  FACTLINE_RETURN_IF_ERROR(batch.Write(ctx.memory));
  return ToolResult{{{"relations", created}}, created.dump(2)};
}

Result<ToolResult> AddObservations(const json& args, Context& ctx) {
  FACTLINE_ASSIGN_OR_RETURN(Graph g, Load(ctx.memory));
  Batch batch(ctx);
  json results = json::array();
  for (const json& o : args["observations"]) {
    const std::string name = o["entityName"];
    Entity* e = g.Find(name);
    if (e == nullptr) {
      return Status::NotFound("Entity with name " + name + " not found");
    }
    json added = json::array();
    for (const json& c : o["contents"]) {
      const std::string content = c;
      const bool known =
          std::any_of(e->observations.begin(), e->observations.end(),
                      [&](const auto& x) { return x.second == content; });
      if (known) continue;
      batch.Observation(name, content, false);
      e->observations.emplace_back(kNoAtom, content);
      added.push_back(content);
    }
    results.push_back({{"entityName", name}, {"addedObservations", added}});
  }
  FACTLINE_RETURN_IF_ERROR(batch.Write(ctx.memory));
  return ToolResult{{{"results", results}}, results.dump(2)};
}

Result<ToolResult> DeleteEntities(const json& args, Context& ctx) {
  FACTLINE_ASSIGN_OR_RETURN(Graph g, Load(ctx.memory));
  const std::vector<std::string> names = args["entityNames"];
  auto named = [&](const std::string& n) {
    return std::find(names.begin(), names.end(), n) != names.end();
  };
  Batch batch(ctx);
  for (const Entity& e : g.entities) {
    if (!named(e.name)) continue;
    batch.Type(e.name, e.type, true);
    for (const auto& o : e.observations)
      batch.Observation(e.name, o.second, true);
  }
  for (const Relation& r : g.relations) {
    if (named(r.from) || named(r.to)) batch.Link(r.from, r.to, r.type, true);
  }
  FACTLINE_RETURN_IF_ERROR(batch.Write(ctx.memory));
  return Done("Entities deleted successfully");
}

Result<ToolResult> DeleteObservations(const json& args, Context& ctx) {
  FACTLINE_ASSIGN_OR_RETURN(Graph g, Load(ctx.memory));
  Batch batch(ctx);
  for (const json& d : args["deletions"]) {
    Entity* e = g.Find(d["entityName"]);
    if (e == nullptr) continue;
    const std::vector<std::string> gone = d["observations"];
    for (const auto& o : e->observations) {
      if (std::find(gone.begin(), gone.end(), o.second) != gone.end()) {
        batch.Observation(e->name, o.second, true);
      }
    }
  }
  FACTLINE_RETURN_IF_ERROR(batch.Write(ctx.memory));
  return Done("Observations deleted successfully");
}

Result<ToolResult> DeleteRelations(const json& args, Context& ctx) {
  FACTLINE_ASSIGN_OR_RETURN(Graph g, Load(ctx.memory));
  Batch batch(ctx);
  for (const Relation& r : g.relations) {
    const bool gone = std::any_of(
        args["relations"].begin(), args["relations"].end(), [&](const json& x) {
          return x["from"] == r.from && x["to"] == r.to &&
                 x["relationType"] == r.type;
        });
    if (gone) batch.Link(r.from, r.to, r.type, true);
  }
  FACTLINE_RETURN_IF_ERROR(batch.Write(ctx.memory));
  return Done("Relations deleted successfully");
}

// The entities `keep` selects and every relation with an end among them.
ToolResult Select(const Graph& g,
                  const std::function<bool(const Entity&)>& keep) {
  std::vector<const Entity*> entities;
  std::vector<std::string> names;
  for (const Entity& e : g.entities) {
    if (!keep(e)) continue;
    entities.push_back(&e);
    names.push_back(e.name);
  }
  auto in = [&](const std::string& n) {
    return std::find(names.begin(), names.end(), n) != names.end();
  };
  std::vector<const Relation*> relations;
  for (const Relation& r : g.relations) {
    if (in(r.from) || in(r.to)) relations.push_back(&r);
  }
  json doc = GraphJson(entities, relations);
  return {doc, doc.dump(2)};
}

Result<ToolResult> ReadGraph(const json&, Context& ctx) {
  FACTLINE_ASSIGN_OR_RETURN(Graph g, Load(ctx.memory));
  std::vector<const Entity*> entities;
  for (const Entity& e : g.entities) entities.push_back(&e);
  std::vector<const Relation*> relations;
  for (const Relation& r : g.relations) relations.push_back(&r);
  json doc = GraphJson(entities, relations);
  return ToolResult{doc, doc.dump(2)};
}

std::string Lower(std::string s) {
  for (char& c : s) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return s;
}

Result<ToolResult> SearchNodes(const json& args, Context& ctx) {
  FACTLINE_ASSIGN_OR_RETURN(Graph g, Load(ctx.memory));
  const std::string q = Lower(args["query"]);
  auto has = [&](const std::string& s) {
    return Lower(s).find(q) != std::string::npos;
  };
  return Select(g, [&](const Entity& e) {
    return has(e.name) || has(e.type) ||
           std::any_of(e.observations.begin(), e.observations.end(),
                       [&](const auto& o) { return has(o.second); });
  });
}

Result<ToolResult> OpenNodes(const json& args, Context& ctx) {
  FACTLINE_ASSIGN_OR_RETURN(Graph g, Load(ctx.memory));
  const std::vector<std::string> names = args["names"];
  return Select(g, [&](const Entity& e) {
    return std::find(names.begin(), names.end(), e.name) != names.end();
  });
}

// The reference's schemas, as its SDK (zod) lists them: input objects
// open (zod drops unknown keys), output objects closed.
json Text(const std::string& description) {
  return {{"type", "string"}, {"description", description}};
}

json Strings(const std::string& description) {
  return {{"type", "array"},
          {"items", {{"type", "string"}}},
          {"description", description}};
}

json Array(json items) {
  return {{"type", "array"}, {"items", std::move(items)}};
}

json Obj(json properties, const std::vector<std::string>& required,
         bool closed) {
  if (properties.is_null()) properties = json::object();
  json s = {{"type", "object"}, {"properties", std::move(properties)}};
  if (!required.empty()) s["required"] = required;
  if (closed) s["additionalProperties"] = false;
  return s;
}

json Root(json properties, const std::vector<std::string>& required,
          bool closed) {
  json s = Obj(std::move(properties), required, closed);
  s["$schema"] = "http://json-schema.org/draft-07/schema#";
  return s;
}

json EntitySchema(bool closed) {
  return Obj({{"name", Text("The name of the entity")},
              {"entityType", Text("The type of the entity")},
              {"observations",
               Strings("An array of observation contents associated with the "
                       "entity")}},
             {"name", "entityType", "observations"}, closed);
}

json RelationSchema(bool closed) {
  return Obj(
      {{"from", Text("The name of the entity where the relation starts")},
       {"to", Text("The name of the entity where the relation ends")},
       {"relationType", Text("The type of the relation")}},
      {"from", "to", "relationType"}, closed);
}

json Annotations(bool read_only, bool destructive, bool idempotent) {
  return {{"readOnlyHint", read_only},
          {"destructiveHint", destructive},
          {"idempotentHint", idempotent},
          {"openWorldHint", false}};
}

json GraphOutput() {
  return Root({{"entities", Array(EntitySchema(true))},
               {"relations", Array(RelationSchema(true))}},
              {"entities", "relations"}, true);
}

json DoneOutput() {
  return Root(
      {{"success", {{"type", "boolean"}}}, {"message", {{"type", "string"}}}},
      {"success", "message"}, true);
}

}  // namespace

void AddGraphTools(std::vector<Tool>* tools) {
  tools->push_back(
      {"create_entities", "Create Entities",
       "Create multiple new entities in the knowledge graph",
       Root({{"entities", Array(EntitySchema(false))}}, {"entities"}, false),
       Root({{"entities", Array(EntitySchema(true))}}, {"entities"}, true),
       Annotations(false, false, false), CreateEntities});
  tools->push_back(
      {"create_relations", "Create Relations",
       "Create multiple new relations between entities in the knowledge "
       "graph. Relations should be in active voice",
       Root({{"relations", Array(RelationSchema(false))}}, {"relations"},
            false),
       Root({{"relations", Array(RelationSchema(true))}}, {"relations"}, true),
       Annotations(false, false, false), CreateRelations});
  tools->push_back(
      {"add_observations", "Add Observations",
       "Add new observations to existing entities in the knowledge graph",
       Root(
           {{"observations",
             Array(Obj({{"entityName", Text("The name of the entity to add the "
                                            "observations to")},
                        {"contents",
                         Strings("An array of observation contents to add")}},
                       {"entityName", "contents"}, false))}},
           {"observations"}, false),
       Root({{"results",
              Array(Obj({{"entityName", {{"type", "string"}}},
                         {"addedObservations", Array({{"type", "string"}})}},
                        {"entityName", "addedObservations"}, true))}},
            {"results"}, true),
       Annotations(false, false, false), AddObservations});
  tools->push_back(
      {"delete_entities", "Delete Entities",
       "Delete multiple entities and their associated relations from the "
       "knowledge graph",
       Root({{"entityNames", Strings("An array of entity names to delete")}},
            {"entityNames"}, false),
       DoneOutput(), Annotations(false, true, true), DeleteEntities});
  tools->push_back(
      {"delete_observations", "Delete Observations",
       "Delete specific observations from entities in the knowledge graph",
       Root({{"deletions",
              Array(Obj(
                  {{"entityName", Text("The name of the entity containing the "
                                       "observations")},
                   {"observations",
                    Strings("An array of observations to delete")}},
                  {"entityName", "observations"}, false))}},
            {"deletions"}, false),
       DoneOutput(), Annotations(false, true, true), DeleteObservations});
  json delete_relations = Array(RelationSchema(false));
  delete_relations["description"] = "An array of relations to delete";
  tools->push_back(
      {"delete_relations", "Delete Relations",
       "Delete multiple relations from the knowledge graph",
       Root({{"relations", delete_relations}}, {"relations"}, false),
       DoneOutput(), Annotations(false, true, true), DeleteRelations});
  tools->push_back({"read_graph", "Read Graph",
                    "Read the entire knowledge graph", Root({}, {}, false),
                    GraphOutput(), Annotations(true, false, true), ReadGraph});
  tools->push_back(
      {"search_nodes", "Search Nodes",
       "Search for nodes in the knowledge graph based on a query",
       Root({{"query", Text("The search query to match against entity names, "
                            "types, and observation content")}},
            {"query"}, false),
       GraphOutput(), Annotations(true, false, true), SearchNodes});
  tools->push_back(
      {"open_nodes", "Open Nodes",
       "Open specific nodes in the knowledge graph by their names",
       Root({{"names", Strings("An array of entity names to retrieve")}},
            {"names"}, false),
       GraphOutput(), Annotations(true, false, true), OpenNodes});
}

}  // namespace factline::mcp::internal

namespace factline::mcp {

using nlohmann::json;

Result<ImportReport> ImportMemoryFile(Memory& memory, std::string_view jsonl,
                                      const Provenance& provenance) {
  using internal::CheckSchema;
  const json entity_schema = internal::EntitySchema(false);
  const json relation_schema = internal::RelationSchema(false);
  json entities = json::array();
  json relations = json::array();
  std::size_t number = 0;
  std::size_t start = 0;
  while (start < jsonl.size()) {
    std::size_t end = jsonl.find('\n', start);
    if (end == std::string_view::npos) end = jsonl.size();
    std::string_view line = jsonl.substr(start, end - start);
    start = end + 1;
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    const std::string where = "line " + std::to_string(number) + ": ";
    if (internal::JsonDepth(line) > internal::kMaxJsonDepth) {
      return Status::InvalidArgument(where + "nested deeper than " +
                                     std::to_string(internal::kMaxJsonDepth) +
                                     " levels");
    }
    json record = json::parse(line, nullptr, false);
    if (!record.is_object()) {
      return Status::InvalidArgument(where + "not a JSON object");
    }
    const json type = record.value("type", json());
    record.erase("type");
    std::string bad;
    if (type == "entity") {
      bad = CheckSchema(entity_schema, record, "record");
      entities.push_back(std::move(record));
    } else if (type == "relation") {
      bad = CheckSchema(relation_schema, record, "record");
      relations.push_back(std::move(record));
    } else {
      bad = "type must be \"entity\" or \"relation\"";
    }
    if (!bad.empty()) return Status::InvalidArgument(where + bad);
  }
  FACTLINE_ASSIGN_OR_RETURN(internal::Graph g, internal::Load(memory));
  internal::Batch batch(provenance);
  auto [new_entities, new_relations] =
      internal::Create(g, entities, relations, &batch);
  FACTLINE_RETURN_IF_ERROR(batch.Write(memory));
  ImportReport report;
  report.entities = new_entities.size();
  report.relations = new_relations.size();
  report.skipped =
      entities.size() + relations.size() - report.entities - report.relations;
  return report;
}

}  // namespace factline::mcp
