// Paraphrase benchmark runner (see tools/paraphrase_bench.h).
#include "tools/paraphrase_bench.h"

#include <stdlib.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <thread>

namespace factline::bench {

namespace {

std::unique_ptr<resolver::SupersessionPolicy> PolicyFor(Arm arm) {
  switch (arm) {
    case Arm::kKeyed:
      return resolver::MakeKeyedPolicy();
    case Arm::kJaccard:
      return resolver::MakeJaccardPolicy(0.7);
    case Arm::kOff:
      return resolver::MakeNoSupersessionPolicy();
  }
  return resolver::MakeKeyedPolicy();
}

Result<std::unique_ptr<Memory>> OpenScratch(const TempDir& dir, Arm arm) {
  MemoryOptions options;
  options.store.sync = false;  // scratch: durability on close is enough
  options.policy = PolicyFor(arm);
  return Memory::Open(dir.path() + "/db", std::move(options));
}

std::string Render(const Atom& atom) {
  return "(" + atom.subject + " | " + atom.relation + " | " + atom.value + ")";
}

// The relation key after following the lexicon's alias_of ("P276" ->
// "P131"); a key the lexicon does not know stays as it is.
std::string Canonical(const Lexicon& lexicon, const std::string& relation) {
  const RelationDef* def = lexicon.Find(relation);
  return def == nullptr ? relation : def->id;
}

bool RelationRight(const Lexicon& lexicon, const ParaphraseItem& item,
                   const std::string& relation) {
  const std::string key = Canonical(lexicon, relation);
  for (const std::string& id : item.ids) {
    if (Canonical(lexicon, id) == key) return true;
  }
  return item.phrase_ok && lexicon.Find(relation) == nullptr;
}

struct Remembered {
  std::vector<Atom> current;  // atoms the sentence stored that are current
  std::string got;            // what happened, for the misses list
};

// Remembers one sentence and returns the atoms it left current.
Result<Remembered> RememberOne(Memory& memory, const std::string& text,
                               Timestamp tx_time) {
  TextFact fact;
  fact.text = text;
  fact.tx_time = tx_time;
  Remembered out;
  auto report = memory.Remember({fact});
  if (!report.ok()) {
    // Bad input (oversized, invalid UTF-8) is a wrong outcome for this
    // item; storage failures end the run.
    if (report.status().IsInvalidArgument()) {
      out.got = "error: " + std::string(report.status().message());
      return out;
    }
    return report.status();
  }
  for (const Unparsed& u : report->unparsed) {
    out.got += (out.got.empty() ? "" : "; ") + ("unparsed: " + u.reason);
  }
  for (const resolver::Decision& d : report->decisions) {
    if (d.atom == kNoAtom || (d.action != resolver::Action::kAdded &&
                              d.action != resolver::Action::kSuperseded &&
                              d.action != resolver::Action::kReinforced)) {
      out.got += (out.got.empty() ? "" : "; ") +
                 std::string(resolver::ToString(d.action)) + ": " + d.reason;
      continue;
    }
    Atom atom;
    FACTLINE_RETURN_IF_ERROR(memory.store().Read([&](const graph::Reader& r) {
      FACTLINE_ASSIGN_OR_RETURN(atom, r.GetAtom(d.atom));
      return Status::Ok();
    }));
    out.got += (out.got.empty() ? "" : "; ") + Render(atom);
    FACTLINE_ASSIGN_OR_RETURN(std::vector<FactView> now,
                              memory.Current(atom.subject, atom.relation));
    for (const FactView& f : now) {
      if (f.atom.id == atom.id) {
        out.current.push_back(atom);
        break;
      }
    }
  }
  if (out.got.empty()) out.got = "nothing stored";
  return out;
}

std::optional<Atom> FindExpected(const std::vector<Atom>& atoms,
                                 const std::string& subject,
                                 const std::string& value) {
  const std::string s = NormalizeSubject(subject);
  const std::string v = NormalizeValue(value);
  for (const Atom& atom : atoms) {
    if (NormalizeSubject(atom.subject) == s &&
        NormalizeValue(atom.value) == v) {
      return atom;
    }
  }
  return std::nullopt;
}

// What `factline get SUBJECT R` answers for the item's expected subject, R
// each relation the item accepts (its lexicon ids, and its label when a
// phrase key counts): the first non-empty slot, as a user or the held-out
// check would read it. Empty when every slot is empty.
Result<std::vector<FactView>> GetAnswer(Memory& memory,
                                        const ParaphraseItem& item) {
  std::vector<std::string> asked = item.ids;
  if (item.phrase_ok) asked.push_back(item.relation);
  for (const std::string& relation : asked) {
    FACTLINE_ASSIGN_OR_RETURN(std::vector<FactView> now,
                              memory.Current(item.subject, relation));
    if (!now.empty()) return now;
  }
  return std::vector<FactView>{};
}

Result<ItemOutcome> RunStatement(const ParaphraseItem& item, Memory& memory) {
  ItemOutcome outcome;
  outcome.item = &item;
  FACTLINE_ASSIGN_OR_RETURN(
      Remembered r, RememberOne(memory, item.statement.text, NowMicros()));
  outcome.got = r.got;
  const std::string s = NormalizeSubject(item.subject);
  const std::string v = NormalizeValue(item.statement.value);
  for (const Atom& atom : r.current) {
    if (NormalizeSubject(atom.subject) == s &&
        NormalizeValue(atom.value) == v &&
        RelationRight(memory.lexicon(), item, atom.relation)) {
      outcome.right = true;
    }
  }
  // Or as `get` reads it (a leading article, an office asked by its title).
  FACTLINE_ASSIGN_OR_RETURN(std::vector<FactView> got, GetAnswer(memory, item));
  for (const FactView& f : got) {
    if (NormalizeValue(f.atom.value) == v) outcome.right = true;
  }
  return outcome;
}

Result<ItemOutcome> RunUpdate(const ParaphraseItem& item, Memory& memory) {
  ItemOutcome outcome;
  outcome.item = &item;
  // The original was said long before the update (a year, then a day ago),
  // as in a long-lived memory: an update's own time words ("I moved there
  // last month") then fall after the original's, not before it.
  constexpr Timestamp kDay = Timestamp{86'400} * 1'000'000;
  const Timestamp t0 = NowMicros() - 365 * kDay;
  FACTLINE_ASSIGN_OR_RETURN(Remembered first,
                            RememberOne(memory, item.original.text, t0));
  std::optional<Atom> old =
      FindExpected(first.current, item.subject, item.original.value);
  if (!old) {
    outcome.got = "original: " + first.got;
    return outcome;
  }
  FACTLINE_ASSIGN_OR_RETURN(
      Remembered second, RememberOne(memory, item.later.text, t0 + 364 * kDay));
  FACTLINE_ASSIGN_OR_RETURN(std::vector<FactView> now,
                            memory.Current(old->subject, old->relation));
  std::string slot;
  for (const FactView& f : now)
    slot += (slot.empty() ? "" : ", ") + f.atom.value;
  outcome.got =
      "slot " + Render(*old) + " now [" + slot + "]; update: " + second.got;
  outcome.right =
      now.size() == 1 && now[0].atom.id != old->id &&
      NormalizeValue(now[0].atom.value) == NormalizeValue(item.later.value);
  // Or as `get` reads it: the slot it answers from holds the later value
  // alone, and the original is no longer current there.
  FACTLINE_ASSIGN_OR_RETURN(std::vector<FactView> got, GetAnswer(memory, item));
  if (got.size() == 1 && got[0].atom.id != old->id &&
      NormalizeValue(got[0].atom.value) == NormalizeValue(item.later.value)) {
    outcome.right = true;
  }
  return outcome;
}

Result<std::string> ReadFile(const std::string& path, bool* exists) {
  std::error_code ec;
  *exists = std::filesystem::exists(path, ec);
  if (!*exists) return std::string();
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::InvalidArgument("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

Result<std::string> StringField(const nlohmann::json& row, const char* key,
                                const std::string& where) {
  if (!row.contains(key) || !row[key].is_string() ||
      row[key].get<std::string>().empty()) {
    return Status::InvalidArgument(where + ": no string '" + key + "'");
  }
  return row[key].get<std::string>();
}

Result<ParaphraseSentence> SentenceField(const nlohmann::json& row,
                                         const char* key,
                                         const std::string& where) {
  if (!row.contains(key) || !row[key].is_object()) {
    return Status::InvalidArgument(where + ": no object '" + key + "'");
  }
  ParaphraseSentence s;
  FACTLINE_ASSIGN_OR_RETURN(s.text,
                            StringField(row[key], "text", where + ": " + key));
  FACTLINE_ASSIGN_OR_RETURN(s.value,
                            StringField(row[key], "value", where + ": " + key));
  return s;
}

std::string Cell(const Tally& t) {
  if (t.total == 0) return "-";
  char buf[48];
  std::snprintf(buf, sizeof buf, "%d/%d %5.1f%%", t.right, t.total,
                t.Percent());
  return buf;
}

nlohmann::json TallyJson(const Tally& t) {
  return {{"right", t.right}, {"total", t.total}, {"percent", t.Percent()}};
}

nlohmann::json SlotJson(const SlotTally& t) {
  return {{"parse", TallyJson(t.parse)}, {"update", TallyJson(t.update)}};
}

}  // namespace

std::string NormalizeSubject(std::string_view subject) {
  std::string s = NormalizeAnswer(subject);
  for (std::string_view det :
       {"my ", "our ", "your ", "his ", "her ", "their ", "its "}) {
    if (s.size() > det.size() && s.compare(0, det.size(), det) == 0) {
      return s.substr(det.size());
    }
  }
  return s;
}

std::string NormalizeValue(std::string_view value) {
  return NormalizeAnswer(value);
}

Result<std::vector<ParaphraseItem>> ParseParaphraseItems(
    std::string_view jsonl, const std::string& set) {
  std::vector<ParaphraseItem> items;
  std::size_t start = 0;
  int line_no = 0;
  while (start < jsonl.size()) {
    std::size_t end = jsonl.find('\n', start);
    if (end == std::string_view::npos) end = jsonl.size();
    std::string_view line = jsonl.substr(start, end - start);
    start = end + 1;
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    const std::string where = set + ".jsonl line " + std::to_string(line_no);
    nlohmann::json row =
        nlohmann::json::parse(line.begin(), line.end(), nullptr, false);
    if (row.is_discarded() || !row.is_object()) {
      return Status::InvalidArgument(where + ": not a JSON object");
    }
    ParaphraseItem item;
    item.set = set;
    FACTLINE_ASSIGN_OR_RETURN(item.id, StringField(row, "id", where));
    FACTLINE_ASSIGN_OR_RETURN(item.relation,
                              StringField(row, "relation", where));
    FACTLINE_ASSIGN_OR_RETURN(item.subject, StringField(row, "subject", where));
    FACTLINE_ASSIGN_OR_RETURN(std::string kind,
                              StringField(row, "kind", where));
    if (row.contains("ids")) {
      if (!row["ids"].is_array()) {
        return Status::InvalidArgument(where + ": 'ids' is not a list");
      }
      for (const nlohmann::json& id : row["ids"]) {
        if (!id.is_string()) {
          return Status::InvalidArgument(where + ": 'ids' holds a non-string");
        }
        item.ids.push_back(id.get<std::string>());
      }
    }
    if (row.contains("phrase_ok")) {
      if (!row["phrase_ok"].is_boolean()) {
        return Status::InvalidArgument(where + ": 'phrase_ok' is not a bool");
      }
      item.phrase_ok = row["phrase_ok"].get<bool>();
    }
    if (item.ids.empty() && !item.phrase_ok) {
      return Status::InvalidArgument(
          where + ": no 'ids' and 'phrase_ok' false: nothing could be right");
    }
    if (row.contains("form") && row["form"].is_string()) {
      item.form = row["form"].get<std::string>();
    }
    if (kind == "statement") {
      FACTLINE_ASSIGN_OR_RETURN(item.statement.text,
                                StringField(row, "text", where));
      FACTLINE_ASSIGN_OR_RETURN(item.statement.value,
                                StringField(row, "value", where));
    } else if (kind == "update") {
      item.update = true;
      FACTLINE_ASSIGN_OR_RETURN(item.original,
                                SentenceField(row, "original", where));
      FACTLINE_ASSIGN_OR_RETURN(item.later,
                                SentenceField(row, "update", where));
    } else {
      return Status::InvalidArgument(where + ": kind '" + kind +
                                     "' (statement or update)");
    }
    items.push_back(std::move(item));
  }
  return items;
}

Result<std::vector<ParaphraseItem>> LoadParaphraseCorpus(
    const std::string& dir) {
  std::vector<ParaphraseItem> all;
  bool any = false;
  for (const char* set : {"relations", "agent"}) {
    const std::string path = dir + "/" + set + ".jsonl";
    bool exists = false;
    FACTLINE_ASSIGN_OR_RETURN(std::string text, ReadFile(path, &exists));
    if (!exists) continue;
    any = true;
    auto items = ParseParaphraseItems(text, set);
    if (!items.ok()) return items.status().WithContext(dir);
    for (auto& item : *items) all.push_back(std::move(item));
  }
  if (!any) {
    return Status::InvalidArgument(dir +
                                   ": neither relations.jsonl nor agent.jsonl");
  }
  if (all.empty()) return Status::InvalidArgument(dir + ": no items");
  return all;
}

Result<ItemOutcome> RunParaphraseItem(const ParaphraseItem& item, Arm arm,
                                      const RunOptions& options) {
  FACTLINE_ASSIGN_OR_RETURN(
      std::unique_ptr<TempDir> dir,
      TempDir::Create(options.scratch_dir, "factline-para-"));
  FACTLINE_ASSIGN_OR_RETURN(std::unique_ptr<Memory> memory,
                            OpenScratch(*dir, arm));
  return item.update ? RunUpdate(item, *memory) : RunStatement(item, *memory);
}

ParaphraseScores Score(Arm arm, const std::vector<ItemOutcome>& outcomes) {
  ParaphraseScores scores;
  scores.arm = arm;
  for (const ItemOutcome& o : outcomes) {
    const ParaphraseItem& item = *o.item;
    auto add = [&](SlotTally& t) {
      Tally& tally = item.update ? t.update : t.parse;
      tally.right += o.right;
      ++tally.total;
    };
    add(scores.by_relation[item.set + "/" + item.relation]);
    add(scores.by_set[item.set]);
    add(scores.overall);
    if (!o.right) scores.misses.push_back(o);
  }
  return scores;
}

Result<std::vector<ParaphraseScores>> RunParaphrase(
    const std::vector<ParaphraseItem>& items, const std::vector<Arm>& arms,
    unsigned threads, const RunOptions& options) {
  std::vector<std::pair<const ParaphraseItem*, std::size_t>> jobs;
  for (std::size_t a = 0; a < arms.size(); ++a) {
    for (const ParaphraseItem& item : items) jobs.emplace_back(&item, a);
  }
  std::vector<std::optional<Result<ItemOutcome>>> results(jobs.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t i = next++; i < jobs.size(); i = next++) {
      results[i] =
          RunParaphraseItem(*jobs[i].first, arms[jobs[i].second], options);
    }
  };
  std::vector<std::thread> pool;
  threads = std::max(
      1u, std::min<unsigned>(threads, static_cast<unsigned>(jobs.size())));
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  std::vector<std::vector<ItemOutcome>> per_arm(arms.size());
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (!(*results[i]).ok()) {
      return (*results[i]).status().WithContext("item " + jobs[i].first->id);
    }
    per_arm[jobs[i].second].push_back(std::move(*results[i]).value());
  }
  std::vector<ParaphraseScores> scores;
  for (std::size_t a = 0; a < arms.size(); ++a) {
    scores.push_back(Score(arms[a], per_arm[a]));
  }
  return scores;
}

std::string ParaphraseTable(const std::vector<ParaphraseScores>& scores,
                            bool misses) {
  std::string out;
  char buf[256];
  std::snprintf(buf, sizeof buf, "%-40s", "set/relation");
  out += buf;
  for (const ParaphraseScores& s : scores) {
    const std::string arm(ArmName(s.arm));
    std::snprintf(buf, sizeof buf, " %-18s %-18s", (arm + " parse").c_str(),
                  (arm + " update").c_str());
    out += buf;
  }
  out += "\n";
  auto row = [&](const std::string& name, auto&& get) {
    std::snprintf(buf, sizeof buf, "%-40s", name.c_str());
    out += buf;
    for (const ParaphraseScores& s : scores) {
      const SlotTally& t = get(s);
      std::snprintf(buf, sizeof buf, " %-18s %-18s", Cell(t.parse).c_str(),
                    Cell(t.update).c_str());
      out += buf;
    }
    out += "\n";
  };
  if (scores.empty()) return out;
  for (const auto& [key, unused] : scores.front().by_relation) {
    row(key, [&](const ParaphraseScores& s) -> const SlotTally& {
      return s.by_relation.at(key);
    });
  }
  for (const auto& [set, unused] : scores.front().by_set) {
    row("ALL " + set, [&](const ParaphraseScores& s) -> const SlotTally& {
      return s.by_set.at(set);
    });
  }
  row("ALL",
      [](const ParaphraseScores& s) -> const SlotTally& { return s.overall; });
  if (misses) {
    for (const ParaphraseScores& s : scores) {
      out += "\n== misses, arm " + std::string(ArmName(s.arm)) + " (" +
             std::to_string(s.misses.size()) + ")\n";
      for (const ItemOutcome& o : s.misses) {
        const ParaphraseItem& item = *o.item;
        out += "[" + item.id + "] ";
        if (item.update) {
          out += item.original.text + " => " + item.later.text +
                 "\n    want: (" + item.subject + " | " + item.relation +
                 " | " + item.later.value + ")";
        } else {
          out += item.statement.text + "\n    want: (" + item.subject + " | " +
                 item.relation + " | " + item.statement.value + ")";
        }
        out += "\n    got:  " + o.got + "\n";
      }
    }
  }
  return out;
}

nlohmann::json ParaphraseJson(const std::vector<ParaphraseScores>& scores,
                              bool misses) {
  nlohmann::json arms = nlohmann::json::array();
  for (const ParaphraseScores& s : scores) {
    nlohmann::json arm = {{"arm", ArmName(s.arm)},
                          {"overall", SlotJson(s.overall)},
                          {"sets", nlohmann::json::object()},
                          {"relations", nlohmann::json::object()}};
    for (const auto& [set, t] : s.by_set) arm["sets"][set] = SlotJson(t);
    for (const auto& [key, t] : s.by_relation) {
      arm["relations"][key] = SlotJson(t);
    }
    if (misses) {
      arm["misses"] = nlohmann::json::array();
      for (const ItemOutcome& o : s.misses) {
        arm["misses"].push_back({{"id", o.item->id}, {"got", o.got}});
      }
    }
    arms.push_back(std::move(arm));
  }
  return {{"arms", std::move(arms)}};
}

}  // namespace factline::bench
