// Parse-time screening: the noise and transient patterns, hedging, role
// tags and conversation significance (TextScreen, SplitTurns).
//
// Patterns are RE2 (linear time, no backtracking blowups on hostile tool
// output). The noise and transient patterns share one RE2::Set, so a line
// costs one pass however many patterns there are.
#include <re2/re2.h>
#include <re2/set.h>

#include <algorithm>
#include <cmath>

#include "resolver/resolver.h"

namespace factline::resolver {

namespace {

struct NamedPattern {
  const char* name;
  const char* regex;
};

// Tool output that must never become memory. Each pattern is anchored to
// the shape of tool output, not to words a person might use, so that
// sentences ("I cannot open the door") pass.
constexpr NamedPattern kNoisePatterns[] = {
    {"HTTP status line", R"((?i)^HTTP/\d(?:\.\d)?\s+\d{3}\b)"},
    {"HTTP request line",
     R"(^(?:GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS) \S+ HTTP/\d)"},
    {"HTTP status",
     R"((?i)^\d{3} (?:not found|ok|bad request|unauthorized|forbidden|)"
     R"(internal server error|bad gateway|service unavailable|gateway timeout|)"
     R"(moved permanently|found|not modified|created|no content)[.!]?$)"},
    {"directory listing total", R"((?i)^total \d+(?:[.,]\d+)?[kmg]?$)"},
    {"directory listing entry",
     R"(^[-dlcbps][-r][-w][-xsS][-r][-w][-xsS][-r][-w][-xtT][@+.]?\s+\d+\s)"},
    {"empty tool result",
     R"((?i)^(?:no (?:files|matches|results|entries|items)(?: were)? found|)"
     R"(0 (?:files|matches|results) found|found 0 (?:files|matches|results)|)"
     R"(nothing (?:to commit|found)|no output)[.!]?$)"},
    {"filesystem error",
     R"((?i)^(?:[\w./~-]+: )+.*\b(?:no such file or directory|permission )"
     R"(denied|is a directory|not a directory|command not found|operation )"
     R"(not permitted|file exists|read-only file system|no space left on )"
     R"(device|directory not empty)\b)"},
    {"filesystem error",
     R"((?i)^(?:no such file or directory|permission denied|command not )"
     R"(found)[.!]?$)"},
    {"errno name",
     R"(\b(?:ENOENT|EACCES|EISDIR|ENOTDIR|EEXIST|EPERM|ENOSPC|ENOTEMPTY|)"
     R"(ECONNREFUSED|ETIMEDOUT)\b)"},
    {"compiler diagnostic",
     R"(^[\w./-]+\.\w+:\d+(?::\d+)?: (?:fatal error|error|warning|note): )"},
    {"command echo", R"(^(?:\S+@\S+:\S*\s?)?[$#%] \S)"},
    {"command echo",
     R"(^[>+] (?:sudo|cd|ls|cat|grep|rg|git|npm|npx|pip|python3?|make|cmake|)"
     R"(docker|kubectl|curl|wget|echo|rm|cp|mv|mkdir|find|sed|awk)\b)"},
    {"stack trace", R"(^Traceback \(most recent call last\))"},
    {"stack trace", R"(^File "[^"]+", line \d+)"},
    {"stack trace",
     R"(^at [\w$.<>/\\-]+ ?\(.*(?::\d+|Native Method|Unknown Source)\)$)"},
    {"stack trace", R"(^at [\w$.<>/\\-]+:\d+:\d+$)"},
    {"stack trace", R"(^#\d+\s+0x[0-9a-fA-F]+ in )"},
    {"exception",
     R"(^(?:[a-z_][\w$]*\.)*[A-Z][\w$]*(?:Exception|Error)(?::|$))"},
    {"fatal error line",
     R"((?i)^(?:fatal|panic|error)(?:\[[\w-]+\])?: |^segmentation fault\b)"},
    {"exit status",
     R"((?i)^(?:exit (?:code|status)|process exited with code|returned )"
     R"(non-zero exit status|command failed with exit code)\s*:?\s*-?\d+)"},
    {"log line",
     R"(^\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d(?::\d\d(?:[.,]\d+)?)?Z?\]?\s+\[?)"
     R"((?:TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL)\b)"},
    {"log line", R"(^\[(?:TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL)\])"},
    // Only a line with neither letters nor digits: "8½", "1984" and
    // "2027-01-31" are titles and dates, not noise ("π" is a letter).
    {"no words", R"(^[^\pL\pN]*$)"},
};

// Momentary state: true now, false in an hour.
constexpr NamedPattern kTransientPatterns[] = {
    {"current date or time",
     R"((?i)^(?:the )?current (?:date|time|day|year|month|week|timestamp|)"
     R"(weather|temperature)\b)"},
    {"today or now statement",
     R"((?i)^(?:today|tonight|right now|now|currently|at the moment),? )"
     R"((?:is|it is|it's|it’s)\b)"},
    {"clock or weather",
     R"((?i)^it(?: is|'s|’s) (?:now |currently |about |almost |already )?)"
     R"((?:\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)|noon|midnight|)"
     R"(morning|afternoon|evening|night|(?:mon|tues|wednes|thurs|fri|satur|)"
     R"(sun)day|raining|sunny|cloudy|snowing)\b)"},
    // Activities of the moment only: "is currently working at X" and
    // "is currently living in Y" are durable facts and pass.
    {"momentary activity",
     R"((?i)\b(?:is|are|am|was)\s+(?:currently|right now|at the moment|just )"
     R"(now|still)\s+(?:typing|reading|writing|looking|watching|listening|)"
     R"(waiting|eating|drinking|sleeping|driving|walking|talking|speaking|)"
     R"(browsing|scrolling|searching|sitting|standing|calling|chatting|)"
     R"(editing|debugging|downloading|uploading|installing|compiling|)"
     R"(loading|viewing)\b)"},
    {"momentary state",
     R"((?i)\b(?:is|are|am)\s+(?:(?:currently|now)\s+(?:online|offline|)"
     R"(idle|busy|away)|(?:currently\s+|now\s+)?(?:typing|afk|away from )"
     R"((?:the |their |his |her )?(?:keyboard|desk|computer)|on (?:a|the) )"
     R"((?:call|phone)|in a meeting))\b)"},
    {"weather now",
     R"((?i)^(?:the )?(?:weather|temperature|forecast) (?:is|today|now|)"
     R"(right now|outside)\b)"},
};

// Hedging: each phrase found multiplies confidence by HedgingRules::factor.
constexpr const char* kHedges[] = {
    "might",       "maybe",      "perhaps",     "possibly",       "probably",
    "likely",      "unlikely",   "considering", "thinking about", "thinking of",
    "not sure",    "unsure",     "i guess",     "i think",        "sort of",
    "kind of",     "could",      "wondering",   "apparently",     "seems",
    "seemingly",   "supposedly", "allegedly",   "rumored",        "rumoured",
    "tentatively", "presumably", "potentially",
};

struct ScorePattern {
  const char* name;
  int points;
  const char* regex;
};

// Conversation significance: what makes a chunk worth remembering.
constexpr ScorePattern kScorePatterns[] = {
    {"decision", 10,
     R"((?i)\b(?:decided|decide to|decision(?: is|:)|we(?:'ll| will) go )"
     R"(with|let's go with|going with|chose|chosen|settled on|agreed (?:to|)"
     R"(on)|the plan is|switching to|from now on)\b)"},
    {"lesson", 8,
     R"((?i)\b(?:lesson|learned|learnt|turns out|never again|note to self|)"
     R"(remember that|root cause|the fix (?:was|is)|the problem was|in )"
     R"(hindsight|takeaway)\b)"},
    {"outcome", 8,
     R"((?i)\b(?:fixed|resolved|shipped|deployed|released|works now|it )"
     R"(worked|succeeded|failed because|outcome|result (?:was|is)|merged|)"
     R"(completed)\b)"},
    {"preference", 4,
     R"((?i)\b(?:prefer|prefers|always|never|favou?rite|likes?|loves?|)"
     R"(hates?|dislikes?|don't want|do not want)\b)"},
    {"personal detail", 4,
     R"((?i)\b(?:my name is|i am|i'm|i live|i work|my (?:wife|husband|)"
     R"(partner|son|daughter|boss|team|company|birthday|email|phone))\b)"},
};
// A person stating facts about themselves (team, manager, place,
// preference, tools, "I'm now ...", "my X is Y") is what an agent memory is
// for, so a human turn with such a statement keeps the chunk whatever its
// human share (issue 8): a short human line in a long tool transcript is
// still the user telling us who they are. Group 1 is the "my X" noun phrase,
// checked against kNotSelfFacts.
constexpr const char* kSelfStatement =
    R"((?i)\b(?:i(?:'|\x{2019})m|i am)(?: now| currently| still| no longer)?)"
    R"( (?:on|in|at|from|based|a|an|the|part of|allergic|vegetarian|vegan|)"
    R"(married|working|living|moving|responsible|learning|using)\b|)"
    R"(\bi(?: now| just| recently| also)? (?:live|work|moved|relocated|)"
    R"(switched|joined|left|report|use|prefer|like|love|hate|speak|studied|)"
    R"(graduated|was born|grew up)\b|)"
    R"(\bmy ((?:[\w-]+ ){0,2}?[\w-]+) (?:is|are|was|has changed|changed|)"
    R"(moved)\b)";
// "my X is" openers that are discourse, not a fact about the speaker.
constexpr const char* kNotSelfFacts[] = {
    "guess",      "question", "point",   "concern", "understanding", "thought",
    "idea",       "worry",    "feeling", "bad",     "hope",          "fear",
    "suggestion", "answer",   "issue",   "problem", "error",         "output",
    "code",       "build",    "test",    "script",  "request",       "take",
};
constexpr int kFactPoints = 3;
constexpr int kWordsPerPoint = 30;
constexpr int kMaxLengthPoints = 3;

Status Compile(const std::string& key, const std::string& regex,
               std::unique_ptr<RE2>* out) {
  RE2::Options options;
  options.set_log_errors(false);
  auto re = std::make_unique<RE2>(regex, options);
  if (!re->ok()) {
    return Status::InvalidArgument(
        "gate config: " + key + ": pattern does not compile: " + re->error());
  }
  *out = std::move(re);
  return Status::Ok();
}

// "(?i)\b(a|b c)\b" from literal phrases; group 1 is the phrase found.
std::string PhraseAlternation(const std::vector<std::string>& phrases,
                              bool case_insensitive) {
  std::string re = case_insensitive ? "(?i)" : "";
  re += "\\b(";
  for (std::size_t i = 0; i < phrases.size(); ++i) {
    if (i) re += "|";
    re += RE2::QuoteMeta(phrases[i]);
  }
  return re + ")\\b";
}

std::size_t CountWords(std::string_view text) {
  std::size_t words = 0;
  bool in_word = false;
  for (char c : text) {
    const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
    if (!space && !in_word) ++words;
    in_word = !space;
  }
  return words;
}

}  // namespace

std::string_view ToString(Role role) {
  switch (role) {
    case Role::kHuman:
      return "human";
    case Role::kAssistant:
      return "assistant";
    case Role::kTool:
      return "tool";
    case Role::kSystem:
      return "system";
  }
  return "unknown";
}

struct TextScreen::Impl {
  GateConfig config;
  std::unique_ptr<RE2::Set> set;  // noise then transient patterns
  std::vector<std::pair<std::string, GateOutcome>> set_names;
  std::unique_ptr<RE2> hedge;      // case-insensitive phrases
  std::unique_ptr<RE2> hedge_may;  // "may", lower case only ("Theresa May")
  std::vector<std::pair<std::unique_ptr<RE2>, const ScorePattern*>> scores;
  std::unique_ptr<RE2> self_statement;  // kSelfStatement

