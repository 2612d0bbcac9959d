// Drives `factline mcp` with the official MCP TypeScript SDK's stdio client
// through a full session, runs the same knowledge-graph session against the
// reference memory server (@modelcontextprotocol/server-memory) and compares
// what both answer, imports the reference's memory file with `factline
// ingest --format mcp-memory`, and feeds the server raw bad input over a
// pipe. Usage: node session.mjs FACTLINE SCRATCH_DIR. Exit 0: passed.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [factline, scratch] = process.argv.slice(2);
rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch, { recursive: true });
const require = createRequire(import.meta.url);
const referenceServer = path.join(
  path.dirname(require.resolve("@modelcontextprotocol/server-memory/package.json")),
  "dist/index.js");

async function connect(command, args, env = {}) {
  const transport = new StdioClientTransport({
    command, args, env: { ...process.env, ...env }, stderr: "ignore" });
  const client = new Client({ name: "factline-test-client", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

const connectFactline = (db) => connect(factline, ["--db", db, "mcp"]);
const connectReference = (file) =>
  connect(process.execPath, [referenceServer], { MEMORY_FILE_PATH: file });

async function call(client, name, args) {
  const result = await client.callTool({ name, arguments: args });
  assert.ok(!result.isError, `${name}: ${JSON.stringify(result.content)}`);
  return result.structuredContent;
}

// The scripted knowledge-graph session; returns each call's answer.
async function graphSession(client) {
  const out = [];
  const step = async (name, args) => out.push([name, await call(client, name, args)]);
  await step("create_entities", { entities: [
    { name: "Alice", entityType: "person", observations: ["likes tea", "lives in Oslo"] },
    { name: "Acme", entityType: "company", observations: [] },
    { name: "Bob", entityType: "person", observations: ["plays chess"] }] });
  await step("create_entities", { entities: [
    { name: "Alice", entityType: "robot", observations: ["x"] },
    { name: "Carol", entityType: "person", observations: ["Ünïcode ✓"] }] });
  await step("create_relations", { relations: [
    { from: "Alice", to: "Acme", relationType: "works_at" },
    { from: "Bob", to: "Acme", relationType: "works_at" },
    { from: "Alice", to: "Bob", relationType: "knows" },
    { from: "Carol", to: "Alice", relationType: "Knows" }] });
  await step("create_relations", { relations: [
    { from: "Alice", to: "Bob", relationType: "knows" }] });
  await step("add_observations", { observations: [
    { entityName: "Alice", contents: ["likes tea", "speaks Norwegian"] },
    { entityName: "Bob", contents: ["moved to Bergen"] }] });
  await step("read_graph", {});
  await step("delete_observations", { deletions: [
    { entityName: "Alice", observations: ["lives in Oslo"] },
    { entityName: "Nobody", observations: ["x"] }] });
  await step("delete_relations", { relations: [
    { from: "Alice", to: "Bob", relationType: "knows" }] });
  await step("search_nodes", { query: "CHESS" });
  await step("search_nodes", { query: "person" });
  await step("open_nodes", { names: ["Acme", "Nobody"] });
  await step("delete_entities", { entityNames: ["Acme"] });
  await step("create_entities", { entities: [
    { name: "Acme", entityType: "startup", observations: ["new"] }] });
  await step("add_observations", { observations: [
    { entityName: "Alice", contents: ["lives in Oslo"] }] });
  await step("read_graph", {});
  const missing = await client.callTool({ name: "add_observations",
    arguments: { observations: [{ entityName: "Zed", contents: ["x"] }] } });
  assert.equal(missing.isError, true);
  assert.match(missing.content[0].text, /Entity with name Zed not found/);
  return out;
}

// 1. A full session against factline: handshake, tools, each factline tool.
const db = path.join(scratch, "db");
const client = await connectFactline(db);
assert.equal(client.getServerVersion().name, "factline");
const tools = (await client.listTools()).tools;
const names = tools.map((t) => t.name);
for (const want of ["remember", "recall", "ask", "history", "as_of", "search",
  "review_list", "review_decide", "quarantine"]) {
  assert.ok(names.includes(want), want);
}
let w = await call(client, "remember",
  { text: "goaltender is associated with the sport of ice hockey." });
assert.equal(w.decisions[0].action, "added");
w = await call(client, "remember",
  { text: "goaltender is associated with the sport of pesapallo.", session: "s2" });
assert.equal(w.decisions[0].action, "superseded");
let facts = (await call(client, "recall",
  { subject: "goaltender", relation: "sport" })).facts;
assert.equal(facts.length, 1);
assert.equal(facts[0].value, "pesapallo");
assert.equal(facts[0].model_id, "factline-test-client");
const history = (await call(client, "history",
  { subject: "goaltender", relation: "sport" })).facts;
assert.deepEqual(history.map((f) => f.value), ["ice hockey", "pesapallo"]);
const past = (await call(client, "as_of", { subject: "goaltender",
  relation: "sport", time: String(history[0].tx_time) })).facts;
assert.equal(past[0].value, "ice hockey");
const answer = await call(client, "ask",
  { question: "Which sport is goaltender associated with?" });
assert.equal(answer.answer, "pesapallo");
const hits = (await call(client, "search", { query: "goaltender sport" })).hits;
assert.equal(hits[0].value, "pesapallo");
const q = await call(client, "quarantine", { session: "s2", reason: "undo s2" });
assert.equal(q.matched, 1);
facts = (await call(client, "recall", { subject: "goaltender" })).facts;
assert.equal(facts[0].value, "ice hockey");
const held = (await call(client, "review_list", { state: "quarantined" })).items;
assert.equal(held.length, 1);
await call(client, "review_decide", { id: held[0].id, decision: "approve" });
facts = (await call(client, "recall", { subject: "goaltender" })).facts;
assert.equal(facts[0].value, "pesapallo");
// A factline error is an isError result; an unknown tool a JSON-RPC error.
const bad = await client.callTool({ name: "as_of",
  arguments: { subject: "a", relation: "b", time: "2026-02-30" } });
assert.equal(bad.isError, true);
assert.match(bad.content[0].text, /2026-02-30/);
await assert.rejects(client.callTool({ name: "nope", arguments: {} }),
  /Unknown tool: nope/);
await client.close();

// 2. The same knowledge-graph session against both servers.
const refFile = path.join(scratch, "memory.jsonl");
const reference = await connectReference(refFile);
const refTools = (await reference.listTools()).tools;
const mine = await connectFactline(path.join(scratch, "kg"));
const myTools = (await mine.listTools()).tools;
for (const t of refTools) {
  const ours = myTools.find((x) => x.name === t.name);
  assert.ok(ours, `factline lacks ${t.name}`);
  assert.deepEqual(ours.inputSchema, t.inputSchema, `${t.name} inputSchema`);
  assert.deepEqual(ours.outputSchema, t.outputSchema, `${t.name} outputSchema`);
  assert.equal(ours.description, t.description, `${t.name} description`);
}
const refAnswers = await graphSession(reference);
const myAnswers = await graphSession(mine);
await reference.close();
assert.equal(myAnswers.length, refAnswers.length);
for (let i = 0; i < refAnswers.length; ++i) {
  assert.deepEqual(myAnswers[i], refAnswers[i], `step ${i}: ${refAnswers[i][0]}`);
}
// History keeps what the graph deleted.
const hist = (await call(mine, "history",
  { subject: "Alice", relation: "kg observation" })).facts;
assert.ok(hist.some((f) => f.value === "lives in Oslo" && f.valid_to !== null));
await mine.close();

// 3. The reference's memory file, imported, reads back the same graph.
const imported = path.join(scratch, "imported");
const ingest = spawnSync(factline,
  ["--db", imported, "ingest", "--format", "mcp-memory", refFile],
  { encoding: "utf8" });
assert.equal(ingest.status, 0, ingest.stderr);
const fromFile = await connectFactline(imported);
assert.deepEqual(await call(fromFile, "read_graph", {}),
  refAnswers[refAnswers.length - 1][1]);
await fromFile.close();
const badFile = path.join(scratch, "bad.jsonl");
(await import("node:fs")).writeFileSync(badFile,
  '{"type":"entity","name":"A","entityType":"t","observations":[]}\n{"type":"relation","from":1}\n');
const refused = spawnSync(factline,
  ["--db", imported, "ingest", "--format", "mcp-memory", badFile], { encoding: "utf8" });
assert.equal(refused.status, 3, refused.stderr);
assert.match(refused.stderr, /line 2: record: missing to/);

// 4. Raw bad input over a pipe, and a client that disconnects mid-request.
async function raw(lines, { end = true, args = [] } = {}) {
  const child = spawn(factline, ["--db", db, "mcp", ...args],
    { stdio: ["pipe", "pipe", "ignore"] });
  let out = "";
  child.stdout.on("data", (d) => { out += d; });
  const exited = new Promise((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })));
  for (const line of lines) child.stdin.write(line);
  if (end) child.stdin.end();
  return { child, exited, output: () => out };
}
let r = await raw([
  '{"jsonrpc":"2.0","id":1,"method":"ping"\n',
  '{"jsonrpc":"2.0","id":2,"method":"bogus/method"}\n',
  '{"jsonrpc":"2.0","id":3,"method":"ping","pad":"' + "x".repeat(5000) + '"}\n',
  '{"jsonrpc":"2.0","id":4,"method":"ping"}\n'],
  { args: ["--max-message-bytes", "1024"] });
let exit = await r.exited;
assert.deepEqual(exit, { code: 0, signal: null });
const replies = r.output().trim().split("\n").map((l) => JSON.parse(l));
assert.equal(replies.length, 4);
assert.equal(replies[0].error.code, -32700);
assert.match(replies[0].error.message, /^Parse error: .*column/);
assert.equal(replies[1].error.code, -32601);
assert.equal(replies[2].error.code, -32600);
assert.match(replies[2].error.message, /exceeds the limit of 1024/);
assert.deepEqual(replies[3], { jsonrpc: "2.0", id: 4, result: {} });
// Disconnect mid-request: half a message, then both pipes closed.
r = await raw(['{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"na'],
  { end: false });
r.child.stdout.destroy();
r.child.stdin.end();
exit = await r.exited;
assert.deepEqual(exit, { code: 0, signal: null });
// Disconnect while the reply is being written: the server must not die of
// SIGPIPE.
r = await raw(['{"jsonrpc":"2.0","id":1,"method":"tools/call","params":' +
  '{"name":"read_graph","arguments":{}}}\n'], { end: false });
r.child.stdout.destroy();
r.child.stdin.end();
exit = await r.exited;
assert.equal(exit.signal, null);
// The store is still whole.
const after = await connectFactline(db);
facts = (await call(after, "recall", { subject: "goaltender" })).facts;
assert.equal(facts[0].value, "pesapallo");
await after.close();
console.log("mcp client session: passed");
