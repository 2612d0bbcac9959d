// The clause grammar (see atoms/internal/grammar.h). A statement is short,
// so the analysis is a single left-to-right pass over word tokens: find the
// verb group (copula, auxiliaries, main verb), then read the noun phrases on
// either side by their shape. Word classes come from closed-class lists
// (determiners, pronouns, auxiliaries, prepositions: English grammar, not
// vocabulary) and from WordNet for open-class words.
#include "atoms/internal/grammar.h"

#include <cctype>
#include <cstdint>
#include <string>
#include <vector>

#include "atoms/internal/wordforms.h"
#include "atoms/internal/words.h"

namespace factline::internal {

namespace {

struct Tok {
  std::string text;   // as written, trailing comma/semicolon removed
  std::string lower;  // ASCII lower case
  bool cap = false;   // starts with an upper-case letter
};

bool In(std::string_view w, std::initializer_list<std::string_view> set) {
  for (std::string_view s : set) {
    if (w == s) return true;
  }
  return false;
}

// "CEO", "CTO": capitalised because it is an acronym, not because it is a
// title; a relation noun it stands for maps like the noun.
bool Acronym(const Tok& t) {
  if (t.text.size() < 2 || t.text.size() > 5) return false;
  for (char c : t.text) {
    if (!std::isupper(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

bool IsDet(std::string_view w) {
  return In(w, {"a", "an", "the", "this", "that", "these", "those", "some"});
}
bool IsPossDet(std::string_view w) { return IsPossessiveDeterminer(w); }
bool IsCopula(std::string_view w) {
  return In(w, {"is", "are", "was", "were", "am", "be", "been", "being"});
}
bool IsAux(std::string_view w) {
  return In(w, {"has", "have", "had", "do", "does", "did", "will", "would",
                "shall", "should", "can", "could", "may", "might", "must"});
}
bool IsPrep(std::string_view w) {
  return In(w, {"in",      "at",      "on",      "of",      "for",    "from",
                "to",      "by",      "with",    "as",      "into",   "onto",
                "under",   "about",   "near",    "through", "over",   "within",
                "against", "toward",  "towards", "across",  "behind", "inside",
                "outside", "between", "among",   "via",     "after",  "like",
                "along"});
}
// Verb particles that may follow a verb without a preposition's object.
bool IsParticle(std::string_view w) {
  return In(w, {"up", "out", "off", "back", "down", "away", "around"});
}
// Adverbs that sit inside a verb group and say nothing about the relation.
bool IsLightAdverb(std::string_view w) {
  return In(w, {"just", "also", "still", "already", "really", "actually",
                "recently", "always", "usually", "mainly", "mostly",
                "primarily", "finally", "even", "now", "currently", "too",
                "first", "later", "then", "eventually", "subsequently",
                "officially", "initially", "newly", "soon",
                // Emphasis, not content ("probably", "perhaps", "reportedly"
                // make a statement uncertain: they stay, and the line with
                // them is no plain fact).
                "arguably", "certainly", "definitely", "undoubtedly", "clearly",
                "obviously", "surely", "basically", "essentially"});
}
bool IsSubjectPronoun(std::string_view w) {
  return In(w, {"i", "you", "we", "they", "he", "she", "it"});
}

std::vector<Tok> Tokenize(std::string_view text) {
  std::vector<Tok> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    std::size_t j = text.find(' ', i);
    if (j == std::string_view::npos) j = text.size();
    if (j > i) {
      std::string w(text.substr(i, j - i));
      // Contractions of the copula and auxiliaries after pronouns.
      std::string l;
      for (char c : w) {
        l += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      }
      auto split = [&](std::size_t at, const char* second) {
        Tok a;
        a.text = w.substr(0, at);
        a.lower = l.substr(0, at);
        a.cap = std::isupper(static_cast<unsigned char>(a.text[0]));
        out.push_back(a);
        Tok b;
        b.text = second;
        b.lower = second;
        out.push_back(b);
      };
      std::string bare = l;
      for (std::string_view apo : {"\xE2\x80\x99"}) {
        std::size_t p = bare.find(apo);
        if (p != std::string::npos) bare.replace(p, apo.size(), "'");
      }
      std::size_t apos = bare.find('\'');
      if (apos != std::string::npos && apos > 0) {
        std::string head = bare.substr(0, apos);
        std::string tail = bare.substr(apos);
        const bool pronoun = IsSubjectPronoun(head) || head == "that" ||
                             head == "there" || head == "what";
        const std::size_t cut = l.size() - (bare.size() - apos);
        if (tail == "'t" && head.size() > 1 && head.back() == 'n' &&
            (IsAux(head.substr(0, head.size() - 1)) ||
             IsCopula(head.substr(0, head.size() - 1)) || head == "can" ||
             head == "won")) {
          // "don't" -> "do not", "can't" -> "can not", "won't" -> "will not".
          std::string aux = head.substr(0, head.size() - 1);
          if (head == "can") aux = "can";
          if (head == "won") aux = "will";
          Tok a;
          a.text = w.substr(0, aux.size());
          a.lower = aux;
          a.cap = std::isupper(static_cast<unsigned char>(w[0]));
          out.push_back(a);
          Tok b;
          b.text = "not";
          b.lower = "not";
          out.push_back(b);
        } else if (tail == "'m" && head == "i") {
          split(cut, "am");
        } else if (tail == "'re" && pronoun) {
          split(cut, "are");
        } else if (tail == "'s" && pronoun) {
          split(cut, "is");
        } else if (tail == "'ve" && pronoun) {
          split(cut, "have");
        } else if (tail == "'ll" && pronoun) {
          split(cut, "will");
        } else if (tail == "'d" && pronoun) {
          split(cut, "would");
        } else {
          Tok t;
          t.text = w;
          t.lower = l;
          t.cap = std::isupper(static_cast<unsigned char>(w[0]));
          out.push_back(std::move(t));
        }
      } else {
        Tok t;
        t.text = w;
        t.lower = l;
        t.cap = std::isupper(static_cast<unsigned char>(w[0]));
        // "co-founded", "co-wrote", "re-elected": a verb with a shared or
        // repeated agent holds the same relation as the bare verb, which is
        // the form WordNet and the lexicon know.
        for (std::string_view prefix : {"co-", "re-"}) {
          if (!t.cap && l.size() > prefix.size() + 2 &&
              l.compare(0, prefix.size(), prefix) == 0) {
            const std::string rest = l.substr(prefix.size());
            if (rest.find('-') == std::string::npos &&
                !WordForms::Get().Lemma(rest, Pos::kVerb).empty()) {
              t.text = w.substr(prefix.size());
              t.lower = rest;
            }
          }
        }
        out.push_back(std::move(t));
      }
    }
    i = j;
  }
  return out;
}

// Possessive "'s" / "s'" on a token: returns the owner's text, or "".
std::string Possessor(const Tok& t) {
  for (std::string_view suffix : {"'s", "\xE2\x80\x99s"}) {
    if (t.text.size() > suffix.size() &&
        t.text.compare(t.text.size() - suffix.size(), suffix.size(), suffix) ==
            0) {
      return t.text.substr(0, t.text.size() - suffix.size());
    }
  }
  if (t.text.size() > 2 && t.text.back() == '\'' &&
      t.text[t.text.size() - 2] == 's') {
    return t.text.substr(0, t.text.size() - 1);
  }
  return "";
}

std::string Join(const std::vector<Tok>& toks, std::size_t from, std::size_t to,
                 bool lower = false) {
  std::string out;
  for (std::size_t k = from; k < to && k < toks.size(); ++k) {
    if (!out.empty()) out += ' ';
    out += lower ? toks[k].lower : toks[k].text;
  }
  return out;
}

// True when `w` is an inflected verb form ("works", "moved", "born"): the
// verb lemma differs from the word.
bool InflectedVerb(const Tok& t) {
  const WordForms& wf = WordForms::Get();
  std::string lemma = wf.Lemma(t.lower, Pos::kVerb);
  return !lemma.empty() && lemma != t.lower;
}
bool BaseVerb(const Tok& t) {
  return WordForms::Get().Lemma(t.lower, Pos::kVerb) == t.lower;
}
// Past participles that head a passive or stative phrase: inflected verb
// forms other than the third person "-s".
bool Participle(const Tok& t) {
  if (!InflectedVerb(t)) return false;
  const std::string& w = t.lower;
  return !(w.size() > 1 && w.back() == 's' &&
           w.compare(w.size() - 2, 2, "ss") != 0);
}

// True when the head noun of `phrase` names a person or an animal in
// WordNet (a hypernym path of one of its first senses reaches "organism"):
// "my son's name", "my dog's name" name a relative or a pet, while "our
// design system's name" names a thing.
// True when one of the first two senses of `phrase`'s head noun reaches a
// synset with one of the lemmas `tops` by hypernyms.
bool NounUnder(const std::string& phrase,
               std::initializer_list<std::string_view> tops);

// "Kind of Blue", "Rolling in the Deep", "Photoshop": capitalised words
// after a possessive that read as a work's title, not as a relation noun
// ("Germany's President", "Acme's Chief of Staff"). A title joins
// capitalised words by a function word (for "of" and "for", only when the
// first word names no person: a job title starts with one), or is one word
// WordNet has no lower-case noun for.
bool WorkTitle(const std::vector<Tok>& toks, std::size_t from, std::size_t to) {
  if (from >= to || !toks[from].cap || !toks[to - 1].cap) return false;
  const WordForms& wf = WordForms::Get();
  if (to == from + 1) {
    if (Acronym(toks[from])) return false;
    const std::string lemma = wf.Lemma(toks[from].lower, Pos::kNoun);
    if (lemma.empty()) return true;
    for (std::uint32_t sense : wf.Senses(lemma, Pos::kNoun)) {
      for (const std::string& w :
           wf.SynsetLemmas(sense, Pos::kNoun, /*as_written=*/true)) {
        if (w == lemma) return false;  // a common noun as written
      }
    }
    return true;
  }
  for (std::size_t k = from + 1; k + 1 < to; ++k) {
    if (toks[k].cap) continue;
    if (!IsPrep(toks[k].lower) && !IsDet(toks[k].lower) &&
        toks[k].lower != "and") {
      return false;  // a lower-case content word: no title case
    }
    if (In(toks[k].lower, {"of", "for"}) &&
        NounUnder(toks[from].lower, {"person"})) {
      return false;
    }
  }
  for (std::size_t k = from + 1; k + 1 < to; ++k) {
    if (!toks[k].cap) return true;
  }
  return false;
}

bool LivingNoun(const std::string& phrase) {
  return NounUnder(phrase, {"organism", "person"});
}

// A place or building ("home", "house", "estate", "office"): "his home in
// Ketchum" locates its owner in Ketchum.
bool PlaceNoun(const std::string& phrase) {
  return NounUnder(phrase, {"location", "structure", "housing"});
}

bool NounUnder(const std::string& phrase,
               std::initializer_list<std::string_view> tops) {
  const WordForms& wf = WordForms::Get();
  const std::size_t space = phrase.rfind(' ');
  const std::string head =
      space == std::string::npos ? phrase : phrase.substr(space + 1);
  const std::string lemma = wf.Lemma(head, Pos::kNoun);
  if (lemma.empty()) return false;
  std::vector<std::uint32_t> frontier = wf.Senses(lemma, Pos::kNoun);
  if (frontier.size() > 2) frontier.resize(2);
  for (int depth = 0; depth < 20 && !frontier.empty(); ++depth) {
    std::vector<std::uint32_t> next;
    for (std::uint32_t offset : frontier) {
      for (const std::string& l : wf.SynsetLemmas(offset, Pos::kNoun)) {
        if (In(l, tops)) return true;
      }
      for (const auto& [pos, up] : wf.Pointers(offset, Pos::kNoun, "@")) {
        if (pos == Pos::kNoun) next.push_back(up);
      }
    }
    frontier = std::move(next);
  }
  return false;
}

class Reader {
 public:
  Reader(const ParseContext& context, const KnownRelation& known)
      : ctx_(context), known_(known) {}

  Result<Clause> Read(std::string_view text) {
    toks_ = Tokenize(text);
    if (toks_.size() < 2) return Fail("too short for a statement");
    // "In Mexico the official language is Spanish": a fronted place names
    // the owner of the relation; read it as "the R of Mexico is V".
    if (In(toks_[0].lower, {"in", "at", "for"}) && toks_[1].cap) {
      std::size_t j = 2;
      while (j < toks_.size() && (toks_[j].cap || toks_[j].lower == "of")) ++j;
      std::size_t cop = j + 1;
      while (cop < toks_.size() && !IsCopula(toks_[cop].lower)) ++cop;
      if (j + 1 < cop && cop + 1 < toks_.size() && toks_[j].lower == "the") {
        std::string owner = Join(toks_, 1, j);
        if (!owner.empty() && owner.back() == ',') owner.pop_back();
        Reader sub(ctx_, known_);
        return sub.Read(Join(toks_, j, cop) + " of " + owner + " " +
                        Join(toks_, cop, toks_.size()));
      }
    }
    // Subject-less imperative-like lines about the user ("Prefers dark
    // mode"): a capitalised present-tense verb first.
    std::size_t verb = FindVerbGroup();
    if (verb == std::string::npos) {
      return Fail("no verb: not a statement");
    }
    if (verb == 0) return SubjectlessClause();
    // "Aisha left Initech and works at Vandelay", "Tagore wrote and spoke
    // in Bengali": verb phrases sharing one subject; the last one is read
    // (the later statement, and the one the trailing object belongs to).
    for (std::size_t k = toks_.size() - 2; k > verb; --k) {
      if (toks_[k].lower != "and") continue;
      std::size_t j = k + 1;
      while (j + 1 < toks_.size() && IsLightAdverb(toks_[j].lower)) ++j;
      const Tok& t = toks_[j];
      if (t.cap) break;
      const bool object_next =
          j + 1 < toks_.size() &&
          (IsPrep(toks_[j + 1].lower) || IsDet(toks_[j + 1].lower) ||
           IsPossDet(toks_[j + 1].lower) || toks_[j + 1].cap);
      const bool verbish =
          IsCopula(t.lower) || In(t.lower, {"has", "have", "had"}) ||
          (InflectedVerb(t) &&
           (!WordForms::Get().Is(t.lower, Pos::kNoun) || object_next));
      if (!verbish) break;
      Reader sub(ctx_, known_);
      Result<Clause> c = sub.Read(Join(toks_, 0, verb) + " " +
                                  Join(toks_, k + 1, toks_.size()));
      if (c.ok()) {
        c->shape += " (last of coordinated verb phrases)";
        return c;
      }
      break;
    }
    // Modal auxiliaries state possibilities, plans or wishes, not facts
    // ("User might be moving to Lisbon"): the gate's hedging stage decides
    // about them, the grammar does not key them.
    // "S would rather use V": a stated preference, not a possibility. The
    // verb after "rather" is dropped: what is preferred is its object.
    if (verb + 3 < toks_.size() && toks_[verb].lower == "would" &&
        toks_[verb + 1].lower == "rather" && IsVerbForm(verb + 2)) {
      std::string subject, ref, why;
      if (!Entity(0, verb, &subject, &ref, &why)) return Fail(why);
      std::size_t v = verb + 3;
      while (v + 1 < toks_.size() && IsPrep(toks_[v].lower)) ++v;
      return Check(Make(subject, "prefer", ValueText(v, toks_.size()),
                        PhraseKind::kVerb, "S would rather R V", ref));
    }
    for (std::size_t k = verb; k < toks_.size() && k < verb + 3; ++k) {
      // A capitalised "May" or "Will" past the verb is a month or a title.
      if (k > verb && toks_[k].cap) continue;
      if (In(toks_[k].lower, {"might", "may", "could", "would", "should",
                              "will", "shall", "must"})) {
        return Fail("modal '" + toks_[k].text + "': not a statement of fact");
      }
    }
    std::size_t main = verb;
    // Skip auxiliaries and light adverbs to the main verb.
    bool has_aux_have = false;
    negated_ = false;
    while (main < toks_.size() &&
           (IsAux(toks_[main].lower) || IsLightAdverb(toks_[main].lower) ||
            toks_[main].lower == "not" || toks_[main].lower == "never")) {
      if (In(toks_[main].lower, {"has", "have", "had"})) has_aux_have = true;
      if (In(toks_[main].lower, {"not", "never"})) negated_ = true;
      // "Simone Biles does gymnastics": "do" with no verb after it is the
      // main verb.
      if (In(toks_[main].lower, {"do", "does", "did"}) &&
          main + 1 < toks_.size() && toks_[main + 1].lower != "not" &&
          !IsLightAdverb(toks_[main + 1].lower) && !IsVerbForm(main + 1)) {
        break;
      }
      ++main;
    }
    if (main >= toks_.size()) {
      // "S has V" with the aux as the main verb was consumed above.
      if (has_aux_have)
        main = verb;
      else
        return Fail("no main verb");
    }
    // Verbs that link the subject to a role or state read like the copula:
    // "X became the CEO of Y" is "X is the CEO of Y" (from then on), "X
    // serves as / works as a release manager", "X got promoted to V".
    if (main + 1 < toks_.size() && !IsCopula(toks_[main].lower)) {
      const std::string lemma =
          WordForms::Get().Lemma(toks_[main].lower, Pos::kVerb);
      if (In(lemma, {"become", "remain"})) {
        return CopulaLike(verb, main + 1, "S became V", "is a");
      }
      // "works as a chemist" keeps its verb: it says the value is a job.
      if (In(lemma, {"serve", "act", "work", "function"}) &&
          toks_[main + 1].lower == "as" && main + 2 < toks_.size()) {
        return CopulaLike(verb, main + 2, "S serves as V",
                          Join(toks_, main, main + 2, true));
      }
      if (lemma == "get" && Participle(toks_[main + 1])) {
        return CopulaClause(verb, main + 1);
      }
    }
    if (main < toks_.size() && IsCopula(toks_[main].lower)) {
      std::size_t after = main + 1;
      while (after < toks_.size() && (IsCopula(toks_[after].lower) ||
                                      IsLightAdverb(toks_[after].lower))) {
        ++after;
      }
      return CopulaClause(verb, after);
    }
    // "has/have/had" as the main verb: a has-phrase.
    if (has_aux_have && (main >= toks_.size() || !IsVerbForm(main))) {
      std::size_t v = main - 1;
      while (v > verb && !In(toks_[v].lower, {"has", "have", "had"})) --v;
      return HasClause(verb, v, main);
    }
    return VerbClause(verb, main);
  }

 private:
  Result<Clause> Fail(const std::string& why) { return Status::NotFound(why); }

  bool IsVerbForm(std::size_t k) const {
    const Tok& t = toks_[k];
    if (t.cap && k > 0) return false;
    if (IsDet(t.lower) || IsPossDet(t.lower) || IsPrep(t.lower)) return false;
    return WordForms::Get().Is(t.lower, Pos::kVerb);
  }

  // Index of the first token of the verb group, or npos.
  std::size_t FindVerbGroup() const {
    const WordForms& wf = WordForms::Get();
    // A line that opens with a present-tense verb has no subject.
    if (!toks_.empty() && !IsSubjectPronoun(toks_[0].lower) &&
        !IsDet(toks_[0].lower) && !IsPossDet(toks_[0].lower) &&
        !IsCopula(toks_[0].lower) && !IsAux(toks_[0].lower) &&
        toks_[0].lower != "user" && Possessor(toks_[0]).empty()) {
      const std::string& w = toks_[0].lower;
      std::string lemma = wf.Lemma(w, Pos::kVerb);
      if (!lemma.empty() && lemma != w && w.back() == 's' &&
          wf.Lemma(w, Pos::kNoun).empty()) {
        return 0;
      }
    }
    const bool pronoun_subject = IsSubjectPronoun(toks_[0].lower);
    for (std::size_t k = 1; k < toks_.size(); ++k) {
      const Tok& t = toks_[k];
      if (!Possessor(t).empty()) continue;
      if (IsCopula(t.lower) || IsAux(t.lower)) return k;
      // "I like rock climbing": right after a subject pronoun, a verb form
      // is the verb even when it can also be a preposition.
      if (pronoun_subject && k == 1 && !t.cap && wf.Is(t.lower, Pos::kVerb)) {
        return k;
      }
      if (t.cap || IsDet(t.lower) || IsPossDet(t.lower) || IsPrep(t.lower)) {
        continue;
      }
      if (IsLightAdverb(t.lower) && k + 1 < toks_.size()) continue;
      if (!wf.Is(t.lower, Pos::kVerb)) continue;
      // Right after an article or a possessive a word heads or modifies a
      // noun phrase: "Samsung's headquarters is", "the headquarters of".
      const Tok& prev = toks_[k - 1];
      if (In(prev.lower, {"a", "an", "the"}) || IsPossDet(prev.lower) ||
          !Possessor(prev).empty()) {
        continue;
      }
      // A participle inside the subject before the copula modifies a noun:
      // "The language spoken by X is French", "the user's favorite spoken
      // language is Italian".
      if (Participle(t) && !prev.cap && !IsPrep(prev.lower) &&
          !IsSubjectPronoun(prev.lower) && !IsLightAdverb(prev.lower) &&
          CopulaAhead(k + 1)) {
        continue;
      }
      if (InflectedVerb(t)) {
        // "The project deadline" has no verb; "programming" in a noun
        // phrase is a modifier, not a verb: -ing forms need an auxiliary.
        if (t.lower.size() > 4 &&
            t.lower.compare(t.lower.size() - 3, 3, "ing") == 0) {
          continue;
        }
        return k;
      }
      // A base form is a verb after a pronoun or plural subject ("I live",
      // "They own").
      if (BaseVerb(t) && (pronoun_subject || k == 1 + LeadingAdverbs(1))) {
        if (pronoun_subject) return k;
      }
    }
    return std::string::npos;
  }

  // A copula later in the sentence, before any relative word or comma.
  bool CopulaAhead(std::size_t from) const {
    for (std::size_t k = from; k < toks_.size(); ++k) {
      if (IsCopula(toks_[k].lower)) return true;
      if (IsAux(toks_[k].lower) || IsRelativeWord(toks_[k].lower) ||
          toks_[k].text.back() == ',') {
        return false;
      }
    }
    return false;
  }

  std::size_t LeadingAdverbs(std::size_t from) const {
    std::size_t n = 0;
    while (from + n < toks_.size() && IsLightAdverb(toks_[from + n].lower)) {
      ++n;
    }
    return n;
  }

  // Resolves a noun phrase used as an entity: speaker, addressee, "the
  // user", pronouns; drops a leading determiner before a common noun.
  bool Entity(std::size_t from, std::size_t to, std::string* out,
              std::string* ref, std::string* why) const {
    while (from < to && IsLightAdverb(toks_[from].lower)) ++from;
    // "I usually order": an adverb before the verb is not in the subject.
    while (to > from + 1 && IsLightAdverb(toks_[to - 1].lower)) --to;
    if (from >= to) {
      *why = "empty noun phrase";
      return false;
    }
    const std::string first = toks_[from].lower;
    const std::size_t n = to - from;
    // "Here is a list", "There are three": existential, no subject.
    if (n == 1 && In(first, {"here", "there", "this", "that", "what", "which",
                             "who", "everything", "nothing", "something"})) {
      *why = "'" + toks_[from].text + "' names no entity";
      return false;
    }
    if (n == 1 && In(first, {"i", "me", "myself", "mine"})) {
      if (ctx_.speaker == ParseContext::Speaker::kAssistant) {
        *why = "'" + toks_[from].text +
               "' in an assistant line is the "
               "assistant, not the user";
        return false;
      }
      *out = ctx_.user;
      *ref = "speaker";
      return true;
    }
    if (n == 1 && In(first, {"you", "yourself", "yours"})) {
      if (ctx_.speaker != ParseContext::Speaker::kAssistant) {
        *why = "'you' in a user line is the assistant";
        return false;
      }
      *out = ctx_.user;
      *ref = "addressee";
      return true;
    }
    if (n == 1 && In(first, {"we", "us"})) {
      *out = ctx_.user;
      *ref = "speaker (we)";
      return ctx_.speaker != ParseContext::Speaker::kAssistant;
    }
    if ((n == 1 && first == "user") ||
        (n == 2 && IsDet(first) && toks_[from + 1].lower == "user")) {
      *out = ctx_.user;
      *ref = "the user";
      return true;
    }
    if (n == 1 && In(first, {"he", "she", "it", "they", "him", "them"})) {
      return Pronoun(toks_[from].text, out, ref, why);
    }
    // Determiners go before a common noun ("The project" == "project",
    // "The API gateway" == "API gateway"); a name keeps its article ("The
    // Hague", "The Night Watch").
    if (n >= 2 && IsDet(first) &&
        (!toks_[from + 1].cap || !toks_[to - 1].cap)) {
      ++from;
      // "The television show Borgen": lower-case type nouns before a name
      // in apposition; the name is the entity.
      std::size_t k = from;
      while (k < to && !toks_[k].cap && !IsPrep(toks_[k].lower) &&
             WordForms::Get().Is(toks_[k].lower, Pos::kNoun)) {
        ++k;
      }
      bool name = k > from && k < to;
      for (std::size_t j = k; j < to && name; ++j) name = toks_[j].cap;
      if (name) from = k;
    }
    if (n >= 2 && (first == "our" || first == "my") &&
        ctx_.speaker != ParseContext::Speaker::kAssistant) {
      ++from;  // "our staging database": the user's own things
    }
    *out = Join(toks_, from, to);
    if (out->empty()) {
      *why = "empty noun phrase";
      return false;
    }
    return true;
  }

  bool Pronoun(const std::string& word, std::string* out, std::string* ref,
               std::string* why) const {
    std::vector<std::string> distinct;
    for (const std::string& s : ctx_.subjects) {
      if (s == ctx_.user) continue;
      bool seen = false;
      for (const std::string& d : distinct)
        seen = seen || NormalizeKey(d) == NormalizeKey(s);
      if (!seen) distinct.push_back(s);
    }
    if (distinct.empty()) {
      *why = "pronoun '" + word + "' has no earlier subject in this chunk";
      return false;
    }
    if (distinct.size() > 1) {
      *why = "pronoun '" + word + "' is ambiguous: " + distinct[0] + " or " +
             distinct[1];
      return false;
    }
    *out = distinct[0];
    *ref = "pronoun '" + word + "' -> " + distinct[0];
    return true;
  }

  // A possessive determiner's owner ("my" -> user, "his" -> pronoun).
  bool Owner(const Tok& t, std::string* out, std::string* ref,
             std::string* why) const {
    if (t.lower == "my" || t.lower == "our") {
      if (ctx_.speaker == ParseContext::Speaker::kAssistant) {
        *why = "'" + t.text + "' in an assistant line is the assistant";
        return false;
      }
      *out = ctx_.user;
      *ref = "speaker";
      return true;
    }
    if (t.lower == "your") {
      if (ctx_.speaker != ParseContext::Speaker::kAssistant) {
        *why = "'your' in a user line is the assistant's";
        return false;
      }
      *out = ctx_.user;
      *ref = "addressee";
      return true;
    }
    return Pronoun(t.text, out, ref, why);
  }

  // Reads a noun phrase naming (owner, relation): "S's R", "my R",
  // "the R of S", "the S R" (compound). Returns false when the phrase has
  // no owner.
  bool Relational(std::size_t from, std::size_t to, std::string* subject,
                  std::string* relation, std::string* ref, std::string* shape,
                  bool* capitalised, std::string* why) const {
    if (from >= to) return false;
    // "S's R"
    for (std::size_t k = from; k + 1 < to; ++k) {
      std::string owner = Possessor(toks_[k]);
      if (owner.empty()) continue;
      // "educated at King's College": an owner behind a preposition is part
      // of a name in a prepositional phrase, not the start of "S's R".
      // "The Tale of Genji's" keeps its "of": it joins two capitalised words.
      bool behind_prep = false;
      for (std::size_t j = from; j < k; ++j) {
        const bool in_name = j > from && toks_[j - 1].cap && toks_[j + 1].cap;
        behind_prep = behind_prep || (IsPrep(toks_[j].lower) && !in_name);
      }
      if (behind_prep) break;
      std::vector<Tok> left(toks_.begin() + from, toks_.begin() + k + 1);
      left.back().text = owner;
      left.back().lower = owner;
      for (char& c : left.back().lower) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      }
      Reader sub(ctx_, known_);
      sub.toks_ = left;
      // "My son's name is Leo", "Ana's dog's name is Rex": the name of a
      // relational noun phrase is the value of that relation.
      if (Join(toks_, k + 1, to, true) == "name" &&
          sub.Relational(0, left.size(), subject, relation, ref, shape,
                         capitalised, why) &&
          *shape != "the S R (compound)" && LivingNoun(*relation)) {
        *shape = "S's R's name";
        return true;
      }
      why->clear();
      if (!sub.Entity(0, left.size(), subject, ref, why)) return false;
      // "Einstein's wife's name was Mileva".
      if (to - k == 3 && toks_[to - 1].lower == "name" &&
          !Possessor(toks_[k + 1]).empty()) {
        std::string noun = Possessor(toks_[k + 1]);
        for (char& c : noun) {
          c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
        if (LivingNoun(noun)) {
          *relation = noun;
          *capitalised = false;
          *shape = "S's R's name";
          return true;
        }
      }
      *relation = Join(toks_, k + 1, to, true);
      *capitalised =
          toks_[k + 1].cap && !(to == k + 2 && Acronym(toks_[k + 1]));
      *shape = "S's R";
      return true;
    }
    // "my R", "his R"
    if (IsPossDet(toks_[from].lower) && to - from >= 2) {
      if (!Owner(toks_[from], subject, ref, why)) return false;
      *relation = Join(toks_, from + 1, to, true);
      *capitalised = false;
      *shape = "my R";
      return true;
    }
    // "the language spoken by S": a reduced relative names the relation
    // ("spoken language") and its agent the owner.
    if (In(toks_[from].lower, {"the", "a", "an"})) {
      for (std::size_t k = from + 2; k + 2 < to; ++k) {
        // "the hero dreamed up by S": a particle may follow.
        const std::size_t by =
            k + 3 < to && IsParticle(toks_[k + 1].lower) ? k + 2 : k + 1;
        if (toks_[by].lower != "by" || !Participle(toks_[k])) continue;
        bool nouns = true;
        for (std::size_t j = from + 1; j < k; ++j) {
          nouns = nouns && !toks_[j].cap && !IsPrep(toks_[j].lower);
        }
        if (!nouns) break;
        if (!Entity(by + 1, to, subject, ref, why)) return false;
        *relation =
            Join(toks_, k, by, true) + " " + Join(toks_, from + 1, k, true);
        *capitalised = false;
        *shape = "the R-ed by S";
        return true;
      }
    }
    // "the R of S"
    if (IsDet(toks_[from].lower)) {
      // "the country of citizenship of S": the longest relation the
      // lexicon knows, else the first "of".
      std::size_t split = 0;
      for (std::size_t k = from + 2; k + 1 < to; ++k) {
        if (toks_[k].lower != "of") continue;
        if (split == 0) split = k;
        if (known_ && known_(Join(toks_, from + 1, k, true))) split = k;
      }
      // "The Book of Kells": capitalised words on both sides of "of" and
      // no lexicon relation before it make one name, not "the R of S".
      // "The Dark Side of the Moon" likewise, unless its first word names
      // a person ("The President of the United States" holds an office).
      const bool titled_owner =
          split != 0 && (toks_[split + 1].cap ||
                         (split + 2 < to && toks_[split + 1].lower == "the" &&
                          toks_[split + 2].cap &&
                          !NounUnder(toks_[from + 1].lower, {"person"})));
      if (split != 0 && toks_[from + 1].cap && titled_owner &&
          !(known_ && known_(Join(toks_, from + 1, split, true)))) {
        split = 0;
        if (to - from >= 3) return false;
      }
      if (split != 0) {
        const std::size_t k = split;
        // "The name of my dog is Rex": as "my dog's name".
        if (Join(toks_, from + 1, k, true) == "name" &&
            Relational(k + 1, to, subject, relation, ref, shape, capitalised,
                       why) &&
            *shape != "the S R (compound)" && LivingNoun(*relation)) {
          *shape = "the name of S's R";
          return true;
        }
        why->clear();
        // "the current holder of the office of Mayor of Tokyo": the office
        // is the subject, its holder the value.
        std::size_t o = k + 1;
        if (o < to && toks_[o].lower == "the") ++o;
        const std::string head = toks_[k - 1].lower;
        if (o + 2 < to && IsOfficeNoun(toks_[o].lower) &&
            toks_[o + 1].lower == "of" && toks_[o + 2].cap &&
            In(head, {"holder", "occupant", "incumbent"})) {
          *subject = Join(toks_, o + 2, to);
          *relation = "office holder";
          *capitalised = false;
          *shape = "the holder of the office of S";
          return true;
        }
        if (!Entity(k + 1, to, subject, ref, why)) return false;
        *relation = Join(toks_, from + 1, k, true);
        *capitalised =
            toks_[from + 1].cap && !(k == from + 2 && Acronym(toks_[from + 1]));
        *shape = "the R of S";
        return true;
      }
      // "The deadline for the project": an attribute "for" its owner, as
      // "the project's deadline" (one or two lower-case nouns first).
      for (std::size_t k = from + 2; k < to - 1 && k <= from + 3; ++k) {
        if (toks_[k].lower != "for") continue;
        bool nouns = true;
        for (std::size_t j = from + 1; j < k; ++j) {
          nouns = nouns && !toks_[j].cap && !IsPrep(toks_[j].lower) &&
                  !IsDet(toks_[j].lower) &&
                  WordForms::Get().Is(toks_[j].lower, Pos::kNoun);
        }
        if (!nouns) break;
        std::string why_not;
        if (!Entity(k + 1, to, subject, ref, &why_not)) break;
        *relation = Join(toks_, from + 1, k, true);
        *capitalised = false;
        *shape = "the R for S";
        return true;
      }
      // "The project deadline": determiner, two or more lower-case nouns.
      if (to - from >= 3) {
        bool nouns = true;
        for (std::size_t k = from + 1; k < to; ++k) {
          nouns = nouns && !toks_[k].cap && !IsPrep(toks_[k].lower) &&
                  !IsDet(toks_[k].lower);
        }
        if (nouns) {
          *subject = Join(toks_, from + 1, to - 1);
          if (NormalizeKey(*subject) == "user") {
            *subject = ctx_.user;
            *ref = "the user";
          }
          *relation = toks_[to - 1].lower;
          *capitalised = false;
          *shape = "the S R (compound)";
          return true;
        }
      }
    }
    return false;
  }

  Clause Make(std::string subject, std::string relation, std::string value,
              PhraseKind kind, std::string shape, std::string ref,
              bool capitalised = false) const {
    Clause c;
    c.subject = CleanDisplay(subject);
    c.relation = NormalizeKey(relation);
    c.value = CleanDisplay(value);
    c.kind = kind;
    c.shape = std::move(shape);
    c.subject_ref = std::move(ref);
    c.relation_capitalised = capitalised;
    return c;
  }

  Result<Clause> Check(Clause c) {
    auto blank = [](const std::string& s) {
      for (char ch : s) {
        if (std::isalnum(static_cast<unsigned char>(ch)) ||
            static_cast<unsigned char>(ch) >= 0x80) {
          return false;
        }
      }
      return true;
    };
    if (blank(c.subject)) return Fail("no subject (" + c.shape + ")");
    if (blank(c.relation)) return Fail("no relation phrase (" + c.shape + ")");
    if (blank(c.value)) return Fail("no value (" + c.shape + ")");
    return c;
  }

  // Value noun phrase: object pronouns resolve like subjects.
  std::string ValueText(std::size_t from, std::size_t to) const {
    if (to - from == 1) {
      std::string v, ref, why;
      if (In(toks_[from].lower, {"me", "us"}) &&
          ctx_.speaker != ParseContext::Speaker::kAssistant) {
        return ctx_.user;
      }
    }
    // "a/the X" values keep their words but not the article ("the payments
    // team" -> "payments team") unless it starts a name.
    // A lower-case article mid-sentence is not part of a name ("makes the
    // Corolla"); a capitalised one may be ("The Hague").
    if (to - from >= 2 && IsDet(toks_[from].lower) && !toks_[from].cap) {
      ++from;
    }
    return Join(toks_, from, to);
  }

  Result<Clause> SubjectlessClause() {
    // "Prefers dark mode in all apps": the relation is the verb.
    std::string rel = toks_[0].lower;
    std::size_t v = 1;
    while (v < toks_.size() &&
           (IsPrep(toks_[v].lower) || IsParticle(toks_[v].lower)) &&
           v + 1 < toks_.size()) {
      rel += " " + toks_[v].lower;
      ++v;
    }
    return Check(Make(ctx_.user, rel, Join(toks_, v, toks_.size()),
                      PhraseKind::kVerb, "(user) verb V", "implied user"));
  }

  // Verbs that move a slot to a new value: "changed to", "moved to".
  static bool IsChangeLemma(std::string_view lemma) {
    return In(lemma, {"change", "move", "switch", "shift", "push", "postpone",
                      "reschedule", "update", "upgrade", "migrate", "bump",
                      "rename", "transfer"});
  }

  static bool IsOfficeNoun(std::string_view w) {
    return In(w, {"office", "position", "post", "role", "title", "seat"});
  }

  static bool IsRelativeWord(std::string_view w) {
    return In(w, {"where", "that", "which", "whom", "who"});
  }

  // "V is where S <verb phrase>" or "V is the N that/where S <verb
  // phrase> [prep]": the clause's own subject is the fact's subject and `left`
  // its value. The relation phrase is the clause's verb phrase (auxiliaries
  // and possessive determiners dropped), "in" added for "where", and the
  // type noun N appended as evidence ("belongs to continent"). A relative
  // pronoun that is the clause's subject ("the state that contains X") reads
  // nothing here: its verb runs the other way.
  Result<Clause> ValueFirst(const std::string& left, std::size_t verb,
                            std::size_t after) {
    const std::size_t n = toks_.size();
    std::size_t start = n;  // first token of the relative clause
    bool where = false;
    std::string type_noun;
    std::string fronted_prep;  // "on which": "on"
    if (toks_[after].lower == "where") {
      start = after + 1;
      where = true;
    } else if (In(toks_[after].lower, {"what", "who", "whom"})) {
      start = after + 1;  // "Fado is what Amalia Rodrigues sings"
    } else if (toks_[after].lower == "the") {
      // The type noun: lower-case words, "of" inside ("the style of music").
      std::size_t k = after + 1;
      while (k < n && k < after + 5 && !toks_[k].cap &&
             !IsRelativeWord(toks_[k].lower) &&
             (!IsPrep(toks_[k].lower) ||
              (toks_[k].lower == "of" && k + 1 < n && !toks_[k + 1].cap)) &&
             !IsDet(toks_[k].lower) && !IsPossDet(toks_[k].lower)) {
        ++k;
      }
      if (k > after + 1 && k < n) {
        type_noun = Join(toks_, after + 1, k, true);
        if (IsRelativeWord(toks_[k].lower)) {
          start = k + 1;
          where = toks_[k].lower == "where";
          // "the network that first aired S": adverbs before the verb.
          while (start + 1 < n && !where && IsLightAdverb(toks_[start].lower)) {
            ++start;
          }
          // "V is the label that signed S": the relative pronoun is the
          // clause's subject, so V does what the clause says.
          if (start < n && !where && !toks_[start].cap &&
              InflectedVerb(toks_[start]) && start + 1 < n) {
            // "Def Jam is the label that signed S": S was signed by V, and
            // the type noun is evidence of which relation that is.
            // A generic head ("the company that made X") says nothing
            // about the relation; the clause's own verb does.
            if (known_ && known_(type_noun) &&
                !In(type_noun, {"company", "firm", "business", "organization",
                                "organisation", "person", "man", "woman",
                                "people", "group", "place", "thing", "one",
                                "entity", "country", "city"})) {
              return Check(Make(ValueText(start + 1, n),
                                toks_[start].lower + " by " + type_noun, left,
                                PhraseKind::kPassive, "V is the N that R S",
                                ""));
            }
            Reader sub(ctx_, known_);
            Result<Clause> c =
                sub.Read(Join(toks_, 0, verb) + " " + Join(toks_, start, n));
            if (c.ok()) c->shape = "V is the N that R S";
            return c;
          }
        } else if (toks_[k].cap) {
          start = k;  // a contact clause: "the sport Teddy Riner plays"
        } else if (IsPrep(toks_[k].lower) && k + 2 < n &&
                   In(toks_[k + 1].lower, {"which", "whom"})) {
          // "the continent on which S stands": the preposition goes with
          // the clause's verb, as "where" gives "in".
          start = k + 2;
          fronted_prep = toks_[k].lower;
        }
      }
    }
    if (start + 1 >= n) return Fail("no relative clause");
    Reader sub(ctx_, known_);
    sub.toks_.assign(toks_.begin() + start, toks_.end());
    const std::size_t v = sub.FindVerbGroup();
    if (v == std::string::npos || v == 0) return Fail("no clause subject");
    std::string subject, ref, why;
    if (!sub.Entity(0, v, &subject, &ref, &why)) return Fail(why);
    std::string phrase;
    for (std::size_t k = v; k < sub.toks_.size(); ++k) {
      const std::string& w = sub.toks_[k].lower;
      if (IsAux(w) || IsCopula(w) || IsLightAdverb(w) || IsDet(w) ||
          IsPossDet(w)) {
        if (k + 1 < sub.toks_.size() || !phrase.empty()) continue;
      }
      if (sub.toks_[k].cap) return Fail("relative clause has an object");
      phrase += (phrase.empty() ? "" : " ") + w;
    }
    if (phrase.empty()) return Fail("relative clause has no verb");
    const bool ends_in_prep = IsPrep(sub.toks_.back().lower);
    if (where && !ends_in_prep) phrase += " in";
    if (!fronted_prep.empty() && !ends_in_prep) phrase += " " + fronted_prep;
    if (!type_noun.empty()) phrase += " " + type_noun;
    Result<Clause> c = Check(Make(subject, phrase, left, PhraseKind::kVerb,
                                  !type_noun.empty() ? "V is the N that S R"
                                  : where            ? "V is where S R"
                                                     : "V is what S R",
                                  ref));
    if (c.ok()) c->type_noun = type_noun;
    return c;
  }

  // "the continent of Africa", "the country of North Macedonia", "its
  // capital Hanoi": a type noun naming what kind of thing the value is. The
  // value is the name; the type noun goes into *type_noun.
  bool TypedValue(std::size_t from, std::size_t to, std::string* value,
                  std::string* type_noun) const {
    if (from >= to) return false;
    const std::string& d = toks_[from].lower;
    // "by chief executive Satya Nadella": lower-case nouns, then the name.
    if (!IsDet(d) && !IsPossDet(d) && !toks_[from].cap) {
      std::size_t k = from;
      // "prime minister": an adjective may open the type noun.
      while (k < to && k < from + 2 && !toks_[k].cap &&
             !IsPrep(toks_[k].lower) &&
             (WordForms::Get().Is(toks_[k].lower, Pos::kNoun) ||
              (k == from && k + 2 < to &&
               WordForms::Get().Is(toks_[k].lower, Pos::kAdj) &&
               WordForms::Get().Is(toks_[k + 1].lower, Pos::kNoun)))) {
        ++k;
      }
      // "version 4.3.0": a number names itself like a name.
      const bool named =
          k < to &&
          (toks_[k].cap ||
           std::isdigit(static_cast<unsigned char>(toks_[k].text[0])));
      if (k == from || k >= to || !named) return false;
      *type_noun = Join(toks_, from, k, true);
      *value = Join(toks_, k, to);
      return true;
    }
    if (!IsDet(d) && !IsPossDet(d)) return false;
    std::size_t k = from + 1;
    while (k < to && k < from + 3 && !toks_[k].cap && !IsPrep(toks_[k].lower) &&
           WordForms::Get().Is(toks_[k].lower, Pos::kNoun)) {
      ++k;
    }
    if (k == from + 1 || k >= to) return false;
    // "his home in Ketchum", "her estate near Bath": a place of the
    // owner's, located by the name after it. The name is the value; the
    // place noun says nothing of the relation.
    if (IsPossDet(d) && k + 1 < to && toks_[k + 1].cap &&
        In(toks_[k].lower, {"in", "at", "near", "outside"}) &&
        PlaceNoun(toks_[k - 1].lower)) {
      type_noun->clear();
      *value = Join(toks_, k + 1, to);
      return true;
    }
    std::size_t name = k;
    if (d == "the" && toks_[k].lower == "of")
      ++name;
    else if (!IsPossDet(d))
      return false;  // "its capital Hanoi"
    // "the government of the United Kingdom": the name may take "the".
    const bool the_name = d == "the" && name > k && name + 1 < to &&
                          toks_[name].lower == "the" && toks_[name + 1].cap;
    if (name >= to || (!toks_[name].cap && !the_name)) return false;
    *type_noun = Join(toks_, from + 1, k, true);
    *value = Join(toks_, name, to);
    return true;
  }

  // A value phrase that may name its type: returns the value and appends
  // the type noun to *relation.
  std::string ValueWithType(std::size_t from, std::size_t to,
                            std::string* relation,
                            std::string* type_noun = nullptr) const {
    std::string value, type;
    if (TypedValue(from, to, &value, &type)) {
      if (!type.empty()) *relation += " " + type;
      if (type_noun != nullptr) *type_noun = type;
      return value;
    }
    return ValueText(from, to);
  }

  // A verb read as the copula: the copula's shapes, else "S is a V" with
  // the whole noun phrase as the value ("became the infrastructure lead").
  Result<Clause> CopulaLike(std::size_t verb, std::size_t after,
                            const std::string& shape,
                            const std::string& relation) {
    Result<Clause> c = CopulaClause(verb, after);
    if (c.ok()) {
      // "works as a chemist": a plain class noun keeps the verb phrase.
      if (c->relation == "is a") c->relation = NormalizeKey(relation);
      return c;
    }
    std::string left, ref, why;
    if (!Entity(0, verb, &left, &ref, &why)) return Fail(why);
    if (after >= toks_.size() || IsPrep(toks_[after].lower)) return c;
    return Check(Make(left, relation, ValueText(after, toks_.size()),
                      PhraseKind::kVerb, shape, ref));
  }

  Result<Clause> CopulaClause(std::size_t verb, std::size_t after) {
    std::string why;
    // "was elected president of V", "was appointed governor", "got
    // promoted to staff engineer", "was hired as a designer": the office
    // after the participle is what the subject now is.
    if (after + 1 < toks_.size() && Participle(toks_[after])) {
      const std::string lemma =
          WordForms::Get().Lemma(toks_[after].lower, Pos::kVerb);
      if (In(lemma, {"elect", "appoint", "promote", "crown", "reelect",
                     "nominate", "hire", "install", "inaugurate"})) {
        std::size_t j = after + 1;
        if (In(toks_[j].lower, {"as", "to"}) && j + 1 < toks_.size() &&
            (toks_[j].lower == "as" || lemma == "promote")) {
          ++j;
        }
        if (!IsPrep(toks_[j].lower)) {
          return CopulaLike(verb, j, "S was elected V", "is a");
        }
      }
    }
    std::string subject, relation, ref, shape;
    bool cap = false;
    const std::size_t n = toks_.size();
    if (after >= n) return Fail("nothing after the copula");
    // "Kyoto and Boston are sister cities", "Tom and Ana are siblings": a
    // symmetric relation stated of a pair; the plural noun names it.
    if (In(toks_[verb].lower, {"are", "were"}) && !toks_[n - 1].cap &&
        !IsDet(toks_[after].lower) && !IsPossDet(toks_[after].lower) &&
        !IsPrep(toks_[after].lower)) {
      std::size_t and_at = 0;
      for (std::size_t k = 1; k + 1 < verb; ++k) {
        if (toks_[k].lower == "and") and_at = k;
      }
      const std::string head = toks_[n - 1].lower;
      const std::string singular = WordForms::Get().Lemma(head, Pos::kNoun);
      bool plain = true;
      for (std::size_t k = after; k < n; ++k) {
        plain = plain && !toks_[k].cap && !IsPrep(toks_[k].lower);
      }
      if (and_at != 0 && plain && !singular.empty() && singular != head) {
        std::string a, b, ref_a, ref_b;
        if (Entity(0, and_at, &a, &ref_a, &why) &&
            Entity(and_at + 1, verb, &b, &ref_b, &why)) {
          std::string rel = Join(toks_, after, n - 1, true);
          rel += (rel.empty() ? "" : " ") + singular;
          return Check(
              Make(a, rel, b, PhraseKind::kNoun, "S and V are Rs", ref_a));
        }
        why.clear();
      }
    }
    // 1. Left side names the relation: "S's R is V", "The R of S is V",
    //    "My R is V", "The project deadline is V".
    // "The office of V is held by S": S holds the office.
    if (after + 2 < n && verb >= 4 && toks_[0].lower == "the" &&
        IsOfficeNoun(toks_[1].lower) && toks_[2].lower == "of" &&
        toks_[3].cap && toks_[after + 1].lower == "by" &&
        In(WordForms::Get().Lemma(toks_[after].lower, Pos::kVerb),
           {"hold", "occupy", "fill"})) {
      return Check(Make(Join(toks_, 3, verb), "office holder",
                        ValueText(after + 2, n), PhraseKind::kNoun,
                        "the office of S is held by V", ""));
    }
    bool relational =
        Relational(0, verb, &subject, &relation, &ref, &shape, &cap, &why);
    // "The board of Alphabet is chaired by V", "Acme's board is chaired by
    // V": a passive after a relational noun phrase; the owner is the
    // subject and the noun joins the passive verb as evidence.
    const bool title = shape == "S's R" && cap && !(known_ && known_(relation));
    // "Miles Davis's Kind of Blue is widely cited as ...": a work's title
    // after the possessive; the whole phrase is the subject.
    if (relational && title) {
      std::size_t owned = 0;
      while (owned < verb && Possessor(toks_[owned]).empty()) ++owned;
      if (owned + 1 < verb && WorkTitle(toks_, owned + 1, verb)) {
        relational = false;
      }
    }
    if (relational && !title && after + 2 < n && Participle(toks_[after]) &&
        toks_[after + 1].lower == "by") {
      if (shape == "the S R (compound)") {
        relational = false;
      } else {
        return Check(Make(subject, relation + " " + toks_[after].lower + " by",
                          ValueText(after + 2, n), PhraseKind::kPassive,
                          shape + " is R-ed by V", ref));
      }
    }
    // "The billing service is written in Kotlin": a compound noun before a
    // participle or preposition is the subject, not "the S R".
    if (relational && shape == "the S R (compound)" &&
        (IsPrep(toks_[after].lower) || Participle(toks_[after]))) {
      relational = false;
    }
    // "Pan's Labyrinth was made in Spanish": a capitalised word after the
    // possessive that names no relation, then a verb phrase, is one title.
    if (relational && shape == "S's R" && cap && after + 1 < n &&
        Participle(toks_[after]) && IsPrep(toks_[after + 1].lower) &&
        !(known_ && known_(relation))) {
      relational = false;
    }
    if (relational) {
      // "Nike's headquarters is located in V": a stative participle and its
      // preposition say where the relation holds.
      if (after + 2 < n && Participle(toks_[after]) &&
          In(toks_[after + 1].lower, {"in", "at", "on"})) {
        after += 2;
      }
      // "The deadline of X was pushed to V": a change participle and "to"
      // or "for" name the new value.
      if (after + 2 < n && Participle(toks_[after]) &&
          In(toks_[after + 1].lower, {"to", "for"}) &&
          IsChangeLemma(
              WordForms::Get().Lemma(toks_[after].lower, Pos::kVerb))) {
        after += 2;
      }
      // "My sister is called Ana": a naming participle before the value.
      if (after + 1 < n && Participle(toks_[after]) &&
          !IsPrep(toks_[after + 1].lower) && !IsDet(toks_[after + 1].lower)) {
        ++after;
      }
      // "Norway's membership is in the EFTA": a locative preposition before
      // the value says where the relation holds, not what its value is.
      // "My allergy is to amoxicillin": "to" likewise.
      if (after + 1 < n && !toks_[after].cap &&
          In(toks_[after].lower, {"in", "at", "on", "to"})) {
        ++after;
      }
      return Check(Make(subject, relation, ValueText(after, n),
                        PhraseKind::kNoun, shape + " is V", ref, cap));
    }
    if (!why.empty()) return Fail(why);
    std::string left, left_ref;
    if (!Entity(0, verb, &left, &left_ref, &why)) return Fail(why);
    const Tok& first = toks_[after];
    // 1b. Value first: "V is where S died", "V is the continent that S
    //     belongs to", "V is the country where S is found".
    {
      Result<Clause> c = ValueFirst(left, verb, after);
      if (c.ok()) return c;
    }
    // "Redmond is home to the headquarters of Microsoft": V hosts S's R.
    if (after + 2 < n && first.lower == "home" &&
        toks_[after + 1].lower == "to" &&
        Relational(after + 2, n, &subject, &relation, &ref, &shape, &cap,
                   &why) &&
        shape != "the S R (compound)") {
      return Check(Make(subject, relation, left, PhraseKind::kNoun,
                        "V is home to " + shape, ref, cap));
    }
    why.clear();
    // 2. Right side names the relation: "V is S's R", "V is the R of S".
    if (Relational(after, n, &subject, &relation, &ref, &shape, &cap, &why)) {
      // "S is a member of V", "S is a citizen of V": the indefinite article
      // makes S one of the R of V, so S stays the subject and "R of" is
      // the relation phrase.
      if (shape == "the R of S" && In(first.lower, {"a", "an"})) {
        // A lower-case article is not part of the value's name.
        if (subject.rfind("the ", 0) == 0) subject.erase(0, 4);
        return Check(Make(left, relation + " of", subject, PhraseKind::kVerb,
                          "S is a R of V", left_ref));
      }
      if (shape != "the S R (compound)") {
        return Check(Make(subject, relation, left, PhraseKind::kNoun,
                          "V is " + shape, ref, cap));
      }
    }
    if (!why.empty()) return Fail(why);
    // 3. Adjectival compounds: "S is a V-born person", "S is a V citizen".
    if (IsDet(first.lower) && after + 1 < n) {
      for (std::size_t k = after + 1; k < n; ++k) {
        std::size_t dash = toks_[k].text.rfind('-');
        // The part before the dash names the value ("Lyon-born",
        // "Korean-language"); a lower-case one is a modifier of the head
        // noun ("a full-time novelist", "a well-known author").
        // "Secretary-General", "Attorney-General": a title-cased compound
        // after the dash is one title, not a "V-R" modifier.
        if (dash != std::string::npos && dash > 0 &&
            dash + 1 < toks_[k].text.size() && toks_[k].cap &&
            !std::isupper(
                static_cast<unsigned char>(toks_[k].text[dash + 1]))) {
          std::string suffix = toks_[k].lower.substr(dash + 1);
          Tok suffix_tok;
          suffix_tok.lower = suffix;
          std::string value = Join(toks_, after + 1, k);
          value += (value.empty() ? "" : " ") + toks_[k].text.substr(0, dash);
          // "a Danish-born architect" was born in Denmark: before a
          // participle (born, based: a place) a lone adjective names its
          // noun; "Korean" before "-language" is the language itself.
          if (k == after + 1 && Participle(suffix_tok)) {
            const std::string noun =
                WordForms::Get().Pertainym(toks_[k].lower.substr(0, dash));
            if (!noun.empty()) value = noun;
          }
          // "a Lyon-born person" is born in Lyon; "a Berlin-based firm" is
          // based in Berlin.
          if (Participle(suffix_tok)) {
            return Check(Make(left, suffix + " in", value, PhraseKind::kVerb,
                              "S is a V-R(ed) X", left_ref));
          }
          if (WordForms::Get().Is(suffix, Pos::kNoun)) {
            Result<Clause> c =
                Check(Make(left, suffix, value, PhraseKind::kNoun,
                           "S is a V-R X", left_ref));
            // "a Korean-language film": what the subject is ("film") may
            // tell the relation ("language" of a film or of a book).
            if (c.ok()) {
              std::size_t e = k + 1;
              while (e < n && !toks_[e].cap && !IsPrep(toks_[e].lower)) ++e;
              if (e > k + 1) c->type_noun = Join(toks_, k + 1, e, true);
            }
            return c;
          }
        }
      }
      // "S is an Italian citizen": capitalised modifiers, common head.
      std::size_t k = after + 1;
      while (k < n && toks_[k].cap) ++k;
      if (k > after + 1 && k + 1 == n && !toks_[k].cap) {
        // "an Italian citizen": the adjective's pertainym is the value.
        std::string value = Join(toks_, after + 1, k);
        std::string noun;
        if (k == after + 2)
          noun = WordForms::Get().Pertainym(toks_[after + 1].lower);
        // "a QA engineer", "a Java developer": a name before a head noun
        // no relation has is a kind of the head, not its value.
        if (!noun.empty() || !known_ || known_(toks_[k].lower))
          return Check(Make(left, toks_[k].lower, noun.empty() ? value : noun,
                            PhraseKind::kNoun,
                            noun.empty() ? "S is a V R" : "S is a V(adj) R",
                            left_ref));
      }
    }
    // 4. Passive or stative participle: "S is represented by V",
    //    "S was born in V", "S is originally from V", "S is allergic to V".
    std::size_t k = after;
    while (k < n && k < after + 3 && !IsPrep(toks_[k].lower) &&
           !IsDet(toks_[k].lower) && !IsPossDet(toks_[k].lower) &&
           !toks_[k].cap) {
      ++k;
    }
    if (k > after && k < n && IsPrep(toks_[k].lower)) {
      std::size_t p = k;
      while (p < n && IsPrep(toks_[p].lower)) ++p;
      // "is in the payments team" handled below; here a word precedes.
      const bool passive =
          toks_[p - 1].lower == "by" && Participle(toks_[after]);
      // "S is managed on the pitch by V": a phrase between the participle
      // and "by" says how, the agent after "by" is the value.
      if (p < n && !passive && Participle(toks_[after]) && k == after + 1) {
        for (std::size_t b = p + 1; b + 1 < n; ++b) {
          if (toks_[b].lower != "by") continue;
          std::string relation = toks_[after].lower + " by";
          std::string value = ValueWithType(b + 1, n, &relation);
          return Check(Make(left, relation, value, PhraseKind::kPassive,
                            "S is R-ed prep X by V", left_ref));
        }
      }
      if (p < n) {
        std::string relation = Join(toks_, after, p, true);
        // "partnered with Bonn as a twin town": a role after the value.
        std::size_t end = n;
        for (std::size_t a = p + 1; a + 1 < n; ++a) {
          if (toks_[a].lower == "as" && In(toks_[a + 1].lower, {"a", "an"})) {
            end = a;
            break;
          }
        }
        std::string value = ValueWithType(p, end, &relation);
        return Check(Make(left, relation, value,
                          passive ? PhraseKind::kPassive : PhraseKind::kVerb,
                          passive ? "S is R-ed by V" : "S is R prep V",
                          left_ref));
      }
    }
    // A participle naming the value directly: "S is called V".
    if (Participle(first) && after + 1 < n && !IsPrep(toks_[after + 1].lower)) {
      return Check(Make(left, first.lower, ValueText(after + 1, n),
                        PhraseKind::kVerb, "S is R-ed V", left_ref));
    }
    // 5. Prepositional predicate: "I am on the payments team" -> the head
    //    noun names the relation; "Yves is from Lyon" -> the preposition.
    if (IsPrep(first.lower) && after + 1 < n) {
      std::size_t np = after + 1;
      // "S was by profession a V", "S is by birth a V": the prepositional
      // phrase names the relation, the indefinite noun phrase the value.
      if (np + 2 < n && !toks_[np].cap && !IsDet(toks_[np].lower) &&
          In(toks_[np + 1].lower, {"a", "an"})) {
        return Check(Make(left, first.lower + " " + toks_[np].lower,
                          Join(toks_, np + 2, n), PhraseKind::kNoun,
                          "S is prep N a V", left_ref));
      }
      if (IsDet(toks_[np].lower) && n - np >= 3 && !toks_[n - 1].cap) {
        return Check(Make(left, toks_[n - 1].lower, ValueText(np, n),
                          PhraseKind::kNoun, "S is prep the V R", left_ref));
      }
      // "S is on the continent of Europe", "S was on the staff of NASA":
      // the type noun joins the preposition.
      std::string relation = first.lower;
      std::string value = ValueWithType(np, n, &relation);
      return Check(Make(left, relation, value, PhraseKind::kVerb, "S is prep V",
                        left_ref));
    }
    // 6. A participle alone: "S is married" has no value.
    // 7. "S is a V": class membership, keyed on "is a".
    //    "S is a castle in V", "S is a novel by V": the head noun and the
    //    preposition after it name the relation.
    if (IsDet(first.lower) && In(first.lower, {"a", "an", "the"}) &&
        after + 1 < n) {
      std::size_t k = after + 1;
      while (k < n && k < after + 4 && !toks_[k].cap &&
             !IsPrep(toks_[k].lower)) {
        ++k;
      }
      if (k > after + 1 && k + 1 < n && IsPrep(toks_[k].lower) &&
          toks_[k].lower != "of" &&
          WordForms::Get().Is(toks_[k - 1].lower, Pos::kNoun)) {
        std::string relation = toks_[k - 1].lower + " " + toks_[k].lower;
        std::string value = ValueWithType(k + 1, n, &relation);
        return Check(Make(left, relation, value, PhraseKind::kNoun,
                          "S is a N prep V", left_ref));
      }
      if (first.lower == "the") {
        return Fail("copula with no relation phrase: '" + Join(toks_, 0, n) +
                    "'");
      }
      return Check(Make(left, "is a", Join(toks_, after + 1, n),
                        PhraseKind::kVerb, "S is a V", left_ref));
    }
    return Fail("copula with no relation phrase: '" + Join(toks_, 0, n) + "'");
  }

  Result<Clause> HasClause(std::size_t verb, std::size_t have,
                           std::size_t obj) {
    std::string subject, ref, why;
    if (!Entity(0, verb, &subject, &ref, &why)) return Fail(why);
    return ObjectRelation(subject, ref, toks_[have].lower, obj);
  }

  // The object of a light verb ("has", "holds") names the relation:
  // "a citizenship of V", "V as R", "a R of V"; else the verb does.
  Result<Clause> ObjectRelation(const std::string& subject,
                                const std::string& ref, const std::string& verb,
                                std::size_t obj) {
    const std::size_t n = toks_.size();
    if (obj >= n) return Fail("no object after '" + verb + "'");
    for (std::size_t k = obj + 1; k + 1 < n; ++k) {
      if (toks_[k].lower == "as" ||
          (toks_[k].lower == "among" && IsPossDet(toks_[k + 1].lower))) {
        // "as her R", "among his R": the owner is the subject.
        const std::size_t r = k + 1 + (IsPossDet(toks_[k + 1].lower) ? 1 : 0);
        if (r >= n) break;
        return Check(Make(subject, Join(toks_, r, n, true), ValueText(obj, k),
                          PhraseKind::kNoun,
                          "S " + verb + " V " + toks_[k].lower + " R", ref));
      }
    }
    std::size_t from = obj;
    if (IsDet(toks_[from].lower) || IsPossDet(toks_[from].lower)) ++from;
    // "S had a son named V", "S has a dog called V", "S has a new dentist,
    // V", "S has a new phone number: V": the noun names the relation.
    for (std::size_t k = from; k + 1 < n && k < from + 4; ++k) {
      if (toks_[k].cap || IsPrep(toks_[k].lower)) break;
      const char last = toks_[k].text.back();
      const bool apposition = (last == ',' || last == ':') && k > obj;
      const bool naming = k > from && In(toks_[k].lower, {"named", "called"});
      if (!apposition && !naming) continue;
      std::string noun = Join(toks_, from, naming ? k : k + 1, true);
      while (!noun.empty() && (noun.back() == ',' || noun.back() == ':')) {
        noun.pop_back();
      }
      return Check(
          Make(subject, noun, ValueText(k + 1, n), PhraseKind::kNoun,
               naming ? "S " + verb + " a R named V" : "S " + verb + " a R: V",
               ref));
    }
    // "S has a nut allergy": a noun before a relation noun the lexicon
    // knows is the value.
    if (n - from == 2 && from > obj && !toks_[from].cap &&
        !toks_[from + 1].cap && known_ && known_(toks_[from + 1].lower) &&
        WordForms::Get().Is(toks_[from].lower, Pos::kNoun)) {
      return Check(Make(subject, toks_[from + 1].lower, toks_[from].text,
                        PhraseKind::kNoun, "S " + verb + " a V R", ref));
    }
    for (std::size_t k = from + 1; k + 1 < n; ++k) {
      if (toks_[k].lower == "of" && !toks_[from].cap) {
        return Check(Make(subject, Join(toks_, from, k, true),
                          ValueText(k + 1, n), PhraseKind::kNoun,
                          "S " + verb + " a R of V", ref));
      }
    }
    // "S has its head office in V", "S has a job at V", "S has its
    // headquarters located in V": one or two lower-case nouns, maybe a
    // participle, then a preposition: the nouns name the relation.
    if (from > obj || !toks_[from].cap) {
      std::size_t k = from;
      while (k < n && k < from + 2 && !toks_[k].cap &&
             !IsPrep(toks_[k].lower) && !Participle(toks_[k])) {
        ++k;
      }
      std::size_t p = k;
      if (p < n && p > from && Participle(toks_[p])) ++p;
      if (k > from && p + 1 < n && IsPrep(toks_[p].lower) &&
          toks_[p].lower != "as") {
        return Check(Make(subject, Join(toks_, from, k, true),
                          ValueText(p + 1, n), PhraseKind::kNoun,
                          "S " + verb + " a R prep V", ref));
      }
    }
    // "S has Swedish citizenship": a capitalised adjective before the
    // relation noun; the adjective's pertainym is the value.
    if (n - obj == 2 && toks_[obj].cap && !toks_[obj + 1].cap) {
      std::string noun = WordForms::Get().Pertainym(toks_[obj].lower);
      return Check(Make(subject, toks_[obj + 1].lower,
                        noun.empty() ? toks_[obj].text : noun,
                        PhraseKind::kNoun, "S " + verb + " V(adj) R", ref));
    }
    return Check(Make(subject, verb, ValueText(obj, n), PhraseKind::kVerb,
                      "S " + verb + " V", ref));
  }

  Result<Clause> VerbClause(std::size_t verb, std::size_t main) {
    std::string subject, ref, why;
    if (!Entity(0, verb, &subject, &ref, &why)) return Fail(why);
    const std::size_t n = toks_.size();
    if (main >= n) return Fail("no main verb");
    const WordForms& wf = WordForms::Get();
    const std::string lemma = wf.Lemma(toks_[main].lower, Pos::kVerb);
    // "The user's email address changed to V", "Our standup moved to V":
    // a change verb after a relational noun phrase gives the slot a new
    // value.
    if (IsChangeLemma(lemma) && main + 2 < n &&
        In(toks_[main + 1].lower, {"to", "for"})) {
      std::string owner, rel, oref, oshape, owhy;
      bool ocap = false;
      if (Relational(0, verb, &owner, &rel, &oref, &oshape, &ocap, &owhy) &&
          oshape != "the S R (compound)") {
        return Check(Make(owner, rel, ValueText(main + 2, n), PhraseKind::kNoun,
                          oshape + " changed to V", oref, ocap));
      }
    }
    // "NATO counts Norway as a member", "OPEC counts Venezuela among its
    // members": the object is one of the subject's R, so it is the R of the
    // subject ("member of").
    if (In(lemma, {"count", "consider", "list", "regard", "number", "include",
                   "recognize", "recognise"})) {
      for (std::size_t k = main + 2; k + 2 < n; ++k) {
        const bool as = toks_[k].lower == "as" &&
                        In(toks_[k + 1].lower, {"a", "an", "one"});
        const bool among =
            toks_[k].lower == "among" && IsPossDet(toks_[k + 1].lower);
        if (!as && !among) continue;
        std::size_t r = k + 2;
        if (toks_[r].lower == "of" && r + 1 < n) ++r;  // "one of its members"
        std::string head = toks_[n - 1].lower;
        std::string singular = wf.Lemma(head, Pos::kNoun);
        if (!singular.empty()) head = singular;
        std::string rel = Join(toks_, r, n - 1, true);
        rel += (rel.empty() ? "" : " ") + head + " of";
        return Check(Make(ValueText(main + 1, k), rel, subject,
                          PhraseKind::kVerb, "S counts V as a R", ""));
      }
    }
    // "Lisa Su runs AMD as chief executive": an office without an article
    // after a named object is the subject's office there.
    for (std::size_t k = main + 2; k + 1 < n; ++k) {
      if (toks_[k].lower != "as" || !toks_[main + 1].cap) continue;
      std::size_t r = k + 1;
      if (toks_[r].lower == "the") ++r;
      bool office = r < n;
      for (std::size_t j = r; j < n && office; ++j) {
        office = !toks_[j].cap && !IsPrep(toks_[j].lower) &&
                 !IsDet(toks_[j].lower) && !IsPossDet(toks_[j].lower);
      }
      if (!office) break;
      return Check(Make(ValueText(main + 1, k), Join(toks_, r, n, true),
                        subject, PhraseKind::kNoun, "S verb V as R", ""));
    }
    // "I use zsh as my shell": "as" and a possessive name the subject's
    // relation whatever the verb.
    for (std::size_t k = main + 2; k + 2 < n; ++k) {
      if (toks_[k].lower == "as" && IsPossDet(toks_[k + 1].lower) &&
          !IsPrep(toks_[main + 1].lower)) {
        // "moved my projects to Google Cloud as my R": the value is where
        // the object went.
        std::size_t v = main + 1;
        for (std::size_t q = main + 2; q + 1 < k; ++q) {
          if (In(toks_[q].lower, {"to", "into", "onto"})) v = q + 1;
        }
        return Check(Make(subject, Join(toks_, k + 2, n, true), ValueText(v, k),
                          PhraseKind::kNoun, "S verb V as my R", ref));
      }
    }
    // "S holds the office of V", "S occupies the post of V": V is an
    // office and S its holder.
    if (In(lemma, {"hold", "occupy", "fill"}) && main + 3 < n &&
        toks_[main + 1].lower == "the" && IsOfficeNoun(toks_[main + 2].lower) &&
        toks_[main + 3].lower == "of" && main + 4 < n && toks_[main + 4].cap) {
      return Check(Make(Join(toks_, main + 4, n), "office holder", subject,
                        PhraseKind::kNoun, "S holds the office of V", ""));
    }
    if (lemma == "hold" || lemma == "have" || lemma == "possess") {
      Result<Clause> c =
          ObjectRelation(subject, ref, toks_[main].lower, main + 1);
      if (c.ok() && c->shape != "S " + toks_[main].lower + " V") return c;
    }
    // A verb of coming to have with a name's adjective and a relation noun
    // is that has-phrase: "took Canadian citizenship", "obtained French
    // nationality" (not "took the train to Paris").
    if (In(lemma, {"take", "acquire", "obtain", "gain", "get", "receive"})) {
      Result<Clause> c =
          ObjectRelation(subject, ref, toks_[main].lower, main + 1);
      if (c.ok() && c->shape.ends_with(" V(adj) R") && known_ &&
          known_(c->relation)) {
        return c;
      }
    }
    std::size_t p = main + 1;
    std::string relation = toks_[main].lower;
    // "lies almost entirely within V", "ran originally on V": adverbs
    // between the verb and its preposition say how, not what; neither
    // the relation nor the value keeps them.
    {
      std::size_t k = p;
      while (k < n && !toks_[k].cap && !IsPrep(toks_[k].lower) &&
             !IsParticle(toks_[k].lower) && wf.Is(toks_[k].lower, Pos::kAdv) &&
             !wf.Is(toks_[k].lower, Pos::kNoun) &&
             !wf.Is(toks_[k].lower, Pos::kVerb) &&
             !wf.Is(toks_[k].lower, Pos::kAdj)) {
        ++k;
      }
      if (k > p && k + 1 < n && IsPrep(toks_[k].lower)) p = k;
    }
    // An object that belongs to the verb: "took place in V", "makes his
    // living as V", "breathed his last in V". A determiner and one or two
    // lower-case words followed by a preposition and more text are part of
    // the verb phrase, not the value.
    {
      std::size_t k = p;
      std::string idiom;
      const bool det =
          k < n && (IsDet(toks_[k].lower) || IsPossDet(toks_[k].lower));
      if (det) ++k;
      const std::size_t words = k;
      while (k < n && k < words + 2 && !toks_[k].cap &&
             !IsPrep(toks_[k].lower) && !IsDet(toks_[k].lower) &&
             !IsPossDet(toks_[k].lower) && !IsParticle(toks_[k].lower)) {
        idiom += " " + toks_[k].lower;
        ++k;
      }
      // Without a determiner only a collocation WordNet lists as a verb
      // ("take place") joins: "I hate tabs for indentation" keeps its object.
      // A change verb's bare object names the slot: "switched gyms to V".
      const bool collocation =
          !det && k == words + 1 &&
          (wf.Is(lemma + " " + toks_[words].lower, Pos::kVerb) ||
           (IsChangeLemma(lemma) && k < n && toks_[k].lower == "to"));
      if (k > words && k + 1 < n && IsPrep(toks_[k].lower) &&
          toks_[k].lower != "of" && (det || collocation)) {
        relation += idiom;
        p = k;
      }
    }
    const std::size_t preps = p;
    // A capitalised preposition opens a title ("wrote To Kill a
    // Mockingbird", "likes In Cold Blood"): it is the value's.
    while (p < n && !toks_[p].cap &&
           (IsPrep(toks_[p].lower) || IsParticle(toks_[p].lower))) {
      ++p;
    }
    if (p > preps) relation += " " + Join(toks_, preps, p, true);
    // "I do not like V": the negation is part of the relation phrase, so
    // the statement is never read as its opposite.
    if (negated_) relation.insert(0, "not ");
    // Adjuncts after the object: "AWS for my side projects" (a purpose),
    // "Bonn as a twin town" (a role), "window seats best" (a preference:
    // "likes V best" is "prefers V").
    std::size_t end = n;
    for (std::size_t k = p + 1; k + 1 < end; ++k) {
      if ((toks_[k].lower == "for" && IsPossDet(toks_[k + 1].lower)) ||
          (toks_[k].lower == "as" && In(toks_[k + 1].lower, {"a", "an"})) ||
          toks_[k].lower == "because") {
        end = k;
        break;
      }
    }
    if (end > p + 1 && In(toks_[end - 1].lower, {"best", "most"}) &&
        In(lemma, {"like", "love", "enjoy"})) {
      --end;
      if (end > p + 1 && toks_[end - 1].lower == "the") --end;
      relation = negated_ ? "not prefer" : "prefer";
    }
    // "The novel sold well", "she works hard": a lone lower-case adverb
    // right after the verb is how it was done, not its object.
    if (end == p + 1 && p > 0 && !toks_[p].cap && !IsPrep(toks_[p - 1].lower) &&
        !IsParticle(toks_[p - 1].lower) && wf.Is(toks_[p].lower, Pos::kAdv) &&
        !wf.Is(toks_[p].lower, Pos::kNoun)) {
      return Fail("'" + toks_[p].lower + "' after '" + lemma +
                  "' is an adverb, not an object");
    }
    // Keep adverbs that carry meaning inside the phrase ("originally").
    std::string type_noun;
    std::string value = ValueWithType(p, end, &relation, &type_noun);
    Result<Clause> c = Check(
        Make(subject, relation, value, PhraseKind::kVerb, "S verb V", ref));
    // "sits within the county of Norfolk": the parser may leave the type
    // noun out when the verb alone names a relation.
    if (c.ok()) c->type_noun = type_noun;
    return c;
  }

  const ParseContext& ctx_;
  const KnownRelation& known_;
  std::vector<Tok> toks_;
  bool negated_ = false;  // "not" inside the verb group
};

std::string StripTrailingPunct(std::string_view s) {
  std::string out = CleanDisplay(s);
  while (!out.empty() && (out.back() == ',' || out.back() == ';')) {
    out.pop_back();
  }
  return out;
}

// Discourse openers that carry no fact ("Also, ...", "By the way ...").
std::string_view StripOpeners(std::string_view s) {
  static constexpr std::string_view kOpeners[] = {"by the way",
                                                  "just so you know",
                                                  "fyi",
                                                  "for the record",
                                                  "also",
                                                  "and",
                                                  "so",
                                                  "oh",
                                                  "ok",
                                                  "okay",
                                                  "well",
                                                  "btw",
                                                  "actually",
                                                  "note that",
                                                  "remember that",
                                                  "please remember that",
                                                  "please note that",
                                                  "correction",
                                                  "update",
                                                  "these days",
                                                  "nowadays",
                                                  "now"};
  bool again = true;
  while (again) {
    again = false;
    for (std::string_view o : kOpeners) {
      if (s.size() <= o.size() + 1) continue;
      bool match = true;
      for (std::size_t i = 0; i < o.size(); ++i) {
        match = match && std::tolower(static_cast<unsigned char>(s[i])) == o[i];
      }
      if (!match) continue;
      const char next = s[o.size()];
      if (next != ' ' && next != ',' && next != ':') continue;
      s.remove_prefix(o.size());
      while (!s.empty() && (s[0] == ' ' || s[0] == ',' || s[0] == ':')) {
        s.remove_prefix(1);
      }
      again = true;
      break;
    }
  }
  return s;
}

}  // namespace

bool CleanTemplateSubject(std::string* subject) {
  std::vector<Tok> toks = Tokenize(StripOpeners(*subject));
  if (toks.empty()) return false;
  if (In(toks.front().lower, {"and", "or", "but"})) return false;
  // "Auvers-sur-Oise is where S died in __": a relative word inside the
  // capture means the template's verb belongs to another clause.
  for (const Tok& t : toks) {
    if (!t.cap && In(t.lower, {"where", "who", "whom", "whose", "which", "when",
                               "that"})) {
      return false;
    }
  }
  while (!toks.empty()) {
    const std::string& w = toks.back().lower;
    // "S was [trained as] V": the passive of the template's verb says the
    // same of S.
    if (In(w, {"is", "was", "are", "were"}) && toks.size() > 1) {
      toks.pop_back();
      continue;
    }
    if (In(w, {"not", "never", "previously", "formerly", "once", "and", "or",
               "but", "no", "might", "may", "could", "would", "should", "will",
               "shall", "must", "can"}) &&
        !toks.back().cap) {
      return false;
    }
    if (IsAux(w) || IsLightAdverb(w) ||
        In(w, {"been", "got", "later", "originally", "then", "eventually",
               "subsequently", "officially", "initially", "newly", "soon"})) {
      toks.pop_back();
      continue;
    }
    break;
  }
  if (toks.empty()) return false;
  std::string out;
  for (const Tok& t : toks) out += (out.empty() ? "" : " ") + t.text;
  *subject = out;
  return true;
}

Result<Clause> ReadClause(std::string_view text, const ParseContext& context,
                          const KnownRelation& known) {
  Reader reader(context, known);
  std::string clean = StripTrailingPunct(StripOpeners(text));
  return reader.Read(clean);
}

Result<Clause> ReadSentence(std::string_view text, const ParseContext& context,
                            const KnownRelation& known) {
  std::string s = CleanDisplay(StripOpeners(text));
  // A trailing correction names the old value: "Priya now, not Dev".
  std::size_t not_at = s.rfind(", not ");
  if (not_at != std::string::npos &&
      s.find(',', not_at + 1) == std::string::npos) {
    s.resize(not_at);
  }
  // Clauses split by ", " or "; ": the last one that reads wins when two or
  // more read; otherwise the whole sentence (commas inside values).
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i + 1 < s.size(); ++i) {
    if ((s[i] == ',' || s[i] == ';') && s[i + 1] == ' ') {
      parts.push_back(s.substr(start, i - start));
      start = i + 2;
    }
  }
  parts.push_back(s.substr(start));
  if (parts.size() > 1) {
    std::vector<Clause> read;
    for (const std::string& part : parts) {
      auto c = ReadClause(part, context, known);
      if (c.ok()) read.push_back(std::move(c).value());
    }
    if (read.size() >= 2) {
      Clause last = std::move(read.back());
      last.shape += " (last of " + std::to_string(read.size()) + " clauses)";
      return last;
    }
    // "I got promoted, I'm a senior developer": the last part is a clause
    // of its own when its subject is the speaker or a pronoun (a name cut
    // at a comma, "Tesla, Inc. is ...", resolves to nothing).
    auto last = ReadClause(parts.back(), context, known);
    if (last.ok() && !last->subject_ref.empty() && read.size() == 1 &&
        read.back().subject == last->subject &&
        read.back().relation == last->relation) {
      last->shape += " (last clause)";
      return last;
    }
  }
  return ReadClause(s, context, known);
}

}  // namespace factline::internal
