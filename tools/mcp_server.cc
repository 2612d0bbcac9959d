// The JSON-RPC 2.0 side of the MCP server: message checks, the handshake,
// tools/list and tools/call, and the stdio loop. The tools themselves are
// in mcp_tools.cc and mcp_graph.cc.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <istream>
#include <ostream>

#include "tools/mcp.h"
#include "tools/mcp_internal.h"

namespace factline::mcp {

using nlohmann::json;

namespace {

// JSON-RPC 2.0 error codes.
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;

// Records why a text is not JSON: nlohmann's DOM parser only says that it
// is not, its SAX parser says where and what, without throwing.
class ErrorSax : public nlohmann::json_sax<json> {
 public:
  std::string message;
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t, const std::string&,
                   const nlohmann::detail::exception& ex) override {
    message = ex.what();
    // "[json.exception.parse_error.101] parse error at line 1, ..." reads
    // better without the bracketed tag.
    const std::size_t tag = message.find("] ");
    if (message.rfind("[json.exception", 0) == 0 && tag != std::string::npos) {
      message.erase(0, tag + 2);
    }
    return false;
  }
};

std::string WhyNotJson(std::string_view text) {
  ErrorSax sax;
  json::sax_parse(text, &sax);
  return sax.message.empty() ? "not a JSON value" : sax.message;
}

json ErrorReply(const json& id, int code, const std::string& message) {
  return {{"jsonrpc", "2.0"},
          {"id", id},
          {"error", {{"code", code}, {"message", message}}}};
}

json ResultReply(const json& id, json result) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
}

std::string Dump(const json& doc) {
  return doc.dump(-1, ' ', false, json::error_handler_t::replace);
}

// The tools read arguments the schema check has vetted, so nlohmann should
// never throw inside one; if it does, the client gets an error instead of
// the server dying mid-session.
Result<internal::ToolResult> RunTool(const internal::Tool& tool,
                                     const json& args, internal::Context& ctx) {
  try {
    return tool.run(args, ctx);
  } catch (const std::exception& e) {
    return Status::InvalidArgument(std::string("tool failed: ") + e.what());
  }
}

std::string DefaultSession() {
  return "mcp-" + std::to_string(::getpid()) + "-" +
         std::to_string(NowMicros());
}

}  // namespace

namespace internal {

std::size_t JsonDepth(std::string_view text) {
  std::size_t depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
      if (deepest > kMaxJsonDepth) break;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

}  // namespace internal

struct Server::Impl {
  Memory& memory;
  ServerOptions options;
  std::vector<internal::Tool> tools;
  std::string client_name;

  Impl(Memory& m, ServerOptions o) : memory(m), options(std::move(o)) {
    if (options.session.empty()) options.session = DefaultSession();
    internal::AddFactlineTools(&tools);
    internal::AddGraphTools(&tools);
  }

