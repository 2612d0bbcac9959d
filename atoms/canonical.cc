// Relation canonicalisation (atoms/internal/canonical.h). It lives in atoms,
// not resolver, because the parser must key each fact as it reads it (every
// writer, the benchmarks and `factline parse` go through Parser) and it
// needs nothing but the lexicon and WordNet.
#include "atoms/internal/canonical.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string>
#include <vector>

#include "atoms/internal/wordforms.h"

namespace factline::internal {

namespace {

bool In(std::string_view w, std::initializer_list<std::string_view> set) {
  for (std::string_view s : set) {
    if (w == s) return true;
  }
  return false;
}

bool Dropped(std::string_view w) {
  return In(w, {"a",      "an",        "the",        "my",       "your",
                "his",    "her",       "its",        "our",      "their",
                "is",     "are",       "was",        "were",     "am",
                "be",     "been",      "being",      "has",      "have",
                "had",    "do",        "does",       "did",      "will",
                "would",  "can",       "could",      "just",     "also",
                "still",  "already",   "really",     "actually", "currently",
                "now",    "recently",  "always",     "usually",  "mainly",
                "mostly", "primarily", "officially", "legally",  "most",
                "least",  "very",      "[x]",        "__"});
}

// Aspect words say a value changed, not which slot it is in: "my new phone
// number" and "my current laptop" are the phone number and the laptop.
bool AspectWord(std::string_view w) {
  return In(
      w, {"new", "current", "latest", "present", "former", "old", "previous"});
}

// Verbs of changing what one uses: "I switched to Helix", "upgraded to
// Python 3.12" and "migrated to Postgres" state what is used now, so they
// key on the slot "use" that "I use X" keys on.
bool ChangeOfUse(const std::vector<std::string>& lemmas) {
  return lemmas.size() == 2 && lemmas[1] == "to" &&
         In(lemmas[0], {"switch", "upgrade", "migrate", "downgrade"});
}

bool Preposition(std::string_view w) {
  return In(
      w, {"in", "at", "on", "of", "for", "from", "to", "by", "with", "as",
          "into", "about", "under", "near", "through", "over", "up", "out",
          "off", "back", "down", "away", "after", "like",
          // WordNet also files these as adverbs ("lies within"): as a
          // preposition they are the relation's, never a manner.
          "within", "inside", "outside", "across", "throughout", "beyond",
          "between", "among", "onto", "toward", "towards", "via", "against"});
}

// Head nouns that only say what kind of token the value is: "email
// address" is the email, "phone number" the phone.
bool LightHead(std::string_view w) {
  return In(w, {"address", "number", "id", "handle", "account", "username"});
}

std::vector<std::string> Words(const std::string& phrase) {
  std::vector<std::string> out;
  std::string w;
  for (char c : phrase) {
    unsigned char u = static_cast<unsigned char>(c);
    if (c == ' ' || c == ',' || c == '.' || c == '?' || c == '!' || c == '"' ||
        c == '/' || c == '(' || c == ')') {
      if (!w.empty()) out.push_back(std::move(w));
      w.clear();
    } else {
      w += static_cast<char>(std::tolower(u));
    }
  }
  if (!w.empty()) out.push_back(std::move(w));
  return out;
}

// `modifier`: a noun before another noun of a compound ("data warehouse",
// "sales team", "news feed"). English modifiers are singular unless the
// plural is the lexicalised form, so they keep their spelling: lemmatising
// them turns "data" into "datum" and "news" into "new".
std::string LemmaOf(const std::string& w, bool noun_phrase,
                    bool modifier = false) {
  const WordForms& wf = WordForms::Get();
  if (Preposition(w)) return w;
  // Spelling variants: "e-mail" and "email" share WordNet's first synset.
  std::string word = w;
  if (word.find('-') != std::string::npos) {
    std::string joined;
    for (char c : word) {
      if (c != '-') joined += c;
    }
    for (Pos pos : {Pos::kNoun, Pos::kVerb}) {
      std::uint32_t a = wf.FirstSynset(word, pos);
      if (a != 0 && a == wf.FirstSynset(joined, pos)) {
        word = joined;
        break;
      }
    }
  }
  // British spellings meet American ones when WordNet files both under one
  // synset ("favourite"/"favorite", "colour"/"color", "organise"/
  // "organize", "centre"/"center").
  static constexpr std::pair<std::string_view, std::string_view> kSpellings[] =
      {{"our", "or"},  {"ise", "ize"},     {"yse", "yze"},
       {"tre", "ter"}, {"ising", "izing"}, {"ised", "ized"}};
  for (const auto& [from, to] : kSpellings) {
    const std::size_t at = word.find(from);
    if (at == std::string::npos) continue;
    std::string other = word;
    other.replace(at, from.size(), to);
    for (Pos pos : {Pos::kNoun, Pos::kAdj, Pos::kVerb}) {
      const std::string a = wf.Lemma(word, pos);
      const std::string b = wf.Lemma(other, pos);
      if (!a.empty() && !b.empty() &&
          wf.FirstSynset(a, pos) == wf.FirstSynset(b, pos)) {
        word = other;
        break;
      }
    }
    if (word == other) break;
  }
  if (noun_phrase) {
    if (modifier) return word;
    std::string n = wf.Lemma(word, Pos::kNoun);
    return n.empty() ? word : n;
  }
  std::string v = wf.Lemma(word, Pos::kVerb);
  if (!v.empty()) return v;
  std::string n = wf.Lemma(word, Pos::kNoun);
  if (!n.empty()) return n;
  std::string a = wf.Lemma(word, Pos::kAdj);
  return a.empty() ? word : a;
}

std::string Fixed2(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

}  // namespace

std::string Canonicalizer::Signature(const std::string& phrase,
                                     PhraseKind kind) {
  std::vector<std::string> kept;
  const std::vector<std::string> words = Words(phrase);
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (Dropped(w)) continue;
    // Only before another word: "my new phone" drops "new", a phrase that
    // is just "current" keeps it.
    if (kind == PhraseKind::kNoun && i + 1 < words.size() && AspectWord(w)) {
      continue;
    }
    const bool noun = kind == PhraseKind::kNoun;
    const bool modifier =
        noun && i + 1 < words.size() && !Preposition(words[i + 1]) &&
        !Dropped(words[i + 1]) && WordForms::Get().Is(words[i + 1], Pos::kNoun);
    kept.push_back(LemmaOf(w, noun, modifier));
    // "username" and "handle" name the same account token.
    if (kept.back() == "username") kept.back() = "handle";
  }
  const WordForms& wf = WordForms::Get();
  if (kind != PhraseKind::kNoun && ChangeOfUse(kept)) return "use";
  if (kind == PhraseKind::kNoun && kept.size() >= 2 && LightHead(kept.back())) {
    const std::string& mod = kept[kept.size() - 2];
    // A noun or a name WordNet does not know ("github", "ip") before the
    // light head; an adjective keeps it ("first name").
    const bool known = wf.Is(mod, Pos::kNoun) || wf.Is(mod, Pos::kAdj) ||
                       wf.Is(mod, Pos::kVerb);
    if ((wf.Is(mod, Pos::kNoun) && !wf.Is(mod, Pos::kAdj)) || !known) {
      kept.pop_back();
    }
  }
  // A compound WordNet lists as two words ("time zone") is often written
  // closed up ("timezone"): an unknown word that splits into a WordNet
  // compound keys as the compound.
  if (kind == PhraseKind::kNoun) {
    for (std::string& w : kept) {
      if (w.size() < 6 || wf.Is(w, Pos::kNoun)) continue;
      for (std::size_t k = 3; k + 3 <= w.size(); ++k) {
        const std::string split = w.substr(0, k) + " " + w.substr(k);
        if (wf.Is(split, Pos::kNoun)) {
          w = split;
          break;
        }
      }
    }
  }
  std::string out;
  for (const std::string& w : kept) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

void Canonicalizer::Add(const std::string& sig, const std::string& id,
                        double score, const std::string& source, bool noun_ok,
                        bool role) {
  if (sig.empty()) return;
  const std::size_t sp = sig.rfind(' ');
  if (sp != std::string::npos && Preposition(sig.substr(sp + 1))) {
    std::vector<std::string>& p = preps_[id];
    const std::string prep = sig.substr(sp + 1);
    if (std::find(p.begin(), p.end(), prep) == p.end()) p.push_back(prep);
  }
  if (noun_ok) Insert(&noun_index_[sig], id, score, source, role);
  Insert(&index_[sig], id, score, source, role);
}

void Canonicalizer::Insert(std::vector<Candidate>* list_ptr,
                           const std::string& id, double score,
                           const std::string& source, bool role) {
  std::vector<Candidate>& list = *list_ptr;
  for (Candidate& c : list) {
    if (c.id != id) continue;
    // A phrasing that is also verb evidence ("lives in": an id and a
    // template) is not a role noun only.
    c.role = c.role && role;
    if (score > c.score) {
      c.score = score;
      c.source = source;
    }
    return;
  }
  list.push_back({id, score, source, role, kAnySense, false});
}

namespace {

// How many of a word's senses (most frequent first) count: later senses
// are rare readings that would make almost any two words synonyms.
constexpr std::size_t kSenses = 3;
// Score factors of widened evidence, below an exact match's 1.0.
constexpr double kSynonym = 0.88;          // a shared synset, first sense
constexpr double kHypernym = 0.8;          // the phrase word's broader verb
constexpr double kNounHypernym = 0.85;     // "king" is a "sovereign"
constexpr double kConverse = 0.9;          // "mother" of the role noun "child"
constexpr double kAgentVerb = 0.95;        // "chair" of "chairperson"
constexpr double kActiveOfStative = 0.85;  // "sign" of "is signed to"
// Widened candidates of two relations this close are a tie.
constexpr double kTieMargin = 0.02;
// A synset offset no synonym has (WordNet offsets are byte offsets > 0).
constexpr std::uint32_t kNoSense = 0xffffffffu;

// Rank of `offset` among the first kSenses senses of `lemma`, or -1.
int SenseRank(const WordForms& wf, const std::string& lemma, Pos pos,
              std::uint32_t offset) {
  const std::vector<std::uint32_t> senses = wf.Senses(lemma, pos);
  for (std::size_t r = 0; r < senses.size() && r < kSenses; ++r) {
    if (senses[r] == offset) return static_cast<int>(r);
  }
  return -1;
}

// Two spellings of one word: same length, one letter apart.
bool Spelling(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  int diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff += a[i] != b[i];
  return diff == 1;
}

double RankFactor(int rank) {
  return rank <= 0 ? 1.0 : (rank == 1 ? 0.9 : 0.85);
}

// A person or an organisation: WordNet's hypernyms of the synset reach
// person#1, organization#1 or causal agent#1 (the agents of verbs).
bool Agentive(const WordForms& wf, std::uint32_t offset) {
  static const std::vector<std::uint32_t> kAgents = [] {
    std::vector<std::uint32_t> out;
    const WordForms& w = WordForms::Get();
    for (const char* n : {"person", "organization", "causal agent"}) {
      const std::vector<std::uint32_t> s = w.Senses(n, Pos::kNoun);
      if (!s.empty()) out.push_back(s[0]);
    }
    return out;
  }();
  std::vector<std::uint32_t> frontier = {offset};
  for (int depth = 0; depth < 12 && !frontier.empty(); ++depth) {
    std::vector<std::uint32_t> next;
    for (std::uint32_t s : frontier) {
      for (std::uint32_t a : kAgents) {
        if (s == a) return true;
      }
      for (const char* sym : {"@", "@i"}) {
        for (const auto& [pos, target] : wf.Pointers(s, Pos::kNoun, sym)) {
          if (pos == Pos::kNoun) next.push_back(target);
        }
      }
    }
    frontier = std::move(next);
  }
  return false;
}

std::size_t CommonPrefix(std::string_view a, std::string_view b) {
  std::size_t n = 0;
  while (n < a.size() && n < b.size() && a[n] == b[n]) ++n;
  return n;
}

std::vector<std::string> Split(const std::string& sig) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= sig.size()) {
    std::size_t sp = sig.find(' ', start);
    if (sp == std::string::npos) sp = sig.size();
    if (sp > start) out.push_back(sig.substr(start, sp - start));
    start = sp + 1;
  }
  return out;
}

std::string Join(const std::vector<std::string>& words, std::size_t from,
                 std::size_t to, const std::string& middle,
                 std::size_t middle_at, std::size_t middle_len) {
  std::string out;
  for (std::size_t i = from; i < to; ++i) {
    if (i == middle_at) {
      out += (out.empty() ? "" : " ") + middle;
      i += middle_len - 1;
      continue;
    }
    out += (out.empty() ? "" : " ") + words[i];
  }
  return out;
}

}  // namespace

