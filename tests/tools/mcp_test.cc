// The MCP server (tools/mcp.h) fed JSON-RPC lines: the handshake, each of
// factline's tools, the reference memory server's tools, and bad input.
#include "tools/mcp.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/test_util.h"
#include "tests/tools/cli_runner.h"

namespace factline {
namespace {

using nlohmann::json;
using testing::ScratchDir;

class Session {
 public:
  Session() {
    auto memory = Memory::Open(dir_.Sub("db"));
    REQUIRE(memory.ok());
    memory_ = std::move(memory).value();
    mcp::ServerOptions options;
    options.max_message_bytes = 4096;
    options.session = "test-session";
    server_ = std::make_unique<mcp::Server>(*memory_, options);
  }

  // The reply to `line`, parsed; null when the server sent none.
  json Send(const std::string& line) {
    const std::string reply = server_->Handle(line);
    if (reply.empty()) return nullptr;
    json doc = json::parse(reply, nullptr, false);
    REQUIRE_FALSE(doc.is_discarded());
    return doc;
  }

  json Request(const std::string& method, const json& params) {
    const int id = next_id_++;
    json reply = Send(json{
        {"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}}
                          .dump());
    REQUIRE(reply.is_object());
    CHECK(reply["id"] == id);
    return reply;
  }

  // tools/call's result; fails the test on a JSON-RPC error.
  json Call(const std::string& tool, const json& args) {
    json reply = Request("tools/call", {{"name", tool}, {"arguments", args}});
    INFO(reply.dump());
    REQUIRE(reply.contains("result"));
    return reply["result"];
  }

  // structuredContent of a successful call.
  json Ok(const std::string& tool, const json& args) {
    json result = Call(tool, args);
    INFO(tool << ": " << result.dump());
    REQUIRE_FALSE(result.value("isError", false));
    // The text content carries the same document for clients that only
    // read text.
    REQUIRE(result["content"][0]["type"] == "text");
    return result["structuredContent"];
  }

  Memory& memory() { return *memory_; }
  mcp::Server& server() { return *server_; }

 private:
  ScratchDir dir_;
  std::unique_ptr<Memory> memory_;
  std::unique_ptr<mcp::Server> server_;
  int next_id_ = 1;
};

json Initialize(Session& s, const std::string& version) {
  return s.Request(
      "initialize",
      {{"protocolVersion", version},
       {"capabilities", json::object()},
       {"clientInfo", {{"name", "test-client"}, {"version", "1"}}}});
}

TEST_CASE("MCP: initialize answers a supported version, else the newest",
          "[tools][mcp]") {
  Session s;
  json r = Initialize(s, "2025-03-26");
  CHECK(r["result"]["protocolVersion"] == "2025-03-26");
  CHECK(r["result"]["serverInfo"]["name"] == "factline");
  CHECK(r["result"]["capabilities"].contains("tools"));
  CHECK(Initialize(s, "2024-11-05")["result"]["protocolVersion"] ==
        "2024-11-05");
  CHECK(Initialize(s, "1999-01-01")["result"]["protocolVersion"] ==
        mcp::kProtocolVersions[0]);
  json bad = s.Request("initialize", json::object());
  CHECK(bad["error"]["code"] == -32602);
  // The initialized notification gets no reply; ping an empty result.
  CHECK(s.Send(R"({"jsonrpc":"2.0","method":"notifications/initialized"})")
            .is_null());
  CHECK(s.Request("ping", json::object())["result"] == json::object());
}

TEST_CASE("MCP: tools/list gives every tool an object input schema",
          "[tools][mcp]") {
  Session s;
  json tools = s.Request("tools/list", json::object())["result"]["tools"];
  std::vector<std::string> names;
  for (const json& t : tools) {
    names.push_back(t["name"]);
    CHECK(t["inputSchema"]["type"] == "object");
    CHECK(t["inputSchema"]["properties"].is_object());
    CHECK_FALSE(t["description"].get<std::string>().empty());
  }
  for (const char* want :
       {"remember", "recall", "ask", "history", "as_of", "search",
        "review_list", "review_decide", "quarantine", "create_entities",
        "create_relations", "add_observations", "delete_entities",
        "delete_observations", "delete_relations", "read_graph", "search_nodes",
        "open_nodes"}) {
    INFO(want);
    CHECK(std::find(names.begin(), names.end(), want) != names.end());
  }
  CHECK(names.size() == 18);
}

TEST_CASE("MCP: malformed JSON is a parse error naming the problem",
          "[tools][mcp]") {
  Session s;
  json r = s.Send(R"({"jsonrpc":"2.0","id":1,"method":"ping")");
  CHECK(r["error"]["code"] == -32700);
  CHECK(r["id"].is_null());
  const std::string message = r["error"]["message"];
  CHECK(message.find("Parse error") == 0);
  CHECK(message.find("column") != std::string::npos);
  r = s.Send("{\"a\":\"\xff\"}");
  CHECK(r["error"]["code"] == -32700);
  CHECK(r["error"]["message"].get<std::string>().find("ill-formed UTF-8") !=
        std::string::npos);
}

TEST_CASE("MCP: invalid requests, unknown methods and unknown tools",
          "[tools][mcp]") {
  Session s;
  CHECK(s.Send("[]")["error"]["code"] == -32600);
  CHECK(s.Send("42")["error"]["code"] == -32600);
  CHECK(s.Send(R"({"id":1,"method":"ping"})")["error"]["code"] == -32600);
  CHECK(
      s.Send(R"({"jsonrpc":"2.0","id":{},"method":"ping"})")["error"]["code"] ==
      -32600);
  json r = s.Send(R"({"jsonrpc":"2.0","id":"a","method":"resources/list"})");
  CHECK(r["id"] == "a");
  CHECK(r["error"]["code"] == -32601);
  CHECK(r["error"]["message"] == "Method not found: resources/list");
  // An unknown notification and a stray response are ignored.
  CHECK(s.Send(R"({"jsonrpc":"2.0","method":"notifications/x"})").is_null());
  CHECK(s.Send(R"({"jsonrpc":"2.0","id":9,"result":{}})").is_null());
  r = s.Request("tools/call", {{"name", "forget_everything"}});
  CHECK(r["error"]["code"] == -32602);
  CHECK(r["error"]["message"] == "Unknown tool: forget_everything");
  r = s.Request("tools/call",
                {{"name", "recall"}, {"arguments", {{"subject", 7}}}});
  CHECK(r["error"]["code"] == -32602);
  CHECK(r["error"]["message"] ==
        "Invalid arguments for tool recall: subject: expected string");
  r = s.Request("tools/call", {{"name", "recall"},
                               {"arguments", {{"subject", "x"}, {"y", 1}}}});
  CHECK(r["error"]["message"] ==
        "Invalid arguments for tool recall: y: unknown argument");
  r = s.Request("tools/call",
                {{"name", "history"}, {"arguments", {{"subject", "x"}}}});
  CHECK(r["error"]["message"] ==
        "Invalid arguments for tool history: arguments: missing relation");
  // A batch gets one reply array.
  r = s.Send(R"([{"jsonrpc":"2.0","id":1,"method":"ping"},)"
             R"({"jsonrpc":"2.0","method":"notifications/initialized"},)"
             R"({"jsonrpc":"2.0","id":2,"method":"nope"}])");
  REQUIRE(r.is_array());
  REQUIRE(r.size() == 2);
  CHECK(r[0]["result"] == json::object());
  CHECK(r[1]["error"]["code"] == -32601);
}

TEST_CASE("MCP: an oversized message is refused, not parsed", "[tools][mcp]") {
  Session s;
  const std::string big = R"({"jsonrpc":"2.0","id":1,"method":"ping","x":")" +
                          std::string(5000, 'a') + "\"}";
  json r = s.Send(big);
  CHECK(r["error"]["code"] == -32600);
  CHECK(r["error"]["message"].get<std::string>().find("exceeds the limit of "
                                                      "4096") !=
        std::string::npos);
}

TEST_CASE("MCP: a message nested too deep is refused before parsing",
          "[tools][mcp]") {
  Session s;
  const std::string deep = std::string(1000, '[') + std::string(1000, ']');
  json r = s.Send(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":)"
                  R"({"name":"read_graph","arguments":{"x":)" +
                  deep + "}}}");
  CHECK(r["error"]["code"] == -32600);
  CHECK(r["error"]["message"] ==
        "Invalid Request: nested deeper than 64 levels");
  // Brackets inside a string are text, not nesting.
  json ok = s.Ok("recall", {{"subject", "a" + std::string(100, '[')}});
  CHECK(ok["facts"].empty());
}

TEST_CASE("MCP: remember, recall, history, as_of, ask and search",
          "[tools][mcp]") {
  Session s;
  Initialize(s, "2025-06-18");
  json w = s.Ok(
      "remember",
      {{"text", "goaltender is associated with the sport of ice hockey."}});
  REQUIRE(w["decisions"].size() == 1);
  CHECK(w["decisions"][0]["action"] == "added");
  const std::uint64_t first = w["decisions"][0]["atom"];
  w = s.Ok("remember",
           {{"text",
             "goaltender is associated with the sport of pesapallo.\n"
             "zzz qqq"}});
  CHECK(w["decisions"][0]["action"] == "superseded");
  CHECK(w["decisions"][0]["closed"] == json::array({first}));
  CHECK(w["unparsed"].size() == 1);

  json facts = s.Ok(
      "recall", {{"subject", "goaltender"}, {"relation", "sport"}})["facts"];
  REQUIRE(facts.size() == 1);
  CHECK(facts[0]["value"] == "pesapallo");
  // Provenance: the client's name from initialize and the session.
  CHECK(facts[0]["model_id"] == "test-client");
  CHECK(facts[0]["session_id"] == "test-session");
  CHECK(facts[0]["origin"] == "cloud_model");
  CHECK(facts[0]["superseded"][0]["value"] == "ice hockey");
  CHECK(s.Ok("recall", {{"subject", "goaltender"}})["facts"].size() == 1);
  CHECK(s.Ok("recall", {{"subject", "nobody"}})["facts"].empty());

  json history = s.Ok(
      "history", {{"subject", "goaltender"}, {"relation", "sport"}})["facts"];
  REQUIRE(history.size() == 2);
  CHECK(history[0]["value"] == "ice hockey");
  CHECK(history[1]["value"] == "pesapallo");

  const std::int64_t then = history[0]["tx_time"];
  json past = s.Ok("as_of", {{"subject", "goaltender"},
                             {"relation", "sport"},
                             {"time", std::to_string(then)}})["facts"];
  REQUIRE(past.size() == 1);
  CHECK(past[0]["value"] == "ice hockey");

  json answer =
      s.Ok("ask", {{"question", "Which sport is goaltender associated with?"}});
  CHECK(answer["known"] == true);
  CHECK(answer["answer"] == "pesapallo");

  json hits = s.Ok("search", {{"query", "goaltender sport"}, {"k", 3}})["hits"];
  REQUIRE_FALSE(hits.empty());
  CHECK(hits[0]["value"] == "pesapallo");

  // Structured atoms, with the caller's own provenance.
  w = s.Ok(
      "remember",
      {{"atoms",
        {{{"subject", "Ana"}, {"relation", "employer"}, {"value", "Acme"}}}},
       {"model", "gpt-x"},
       {"session", "s9"}});
  CHECK(w["decisions"][0]["action"] == "added");
  facts =
      s.Ok("recall", {{"subject", "Ana"}, {"relation", "employer"}})["facts"];
  REQUIRE(facts.size() == 1);
  CHECK(facts[0]["model_id"] == "gpt-x");
  CHECK(facts[0]["session_id"] == "s9");
}

TEST_CASE("MCP: a tool error is an isError result with factline's message",
          "[tools][mcp]") {
  Session s;
  json r = s.Call(
      "as_of", {{"subject", "a"}, {"relation", "b"}, {"time", "2026-02-30"}});
  CHECK(r["isError"] == true);
  const std::string text = r["content"][0]["text"];
  CHECK(text.find("factline: InvalidArgument") == 0);
  CHECK(text.find("2026-02-30") != std::string::npos);
  r = s.Call("remember", json::object());
  CHECK(r["isError"] == true);
  CHECK(r["content"][0]["text"].get<std::string>().find(
            "give either text or atoms") != std::string::npos);
  r = s.Call("review_decide", {{"id", 99}, {"decision", "approve"}});
  CHECK(r["isError"] == true);
}

TEST_CASE("MCP: quarantine, review_list and review_decide", "[tools][mcp]") {
  Session s;
  s.Ok("remember",
       {{"text", "goaltender is associated with the sport of ice hockey."}});
  json w =
      s.Ok("remember",
           {{"text", "goaltender is associated with the sport of pesapallo."},
            {"session", "bad-session"}});
  const std::uint64_t bad = w["decisions"][0]["atom"];
  json q = s.Ok("quarantine", {{"session", "bad-session"}, {"reason", "undo"}});
  CHECK(q["matched"] == 1);
  CHECK(q["applied"] == true);
  CHECK(q["quarantined"] == json::array({bad}));
  json facts = s.Ok(
      "recall", {{"subject", "goaltender"}, {"relation", "sport"}})["facts"];
  REQUIRE(facts.size() == 1);
  CHECK(facts[0]["value"] == "ice hockey");

  json items = s.Ok("review_list", {{"state", "quarantined"}})["items"];
  REQUIRE(items.size() == 1);
  const std::uint64_t held = items[0]["id"];
  CHECK(items[0]["atom"]["value"] == "pesapallo");
  CHECK(s.Ok("review_list", json::object())["items"].empty());
  json d = s.Ok("review_decide", {{"id", held}, {"decision", "approve"}});
  CHECK(d["atom"] != 0);
  facts = s.Ok("recall",
               {{"subject", "goaltender"}, {"relation", "sport"}})["facts"];
  REQUIRE(facts.size() == 1);
  CHECK(facts[0]["value"] == "pesapallo");

  json one = s.Ok("quarantine", {{"atom", d["atom"]}, {"reason", "wrong"}});
  CHECK(one["action"] == "rejected");
  CHECK(s.Call("quarantine", {{"reason", "x"}})["isError"] == true);
}

TEST_CASE("MCP: Serve answers line by line and survives bad lines",
          "[tools][mcp]") {
  Session s;
  std::istringstream in(
      R"({"jsonrpc":"2.0","id":1,"method":"ping"})"
      "\r\n"
      "\n"
      "{not json\n" +
      std::string(10000, 'x') +
      "\n"
      R"({"jsonrpc":"2.0","method":"notifications/initialized"})"
      "\n"
      R"({"jsonrpc":"2.0","id":2,"method":"ping"})"
      "\n"
      // Cut short: the client went away mid-message.
      R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":)");
  std::ostringstream out;
  REQUIRE(s.server().Serve(in, out).ok());
  std::istringstream lines(out.str());
  std::vector<json> replies;
  for (std::string line; std::getline(lines, line);) {
    replies.push_back(json::parse(line));
  }
  REQUIRE(replies.size() == 4);
  CHECK(replies[0]["id"] == 1);
  CHECK(replies[1]["error"]["code"] == -32700);
  CHECK(replies[2]["error"]["code"] == -32600);
  CHECK(replies[2]["error"]["message"].get<std::string>().find("10000 bytes") !=
        std::string::npos);
  CHECK(replies[3]["id"] == 2);

  // A complete last message without its newline is still answered.
  std::istringstream last(R"({"jsonrpc":"2.0","id":5,"method":"ping"})");
  std::ostringstream out2;
  REQUIRE(s.server().Serve(last, out2).ok());
  CHECK(json::parse(out2.str())["id"] == 5);

  // A client that stopped reading: the loop ends with IOError.
  std::istringstream more(R"({"jsonrpc":"2.0","id":6,"method":"ping"})"
                          "\n");
  std::ostringstream closed;
  closed.setstate(std::ios::badbit);
  CHECK(s.server().Serve(more, closed).code() == StatusCode::kIOError);
}

json Entity(const std::string& name, const std::string& type,
            std::vector<std::string> observations) {
  return {{"name", name}, {"entityType", type}, {"observations", observations}};
}

json Link(const std::string& from, const std::string& to,
          const std::string& type) {
  return {{"from", from}, {"to", to}, {"relationType", type}};
}

TEST_CASE("MCP: the knowledge-graph tools answer as the reference server",
          "[tools][mcp]") {
  Session s;
  json created =
      s.Ok("create_entities",
           {{"entities",
             {Entity("Alice", "person", {"likes tea", "lives in Oslo"}),
              Entity("Acme", "company", {}),
              Entity("Bob", "person", {"plays chess"})}}});
  CHECK(created["entities"].size() == 3);
  // An existing name is skipped, as the reference does.
  CHECK(s.Ok("create_entities",
             {{"entities", {Entity("Alice", "robot", {"x"})}}})["entities"]
            .empty());
  json rel = s.Ok(
      "create_relations",
      {{"relations",
        {Link("Alice", "Acme", "works_at"), Link("Bob", "Acme", "works_at"),
         Link("Alice", "Bob", "knows"), Link("Alice", "Acme", "works_at")}}});
  // Alice works_at Acme twice in one call: the reference keeps both (it
  // only filters against the stored graph); factline stores one atom and
  // reinforces it. Every other relation is kept.
  CHECK(rel["relations"].size() == 4);
  json added = s.Ok("add_observations",
                    {{"observations",
                      {{{"entityName", "Alice"},
                        {"contents", {"likes tea", "speaks Norwegian"}}}}}});
  CHECK(added["results"] ==
        json::array({{{"entityName", "Alice"},
                      {"addedObservations", {"speaks Norwegian"}}}}));
  json missing = s.Call(
      "add_observations",
      {{"observations", {{{"entityName", "Zed"}, {"contents", {"x"}}}}}});
  CHECK(missing["isError"] == true);
  CHECK(missing["content"][0]["text"].get<std::string>().find(
            "Entity with name Zed not found") != std::string::npos);

  json graph = s.Ok("read_graph", json::object());
  const json want = {
      {"entities",
       {Entity("Alice", "person",
               {"likes tea", "lives in Oslo", "speaks Norwegian"}),
        Entity("Acme", "company", {}),
        Entity("Bob", "person", {"plays chess"})}},
      {"relations",
       {Link("Alice", "Acme", "works_at"), Link("Bob", "Acme", "works_at"),
        Link("Alice", "Bob", "knows")}}};
  CHECK(graph == want);

  json done = s.Ok(
      "delete_observations",
      {{"deletions",
        {{{"entityName", "Alice"}, {"observations", {"lives in Oslo"}}}}}});
  CHECK(done == json{{"success", true},
                     {"message", "Observations deleted successfully"}});
  s.Ok("delete_relations", {{"relations", {Link("Alice", "Bob", "knows")}}});
  graph = s.Ok("read_graph", json::object());
  CHECK(graph["entities"][0]["observations"] ==
        json::array({"likes tea", "speaks Norwegian"}));
  CHECK(graph["relations"].size() == 2);

  // The deleted observation stays in history with its end.
  json history = s.Ok("history", {{"subject", "Alice"},
                                  {"relation", "kg observation"}})["facts"];
  bool ended = false;
  for (const json& f : history) {
    if (f["value"] == "lives in Oslo") ended = !f["valid_to"].is_null();
  }
  CHECK(ended);

  json search = s.Ok("search_nodes", {{"query", "CHESS"}});
  CHECK(search["entities"].size() == 1);
  CHECK(search["entities"][0]["name"] == "Bob");
  CHECK(search["relations"] == json::array({Link("Bob", "Acme", "works_at")}));
  json open = s.Ok("open_nodes", {{"names", {"Acme", "Nobody"}}});
  CHECK(open["entities"] == json::array({Entity("Acme", "company", {})}));
  CHECK(open["relations"].size() == 2);

  s.Ok("delete_entities", {{"entityNames", {"Acme"}}});
  graph = s.Ok("read_graph", json::object());
  CHECK(graph["entities"].size() == 2);
  CHECK(graph["relations"].empty());
  // Re-created, an entity comes last, as in the reference's file.
  s.Ok("create_entities", {{"entities", {Entity("Acme", "startup", {"new"})}}});
  graph = s.Ok("read_graph", json::object());
  REQUIRE(graph["entities"].size() == 3);
  CHECK(graph["entities"][2] == Entity("Acme", "startup", {"new"}));
}

TEST_CASE("MCP: ingest --format mcp-memory imports the reference's file",
          "[tools][mcp]") {
  ScratchDir dir;
  const std::string db = "--db " + dir.Sub("db");
  testing::WriteFile(
      dir.Sub("memory.jsonl"),
      R"({"type":"entity","name":"Alice","entityType":"person","observations":["likes tea"]})"
      "\n"
      R"({"type":"entity","name":"Acme","entityType":"company","observations":[]})"
      "\n"
      R"({"type":"relation","from":"Alice","to":"Acme","relationType":"works_at"})");
  testing::CliRun run = testing::RunCli(db + " ingest --format mcp-memory " +
                                        dir.Sub("memory.jsonl"));
  INFO(run.output);
  CHECK(run.code == 0);
  CHECK(testing::Has(run, "imported 2 entities and 1 relations; 0 already"));
  // Again: everything is already there.
  run = testing::RunCli(db + " ingest --format mcp-memory " +
                        dir.Sub("memory.jsonl"));
  CHECK(testing::Has(run, "imported 0 entities and 0 relations; 3 already"));
  run = testing::RunCli(db + " get Alice 'kg relation works_at'");
  CHECK(run.code == 0);
  CHECK(testing::Has(run, "= Acme"));

  // A bad line is refused by number and nothing is written.
  testing::WriteFile(
      dir.Sub("bad.jsonl"),
      R"({"type":"entity","name":"Bob","entityType":"person","observations":[]})"
      "\n"
      R"({"type":"relation","from":"Bob","to":7,"relationType":"knows"})");
  run = testing::RunCli(db + " ingest --format mcp-memory " +
                        dir.Sub("bad.jsonl"));
  CHECK(run.code == 3);
  CHECK(testing::Has(run, "line 2: record.to: expected string"));
  run = testing::RunCli(db + " get Bob 'kg entity type'");
  CHECK(run.code == 1);
}

}  // namespace
}  // namespace factline
