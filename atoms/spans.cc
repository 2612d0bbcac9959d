// Span boundaries (see atoms/internal/spans.h). Word classes come from
// closed-class lists (pronouns, auxiliaries, prepositions, subordinators)
// and WordNet for open-class words; nothing here names an entity.
#include "atoms/internal/spans.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <unordered_map>
#include <vector>

#include "atoms/internal/time_words.h"
#include "atoms/internal/wordforms.h"
#include "atoms/internal/words.h"

namespace factline::internal {

namespace {

constexpr auto In = InWords;
constexpr auto Words = SplitWords;
constexpr auto Join = JoinWords;

// Lower case without surrounding punctuation ("Norway," -> "norway").
std::string Core(std::string_view w) {
  std::string out;
  for (char c : w) {
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  while (!out.empty() && std::ispunct(static_cast<unsigned char>(out.back())) &&
         out.back() != '\'') {
    out.pop_back();
  }
  while (!out.empty() && (out.front() == '"' || out.front() == '(')) {
    out.erase(0, 1);
  }
  return out;
}

bool Cap(std::string_view w) {
  std::size_t i = 0;
  while (i < w.size() && (w[i] == '"' || w[i] == '(')) ++i;
  return i < w.size() && std::isupper(static_cast<unsigned char>(w[i]));
}
bool Lowercase(std::string_view w) {
  return !w.empty() && std::islower(static_cast<unsigned char>(w[0]));
}
// "an " before a vowel letter, else "a ": the article a rewritten "S is a
// N" clause takes (spelling, not sound: "an hour" is rare in a role).
std::string Indefinite(std::string_view noun) {
  return !noun.empty() && std::string_view("aeiouAEIOU").find(noun[0]) !=
                              std::string_view::npos
             ? "an "
             : "a ";
}
bool Digit(std::string_view w) {
  return !w.empty() && std::isdigit(static_cast<unsigned char>(w[0]));
}

bool IsPronoun(std::string_view c) {
  return In(c, {"i",       "you",   "he",    "she",     "it",     "we",
                "they",    "this",  "that",  "there",   "i'm",    "it's",
                "he's",    "she's", "we're", "they're", "you're", "that's",
                "there's", "i've",  "we've", "they've"});
}
bool IsPossDet(std::string_view c) { return IsPossessiveDeterminer(c); }
bool IsAuxOrCopula(std::string_view c) {
  return In(c, {"is",    "are",   "was",    "were",    "am",    "has",
                "have",  "had",   "do",     "does",    "did",   "will",
                "would", "can",   "could",  "should",  "might", "may",
                "must",  "isn't", "wasn't", "doesn't", "didn't"});
}
bool IsConnective(std::string_view c) {
  return In(c, {"but", "so", "because", "although", "though", "whereas",
                "which", "who", "whom", "whose", "where", "while", "when",
                "whenever", "unless"});
}
bool IsInterjection(std::string_view c) {
  return In(c, {"oops",    "sorry",    "ok",    "okay",    "yes",  "no",
                "hey",     "hi",       "hello", "well",    "ah",   "oh",
                "hmm",     "wow",      "right", "alright", "sure", "anyway",
                "anyways", "fun fact", "ps",    "p.s",     "nope", "yeah",
                "yep",     "whoops",   "ugh",   "so",      "also", "btw"});
}
// A name's legal or generational suffix after a comma continues the name
// ("NeXT Computer, Inc.", "Martin Luther King, Jr.").
bool IsNameSuffix(std::string_view c) {
  return In(c, {"inc",  "ltd", "llc", "llp", "plc", "co", "corp",
                "gmbh", "ag",  "s.a", "sa",  "nv",  "bv", "ab",
                "oy",   "jr",  "sr",  "ii",  "iii", "iv"});
}
bool IsPrep(std::string_view c) {
  return In(c, {"in",     "at",      "on",     "for",       "from",   "to",
                "by",     "with",    "near",   "into",      "under",  "over",
                "within", "through", "via",    "during",    "since",  "after",
                "before", "across",  "around", "outside",   "inside", "behind",
                "beside", "among",   "as",     "throughout"});
}
// A particle inside a personal name: "Virgil van Dijk", "Erik ten Hag".
bool IsNameParticle(std::string_view c) {
  return In(c, {"van", "von", "de",  "da",  "di",  "del", "della", "der",
                "den", "du",  "la",  "le",  "ten", "ter", "bin",   "ibn",
                "al",  "el",  "dos", "das", "y",   "zu"});
}
// Words that open a fronted adjunct ("After the merger, S ...").
bool IsAdjunctOpener(std::string_view c) {
  return In(
      c, {"after",    "before",  "since",    "during",  "following",  "until",
          "despite",  "besides", "unlike",   "like",    "as",         "when",
          "while",    "once",    "although", "though",  "because",    "in",
          "at",       "on",      "by",       "from",    "under",      "over",
          "within",   "with",    "without",  "through", "throughout", "for",
          "among",    "between", "upon",     "across",  "amid",       "back",
          "according"});
}

// An inflected verb form ("works", "moved", "grew"): WordNet's verb lemma
// differs from the word.
bool InflectedVerb(std::string_view c) {
  // "co-founded", "re-elected": the verb after the prefix.
  if (c.starts_with("co-") || c.starts_with("re-")) c.remove_prefix(3);
  if (c.size() < 3) return false;
  const std::string lemma = WordForms::Get().Lemma(c, Pos::kVerb);
  return !lemma.empty() && lemma != c;
}
// A past participle opening a phrase ("born", "founded", "written").
bool Participle(std::string_view c) {
  if (!InflectedVerb(c)) return false;
  return c.ends_with("ed") || c.ends_with("en") || c.ends_with("wn") ||
         c.ends_with("rn") || c.ends_with("t") || c.ends_with("ung");
}
// A word that starts a verb group after a subject.
bool VerbStart(std::string_view w) {
  if (!Lowercase(w)) return false;
  const std::string c = Core(w);
  return IsAuxOrCopula(c) || InflectedVerb(c);
}
bool HasVerb(const std::vector<std::string>& w) {
  for (const std::string& t : w) {
    const std::string c = Core(t);
    // A contraction is a verb ("it's", "he'd"); a name's possessive
    // ("Minecraft's creator") is not.
    const bool possessive_name = Cap(t) && c.ends_with("'s") && !IsPronoun(c);
    if (IsAuxOrCopula(c) ||
        (c.find('\'') != std::string::npos && !possessive_name)) {
      return true;
    }
    if (Lowercase(t) && InflectedVerb(c)) return true;
  }
  return false;
}

// WordNet's hypernym chain of `lemma`'s first senses reaches one of
// `targets`; `instance_only` asks for a proper name (an instance pointer
// first).
bool ReachesUncached(const std::string& lemma,
                     std::initializer_list<std::string_view> targets,
                     bool instance_only) {
  const WordForms& wf = WordForms::Get();
  std::vector<std::uint32_t> frontier = wf.Senses(lemma, Pos::kNoun);
  if (frontier.size() > 2) frontier.resize(2);
  if (instance_only) {
    std::vector<std::uint32_t> up;
    for (std::uint32_t o : frontier) {
      for (const auto& [pos, u] : wf.Pointers(o, Pos::kNoun, "@i")) {
        if (pos == Pos::kNoun) up.push_back(u);
      }
    }
    frontier = std::move(up);
  }
  for (int depth = 0; depth < 16 && !frontier.empty(); ++depth) {
    std::vector<std::uint32_t> next;
    for (std::uint32_t o : frontier) {
      for (const std::string& l : wf.SynsetLemmas(o, Pos::kNoun)) {
        if (In(l, targets)) return true;
      }
      for (const auto& [pos, u] : wf.Pointers(o, Pos::kNoun, "@")) {
        if (pos == Pos::kNoun) next.push_back(u);
      }
    }
    frontier = std::move(next);
  }
  return false;
}

// Memoised per thread: bulk ingest asks about the same few hundred words
// line after line, and each walk parses WordNet data lines afresh.
bool Reaches(const std::string& lemma,
             std::initializer_list<std::string_view> targets,
             bool instance_only) {
  std::string key = lemma;
  key += instance_only ? "|i" : "|s";
  for (std::string_view t : targets) {
    key += '|';
    key += t;
  }
  thread_local std::unordered_map<std::string, bool> cache;
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  const bool reaches = ReachesUncached(lemma, targets, instance_only);
  if (cache.size() >= 1 << 16) cache.clear();  // bounded
  cache.emplace(std::move(key), reaches);
  return reaches;
}

// A noun for a person, a group or an organisation ("brother", "architect",
// "firm"): what a name after it names.

bool RoleNoun(std::string_view c) {
  const std::string lemma = WordForms::Get().Lemma(c, Pos::kNoun);
  if (lemma.empty()) return false;
  return Reaches(lemma, {"person", "organism", "organization", "social group"},
                 false);
}

// The WordNet lemma a name's words spell ("the Netherlands" ->
// "netherlands").
std::string NameLemma(const std::vector<std::string>& words) {
  std::size_t i = 0;
  if (!words.empty() && Core(words.front()) == "the") i = 1;
  std::string name;
  for (; i < words.size(); ++i) {
    // Appended in two steps: "" + a temporary trips GCC 12's -Wrestrict
    // false positive at -O3.
    if (!name.empty()) name += ' ';
    name += Core(words[i]);
  }
  return name;
}

// A place WordNet knows by name ("Dublin", "the Netherlands").
bool Place(const std::vector<std::string>& words) {
  const std::string name = NameLemma(words);
  if (name.empty()) return false;
  return Reaches(name,
                 {"region", "city", "country", "state", "geographical area",
                  "administrative district", "location"},
                 true);
}

void Note(std::string* why, const std::string& what) {
  if (why != nullptr) *why += (why->empty() ? "" : "; ") + what;
}

// "Sorry, I got that wrong: S ...": the clause after a short lead-in.
bool ColonLeadIn(std::string* s, std::string* why) {
  const std::size_t p = s->find(": ");
  if (p == std::string::npos) return false;
  const std::vector<std::string> lead = Words(s->substr(0, p));
  const std::vector<std::string> rest = Words(s->substr(p + 2));
  if (lead.empty() || lead.size() > 8 || rest.size() < 3 || !HasVerb(rest)) {
    return false;
  }
  // A lead-in is ordinary words; a name before the colon is a title with
  // a subtitle ("Star Wars: A New Hope").
  for (std::size_t i = 1; i < lead.size(); ++i) {
    if (Cap(lead[i]) && Core(lead[i]) != "i") return false;
  }
  Note(why, "lead-in '" + s->substr(0, p + 1) + "' dropped");
  *s = s->substr(p + 2);
  return true;
}

std::string TakeFullStop(std::string* text);

// WordNet's lexicographer files of verbs that report: what is known
// (cognition), said (communication) or perceived (perception).
constexpr int kVerbCognition = 31;
constexpr int kVerbCommunication = 32;
constexpr int kVerbPerception = 39;

// The lexicographer file of the first sense of verb lemma `lemma` ("find
// out" as written), or -1 when WordNet has none.
int FirstVerbSenseFile(const std::string& lemma) {
  if (lemma.empty()) return -1;
  const WordForms& wf = WordForms::Get();
  const std::vector<std::uint32_t> senses = wf.Senses(lemma, Pos::kVerb);
  return senses.empty() ? -1 : wf.LexFile(senses.front(), Pos::kVerb);
}

bool ReportsFile(int file) {
  return file == kVerbCognition || file == kVerbCommunication ||
         file == kVerbPerception;
}

// "Quick note - S ...", "PARIS — S ...", "BERLIN, March 3 (AP) — S ...":
// a short lead-in or a news dateline before a spaced dash. One dash only:
// two set off an aside ("Ada Lovelace — a mathematician — was ...").
bool DashLeadIn(std::string* s, std::string* why) {
  std::size_t p = std::string::npos, len = 0;
  for (std::string_view dash : {" - ", " \u2013 ", " \u2014 "}) {
    const std::size_t at = s->find(dash);
    if (at != std::string::npos && at < p) {
      p = at;
      len = dash.size();
    }
  }
  if (p == std::string::npos) return false;
  const std::string rest_text = s->substr(p + len);
  for (std::string_view dash : {" - ", " \u2013 ", " \u2014 "}) {
    if (rest_text.find(dash) != std::string::npos) return false;
  }
  const std::vector<std::string> lead = Words(s->substr(0, p));
  const std::vector<std::string> rest = Words(rest_text);
  if (lead.empty() || lead.size() > 8 || rest.size() < 3 || !HasVerb(rest) ||
      (lead.size() > 1 && HasVerb(lead))) {
    return false;
  }
  // Ordinary words, or a dateline: a place in capitals, a date, an agency
  // in brackets. A name before the dash may be the subject of what follows
  // ("Real Madrid - Barcelona ended 2-1") and stays.
  bool dateline = false;
  for (std::size_t i = 0; i < lead.size(); ++i) {
    const std::string& w = lead[i];
    const std::string c = Core(w);
    // Core lower-cases: capitals are read from the word as written.
    bool upper = c.size() >= 2;
    for (char ch : w) {
      upper = upper && !std::islower(static_cast<unsigned char>(ch));
    }
    dateline = dateline || (i == 0 && upper);
    if (i == 0 || !Cap(w) || upper || w.starts_with("(") ||
        MonthNumber(c) != 0) {
      continue;
    }
    return false;
  }
  // A lone capitalised word other than a dateline is a name ("Madonna -
  // she was born in Michigan").
  if (lead.size() == 1 && !dateline &&
      ((!WordForms::Get().Is(Core(lead[0]), Pos::kVerb) &&
        !WordForms::Get().Is(Core(lead[0]), Pos::kNoun)) ||
       Place(lead))) {
    return false;
  }
  Note(why, std::string(dateline ? "dateline" : "lead-in") + " '" +
                s->substr(0, p) + "' dropped");
  *s = rest_text;
  return true;
}

// "S was a mathematician, if I remember correctly.", "..., right?", "...,
// I think.": a closing tag asks or hedges how sure the speaker is; the
// clause before it is the statement.
bool TrailingTag(std::string* s, std::string* why) {
  const std::size_t p = s->rfind(", ");
  if (p == std::string::npos) return false;
  std::string tail = s->substr(p + 2);
  const bool question = tail.ends_with("?");
  std::string stop = TakeFullStop(&tail);
  while (!tail.empty() && tail.back() == '?') tail.pop_back();
  const std::vector<std::string> w = Words(tail);
  if (w.empty() || w.size() > 6) return false;
  std::vector<std::string> c;
  for (const std::string& x : w) c.push_back(Core(x));
  const WordForms& wf = WordForms::Get();
  bool tag = false;
  if (w.size() <= 2 && question) {
    // "right?", "isn't it?", "no?", "correct?"
    tag = In(c[0], {"right", "no", "correct", "yes", "true", "yeah"}) ||
          (w.size() == 2 && IsAuxOrCopula(c[0]) && IsPronoun(c[1]));
  }
  // "if I remember correctly", "I think", "as far as I know", "I believe":
  // the speaker and a verb of knowing or saying.
  for (std::size_t i = 0; !tag && i + 1 < c.size(); ++i) {
    if (!In(c[i], {"i", "we"})) continue;
    tag = ReportsFile(FirstVerbSenseFile(wf.Lemma(c[i + 1], Pos::kVerb)));
  }
  // "..., the company said.", "..., officials confirmed.", "..., said a
  // spokesperson.", "..., according to Reuters.": who said it.
  if (!tag && w.size() >= 2 && w.size() <= 5) {
    tag = c[0] == "according" && c[1] == "to";
    for (const std::string& verb : {c.back(), c.front()}) {
      if (tag) break;
      const std::string lemma = wf.Lemma(verb, Pos::kVerb);
      if (lemma.empty() || lemma == verb) continue;  // inflected: "said"
      tag = FirstVerbSenseFile(lemma) == kVerbCommunication;
    }
  }
  if (!tag) return false;
  const std::vector<std::string> head = Words(s->substr(0, p));
  if (head.size() < 3 || !HasVerb(head)) return false;
  Note(why, "closing tag '" + s->substr(p + 2) + "' dropped");
  *s = s->substr(0, p) + stop;
  return true;
}

// The words before the verb group of a clause ("Aki Lindqvist" of "Aki
// Lindqvist moved to Helsinki"); empty when no verb follows soon.
std::string SubjectOf(const std::vector<std::string>& w) {
  std::size_t k = 0;
  while (k < w.size() && k < 7 && !VerbStart(w[k])) {
    if (w[k].ends_with(",")) return "";
    ++k;
  }
  if (k == 0 || k >= w.size() || k == 7) return "";
  return Join(w, 0, k);
}

// A subject pronoun that names a third person or group: what a clause
// with no name of its own may say of the line's subject.
bool ThirdPersonPronoun(std::string_view c) {
  return In(c, {"he", "she", "they"});
}

// `text` without the commas that closed it ("Inter Miami," -> "Inter
// Miami").
std::string WithoutTrailingCommas(std::string text) {
  while (!text.empty() && text.back() == ',') text.pop_back();
  return text;
}

// "a novel by X" -> "A novel by X" is not wanted: the side statement keeps
// the phrase as written, after the subject and a copula.
std::string Side(const std::string& subject, std::string_view copula,
                 const std::string& phrase) {
  if (subject.empty() || phrase.empty()) return "";
  return subject + " " + std::string(copula) + (copula.empty() ? "" : " ") +
         phrase + ".";
}

// A leading comma segment that is no part of the clause. A fronted
// participle or appositive says something of the clause's subject: that
// statement goes to `side`.
bool CommaLeadIn(std::string* s, std::string* why,
                 std::vector<std::string>* side) {
  const std::size_t p = s->find(", ");
  if (p == std::string::npos) return false;
  const std::vector<std::string> lead = Words(s->substr(0, p));
  const std::vector<std::string> rest = Words(s->substr(p + 2));
  if (lead.empty() || lead.size() > 8 || rest.size() < 3 || !HasVerb(rest)) {
    return false;
  }
  std::vector<std::string> lw;
  for (const std::string& w : lead) lw.push_back(Core(w));
  const std::string first_rest = Core(rest[0]);
  if (IsNameSuffix(first_rest)) return false;
  const bool rest_subject =
      (Cap(rest[0]) && !In(first_rest, {"the", "a", "an", "this"})) ||
      IsPronoun(first_rest);
  // "Bob, Oslo" style names are never interjections; an adverb or
  // interjection of one or two words is.
  bool interjection = lw.size() <= 2;
  for (const std::string& c : lw) {
    const WordForms& wf = WordForms::Get();
    interjection =
        interjection &&
        (IsInterjection(c) || (wf.Is(c, Pos::kAdv) && !wf.Is(c, Pos::kNoun)));
  }
  if (lw.size() == 2 && IsInterjection(lw[0] + " " + lw[1])) {
    interjection = true;
  }
  std::string kind;
  if (interjection) {
    kind = "interjection";
  } else if (IsAdjunctOpener(lw[0]) && lw.size() >= 2 && lw[0] != "if" &&
             !(In(lw[0], {"in", "at", "for"}) && Cap(lead[1]) &&
               In(first_rest, {"the", "a", "an"}))) {
    // "In Mexico, the official language is V" names the owner: the
    // grammar reads it.
    kind = "fronted adjunct";
  } else if (((lw.size() >= 2 && (IsPrep(lw[1]) || lw[1] == "and")) ||
              lw.size() == 1) &&
             Participle(lw[0]) && rest_subject) {
    // "Published in 1967, S ..." reaches here as "Published, S ..." once
    // its date is read.
    kind = "fronted participle";
  } else if (lw.size() >= 2 && lw[0].ends_with("ing") && InflectedVerb(lw[0]) &&
             Lowercase(lead[1]) && rest_subject) {
    // "Having founded Microsoft, S ...", "Growing up in Lagos, S ...".
    kind = "fronted gerund";
  } else if (lw.size() >= 2 && In(lw[0], {"a", "an", "the"}) &&
             Lowercase(lead[1]) && !HasVerb(lead) && rest_subject &&
             rest.size() >= 2 && !rest[0].ends_with(",") &&
             !rest[1].ends_with(",")) {
    kind = "fronted appositive";
  }
  if (kind.empty()) return false;
  Note(why, kind + " '" + s->substr(0, p) + "' dropped");
  // "As Norway's monarch, Harald V ...": the subject is what "as" names;
  // "Under chief executive Marta Silva, Orbis Freight ...": the name holds
  // the role in the subject.
  if (side != nullptr && kind == "fronted adjunct" && lw.size() >= 2 &&
      !HasVerb(lead)) {
    const std::string subject = SubjectOf(rest);
    if (lw[0] == "as" && !subject.empty()) {
      side->push_back(Side(subject, "is", Join(lead, 1, lead.size())));
    } else if (lw[0] == "under" && !subject.empty()) {
      std::size_t r = 1;
      while (r < lead.size() && Lowercase(lead[r])) ++r;
      // A title-cased role ("Under Premier Lin Ha-seong").
      if (r == 1 && lead.size() >= 3 && RoleNoun(lw[1]) &&
          !WordForms::Get().Is(lw[2], Pos::kNoun)) {
        r = 2;
      }
      const std::string role = r > 1 ? Join(lw, 1, r) : "";
      if (!role.empty() && RoleNoun(lw[r - 1]) && r < lead.size() &&
          Cap(lead[r])) {
        side->push_back(Join(lead, r, lead.size()) + " is the " + role +
                        " of " + subject + ".");
      }
    }
  }
  // "After studying at Oxford, S ...", "Although she was born in Lyon, S
  // ...", "Having founded Acme, S ...": the clause's subject is the main
  // clause's; its statement goes to `side` in a tense the grammar reads.
  if (side != nullptr &&
      (kind == "fronted gerund" ||
       (kind == "fronted adjunct" && lw.size() >= 3 &&
        In(lw[0], {"after", "before", "while", "when", "since", "although",
                   "though", "because", "once", "upon", "despite"})))) {
    const std::size_t g = kind == "fronted gerund" ? 0 : 1;
    // What the clause says of the subject, as a predicate.
    const std::string tail = Join(lead, g + 1, lead.size());
    std::string said;
    if (lw[g] == "having" && g + 1 < lw.size()) {
      said = "had " + tail;
    } else if (lw[g] == "being" && g + 1 < lw.size()) {
      said = "was " + tail;
    } else if (lw[g].ends_with("ing") && InflectedVerb(lw[g])) {
      said = "was " + lw[g] + " " + tail;
    } else if (g == 1 && ThirdPersonPronoun(lw[1]) &&
               HasVerb({lead.begin() + 2, lead.end()})) {
      said = Join(lead, 2, lead.size());
    }
    const std::string subject = SubjectOf(rest);
    if (!subject.empty() && !said.empty()) {
      side->push_back(subject + " " + said + ".");
    }
  }
  if (side != nullptr && kind != "interjection" && kind != "fronted adjunct" &&
      kind != "fronted gerund") {
    // "Born in Lyon, S ..." -> "S was born in Lyon."; "A graduate of
    // Yale, S ..." -> "S is a graduate of Yale."
    const std::string lead_text = s->substr(0, p);
    std::string phrase = lead_text;
    if (kind == "fronted appositive" || kind == "fronted participle") {
      phrase[0] = static_cast<char>(
          std::tolower(static_cast<unsigned char>(phrase[0])));
    }
    const std::string st = Side(
        SubjectOf(rest), kind == "fronted participle" ? "was" : "is", phrase);
    if (!st.empty()) side->push_back(st);
  }
  *s = s->substr(p + 2);
  return true;
}

// "which Bram Stoker wrote in 1897" said of `antecedent`: a relative word,
// a name and its verb, the gap after the verb; "Bram Stoker wrote
// <antecedent> in 1897." Empty when the clause has no such gap (a
// preposition after the verb leaves the gap elsewhere: "which she lived
// in").
std::string ObjectGapStatement(const std::string& antecedent,
                               const std::vector<std::string>& relative) {
  if (relative.size() < 3 ||
      !In(Core(relative[0]), {"which", "that", "whom"})) {
    return "";
  }
  std::vector<std::string> rel = relative;
  TakeFullStop(&rel.back());
  std::size_t v = 1;
  while (v < rel.size() && v < 6 && Cap(rel[v]) && !rel[v].ends_with(",")) {
    ++v;
  }
  if (v == 1 && ThirdPersonPronoun(Core(rel[1]))) v = 2;
  if (v == 1 || v >= rel.size() || !VerbStart(rel[v]) ||
      IsAuxOrCopula(Core(rel[v]))) {
    return "";
  }
  // A pronoun subject has no antecedent here ("which he wrote" of a work
  // whose author the line names elsewhere): only a name is kept.
  if (!Cap(rel[1]) || IsPronoun(Core(rel[1]))) return "";
  std::size_t after = v + 1;
  while (after < rel.size() && Lowercase(rel[after]) &&
         WordForms::Get().Is(Core(rel[after]), Pos::kAdv) &&
         !IsPrep(Core(rel[after]))) {
    ++after;  // "which Toyota still makes"
  }
  if (after < rel.size() && IsPrep(Core(rel[after])) &&
      after + 1 == rel.size()) {
    return "";  // "which she lived in"
  }
  // "The novel Dracula" is Dracula as an object too.
  std::string object = antecedent;
  if (object.starts_with("The ") && object.size() > 4 &&
      Lowercase(object.substr(4, object.find(' ', 4) - 4))) {
    object[0] = 't';
  }
  object = DropModifiersBeforeName(object, nullptr);
  return Join(rel, 1, after) + " " + object +
         (after < rel.size() ? " " + Join(rel, after, rel.size()) : "") + ".";
}

// "S, who ..., V ...", "S, founded by ..., V ...", "S, my cousin, V ...",
// "My aunt, Clara, V ...". What the interruption says of S goes to `side`
// as a statement of its own ("S is founded by ...", "S's R is V").
bool Interruption(std::string* s, std::string* why,
                  std::vector<std::string>* side) {
  const std::size_t p1 = s->find(", ");
  if (p1 == std::string::npos) return false;
  const std::size_t p2 = s->find(", ", p1 + 2);
  if (p2 == std::string::npos) return false;
  const std::string P = s->substr(0, p1);
  const std::string M = s->substr(p1 + 2, p2 - p1 - 2);
  const std::string R = s->substr(p2 + 2);
  const std::vector<std::string> pw = Words(P);
  const std::vector<std::string> mw = Words(M);
  const std::vector<std::string> rw = Words(R);
  if (pw.empty() || pw.size() > 6 || mw.empty() || rw.size() < 2 ||
      HasVerb(pw) || !VerbStart(rw[0])) {
    return false;
  }
  const std::string m0 = Core(mw[0]);
  // "Australia's prime minister", "Mira Castell's debut novel", "the
  // Hawks' point guard", "Alfonso Cuarón's 2018 film": an apposition headed
  // by a possessive name (of any length, plural possessives too).
  bool possessive_np = false;
  for (std::size_t i = Core(mw[0]) == "the" ? 1 : 0;
       i + 1 < mw.size() && Cap(mw[i]); ++i) {
    if (mw[i].ends_with("'s") || mw[i].ends_with("s'")) {
      possessive_np = Lowercase(mw[i + 1]) || Digit(mw[i + 1]);
      break;
    }
  }
  // "Orla Brennan, author of The Quiet Tide,": a bare role of something.
  const bool role_of =
      mw.size() >= 3 && Lowercase(mw[0]) && Core(mw[1]) == "of" && RoleNoun(m0);
  // "Clara Schumann, née Wieck, ...": a former name.
  if (In(m0, {"née", "nee", "born"}) && mw.size() >= 2 && Cap(mw[1]) &&
      mw.size() <= 4) {
    Note(why, "former name ', " + M + ",' dropped");
    *s = P + " " + R;
    return true;
  }
  if (In(m0, {"who", "which", "that", "whose", "whom", "where"}) ||
      (Participle(m0) && mw.size() >= 2) ||
      ((In(m0, {"a", "an", "the"}) || IsPossDet(m0)) && mw.size() >= 2) ||
      possessive_np || role_of) {
    Note(why, "interruption ', " + M + ",' dropped");
    if (side != nullptr) {
      const std::string rest = Join(mw, 1, mw.size());
      std::string st;
      const std::string gap = ObjectGapStatement(P, mw);
      if (!gap.empty()) {
        st = gap;  // "S, which Bram Stoker wrote," -> "Bram Stoker wrote S."
      } else if (In(m0, {"who", "which", "that"})) {
        st = Side(P, "", rest);  // "S, who works in X," -> "S works in X."
      } else if (m0 == "whose") {
        st = Side(P + "'s", "", rest);  // "S, whose R is V," -> "S's R is V."
      } else if (Participle(m0)) {
        st = Side(P, m0 == "born" ? "was" : "is", M);
      } else if (m0 != "whom" && m0 != "where") {
        st = Side(P, "is", M);  // "S, a novel by X," -> "S is a novel by X."
      }
      if (!st.empty()) side->push_back(st);
    }
    *s = P + " " + R;
    return true;
  }
  bool name = true;
  for (const std::string& w : mw) name = name && Cap(w);
  // "My aunt, Clara, ...", "Minecraft's creator, Markus Persson, ...",
  // "The mayor of Paris, Anne Hidalgo, ...": a described role named by its
  // apposition; the name is the clause's subject and the role a statement.
  bool described = false;
  if (pw.size() >= 2) {
    // The owner may take several words and an article: "The Kessler
    // Group's chairman", "Sunfield Observatory's director".
    std::size_t owner = Core(pw[0]) == "the" ? 1 : 0;
    while (owner + 1 < pw.size() && Cap(pw[owner]) &&
           !pw[owner].ends_with("'s")) {
      ++owner;
    }
    const bool poss_name = owner + 1 < pw.size() && Cap(pw[owner]) &&
                           pw[owner].ends_with("'s") &&
                           Lowercase(pw[owner + 1]);
    bool role_of = false;
    for (std::size_t i = 1; i + 1 < pw.size(); ++i) {
      role_of = role_of ||
                (Core(pw[i]) == "of" && i >= 1 && RoleNoun(Core(pw[i - 1])));
    }
    // "X's N, Name," names X's N whatever N is ("Tasmania's capital city,
    // Hobart,"); "my N, Name," and "the N of X, Name," only a role or kin.
    described =
        poss_name ||
        ((IsPossDet(Core(pw[0])) || (Core(pw[0]) == "the" && role_of)) &&
         (RoleNoun(Core(pw.back())) || role_of));
  }
  if (name && described) {
    Note(why, "'" + P + "' named by its apposition '" + M + "'");
    if (side != nullptr && !IsPossDet(Core(pw[0]))) {
      side->push_back(Side(P, "is", M));
    }
    *s = M + " " + R;
    return true;
  }
  return false;
}

// An all-capitals role word: "CEO", "CFO" (never "NASA", an organisation:
// the word must name a person in WordNet).
bool AcronymRole(std::string_view w) {
  if (w.size() < 2 || w.size() > 4) return false;
  for (const char ch : w) {
    if (!std::isupper(static_cast<unsigned char>(ch))) return false;
  }
  return PersonNoun(Core(w));
}

// "Microsoft CEO Satya Nadella spoke ...", "Lakeside Hawks head coach Maria
// Delgado called ...": a name, a role noun and a person's name before the
// verb. The person is the clause's subject, and "Org's role is Name." a
// statement of its own. The name before the role is one capitalised run
// that is no lone sentence-initial common word ("Legendary quarterback Tom
// Brady": an adjective; "Queen frontman ...": a noun WordNet knows).
bool NamedRoleBeforeName(std::string* s, std::string* why,
                         std::vector<std::string>* side) {
  if (!MayOpenWithNamedRole(*s)) return false;
  const std::vector<std::string> w = Words(*s);
  const std::size_t org_begin = Core(w[0]) == "the" ? 1 : 0;
  std::size_t org_end = org_begin;
  while (org_end < w.size() && Cap(w[org_end]) && !AcronymRole(w[org_end]) &&
         w[org_end].find_first_of(",'") == std::string::npos) {
    ++org_end;
  }
  if (org_end == org_begin || org_end >= w.size()) return false;
  if (org_end - org_begin == 1 && org_begin == 0) {
    const std::string c0 = Core(w[0]);
    const WordForms& wf = WordForms::Get();
    if (wf.Is(c0, Pos::kNoun) || wf.Is(c0, Pos::kAdj) || wf.Is(c0, Pos::kAdv) ||
        IsPronoun(c0)) {
      return false;
    }
  }
  // The role: lower-case modifiers ending in a person noun, or one acronym.
  std::size_t j = org_end;
  if (AcronymRole(w[j])) {
    ++j;
  } else {
    while (j < w.size() && j < org_end + 3 && Lowercase(w[j]) &&
           w[j].find_first_of(",'") == std::string::npos &&
           !IsNameParticle(Core(w[j])) && !VerbStart(w[j]) &&
           !IsPrep(Core(w[j])) && !IsAuxOrCopula(Core(w[j]))) {
      ++j;
    }
    if (j == org_end || !RoleNoun(Core(w[j - 1]))) return false;
  }
  // The person: two or more capitalised words, then the verb.
  std::size_t k = j;
  while (k < w.size() && Cap(w[k]) && !w[k].ends_with(",") &&
         w[k].find('\'') == std::string::npos) {
    ++k;
  }
  if (k - j < 2 || k >= w.size() || !VerbStart(w[k])) return false;
  const std::string role = Join(w, org_end, j);
  const std::string name = Join(w, j, k);
  Note(why, "'" + Join(w, 0, j) + "' before the name '" + name + "' dropped");
  if (side != nullptr) {
    side->push_back(Join(w, 0, org_end) + "'s " + role + " is " + name + ".");
  }
  *s = Join(w, j, w.size());
  return true;
}

// "Marie Curie's daughter Irène Joliot-Curie won ...", "Nvidia's CEO
// Jensen Huang co-founded ...", "Nirvana's debut album Bleach came out
// ...", "Ravi Menon's daughter (Priya Menon) starts ...": an owner's noun
// named by the name after it. The name is the clause's subject; "Owner's
// noun is Name" a statement of its own.
bool PossessiveRoleBeforeName(std::string* s, std::string* why,
                              std::vector<std::string>* side) {
  const std::vector<std::string> w = Words(*s);
  std::size_t o = Core(w.empty() ? "" : w[0]) == "the" ? 1 : 0;
  const std::size_t owner_begin = o;
  while (o < w.size() && o < owner_begin + 5 && Cap(w[o]) &&
         !w[o].ends_with("'s") && !w[o].ends_with("s'") &&
         w[o].find(',') == std::string::npos) {
    ++o;
  }
  if (o >= w.size() || !Cap(w[o]) ||
      !(w[o].ends_with("'s") || w[o].ends_with("s'"))) {
    return false;
  }
  std::string owner = Join(w, 0, o + 1);
  owner.resize(owner.size() - (owner.ends_with("'s") ? 2 : 1));
  if (IsPronoun(Core(w[0]))) return false;
  // The noun: one to three lower-case words ending in a noun, or an
  // acronym role ("CEO").
  std::size_t j = o + 1;
  if (j < w.size() && AcronymRole(w[j])) {
    ++j;
  } else {
    while (j < w.size() && j < o + 4 && Lowercase(w[j]) &&
           w[j].find_first_of(",'") == std::string::npos &&
           !IsPrep(Core(w[j])) && !VerbStart(w[j]) &&
           !IsAuxOrCopula(Core(w[j]))) {
      ++j;
    }
    if (j == o + 1 || !WordForms::Get().Is(Core(w[j - 1]), Pos::kNoun)) {
      return false;
    }
  }
  // The name: capitalised words, or a parenthesised name.
  std::size_t k = j;
  std::string name;
  if (k < w.size() && w[k].starts_with("(")) {
    while (k < w.size() && !w[k].ends_with(")")) ++k;
    if (k >= w.size()) return false;
    name = Join(w, j, k + 1);
    name = name.substr(1, name.size() - 2);
    ++k;
  } else {
    while (k < w.size() && Cap(w[k]) && !w[k].ends_with(",") &&
           w[k].find('\'') == std::string::npos) {
      ++k;
    }
    name = Join(w, j, k);
  }
  if (name.empty() || k >= w.size()) return false;
  // Then the verb, perhaps after an adverb ("also went on").
  std::size_t v = k;
  if (v + 1 < w.size() && Lowercase(w[v]) && !VerbStart(w[v]) &&
      WordForms::Get().Is(Core(w[v]), Pos::kAdv) && VerbStart(w[v + 1])) {
    ++v;
  }
  if (!VerbStart(w[v])) return false;
  const std::string noun = Join(w, o + 1, j);
  Note(why, "'" + Join(w, 0, j) + "' before the name '" + name + "' dropped");
  if (side != nullptr) {
    side->push_back(owner + "'s " + noun + " is " + name + ".");
  }
  *s = name + " " + Join(w, k, w.size());
  return true;
}

// "My brother Tom works ...", "Danish-born architect Jorn Utzon designed".
bool RoleBeforeName(std::string* s, std::string* why,
                    std::vector<std::string>* side) {
  const std::vector<std::string> w = Words(*s);
  std::size_t j = 0;
  const WordForms& wf = WordForms::Get();
  while (j < w.size() && j < 5) {
    const std::string c = Core(w[j]);
    const bool modifier = IsPossDet(c) || c == "the" ||
                          c.find('-') != std::string::npos ||
                          ((j == 0 || Lowercase(w[j])) &&
                           (wf.Is(c, Pos::kNoun) || wf.Is(c, Pos::kAdj)) &&
                           !IsAuxOrCopula(c) && !IsPronoun(c));
    if (j > 0 && Cap(w[j])) break;
    if (!modifier || w[j].ends_with(",") ||
        w[j].find('\'') != std::string::npos) {
      return false;
    }
    ++j;
  }
  if (j == 0 || j >= w.size() || !Cap(w[j]) || Core(w[j]) == "i") return false;
  // "Salzburg-born Wolfgang Amadeus Mozart wrote ...": a birthplace
  // adjective alone may stand for the role.
  const bool born = Core(w[j - 1]).ends_with("-born");
  if (!born && (!RoleNoun(Core(w[j - 1])) || !Lowercase(w[j - 1]))) {
    return false;
  }
  // "Virgil van Dijk", "Erik ten Hag": a name particle between names is
  // no role noun, and a capitalised first word is a name unless it is a
  // determiner, a hyphenated or an adjective form ("Danish-born", "Dutch").
  if (IsNameParticle(Core(w[j - 1]))) {
    return false;
  }
  if (Cap(w[0])) {
    const std::string c0 = Core(w[0]);
    if (!IsPossDet(c0) && c0 != "the" && c0.find('-') == std::string::npos &&
        !WordForms::Get().Is(c0, Pos::kAdj)) {
      return false;
    }
  }
  std::size_t k = j;
  while (k < w.size() && Cap(w[k]) && !w[k].ends_with(",") &&
         w[k].find('\'') == std::string::npos) {
    ++k;
  }
  if (k >= w.size() || !VerbStart(w[k])) return false;
  Note(why, "'" + Join(w, 0, j) + "' before the name '" + Join(w, j, k) +
                "' dropped");
  // "Lyon-born violinist Claire Dubreuil", "Legendary quarterback Tom
  // Brady": the words before the name describe the person, a statement of
  // its own. After a possessive ("My brother Tom") they name a relative
  // of someone else, which this sentence does not say is a class of Tom.
  const std::size_t from = Core(w[0]) == "the" ? 1 : 0;
  if (side != nullptr && !IsPossDet(Core(w[0])) && from < j) {
    std::string role = Join(w, from, j);
    // A sentence-initial capital on a common word is no name's
    // ("Legendary"); "Danish-born" and "Salzburg-born" keep theirs.
    if (from == 0 && w[0].find('-') == std::string::npos) {
      role[0] =
          static_cast<char>(std::tolower(static_cast<unsigned char>(role[0])));
    }
    if (born) role += " person";
    side->push_back(Join(w, j, k) + " is " + Indefinite(role) + role + ".");
  }
  *s = Join(w, j, w.size());
  return true;
}

// The words of a role change up to the role: "took over as", "became",
// "was named", "has been appointed", "succeeded Q as", "replaced Q as".
// Returns the index of the role's first word, or 0.
std::size_t RoleChangeVerb(const std::vector<std::string>& w, std::size_t v,
                           bool* became) {
  std::size_t i = v;
  auto at = [&](std::size_t k, std::string_view word) {
    return k < w.size() && Core(w[k]) == word;
  };
  if (at(i, "has") || at(i, "have") || at(i, "had")) {
    ++i;
    if (at(i, "been")) ++i;
  } else if (at(i, "was") || at(i, "is") || at(i, "were")) {
    ++i;
  }
  const std::string c = i < w.size() ? Core(w[i]) : "";
  *became = false;
  if (In(c, {"took", "taken", "takes", "take"}) && at(i + 1, "over") &&
      at(i + 2, "as")) {
    return i + 3;
  }
  if (In(c, {"became", "become", "becomes"})) {
    *became = true;
    return i + 1;
  }
  // "was sworn in as prime minister": an office entered by oath.
  if (c == "sworn" && at(i + 1, "in") && at(i + 2, "as") && i > v) {
    return i + 3;
  }
  // "serves as Governor of Nordland", "reigns as monarch of X": a role
  // held, stated as a verb.
  if (In(c, {"serves", "served", "serving", "acts", "acted", "acting", "reigns",
             "reigned", "rules", "ruled", "governs", "governed"}) &&
      at(i + 1, "as")) {
    return i + 2;
  }
  if (In(c, {"named", "appointed", "elected", "made", "installed", "promoted",
             "chosen", "selected"}) &&
      i > v) {
    // "was elected to the Polish Academy of Sciences" joins a body; "was
    // promoted to staff engineer" takes a role: a person's.
    if (at(i + 1, "to")) {
      std::size_t e = i + 2;
      while (e < w.size() && !In(Core(w[e]), {"of", "at", "for", "in"})) ++e;
      if (e == i + 2 || !PersonNoun(Core(w[e - 1]))) return 0;
      return i + 2;
    }
    return at(i + 1, "as") ? i + 2 : i + 1;
  }
  if (In(c, {"succeeded", "replaced", "succeeds", "replaces"})) {
    for (std::size_t k = i + 2; k < w.size() && k <= i + 6; ++k) {
      if (Core(w[k]) == "as") return k + 1;
    }
  }
  return 0;
}

// Removes a sentence's closing "." or "!" from *text and returns it.
std::string TakeFullStop(std::string* text) {
  std::string stop;
  while (!text->empty() && (text->back() == '.' || text->back() == '!')) {
    stop.insert(stop.begin(), text->back());
    text->pop_back();
  }
  return stop;
}

// "P took over as CEO of S" -> "P is the CEO of S"; "S elected P as
// mayor" -> "P is the mayor of S"; "P replaced Q as S's coach" -> "P is
// S's coach". The role must name its owner (of, at, a possessive) unless
// the verb is "became" ("became a lawyer": P is a lawyer).
bool RoleChange(std::string* s, std::string* why) {
  std::vector<std::string> w = Words(*s);
  // "Q was replaced as manager of S by P" says what "Q was replaced by P
  // as manager of S" says: the agent moves before the role.
  for (std::size_t a = 2; a + 3 < w.size(); ++a) {
    if (w[a] != "as" || !In(Core(w[a - 1]), {"replaced", "succeeded"})) {
      continue;
    }
    for (std::size_t b = w.size() - 2; b > a + 1; --b) {
      if (w[b] != "by" || !Cap(w[b + 1]) || MonthNumber(Core(w[b + 1])) ||
          In(Core(w[b + 1]),
             {"monday", "tuesday", "wednesday", "thursday", "friday",
              "saturday", "sunday", "today", "tomorrow", "now", "then"})) {
        continue;
      }
      std::vector<std::string> moved(w.begin(), w.begin() + a);
      std::string agent = Join(w, b + 1, w.size());
      const std::string stop = TakeFullStop(&agent);
      std::string role = Join(w, a + 1, b);
      if (!role.empty() && role.back() == ',') role.pop_back();
      *s = Join(moved, 0, moved.size()) + " by " + agent + " as " + role + stop;
      Note(why, "agent '" + agent + "' read before the role");
      w = Words(*s);
      break;
    }
    break;
  }
  std::size_t v = 0;
  while (v < w.size() && v < 7 && !VerbStart(w[v])) ++v;
  if (v == 0 || v >= w.size() || !Cap(w[0])) return false;
  const std::string subject = Join(w, 0, v);
  bool became = false;
  std::size_t r = RoleChangeVerb(w, v, &became);
  std::string holder = subject, owner;
  std::size_t role_end = w.size();
  bool role_without_as = false;
  // "Q was replaced by P as manager of S": the agent holds the role now.
  for (std::size_t b = v + 1; r > 0 && b + 1 < r; ++b) {
    if (w[b] == "by" && In(Core(w[b - 1]), {"replaced", "succeeded"}) &&
        Core(w[r - 1]) == "as" && b + 1 < r - 1 && Cap(w[b + 1])) {
      holder = Join(w, b + 1, r - 1);
      break;
    }
  }
  if (r == 0) {
    // Active: "S elected P as R" (the object holds the role of the
    // subject); "P leads S as CEO" (the subject holds the object's role).
    std::size_t vv = v;
    if (In(Core(w[vv]), {"has", "have", "had"})) ++vv;
    if (vv + 1 >= w.size()) return false;
    const std::string c = Core(w[vv]);
    // "swore in P as ...": the particle goes with the verb.
    if (In(c, {"swore", "sworn"}) && Core(w[vv + 1]) == "in") ++vv;
    const bool appoints =
        In(c, {"elected", "appointed", "named", "hired", "chose", "picked",
               "selected", "installed", "tapped", "swore", "sworn"});
    const bool leads =
        In(c, {"leads", "led", "runs", "ran", "run", "heads", "headed",
               "manages", "managed", "coaches", "coached", "chairs", "chaired",
               "directs", "directed"});
    if (!appoints && !leads) return false;
    std::size_t as = 0;
    for (std::size_t k = vv + 2; k < w.size() && k <= vv + 9; ++k) {
      if (Core(w[k]) == "as") {
        as = k;
        break;
      }
    }
    std::size_t o = vv + 1;
    if (leads && o < as && Core(w[o]) == "the") ++o;
    // "Acme named Rahul Mehta chief executive after ...": without "as" the
    // role follows the name directly and ends before an adjunct.
    if (as == 0 && appoints && Cap(w[o])) {
      std::size_t h = o;
      while (h < w.size() && Cap(w[h]) && !w[h].ends_with(",")) ++h;
      std::size_t e = h;
      while (e < w.size() && Lowercase(w[e]) && !IsPrep(Core(w[e])) &&
             !IsAdjunctOpener(Core(w[e])) &&
             !In(Core(w[e]), {"and", "but", "last", "this", "next"})) {
        if (w[e++].ends_with(",")) break;
      }
      // "named Ben Archer its new CEO": an all-capitals role ends it.
      auto acronym = [&w](std::size_t i) {
        std::string t = w[i];
        while (!t.empty() &&
               std::ispunct(static_cast<unsigned char>(t.back()))) {
          t.pop_back();
        }
        return AcronymRole(t);
      };
      if (e < w.size() && e > h && acronym(e)) ++e;
      if (h > o && e > h && (RoleNoun(Core(w[e - 1])) || acronym(e - 1))) {
        as = h - 1;  // the role starts after the name, as after "as"
        role_end = e;
        role_without_as = true;
      }
    }
    if (as == 0 || !Cap(w[o])) return false;
    if (appoints) {
      // "chose Erik Dahl to run the town as mayor": the holder ends
      // before "to" + a verb.
      std::size_t h = o;
      while (h < as && !(w[h] == "to" && h + 1 < as && Lowercase(w[h + 1]))) {
        ++h;
      }
      if (role_without_as) h = as + 1;  // the name ends before the role
      if (h == o) return false;
      holder = Join(w, o, h);
      owner = subject;
      // "Millbrook voters elected P as mayor", "Acme's board named P as
      // CEO": the people who choose speak for the place or firm they are
      // of ("voters", "residents", "board", "shareholders").
      const std::vector<std::string> sw = Words(owner);
      const std::string last = Core(sw.back());
      if (sw.size() >= 2 && Lowercase(sw.back()) &&
          In(last, {"voters", "residents", "citizens", "people", "board",
                    "members", "shareholders", "council", "fans", "directors",
                    "electorate", "parliament"})) {
        owner = Join(sw, 0, sw.size() - 1);
        if (owner.ends_with("'s")) owner.resize(owner.size() - 2);
        // "The board named ...": whose board the line does not say.
        if (In(Core(owner), {"the", "a", "an", "its", "their"})) return false;
      }
    } else {
      owner = Join(w, o, as);
    }
    r = as + 1;
  }
  if (r >= role_end) return false;
  std::vector<std::string> role(w.begin() + r, w.begin() + role_end);
  const std::string r0 = Core(role[0]);
  // "named after X", "made in X": no role follows.
  if (IsPrep(r0) || In(r0, {"after", "of", "by", "up", "out"})) return false;
  bool owned = !owner.empty();
  for (const std::string& x : role) {
    owned = owned || In(Core(x), {"of", "at"}) || (Cap(x) && x.ends_with("'s"));
  }
  if (!owned && !(became && In(r0, {"a", "an", "the"}))) return false;
  // "became a lawyer" names a class; "became the first woman to climb K2"
  // or "became a man who ..." is a clause, not a role.
  if (!owned) {
    for (const std::string& x : role) {
      if (In(Core(x), {"to", "who", "that", "which", "whose"})) return false;
    }
  }
  // "its new chairwoman", "the new CEO": "new" says it changed, which the
  // write path knows; "its" is the owner named before.
  if (role.size() >= 3 && Core(role[1]) == "new" &&
      (In(r0, {"a", "an", "the"}) || IsPossDet(r0))) {
    role.erase(role.begin() + 1);
  }
  // The sentence's full stop ends the rewritten sentence, not the role
  // ("named P as CEO." -> "P is the CEO of S.").
  std::string stop = TakeFullStop(&role.back());
  if (role.back().empty()) role.pop_back();
  if (role.empty()) return false;
  // "led NASA as administrator during the 1960s", "as chief archivist
  // throughout the merger": an adjunct of when is no part of the role.
  // (Dates the time words know, "from 1998 to 2015", were read and removed
  // before the line got here.)
  for (std::size_t i = 1; i < role.size(); ++i) {
    if (In(Core(role[i]), {"during", "since", "until", "till", "throughout"})) {
      role.resize(i);
      if (role.back().ends_with(",")) role.back().pop_back();
      break;
    }
  }
  std::string phrase;
  if (!owner.empty() && IsPossDet(r0)) {
    phrase = owner + "'s " + Join(role, 1, role.size());
  } else {
    phrase = Join(role, 0, role.size());
    const bool article = In(r0, {"a", "an", "the"}) || IsPossDet(r0) ||
                         (Cap(role[0]) && role[0].ends_with("'s"));
    if (!article) phrase = "the " + phrase;
    if (!owner.empty()) phrase += " of " + owner;
  }
  Note(why, "role change read as '" + holder + " is " + phrase + "'");
  *s = holder + " is " + phrase + stop;
  return true;
}

}  // namespace

bool MayOpenWithNamedRole(std::string_view s) {
  // The first eight words, split on spaces: a name, then a lower-case
  // content word or an all-capitals one, then two capitalised words.
  std::vector<std::string_view> w;
  for (std::size_t b = 0; b < s.size() && w.size() < 8;) {
    std::size_t e = s.find(' ', b);
    if (e == std::string_view::npos) e = s.size();
    if (e > b) w.push_back(s.substr(b, e - b));
    b = e + 1;
  }
  auto upper = [](std::string_view t) {
    return !t.empty() && std::isupper(static_cast<unsigned char>(t[0]));
  };
  if (w.size() < 4 || !upper(w[0])) return false;
  for (std::size_t r = 1; r + 2 < w.size(); ++r) {
    if (!upper(w[r + 1]) || !upper(w[r + 2])) continue;
    if (AcronymRole(w[r])) return true;
    const std::string c = Core(w[r]);
    if (Lowercase(w[r]) && !IsPrep(c) && !IsAuxOrCopula(c) &&
        !In(c, {"the", "a", "an", "and", "or", "but"})) {
      return true;
    }
  }
  return false;
}

void RoleDroppedReading(std::string_view sentence,
                        std::vector<std::string>* side) {
  if (sentence.find(" as ") == std::string_view::npos) return;
  const std::vector<std::string> w = Words(sentence);
  for (std::size_t i = 2; i + 3 < w.size(); ++i) {
    if (Core(w[i]) != "as") continue;
    // The verb before "as" and a lower-case role after it.
    if (!Lowercase(w[i - 1]) || !InflectedVerb(Core(w[i - 1]))) return;
    std::size_t j = i + 1;
    while (j < w.size() && j < i + 5 && Lowercase(w[j]) &&
           !In(Core(w[j]), {"at", "for", "with"}) &&
           w[j].find(',') == std::string::npos) {
      ++j;
    }
    if (j == i + 1 || j + 1 >= w.size() ||
        !In(Core(w[j]), {"at", "for", "with"})) {
      return;
    }
    const std::size_t name = Core(w[j + 1]) == "the" ? j + 2 : j + 1;
    if (name >= w.size() || !Cap(w[name])) return;
    side->push_back(Join(w, 0, i) + " " + Join(w, j, w.size()));
    return;
  }
}

std::string ChangeFromTo(std::string_view sentence, std::string* why) {
  std::vector<std::string> w = Words(sentence);
  for (std::size_t i = 1; i + 3 < w.size(); ++i) {
    const std::string c = Core(w[i]);
    const std::string verb = Core(w[i - 1]);
    // "moved from Y to Z", "moved its capital from Y to Z", "left Y to
    // join Z".
    const bool from = c == "from" && Lowercase(w[i - 1]) &&
                      (InflectedVerb(verb) ||
                       (i >= 3 && IsPossDet(Core(w[i - 2])) &&
                        Lowercase(w[i - 3]) && InflectedVerb(Core(w[i - 3]))));
    // Verbs of leaving something behind: "left Y for Z", "quit Y to become
    // Z", "gave up Y for Z", "swapped Y for Z".
    const bool gave_up = c == "gave" && Core(w[i + 1]) == "up";
    const bool left = Lowercase(w[i]) && i + 3 < w.size() &&
                      (gave_up || In(c, {"left", "quit", "abandoned", "dropped",
                                         "ditched", "swapped", "traded"}));
    if (!from && !left) continue;
    const std::size_t first = gave_up ? i + 2 : i + 1;
    if (first + 2 >= w.size()) continue;
    std::size_t to = 0;
    for (std::size_t j = first + 1; j + 1 < w.size() && j <= i + 7; ++j) {
      // "left Acme for Globex": "for" and a name is where they went;
      // "gave up tennis for golf": a class for a class.
      // A name after "for" only after "left" ("traded Shaquille O'Neal
      // for Lamar Odom" is a trade); bare class nouns on both sides
      // otherwise ("quit smoking for her health" names no new value).
      auto bare = [&](std::size_t k) {
        const std::string x = Core(w[k]);
        return Lowercase(w[k]) && !In(x, {"the", "a", "an"}) && !IsPossDet(x) &&
               !IsPronoun(x) &&
               !In(x, {"everything", "nothing", "good", "home", "work"});
      };
      if (w[j] == "to" ||
          (left && w[j] == "for" &&
           ((c == "left" && Cap(w[j + 1])) ||
            (bare(first) && bare(j + 1) && j + 2 == w.size())))) {
        to = j;
        break;
      }
    }
    if (to == 0 || Digit(w[first]) || w[to - 1].ends_with(",")) continue;
    // Only "left" may go "to" a place ("left Paris to Rome" is rare; "quit
    // Y to join Z" is the infinitive below).
    const std::string old_value = Join(w, first, to);
    std::string out;
    if (from) {
      out = Join(w, 0, i) + " to " + Join(w, to + 1, w.size());
    } else if (w[to] == "for") {
      // "left Y for Z" -> "switched to Z": the slot is the one Y held.
      out = Join(w, 0, i) + " switched to " + Join(w, to + 1, w.size());
    } else {
      // "left Y to join Z" -> "joined Z", "quit Y to become Z" -> "became
      // Z": the infinitive's verb, past.
      if (to + 2 >= w.size() || !Lowercase(w[to + 1])) continue;
      const std::string inf = Core(w[to + 1]);
      const std::string joined = inf == "join"     ? "joined"
                                 : inf == "become" ? "became"
                                                   : "";
      if (joined.empty()) continue;
      out = Join(w, 0, i) + " " + joined + " " + Join(w, to + 2, w.size());
    }
    std::string tail;
    while (!out.empty() && (out.back() == '.' || out.back() == '!')) {
      tail = out.back() + tail;
      out.pop_back();
    }
    Note(why, "'" + old_value + "' is the value replaced");
    return out + " instead of " + old_value + tail;
  }
  return std::string(sentence);
}

// "Mark Carney is Prime Minister of Canada", "reigns as Emperor of Japan":
// a title-cased role after a copula or "as" is the role noun, not a name,
// when its head is a person noun in WordNet ("Bank of England" is no
// person; an office as a subject, "The Mayor of Paris is ...", stays).
bool TitleCasedRole(std::string* s, std::string* why) {
  // Most lines have no capitalised word before " of ": skip the split.
  bool capital_before_of = false;
  for (std::size_t p = s->find(" of "); p != std::string::npos && p > 0;
       p = s->find(" of ", p + 1)) {
    const std::size_t start = s->rfind(' ', p - 1);
    const std::size_t w = start == std::string::npos ? 0 : start + 1;
    capital_before_of =
        capital_before_of || std::isupper(static_cast<unsigned char>((*s)[w]));
  }
  if (!capital_before_of) return false;
  std::vector<std::string> w = Words(*s);
  const WordForms& wf = WordForms::Get();
  for (std::size_t k = 3; k + 1 < w.size(); ++k) {
    if (Core(w[k]) != "of" || !(Cap(w[k + 1]) || Core(w[k + 1]) == "the")) {
      continue;
    }
    std::size_t j = k;
    while (j > 1 && Cap(w[j - 1]) &&
           w[j - 1].find_first_of(",'") == std::string::npos && k - j < 3) {
      --j;
    }
    if (j == k) continue;
    std::size_t before = j - 1;
    if (In(Core(w[before]), {"the", "a", "an"}) && before > 0) --before;
    const std::string lead = Core(w[before]);
    if (!IsAuxOrCopula(lead) && lead != "as" && lead != "became" &&
        lead != "becomes") {
      continue;
    }
    bool words = true;
    for (std::size_t i = j; i < k; ++i) {
      const std::string c = Core(w[i]);
      words = words && (wf.Is(c, Pos::kNoun) || wf.Is(c, Pos::kAdj));
    }
    if (!words || !PersonNoun(Core(w[k - 1]))) continue;
    for (std::size_t i = j; i < k; ++i) {
      w[i] = Core(w[i]) + (w[i].ends_with(",") ? "," : "");
    }
    Note(why, "title '" + Join(w, j, k) + "' read as a role");
    *s = Join(w, 0, w.size());
    return true;
  }
  return false;
}

// "Priya works at Acme, which is based in Oslo", "The Hobbit is by
// Tolkien, who was born in Bloemfontein", "Ana moved to Paris, where she
// later died": a relative clause closing the line says something of the
// name before it. The main clause ends at the comma; the relative clause
// goes to `side` with its gap filled: the name as subject ("Acme is based
// in Oslo"), as object ("which Toyota makes": "Toyota makes V"), or after
// "where" as the place ("S later died in Paris"), a pronoun there being
// the main clause's subject.
bool TrailingRelative(std::string* s, std::string* why,
                      std::vector<std::string>* side) {
  const std::vector<std::string> w = Words(*s);
  std::size_t r = 0;
  for (std::size_t i = 3; i + 2 < w.size(); ++i) {
    if (w[i - 1].ends_with(",") &&
        In(Core(w[i]), {"which", "who", "where", "whom"})) {
      r = i;
      break;
    }
  }
  if (r == 0) return false;
  for (std::size_t i = r; i + 1 < w.size(); ++i) {
    if (w[i].ends_with(",")) return false;  // the clause must close the line
  }
  const std::vector<std::string> main(w.begin(), w.begin() + r);
  if (!HasVerb(main)) return false;
  // The antecedent: the capitalised run before the comma ("Inter Miami",
  // "University of Oslo"), never the main clause's subject alone.
  std::size_t a = r;
  while (a > 1 && (Cap(w[a - 1]) || (In(Core(w[a - 1]), {"of", "de", "the"}) &&
                                     a - 1 < r - 1))) {
    --a;
  }
  while (a < r && !Cap(w[a])) ++a;
  const std::string antecedent = WithoutTrailingCommas(Join(w, a, r));
  const std::string rel = Core(w[r]);
  const std::vector<std::string> clause(w.begin() + r, w.end());
  std::string st;
  if (!antecedent.empty() && a > 0 && !IsPronoun(Core(w[a]))) {
    const std::string subject = SubjectOf(main);
    const std::string c1 = Core(w[r + 1]);
    if (rel == "where") {
      std::string who;
      std::size_t from = r + 1;
      if (ThirdPersonPronoun(c1) && Cap(subject)) {
        who = subject;
        from = r + 2;
      }
      if (!who.empty() && from < w.size()) {
        std::string rest = Join(w, from, w.size());
        TakeFullStop(&rest);
        st = who + " " + rest + " in " + antecedent + ".";
      }
    } else if (VerbStart(w[r + 1])) {
      st = antecedent + " " + Join(w, r + 1, w.size());
    } else {
      st = ObjectGapStatement(antecedent, clause);
    }
  }
  if (side != nullptr && !st.empty()) side->push_back(st);
  // A comma before the clause may belong to a name ("Crouching Tiger,
  // Hidden Dragon"): the main clause is then left whole.
  for (std::size_t i = 0; i + 1 < r; ++i) {
    if (w[i].ends_with(",")) return false;
  }
  Note(why, "relative clause '" + Join(w, r, w.size()) + "' read apart");
  *s = WithoutTrailingCommas(Join(w, 0, r)) + TakeFullStop(s);
  return true;
}

// "The Corolla is a car that Toyota makes", "Tolkien is the man who wrote
// The Hobbit", "Vaduz is a town that is the capital of Liechtenstein": a
// name said to be a class noun that a relative clause describes; "S is a
// N" goes to `side`. When the clause's gap is its object, the clause says
// the fact and the line becomes it, the name in the gap ("Toyota makes The
// Corolla"); returns whether it did.
bool ClassRelative(std::string* s, std::string* why,
                   std::vector<std::string>* side) {
  const std::vector<std::string> w = Words(*s);
  std::size_t c = 0;
  while (c < w.size() && c < 7 && !IsAuxOrCopula(Core(w[c]))) ++c;
  if (c == 0 || c + 4 >= w.size() || !In(Core(w[c]), {"is", "was"}) ||
      !Cap(w[0]) || IsPronoun(Core(w[0]))) {
    return false;
  }
  for (std::size_t i = 0; i < c; ++i) {
    if (!Cap(w[i]) && !In(Core(w[i]), {"of", "the", "de"})) return false;
    if (w[i].find(',') != std::string::npos) return false;
  }
  if (!In(Core(w[c + 1]), {"a", "an", "the"})) return false;
  std::size_t r = c + 2;
  while (r < w.size() && r < c + 6 && Lowercase(w[r]) &&
         !In(Core(w[r]), {"that", "which", "who", "whom"})) {
    if (IsPrep(Core(w[r])) || w[r].find(',') != std::string::npos) {
      return false;
    }
    ++r;
  }
  if (r == c + 2 || r + 2 >= w.size() ||
      !In(Core(w[r]), {"that", "which", "who", "whom"})) {
    return false;
  }
  if (side != nullptr) side->push_back(Join(w, 0, r) + ".");
  const std::string subject = Join(w, 0, c);
  const std::vector<std::string> clause(w.begin() + r, w.end());
  std::string st;
  if (Core(w[r]) != "whom" && VerbStart(w[r + 1])) {
    // A subject gap after a thing's class ("the label that signed X") is
    // the grammar's: "V is the N that R S" reads the noun with the verb
    // ("signed" by a label). After a person ("an engineer who works for
    // X"), a copula or a role verb ("a town that serves as the capital of
    // X") the clause says it all.
    const bool role_verb = r + 2 < w.size() && Core(w[r + 2]) == "as";
    if (!PersonNoun(Core(w[r - 1])) && !IsAuxOrCopula(Core(w[r + 1])) &&
        !role_verb) {
      return false;
    }
    st = subject + " " + Join(w, r + 1, w.size());
  } else {
    st = ObjectGapStatement(subject, clause);
  }
  if (st.empty()) return false;
  Note(why,
       "relative clause '" + Join(w, r, w.size()) + "' read as '" + st + "'");
  TakeFullStop(&st);
  *s = st + TakeFullStop(s);
  return true;
}

// "Ravi Shah stepped down and Ella Novak became chair of Lumen Trust": two
// clauses with subjects of their own. The first is the main clause; the
// second goes to `side` as a statement of its own. The second subject is
// a capitalised name directly followed by its verb, after a lower-case
// word or a comma, so "Python and Go are ..." (one subject) and "School of
// Art and Design is located ..." (one name) stay whole.
bool CoordinatedClauses(std::string* s, std::string* why,
                        std::vector<std::string>* side) {
  if (s->find(" and ") == std::string::npos &&
      s->find(" but ") == std::string::npos) {
    return false;
  }
  const std::vector<std::string> w = Words(*s);
  if (w.size() < 6 || !HasVerb(w)) return false;
  for (std::size_t k = 2; k + 2 < w.size(); ++k) {
    if (Core(w[k]) != "and" && Core(w[k]) != "but") continue;
    // After a capitalised word "and" may join a name's parts ("School of
    // Art and Design is located ..."); a comma or a lower-case word ends a
    // clause.
    if (!w[k - 1].ends_with(",") && !Lowercase(w[k - 1])) continue;
    // The first clause has a verb of its own before the conjunction.
    bool verb_before = false;
    for (std::size_t i = 1; i < k; ++i) {
      verb_before = verb_before || VerbStart(w[i]);
    }
    if (!verb_before) return false;
    std::size_t n = k + 1;
    // "Ada Lovelace wrote the first program, and she was born in London":
    // a third-person pronoun after the conjunction is the first clause's
    // subject, the one person or thing the line has named as a subject.
    if ((ThirdPersonPronoun(Core(w[n])) || Core(w[n]) == "it") &&
        n + 1 < w.size()) {
      std::size_t v = n + 1;
      if (Lowercase(w[v]) && !VerbStart(w[v]) &&
          WordForms::Get().Is(Core(w[v]), Pos::kAdv) && v + 1 < w.size()) {
        ++v;  // "and she later moved to ..."
      }
      const std::string subject = SubjectOf(w);
      // "Helen Park and Marcus Reid divorced, and she ...": two people
      // before; the pronoun names one of them.
      if (!VerbStart(w[v]) || subject.empty() || !Cap(subject) ||
          subject.find(" and ") != std::string::npos) {
        continue;
      }
      Note(why, "second clause '" + Join(w, k + 1, w.size()) +
                    "' read apart, '" + w[n] + "' as '" + subject + "'");
      if (side != nullptr) {
        side->push_back(subject + " " + Join(w, n + 1, w.size()));
      }
      *s = WithoutTrailingCommas(Join(w, 0, k));
      return true;
    }
    while (n < w.size() && n < k + 5 && Cap(w[n]) &&
           w[n].find_first_of(",'") == std::string::npos &&
           !IsPronoun(Core(w[n]))) {
      ++n;
    }
    if (n == k + 1 || n >= w.size() || !VerbStart(w[n])) continue;
    Note(why, "second clause '" + Join(w, k + 1, w.size()) + "' read apart");
    if (side != nullptr) side->push_back(Join(w, k + 1, w.size()));
    *s = WithoutTrailingCommas(Join(w, 0, k));
    return true;
  }
  return false;
}

// "Rhea Kapoor quit journalism and became a lawyer", "Mathis Rey gave up
// tennis and now plays padel": two verb phrases of one subject. The second
// (the state reached) is the main clause. The first may be what ended
// ("quit The Velvet Static and is now a member of ...") or a fact of its
// own ("lives in Leeds and works at ...", "has switched to squash and is
// ranked ..."): it goes to `side`, and the caller keeps the main clause's
// value when both name one slot. Not
// when "and" joins two verbs ("was born and raised in"): the word before
// it must end an object, not be a verb; nor when the second phrase shares
// the first's auxiliary ("was born in Lyon and raised in Paris").
bool CoordinatedVerbs(std::string* s, std::string* why,
                      std::vector<std::string>* side) {
  const std::vector<std::string> w = Words(*s);
  // The subject is the leading name, "The" + a name included ("The
  // Riverton Hawks"); its verb the first lower-case word ("quit" is a past
  // tense that looks like its lemma).
  if (w.empty()) return false;
  std::size_t v = 0;
  while (v < w.size() && v < 7 && Cap(w[v]) && !w[v].ends_with(",")) ++v;
  const bool article_name = Core(w[0]) == "the" && w.size() > 1 && Cap(w[1]) &&
                            !IsPronoun(Core(w[1]));
  if (v == 0 || v >= w.size() || !Cap(w[0]) ||
      (!article_name &&
       In(Core(w[0]), {"the", "a", "an", "this", "that", "these", "those"})) ||
      !(VerbStart(w[v]) ||
        (Lowercase(w[v]) && WordForms::Get().Is(Core(w[v]), Pos::kVerb)))) {
    return false;
  }
  for (std::size_t k = v + 2; k + 1 < w.size(); ++k) {
    if (w[k] != "and" || w[k - 1].ends_with(",")) continue;
    const std::string before = Core(w[k - 1]);
    // An object that ends in a name: its last word is capitalised.
    const bool name_before = Cap(w[k - 1]) && !IsPronoun(before);
    if (!(Lowercase(w[k - 1]) || name_before) || VerbStart(w[k - 1]) ||
        IsPrep(before)) {
      continue;
    }
    std::size_t n = k + 1;
    while (n < w.size() && In(Core(w[n]), {"now", "then", "later", "also",
                                           "since", "soon", "eventually"})) {
      ++n;
    }
    if (n + 1 >= w.size() || !VerbStart(w[n])) continue;
    // The second phrase may be a verb group ("and is now a member of")
    // unless it shares the first phrase's auxiliary ("was born in Lyon and
    // raised in Paris").
    if (!IsAuxOrCopula(Core(w[n])) && IsAuxOrCopula(Core(w[v]))) continue;
    const std::string subject = Join(w, 0, v);
    if (side != nullptr) side->push_back(subject + " " + Join(w, v, k) + ".");
    Note(why, "first of two verb phrases '" + Join(w, v, k) + "' read apart");
    *s = subject + " " + Join(w, n, w.size());
    return true;
  }
  return false;
}

// "The studio that developed Minecraft is Mojang", "The person who wrote
// Dracula is Bram Stoker", "The sport that Wayne Gretzky played was ice
// hockey", "The city where the Mona Lisa is kept is Paris": a subject that
// is a noun and a relative clause, and a value after the last copula. The
// value fills the clause's gap: its subject when a verb follows the
// relative word ("Mojang developed Minecraft"), else its object ("Wayne
// Gretzky played ice hockey"), or, after "where", its place.
bool RelativeSubject(std::string* s, std::string* why) {
  const std::vector<std::string> w = Words(*s);
  if (w.size() < 6 || !In(Core(w[0]), {"the", "a", "an"})) return false;
  std::size_t rel = 1;
  while (rel < w.size() && rel <= 4 && Lowercase(w[rel]) &&
         !In(Core(w[rel]), {"that", "who", "which", "where", "whom"})) {
    ++rel;
  }
  if (rel == 1 || rel > 4 || rel >= w.size() ||
      !In(Core(w[rel]), {"that", "who", "which", "where", "whom"})) {
    return false;
  }
  // The last copula with a short verbless value after it.
  std::size_t cop = w.size();
  for (std::size_t i = w.size() - 1; i > rel + 2; --i) {
    if (In(Core(w[i]), {"is", "was", "are", "were"}) && Lowercase(w[i])) {
      cop = i;
      break;
    }
  }
  if (cop >= w.size() - 1) return false;
  const std::vector<std::string> value(w.begin() + cop + 1, w.end());
  const std::vector<std::string> clause(w.begin() + rel + 1, w.begin() + cop);
  if (value.size() > 8 || HasVerb(value) || clause.size() < 2 ||
      !HasVerb(clause)) {
    return false;
  }
  // The gap takes a name ("Mojang", "Paris") or, as an object, a class
  // noun ("ice hockey"); "is rich", "is a museum", "was only twenty" say
  // something of the subject noun instead.
  const std::string r = Core(w[rel]);
  const bool subject_gap = VerbStart(clause[0]) && !Cap(clause[0]);
  const std::size_t v0 =
      value.size() > 1 && In(Core(value[0]), {"the"}) && Cap(value[1]) ? 1 : 0;
  const bool name = Cap(value[v0]);
  const WordForms& wf = WordForms::Get();
  const std::string last = Core(value.back());
  const bool class_noun =
      !name && Lowercase(value[0]) && !In(Core(value[0]), {"a", "an", "the"}) &&
      !IsPossDet(Core(value[0])) && wf.Is(last, Pos::kNoun) &&
      !(wf.Is(Core(value[0]), Pos::kAdv) && !wf.Is(Core(value[0]), Pos::kNoun));
  if (!name && (r == "where" || subject_gap || !class_noun)) return false;
  std::string v = Join(value, 0, value.size());
  const std::string stop = TakeFullStop(&v);
  std::string rewritten;
  if (r == "where") {
    rewritten = Join(clause, 0, clause.size()) + " in " + v;
  } else if (subject_gap) {
    rewritten = v + " " + Join(clause, 0, clause.size());
  } else {
    rewritten = Join(clause, 0, clause.size()) + " " + v;
  }
  Note(why, "relative subject read as '" + rewritten + "'");
  *s = rewritten + stop;
  return true;
}

// "It was Nirvana who recorded X", "It is Ankara that is the capital": a
// cleft puts the subject in focus; the statement is "Nirvana recorded X".
bool Cleft(std::string* s, std::string* why) {
  const std::vector<std::string> w = Words(*s);
  if (w.size() < 5 || Core(w[0]) != "it" ||
      !In(Core(w[1]), {"was", "is", "were"})) {
    return false;
  }
  // The focus is a name (or "the ..." phrase) of at most six words.
  for (std::size_t k = 3; k < w.size() - 1 && k < 9; ++k) {
    if (!In(w[k], {"who", "that", "which"})) continue;
    if (!Cap(w[2]) && Core(w[2]) != "the") return false;
    for (std::size_t i = 2; i < k; ++i) {
      if (w[i].ends_with(",")) return false;
    }
    Note(why, "cleft '" + Join(w, 0, 2) + " ... " + w[k] + "' read as '" +
                  Join(w, 2, k) + " " + Join(w, k + 1, w.size()) + "'");
    *s = Join(w, 2, k) + " " + Join(w, k + 1, w.size());
    return true;
  }
  return false;
}

// "Harlow Media sold The Daily Beacon to Crestline Holdings", "The Harbour
// Inn was sold to Coastline Hospitality": a sale names the new owner, so
// "B was acquired by C" (the seller is who owned it before).
bool SoldTo(std::string* s, std::string* why) {
  const std::vector<std::string> w = Words(*s);
  for (std::size_t i = 1; i + 2 < w.size(); ++i) {
    if (w[i] != "sold") continue;
    std::string owned;
    std::size_t to = 0;
    if (In(Core(w[i - 1]), {"was", "were", "been"})) {
      // "B was sold to C", "B has been sold to C".
      std::size_t b = i - 1;
      if (b > 0 && In(Core(w[b - 1]), {"has", "have", "had"})) --b;
      if (b == 0 || w[i + 1] != "to") return false;
      owned = Join(w, 0, b);
      to = i + 1;
    } else {
      // "A sold B to C", "A has sold B to C": B up to "to".
      for (std::size_t k = i + 2; k + 1 < w.size() && k < i + 9; ++k) {
        if (w[k] == "to" && Cap(w[k + 1])) {
          owned = Join(w, i + 1, k);
          to = k;
          break;
        }
      }
    }
    // What is sold is named ("I sold my car to Tom" keeps its verb).
    if (owned.empty() || !Cap(owned) || IsPossDet(Core(owned)) || to == 0 ||
        to + 1 >= w.size() || !Cap(w[to + 1]) ||
        owned.find(',') != std::string::npos) {
      return false;
    }
    std::string buyer = Join(w, to + 1, w.size());
    const std::string stop = TakeFullStop(&buyer);
    const std::string rewritten = owned + " was acquired by " + buyer + stop;
    Note(why, "sale read as '" + rewritten + "'");
    *s = rewritten;
    return true;
  }
  return false;
}

// "Development of Tidewatch passed to Saltwind Games", "Production of the
// Zephyr was taken over by Halden Motors": an activity handed to someone
// names who does it now: "Tidewatch is developed by Saltwind Games" (the
// verb WordNet derives the noun from, as a regular participle).
bool Handover(std::string* s, std::string* why) {
  const std::vector<std::string> w = Words(*s);
  if (w.size() < 6 || !Cap(w[0]) || w[1] != "of") return false;
  const WordForms& wf = WordForms::Get();
  const std::string noun = wf.Lemma(Core(w[0]), Pos::kNoun);
  if (noun.empty()) return false;
  // The verb the noun is spelled from ("develop" of "development").
  const std::string verb = wf.SpelledVerb(noun, SIZE_MAX);
  if (verb.empty()) return false;
  // The handing over: "passed to", "has passed to", "was handed (over)
  // to", "was taken over by", "went to", "moved to", "was transferred to".
  for (std::size_t i = 3; i + 1 < w.size() && i < 12; ++i) {
    const std::string c = Core(w[i]);
    if (!In(c, {"to", "by"}) || !Cap(w[i + 1])) continue;
    const std::string before = Core(w[i - 1]);
    const bool handed = In(before, {"passed", "handed", "went", "moved",
                                    "transferred", "shifted", "over"}) &&
                        (c == "to" || before == "over");
    if (!handed) return false;
    std::size_t v = i - 1;
    while (v > 2 &&
           (IsAuxOrCopula(Core(w[v - 1])) ||
            In(Core(w[v - 1]), {"passed", "handed", "taken", "been", "since",
                                "now", "then", "recently"}))) {
      --v;
    }
    std::string object = Join(w, 2, v);
    if (object.empty()) return false;
    std::string agent = Join(w, i + 1, w.size());
    const std::string stop = TakeFullStop(&agent);
    const std::string participle = verb + (verb.back() == 'e' ? "d" : "ed");
    const std::string rewritten =
        object + " is " + participle + " by " + agent + stop;
    Note(why, "handover read as '" + rewritten + "'");
    *s = rewritten;
    return true;
  }
  return false;
}

// "Q: what's the capital of Mongolia? A: Ulaanbaatar.": a question with
// its answer states the answer in the question's place: "Ulaanbaatar is
// the capital of Mongolia", "Q: who founded Acme? A: Dana Voss." -> "Dana
// Voss founded Acme", "Q: where was S born? A: Lyon." -> "S was born in
// Lyon".
bool QuestionAnswer(std::string* s, std::string* why) {
  const std::string t = *s;
  const std::size_t mark = t.find("? ");
  if (mark == std::string::npos) return false;
  // A label before the question ("Q:", "Question:", "Quiz:", "Trivia
  // question:"): one or two words and a colon.
  std::size_t q = 0;
  if (const std::size_t colon = t.find(": ");
      colon != std::string::npos && colon < mark) {
    const std::vector<std::string> label = Words(t.substr(0, colon));
    if (label.empty() || label.size() > 2 || HasVerb(label)) return false;
    q = colon + 2;
  } else if (t.starts_with("Q. ")) {
    q = 3;
  }
  // The answer: after "A:", "Answer:" or "A." when labelled, else the
  // short verbless rest ("Who wrote Dracula? Bram Stoker.").
  std::string answer = t.substr(mark + 2);
  bool labelled = q > 0;
  for (std::string_view label : {"A: ", "A. ", "Answer: ", "answer: "}) {
    if (answer.starts_with(label)) {
      answer.erase(0, label.size());
      labelled = true;
      break;
    }
  }
  TakeFullStop(&answer);
  const std::vector<std::string> aw = Words(answer);
  if (aw.empty() || aw.size() > 6 || HasVerb(aw) ||
      answer.find('?') != std::string::npos) {
    return false;
  }
  const std::vector<std::string> qw = Words(t.substr(q, mark - q));
  if (qw.size() < 2 ||
      (answer.find(' ') != std::string::npos && !Cap(answer))) {
    return false;
  }
  const std::string w0 = Core(qw[0]);
  // Without a label only a question with a wh-word and no "do" is one a
  // short answer completes ("The Beatles? Legends." is an exclamation;
  // "What does Ana do? Lawyer." needs "do" undone).
  if (!labelled &&
      (!In(w0, {"who", "what", "which", "where", "what's", "who's", "whom"}) ||
       In(Core(qw[1]), {"do", "does", "did"}))) {
    return false;
  }
  std::string rewritten;
  if (In(w0, {"what's", "who's"})) {
    rewritten = answer + " is " + Join(qw, 1, qw.size());
  } else if (In(w0, {"what", "who", "whom", "which"}) &&
             In(Core(qw[1]), {"is", "was", "are", "were"}) &&
             IsPrep(Core(qw.back())) && qw.size() >= 5) {
    // "Who was Johnny Cash married to?": the answer ends the clause the
    // question's subject opens ("Johnny Cash was married to A").
    std::size_t verb = 2;
    while (verb < qw.size() && !Lowercase(qw[verb])) ++verb;
    if (verb == 2 || verb + 1 >= qw.size()) return false;
    rewritten = Join(qw, 2, verb) + " " + Core(qw[1]) + " " +
                Join(qw, verb, qw.size()) + " " + answer;
  } else if (In(w0, {"what", "who", "which"}) &&
             In(Core(qw[1]), {"is", "was", "are", "were"})) {
    rewritten = answer + " " + Core(qw[1]) + " " + Join(qw, 2, qw.size());
  } else if (In(w0, {"who", "what"}) && InflectedVerb(Core(qw[1]))) {
    rewritten = answer + " " + Join(qw, 1, qw.size());
  } else if (w0 == "where" && In(Core(qw[1]), {"is", "was"}) &&
             qw.size() >= 3) {
    // "where was S born", "where is S located", "where is S": the place.
    std::string rest = Join(qw, 2, qw.size());
    rewritten = rest;
    const std::string last = Core(qw.back());
    if (Participle(last) || In(last, {"born", "based"})) {
      rewritten = Join(qw, 2, qw.size() - 1) + " " + Core(qw[1]) + " " + last +
                  " in " + answer;
    } else {
      rewritten = rest + " " + Core(qw[1]) + " in " + answer;
    }
  } else if (w0 == "where" && In(Core(qw[1]), {"does", "did"}) &&
             qw.size() >= 4) {
    // "where does S live" -> "S lives in A"; "where did S study" -> "S
    // studied in A" is beyond a spelling rule: only "does".
    if (Core(qw[1]) != "does") return false;
    std::string verb = Core(qw.back());
    verb += verb.ends_with("s") ? "es" : "s";
    rewritten = Join(qw, 2, qw.size() - 1) + " " + verb + " in " + answer;
  } else if (!HasVerb(qw) && (In(w0, {"the"}) || Core(qw[1]) == "of" ||
                              qw[0].ends_with("'s") || qw[0].ends_with("s'") ||
                              (qw.size() >= 3 && qw[1].ends_with("'s")))) {
    // "The capital of Mongolia? Ulaanbaatar.", "Mongolia's capital?":
    // the question names a slot; the answer is its value.
    rewritten = Join(qw, 0, qw.size()) + " is " + answer;
  } else {
    return false;
  }
  Note(why, "question and answer read as '" + rewritten + "'");
  *s = rewritten;
  return true;
}

// "Just found out Mary Shelley wrote Frankenstein", "Turns out S ...", "I
// heard S ...": a verb of knowing or perceiving (as in ReportedClause)
// opening the line, with at most its speaker and adverbs before it, and a
// clause with a name for its subject after it.
bool ReportedClauseWithoutThat(std::string* s, std::string* why) {
  const std::vector<std::string> w = Words(*s);
  const WordForms& wf = WordForms::Get();
  for (std::size_t v = 0; v < 3 && v + 4 < w.size(); ++v) {
    const std::string verb = Core(w[v]);
    if (v > 0 && !Lowercase(w[v])) return false;
    std::size_t k = v + 1;
    const bool out = Core(w[k]) == "out";
    if (out) ++k;
    const std::string lemma = wf.Lemma(verb, Pos::kVerb);
    // A line's first word is more often a name's ("Yip Harburg", "Known
    // Space", "Reading Fightin Phils") than a verb with its subject left
    // out; "Turns out", "Found out" are the exceptions.
    if (v == 0 && (lemma == verb || !out)) {
      if (!In(verb, {"just", "i", "we", "only", "recently", "today"})) {
        return false;
      }
      continue;
    }
    bool reports = lemma == "turn" && out;
    if (!reports && !lemma.empty() && lemma != "be" && lemma != "have") {
      const int file = FirstVerbSenseFile(out ? lemma + " out" : lemma);
      // Knowing and perceiving only: a verb of saying takes a hearer
      // first ("I told Carlos Ana moved ..."), except with its particle.
      reports = file == kVerbCognition || file == kVerbPerception ||
                (out && file == kVerbCommunication);
    }
    // A hedge ("I think S ...") is no report of what was learned.
    if (reports && !In(lemma, {"think", "believe", "guess", "suppose", "doubt",
                               "wonder", "suspect", "imagine", "assume"})) {
      const std::vector<std::string> clause(w.begin() + k, w.end());
      if (clause.size() < 3 || !Cap(clause[0]) || Core(clause[0]) == "i" ||
          !HasVerb(clause) || SubjectOf(clause).empty()) {
        return false;
      }
      Note(why, "reported clause after '" + Join(w, 0, k) + "'");
      *s = Join(w, k, w.size());
      return true;
    }
    // Only the speaker and adverbs come before the verb ("I just heard").
    const std::string c = verb;
    if (!In(c, {"i", "we", "just", "only", "recently", "today", "also"}) &&
        !(wf.Is(c, Pos::kAdv) && !wf.Is(c, Pos::kNoun) &&
          !wf.Is(c, Pos::kVerb))) {
      return false;
    }
  }
  return false;
}

// "I read that the Atacama Desert lies in Chile", "My sister told me that
// ...", "We learned that ...": a verb of saying, knowing or perceiving
// (WordNet files its first sense under verb.communication, cognition or
// perception) reports a clause; the clause is the statement.
bool ReportedClause(std::string* s, std::string* why) {
  const std::vector<std::string> w = Words(*s);
  const WordForms& wf = WordForms::Get();
  for (std::size_t k = 2; k + 3 < w.size() && k < 7; ++k) {
    if (w[k] != "that") continue;
    for (std::size_t i = 0; i < k; ++i) {
      if (w[i].ends_with(",")) return false;
    }
    // The verb: the word before "that", or before its object pronoun
    // ("told me that").
    std::size_t v = k - 1;
    if (v >= 1 && In(Core(w[v]), {"me", "us", "you", "him", "her", "them"})) {
      --v;
    }
    // A lower-case verb after its subject: "It is the Harlow Trust that
    // owns ..." is a cleft, not a report.
    if (v == 0 || !Lowercase(w[v]) || In(Core(w[v - 1]), {"the", "a", "an"})) {
      return false;
    }
    if (!ReportsFile(FirstVerbSenseFile(wf.Lemma(Core(w[v]), Pos::kVerb)))) {
      return false;
    }
    const std::vector<std::string> clause(w.begin() + k + 1, w.end());
    if (clause.size() < 3 || !HasVerb(clause)) return false;
    std::string text = Join(w, k + 1, w.size());
    text[0] =
        static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    // "Did you know that S ...?": the question only asks whether the
    // listener knew; the clause is stated.
    if (text.ends_with("?") && IsAuxOrCopula(Core(w[0]))) text.pop_back();
    Note(why, "reported clause after '" + Join(w, 0, k + 1) + "'");
    *s = text;
    return true;
  }
  return ReportedClauseWithoutThat(s, why);
}

// "Salzburg is where Mozart was born", "Leeds is the city where S grew
// up", "It was in Dublin that U2 formed": a place in focus. The statement
// is the clause with the place after it: "Mozart was born in Salzburg".
// What follows the clause after a comma is another statement and goes.
bool PlaceCleft(std::string* s, std::string* why) {
  const std::vector<std::string> w = Words(*s);
  if (w.size() < 5) return false;
  std::string place, prep = "in";
  std::size_t clause = 0;
  if (Core(w[0]) == "it" && In(Core(w[1]), {"is", "was"}) &&
      In(w[2], {"in", "at"}) && (Cap(w[3]) || Core(w[3]) == "the")) {
    for (std::size_t k = 4; k + 2 < w.size() && k < 10; ++k) {
      if (w[k - 1].ends_with(",")) return false;
      if (w[k] != "that") continue;
      place = Join(w, 3, k);
      prep = w[2];
      clause = k + 1;
      break;
    }
  } else if (Cap(w[0]) && !IsPronoun(Core(w[0]))) {
    std::size_t i = 1;
    while (i < w.size() && i < 7 && !In(Core(w[i]), {"is", "was"})) {
      if (w[i - 1].ends_with(",") || !Cap(w[i])) return false;
      ++i;
    }
    if (i + 3 >= w.size() || !In(Core(w[i]), {"is", "was"})) return false;
    // "is the city where", "is a town where": a kind noun may come first.
    std::size_t j = i + 1;
    if (In(Core(w[j]), {"the", "a", "an"})) {
      ++j;
      while (j < w.size() && j < i + 5 && Lowercase(w[j]) && w[j] != "where" &&
             !w[j].ends_with(",")) {
        ++j;
      }
    }
    if (j >= w.size() || w[j] != "where") return false;
    place = Join(w, 0, i);
    clause = j + 1;
  }
  if (clause == 0 || clause + 2 > w.size() || place.empty()) return false;
  std::size_t end = clause;
  while (end < w.size() && !w[end].ends_with(",")) ++end;
  std::string text = Join(w, clause, std::min(end + 1, w.size()));
  const std::vector<std::string> cw = Words(text);
  if (cw.size() < 2 || !HasVerb(cw)) return false;
  std::string stop = TakeFullStop(&text);
  while (!text.empty() && text.back() == ',') text.pop_back();
  if (stop.empty() && end >= w.size()) stop = TakeFullStop(&place);
  // The place goes before a time the clause ends with ("died in July
  // 1890"), so that the time stays a time and the place the value.
  std::vector<std::string> tw = Words(text);
  std::size_t at = tw.size();
  for (std::size_t k = 1; k + 1 < tw.size(); ++k) {
    if (In(tw[k], {"in", "on", "during", "around"}) &&
        // A month written out (an abbreviation may be a word: "mar").
        (Digit(tw[k + 1]) ||
         (MonthNumber(Core(tw[k + 1])) != 0 &&
          (Core(tw[k + 1]).size() > 3 || Core(tw[k + 1]) == "may")))) {
      at = k;
      break;
    }
  }
  const std::string rewritten =
      Join(tw, 0, at) + " " + prep + " " + place +
      (at < tw.size() ? " " + Join(tw, at, tw.size()) : std::string()) + stop;
  Note(why, "'" + Join(w, 0, clause) + "' read as '" + rewritten + "'");
  *s = rewritten;
  return true;
}

// "Among the children of Bob Marley is Ziggy Marley", "Among the works of
// Holst, The Planets stands out": one of a set, stated as "V is a N of S".
bool Among(std::string* s, std::string* why) {
  const std::vector<std::string> w = Words(*s);
  if (w.size() < 7 || Core(w[0]) != "among" || Core(w[1]) != "the") {
    return false;
  }
  std::size_t of = 0;
  for (std::size_t i = 3; i < w.size() && i < 8; ++i) {
    if (w[i] == "of") {
      of = i;
      break;
    }
  }
  if (of == 0) return false;
  // The plural's singular: "children" -> "child" (WordNet's exceptions).
  const std::string plural = Core(w[of - 1]);
  const std::string noun = WordForms::Get().Lemma(plural, Pos::kNoun);
  if (noun.empty() || noun == plural) return false;
  std::string set_of;  // "Bob Marley", up to "is"/"are" or a comma
  std::string value;
  for (std::size_t i = of + 1; i < w.size(); ++i) {
    if (w[i].ends_with(",")) {
      // "..., V stands out / is ...": V is the clause's subject up to its
      // verb.
      set_of = Join(w, of + 1, i + 1);
      set_of.pop_back();
      std::size_t v = i + 1;
      while (v < w.size() && !In(Core(w[v]), {"stands", "stand", "is", "was",
                                              "are", "were", "ranks"})) {
        ++v;
      }
      if (v == w.size() || v == i + 1) return false;
      value = Join(w, i + 1, v);
      break;
    }
    if (In(Core(w[i]), {"is", "are", "was", "were"}) && i > of + 1) {
      set_of = Join(w, of + 1, i);
      if (i + 1 >= w.size()) return false;
      value = Join(w, i + 1, w.size());
      break;
    }
  }
  if (set_of.empty() || value.empty()) return false;
  // The sentence's full stop ends the rewritten sentence, not the value.
  const std::string stop = TakeFullStop(&value);
  const std::string modifiers = Join(w, 2, of - 1);
  const std::string rewritten = value + " is a " +
                                (modifiers.empty() ? "" : modifiers + " ") +
                                noun + " of " + set_of;
  Note(why, "'" + Join(w, 0, of + 1) + " ...' read as '" + rewritten + "'");
  *s = rewritten + stop;
  return true;
}

// "the Hawks' point guard": a plural name's possessive before a common
// noun, written as the singular's ("the Hawks's point guard") so that one
// reading of possessives serves both. Inside a name ("the Westfield
// Residents' Association") it stays.
bool PluralPossessive(std::string* s, std::string* why) {
  if (s->find("s' ") == std::string::npos) return false;  // most lines
  std::vector<std::string> w = Words(*s);
  bool changed = false;
  for (std::size_t i = 0; i + 1 < w.size(); ++i) {
    if (Cap(w[i]) && w[i].size() > 2 && w[i].ends_with("s'") &&
        Lowercase(w[i + 1])) {
      w[i] += "s";
      changed = true;
    }
  }
  if (!changed) return false;
  Note(why, "plural possessive read as 's");
  *s = Join(w, 0, w.size());
  return true;
}

// Idioms whose words say nothing WordNet can read one by one, as the plain
// phrase they mean. "{poss}" is any possessive determiner. Only phrases
// with one meaning whatever the sentence: "came into the world in" is a
// birth, "made her name as" an occupation.
struct IdiomRule {
  std::string_view idiom;
  std::string_view plain;
};
constexpr IdiomRule kIdioms[] = {
    {"came into the world in", "was born in"},
    {"came into this world in", "was born in"},
    {"saw the light of day in", "was born in"},
    {"drew {poss} first breath in", "was born in"},
    {"breathed {poss} last in", "died in"},
    {"was shot dead in", "died in"},
    {"was murdered in", "died in"},
    {"was assassinated in", "died in"},
    {"made {poss} name as", "worked as"},
    {"made {poss} name with", "is best known for"},
    {"in the hands of", "owned by"},
    {"was by profession", "worked as"},
    {"is by profession", "works as"},
    {"did most of {poss} work in", "worked in"},
    {"did {poss} work in", "worked in"},
    {"is officially spoken in", "is an official language of"},
    {"has official status in", "is an official language of"},
    {"enjoys official status in", "is an official language of"},
    {"is counted as part of", "is part of"},
    {"travels on a passport from", "holds a passport from"},
    {"carries a passport from", "holds a passport from"},
    {"stretches along", "lies along"},
    {"stretch along", "lie along"},
    // Leading and working, said with a noun.
    {"is in charge of", "heads"},
    {"was in charge of", "headed"},
    {"is at the helm of", "heads"},
    {"was at the helm of", "headed"},
    {"took charge of", "took over as head of"},
    {"took the helm of", "took over as head of"},
    {"took the helm at", "took over as head of"},
    {"took a job at", "works at"},
    {"got a job at", "works at"},
    {"landed a job at", "works at"},
};

// Every idiom's written forms ("{poss}" spelt out) with its plain phrase,
// by the form's first word; built once: this runs on every line.
using IdiomIndex =
    std::unordered_map<std::string,
                       std::vector<std::pair<std::string, std::string_view>>>;
const IdiomIndex& IdiomForms() {
  static const auto* index = [] {
    auto* out = new IdiomIndex();
    auto add = [out](std::string form, std::string_view plain) {
      std::string first = form.substr(0, form.find(' '));
      (*out)[first].emplace_back(std::move(form), plain);
    };
    for (const IdiomRule& rule : kIdioms) {
      const std::size_t poss = rule.idiom.find("{poss}");
      if (poss == std::string_view::npos) {
        add(std::string(rule.idiom), rule.plain);
        continue;
      }
      for (std::string_view d :
           {"my", "his", "her", "their", "its", "our", "your"}) {
        add(std::string(rule.idiom.substr(0, poss)) + std::string(d) +
                std::string(rule.idiom.substr(poss + 6)),
            rule.plain);
      }
    }
    return out;
  }();
  return *index;
}

bool Idiom(std::string* s, std::string* why) {
  std::string lower = *s;
  for (char& c : lower) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  const IdiomIndex& index = IdiomForms();
  // At each word's start, only the forms that open with that word.
  for (std::size_t at = 0; at < lower.size();) {
    std::size_t end = lower.find(' ', at);
    if (end == std::string::npos) end = lower.size();
    const auto it = index.find(lower.substr(at, end - at));
    if (it != index.end()) {
      for (const auto& [form, plain] : it->second) {
        const std::size_t stop = at + form.size();
        // Whole words only.
        if (lower.compare(at, form.size(), form) != 0 ||
            (stop < lower.size() &&
             std::isalnum(static_cast<unsigned char>(lower[stop])))) {
          continue;
        }
        Note(why, "idiom '" + s->substr(at, form.size()) + "' read as '" +
                      std::string(plain) + "'");
        s->replace(at, form.size(), plain);
        return true;
      }
    }
    at = end + 1;
  }
  return false;
}

// "The deadline for the project has moved to March 24", "Our daily
// standup moved to 9:15", "The Q3 launch was rescheduled for September 2":
// a thing (no person, animal or organisation, which move house) whose
// value changed, as "S is now V"; the write path keys the change on the
// slot the thing holds for a value of that kind. "was renamed to V" is
// its name.
bool AttributeChange(std::string* s, std::string* why) {
  // Most lines hold none of the verbs: no word split for them.
  bool has_verb = false;
  for (std::string_view stem :
       {"move", "push", "postpone", "reschedul", "chang", "migrat", "upgrad",
        "switch", "shift", "renam", "brought"}) {
    has_verb = has_verb || s->find(stem) != std::string::npos;
  }
  if (!has_verb) return false;
  const std::vector<std::string> w = Words(*s);
  if (w.size() < 4) return false;
  const std::string c0 = Core(w[0]);
  const bool owner_first = Cap(w[0]) && w[0].ends_with("'s");
  if (!In(c0, {"the", "our", "my", "your", "their", "his", "her", "its"}) &&
      !owner_first) {
    return false;
  }
  // The noun phrase: lower-case words (and "for/of" + an owner) up to the
  // verb group.
  std::size_t v = 1;
  while (v < w.size() &&
         !In(Core(w[v]), {"has", "have", "had", "was", "is", "were", "got",
                          "moved", "changed", "switched", "shifted"})) {
    ++v;
  }
  if (v >= w.size() - 1 || v < 2) return false;
  // The head noun: the last lower-case word before "for"/"of" or the verb.
  // An attribute of an owner only ("the deadline for X", "our standup",
  // "Atlas's deadline"); a thing itself ("the weekly sync") keeps its verb.
  std::size_t head = v - 1;
  bool owned = owner_first || c0 != "the";
  for (std::size_t i = 1; i < v; ++i) {
    if (In(Core(w[i]), {"for", "of"})) {
      head = i - 1;
      owned = true;
      break;
    }
  }
  if (!owned) return false;
  if (!Lowercase(w[head]) || RoleNoun(Core(w[head])) ||
      Reaches(WordForms::Get().Lemma(Core(w[head]), Pos::kNoun), {"organism"},
              false)) {
    return false;
  }
  std::size_t i = v;
  if (In(Core(w[i]), {"has", "have", "had"})) ++i;
  if (i < w.size() && In(Core(w[i]), {"been", "was", "is", "were", "got"})) {
    ++i;
  }
  if (i >= w.size()) return false;
  const std::string verb = WordForms::Get().Lemma(Core(w[i]), Pos::kVerb);
  if (!In(verb, {"move", "push", "postpone", "reschedule", "change", "migrate",
                 "upgrade", "switch", "shift", "rename", "bring"})) {
    return false;
  }
  ++i;
  while (i < w.size() && In(Core(w[i]), {"back", "forward", "up", "over"})) {
    ++i;
  }
  if (i + 1 >= w.size() || !In(Core(w[i]), {"to", "for", "until"})) {
    return false;
  }
  std::string np = Join(w, 0, v);
  std::string value = Join(w, i + 1, w.size());
  std::string stop = TakeFullStop(&value);
  const std::string rewritten = verb == "rename"
                                    ? np + "'s name is now " + value + stop
                                    : np + " is now " + value + stop;
  Note(why, "change of '" + np + "' read as '" + rewritten + "'");
  *s = rewritten;
  return true;
}

// "Slovenia is home to Lake Bled": S is where V is, so "V is in S" (not
// that S lives anywhere).
bool HomeTo(std::string* s, std::string* why) {
  const std::vector<std::string> w = Words(*s);
  // One clause, and a name for V ("is home to many castles" states no
  // place of anything named).
  for (const std::string& word : w) {
    if (word.ends_with(",")) return false;
  }
  for (std::size_t i = 1; i + 3 < w.size(); ++i) {
    if (!In(Core(w[i]), {"is", "was", "are", "were"}) ||
        Core(w[i + 1]) != "home" || w[i + 2] != "to") {
      continue;
    }
    const std::size_t v = i + 3 + (Core(w[i + 3]) == "the" ? 1 : 0);
    if (v >= w.size() || !Cap(w[v])) return false;
    std::string value = Join(w, i + 3, w.size());
    const std::string stop = TakeFullStop(&value);
    const std::string rewritten = value + " is in " + Join(w, 0, i) + stop;
    Note(why, "'" + Join(w, 0, i + 3) + "' read as '" + rewritten + "'");
    *s = rewritten;
    return true;
  }
  return false;
}

// "Brooklyn is one of New York City's five boroughs", "Romansh is one of
// the official languages of Switzerland": a member of a set is one of its
// kind, so "S is a borough of New York City", "S is an official language of
// Switzerland". A count ("five", "24") says how many, not what S is.
bool OneOf(std::string* s, std::string* why) {
  const std::vector<std::string> w = Words(*s);
  for (std::size_t i = 1; i + 4 < w.size(); ++i) {
    if (!In(Core(w[i]), {"is", "was", "remains"}) || Core(w[i + 1]) != "one" ||
        w[i + 2] != "of") {
      continue;
    }
    // The owner: "X's" (a capitalised run ending in 's) or "the ... of X".
    std::size_t k = i + 3;
    std::string owner;
    const bool the = Core(w[k]) == "the";
    if (the) {
      ++k;
    } else {
      std::size_t e = k;
      while (e < w.size() && Cap(w[e]) && !w[e].ends_with("'s")) ++e;
      if (e >= w.size() || !Cap(w[e]) || !w[e].ends_with("'s")) return false;
      owner = Join(w, k, e + 1);
      owner.resize(owner.size() - 2);
      k = e + 1;
    }
    // Counts, then lower-case modifiers, then the plural noun.
    while (k < w.size() &&
           (Digit(w[k]) ||
            In(Core(w[k]), {"two", "three", "four", "five", "six", "seven",
                            "eight", "nine", "ten", "eleven", "twelve",
                            "twenty", "many", "several", "few", "dozen"}))) {
      ++k;
    }
    const std::size_t mods = k;
    std::size_t plural = w.size();
    for (; k < w.size() && k < mods + 4 && Lowercase(w[k]); ++k) {
      const std::string c = Core(w[k]);
      const std::string lemma = WordForms::Get().Lemma(c, Pos::kNoun);
      if (!lemma.empty() && lemma != c) {
        plural = k;
        break;
      }
    }
    if (plural == w.size()) return false;
    std::size_t rest = plural + 1;
    if (the) {
      // "the Ns of X" / "the Ns in X": the owner follows.
      if (rest + 1 >= w.size() || !In(w[rest], {"of", "in"}) ||
          !Cap(w[rest + 1]) || w[plural].ends_with(",")) {
        return false;
      }
      std::size_t e = rest + 1;
      while (e < w.size() && Cap(w[e]) && !w[e].ends_with(",")) ++e;
      if (e < w.size() && Cap(w[e])) ++e;  // the name's last word, with a comma
      owner = Join(w, rest + 1, e);
      rest = e;
    }
    std::string tail = Join(w, rest, w.size());
    std::string last = Core(w[plural]);
    std::string noun = Join(w, mods, plural);
    noun +=
        (noun.empty() ? "" : " ") + WordForms::Get().Lemma(last, Pos::kNoun);
    std::string stop;
    if (tail.empty()) {
      stop = TakeFullStop(&owner);
      if (w[plural].ends_with(".")) stop = ".";
    }
    if (!owner.empty() && owner.back() == ',') {
      owner.pop_back();
      tail = ", " + tail;
    } else if (!tail.empty()) {
      tail = " " + tail;
    }
    const std::string article = Indefinite(noun);
    const std::string rewritten = Join(w, 0, i) + " " + Core(w[i]) + " " +
                                  article + noun + " of " + owner + tail + stop;
    Note(why, "'" + Join(w, i + 1, plural + 1) + "' read as '" + article +
                  noun + "'");
    *s = rewritten;
    return true;
  }
  return false;
}

// "Orbis Freight named Daniel Cho as its new CEO, replacing Marta Silva",
// "S was sworn in last week, becoming head of state at 44": a trailing
// participle clause says what came with the statement, not what it is.
bool TrailingParticiple(std::string* s, std::string* why) {
  const std::size_t comma = s->rfind(", ");
  if (comma == std::string::npos) return false;
  const std::vector<std::string> rest = Words(s->substr(comma + 2));
  if (rest.size() < 2 || !Lowercase(rest[0])) return false;
  const std::string c = Core(rest[0]);
  if (!c.ends_with("ing") || !InflectedVerb(c)) return false;
  // "I enjoy hiking, running and swimming": a list of gerunds.
  const std::vector<std::string> head = Words(s->substr(0, comma));
  if (head.empty() || Core(head.back()).ends_with("ing")) return false;
  // The main clause keeps a verb of its own.
  if (!HasVerb(head)) return false;
  Note(why, "participle clause '" + s->substr(comma + 2) + "' dropped");
  std::string stop = s->substr(comma + 2);
  *s = s->substr(0, comma) + TakeFullStop(&stop);
  return true;
}

std::string MainClause(std::string_view sentence, std::string* why,
                       std::vector<std::string>* side) {
  std::string s(sentence);
  // Nothing to cut ("." trims to nothing; found by the parser fuzzer: the
  // readings below index a sentence's first word).
  if (Words(s).empty()) return s;
  QuestionAnswer(&s, why);
  PluralPossessive(&s, why);
  Idiom(&s, why);
  if (!SoldTo(&s, why)) Handover(&s, why);
  // Before the lead-ins: "Among the works of S, V stands out" would read as
  // a fronted adjunct.
  bool among = Among(&s, why);
  TrailingTag(&s, why);
  for (int round = 0; round < 4; ++round) {
    if (!ColonLeadIn(&s, why) && !DashLeadIn(&s, why) &&
        !CommaLeadIn(&s, why, side) && !ReportedClause(&s, why)) {
      break;
    }
  }
  if (!among && !Cleft(&s, why) && !PlaceCleft(&s, why)) Among(&s, why);
  HomeTo(&s, why);
  OneOf(&s, why);
  TrailingParticiple(&s, why);
  Interruption(&s, why, side);
  TitleCasedRole(&s, why);
  if (!RoleBeforeName(&s, why, side) && !NamedRoleBeforeName(&s, why, side)) {
    PossessiveRoleBeforeName(&s, why, side);
  }
  if (!ClassRelative(&s, why, side)) TrailingRelative(&s, why, side);
  if (!CoordinatedClauses(&s, why, side)) CoordinatedVerbs(&s, why, side);
  if (!RoleChange(&s, why)) AttributeChange(&s, why);
  return s;
}

namespace {

// Whether a lower-case word's first noun sense is a common noun (WordNet
// writes it in lower case, unlike "Hokusai" or "Beatles") filed under one
// of `files`.
bool CommonNounOf(const std::string& word, std::initializer_list<int> files) {
  const WordForms& wf = WordForms::Get();
  const std::string lemma = wf.Lemma(word, Pos::kNoun);
  if (lemma.empty()) return false;
  const std::vector<std::uint32_t> senses = wf.Senses(lemma, Pos::kNoun);
  if (senses.empty()) return false;
  const int file = wf.LexFile(senses.front(), Pos::kNoun);
  if (std::find(files.begin(), files.end(), file) == files.end()) return false;
  for (const std::string& written :
       wf.SynsetLemmas(senses.front(), Pos::kNoun, true)) {
    if (Core(written) == lemma) return written == lemma;
  }
  return false;
}

// "The Pilgrim's Progress", "A Rake's Progress", "People's Republic of
// China", "Colt's Manufacturing Company": the possessive is inside one
// name, not between an owner's and a name's. An article before a
// singular possessive, a common noun of people as the whole owner, or a
// name whose head is a group's noun (company, republic, church) says so.
// "Haruki Murakami's" -> "Haruki Murakami", "The Beatles'" -> "The
// Beatles".
std::string WithoutPossessive(std::string_view owner) {
  owner.remove_suffix(owner.ends_with("'s") ? 2 : 1);
  return std::string(owner);
}

constexpr int kNounGroup = 14;
constexpr int kNounPerson = 18;
bool PossessiveInsideName(const std::vector<std::string>& owner,
                          const std::vector<std::string>& name) {
  const std::string first = Core(owner.front());
  if (In(first, {"a", "an"})) return true;
  if (first == "the" && owner.back().ends_with("'s")) return true;
  if (owner.size() == 1 && CommonNounOf(Core(WithoutPossessive(owner.front())),
                                        {kNounGroup, kNounPerson})) {
    return true;
  }
  // The head: the last word before "of"/"for" ("Republic of China").
  std::string head;
  for (const std::string& w : name) {
    const std::string c = Core(w);
    if (In(c, {"of", "for"})) break;
    head = c;
  }
  return !head.empty() && CommonNounOf(head, {kNounGroup});
}

}  // namespace

bool PossessiveName(std::string_view sentence, std::string* owner,
                    std::string* name, std::string* rest) {
  const std::vector<std::string> w = Words(sentence);
  auto possessive = [](std::string_view t) {
    return t.ends_with("'s") || t.ends_with("s'");
  };
  // The owner: up to five capitalised words, the last a possessive
  // ("The Beatles'", "Gabriel García Márquez's").
  std::size_t o = 0;
  while (o < w.size() && o < 5 && Cap(w[o]) && !possessive(w[o]) &&
         w[o].find(',') == std::string::npos) {
    ++o;
  }
  if (o >= w.size() || !Cap(w[o]) || !possessive(w[o])) return false;
  if (IsPronoun(Core(w[0]))) return false;
  // The name: capitalised words; a lower-case function word inside it
  // when a capitalised word follows ("Kind of Blue", "Girl with a Pearl
  // Earring"). A comma ends it (an apposition follows).
  std::size_t k = o + 1;
  bool comma = false;
  while (k < w.size() && k < o + 10) {
    const std::string c = Core(w[k]);
    if (Cap(w[k]) || Digit(w[k])) {
      if (w[k].find('\'') != std::string::npos) return false;
      ++k;
      if (w[k - 1].ends_with(",")) {
        comma = true;
        break;
      }
      continue;
    }
    std::size_t f = k;
    while (f < w.size() && f < k + 2 &&
           In(Core(w[f]), {"of", "the", "a", "an", "in", "with", "on", "and",
                           "to", "for", "at", "from"})) {
      ++f;
    }
    if (f == k || f >= w.size() || !Cap(w[f])) break;
    k = f;
  }
  if (k == o + 1 || k >= w.size()) return false;
  // Then a verb group, perhaps after an adverb ("widely cited").
  if (!comma) {
    std::size_t v = k;
    if (v + 1 < w.size() && Lowercase(w[v]) && !VerbStart(w[v]) &&
        WordForms::Get().Is(Core(w[v]), Pos::kAdv)) {
      ++v;
    }
    if (!VerbStart(w[v])) return false;
  }
  if (PossessiveInsideName({w.begin(), w.begin() + o + 1},
                           {w.begin() + o + 1, w.begin() + k})) {
    return false;
  }
  *owner = WithoutPossessive(Join(w, 0, o + 1));
  *name = Join(w, o + 1, k);
  if (comma) name->pop_back();
  *rest = Join(w, o + 1, w.size());
  return true;
}

std::string NameWithoutAdjunct(std::string_view name) {
  std::vector<std::string> w = Words(name);
  if (w.size() < 3 || !Cap(w[0])) return std::string(name);
  for (std::size_t i = 1; i + 1 < w.size(); ++i) {
    const std::string c = Core(w[i]);
    if (!Lowercase(w[i]) || c == "of" || c == "and" ||
        !(IsPrep(c) || In(c, {"until", "till", "upon"}))) {
      continue;
    }
    // "Girl with a Pearl Earring", "Minister for Foreign Affairs": a
    // capitalised word after the preposition (and its article) continues
    // the name; a lower-case one opens an adjunct ("on the death of his
    // mother", "at just 37", "until his death").
    std::size_t j = i + 1;
    if (In(Core(w[j]), {"the", "a", "an"}) && j + 1 < w.size()) ++j;
    if (!Lowercase(w[j]) && !Digit(w[j])) continue;
    w.resize(i);
    std::string out = Join(w, 0, w.size());
    while (!out.empty() && (out.back() == ',' || out.back() == ';')) {
      out.pop_back();
    }
    return out;
  }
  return std::string(name);
}

bool ReducedRelative(std::string_view sentence, std::string* head,
                     std::string* side) {
  const std::vector<std::string> w = Words(sentence);
  // The subject: a name of up to six words before "is"/"was".
  std::size_t cop = 0;
  while (cop < w.size() && cop < 7 && !In(Core(w[cop]), {"is", "was"})) {
    if (w[cop].find(',') != std::string::npos) return false;
    ++cop;
  }
  if (cop == 0 || cop >= w.size() || cop == 7 || !Cap(w[0])) return false;
  const std::size_t art = cop + 1;
  if (art >= w.size() || !In(Core(w[art]), {"a", "an", "the"})) return false;
  const WordForms& wf = WordForms::Get();
  for (std::size_t j = art + 2; j + 1 < w.size() && j < art + 7; ++j) {
    if (w[j - 1].find_first_of(",;") != std::string::npos) return false;
    const std::string c = Core(w[j]);
    // "the company that Elon Musk created": a clause of its own.
    if (In(c, {"that", "which", "who", "whom", "whose", "where"})) {
      return false;
    }
    if (!Lowercase(w[j]) || !Participle(c)) continue;
    // "a widely used language": an adverb before the participle makes it
    // a modifier of the noun that follows, not a clause after one.
    const std::string before = Core(w[j - 1]);
    if (!Lowercase(w[j - 1]) || !wf.Is(before, Pos::kNoun) ||
        before.ends_with("ly")) {
      return false;
    }
    const std::string next = Core(w[j + 1]);
    if (!Lowercase(w[j + 1]) ||
        !(IsPrep(next) || next == "as" || wf.Is(next, Pos::kAdv))) {
      return false;
    }
    *head = Join(w, 0, j);
    while (!head->empty() &&
           std::ispunct(static_cast<unsigned char>(head->back()))) {
      head->pop_back();
    }
    *head += ".";
    *side = Join(w, 0, cop) + " was " + Join(w, j, w.size());
    return true;
  }
  return false;
}

bool WhileAdjunct(std::string_view sentence, std::string* predicate) {
  const std::vector<std::string> w = Words(sentence);
  const WordForms& wf = WordForms::Get();
  for (std::size_t i = 2; i + 2 < w.size(); ++i) {
    if (Core(w[i]) != "while") continue;
    const std::string c = Core(w[i + 1]);
    const bool gerund = c.ends_with("ing") && !wf.Lemma(c, Pos::kVerb).empty();
    if (!gerund && !Participle(c) && !In(c, {"a", "an"})) return false;
    std::size_t end = i + 1;
    bool named = false;
    while (end < w.size()) {
      named = named || Cap(w[end]);
      if (w[end++].find_first_of(",;") != std::string::npos) break;
    }
    if (!named) return false;
    *predicate = "was " + Join(w, i + 1, end);
    while (!predicate->empty() &&
           std::ispunct(static_cast<unsigned char>(predicate->back()))) {
      predicate->pop_back();
    }
    *predicate += ".";
    return true;
  }
  return false;
}

bool HedgedClass(std::string_view sentence, std::string* plain) {
  const std::vector<std::string> w = Words(sentence);
  // The subject: a name of up to six words before the copula.
  std::size_t cop = 0;
  while (cop < w.size() && cop < 7 &&
         !In(Core(w[cop]), {"is", "was", "are", "were"})) {
    if (w[cop].find_first_of(",;") != std::string::npos) return false;
    ++cop;
  }
  if (cop == 0 || cop >= w.size() || cop == 7 || !Cap(w[0])) return false;
  std::size_t j = cop + 1;
  bool hedged = false, plural = false;
  for (int hedges = 0; hedges < 4 && j < w.size(); ++hedges) {
    const std::string c = Core(w[j]);
    if (!Lowercase(w[j]) || w[j].find(',') != std::string::npos) break;
    if (c.ends_with("ly") || In(c, {"often", "still", "now"})) {
      ++j;
    } else if (In(c, {"called", "cited", "considered", "regarded", "described",
                      "hailed", "known", "seen", "ranked"})) {
      ++j;
      if (j < w.size() && Core(w[j]) == "as") ++j;
    } else if (c == "one" && j + 1 < w.size() && Core(w[j + 1]) == "of") {
      j += 2;
      plural = true;
    } else {
      break;
    }
    hedged = true;
  }
  if (j >= w.size()) return false;
  const std::string art = Core(w[j]);
  if (!(art == "the" || (hedged && !plural && In(art, {"a", "an"})))) {
    return false;
  }
  // The class: lower-case words up to a comma, a preposition, a relative
  // pronoun or the line's end ("most" says how much, not what).
  std::vector<std::string> kind;
  std::size_t k = j + 1;
  for (; k < w.size() && kind.size() < 6; ++k) {
    const std::string c = Core(w[k]);
    if (!Lowercase(w[k]) || IsPrep(c) ||
        In(c, {"of", "that", "which", "who", "where", "ever", "yet", "and",
               "or"})) {
      break;
    }
    // "most influential": a graded adjective says how much, not what.
    if (In(c, {"most", "more", "very"})) {
      if (k + 1 < w.size() && Lowercase(w[k + 1]) &&
          WordForms::Get().Is(Core(w[k + 1]), Pos::kAdj)) {
        ++k;
      }
      continue;
    }
    kind.push_back(c);
    if (w[k].find_first_of(",;") != std::string::npos) {
      ++k;
      break;
    }
  }
  if (kind.empty()) return false;
  const WordForms& wf = WordForms::Get();
  const std::string noun = wf.Lemma(kind.back(), Pos::kNoun);
  if (noun.empty()) return false;
  if (plural) kind.back() = noun;
  // What follows: a superlative's frame ("ever", "of all time", "in
  // history") is dropped; anything else stays after a hedged class and
  // rules out an unhedged one ("the capital of France").
  std::size_t rest = k;
  bool frame = false;
  for (std::string_view tail :
       {"ever", "of all time", "in history", "to date", "yet"}) {
    const std::vector<std::string> t = Words(tail);
    if (rest + t.size() > w.size()) continue;
    bool match = true;
    for (std::size_t i = 0; i < t.size(); ++i) {
      match = match && Core(w[rest + i]) == t[i];
    }
    if (match) {
      rest += t.size();
      frame = true;
      break;
    }
  }
  if (!hedged && !frame) return false;
  if (!hedged && rest < w.size()) return false;
  std::string phrase = JoinWords(kind, 0, kind.size());
  *plain = Join(w, 0, cop) + " " + (Core(w[cop]) == "was" ? "was" : "is") +
           (std::string_view("aeiou").find(phrase[0]) != std::string_view::npos
                ? " an "
                : " a ") +
           phrase;
  if (rest < w.size()) *plain += " " + Join(w, rest, w.size());
  while (!plain->empty() &&
         std::ispunct(static_cast<unsigned char>(plain->back()))) {
    plain->pop_back();
  }
  *plain += ".";
  return true;
}

// "the physicist Marie Curie", "northern Cambodia", "downtown San
// Antonio": lower-case modifiers before a name. The name is the value when
// the last modifier is a person, group or organisation noun (what the name
// names) or when WordNet knows the name as a place (the modifiers then say
// which part of it). "dark mode", "French house" and "point guard" have no
// lower-case words before a capitalised name and stay whole.
std::string DropModifiersBeforeName(const std::string& value,
                                    std::string* why) {
  const std::vector<std::string> w = Words(value);
  const WordForms& wf = WordForms::Get();
  // "Prime Minister Narendra Modi", "King Felipe VI": a capitalised title
  // of office before a name of at least two words ("General Motors" and
  // "Saint Helena" are names; a general is no office holder).
  for (std::size_t t : {2, 1}) {
    if (w.size() < t + 2) continue;
    std::string title;
    bool caps = true;
    for (std::size_t i = 0; i < t; ++i) {
      caps = caps && Cap(w[i]) && !w[i].ends_with(",");
      if (i > 0) title += ' ';
      title += Core(w[i]);
    }
    if (!caps || !Cap(w[t]) || !Cap(w[w.size() - 1])) continue;
    const std::string lemma = wf.Lemma(title, Pos::kNoun);
    if (lemma.empty() ||
        !Reaches(lemma, {"head of state", "sovereign", "civil authority"},
                 false)) {
      continue;
    }
    // "Queen Elizabeth Hospital", "King Edward Hotel": a name ending in a
    // place or institution noun is named after the title holder.
    const std::string head = wf.Lemma(Core(w.back()), Pos::kNoun);
    if (!head.empty() &&
        Reaches(head,
                {"structure", "institution", "organization", "facility",
                 "location", "land", "body of water", "establishment"},
                false)) {
      return value;
    }
    Note(why, "title '" + Join(w, 0, t) + "' before the name '" +
                  Join(w, t, w.size()) + "' dropped");
    return Join(w, t, w.size());
  }
  std::size_t j = 0;
  bool content = false;
  // "Miles Davis's album Kind of Blue", "British rock band Queen", "the TV
  // show The Wire": an owner's name, a capitalised adjective or an acronym
  // before the lower-case modifiers are modifiers too.
  std::size_t lead = 0;
  if (!w.empty() && In(Core(w[0]), {"the", "a", "an"})) lead = 1;
  std::size_t owner = lead;
  while (owner < w.size() && owner < lead + 4 && Cap(w[owner]) &&
         !w[owner].ends_with("'s") && !w[owner].ends_with("s'")) {
    ++owner;
  }
  if (owner < w.size() && owner + 1 < w.size() && Cap(w[owner]) &&
      (w[owner].ends_with("'s") || w[owner].ends_with("s'")) &&
      Lowercase(w[owner + 1])) {
    j = owner + 1;
  } else if (lead < w.size() && lead + 1 < w.size() && Cap(w[lead]) &&
             Lowercase(w[lead + 1]) && !In(Core(w[lead + 1]), {"of", "and"}) &&
             !IsNameParticle(Core(w[lead + 1])) &&
             (wf.Is(Core(w[lead]), Pos::kAdj) || Core(w[lead]).size() <= 3)) {
    j = lead + 1;
  }
  while (j < w.size() && Lowercase(w[j]) && !w[j].ends_with(",")) {
    const std::string c = Core(w[j]);
    const bool modifier =
        IsPossDet(c) || In(c, {"the", "a", "an"}) ||
        (!IsPrep(c) && !IsConnective(c) && !IsAuxOrCopula(c) && !IsPronoun(c) &&
         (wf.Is(c, Pos::kNoun) || wf.Is(c, Pos::kAdj)));
    if (!modifier) return value;
    content = content || !(IsPossDet(c) || In(c, {"the", "a", "an"}));
    ++j;
  }
  if (!content || j >= w.size() || j > 4) return value;
  for (std::size_t k = j; k < w.size(); ++k) {
    const std::string c = Core(w[k]);
    if (Cap(w[k]) || Digit(w[k])) continue;
    if (k > j &&
        (In(c, {"of", "the", "and", "ob", "upon"}) || IsNameParticle(c))) {
      continue;
    }
    return value;
  }
  const std::vector<std::string> name(w.begin() + j, w.end());
  // "fluent Spanish", "devout Catholicism": adjectives only, before a
  // one-word name WordNet knows as a noun (a language, a faith).
  bool adjectives = true;
  for (std::size_t k = 0; k < j && adjectives; ++k) {
    const std::string c = Core(w[k]);
    adjectives = wf.Is(c, Pos::kAdj) && !wf.Is(c, Pos::kNoun);
  }
  const bool known_name =
      adjectives && name.size() == 1 && wf.Is(Core(name[0]), Pos::kNoun);
  // A kind of work before a title ("the novel Frankenstein", "the TV show
  // The Wire") names it as a person noun names a person.
  const std::string last = WordForms::Get().Lemma(Core(w[j - 1]), Pos::kNoun);
  const bool work_kind =
      !last.empty() &&
      Reaches(last,
              {"creation", "publication", "show", "musical composition",
               "sound recording", "work"},
              false);
  if (!RoleNoun(Core(w[j - 1])) && !Place(name) && !known_name && !work_kind) {
    return value;
  }
  Note(why, "'" + Join(w, 0, j) + "' before the name '" + Join(w, j, w.size()) +
                "' dropped");
  return Join(w, j, w.size());
}

bool PlaceKindNoun(std::string_view noun) {
  const std::string lemma = WordForms::Get().Lemma(Core(noun), Pos::kNoun);
  return !lemma.empty() &&
         Reaches(lemma,
                 {"geographical area", "settlement", "administrative district",
                  "region", "municipality"},
                 false);
}

bool PersonNoun(std::string_view noun) {
  const std::string lemma = WordForms::Get().Lemma(Core(noun), Pos::kNoun);
  return !lemma.empty() && Reaches(lemma, {"person"}, false);
}

bool AthleteNoun(std::string_view noun) {
  const std::string lemma = WordForms::Get().Lemma(Core(noun), Pos::kNoun);
  return !lemma.empty() &&
         Reaches(lemma, {"athlete", "player", "contestant"}, false);
}

std::string WordCore(std::string_view w) { return Core(w); }

bool PlacePartNoun(std::string_view w) {
  return In(w, {"middle",    "heart",     "centre",    "center",    "edge",
                "outskirts", "north",     "south",     "east",      "west",
                "northeast", "northwest", "southeast", "southwest", "corner",
                "part",      "tip",       "coast",     "border",    "interior",
                "periphery", "fringe",    "fringes",   "side",      "end"});
}

std::string NameAfterPlaceKind(std::string_view phrase, bool parts) {
  const std::vector<std::string> w = Words(phrase);
  std::size_t of = 0;
  while (of < w.size() && w[of] != "of") ++of;
  if (of == 0 || of + 1 >= w.size() || of > 4) return "";
  const std::string& kind = w[of - 1];
  if (!Lowercase(kind) || !Cap(w[of + 1])) return "";
  // Before the kind only an article and modifiers ("the Italian region",
  // "the island state"); "the capital city of" is a relation, not a kind.
  for (std::size_t i = 0; i + 1 < of; ++i) {
    if (Core(w[i]) == "of" || Core(w[i]) == "'s") return "";
  }
  if (parts && PlacePartNoun(Core(kind))) {
    std::string name = NameAfterPlaceKind(JoinWords(w, of + 1, w.size()));
    return name.empty() ? JoinWords(w, of + 1, w.size()) : name;
  }
  const WordForms& wf = WordForms::Get();
  const std::string lemma = wf.Lemma(Core(kind), Pos::kNoun);
  if (lemma.empty() || !PlaceKindNoun(lemma) ||
      Reaches(lemma,
              {"body of water", "land", "natural elevation",
               "geological formation", "point"},
              false)) {
    return "";
  }
  std::string whole;
  for (std::size_t i = of - 1; i < w.size(); ++i) {
    if (!whole.empty()) whole += ' ';
    whole += Core(w[i]);
  }
  if (!wf.Senses(whole, Pos::kNoun).empty()) return "";
  return JoinWords(w, of + 1, w.size());
}

bool KnownCountryOrState(std::string_view name) {
  const std::string lemma = NameLemma(Words(name));
  return !lemma.empty() && Reaches(lemma, {"country", "state"}, true);
}

std::string TrimValue(std::string_view value, bool adjuncts, std::string* why) {
  std::vector<std::string> w = Words(value);
  std::size_t cut = w.size();
  bool adjunct = false;
  for (std::size_t i = 1; i < w.size() && cut == w.size(); ++i) {
    const std::string c = Core(w[i]);
    const std::string next = i + 1 < w.size() ? Core(w[i + 1]) : "";
    const bool lower = Lowercase(w[i]);
    // "and first published in 1988": an adverb before the verb.
    const std::string after_adverb =
        i + 2 < w.size() && WordForms::Get().Is(next, Pos::kAdv)
            ? Core(w[i + 2])
            : "";
    const bool coordinated_clause =
        In(c, {"and", "or"}) && lower && !next.empty() &&
        (IsPronoun(next) || IsAuxOrCopula(next) ||
         (!after_adverb.empty() && Lowercase(w[i + 2]) &&
          InflectedVerb(after_adverb) &&
          !WordForms::Get().Is(after_adverb, Pos::kNoun)) ||
         // "Brazil and no other nationality", "Lyon and not Paris".
         In(next, {"no", "not", "never"}) ||
         (Lowercase(w[i + 1]) && InflectedVerb(next) &&
          (!WordForms::Get().Is(next, Pos::kNoun) ||
           (i + 2 < w.size() && (Digit(w[i + 2]) || Cap(w[i + 2]) ||
                                 In(Core(w[i + 2]), {"the", "a", "an"}) ||
                                 IsPossDet(Core(w[i + 2])))))));
    if (w[i - 1].ends_with(",")) {
      // A capitalised word or a number completes the name ("Springfield,
      // Illinois", "June 5, 1990"); a clause starts otherwise.
      const WordForms& wf = WordForms::Get();
      // An apposition ("Astana, its seat of power", "Leeds, a city in
      // Yorkshire") describes the name; it is not part of it.
      // After a name any lower-case word starts a description ("Suwon,
      // south of Seoul"): a list of names goes on with names.
      if (c == "i" || c.starts_with("i'") || IsPronoun(c) ||
          (lower && Cap(w[0])) ||
          (lower && (IsPossDet(c) || In(c, {"the", "a", "an"}))) ||
          (lower &&
           (IsConnective(c) || IsAuxOrCopula(c) || coordinated_clause ||
            (wf.Is(c, Pos::kAdv) && !wf.Is(c, Pos::kNoun)) ||
            InflectedVerb(c) || wf.Is(c, Pos::kVerb)))) {
        cut = i;
      }
      continue;
    }
    // A dash between spaces opens an aside ("Marcus Reid — don't call him
    // Mark"); a hyphen does not ("Montana State University - Bozeman").
    // "of his life" after a name is what is left of an adjunct ("in
    // Giverny for the last decades of his life"); no name goes on so.
    if ((lower && IsConnective(c)) || coordinated_clause ||
        In(w[i], {"—", "–", "--"}) ||
        (c == "of" && lower && Cap(w[0]) && Cap(w[i - 1]) && IsPossDet(next))) {
      cut = i;
    }
  }
  if (adjuncts && !w.empty() && Cap(w[0])) {
    for (std::size_t i = 1; i < cut; ++i) {
      const std::string c = Core(w[i]);
      // "Amazon out of his garage": "out of" is one preposition.
      const bool out_of =
          c == "out" && i + 1 < cut && Core(w[i + 1]) == "of" && i + 2 < cut;
      if (!Lowercase(w[i]) || !(IsPrep(c) || out_of) ||
          w[i - 1].ends_with(",")) {
        continue;
      }
      // "created Spider-Man with Steve Ditko": "with" and a name of two
      // or more words (no article: "Gone with the Wind") is a partner.
      if (c == "with" && i + 2 < cut && Cap(w[i + 1]) && Cap(w[i + 2]) &&
          !In(Core(w[i + 1]), {"the", "a", "an"})) {
        Note(why, "partner '" + Join(w, i, cut) + "' after the value dropped");
        adjunct = true;
        cut = i;
        break;
      }
      std::vector<std::string> rest(w.begin() + i + 1 + (out_of ? 1 : 0),
                                    w.begin() + cut);
      if (rest.empty()) break;
      bool lower_content = false;
      for (const std::string& r : rest) {
        const std::string rc = Core(r);
        if (Lowercase(r) &&
            !In(rc, {"the", "a",  "an",  "of",  "and",  "or",  "de",
                     "la",  "le", "les", "el",  "von",  "van", "der",
                     "den", "du", "da",  "di",  "del",  "y",   "to",
                     "in",  "on", "at",  "for", "with", "by",  "&"})) {
          lower_content = true;
        }
      }
      if (lower_content || (In(c, {"in", "at", "near"}) && Place(rest))) {
        Note(why, "adjunct '" + Join(w, i, cut) + "' after the value dropped");
        adjunct = true;
        cut = i;
        break;
      }
    }
  }
  // "striker for Chelsea", "baseball for the Dodgers": a class value (lower
  // case) ends before "for" + a name, the team or firm it is done for, and
  // before a time adjunct ("during the war"); "of" stays ("professor of
  // law"), and so does a place's scope ("dark mode in all apps").
  if (adjuncts && !w.empty() && Lowercase(w[0])) {
    for (std::size_t i = 1; i + 1 < cut; ++i) {
      if (w[i - 1].ends_with(",")) continue;
      const bool name = Cap(w[i + 1]) || (Core(w[i + 1]) == "the" &&
                                          i + 2 < cut && Cap(w[i + 2]));
      const bool where_or_when = In(
          w[i], {"during", "since", "until", "after", "before", "throughout"});
      // "in Basel" may be the place a place relation asks for ("a village
      // in Kent"); the parser decides that once the relation is known.
      // "a nurse at the county hospital", "goalkeeper at Bayern Munich":
      // after a person noun, where the role is held is not the role.
      const bool workplace =
          In(w[i], {"at", "for", "with"}) && PersonNoun(Core(w[i - 1]));
      // "golf at the age of two", "badminton at national level": "at" and
      // no name says when or how well, not what.
      const bool at_how = w[i] == "at" && !name && !Digit(w[i + 1]);
      if (!(w[i] == "for" && name) && !(where_or_when && !name) && !workplace &&
          !at_how) {
        continue;
      }
      Note(why, "adjunct '" + Join(w, i, cut) + "' after the value dropped");
      adjunct = true;
      cut = i;
      break;
    }
  }
  // "took up golf professionally", "joined Acme briefly": a manner adverb
  // after the value is the verb's, not part of the value.
  if (adjuncts && cut >= 2 && cut == w.size()) {
    const std::string last = Core(w[cut - 1]);
    const WordForms& wf = WordForms::Get();
    // "died in Naples too", "moved to Oslo instead": a focus or contrast
    // adverb says how this fact relates to another, not what it is.
    const bool focus = In(last, {"too", "also", "again", "instead"});
    if (Lowercase(w[cut - 1]) &&
        (focus ||
         (last.size() > 4 && last.ends_with("ly") && wf.Is(last, Pos::kAdv) &&
          !wf.Is(last, Pos::kNoun) && !wf.Is(last, Pos::kAdj)))) {
      Note(why, "adverb '" + w[cut - 1] + "' after the value dropped");
      adjunct = true;
      --cut;
    }
  }
  if (cut == w.size()) {
    return adjuncts ? DropModifiersBeforeName(std::string(value), why)
                    : std::string(value);
  }
  if (!adjunct) {
    Note(why,
         "clause '" + Join(w, cut, w.size()) + "' after the value dropped");
  }
  std::string out = Join(w, 0, cut);
  while (!out.empty() && (out.back() == ',' || out.back() == ';' ||
                          out.back() == ' ' || out.back() == ':')) {
    out.pop_back();
  }
  if (out.empty()) return std::string(value);
  return adjuncts ? DropModifiersBeforeName(out, why) : out;
}

bool SplitObjectReading(std::string_view phrase, std::string_view value,
                        std::string* relation, std::string* object) {
  const std::vector<std::string> w = Words(value);
  if (w.size() < 3 || !Lowercase(w[0])) return false;
  for (std::size_t i = 1; i + 1 < w.size() && i < 5; ++i) {
    const std::string c = Core(w[i]);
    if (!Lowercase(w[i])) return false;
    if (!IsPrep(c)) continue;
    std::size_t k = i + 1;
    if (In(Core(w[k]), {"the", "a", "an"}) && k + 1 < w.size()) ++k;
    if (!Cap(w[k])) return false;
    *relation = std::string(phrase) + " " + c;
    *object = TrimValue(Join(w, i + 1, w.size()), true, nullptr);
    return true;
  }
  return false;
}

}  // namespace factline::internal