void Canonicalizer::AddAgentVerbs(const std::string& noun_sig,
                                  const std::string& id, double score,
                                  const std::string& noun) {
  const WordForms& wf = WordForms::Get();
  const std::vector<std::uint32_t> senses = wf.Senses(noun_sig, Pos::kNoun);
  for (std::size_t r = 0; r < senses.size() && r < 2; ++r) {
    if (!Agentive(wf, senses[r])) continue;
    for (const auto& [pos, verb] : wf.Pointers(senses[r], Pos::kNoun, "+")) {
      if (pos != Pos::kVerb) continue;
      for (const std::string& v : wf.SynsetLemmas(verb, Pos::kVerb)) {
        // Derivation pointers are lexical but reported per synset: keep the
        // verb that shares the noun's stem ("found" of "founder", not
        // "establish"), in one of its first senses (not "hold" of
        // "holder" in a rare sense).
        if (CommonPrefix(v, noun_sig) < std::min<std::size_t>(4, v.size()) ||
            SenseRank(wf, v, Pos::kVerb, verb) < 0) {
          continue;
        }
        std::vector<Candidate>& list = agent_index_[v];
        Insert(&list, id, score * kAgentVerb,
               "verb '" + v + "' of agent noun '" + noun + "'");
        for (Candidate& c : list) {
          if (c.id == id && !c.stative) c.synset = verb;
        }
      }
    }
  }
}

