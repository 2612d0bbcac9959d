// Relation canonicalisation (atoms/internal/canonical.h). It lives in atoms,
// not resolver, because the parser must key each fact as it reads it (every
// writer, the benchmarks and `factline parse` go through Parser) and it
// needs nothing but the lexicon and WordNet.
#include "atoms/internal/canonical.h"

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
  return In(
      w,
      {"a",          "an",      "the",     "my",       "your",      "his",
       "her",        "its",     "our",     "their",    "is",        "are",
       "was",        "were",    "am",      "be",       "been",      "being",
       "has",        "have",    "had",     "do",       "does",      "did",
       "will",       "would",   "can",     "could",    "just",      "also",
       "still",      "already", "really",  "actually", "currently", "now",
       "recently",   "always",  "usually", "mainly",   "mostly",    "primarily",
       "officially", "legally", "[x]",     "__"});
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
      w, {"in",   "at",  "on",   "of",    "for",   "from", "to",      "by",
          "with", "as",  "into", "about", "under", "near", "through", "over",
          "up",   "out", "off",  "back",  "down",  "away", "after",   "like"});
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

std::string LemmaOf(const std::string& w, bool noun_phrase) {
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
    kept.push_back(LemmaOf(w, kind == PhraseKind::kNoun));
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
                        double score, const std::string& source, bool noun_ok) {
  if (sig.empty()) return;
  if (noun_ok) Insert(&noun_index_[sig], id, score, source);
  Insert(&index_[sig], id, score, source);
}

void Canonicalizer::Insert(std::vector<Candidate>* list_ptr,
                           const std::string& id, double score,
                           const std::string& source) {
  std::vector<Candidate>& list = *list_ptr;
  for (Candidate& c : list) {
    if (c.id != id) continue;
    if (score > c.score) {
      c.score = score;
      c.source = source;
    }
    return;
  }
  list.push_back({id, score, source});
}

Canonicalizer::Canonicalizer(const Lexicon& lexicon) {
  for (const RelationDef& def : lexicon.relations()) {
    const RelationDef* target = lexicon.Find(def.id);
    const std::string& id = target->id;
    for (PhraseKind kind : {PhraseKind::kNoun, PhraseKind::kVerb}) {
      Add(Signature(def.name, kind), id, 1.0, "name '" + def.name + "'");
      std::string id_words = def.id;
      for (char& c : id_words) {
        if (c == '_') c = ' ';
      }
      if (id_words != def.id) {
        Add(Signature(id_words, kind), id, 1.0, "id '" + def.id + "'");
      }
      for (const std::string& alias : def.aliases) {
        Add(Signature(alias, kind), id, 0.95, "alias '" + alias + "'");
      }
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
                "template '" + t + "'");
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
      } else if (x != std::string::npos && (t.rfind("The ", 0) == 0)) {
        std::size_t of = t.find(" of [X]");
        if (of != std::string::npos && of > 4) {
          Add(Signature(t.substr(4, of - 4), PhraseKind::kNoun), id, 1.0,
              "template '" + t + "'");
        }
      }
    }
    for (const std::string& cue : def.cues) {
      // Single words are too loose ("plays" is sport, genre and position).
      if (cue.find(' ') == std::string::npos) continue;
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

Mapping Canonicalizer::Map(const std::string& phrase, PhraseKind kind,
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
  const std::string sig = Signature(phrase, kind);
  struct Try {
    std::string sig;
    double factor;
    bool inverse;
    const char* how;
    bool noun = false;  // look up noun evidence only
  };
  std::vector<Try> tries = {{sig, 1.0, false, "", kind == PhraseKind::kNoun}};
  if (kind == PhraseKind::kVerb) {
    // "V represents S" reads "S is represented by V" backwards.
    tries.push_back({sig + " by", 0.9, true, "active of passive "});
  }
  if (kind == PhraseKind::kPassive && sig.size() > 3 &&
      sig.compare(sig.size() - 3, 3, " by") == 0) {
    tries.push_back(
        {sig.substr(0, sig.size() - 3), 0.9, true, "passive of active "});
  }
  // "is a citizen of" -> the noun "citizen"; "citizenship of" -> the noun.
  std::vector<std::string> words = Words(sig);
  if (words.size() >= 2 && Preposition(words.back())) {
    std::string head;
    for (std::size_t i = 0; i + 1 < words.size(); ++i) {
      head += (i ? " " : "") + words[i];
    }
    tries.push_back(
        {Signature(head, PhraseKind::kNoun), 0.9, false, "noun of ", true});
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
  for (const Try& t : tries) {
    bool ambiguous = false;
    const Candidate* c = Best(t.sig, &ambiguous, t.noun);
    if (c == nullptr) continue;
    const double score = c->score * t.factor;
    m.evidence = std::string(t.how) + c->source + " (lemmas '" + t.sig + "')";
    if (!ambiguous && score >= kStrongMapping) {
      m.key = c->id;
      m.mapping = "lexicon";
      m.score = score;
      m.inverse = t.inverse;
      return m;
    }
    m.key = sig;
    m.mapping = "weak";
    m.score = ambiguous ? std::min(score, 0.6) : score;
    m.suggested = c->id;
    if (ambiguous) m.evidence += ", shared by several relations";
    m.evidence +=
        ", score " + Fixed2(m.score) + " below " + Fixed2(kStrongMapping);
    return m;
  }
  m.key = sig.empty() ? NormalizeKey(phrase) : sig;
  m.mapping = "phrase";
  m.score = 0;
  m.evidence = "no lexicon relation has the lemmas '" + sig + "'";
  return m;
}

}  // namespace factline::internal
