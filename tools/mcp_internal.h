// Pieces of the MCP server shared by its files: the tool table and the
// JSON Schema check that guards every tools/call.
#ifndef FACTLINE_TOOLS_MCP_INTERNAL_H_
#define FACTLINE_TOOLS_MCP_INTERNAL_H_

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "query/query.h"

namespace factline::mcp::internal {

// Who is calling: the provenance stamped on what the connection writes.
struct Context {
  Memory& memory;
  std::string model;
  std::string session;
};

// A tool's answer: `structured` goes out as structuredContent and, unless
// `text` is set, pretty-printed as the text content.
struct ToolResult {
  nlohmann::json structured;
  std::string text;
};

struct Tool {
  std::string name;
  std::string title;
  std::string description;
  nlohmann::json input_schema;   // JSON Schema of `arguments`
  nlohmann::json output_schema;  // null: none declared
  nlohmann::json annotations;    // null: none
  // Runs with arguments already checked against input_schema. A Status is
  // a tool error: the client gets it as an isError result.
  std::function<Result<ToolResult>(const nlohmann::json& args, Context& ctx)>
      run;
};

// remember, recall, ask, history, as_of, search, review_list,
// review_decide, quarantine (mcp_tools.cc).
void AddFactlineTools(std::vector<Tool>* tools);
// The reference memory server's tools (mcp_graph.cc).
void AddGraphTools(std::vector<Tool>* tools);

// "" when `value` fits `schema`, else what is wrong, naming the place
// ("entities[0].name: expected string"). Knows the keywords the tools'
// schemas use: type, properties, required, additionalProperties (false),
// items, enum, minimum, maximum.
std::string CheckSchema(const nlohmann::json& schema,
                        const nlohmann::json& value, const std::string& path);

// Messages nested deeper than this are refused before they are parsed:
// copying or printing a JSON value recurses once per level, so a message of
// a few MB of brackets would otherwise overflow the stack.
inline constexpr std::size_t kMaxJsonDepth = 64;

// How deep `text`'s arrays and objects nest, read without parsing (brackets
// inside strings do not count); stops counting past kMaxJsonDepth + 1.
std::size_t JsonDepth(std::string_view text);

}  // namespace factline::mcp::internal

#endif  // FACTLINE_TOOLS_MCP_INTERNAL_H_