namespace {

// A name or alias names the value's role when it is a noun phrase
// ("child", "head coach"), not a verb phrase ("lives in", "founded by").
bool RoleNoun(const std::string& noun_sig) {
  const std::vector<std::string> w = Split(noun_sig);
  if (w.empty()) return false;
  for (const std::string& x : w) {
    if (Preposition(x)) return false;
  }
  return WordForms::Get().Is(w.back(), Pos::kNoun);
}

}  // namespace

Canonicalizer::Canonicalizer(const Lexicon& lexicon) {
  for (const RelationDef& def : lexicon.relations()) {
    const RelationDef* target = lexicon.Find(def.id);
    const std::string& id = target->id;
    for (PhraseKind kind : {PhraseKind::kNoun, PhraseKind::kVerb}) {
      Add(Signature(def.name, kind), id, 1.0, "name '" + def.name + "'", true,
          RoleNoun(Signature(def.name, PhraseKind::kNoun)));
      std::string id_words = def.id;
      for (char& c : id_words) {
        if (c == '_') c = ' ';
      }
      if (id_words != def.id) {
        Add(Signature(id_words, kind), id, 1.0, "id '" + def.id + "'", true,
            RoleNoun(Signature(id_words, PhraseKind::kNoun)));
      }
      for (const std::string& alias : def.aliases) {
        Add(Signature(alias, kind), id, 0.95, "alias '" + alias + "'", true,
            RoleNoun(Signature(alias, PhraseKind::kNoun)));
      }
    }
    AddAgentVerbs(Signature(def.name, PhraseKind::kNoun), id, 1.0, def.name);
    for (const std::string& alias : def.aliases) {
      AddAgentVerbs(Signature(alias, PhraseKind::kNoun), id, 0.95, alias);
    }
    for (const std::string& t : def.sentence_templates) {
      // "[X] is married to __" -> "is married to" (a verb phrase);
      // "The capital of [X] is __" and "[X]'s child is __" -> the noun.
      const std::size_t x = t.find("[X]");
      const std::size_t v = t.find("__");
      if (x == 0 && v != std::string::npos && v > 3 && v + 2 == t.size()) {
        std::string mid = t.substr(3, v - 3);
        if (mid.rfind("'s ", 0) == 0 && mid.size() > 6) {
          std::string noun = mid.substr(3);
          if (noun.size() > 4 &&
              noun.compare(noun.size() - 4, 4, " is ") == 0) {
            noun.resize(noun.size() - 4);
            Add(Signature(noun, PhraseKind::kNoun), id, 1.0,
                "template '" + t + "'", true, true);
          }
          continue;
        }
        const std::string sig = Signature(mid, PhraseKind::kVerb);
        // A verb's lemma is not the noun: "[X] fathered __" says nothing
        // about "S's father is V" (which reads the other way round).
        Add(sig, id, 1.0, "template '" + t + "'", /*noun_ok=*/false);
        // "[X] is a citizen of __" also names the noun "citizen" ("S is an
        // Italian citizen", "S's citizen..." ).
        if (sig.size() > 3 && sig.compare(sig.size() - 3, 3, " of") == 0 &&
            sig.find(' ') == sig.size() - 3) {
          Add(Signature(sig.substr(0, sig.size() - 3), PhraseKind::kNoun), id,
              0.9, "noun of template '" + t + "'");
        }
        // "[X] is signed to __": the active verb's subject is the value
        // ("Def Jam signed LL Cool J"). Only "be + participle + one
        // preposition other than by"; "by" is read by the passive tries.
        const std::vector<std::string> w = Words(mid);
        if (w.size() == 3 && In(w[0], {"is", "was", "are", "were"}) &&
            Preposition(w[2]) && w[2] != "by" && !Preposition(w[1])) {
          const std::string verb = WordForms::Get().Lemma(w[1], Pos::kVerb);
          if (!verb.empty()) {
            // Never reached through a synonym (kNoSense): "use" is not
            // "employ" of "[X] is employed at __".
            agent_index_[verb].push_back({id, kActiveOfStative,
                                          "active of template '" + t + "'",
                                          false, kNoSense, true});
          }
        }
      } else if (x != std::string::npos && (t.rfind("The ", 0) == 0)) {
        std::size_t of = t.find(" of [X]");
        if (of != std::string::npos && of > 4) {
          Add(Signature(t.substr(4, of - 4), PhraseKind::kNoun), id, 1.0,
              "template '" + t + "'", true, true);
        }
      }
    }
    for (const std::string& cue : def.cues) {
      // Single words are too loose ("plays" is sport, genre and position):
      // they only name alternatives.
      if (cue.find(' ') == std::string::npos) {
        std::vector<std::string>& ids = cue_words_[LemmaOf(cue, false)];
        if (std::find(ids.begin(), ids.end(), id) == ids.end()) {
          ids.push_back(id);
        }
        continue;
      }
      Add(Signature(cue, PhraseKind::kVerb), id, 0.85, "cue '" + cue + "'",
          /*noun_ok=*/false);
    }
  }
}

