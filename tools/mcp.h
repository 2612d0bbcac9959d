// mcp: factline as a Model Context Protocol server (`factline mcp`).
//
// A Server answers JSON-RPC 2.0 messages over one Memory it borrows (the
// caller owns it and keeps it open while the Server lives): the MCP
// handshake (initialize, notifications/initialized, ping), tools/list and
// tools/call for factline's tools (remember, recall, ask, history, as_of,
// search, review_list, review_decide, quarantine) and for the reference
// knowledge-graph memory server's tools (create_entities ... open_nodes),
// mapped onto atoms. Serve runs the stdio transport: one message per line
// in, one reply per line out; nothing else is written to `out`.
// Thread safety: a Server serves one client from one thread.
#ifndef FACTLINE_TOOLS_MCP_H_
#define FACTLINE_TOOLS_MCP_H_

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>

#include "query/query.h"

namespace factline::mcp {

// Protocol versions the server speaks, newest first. initialize answers the
// client's version when it is one of these, else the newest.
inline constexpr const char* kProtocolVersions[] = {"2025-06-18", "2025-03-26",
                                                    "2024-11-05"};

struct ServerOptions {
  // A message (line) longer than this is refused with -32600 and skipped
  // without being buffered whole.
  std::size_t max_message_bytes = 4u << 20;
  // Provenance of what this connection writes. Empty model: the client's
  // clientInfo name from initialize ("mcp-client" before that); empty
  // session: "mcp-<pid>-<start time>", one per Server.
  std::string model;
  std::string session;
};

class Server {
 public:
  explicit Server(Memory& memory, ServerOptions options = {});
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Handles one message (a line without its newline) and returns the reply
  // as one JSON line without the newline, or "" when none is due (a
  // notification, a response from the client).
  std::string Handle(std::string_view message);

  // Reads newline-delimited messages from `in` until end of input and
  // writes each reply, newline-terminated and flushed, to `out`. A last
  // line cut short by end of input is answered only when it is complete
  // JSON. IOError when `out` fails (the client went away); OK at end of
  // input.
  Status Serve(std::istream& in, std::ostream& out);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// What ImportMemoryFile stored.
struct ImportReport {
  std::size_t entities = 0;   // new entities (names not in the graph yet)
  std::size_t relations = 0;  // new relations
  std::size_t skipped = 0;    // records the graph already held
};

// Imports the reference memory server's file (JSONL, one
// {"type":"entity","name","entityType","observations"} or
// {"type":"relation","from","to","relationType"} per line) as
// create_entities and create_relations would store it, in one pass: every
// line is checked first, and InvalidArgument names the first bad one with
// nothing written. `provenance` is stamped on every atom (its source is
// replaced by the graph tools' own).
Result<ImportReport> ImportMemoryFile(Memory& memory, std::string_view jsonl,
                                      const Provenance& provenance);

}  // namespace factline::mcp

#endif  // FACTLINE_TOOLS_MCP_H_
