// factline backup DIR [--compact]: a consistent copy of a live store.
// LMDB copies one read snapshot (mdb_env_copy2), so writers in this or other
// processes go on meanwhile; the copy appears in DIR whole or not at all
// (graph::Store::Backup). The store's own configuration files travel with
// it; the side-index does not (it is rebuilt from the graph on first use).
#include <filesystem>
#include <iostream>

#include "tools/cli.h"

namespace factline::cli {

namespace {

// Files in the store directory that are configuration, not data.
constexpr const char* kConfigFiles[] = {"gate.json", "lexicon.json"};

}  // namespace

void RegisterBackup(CLI::App& app, GlobalOptions& global, int* exit_code) {
  auto dir = std::make_shared<std::string>();
  auto compact = std::make_shared<bool>(false);
  CLI::App* backup = app.add_subcommand(
      "backup",
      "write a consistent copy of the store to DIR while it is in use");
  backup->add_option("dir", *dir, "new or empty directory for the copy")
      ->required();
  backup->add_flag("--compact", *compact,
                   "leave out free pages (smaller, slower to write)");
  backup->callback([&global, exit_code, dir, compact] {
    auto memory = OpenMemory(global, true);
    if (!memory.ok()) {
      *exit_code = Fail(memory.status(), "backup");
      return;
    }
    Status s = (*memory)->store().Backup(*dir, *compact);
    if (!s.ok()) {
      *exit_code = Fail(s, "backup");
      return;
    }
    namespace fs = std::filesystem;
    for (const char* name : kConfigFiles) {
      std::error_code ec;
      const fs::path from = fs::path(global.db) / name;
      if (!fs::is_regular_file(from, ec)) continue;
      fs::copy_file(from, fs::path(*dir) / name,
                    fs::copy_options::skip_existing, ec);
      if (ec) {
        *exit_code = Fail(Status::IOError("cannot copy " + from.string() +
                                          " to " + *dir + ": " + ec.message()),
                          "backup");
        return;
      }
    }
    std::error_code ec;
    const auto bytes = fs::file_size(fs::path(*dir) / "data.mdb", ec);
    if (global.json) {
      PrintJson(
          {{"backup", *dir}, {"bytes", ec ? 0 : bytes}, {"compact", *compact}});
    } else {
      std::cout << "backup of " << global.db << " written to " << *dir << " ("
                << (ec ? 0 : bytes) << " bytes"
                << (*compact ? ", compacted" : "") << ")\n";
    }
    *exit_code = kExitOk;
  });
}

}  // namespace factline::cli