bool Canonicalizer::KnowsNoun(const std::string& phrase) const {
  bool ambiguous = false;
  const Candidate* c =
      Best(Signature(phrase, PhraseKind::kNoun), &ambiguous, /*noun=*/true);
  return c != nullptr && !ambiguous && c->score >= kStrongMapping;
}

const Canonicalizer::Candidate* Canonicalizer::Best(const std::string& sig,
                                                    bool* ambiguous,
                                                    bool noun) const {
  *ambiguous = false;
  const auto& index = noun ? noun_index_ : index_;
  auto it = index.find(sig);
  if (it == index.end()) return nullptr;
  const Candidate* best = nullptr;
  for (const Candidate& c : it->second) {
    if (best == nullptr || c.score > best->score) best = &c;
  }
  for (const Candidate& c : it->second) {
    if (&c != best && c.score >= best->score - 1e-9) *ambiguous = true;
  }
  return best;
}

void Canonicalizer::Lookup(const Try& t, const std::string& sig, double factor,
                           const std::string& how, bool converse,
                           std::uint32_t sense, std::vector<Found>* out) const {
  if (sig.empty()) return;
  const std::vector<Candidate>* agents = nullptr;
  if (!converse && t.agent != 0) {
    std::string verb = sig;
    if (t.agent == 2) {
      if (sig.size() <= 3 || sig.compare(sig.size() - 3, 3, " by") != 0) {
        verb.clear();
      } else {
        verb.resize(sig.size() - 3);
      }
    }
    auto a = agent_index_.find(verb);
    if (a != agent_index_.end()) agents = &a->second;
  }
  const auto& index = t.noun ? noun_index_ : index_;
  auto it = index.find(sig);
  if (it != index.end()) {
    for (const Candidate& c : it->second) {
      // "S coaches O" is O's coach: the agent verb reads it, not the noun.
      if (c.role && agents != nullptr && t.agent == 1) continue;
      if (t.agent == 3) continue;  // only the stative actives
      if (t.verb_only && c.role) continue;
      if (!t.prep.empty()) {
        // The locative prepositions stand for each other ("got his
        // education in V" / "educated at").
        auto p = preps_.find(c.id);
        bool fits = false;
        if (p != preps_.end()) {
          for (const std::string& q : p->second) {
            fits =
                fits || q == t.prep ||
                (In(q, {"in", "at", "on"}) && In(t.prep, {"in", "at", "on"}));
          }
        }
        if (!fits) continue;
      }
      if (converse && !c.role) continue;
      const bool inverse =
          (t.inverse != (t.role_inverts && c.role)) != converse;
      out->push_back({&c, c.score * factor, inverse,
                      how + c.source + " (lemmas '" + sig + "')", converse});
    }
  }
  if (agents != nullptr) {
    for (const Candidate& c : *agents) {
      if (c.stative != (t.agent == 3)) continue;
      if (sense != kAnySense && c.synset != sense) continue;
      out->push_back({&c, c.score * factor, t.agent != 2,
                      how + c.source + " (lemmas '" + sig + "')"});
    }
  }
}