  // The reply to one parsed message; null when none is due.
  json Dispatch(const json& msg);
  json Initialize(const json& id, const json& params);
  json ListTools(const json& id) const;
  json CallTool(const json& id, const json& params);
};

json Server::Impl::Dispatch(const json& msg) {
  if (!msg.is_object()) {
    return ErrorReply(nullptr, kInvalidRequest,
                      "Invalid Request: a message must be a JSON object");
  }
  json id = nullptr;
  const bool has_id = msg.contains("id");
  if (has_id) {
    const json& raw = msg["id"];
    if (!raw.is_string() && !raw.is_number_integer() && !raw.is_null()) {
      return ErrorReply(nullptr, kInvalidRequest,
                        "Invalid Request: id must be a string or an integer");
    }
    id = raw;
  }
  auto version = msg.find("jsonrpc");
  if (version == msg.end() || *version != "2.0") {
    return ErrorReply(id, kInvalidRequest,
                      "Invalid Request: jsonrpc must be \"2.0\"");
  }
  auto method_it = msg.find("method");
  if (method_it == msg.end()) {
    // A response to a request of ours: the server sends none, so there is
    // nothing to match it with.
    if (msg.contains("result") || msg.contains("error")) return nullptr;
    return ErrorReply(id, kInvalidRequest, "Invalid Request: no method");
  }
  if (!method_it->is_string()) {
    return ErrorReply(id, kInvalidRequest,
                      "Invalid Request: method must be a string");
  }
  const std::string method = *method_it;
  json params = json::object();
  if (auto p = msg.find("params"); p != msg.end()) {
    if (!p->is_object() && !p->is_array()) {
      return ErrorReply(id, kInvalidRequest,
                        "Invalid Request: params must be an object or array");
    }
    params = *p;
  }
  if (!has_id) return nullptr;  // notifications: initialized, cancelled, ...
  if (method == "initialize") return Initialize(id, params);
  if (method == "ping") return ResultReply(id, json::object());
  if (method == "tools/list") return ListTools(id);
  if (method == "tools/call") return CallTool(id, params);
  return ErrorReply(id, kMethodNotFound, "Method not found: " + method);
}

json Server::Impl::Initialize(const json& id, const json& params) {
  auto v = params.is_object() ? params.find("protocolVersion") : params.end();
  if (!params.is_object() || v == params.end() || !v->is_string()) {
    return ErrorReply(id, kInvalidParams,
                      "Invalid params: initialize needs protocolVersion");
  }
  std::string version = kProtocolVersions[0];
  for (const char* known : kProtocolVersions) {
    if (*v == known) version = known;
  }
  if (auto info = params.find("clientInfo");
      info != params.end() && info->is_object()) {
    client_name = info->value("name", "");
  }
  return ResultReply(
      id,
      {{"protocolVersion", version},
       {"capabilities", {{"tools", {{"listChanged", false}}}}},
       {"serverInfo", {{"name", "factline"}, {"version", "0.1.0"}}},
       {"instructions",
        "factline keeps facts as subject-relation-value atoms with "
        "provenance and history: remember writes, recall/ask/history/as_of "
        "read. The knowledge-graph tools (create_entities, read_graph, ...) "
        "work as in the reference memory server."}});
}

json Server::Impl::ListTools(const json& id) const {
  json list = json::array();
  for (const internal::Tool& t : tools) {
    json entry = {{"name", t.name},
                  {"title", t.title},
                  {"description", t.description},
                  {"inputSchema", t.input_schema}};
    if (!t.output_schema.is_null()) entry["outputSchema"] = t.output_schema;
    if (!t.annotations.is_null()) entry["annotations"] = t.annotations;
    list.push_back(std::move(entry));
  }
  return ResultReply(id, {{"tools", std::move(list)}});
}

json Server::Impl::CallTool(const json& id, const json& params) {
  auto name = params.is_object() ? params.find("name") : params.end();
  if (!params.is_object() || name == params.end() || !name->is_string()) {
    return ErrorReply(id, kInvalidParams,
                      "Invalid params: tools/call needs a tool name");
  }
  auto tool =
      std::find_if(tools.begin(), tools.end(),
                   [&](const internal::Tool& t) { return *name == t.name; });
  if (tool == tools.end()) {
    return ErrorReply(id, kInvalidParams,
                      "Unknown tool: " + name->get<std::string>());
  }
  json args = json::object();
  if (auto a = params.find("arguments"); a != params.end() && !a->is_null()) {
    args = *a;
  }
  const std::string bad = internal::CheckSchema(tool->input_schema, args, "");
  if (!bad.empty()) {
    return ErrorReply(id, kInvalidParams,
                      "Invalid arguments for tool " + tool->name + ": " + bad);
  }
  internal::Context ctx{memory, options.model, options.session};
  if (ctx.model.empty()) {
    ctx.model = client_name.empty() ? "mcp-client" : client_name;
  }
  Result<internal::ToolResult> out = RunTool(*tool, args, ctx);
  if (!out.ok()) {
    return ResultReply(id,
                       {{"content",
                         {{{"type", "text"},
                           {"text", "factline: " + out.status().ToString()}}}},
                        {"isError", true}});
  }
  json result = {
      {"content",
       {{{"type", "text"},
         {"text", out->text.empty()
                      ? out->structured.dump(2, ' ', false,
                                             json::error_handler_t::replace)
                      : out->text}}}}};
  if (out->structured.is_object()) {
    result["structuredContent"] = std::move(out->structured);
  }
  return ResultReply(id, std::move(result));
}

Server::Server(Memory& memory, ServerOptions options)
    : impl_(std::make_unique<Impl>(memory, std::move(options))) {}

Server::~Server() = default;

std::string Server::Handle(std::string_view message) {
  if (message.size() > impl_->options.max_message_bytes) {
    return Dump(ErrorReply(
        nullptr, kInvalidRequest,
        "Invalid Request: message of " + std::to_string(message.size()) +
            " bytes exceeds the limit of " +
            std::to_string(impl_->options.max_message_bytes)));
  }
  if (internal::JsonDepth(message) > internal::kMaxJsonDepth) {
    return Dump(ErrorReply(nullptr, kInvalidRequest,
                           "Invalid Request: nested deeper than " +
                               std::to_string(internal::kMaxJsonDepth) +
                               " levels"));
  }
  json msg = json::parse(message, nullptr, false);
  if (msg.is_discarded()) {
    return Dump(ErrorReply(nullptr, kParseError,
                           "Parse error: " + WhyNotJson(message)));
  }
  if (msg.is_array()) {
    // A batch (protocol 2025-03-26): one reply array, notifications omitted.
    if (msg.empty()) {
      return Dump(
          ErrorReply(nullptr, kInvalidRequest, "Invalid Request: empty batch"));
    }
    json replies = json::array();
    for (const json& item : msg) {
      json reply = impl_->Dispatch(item);
      if (!reply.is_null()) replies.push_back(std::move(reply));
    }
    return replies.empty() ? "" : Dump(replies);
  }
  json reply = impl_->Dispatch(msg);
  return reply.is_null() ? "" : Dump(reply);
}

Status Server::Serve(std::istream& in, std::ostream& out) {
  std::streambuf* buf = in.rdbuf();
  const std::size_t limit = impl_->options.max_message_bytes;
  std::string line;
  std::size_t skipped = 0;  // bytes of an oversized line dropped so far
  auto answer = [&](const std::string& reply) -> Status {
    if (reply.empty()) return Status::Ok();
    out << reply << '\n';
    out.flush();
    if (!out) return Status::IOError("mcp: the client closed its input");
    return Status::Ok();
  };
  for (;;) {
    const int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      // Input ended mid-line: the client went away before finishing the
      // message. Act on it only if it is whole.
      if (skipped == 0 && !line.empty() &&
          !json::parse(line, nullptr, false).is_discarded()) {
        return answer(Handle(line));
      }
      return Status::Ok();
    }
    if (c != '\n') {
      if (skipped > 0) {
        ++skipped;
      } else if (line.size() == limit) {
        skipped = line.size() + 1;
        std::string().swap(line);
      } else {
        line.push_back(static_cast<char>(c));
      }
      continue;
    }
    std::string reply;
    if (skipped > 0) {
      std::fprintf(stderr, "factline mcp: skipped a message of %zu bytes\n",
                   skipped);
      reply = Dump(ErrorReply(
          nullptr, kInvalidRequest,
          "Invalid Request: message of " + std::to_string(skipped) +
              " bytes exceeds the limit of " + std::to_string(limit)));
      skipped = 0;
    } else {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.find_first_not_of(" \t") != std::string::npos) {
        reply = Handle(line);
      }
      line.clear();
    }
    FACTLINE_RETURN_IF_ERROR(answer(reply));
  }
}

}  // namespace factline::mcp
