// factline mcp: the MCP server on stdin/stdout (tools/mcp.h). Replies go to
// stdout and nothing else does; logs go to stderr.
#include <csignal>
#include <iostream>

#include "tools/cli.h"
#include "tools/mcp.h"

namespace factline::cli {

int IngestMcpMemory(const GlobalOptions& global, const std::string& text,
                    const std::string& file, const std::string& model,
                    const std::string& session) {
  auto memory = OpenMemory(global, false);
  if (!memory.ok()) return Fail(memory.status(), "ingest");
  // The file holds what a model wrote through the reference server; which
  // model and conversation is unknown unless the user says.
  Provenance p;
  p.origin = Origin::kCloudModel;
  p.model_id = model.empty() ? "server-memory" : model;
  p.session_id = session.empty() ? "import:" + file : session;
  auto report = mcp::ImportMemoryFile(**memory, text, p);
  if (!report.ok()) return Fail(report.status(), file);
  if (global.json) {
    PrintJson({{"entities", report->entities},
               {"relations", report->relations},
               {"skipped", report->skipped}});
  } else {
    std::cout << "imported " << report->entities << " entities and "
              << report->relations << " relations; " << report->skipped
              << " already in the graph\n";
  }
  return kExitOk;
}

void RegisterMcp(CLI::App& app, GlobalOptions& global, int* exit_code) {
  auto options = std::make_shared<mcp::ServerOptions>();
  CLI::App* cmd = app.add_subcommand(
      "mcp", "serve the store to an MCP client over stdio (JSON-RPC 2.0)");
  cmd->add_option("--model", options->model,
                  "model id for what the client writes (default: the "
                  "client's name)");
  cmd->add_option("--session", options->session,
                  "session id for what the client writes (default: one per "
                  "run)");
  cmd->add_option("--max-message-bytes", options->max_message_bytes,
                  "longest message accepted")
      ->capture_default_str()
      ->check(AtLeast(1024));
  cmd->callback([options, &global, exit_code] {
    auto memory = OpenMemory(global, false);
    if (!memory.ok()) {
      *exit_code = Fail(memory.status(), "mcp");
      return;
    }
    // A client that goes away mid-reply must end the loop with an error
    // from the write, not kill the process before the store is closed.
    std::signal(SIGPIPE, SIG_IGN);
    std::ios::sync_with_stdio(false);
    std::cin.tie(nullptr);
    std::cerr << "factline mcp: serving " << Printable(global.db)
              << " on stdio\n";
    mcp::Server server(**memory, *options);
    Status s = server.Serve(std::cin, std::cout);
    if (!s.ok()) std::cerr << "factline mcp: " << s.message() << "\n";
    *exit_code = kExitOk;
  });
}

}  // namespace factline::cli