void Canonicalizer::Widen(const Try& t, std::vector<Found>* out) const {
  const WordForms& wf = WordForms::Get();
  const std::vector<std::string> words = Split(t.sig);
  bool seen_content = false;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (Preposition(words[i])) continue;
    // The first content word of a verb phrase is its verb; the rest are
    // nouns ("lead government").
    const Pos pos = !t.noun && !seen_content ? Pos::kVerb : Pos::kNoun;
    seen_content = true;
    for (std::size_t len = 1; len <= 2 && i + len <= words.size(); ++len) {
      // Two words WordNet lists as one lemma: "pass away", "set up".
      const std::string lemma =
          len == 1 ? words[i] : words[i] + " " + words[i + 1];
      const std::vector<std::uint32_t> senses = wf.Senses(lemma, pos);
      const bool head =
          i + len == words.size() || (!t.noun && Preposition(words[i + len]));
      for (std::size_t r = 0; r < senses.size() && r < kSenses; ++r) {
        const std::uint32_t s = senses[r];
        // A rarer sense of either word is weaker evidence, and so is any
        // sense of a word with very many ("go", "make", "take").
        const double rank =
            RankFactor(static_cast<int>(r)) * (senses.size() > 20 ? 0.85 : 1.0);
        for (const std::string& m : wf.SynsetLemmas(s, pos)) {
          const int their = SenseRank(wf, m, pos, s);
          if (m == lemma || their < 0) continue;
          // A spelling of the same word ("practise", "practice") is
          // exact evidence, not a synonym.
          const bool spelling = Spelling(m, lemma);
          Lookup(
              t, Join(words, 0, words.size(), m, i, len),
              t.factor * (spelling ? 1.0 : kSynonym * rank * RankFactor(their)),
              t.how + "synonym '" + m + "' of '" + lemma + "': ", false, s,
              out);
        }
        if (r >= 2) continue;
        std::vector<std::uint32_t> up;
        for (const auto& [hp, h] : wf.Pointers(s, pos, "@")) {
          if (hp != pos) continue;
          up.push_back(h);
          for (const std::string& m : wf.SynsetLemmas(h, pos)) {
            const int their = SenseRank(wf, m, pos, h);
            if (their < 0) continue;
            Lookup(t, Join(words, 0, words.size(), m, i, len),
                   t.factor * (pos == Pos::kNoun ? kNounHypernym : kHypernym) *
                       rank * RankFactor(their),
                   t.how + "hypernym '" + m + "' of '" + lemma + "': ", false,
                   h, out);
          }
        }
        // A role noun's converse ("mother", "parent" -> "child";
        // "employee" -> "employer"): WordNet's antonym of the noun or of a
        // hypernym ("mother" is a "parent").
        if (pos != Pos::kNoun || !head) continue;
        // Two levels up: "dad" is a "father", a "parent".
        std::vector<std::pair<std::uint32_t, double>> from = {{s, 1.0}};
        for (std::uint32_t h : up) {
          from.push_back({h, 0.98});
          for (const auto& [hp2, h2] : wf.Pointers(h, Pos::kNoun, "@")) {
            if (hp2 == Pos::kNoun) from.push_back({h2, 0.96});
          }
        }
        for (const auto& [x, step] : from) {
          for (const auto& [ap, a] : wf.Pointers(x, Pos::kNoun, "!")) {
            if (ap != Pos::kNoun) continue;
            for (const std::string& m : wf.SynsetLemmas(a, Pos::kNoun)) {
              Lookup(t, Join(words, 0, words.size(), m, i, len),
                     t.factor * kConverse * rank * step,
                     t.how + "converse '" + m + "' of '" + lemma + "': ", true,
                     a, out);
            }
          }
        }
      }
    }
  }
}

namespace {

// Words WordNet knows only as adverbs say how, not which relation
// ("originally broadcast by", "first aired on"); negation stays.
bool MannerAdverb(const std::string& w) {
  const WordForms& wf = WordForms::Get();
  return !Preposition(w) &&
         !In(w, {"not",    "never",  "no",      "hardly",   "barely",
                 "seldom", "rarely", "nowhere", "together", "apart",
                 "away",   "out",    "up",      "off",      "back",
                 "down",   "over",   "along",   "ahead",    "behind"}) &&
         wf.Is(w, Pos::kAdv) && !wf.Is(w, Pos::kNoun) &&
         !wf.Is(w, Pos::kVerb) && !wf.Is(w, Pos::kAdj);
}

}  // namespace

Mapping Canonicalizer::Map(const std::string& phrase, PhraseKind kind,
                           bool capitalised) const {
  std::string key = phrase;
  key += '\x01';
  key += static_cast<char>('0' + static_cast<int>(kind));
  key += capitalised ? '1' : '0';
  {
    std::lock_guard<std::mutex> lock(cache_mu_);
    auto it = cache_.find(key);
    if (it != cache_.end()) return it->second;
  }
  Mapping m = MapUncached(phrase, kind, capitalised);
  std::lock_guard<std::mutex> lock(cache_mu_);
  // Bounded: a long-running writer sees ever new phrases.
  if (cache_.size() >= (1u << 16)) cache_.clear();
  cache_.emplace(std::move(key), m);
  return m;
}

// A word that names a relation's role itself ("hubby" is a "husband")
// is not its converse too ("hubby" is the antonym of "wife" of the same,
// symmetric relation): a relation reached both ways keeps the direct way.
void Canonicalizer::DropConverses(std::vector<Found>* found) {
  std::vector<std::string> direct;
  for (const Found& f : *found) {
    if (!f.converse) direct.push_back(f.c->id);
  }
  std::erase_if(*found, [&direct](const Found& f) {
    return f.converse &&
           std::find(direct.begin(), direct.end(), f.c->id) != direct.end();
  });
}

