// FactConsolidation runner (see tools/fc_bench.h).
#include "tools/fc_bench.h"

#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <deque>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <unordered_set>

namespace factline::bench {

namespace {

// ---------------------------------------------------------------------------
// UTF-8 code points, for the parts of normalize_answer that Python applies
// to characters rather than bytes.

std::u32string Decode(std::string_view s) {
  std::u32string out;
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t len = c < 0x80         ? 1
                      : (c >> 5) == 6  ? 2
                      : (c >> 4) == 14 ? 3
                      : (c >> 3) == 30 ? 4
                                       : 0;
    if (len == 0 || i + len > s.size()) {
      out.push_back(0xFFFD);  // not UTF-8: one replacement per byte
      ++i;
      continue;
    }
    char32_t cp = len == 1 ? c : c & (0x7F >> len);
    for (std::size_t k = 1; k < len; ++k) {
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    }
    out.push_back(cp);
    i += len;
  }
  return out;
}

void Encode(char32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// str.lower() for the scripts benchmark answers use.
void Lower(char32_t cp, std::u32string* out) {
  if ((cp >= 'A' && cp <= 'Z') || (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7)) {
    cp += 0x20;  // ASCII and Latin-1 capitals
  } else if (cp == 0x130) {
    out->push_back('i');  // İ lowers to i + combining dot above
    cp = 0x307;
  } else if (cp == 0x178) {
    cp = 0xFF;
  } else if ((cp >= 0x100 && cp <= 0x137) || (cp >= 0x14A && cp <= 0x177)) {
    cp |= 1;  // Latin Extended-A pairs, capital even
  } else if ((cp >= 0x139 && cp <= 0x148) || (cp >= 0x179 && cp <= 0x17E)) {
    if (cp & 1) ++cp;  // pairs with the capital odd
  } else if (cp >= 0x391 && cp <= 0x3A9 && cp != 0x3A2) {
    cp += 0x20;  // Greek
  } else if (cp == 0x386) {
    cp = 0x3AC;
  } else if (cp >= 0x388 && cp <= 0x38A) {
    cp += 0x25;
  } else if (cp == 0x38C) {
    cp = 0x3CC;
  } else if (cp == 0x38E || cp == 0x38F) {
    cp += 0x3F;
  } else if (cp >= 0x410 && cp <= 0x42F) {
    cp += 0x20;  // Cyrillic
  } else if (cp >= 0x400 && cp <= 0x40F) {
    cp += 0x50;
  }
  out->push_back(cp);
}

bool IsAsciiPunctuation(char32_t cp) {
  return cp < 0x80 &&
         std::string_view("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
                 .find(static_cast<char>(cp)) != std::string_view::npos;
}

// str.split() separators.
bool IsSpace(char32_t cp) {
  return cp == ' ' || (cp >= 0x09 && cp <= 0x0D) ||
         (cp >= 0x1C && cp <= 0x1F) || cp == 0x85 || cp == 0xA0 ||
         cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 ||
         cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

// Python's \w for the characters that reach it (punctuation is gone by
// then): letters and digits; non-ASCII counts as a letter unless it is a
// space or general punctuation (U+2010..U+2027, U+2030..U+205E, Latin-1
// symbols).
bool IsWordChar(char32_t cp) {
  if (cp < 0x80) {
    return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') ||
           (cp >= '0' && cp <= '9');
  }
  if (IsSpace(cp)) return false;
  if (cp >= 0xA1 && cp <= 0xBF && cp != 0xAA && cp != 0xB5 && cp != 0xBA) {
    return false;
  }
  if (cp == 0xD7 || cp == 0xF7) return false;
  if ((cp >= 0x2010 && cp <= 0x2027) || (cp >= 0x2030 && cp <= 0x205E)) {
    return false;
  }
  return true;
}

double Percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  // Nearest rank, as numpy's "lower" would give for whole ranks.
  auto rank = static_cast<std::size_t>(
      std::ceil(p / 100.0 * static_cast<double>(values.size())));
  rank = std::clamp<std::size_t>(rank, 1, values.size());
  return values[rank - 1];
}

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

std::string RenderAtom(const Atom& atom) {
  if (!atom.text.empty()) return atom.text;
  return atom.subject + " " + atom.relation + " " + atom.value;
}

std::string RenderChain(const Answer& answer) {
  if (answer.chain.empty()) return answer.explanation;
  std::string out = answer.chain.front().fact.atom.subject;
  for (const Hop& hop : answer.chain) {
    out += " -" + hop.fact.atom.relation + (hop.cued ? "" : "?") + "-> " +
           hop.fact.atom.value;
  }
  return out;
}

// Shortest relation path (keys) from `subject` to a value containing the
// gold answer, over current atoms or, with `history`, over every version
// of each slot met on the way. Empty optional when none within max_hops.
std::optional<std::vector<std::string>> PathToGold(const Memory& memory,
                                                   const std::string& subject,
                                                   const std::string& gold,
                                                   bool history, int max_hops) {
  struct Node {
    std::string entity;
    std::vector<std::string> relations;
  };
  std::deque<Node> queue = {{subject, {}}};
  std::unordered_set<std::string> seen = {NormalizeKey(subject)};
  while (!queue.empty()) {
    Node node = std::move(queue.front());
    queue.pop_front();
    if (static_cast<int>(node.relations.size()) >= max_hops) continue;
    auto current = memory.Entity(node.entity);
    if (!current.ok()) return std::nullopt;
    std::vector<Atom> atoms;
    std::set<std::string> relations;
    for (const FactView& f : *current) {
      atoms.push_back(f.atom);
      relations.insert(f.atom.relation);
    }
    if (history) {
      for (const std::string& rel : relations) {
        auto all = memory.History(node.entity, rel);
        if (!all.ok()) continue;
        for (const FactView& f : *all) atoms.push_back(f.atom);
      }
    }
    for (const Atom& atom : atoms) {
      std::vector<std::string> path = node.relations;
      path.push_back(atom.relation);
      if (SubEM(atom.value, {gold}) == 1) return path;
      if (seen.insert(NormalizeKey(atom.value)).second) {
        queue.push_back({atom.value, std::move(path)});
      }
    }
  }
  return std::nullopt;
}

std::string CauseOf(const Memory& memory, const Answer& answer,
                    const std::string& gold) {
  if (answer.subject.empty()) return "subject not found";
  auto current = PathToGold(memory, answer.subject, gold, false, 4);
  if (current) {
    for (const std::string& rel : *current) {
      if (std::find(answer.cued_relations.begin(), answer.cued_relations.end(),
                    rel) == answer.cued_relations.end()) {
        return "relation cue not matched";
      }
    }
    return "wrong path chosen";
  }
  if (PathToGold(memory, answer.subject, gold, true, 4)) {
    return "gold contradicts latest-wins";
  }
  return "path not found";
}

}  // namespace

std::string NormalizeAnswer(std::string_view text) {
  std::u32string lowered;
  for (char32_t cp : Decode(text)) Lower(cp, &lowered);
  std::u32string kept;
  for (char32_t cp : lowered) {
    if (!IsAsciiPunctuation(cp)) kept.push_back(cp);
  }
  // Whole-word articles become a space; then whitespace collapses.
  std::u32string spaced;
  std::size_t i = 0;
  while (i < kept.size()) {
    if (!IsWordChar(kept[i])) {
      spaced.push_back(kept[i++]);
      continue;
    }
    std::size_t j = i;
    while (j < kept.size() && IsWordChar(kept[j])) ++j;
    std::u32string word = kept.substr(i, j - i);
    if (word == U"a" || word == U"an" || word == U"the") {
      spaced.push_back(' ');
    } else {
      spaced += word;
    }
    i = j;
  }
  std::string out;
  bool pending_space = false;
  for (char32_t cp : spaced) {
    if (IsSpace(cp)) {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out.push_back(' ');
    pending_space = false;
    Encode(cp, &out);
  }
  return out;
}

std::string ParseOutput(std::string_view output) {
  auto strip = [](std::string_view s) {
    const char* ws = " \t\r\n\v\f";
    std::size_t b = s.find_first_not_of(ws);
    if (b == std::string_view::npos) return std::string_view();
    return s.substr(b, s.find_last_not_of(ws) - b + 1);
  };
  auto starts_with_prefix = [](std::string_view s) {
    static constexpr std::string_view kPrefix = "answer:";
    if (s.size() < kPrefix.size()) return false;
    for (std::size_t i = 0; i < kPrefix.size(); ++i) {
      char c = s[i];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (c != kPrefix[i]) return false;
    }
    return true;
  };
  std::string_view rest = output;
  for (std::size_t i = 0; i < output.size(); ++i) {
    if (starts_with_prefix(output.substr(i))) {
      rest = output.substr(i + 7);
      break;
    }
  }
  std::string_view line = rest.substr(0, rest.find('\n'));
  line = strip(line);
  if (starts_with_prefix(line)) line = strip(line.substr(7));
  return std::string(line);
}

int SubEM(std::string_view output, const std::vector<std::string>& golds) {
  const std::string raw = NormalizeAnswer(output);
  const std::string parsed = NormalizeAnswer(ParseOutput(output));
  for (const std::string& gold : golds) {
    const std::string g = NormalizeAnswer(gold);
    if (raw.find(g) != std::string::npos ||
        parsed.find(g) != std::string::npos) {
      return 1;
    }
  }
  return 0;
}

Result<std::vector<FcRow>> ParseRows(std::string_view text) {
  nlohmann::json doc =
      nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
  if (doc.is_discarded() || !doc.is_array()) {
    return Status::InvalidArgument("not a JSON list of rows");
  }
  std::vector<FcRow> rows;
  for (std::size_t r = 0; r < doc.size(); ++r) {
    const nlohmann::json& row = doc[r];
    const std::string where = "row " + std::to_string(r);
    if (!row.is_object() || !row.contains("context") ||
        !row["context"].is_string()) {
      return Status::InvalidArgument(where + ": no string 'context'");
    }
    if (!row.contains("metadata") || !row["metadata"].is_object() ||
        !row["metadata"].contains("source") ||
        !row["metadata"]["source"].is_string()) {
      return Status::InvalidArgument(where + ": no string 'metadata.source'");
    }
    FcRow out;
    out.source = row["metadata"]["source"].get<std::string>();
    out.context = row["context"].get<std::string>();
    if (!row.contains("questions") || !row["questions"].is_array() ||
        !row.contains("answers") || !row["answers"].is_array() ||
        row["questions"].size() != row["answers"].size()) {
      return Status::InvalidArgument(
          where + " (" + out.source +
          "): 'questions' and 'answers' must be lists of one length");
    }
    for (std::size_t q = 0; q < row["questions"].size(); ++q) {
      const nlohmann::json& question = row["questions"][q];
      const nlohmann::json& answer = row["answers"][q];
      if (!question.is_string()) {
        return Status::InvalidArgument(where + ": question " +
                                       std::to_string(q) + " not a string");
      }
      std::vector<std::string> golds;
      if (answer.is_string()) {
        golds.push_back(answer.get<std::string>());
      } else if (answer.is_array()) {
        for (const nlohmann::json& g : answer) {
          if (g.is_string()) golds.push_back(g.get<std::string>());
        }
      }
      if (golds.empty()) {
        return Status::InvalidArgument(where + ": answer " + std::to_string(q) +
                                       " has no string");
      }
      out.questions.push_back(question.get<std::string>());
      out.answers.push_back(std::move(golds));
      std::string id = out.source + "_no" + std::to_string(q);
      const nlohmann::json& meta = row["metadata"];
      if (meta.contains("qa_pair_ids") && meta["qa_pair_ids"].is_array() &&
          q < meta["qa_pair_ids"].size() &&
          meta["qa_pair_ids"][q].is_string()) {
        id = meta["qa_pair_ids"][q].get<std::string>();
      }
      out.ids.push_back(std::move(id));
    }
    rows.push_back(std::move(out));
  }
  return rows;
}

Result<std::vector<FcRow>> LoadRows(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  // Like `factline ingest`: an unreadable input is bad input (exit 3), not
  // a store failure.
  if (!in) return Status::InvalidArgument("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  auto rows = ParseRows(text.str());
  if (!rows.ok()) return rows.status().WithContext(path);
  return rows;
}

std::vector<TextFact> ContextFacts(const FcRow& row) {
  std::vector<TextFact> facts;
  std::size_t start = 0;
  const std::string& context = row.context;
  while (start < context.size()) {
    std::size_t end = context.find('\n', start);
    if (end == std::string::npos) end = context.size();
    std::string_view line(context.data() + start, end - start);
    start = end + 1;
    std::optional<std::int64_t> serial;
    std::string_view text = StripSerial(line, &serial);
    if (!serial || CleanDisplay(text).empty()) continue;
    TextFact fact;
    fact.text = std::string(text);
    fact.tx_time = *serial;
    fact.provenance.origin = Origin::kDataset;
    fact.provenance.source = row.source + "#" + std::to_string(*serial);
    facts.push_back(std::move(fact));
  }
  return facts;
}

std::string_view ArmName(Arm arm) {
  switch (arm) {
    case Arm::kKeyed:
      return "keyed";
    case Arm::kJaccard:
      return "jaccard";
    case Arm::kOff:
      return "off";
  }
  return "keyed";
}

Result<Arm> ParseArm(std::string_view name) {
  for (Arm arm : {Arm::kKeyed, Arm::kJaccard, Arm::kOff}) {
    if (name == ArmName(arm)) return arm;
  }
  return Status::InvalidArgument("unknown arm '" + std::string(name) +
                                 "' (keyed, jaccard, off)");
}

Result<RowResult> RunRow(const FcRow& row, Arm arm, const RunOptions& options) {
  using Clock = std::chrono::steady_clock;
  RowResult result;
  result.source = row.source;
  result.arm = arm;
  FACTLINE_ASSIGN_OR_RETURN(
      std::unique_ptr<TempDir> dir,
      TempDir::Create(options.scratch_dir, "factline-fc-"));
  const std::vector<TextFact> facts = ContextFacts(row);
  if (facts.empty()) {
    return Status::InvalidArgument(row.source + ": no numbered facts");
  }

  const auto ingest_start = Clock::now();
  MemoryOptions memory_options;
  // A scratch store: durability on close is enough.
  memory_options.store.sync = false;
  // Big enough that no context makes the map grow (growing reruns the
  // whole batch); the file is sparse, so this costs no disk.
  memory_options.store.initial_map_bytes = std::size_t{1} << 30;
  memory_options.policy = PolicyFor(arm);
  FACTLINE_ASSIGN_OR_RETURN(
      std::unique_ptr<Memory> memory,
      Memory::Open(dir->path() + "/db", std::move(memory_options)));
  FACTLINE_ASSIGN_OR_RETURN(RememberReport report, memory->Remember(facts));
  result.ingest_s =
      std::chrono::duration<double>(Clock::now() - ingest_start).count();
  if (!report.unparsed.empty()) {
    return Status::InvalidArgument(
        row.source + ": fact '" + report.unparsed[0].text +
        "' does not parse: " + report.unparsed[0].reason);
  }
  for (const resolver::Decision& d : report.decisions) {
    result.supersessions += d.action == resolver::Action::kSuperseded;
  }

  AskOptions ask_options;
  ask_options.prefer_recent = arm != Arm::kOff;
  std::vector<double> latencies;
  int correct = 0, hit1 = 0, hit10 = 0;
  for (std::size_t q = 0; q < row.questions.size(); ++q) {
    const auto start = Clock::now();
    FACTLINE_ASSIGN_OR_RETURN(Answer answer,
                              memory->Ask(row.questions[q], ask_options));
    latencies.push_back(
        std::chrono::duration<double, std::micro>(Clock::now() - start)
            .count());
    const std::vector<std::string>& golds = row.answers[q];
    const int ok = SubEM(answer.text, golds);
    correct += ok;
    for (std::size_t k = 0; k < answer.ranked.size(); ++k) {
      if (SubEM(RenderAtom(answer.ranked[k].atom), golds) == 1) {
        hit1 += k == 0;
        ++hit10;
        break;
      }
    }
    if (!ok && options.explain) {
      Miss miss;
      miss.id = row.ids[q];
      miss.question = row.questions[q];
      miss.gold = golds[0];
      miss.answer = answer.text;
      miss.chain = RenderChain(answer);
      miss.cause = CauseOf(*memory, answer, golds[0]);
      result.misses.push_back(std::move(miss));
    }
  }
  const double n = static_cast<double>(row.questions.size());
  result.questions = static_cast<int>(row.questions.size());
  if (n > 0) {
    result.subem = 100.0 * correct / n;
    result.hit1 = 100.0 * hit1 / n;
    result.hit10 = 100.0 * hit10 / n;
  }
  result.answer_p50_us = Percentile(latencies, 50);
  result.answer_p99_us = Percentile(latencies, 99);
  return result;
}

Result<std::unique_ptr<TempDir>> TempDir::Create(const std::string& parent,
                                                 std::string_view prefix) {
  std::error_code ec;
  std::filesystem::path base = parent.empty()
                                   ? std::filesystem::temp_directory_path(ec)
                                   : std::filesystem::path(parent);
  if (ec) return Status::IOError("no temp directory: " + ec.message());
  std::string pattern = (base / (std::string(prefix) + "XXXXXX")).string();
  if (mkdtemp(pattern.data()) == nullptr) {
    return Status::IOError("cannot create a directory in " + base.string());
  }
  return std::unique_ptr<TempDir>(new TempDir(pattern));
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

}  // namespace factline::bench
