// factline parse "SENTENCE" [--json]: the atom a sentence yields and why,
// without storing it: which template or clause shape read it, how its
// relation phrase was mapped (lexicon relation, phrase key or weak), with
// score and evidence, the time bounds its time words set, the cardinality
// of the key. It reads with the store's lexicon (--db, --lexicon) when the
// store exists, else with the built-in one.
#include <filesystem>
#include <iostream>

#include "tools/cli.h"

namespace factline::cli {

namespace {

struct ParseArgs {
  std::vector<std::string> sentences;
  bool assistant = false;
  std::string user;
  std::string tx;
};

nlohmann::json FactJson(const ParsedFact& f, Cardinality c, bool by_shape) {
  nlohmann::json j = {{"subject", f.subject},
                      {"relation", f.relation},
                      {"value", f.value},
                      {"rule", f.pattern},
                      {"phrase", f.phrase},
                      {"mapping", f.mapping},
                      {"score", f.score},
                      {"evidence", f.evidence},
                      {"cardinality", std::string(ToString(c))},
                      {"cardinality_by_shape", by_shape}};
  if (!f.suggested.empty()) j["suggested"] = f.suggested;
  if (!f.subject_ref.empty()) j["subject_ref"] = f.subject_ref;
  if (!f.time_words.empty()) j["time_words"] = f.time_words;
  if (f.valid_from != kNoTime) j["valid_from"] = FormatTimestamp(f.valid_from);
  if (f.valid_to != kForever) j["valid_to"] = FormatTimestamp(f.valid_to);
  if (f.ends) j["ends"] = true;
  // Slots the write path may key the atom on when the store confirms one.
  if (!f.near_relations.empty()) j["near_relations"] = f.near_relations;
  if (!f.cue_relations.empty()) j["cue_relations"] = f.cue_relations;
  if (!f.kind_relations.empty()) j["kind_relations"] = f.kind_relations;
  if (f.change_by_head) j["change_by_head"] = true;
  return j;
}

void PrintText(const std::string& sentence, const ParsedFact& f, Cardinality c,
               bool by_shape) {
  std::cout << sentence << "\n  atom      (" << f.subject << ", " << f.relation
            << ", " << f.value << ")\n  rule      " << f.pattern
            << "\n  mapping   " << f.mapping;
  if (!f.phrase.empty()) std::cout << " of '" << f.phrase << "'";
  std::cout << ", score " << f.score << ": " << f.evidence << "\n";
  if (!f.suggested.empty()) {
    std::cout << "  review    may be " << f.suggested
              << "; held for review when remembered\n";
  }
  if (!f.subject_ref.empty())
    std::cout << "  subject   " << f.subject_ref << "\n";
  auto list = [](const std::vector<std::string>& keys) {
    std::string out;
    for (const std::string& k : keys) out += (out.empty() ? "" : " ") + k;
    return out;
  };
  if (!f.near_relations.empty() || !f.cue_relations.empty() ||
      !f.kind_relations.empty() || f.change_by_head) {
    std::cout << "  store     keyed on the one of these the store holds for "
                 "the subject:";
    if (!f.near_relations.empty()) {
      std::cout << " near " << list(f.near_relations) << ";";
    }
    if (!f.cue_relations.empty()) {
      std::cout << " cued (if a change) " << list(f.cue_relations) << ";";
    }
    if (!f.kind_relations.empty()) {
      std::cout << " of the value's kind (if a change) "
                << list(f.kind_relations) << ";";
    }
    if (f.change_by_head) {
      std::cout << " holding a value with its head noun (if a change);";
    }
    std::cout << "\n";
  }
  std::cout << "  keys      one value per (subject, relation): "
            << (c == Cardinality::kOne ? "yes" : "no, many-valued")
            << (by_shape ? " (by the phrase's shape)" : " (lexicon)") << "\n";
  if (!f.time_words.empty()) {
    std::cout << "  time      ";
    for (std::size_t i = 0; i < f.time_words.size(); ++i) {
      std::cout << (i ? ", " : "") << "'" << f.time_words[i] << "'";
    }
    if (f.valid_from != kNoTime) {
      std::cout << "; valid from " << FormatTimestamp(f.valid_from);
    }
    if (f.valid_to != kForever) {
      std::cout << "; valid to " << FormatTimestamp(f.valid_to);
    }
    if (f.ends) std::cout << "; ends the stated value";
    std::cout << "\n";
  }
}

int RunParse(const GlobalOptions& global, const ParseArgs& args) {
  std::unique_ptr<Memory> memory;
  std::unique_ptr<Lexicon> lexicon;
  std::unique_ptr<Parser> parser;
  if (std::filesystem::exists(global.db)) {
    auto opened = OpenMemory(global, true, false);
    if (!opened.ok()) return Fail(opened.status(), "parse");
    memory = std::move(opened).value();
  } else {
    const Lexicon* base = &Lexicon::Builtin();
    if (!global.lexicon.empty()) {
      auto merged = Lexicon::Builtin().MergeFile(global.lexicon);
      if (!merged.ok()) return Fail(merged.status(), "parse --lexicon");
      lexicon = std::make_unique<Lexicon>(std::move(merged).value());
      base = lexicon.get();
    }
    auto created = Parser::Create(*base);
    if (!created.ok()) return Fail(created.status(), "parse");
    parser = std::make_unique<Parser>(std::move(created).value());
  }
  ParseContext ctx;
  if (!args.user.empty()) ctx.user = args.user;
  ctx.speaker = args.assistant ? ParseContext::Speaker::kAssistant
                               : ParseContext::Speaker::kUser;
  if (!args.tx.empty()) {
    auto tx = ParseTimestamp(args.tx);
    if (!tx.ok()) return Fail(tx.status(), "parse --tx");
    ctx.tx_time = *tx;
  }
  nlohmann::json out = nlohmann::json::array();
  int code = kExitOk;
  for (const std::string& sentence : args.sentences) {
    // Every statement the write path would store: the main clause's atom,
    // then what appositions and relative clauses state.
    const Parser& reader = memory ? memory->parser() : *parser;
    auto all = reader.ParseStatements(sentence, &ctx);
    if (!all.ok() && !all.status().IsNotFound()) {
      return Fail(all.status(), "parse");
    }
    if (!all.ok()) {
      code = kExitNotFound;
      if (global.json) {
        out.push_back({{"text", sentence},
                       {"parsed", false},
                       {"reason", all.status().message()}});
      } else {
        std::cout << sentence << "\n  unparsed  " << all.status().message()
                  << "\n";
      }
      continue;
    }
    for (std::size_t k = 0; k < all->size(); ++k) {
      const ParsedFact& f = (*all)[k];
      bool by_shape = false;
      Cardinality c = Cardinality::kOne;
      if (memory) {
        c = memory->CardinalityFor(f.relation, &by_shape);
      } else {
        const RelationDef* def = reader.lexicon().Find(f.relation);
        by_shape = def == nullptr;
        c = def ? def->cardinality : Lexicon::CardinalityByShape(f.relation);
      }
      if (global.json) {
        nlohmann::json j = FactJson(f, c, by_shape);
        j["text"] = sentence;
        j["parsed"] = true;
        j["statement"] = k;  // 0: the main clause
        out.push_back(std::move(j));
      } else {
        PrintText(k == 0 ? sentence : "  and", f, c, by_shape);
      }
    }
  }
  if (global.json) PrintJson(out);
  return code;
}

}  // namespace

void RegisterParse(CLI::App& app, GlobalOptions& global, int* exit_code) {
  auto args = std::make_shared<ParseArgs>();
  CLI::App* cmd = app.add_subcommand(
      "parse",
      "the atom each sentence yields and why (rule, relation mapping, score, "
      "evidence, time bounds); stores nothing. Sentences of one call are read "
      "as one chunk (pronouns)");
  cmd->add_option("sentence", args->sentences, "sentence(s) to read")
      ->required();
  cmd->add_flag("--assistant", args->assistant,
                "read as an assistant line: 'you/your' is the user");
  cmd->add_option("--user", args->user,
                  "entity 'I', 'my' and 'the user' name (default: user)");
  cmd->add_option("--tx", args->tx,
                  "transaction time relative time words resolve against "
                  "(default: now)");
  cmd->callback(
      [&global, exit_code, args] { *exit_code = RunParse(global, *args); });
}

}  // namespace factline::cli