Mapping Canonicalizer::MapUncached(const std::string& phrase, PhraseKind kind,
                                   bool capitalised) const {
  Mapping m;
  // A capitalised phrase is a title ("The Prime Minister of Sweden is X"),
  // not a common relation noun: keyed as written, like a name.
  if (capitalised) {
    m.key = NormalizeKey(phrase);
    m.mapping = "phrase";
    m.score = 0;
    m.evidence = "capitalised title '" + phrase + "' keyed as written";
    return m;
  }
  // "switched my favourite editor to", "moved my bank to", "replaced my
  // monitor with": a change verb with its object names the slot that
  // changed, so the object noun keys it ("favorite editor", "bank").
  if (kind == PhraseKind::kVerb) {
    std::vector<std::string> words;
    for (const std::string& w : Words(phrase)) {
      if (!Dropped(w)) words.push_back(w);
    }
    if (words.size() >= 3 && (words.back() == "to" || words.back() == "with")) {
      const std::string verb = LemmaOf(words[0], false);
      if (In(verb,
             {"switch", "change", "move", "upgrade", "migrate", "replace"}) &&
          (words.back() == "with") == (verb == "replace")) {
        std::string object;
        for (std::size_t i = 1; i + 1 < words.size(); ++i) {
          object += (object.empty() ? "" : " ") + words[i];
        }
        if (!Preposition(words[1])) {
          Mapping o = Map(object, PhraseKind::kNoun, false);
          o.evidence = "object of change verb '" + verb + "': " + o.evidence;
          return o;
        }
      }
    }
  }
  std::string sig = Signature(phrase, kind);
  std::string note;
  if (kind != PhraseKind::kNoun && index_.count(sig) == 0) {
    std::string plain;
    for (const std::string& w : Split(sig)) {
      if (!MannerAdverb(w)) plain += (plain.empty() ? "" : " ") + w;
    }
    if (!plain.empty() && plain != sig) {
      note = " (adverb dropped from '" + sig + "')";
      sig = plain;
    }
  }
  // "sits within V", "lies inside V", "lies along V": for a relation, in.
  for (std::string_view inner : {" within", " inside", " along"}) {
    if (kind != PhraseKind::kNoun && index_.count(sig) == 0 &&
        sig.ends_with(inner)) {
      std::string in = sig.substr(0, sig.size() - inner.size()) + " in";
      if (index_.count(in) != 0) {
        note += " ('" + sig + "' read as '" + in + "')";
        sig = std::move(in);
      }
    }
  }
  // Agent verbs: "S chairs O" reads them backwards, "O is chaired by S"
  // (also "broadcast by", which the grammar cannot tell is a participle)
  // forwards.
  const bool by = sig.size() > 3 && sig.compare(sig.size() - 3, 3, " by") == 0;
  const int agent = kind == PhraseKind::kNoun ? 0 : (by ? 2 : 1);
  std::vector<Try> tries = {
      {sig, 1.0, false, "", kind == PhraseKind::kNoun, false, agent}};
  if (kind == PhraseKind::kVerb) {
    // "V represents S" reads "S is represented by V" backwards.
    tries.push_back({sig + " by", 0.9, true, "active of passive "});
    tries.push_back({sig, 1.0, true, "", false, false, 3});
  }
  if (kind == PhraseKind::kPassive && by) {
    tries.push_back(
        {sig.substr(0, sig.size() - 3), 0.9, true, "passive of active "});
  }
  // "is a citizen of" -> the noun "citizen"; "citizenship of" -> the noun.
  // "S is a child of V" is V's child: a noun naming the value's role reads
  // backwards, a template's noun ("[X] is a citizen of __") does not.
  std::vector<std::string> words = Words(sig);
  if (words.size() >= 2 && Preposition(words.back())) {
    std::string head;
    for (std::size_t i = 0; i + 1 < words.size(); ++i) {
      head += (i ? " " : "") + words[i];
    }
    tries.push_back({Signature(head, PhraseKind::kNoun), 0.9, false, "noun of ",
                     true, words.back() == "of"});
  }
  // A light verb with a relation noun: "got his education at V", "made her
  // home in V", "received his training at V": the noun names the relation
  // and the preposition leads to its value (forwards).
  if (kind == PhraseKind::kVerb && words.size() >= 3 &&
      Preposition(words.back()) &&
      In(words[0], {"get", "receive", "have", "take", "make", "gain", "obtain",
                    "earn", "complete", "find"})) {
    std::string noun;
    for (std::size_t i = 1; i + 1 < words.size(); ++i) {
      noun += (noun.empty() ? "" : " ") + words[i];
    }
    if (!Preposition(words[1])) {
      Try t{Signature(noun, PhraseKind::kNoun), 0.9, false,
            "noun of light verb '" + words[0] + "': ", true};
      t.prep = words.back();
      tries.push_back(t);
    }
  }
  // The grammar appends a type noun naming what kind of thing the value is
  // ("lies on the continent of V" -> "lie on continent"): when the verb
  // phrase itself is unknown, the type noun is the evidence ("continent" is
  // P30, "country" P17), so location verbs need no gazetteer.
  if (kind != PhraseKind::kNoun && words.size() >= 3) {
    std::size_t prep = words.size();
    for (std::size_t i = words.size() - 1; i-- > 0;) {
      if (Preposition(words[i])) {
        prep = i;
        break;
      }
    }
    if (prep + 1 < words.size() && prep > 0) {
      std::string tail;
      for (std::size_t i = prep + 1; i < words.size(); ++i) {
        tail += (tail.empty() ? "" : " ") + words[i];
      }
      tries.push_back({Signature(tail, PhraseKind::kNoun), 0.9, false,
                       "type noun of ", true});
    }
  }
  // "breathed his last in V": a verb phrase the lexicon knows ("[X]
  // breathed his last" cue), with the preposition that leads to the
  // value. Templates and cues only: "child of" is not "child".
  if (kind != PhraseKind::kNoun && words.size() >= 3 &&
      Preposition(words.back()) && words.back() != "by" &&
      !Preposition(words[words.size() - 2])) {
    std::string stem;
    for (std::size_t i = 0; i + 1 < words.size(); ++i) {
      stem += (i ? " " : "") + words[i];
    }
    Try t{stem, 0.95, false, "without its preposition "};
    t.verb_only = true;
    tries.push_back(t);
  }
  // The preposition before a place varies ("studied in" / "[X] studied
  // at __", "lives at" / "lives in"): the other locative ones, a little
  // weaker.
  if (kind != PhraseKind::kNoun && words.size() >= 2 &&
      In(words.back(), {"in", "at", "on"})) {
    std::string stem;
    for (std::size_t i = 0; i + 1 < words.size(); ++i) {
      stem += (i ? " " : "") + words[i];
    }
    for (const char* p : {"in", "at", "on"}) {
      if (words.back() == p) continue;
      Try t{stem + " " + p, 0.9, false,
            std::string("'") + p + "' for '" + words.back() + "' "};
      t.verb_only = true;
      tries.push_back(t);
    }
  }
  // "is a naturalized citizen of", "a full member of", "the sole official
  // language": modifiers before a relation noun say which one or how far,
  // not which relation. Last resort: the noun with fewer modifiers,
  // weaker. Only adjectives, participles and counts drop; a noun modifier
  // makes a compound of its own ("head coach", "twin city").
  {
    const WordForms& wf = WordForms::Get();
    const bool prep_last = words.size() >= 2 && Preposition(words.back());
    const std::size_t end = words.size() - (prep_last ? 1 : 0);
    auto modifier = [&wf](const std::string& w) {
      if (Preposition(w)) return false;
      if (std::isdigit(static_cast<unsigned char>(w[0]))) return true;
      return wf.Is(w, Pos::kAdj) ||
             (wf.Is(w, Pos::kVerb) && !wf.Is(w, Pos::kNoun));
    };
    // A bare noun left alone names too much ("first language" is no
    // "language" of a work): without a preposition two words stay.
    const std::size_t keep = prep_last ? 1 : 2;
    if (end >= 2 && wf.Is(words[end - 1], Pos::kNoun)) {
      for (std::size_t from = 1;
           from + keep <= end && modifier(words[from - 1]); ++from) {
        // Join's middle never applies at index words.size().
        const std::size_t none = words.size();
        const std::string how =
            "without modifier '" + Join(words, 0, from, "", none, 0) + "': ";
        tries.push_back({Join(words, from, words.size(), "", none, 0), 0.9,
                         false, how, kind == PhraseKind::kNoun});
        if (prep_last) {
          tries.push_back({Join(words, from, end, "", none, 0), 0.9, false,
                           how + "noun of ", true, words.back() == "of"});
        }
      }
    }
  }
  // "Boston's sister city in Japan", "John's son from his first marriage",
  // "Microsoft's chairman until 2014", "the eldest son of", "the
  // longest-serving director of": a relation noun with a qualifier after it
  // (a preposition other than "of", or a clause of time) or a rank before
  // it (a superlative or an ordinal) names which holder or when, not another
  // relation. Last resort, weaker: the noun without them. A rank drops only
  // where the whole phrase is no WordNet compound ("first language" is a
  // native language) and never a quality ("favorite language" is no
  // language spoken).
  if (kind == PhraseKind::kNoun && words.size() >= 2) {
    const WordForms& wf = WordForms::Get();
    std::size_t end = words.size();
    for (std::size_t i = 1; i < words.size(); ++i) {
      if ((Preposition(words[i]) && words[i] != "of") ||
          In(words[i], {"when", "while", "since", "until", "till", "during",
                        "before", "after", "between"})) {
        end = i;
        break;
      }
    }
    auto ranked = [&wf](const std::string& w) {
      if (In(w, {"first", "second", "third", "last", "sole", "only", "eldest",
                 "youngest", "oldest"})) {
        return true;
      }
      // "longest-serving", "best-known": a superlative before a hyphen.
      const std::string first = w.substr(0, w.find('-'));
      return first.size() > 4 && first.ends_with("est") &&
             wf.Is(first, Pos::kAdj) && wf.Lemma(first, Pos::kAdj) != first;
    };
    std::size_t from = 0;
    while (from + 1 < end && ranked(words[from]) &&
           !wf.Is(Join(words, from, end, "", words.size(), 0), Pos::kNoun)) {
      ++from;
    }
    if (from > 0 || end < words.size()) {
      std::string how = "without";
      if (from > 0) {
        how += " rank '" + Join(words, 0, from, "", words.size(), 0) + "'";
      }
      if (end < words.size()) {
        how += std::string(from > 0 ? " and" : "") + " qualifier '" +
               Join(words, end, words.size(), "", words.size(), 0) + "'";
      }
      tries.push_back({Join(words, from, end, "", words.size(), 0), 0.9, false,
                       how + ": ", true});
    }
  }
  // "S is the creation of V", "S is a product of V": a noun naming what a
  // verb makes, with "of" before its maker, is the verb's passive ("S was
  // created by V"). Never an agent noun ("the builder of V" names S's
  // work, the other way round).
  // As the R of "S's R is V" ("The creation of V is S", "Tesla's product
  // is S") the noun reads backwards.
  const bool nominal_of = words.size() == 2 && words.back() == "of";
  if (nominal_of || (words.size() == 1 && kind == PhraseKind::kNoun)) {
    const WordForms& wf = WordForms::Get();
    const std::vector<std::uint32_t> senses =
        wf.Senses(words.front(), Pos::kNoun);
    // Any of its usual senses a person's ("builder" is first a soap
    // additive in WordNet).
    bool agent = false;
    for (std::size_t i = 0; i < senses.size() && i < 3; ++i) {
      agent = agent || Agentive(wf, senses[i]);
    }
    if (!senses.empty() && !agent) {
      // The verb of its usual sense ("create" of "creation").
      const std::string verb = wf.SpelledVerb(words.front(), 1);
      if (!verb.empty()) {
        Try t{
            verb + " by", 0.9, !nominal_of,
            "passive of the verb '" + verb + "' of '" + words.front() + "': "};
        t.verb_only = true;
        tries.push_back(t);
      }
    }
  }
  // Relation ids by best score, for alternatives.
  std::vector<std::pair<std::string, double>> seen;
  auto note_seen = [&seen](const std::vector<Found>& found) {
    for (const Found& f : found) {
      bool known = false;
      for (auto& [id, score] : seen) {
        if (id != f.c->id) continue;
        known = true;
        score = std::max(score, f.score);
      }
      if (!known) seen.push_back({f.c->id, f.score});
    }
  };
  // The best of a list; *ambiguous when another relation is within margin.
  auto best_of = [](const std::vector<Found>& found, double margin,
                    bool* ambiguous) {
    const Found* best = nullptr;
    for (const Found& f : found) {
      if (best == nullptr || f.score > best->score) best = &f;
    }
    *ambiguous = false;
    for (const Found& f : found) {
      if (f.c->id != best->c->id && f.score >= best->score - margin) {
        *ambiguous = true;
      }
    }
    return best;
  };
  const Found* chosen = nullptr;
  bool ambiguous = false;
  std::vector<Found> found;
  // Exact lemmas first, try by try: the first try with evidence decides.
  for (const Try& t : tries) {
    Lookup(t, t.sig, t.factor, t.how, false, kAnySense, &found);
    if (found.empty()) continue;
    chosen = best_of(found, 1e-9, &ambiguous);
    break;
  }
  // Nothing exact: WordNet's synonyms, hypernyms and converse nouns. A
  // widened match below the threshold is no evidence worth a review (the
  // phrase keys as itself, the relation named as an alternative); strong
  // ones of several relations at par are weak.
  if (chosen == nullptr) {
    for (const Try& t : tries) Widen(t, &found);
    DropConverses(&found);
    if (!found.empty()) chosen = best_of(found, kTieMargin, &ambiguous);
    if (chosen != nullptr && chosen->score < kStrongMapping) {
      note += "; nearest lexicon relation " + chosen->c->id + " at " +
              Fixed2(chosen->score) + " by " + chosen->how;
      chosen = nullptr;
    }
  } else if (ambiguous || chosen->score < kStrongMapping) {
    // Exact evidence too weak to key ("set up" cues P112 and P740): a
    // strong widened reading may still settle it ("set up by" is
    // "established by", a P112 template).
    std::vector<Found> wide;
    for (const Try& t : tries) Widen(t, &wide);
    DropConverses(&wide);
    bool wide_ambiguous = false;
    const Found* w =
        wide.empty() ? nullptr : best_of(wide, kTieMargin, &wide_ambiguous);
    if (w != nullptr && !wide_ambiguous && w->score >= kStrongMapping) {
      const std::size_t at = static_cast<std::size_t>(w - wide.data());
      found.insert(found.end(), wide.begin(), wide.end());
      chosen = &found[found.size() - wide.size() + at];
      ambiguous = false;
    }
  }
  note_seen(found);
  std::stable_sort(seen.begin(), seen.end(), [](const auto& a, const auto& b) {
    return a.second > b.second;
  });
  for (const auto& [id, score] : seen) {
    m.alternatives.push_back(id);
    m.alternative_scores.push_back(score);
  }
  for (const std::string& w : Split(sig)) {
    auto c = cue_words_.find(w);
    if (c == cue_words_.end()) continue;
    for (const std::string& id : c->second) {
      if (std::find(m.alternatives.begin(), m.alternatives.end(), id) ==
          m.alternatives.end()) {
        m.alternatives.push_back(id);
        m.alternative_scores.push_back(0);
      }
    }
  }
  if (chosen != nullptr) {
    const double score = chosen->score;
    m.evidence = chosen->how + note;
    if (!ambiguous && score >= kStrongMapping) {
      m.key = chosen->c->id;
      m.mapping = "lexicon";
      m.score = score;
      m.inverse = chosen->inverse;
      // The mapped relation first, with its own score.
      for (std::size_t i = 0; i < m.alternatives.size(); ++i) {
        if (m.alternatives[i] != m.key) continue;
        m.alternatives.erase(m.alternatives.begin() + i);
        m.alternative_scores.erase(m.alternative_scores.begin() + i);
        break;
      }
      m.alternatives.insert(m.alternatives.begin(), m.key);
      m.alternative_scores.insert(m.alternative_scores.begin(), score);
      return m;
    }
    m.key = sig;
    m.mapping = "weak";
    m.score = ambiguous ? std::min(score, 0.6) : score;
    m.suggested = chosen->c->id;
    if (ambiguous) m.evidence += ", shared by several relations";
    m.evidence +=
        ", score " + Fixed2(m.score) + " below " + Fixed2(kStrongMapping);
    return m;
  }
  m.key = sig.empty() ? NormalizeKey(phrase) : sig;
  m.mapping = "phrase";
  m.score = 0;
  m.evidence = "no lexicon relation has the lemmas '" + sig + "'" + note;
  return m;
}

}  // namespace factline::internal
