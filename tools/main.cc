// factline: command-line front end to a factline store.
#include <iostream>

#include "tools/cli.h"

int main(int argc, char** argv) {
  using namespace factline::cli;
  // LMDB trusts the pages of the file it maps: damage that the open-time
  // checks cannot see ends here with exit 4, not a crash or an abort.
  factline::graph::InstallMapFaultHandler(kExitStore);
  factline::graph::SetLmdbAssertHandler(ExitOnLmdbAssert);
  CLI::App app{"factline: a memory engine for AI agents that stays clean"};
  app.require_subcommand(1);
  app.fallthrough();
  app.set_version_flag("--version", "factline 0.1.0");
  GlobalOptions global;
  app.add_option("--db", global.db, "store directory")->capture_default_str();
  app.add_flag("--json", global.json, "machine-readable JSON output");
  app.add_option("--lexicon", global.lexicon,
                 "user lexicon JSON merged over the built-in one (after "
                 "<db>/lexicon.json)");
  app.add_option("--verify-reads", global.verify_reads,
                 "walk every page of data.mdb before a read-only command: "
                 "auto (stores up to 64 MiB), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  int exit_code = kExitOk;
  RegisterIngest(app, global, &exit_code);
  RegisterQueries(app, global, &exit_code);
  RegisterGate(app, global, &exit_code);
  RegisterBench(app, global, &exit_code);
  RegisterRelations(app, global, &exit_code);
  RegisterBackup(app, global, &exit_code);
  RegisterParse(app, global, &exit_code);
  RegisterDiff(app, global, &exit_code);
  RegisterMcp(app, global, &exit_code);
  CheckNumericOptions(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? kExitOk : kExitUsage;
  }
  return exit_code;
}