  // Whether `text` holds a statement by the speaker about themselves.
  bool HasSelfStatement(const std::string& text) const {
    re2::StringPiece input(text);
    std::string noun;
    while (RE2::FindAndConsume(&input, *self_statement, &noun)) {
      const std::size_t space = noun.rfind(' ');
      const std::string head =
          NormalizeKey(space == std::string::npos ? noun : noun.substr(space));
      if (noun.empty() ||
          std::find(std::begin(kNotSelfFacts), std::end(kNotSelfFacts), head) ==
              std::end(kNotSelfFacts)) {
        return true;
      }
    }
    return false;
  }

  Status AddToSet(const std::string& key, const std::string& regex,
                  std::string name, GateOutcome outcome) {
    std::unique_ptr<RE2> check;
    FACTLINE_RETURN_IF_ERROR(Compile(key, regex, &check));
    std::string error;
    if (set->Add(regex, &error) < 0) {
      return Status::InvalidArgument(
          "gate config: " + key + ": pattern rejected by RE2::Set: " + error);
    }
    set_names.emplace_back(std::move(name), outcome);
    return Status::Ok();
  }
};

TextScreen::TextScreen(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
TextScreen::TextScreen(TextScreen&&) noexcept = default;
TextScreen& TextScreen::operator=(TextScreen&&) noexcept = default;
TextScreen::~TextScreen() = default;

Result<TextScreen> TextScreen::Create(const GateConfig& config) {
  auto impl = std::make_unique<Impl>();
  impl->config = config;
  RE2::Options options;
  options.set_log_errors(false);
  impl->set = std::make_unique<RE2::Set>(options, RE2::UNANCHORED);
  if (config.noise.enabled) {
    for (const NamedPattern& p : kNoisePatterns) {
      FACTLINE_RETURN_IF_ERROR(
          impl->AddToSet(std::string("built-in noise pattern '") + p.name + "'",
                         p.regex, p.name, GateOutcome::kNoise));
    }
    const auto& extra = config.noise.extra_patterns;
    for (std::size_t i = 0; i < extra.size(); ++i) {
      FACTLINE_RETURN_IF_ERROR(impl->AddToSet(
          "noise.extra_patterns[" + std::to_string(i) + "]", extra[i],
          "pattern '" + extra[i] + "'", GateOutcome::kNoise));
    }
  }
  if (config.transient.enabled) {
    for (const NamedPattern& p : kTransientPatterns) {
      FACTLINE_RETURN_IF_ERROR(impl->AddToSet(
          std::string("built-in transient pattern '") + p.name + "'", p.regex,
          p.name, GateOutcome::kTransient));
    }
    const auto& extra = config.transient.extra_patterns;
    for (std::size_t i = 0; i < extra.size(); ++i) {
      FACTLINE_RETURN_IF_ERROR(impl->AddToSet(
          "transient.extra_patterns[" + std::to_string(i) + "]", extra[i],
          "pattern '" + extra[i] + "'", GateOutcome::kTransient));
    }
  }
  if (impl->set_names.empty()) {
    impl->set.reset();
  } else if (!impl->set->Compile()) {
    return Status::ResourceExhausted(
        "gate config: the noise and transient patterns are too large for "
        "RE2::Set");
  }
  std::vector<std::string> hedges(std::begin(kHedges), std::end(kHedges));
  for (const std::string& p : config.hedging.extra_phrases) hedges.push_back(p);
  FACTLINE_RETURN_IF_ERROR(Compile(
      "hedging.extra_phrases", PhraseAlternation(hedges, true), &impl->hedge));
  FACTLINE_RETURN_IF_ERROR(Compile("built-in hedge 'may'",
                                   PhraseAlternation({"may"}, false),
                                   &impl->hedge_may));
  for (const ScorePattern& p : kScorePatterns) {
    std::unique_ptr<RE2> re;
    FACTLINE_RETURN_IF_ERROR(
        Compile(std::string("built-in significance pattern '") + p.name + "'",
                p.regex, &re));
    impl->scores.emplace_back(std::move(re), &p);
  }
  FACTLINE_RETURN_IF_ERROR(Compile("built-in self-statement pattern",
                                   kSelfStatement, &impl->self_statement));
  return TextScreen(std::move(impl));
}

GateVerdict TextScreen::Screen(std::string_view text) const {
  GateVerdict verdict;
  verdict.stage = "noise";
  if (!impl_->set) return verdict;
  // Most lines are already clean: trimming is enough and skips a copy
  // through CleanDisplay on the write path's hot loop.
  auto space = [](char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
  };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  bool clean = true;
  for (std::size_t i = 0; i < text.size() && clean; ++i) {
    clean = text[i] == ' ' ? i + 1 < text.size() && text[i + 1] != ' '
                           : !space(text[i]);
  }
  const std::string owned = clean ? std::string() : CleanDisplay(text);
  const std::string_view line = clean ? text : std::string_view(owned);
  std::vector<int> hits;
  if (!impl_->set->Match(line, &hits) || hits.empty()) return verdict;
  // Noise patterns come first in the set, so the lowest index wins.
  const auto& [name, outcome] = impl_->set_names[static_cast<std::size_t>(
      *std::min_element(hits.begin(), hits.end()))];
  verdict.outcome = outcome;
  verdict.stage = outcome == GateOutcome::kNoise ? "noise" : "transient";
  verdict.reason = name;
  return verdict;
}

double TextScreen::Hedge(std::string_view text, double confidence,
                         const std::vector<std::string_view>& masked,
                         std::vector<std::string>* found) const {
  std::string scan(text);
  // Blank out the atom's own names: a hedge word inside a name ("Theresa
  // May", "Kind of Blue") says nothing about the speaker's certainty.
  for (std::string_view span : masked) {
    if (span.empty()) continue;
    for (std::size_t at = scan.find(span); at != std::string::npos;
         at = scan.find(span, at + span.size())) {
      std::fill_n(scan.begin() + static_cast<std::ptrdiff_t>(at), span.size(),
                  ' ');
    }
  }
  int n = 0;
  for (const RE2* re : {impl_->hedge.get(), impl_->hedge_may.get()}) {
    re2::StringPiece input(scan);
    std::string phrase;
    while (RE2::FindAndConsume(&input, *re, &phrase)) {
      ++n;
      if (found) found->push_back(phrase);
    }
  }
  return confidence * std::pow(impl_->config.hedging.factor, n);
}

Significance TextScreen::Score(const std::vector<Turn>& turns,
                               int facts) const {
  const SignificanceRules& rules = impl_->config.significance;
  Significance s;
  std::size_t human_bytes = 0, all_bytes = 0, human_words = 0;
  bool self_statement = false;
  std::vector<std::pair<std::string, int>> hits;  // name, count
  auto hit = [&](const std::string& name, int points) {
    s.score += points;
    for (auto& [n, count] : hits) {
      if (n == name) {
        ++count;
        return;
      }
    }
    hits.emplace_back(name, 1);
  };
  for (const Turn& turn : turns) {
    all_bytes += turn.text.size();
    if (turn.role == Role::kHuman) {
      human_bytes += turn.text.size();
      human_words += CountWords(turn.text);
      if (!self_statement) {
        self_statement = impl_->HasSelfStatement(turn.text);
      }
    }
    // Tool output never scores: it is what the filter keeps out.
    if (turn.role == Role::kTool || turn.role == Role::kSystem) continue;
    for (const auto& [re, pattern] : impl_->scores) {
      if (RE2::PartialMatch(turn.text, *re))
        hit(pattern->name, pattern->points);
    }
  }
  for (int i = 0; i < facts; ++i) hit("fact", kFactPoints);
  const int length_points = std::min<int>(
      kMaxLengthPoints, static_cast<int>(human_words / kWordsPerPoint));
  for (int i = 0; i < length_points; ++i) hit("length", 1);
  s.human_share = all_bytes == 0 ? 0.0
                                 : static_cast<double>(human_bytes) /
                                       static_cast<double>(all_bytes);
  s.required = s.human_share >= rules.high_human_share ? rules.min_score_high
               : human_bytes > 0                       ? rules.min_score_low
                                                       : rules.min_score_none;
  s.keep = s.score >= s.required || self_statement;
  s.reason =
      "score " + std::to_string(s.score) +
      (s.score >= s.required ? " >= " : " < ") + std::to_string(s.required) +
      " (human share " +
      std::to_string(static_cast<int>(std::lround(s.human_share * 100))) + "%)";
  for (std::size_t i = 0; i < hits.size(); ++i) {
    s.reason += (i == 0 ? ": " : ", ") + hits[i].first;
    if (hits[i].second > 1) s.reason += " x" + std::to_string(hits[i].second);
  }
  if (self_statement) {
    s.reason += "; the human states facts about themselves: kept";
  }
  return s;
}

Result<std::vector<Turn>> SplitTurns(std::string_view chunk) {
  FACTLINE_RETURN_IF_ERROR(ValidateUtf8(chunk));
  static const RE2* tag = new RE2(
      R"((?i)^\s*(?:\[(human|user|assistant|ai|tool|function|system)\]\s*:?)"
      R"(|(human|user|assistant|ai|tool|function|system)\s*:)\s*(.*)$)");
  std::vector<Turn> turns;
  std::size_t start = 0;
  while (start <= chunk.size()) {
    std::size_t end = chunk.find('\n', start);
    if (end == std::string_view::npos) end = chunk.size();
    std::string_view line = chunk.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::string bracketed, plain, rest;
    if (RE2::FullMatch(line, *tag, &bracketed, &plain, &rest)) {
      std::string name = NormalizeKey(bracketed.empty() ? plain : bracketed);
      Turn turn;
      turn.role = name == "human" || name == "user"     ? Role::kHuman
                  : name == "assistant" || name == "ai" ? Role::kAssistant
                  : name == "system"                    ? Role::kSystem
                                                        : Role::kTool;
      turn.text = rest;
      turns.push_back(std::move(turn));
    } else if (!turns.empty()) {
      turns.back().text += "\n";
      turns.back().text.append(line.data(), line.size());
    } else if (!CleanDisplay(line).empty()) {
      return Status::InvalidArgument(
          "conversation chunk: the first line has no role tag (human:, "
          "assistant:, tool:, system:)");
    }
    start = end + 1;
  }
  if (turns.empty()) {
    return Status::InvalidArgument(
        "conversation chunk has no role-tagged turn");
  }
  return turns;
}

}  // namespace factline::resolver
