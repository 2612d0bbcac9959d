// Sentence and question parsing with RE2.
//
// Every lexicon template and every generic shape becomes one anchored,
// case-insensitive pattern. An RE2::Set finds all patterns that match in one
// pass; among those the most specific (most literal text) is run again to
// capture its groups. Ranking by literal text lets a generic shape beat a
// lexicon template that says less ("The R of S is V" beats "The [X] is __"),
// while "The capital of [X] is __" still beats the generic shape.
#include <re2/re2.h>
#include <re2/set.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <unordered_set>
#include <vector>

#include "atoms/atoms.h"
#include "atoms/internal/canonical.h"
#include "atoms/internal/grammar.h"
#include "atoms/internal/relation_types.h"
#include "atoms/internal/spans.h"
#include "atoms/internal/time_words.h"
#include "atoms/internal/wordforms.h"
#include "atoms/internal/words.h"

namespace factline {

namespace {

// "... and Ella Novak became ...", "... but Ella Novak is ...": a second
// clause may follow; "S quit X and is now ...": a second verb phrase may.
bool MayJoinTwoClauses(std::string_view s) {
  if (s.find(" and ") != std::string_view::npos) return true;
  // "S is a N that/who ...": the class is a statement beside the clause's.
  for (std::string_view rel : {" that ", " who ", " which ", " whom "}) {
    if (s.find(rel) != std::string_view::npos) return true;
  }
  for (std::size_t p = s.find(" but "); p != std::string_view::npos;
       p = s.find(" but ", p + 1)) {
    const std::size_t e = p + 5;
    if (e < s.size() && std::isupper(static_cast<unsigned char>(s[e]))) {
      return true;
    }
  }
  return false;
}

// "Bill Gates and Paul Allen", "Argentina, Brazil and Chile": the names a
// coordinated value lists, or empty when it is one name. A name may hold
// "and" ("Trinidad and Tobago", "Marks and Spencer"), so two one-word parts
// stay whole; a list of three or more, or of two names of two or more
// words each, is split. Every part must open and close with a capital.
std::vector<std::string> CoordinatedNames(std::string_view value) {
  // Each separator becomes one '\x1f', copied into a new string (an
  // in-place replace trips GCC 12's -Wrestrict false positive at -O3).
  std::string v;
  v.reserve(value.size());
  for (std::size_t i = 0; i < value.size();) {
    bool cut = false;
    for (std::string_view sep : {", and ", " and ", ", "}) {
      if (value.substr(i, sep.size()) == sep) {
        v.push_back('\x1f');
        i += sep.size();
        cut = true;
        break;
      }
    }
    if (!cut) v.push_back(value[i++]);
  }
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t p = 0; p <= v.size(); ++p) {
    if (p < v.size() && v[p] != '\x1f') continue;
    parts.push_back(v.substr(start, p - start));
    start = p + 1;
  }
  if (parts.size() < 2) return {};
  bool all_long = true;
  for (const std::string& part : parts) {
    if (part.empty() || !std::isupper(static_cast<unsigned char>(part[0]))) {
      return {};
    }
    const std::size_t last = part.rfind(' ');
    if (last == std::string::npos) {
      all_long = false;
    } else if (!std::isupper(static_cast<unsigned char>(part[last + 1]))) {
      return {};
    }
  }
  if (parts.size() == 2 && !all_long) return {};
  return parts;
}

// The verb lemma a verb phrase or template ("[X] moved to __") opens with,
// past auxiliaries and adverbs ("has moved to" -> "move"); *rest receives
// the words after it. "" when WordNet knows no such verb.
std::string LeadVerb(std::string_view phrase, std::string* rest) {
  static constexpr std::string_view kSkip[] = {
      "have", "has",  "had",  "be",  "is",       "am",      "are",  "was",
      "were", "been", "just", "now", "recently", "finally", "also", "got"};
  std::size_t i = 0;
  while (i < phrase.size()) {
    std::size_t j = phrase.find(' ', i);
    if (j == std::string_view::npos) j = phrase.size();
    std::string word(phrase.substr(i, j - i));
    i = j + 1;
    for (char& c : word) c = static_cast<char>(std::tolower(c));
    if (word.empty() || word[0] == '[' || word == "__" ||
        std::find(std::begin(kSkip), std::end(kSkip), word) !=
            std::end(kSkip)) {
      continue;
    }
    rest->clear();
    for (; i < phrase.size(); ++i) {
      if (phrase.compare(i, 2, "__") == 0) break;
      rest->push_back(phrase[i]);
    }
    *rest = CleanDisplay(*rest);
    return internal::WordForms::Get().Lemma(word, internal::Pos::kVerb);
  }
  return "";
}

// WordNet evidence this close to the mapping threshold (internal::
// kStrongMapping) is worth a second look: by the types, or by the store.
constexpr double kNearMapping = 0.7;

// "died in exile on Saint Helena", "took place on a dairy farm in Bethel":
// a place relation's value that opens with a common noun phrase names the
// place after its last place preposition. Returns "" when it does not.
// Where "in/on/at/near" + a name starts in a class value ("a village in
// Kent", "exile on Saint Helena", "an architect in Basel"): the index of
// the preposition among the value's words, or 0.
std::size_t NamedPlaceAt(const std::vector<std::string>& w) {
  if (w.size() < 3 || w[0].empty() ||
      !std::islower(static_cast<unsigned char>(w[0][0]))) {
    return 0;
  }
  for (std::size_t i = w.size() - 1; i-- > 1;) {
    if (w[i] != "in" && w[i] != "on" && w[i] != "at" && w[i] != "near") {
      continue;
    }
    if (!std::isupper(static_cast<unsigned char>(w[i + 1][0]))) return 0;
    return i;
  }
  return 0;
}

void DropHonorific(std::string* name) {
  for (std::string_view title : {"Dr. ", "Dr ", "Mr. ", "Mr ", "Mrs. ", "Mrs ",
                                 "Ms. ", "Ms ", "Mx. ", "Prof. "}) {
    // A given name and a family name must remain: "Dr. No" is a title.
    if (name->size() > title.size() + 1 && name->starts_with(title) &&
        std::isupper(static_cast<unsigned char>((*name)[title.size()])) &&
        name->find(' ', title.size()) != std::string::npos) {
      name->erase(0, title.size());
      return;
    }
  }
}

// "The village of Millbrook", "the Italian region of Tuscany": the name
// stands for the place; the kind only said what it is.
bool DropPlaceKind(std::string* phrase, std::string* evidence,
                   bool parts = false) {
  std::string name = internal::NameAfterPlaceKind(*phrase, parts);
  if (name.empty()) return false;
  *evidence += std::string(evidence->empty() ? "" : "; ") +
               "kind of place dropped ('" + *phrase + "' -> '" + name + "')";
  *phrase = std::move(name);
  return true;
}

// Whether a subject may be one `key` is said of: false for a common noun
// phrase ("the weekly sync", "our company") WordNet files under none of
// its subject kinds (a residence is a person's). A name may be anything.
bool SubjectKindFits(const internal::RelationTypes& types,
                     const std::string& key, std::string_view subject) {
  // Only a phrase with its determiner refers to one thing ("the weekly
  // sync"); a bare noun may be a name written in lower case.
  bool det = false;
  subject = internal::WithoutDeterminer(subject, internal::IsDefiniteDeterminer,
                                        &det);
  if (!det) return true;
  if (!types.SubjectMayFit(key, subject)) return false;
  // A compound WordNet does not know whole is its head noun ("weekly
  // sync" is a sync).
  const std::size_t sp = subject.rfind(' ');
  if (sp == std::string_view::npos || types.KnowsValue(subject)) return true;
  return types.SubjectMayFit(key, subject.substr(sp + 1));
}

// `value` as the sentence says it: with the determiner before it ("a
// startup" where the clause kept "startup").
std::string WithDeterminer(std::string_view sentence,
                           const std::string& value) {
  const std::size_t at = sentence.find(value);
  if (at == std::string_view::npos || at < 2) return value;
  const std::size_t start = sentence.rfind(' ', at - 2);
  const std::size_t from = start == std::string_view::npos ? 0 : start + 1;
  const std::string_view before = sentence.substr(from, at - 1 - from);
  return internal::IsReferringDeterminer(before)
             ? std::string(before) + " " + value
             : value;
}

// Whether a value may be one of `key`'s: false for a bare common noun
// (lower case, no article) WordNet files under none of the kinds of a
// relation whose values are names ("ran on diesel" names no broadcaster,
// "works at home" no employer). With an article it refers to one thing
// ("a startup", which WordNet knows only as an act); a class relation's
// values are common nouns; and a name may be anything.
bool CommonNounFits(const internal::RelationTypes& types,
                    const std::string& key, std::string_view value) {
  bool det = false;
  internal::WithoutDeterminer(value, internal::IsReferringDeterminer, &det);
  if (det || value.empty() ||
      !std::islower(static_cast<unsigned char>(value[0])) ||
      types.ClassValued(key) || types.PeopleClassValued(key)) {
    return true;
  }
  return types.ValueMayFit(key, value);
}

// "belongs to", "is part of", "falls under": whether a phrase says only
// that its subject is inside its value. That is membership of an
// organisation ("Croatia belongs to the EU") but the location of a place
// ("Siena belongs to the region of Tuscany").
bool BelongingPhrase(std::string_view phrase) {
  // Asked of every template matched: no word split for most phrases.
  if (phrase.find("belong") == std::string_view::npos &&
      phrase.find("part of") == std::string_view::npos &&
      phrase.find("fall") == std::string_view::npos) {
    return false;
  }
  const std::vector<std::string> w = internal::SplitWords(phrase);
  // "is not part of the EU" states no membership at all.
  for (const std::string& x : w) {
    if (internal::InWords(x, {"not", "never", "no", "nor"})) return false;
  }
  for (std::size_t i = 0; i + 1 < w.size(); ++i) {
    const std::string& a = w[i];
    const std::string& b = w[i + 1];
    if ((a.starts_with("belong") && b == "to") || (a == "part" && b == "of") ||
        (a.starts_with("fall") && (b == "under" || b == "within"))) {
      return true;
    }
  }
  return false;
}

// The lexicon's "located in" relation (the template "[X] is located in
// __"), which a place value's type then refines.
internal::Mapping LocatedIn(const internal::Canonicalizer& canonical) {
  return canonical.Map("located in", internal::PhraseKind::kPassive, false);
}

// As for the template "[X] is located in __": the value's type chooses
// among the place relations ("in Slovenia": a country, "in Europe": a
// continent). *key is a place relation; it and *value may change.
void RefineLocated(const internal::RelationTypes& types,
                   const std::string& subject, std::string* key,
                   std::string* value, std::string* evidence) {
  if (internal::TypedChoice t;
      types.RefineTemplate(*key, "[X] is located in __", subject, *value, &t)) {
    *key = t.key;
    *value = t.value;
    *evidence += "; " + t.evidence;
  }
}

// "YouTube belongs to Google", "The Post belongs to Jeff Bezos": belonging
// to what is no place and no body that takes members (WordNet files the
// value under none of "member of"'s value kinds: a company name it does
// not know, a person) is being owned; "belongs to the Labour Party", "to a
// book club" stays membership. Only "belong to": "part of" a firm is a
// unit of it. The mapping for the value, else one that is not "lexicon".
internal::Mapping BelongingAsOwnership(const internal::Canonicalizer& canonical,
                                       const internal::RelationTypes& types,
                                       std::string_view phrase,
                                       const std::string& value) {
  internal::Mapping none;
  if (phrase.find("belong") == std::string_view::npos) return none;
  // "the Foo Fighters", "the Hawks": a plural name with its article is a
  // band or team of people, which takes members.
  const std::vector<std::string> words = internal::SplitWords(value);
  if (words.size() >= 2 && (words[0] == "the" || words[0] == "The") &&
      words.back().size() > 2 && words.back().ends_with("s") &&
      !words.back().ends_with("ss") && internal::StartsUpper(words.back())) {
    return none;
  }
  const internal::Mapping member =
      canonical.Map("member of", internal::PhraseKind::kNoun, false);
  if (member.mapping != "lexicon" ||
      (types.KnowsValue(value) && types.ValueMayFit(member.key, value))) {
    return none;
  }
  internal::Mapping owned =
      canonical.Map("owned by", internal::PhraseKind::kPassive, false);
  if (owned.mapping != "lexicon") return none;
  owned.evidence = "'" + value + "' is no body that takes members: " +
                   "belonging to it is being owned: " + owned.evidence;
  return owned;
}

// Keyed on `key`, a lexicon relation the sentence's own words name.
void UseRelation(const std::string& key, double score, bool inverse,
                 internal::Mapping* m) {
  m->key = key;
  m->mapping = "lexicon";
  m->score = score;
  m->inverse = inverse;
  m->suggested.clear();
}

// The relation the evidence pointed at was refused: the phrase keys on
// itself.
void KeepPhrase(const internal::Clause& clause, internal::Mapping* m) {
  m->key = internal::Canonicalizer::Signature(clause.relation, clause.kind);
  m->mapping = "phrase";
  m->score = 0;
  m->inverse = false;
  m->suggested.clear();
}

// A belonging phrase whose value is a place: the subject is located
// there, under the place relation the value's type chooses (a continent,
// a country, a region). Returns whether the fact changed.
bool ReadBelongingAsPlace(const internal::Canonicalizer& canonical,
                          const internal::RelationTypes& types, ParsedFact* f) {
  const bool kind_dropped = DropPlaceKind(&f->value, &f->evidence, true);
  if (types.PlaceValued(f->relation)) return kind_dropped;
  if (!kind_dropped && !types.IsPlace(f->value)) return false;
  const internal::Mapping m = LocatedIn(canonical);
  if (m.mapping != "lexicon") return false;
  f->relation = m.key;
  f->evidence += "; '" + f->value + "' is a place: belonging to it is " +
                 "being located there";
  RefineLocated(types, f->subject, &f->relation, &f->value, &f->evidence);
  f->mapping = "lexicon";
  f->score = std::max(f->score, internal::kStrongMapping);
  return true;
}

// "the science fiction genre", "the horror genre": a description whose
// head noun names a class-valued relation (a genre, a religion, a
// language) says which relation the rest is the value of, whatever the
// verb before it ("belongs to", "is a classic of"). Sets *key and *value
// to that relation and the class; returns whether it applied.
bool ValueNamesItsRelation(const internal::Canonicalizer& canonical,
                           const internal::RelationTypes& types,
                           std::string* key, std::string* value,
                           std::string* evidence) {
  // A class relation already named keeps its value whole: "Wa language"
  // is the language's name.
  if (types.ClassValued(*key)) return false;
  const std::vector<std::string> w = internal::SplitWords(*value);
  const std::size_t first =
      !w.empty() && internal::InWords(w.front(), {"the", "a", "an"}) ? 1 : 0;
  if (w.size() < first + 2) return false;
  // The head is lower case and last: "Horror Genre Awards" is a name.
  for (char c : w.back()) {
    if (!std::islower(static_cast<unsigned char>(c))) return false;
  }
  const internal::Mapping m =
      canonical.Map(w.back(), internal::PhraseKind::kNoun, false);
  if (m.mapping != "lexicon" || m.inverse || !types.ClassValued(m.key)) {
    return false;
  }
  // "a widely used language" names no language: the class is a noun.
  const std::string cls =
      types.NounTail(internal::JoinWords(w, first, w.size() - 1));
  if (cls.empty()) return false;
  *evidence += std::string(evidence->empty() ? "" : "; ") + "'" + *value +
               "' names its relation by its head '" + w.back() + "' (" + m.key +
               ")";
  *key = m.key;
  *value = cls;
  return true;
}

// A class value that names a place further on: a place relation's value
// is that place; any other relation's is the class, and the place is
// where it holds ("an architect in Basel" -> architect).
void NamePlace(const internal::RelationTypes& types, ParsedFact* fact) {
  if (fact->mapping != "lexicon" && fact->mapping != "template") return;
  // "Vevey, Switzerland", "Oak Park, Illinois,": a place is keyed by its
  // own name; a country or state after the comma only locates it, as
  // people write it. A smaller or unknown region is more often part of the
  // name, as a label that tells places apart ("Battle, East Sussex",
  // "Higashiyamanashi District, Yamanashi").
  if (const std::size_t comma = fact->value.find(", ");
      comma != std::string::npos && comma > 0 &&
      std::isupper(static_cast<unsigned char>(fact->value[0])) &&
      types.PlaceValued(fact->relation)) {
    std::string region = fact->value.substr(comma + 2);
    while (!region.empty() && (region.back() == ',' || region.back() == ' ')) {
      region.pop_back();
    }
    if (!region.empty() &&
        std::isupper(static_cast<unsigned char>(region[0])) &&
        region.find_first_of(".,") == std::string::npos &&
        internal::KnownCountryOrState(region)) {
      fact->evidence += "; '" + region + "' after the place only locates it";
      fact->value.resize(comma);
    }
  }
  const std::vector<std::string> w = internal::SplitWords(fact->value);
  const std::size_t at = NamedPlaceAt(w);
  if (at == 0) return;
  if (types.PlaceValued(fact->relation)) {
    fact->evidence += "; the place named in '" + fact->value + "'";
    fact->value = internal::JoinWords(w, at + 1, w.size());
  } else {
    fact->evidence += "; '" + internal::JoinWords(w, at, w.size()) +
                      "' after the value is where it holds";
    fact->value = internal::JoinWords(w, 0, at);
  }
}

// "V is S's [modifiers] N" when N names no relation: what S is to V by the
// kinds of N and S. S a place and N a feature, structure or district
// (WordNet's noun.location, noun.object or noun.artifact in one of its
// senses, and first no person, animal or group): V is located in S. Else N a
// kind of work or product (noun.artifact or noun.communication, first sense):
// the clause "V is a N by S" when its types name a lexicon relation (author,
// performer, manufacturer). Rewrites *clause and *m then; otherwise leaves
// both.
bool OwnersThing(const internal::Canonicalizer& canonical,
                 const internal::RelationTypes& types, std::string_view text,
                 internal::Clause* clause, internal::Mapping* m) {
  const std::vector<std::string> words = internal::SplitWords(clause->relation);
  if (words.empty()) return false;
  const internal::WordForms& wf = internal::WordForms::Get();
  const std::string head = wf.Lemma(words.back(), internal::Pos::kNoun);
  if (head.empty()) return false;
  const std::vector<std::uint32_t> senses =
      wf.Senses(head, internal::Pos::kNoun);
  constexpr int kNounArtifact = 6;
  constexpr int kNounCommunication = 10;
  constexpr int kNounLocation = 15;
  constexpr int kNounObject = 17;
  constexpr double kNearPlaceRelation = 0.6;
  if (senses.empty()) return false;
  // "Mount Vinson is Antarctica's highest peak", "The Loire is France's
  // longest river": a place's feature, structure or district is located
  // there (the value's type picks country, continent or region).
  // Only adjectives may come before N ("highest peak", "most famous
  // archaeological site"): "sister city" is a relation of its own.
  bool modified_by_noun = false;
  for (std::size_t i = 0; i + 1 < words.size(); ++i) {
    modified_by_noun =
        modified_by_noun || (wf.Is(words[i], internal::Pos::kNoun) &&
                             !wf.Is(words[i], internal::Pos::kAdj));
  }
  // A noun the canonicaliser found near a place relation ("administrative
  // territory") names that relation: "S's R is V" then says where S is.
  const bool place_relation =
      (m->mapping == "lexicon" && types.PlaceValued(m->key)) ||
      (!m->suggested.empty() && types.PlaceValued(m->suggested)) ||
      (!m->alternatives.empty() && types.PlaceValued(m->alternatives[0]) &&
       m->alternative_scores[0] >= kNearPlaceRelation);
  if (types.IsPlace(clause->subject) && !modified_by_noun && !place_relation) {
    // Any sense may be the place's ("peak" is first an extremum); a noun
    // that is first a person, animal or group ("player") is no feature.
    constexpr int kNounAnimal = 5;
    constexpr int kNounGroup = 14;
    constexpr int kNounPerson = 18;
    const int first = wf.LexFile(senses.front(), internal::Pos::kNoun);
    bool feature =
        first != kNounAnimal && first != kNounGroup && first != kNounPerson;
    bool any = false;
    for (std::uint32_t sense : senses) {
      const int f = wf.LexFile(sense, internal::Pos::kNoun);
      any = any || f == kNounLocation || f == kNounObject || f == kNounArtifact;
    }
    feature = feature && any;
    internal::Mapping located = LocatedIn(canonical);
    if (!feature || located.mapping != "lexicon") return false;
    std::string owner = clause->subject;
    located.evidence = "'" + clause->subject + "'s " + clause->relation +
                       "' is a " + head + " in " + clause->subject + ": " +
                       located.evidence;
    RefineLocated(types, clause->value, &located.key, &owner,
                  &located.evidence);
    clause->subject = clause->value;
    clause->value = owner;
    clause->relation = "located in";
    clause->kind = internal::PhraseKind::kPassive;
    clause->shape = "V is S's N (a N in S)";
    *m = std::move(located);
    return true;
  }
  // A work's maker only in "V is S's N": in "S's N is V" the grammar may
  // have taken a predicate for V ("The Kalevala's verses are in Finnish").
  if (clause->shape != "V is S's R") return false;
  const int file = wf.LexFile(senses.front(), internal::Pos::kNoun);
  if (file != kNounArtifact && file != kNounCommunication) return false;
  // A noun that names a relation itself ("chair", "capital") is no work.
  if (canonical.Map(words.back(), internal::PhraseKind::kNoun, false).mapping ==
          "lexicon" ||
      !types.CuedByModifier(clause->relation).empty()) {
    return false;
  }
  internal::Clause made = *clause;
  made.subject = clause->value;
  made.value = clause->subject;
  // A lower-case "the" is the article ("the Harlan Quartet's album").
  if (made.value.starts_with("the ")) made.value.erase(0, 4);
  made.relation = words.back() + " by";
  made.kind = internal::PhraseKind::kNoun;
  made.shape = "S is a N prep V";
  internal::Mapping m2 = canonical.Map(made.relation, made.kind, false);
  internal::TypedChoice t;
  if (m2.mapping == "lexicon" || !types.Refine(made, m2, text, &t) ||
      t.inverse) {
    return false;
  }
  UseRelation(t.key, internal::kStrongMapping, /*inverse=*/false, m);
  const bool vowel =
      std::string_view("aeiou").find(words.back()[0]) != std::string_view::npos;
  m->evidence = "'" + clause->subject + "'s " + clause->relation + "' is " +
                (vowel ? "an " : "a ") + words.back() + " by " + made.value +
                ": " + t.evidence;
  made.value = t.value;
  // Not "S is a N prep V" itself: that shape's side statement "S is a N"
  // belongs to the sentence that says it.
  made.shape = "V is S's N (a N by S)";
  *clause = std::move(made);
  return true;
}

// Where a statement of change may have moved the value, for the write path
// (ParsedFact::kind_relations, change_by_head): asked only of a phrase that
// names no lexicon relation (`phrase`), or of a change verb whose lexicon
// relation takes values of another kind.
void AddChangeHints(const internal::RelationTypes& types, bool phrase,
                    ParsedFact* fact) {
  if (fact->ends) return;
  if (fact->change_verb) fact->change_by_head = !types.KnowsValue(fact->value);
  // A value WordNet cannot place ("joined Globex") may fit the phrase's
  // relation or another one the subject holds: the write path asks the
  // store when the phrase's own slot is empty. Not after a place verb: an
  // unknown name there ("moved to Qwertyville") is as likely a place.
  const bool unplaced_value =
      fact->change_by_head && !types.PlaceValued(fact->relation);
  if (phrase ||
      (fact->change_verb &&
       (unplaced_value || !types.ValueMayFit(fact->relation, fact->value)))) {
    fact->kind_relations = types.ChangeTargets(fact->subject, fact->value);
  }
}

// Whether a verb phrase or a template opens with a verb of change of
// membership or place: "moved to", "has switched to", "joined",
// "transferred to". Their value may name the changed slot.
bool IsChangeVerb(std::string_view phrase) {
  static constexpr std::string_view kChange[] = {
      "move",   "switch",   "transfer", "join",    "change", "shift",
      "rotate", "relocate", "convert",  "migrate", "defect", "reassign"};
  std::string rest;
  const std::string lemma = LeadVerb(phrase, &rest);
  return std::find(std::begin(kChange), std::end(kChange), lemma) !=
         std::end(kChange);
}

// "Alice left Acme", "Kenji has quit the chess club": a verb of leaving
// with its bare object says the value stopped, under whatever relation
// held it ("left for Paris" is a departure, not this).
bool LeavesValue(std::string_view phrase) {
  std::string rest;
  const std::string lemma = LeadVerb(phrase, &rest);
  return rest.empty() && (lemma == "leave" || lemma == "quit");
}

// "won 23 titles in tennis", "wrote in German", "dominated the NBA as a
// center", "spent 23 seasons at quarterback": the noun phrases after an
// adjunct preposition that may name a class (a sport, a language, a
// position), each as its longest first: {"ice hockey", "ice"}. None in a
// line that negates or hedges: "never played in goal".
std::vector<std::vector<std::string>> AdjunctPhrases(std::string_view line) {
  std::vector<std::vector<std::string>> out;
  const std::vector<std::string> w = internal::SplitWords(line);
  auto bare = [](std::string word) {
    while (!word.empty() &&
           std::ispunct(static_cast<unsigned char>(word.back())) != 0) {
      word.pop_back();
    }
    return word;
  };
  auto lower = [](std::string word) {
    for (char& c : word) {
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return word;
  };
  for (const std::string& word : w) {
    const std::string l = lower(bare(word));
    if (internal::InWords(l, {"not", "never", "no", "nor", "n't", "might",
                              "may", "maybe", "perhaps", "wants", "hopes"}) ||
        l.ends_with("n't")) {
      return out;
    }
  }
  for (std::size_t i = 0; i + 1 < w.size(); ++i) {
    const std::string prep = lower(w[i]);
    if (!internal::InWords(prep, {"in", "as", "at"})) continue;
    std::size_t j = i + 1;
    if (prep == "as" && internal::InWords(lower(w[j]), {"a", "an"})) ++j;
    // Up to three words, to the first punctuation after a word.
    std::vector<std::string> words;
    for (; j < w.size() && words.size() < 3; ++j) {
      const std::string b = bare(w[j]);
      if (b.empty() || !std::isalpha(static_cast<unsigned char>(b[0]))) break;
      const std::string lb = lower(b);
      if (internal::InWords(
              lb, {"the", "a",  "an",    "his",   "her", "its",  "their", "and",
                   "or",  "in", "at",    "on",    "for", "from", "with",  "by",
                   "of",  "to", "since", "until", "as",  "while"})) {
        break;
      }
      words.push_back(b);
      if (b != w[j]) break;  // punctuation closes the phrase
    }
    std::vector<std::string> phrases;
    for (std::size_t n = words.size(); n > 0; --n) {
      phrases.push_back(internal::JoinWords(words, 0, n));
    }
    if (!phrases.empty()) out.push_back(std::move(phrases));
  }
  return out;
}

// Which capture group holds what; 0 means "not captured".
struct Slots {
  int subject = 0;
  int relation = 0;
  int value = 0;
};

struct Pattern {
  std::unique_ptr<RE2> re;
  std::string relation;       // fixed relation key, or empty when captured
  std::string fixed_subject;  // subject implied by the shape ("user")
  Slots slots;
  int specificity = 0;   // literal characters; ties go to lower index
  std::string name;      // template text or shape name, for explanations
  bool lexicon = false;  // a lexicon template (not a generic shape)
  // A lexicon template whose literal text names no relation ("The [X] is
  // __"): it yields to the grammar when the grammar reads the sentence.
  bool catch_all = false;
};

// True when a template's literal text is only articles and copulas.
bool IsCatchAll(std::string_view tmpl) {
  std::string words;
  for (std::size_t i = 0; i < tmpl.size(); ++i) {
    if (tmpl.compare(i, 3, "[X]") == 0) {
      i += 2;
      words += ' ';
    } else if (tmpl.compare(i, 2, "__") == 0) {
      i += 1;
      words += ' ';
    } else {
      words +=
          static_cast<char>(std::tolower(static_cast<unsigned char>(tmpl[i])));
    }
  }
  std::size_t pos = 0;
  while (pos < words.size()) {
    std::size_t start = words.find_first_not_of(' ', pos);
    if (start == std::string::npos) break;
    std::size_t end = words.find(' ', start);
    if (end == std::string::npos) end = words.size();
    std::string w = words.substr(start, end - start);
    if (w != "the" && w != "a" && w != "an" && w != "is" && w != "are" &&
        w != "was" && w != "were") {
      return false;
    }
    pos = end;
  }
  return true;
}

// No letter or digit: punctuation ("…", "—") or an invisible character is
// never a subject, relation or value.
bool Blank(std::string_view s) { return !HasLetterOrDigit(s); }

bool IsPronoun(std::string_view subject) {
  std::string k = NormalizeKey(subject);
  return k == "he" || k == "she" || k == "it" || k == "they";
}

// Subjects the templates capture verbatim that name the user.
bool NamesUser(std::string_view subject, const ParseContext& ctx,
               std::string* ref) {
  std::string k = NormalizeKey(subject);
  if (k == "user" || k == "the user") {
    *ref = "the user";
    return true;
  }
  if (ctx.speaker == ParseContext::Speaker::kUser && (k == "i" || k == "we")) {
    *ref = "speaker";
    return true;
  }
  if (ctx.speaker == ParseContext::Speaker::kAssistant && k == "you") {
    *ref = "addressee";
    return true;
  }
  return false;
}

// Verb phrases accepted by the generic "S <verb> V" shape. They describe
// people and organisations the way agents talk about them; a lexicon entry
// with the same name takes over the relation key.
constexpr const char* kGenericVerbs[] = {
    "works at",    "works for",  "works as",       "lives in", "lives at",
    "likes",       "loves",      "dislikes",       "hates",    "prefers",
    "enjoys",      "uses",       "owns",           "knows",    "speaks",
    "studies at",  "studied at", "reports to",     "manages",  "is based in",
    "was born in", "moved to",   "is allergic to", "drives",   "plays",
};

// Subject-less sentences ("Prefers dark mode in all apps") are about the user.
constexpr const char* kUserVerbs[] = {"prefers",  "likes", "loves",
                                      "dislikes", "hates", "enjoys",
                                      "uses",     "wants", "needs"};

std::string EscapeLiteral(std::string_view s) { return RE2::QuoteMeta(s); }

// Literal text matches case-sensitively except a sentence's first letter:
// titles capitalise function words ("The author of Tender Is the Night is
// ..."), and matching " is " against "Is" would cut the subject short.
std::string LiteralRegex(std::string_view lit, bool sentence_start) {
  if (sentence_start && !lit.empty() &&
      std::isalpha(static_cast<unsigned char>(lit[0]))) {
    const char c = lit[0];
    std::string re = "[";
    re += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    re += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    re += "]";
    return re + EscapeLiteral(lit.substr(1));
  }
  return EscapeLiteral(lit);
}

// Turns "[X] is married to __" into "(?s)^(.+?) is married to (.+)$".
// Returns the literal-character count through *specificity.
std::string TemplateToRegex(std::string_view tmpl, bool question, Slots* slots,
                            int* specificity) {
  std::string re = "(?s)^";
  int group = 0;
  *specificity = 0;
  std::size_t i = 0;
  while (i < tmpl.size()) {
    if (tmpl.compare(i, 3, "[X]") == 0) {
      re += "(.+?)";
      slots->subject = ++group;
      i += 3;
    } else if (tmpl.compare(i, 2, "__") == 0) {
      re += "(.+)";
      slots->value = ++group;
      i += 2;
    } else {
      std::size_t next = tmpl.size();
      for (std::size_t j = i; j < tmpl.size(); ++j) {
        if (tmpl.compare(j, 3, "[X]") == 0 || tmpl.compare(j, 2, "__") == 0) {
          next = j;
          break;
        }
      }
      std::string_view lit = tmpl.substr(i, next - i);
      if (question) {
        // Question marks are optional and stripped before matching.
        while (!lit.empty() && (lit.back() == '?' || lit.back() == ' ')) {
          lit.remove_suffix(1);
        }
      }
      re += LiteralRegex(lit, i == 0);
      *specificity += static_cast<int>(lit.size());
      i = next;
    }
  }
  re += "$";
  return re;
}

Status AddPattern(std::vector<Pattern>* out, const std::string& regex,
                  Pattern p) {
  p.re = std::make_unique<RE2>(regex);
  if (!p.re->ok()) {
    return Status::InvalidArgument("pattern for '" + p.name +
                                   "' does not compile: " + p.re->error());
  }
  out->push_back(std::move(p));
  return Status::Ok();
}

std::string TrimSentence(std::string_view text, bool question) {
  std::string s = CleanDisplay(text);
  if (question) {
    while (!s.empty() && (s.back() == '?' || s.back() == ' ')) s.pop_back();
  } else if (!s.empty() && (s.back() == '.' || s.back() == '!')) {
    // Exactly one terminator: "Washington, D.C.." keeps its own period.
    s.pop_back();
  }
  return s;
}

Status CheckInput(std::string_view text) {
  if (text.size() > kMaxFieldBytes) {
    return Status::InvalidArgument("text of " + std::to_string(text.size()) +
                                   " bytes exceeds the limit of " +
                                   std::to_string(kMaxFieldBytes));
  }
  FACTLINE_RETURN_IF_ERROR(ValidateUtf8(text));
  FACTLINE_RETURN_IF_ERROR(CheckControlChars(text, /*allow_spaces=*/true));
  if (CleanDisplay(text).empty()) {
    return Status::InvalidArgument("empty text");
  }
  return Status::Ok();
}

}  // namespace

struct Parser::Impl {
  const Lexicon* lexicon = nullptr;
  std::vector<Pattern> sentences;
  std::vector<Pattern> questions;
  std::unique_ptr<RE2::Set> sentence_set;
  std::unique_ptr<RE2::Set> question_set;
  std::unique_ptr<internal::Canonicalizer> canonical;
  std::unique_ptr<internal::RelationTypes> types;
  // The lexicon keys of the occupation and sport relations ("" when the
  // lexicon has none), looked up once: every line's statements ask.
  std::string occupation_key;
  std::string sport_key;
  std::string manager_key;  // "director / manager", leading in general
  std::string employer_key;
  std::string member_key;

  // Captures of the best matching pattern; false when none matches.
  bool Match(const std::vector<Pattern>& patterns, const RE2::Set& set,
             const std::string& text, const Pattern** which,
             std::string groups[3]) const {
    std::vector<int> hits;
    if (!set.Match(text, &hits)) return false;
    std::sort(hits.begin(), hits.end(), [&](int a, int b) {
      if (patterns[a].specificity != patterns[b].specificity) {
        return patterns[a].specificity > patterns[b].specificity;
      }
      return a < b;
    });
    for (int index : hits) {
      const Pattern& p = patterns[index];
      int n = p.re->NumberOfCapturingGroups();
      std::string g[3];
      RE2::Arg args[3] = {&g[0], &g[1], &g[2]};
      const RE2::Arg* argv[3] = {&args[0], &args[1], &args[2]};
      if (!RE2::FullMatchN(text, *p.re, argv, n)) continue;
      bool empty_capture = false;
      for (int k = 0; k < n; ++k) {
        empty_capture = empty_capture || CleanDisplay(g[k]).empty();
      }
      if (empty_capture) continue;
      for (int k = 0; k < 3; ++k) groups[k] = std::move(g[k]);
      *which = &p;
      return true;
    }
    return false;
  }
};

Parser::Parser(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Parser::Parser(Parser&&) noexcept = default;
Parser& Parser::operator=(Parser&&) noexcept = default;
Parser::~Parser() = default;

const Lexicon& Parser::lexicon() const { return *impl_->lexicon; }

Result<Parser> Parser::Create(const Lexicon& lexicon) {
  auto impl = std::make_unique<Impl>();
  impl->lexicon = &lexicon;
  for (const RelationDef& def : lexicon.relations()) {
    const RelationDef* target = lexicon.Find(def.id);
    for (const auto& t : def.sentence_templates) {
      Pattern p;
      p.relation = target->id;
      p.name = t;
      p.lexicon = true;
      p.catch_all = IsCatchAll(t);
      std::string re = TemplateToRegex(t, false, &p.slots, &p.specificity);
      FACTLINE_RETURN_IF_ERROR(AddPattern(&impl->sentences, re, std::move(p)));
    }
    for (const auto& t : def.question_templates) {
      Pattern p;
      p.relation = target->id;
      p.name = t;
      std::string re = TemplateToRegex(t, true, &p.slots, &p.specificity);
      FACTLINE_RETURN_IF_ERROR(AddPattern(&impl->questions, re, std::move(p)));
    }
  }

  // Generic sentence shapes. Specificity counts their literal characters.
  auto generic = [&](std::vector<Pattern>* out, const char* name,
                     const std::string& re, Slots slots, int specificity,
                     std::string relation = "", std::string subject = "") {
    Pattern p;
    p.name = name;
    p.slots = slots;
    p.specificity = specificity;
    p.relation = std::move(relation);
    p.fixed_subject = std::move(subject);
    return AddPattern(out, re, std::move(p));
  };
  const std::string poss = "(?:'s|\u2019s)";
  FACTLINE_RETURN_IF_ERROR(
      generic(&impl->sentences, "The R of S is V",
              "(?s)^[Tt]he (.+?) of (.+?) (?:is|are) (.+)$", {2, 1, 3}, 12));
  FACTLINE_RETURN_IF_ERROR(
      generic(&impl->sentences, "S's R is V",
              "(?s)^(.+?)" + poss + " (.+?) (?:is|are) (.+)$", {1, 2, 3}, 7));
  FACTLINE_RETURN_IF_ERROR(
      generic(&impl->sentences, "V is S's R",
              "(?s)^(.+?) is (?:the )?(.+?)" + poss + " (.+)$", {2, 3, 1}, 6));
  FACTLINE_RETURN_IF_ERROR(generic(&impl->sentences, "V is the R of S",
                                   "(?s)^(.+?) is the (.+?) of (.+)$",
                                   {3, 2, 1}, 11));
  for (const char* verb : kGenericVerbs) {
    std::string v = verb;
    FACTLINE_RETURN_IF_ERROR(generic(
        &impl->sentences, verb, "(?s)^(.+?) (" + EscapeLiteral(v) + ") (.+)$",
        {1, 2, 3}, static_cast<int>(v.size()) + 2));
  }
  for (const char* verb : kUserVerbs) {
    std::string v = verb;
    FACTLINE_RETURN_IF_ERROR(generic(
        &impl->sentences, verb, "(?s)^(" + LiteralRegex(v, true) + ") (.+)$",
        {0, 1, 2}, static_cast<int>(v.size()), "", "user"));
  }

  // Generic question shapes.
  FACTLINE_RETURN_IF_ERROR(generic(&impl->questions, "What is the R of S?",
                                   "(?s)^(?:[Ww]hat|[Ww]ho|[Ww]hich|[Ww]here)(?"
                                   ": is|'s| are| was)? the (.+?) of (.+)$",
                                   {2, 1, 0}, 12));
  FACTLINE_RETURN_IF_ERROR(generic(
      &impl->questions, "Who is S's R?",
      "(?s)^(?:[Ww]hat|[Ww]ho|[Ww]hich|[Ww]here)(?: is|'s| are| was)? (.+?)" +
          poss + " (.+)$",
      {1, 2, 0}, 8));

  for (auto* list : {&impl->sentences, &impl->questions}) {
    auto set =
        std::make_unique<RE2::Set>(RE2::DefaultOptions, RE2::ANCHOR_BOTH);
    for (const Pattern& p : *list) {
      std::string error;
      // The Set gets the same pattern text; it is anchored by the Set too.
      if (set->Add(p.re->pattern(), &error) < 0) {
        return Status::InvalidArgument("pattern for '" + p.name +
                                       "' rejected by RE2::Set: " + error);
      }
    }
    if (!set->Compile()) {
      return Status::ResourceExhausted("RE2::Set does not compile");
    }
    (list == &impl->sentences ? impl->sentence_set : impl->question_set) =
        std::move(set);
  }
  impl->canonical = std::make_unique<internal::Canonicalizer>(lexicon);
  impl->types = std::make_unique<internal::RelationTypes>(
      lexicon, internal::WordForms::Get());
  for (auto [noun, key] : {std::pair{"occupation", &impl->occupation_key},
                           std::pair{"sport", &impl->sport_key},
                           std::pair{"manager", &impl->manager_key},
                           std::pair{"employer", &impl->employer_key},
                           std::pair{"member", &impl->member_key}}) {
    const internal::Mapping m =
        impl->canonical->Map(noun, internal::PhraseKind::kNoun, false);
    if (m.mapping == "lexicon") *key = m.key;
  }
  return Parser(std::move(impl));
}

Result<ParsedFact> Parser::ParseSentence(std::string_view sentence) const {
  ParseContext ctx;
  return ParseSentence(sentence, &ctx);
}

namespace {

bool LeadingDefault(const std::string& manager, const Lexicon& lexicon,
                    const internal::RelationTypes& types,
                    const internal::Clause& clause, internal::Mapping* m) {
  // "Tim Cook runs Apple", "Apple is led by Tim Cook", "Hartwig Fischer is
  // the head of the British Museum": a verb or noun of leading that the
  // lexicon's leader relations (chief executive, chair, director /
  // manager) all cue, so none wins, between a person's name and an
  // organisation's. Director / manager says no more than the sentence
  // does; a place led is a government's (types read it before this).
  if (manager.empty() || m->mapping != "phrase" || !m->suggested.empty()) {
    return false;
  }
  const RelationDef* def = lexicon.Find(manager);
  if (def == nullptr) return false;
  std::string sig = m->key;
  bool passive = false;
  for (std::string_view tail : {" by", " of"}) {
    if (sig.ends_with(tail)) {
      passive = tail == " by";
      sig.resize(sig.size() - tail.size());
    }
  }
  // A capitalised role is an office's title ("The Head of the
  // Commonwealth"), no organisation's manager.
  if (sig.empty() || sig.find(' ') != std::string::npos ||
      clause.relation_capitalised) {
    return false;
  }
  bool cued = false;
  for (const std::string& cue : def->cues) {
    cued = cued || cue == sig || cue == sig + "s";
  }
  if (!cued) return false;
  // Person and organisation: both names; the organisation is no place.
  // The organisation is the subject of "S is led by V" and "The head of S
  // is V", the value of "S leads V" and of "S is the head of V" (read
  // backwards already).
  const bool active = clause.kind == internal::PhraseKind::kVerb && !passive;
  const bool org_first = passive || (!active && !m->inverse);
  const std::string& org = org_first ? clause.subject : clause.value;
  const std::string& person = org_first ? clause.value : clause.subject;
  const std::string named_org =
      org.starts_with("the ") ? org.substr(4) : std::string(org);
  if (!internal::StartsUpper(person) || !internal::StartsUpper(named_org) ||
      types.IsPlace(named_org)) {
    return false;
  }
  m->evidence += "; '" + sig + "' leads an organisation: " + def->name +
                 " (no leader relation more specific)";
  m->key = manager;
  m->mapping = "lexicon";
  m->score = internal::kStrongMapping;
  if (active) m->inverse = true;
  return true;
}

}  // namespace

Result<std::vector<ParsedFact>> Parser::ParseStatements(
    std::string_view sentence, ParseContext* ctx) const {
  FACTLINE_RETURN_IF_ERROR(CheckInput(sentence));
  std::vector<ParsedFact> out;
  // "Frank Herbert's Dune is ...": the line is about the work; who made
  // it is a statement of its own.
  std::optional<ParsedFact> maker;
  std::string about_name;
  if (sentence.find("'s ") != std::string_view::npos ||
      sentence.find("s' ") != std::string_view::npos) {
    maker = PossessiveMaker(TrimSentence(sentence, false), &about_name, ctx);
    if (!about_name.empty()) sentence = about_name;
  }
  // "Beowulf is an epic poem composed in Old English": what the subject is
  // and the participle's clause are two statements.
  // "Kind of Blue is widely cited as the best-selling jazz album ever":
  // the class the hedge names.
  std::string hedged_class;
  if (internal::HedgedClass(TrimSentence(sentence, false), &hedged_class)) {
    sentence = hedged_class;
  }
  std::string relative_head, relative_side;
  if (internal::ReducedRelative(TrimSentence(sentence, false), &relative_head,
                                &relative_side)) {
    sentence = relative_head;
  }
  auto main = ParseSentence(sentence, ctx);
  if (!main.ok() && !main.status().IsNotFound()) return main.status();
  if (main.ok()) out.push_back(std::move(main).value());
  std::vector<std::string> side;
  // Side statements come from comma-delimited parts (appositions,
  // relative clauses, fronted participles: CommaLeadIn and Interruption in
  // atoms/spans.cc), a role between two names at the line's start
  // ("Microsoft CEO Satya Nadella spoke ...": NamedRoleBeforeName) and a
  // second clause after "and"/"but" + a capital (CoordinatedClauses), a
  // birthplace before a name ("Salzburg-born Mozart wrote ...":
  // RoleBeforeName); a line with none of these skips a second clause analysis
  // (most bulk lines).
  const std::string trimmed = TrimSentence(sentence, false);
  const std::size_t first_space = trimmed.find(' ');
  const bool born_first =
      first_space != std::string::npos &&
      std::string_view(trimmed).substr(0, first_space).ends_with("-born");
  // "Marie Curie's daughter Irène ...": a possessive among the first words.
  const std::size_t poss = trimmed.find("'s ");
  const bool possessive_first = poss != std::string::npos && poss < 48;
  // A relative subject was read whole by the main statement: its clause
  // is no side statement ("The woman who married X was Y").
  const bool relative_subject =
      !out.empty() && out.front().evidence.find("relative subject read as") !=
                          std::string::npos;
  if (!relative_subject &&
      (trimmed.find(", ") != std::string::npos ||
       internal::MayOpenWithNamedRole(trimmed) || MayJoinTwoClauses(trimmed) ||
       born_first || possessive_first)) {
    internal::MainClause(trimmed, nullptr, &side);
  }
  internal::RoleDroppedReading(trimmed, &side);
  // "Tim Berners-Lee invented the Web while working at CERN": the adjunct
  // is about the clause's subject, the one of the main statement's names
  // the line opens with (the statement may read it backwards).
  if (std::string predicate;
      !out.empty() && internal::WhileAdjunct(trimmed, &predicate)) {
    const ParsedFact& f = out.front();
    const std::string& who =
        trimmed.find(f.value) < trimmed.find(f.subject) ? f.value : f.subject;
    side.push_back(who + " " + predicate);
  }
  if (!relative_side.empty()) side.push_back(relative_side);
  // "S is a veterinarian from Seville" read as (S, veterinarian from,
  // Seville) also says "S is a veterinarian".
  for (const ParsedFact& f : out) {
    if (f.pattern != "grammar: S is a N prep V") continue;
    const std::size_t sp = f.phrase.rfind(' ');
    if (sp == std::string::npos) continue;
    side.push_back(f.subject + " is a " + f.phrase.substr(0, sp) + ".");
  }
  for (std::size_t k = 0; k < side.size() && k < 8; ++k) {
    const std::string s = side[k];
    auto f = ParseSentence(s, ctx);
    if (f.ok() && f->pattern == "grammar: S is a N prep V") {
      const std::size_t sp = f->phrase.rfind(' ');
      if (sp != std::string::npos) {
        side.push_back(f->subject + " is a " + f->phrase.substr(0, sp) + ".");
      }
    }
    if (!f.ok() || (f->mapping != "template" && f->mapping != "lexicon")) {
      continue;
    }
    // A side statement adds nothing when it repeats a fact or names
    // another value for a one-valued slot the main clause fills ("S worked
    // for X and now works for Y": one sentence states one value of such a
    // slot, the main clause's), or when it claims a slot the main clause's
    // phrase may name once the store is asked ("Mathis Rey gave up tennis
    // and now plays padel": "plays" may be the sport; "gave up tennis" is
    // what ended).
    auto cued = [&f](const std::vector<std::string>& keys) {
      return std::find(keys.begin(), keys.end(), f->relation) != keys.end();
    };
    auto covers = [&](const ParsedFact& o) {
      if (o.subject != f->subject) return false;
      if (o.mapping == "phrase" &&
          (cued(o.near_relations) || cued(o.cue_relations))) {
        return true;
      }
      return o.relation == f->relation &&
             (o.value == f->value ||
              impl_->lexicon->CardinalityOf(f->relation) == Cardinality::kOne);
    };
    const bool repeated = std::any_of(out.begin(), out.end(), covers);
    if (repeated) continue;
    if (!f->evidence.empty()) f->evidence += "; ";
    f->evidence += "side statement '" + s + "'";
    out.push_back(std::move(f).value());
  }
  // "Serena Williams won 23 Grand Slam titles in tennis": a class noun in
  // an adjunct (a sport, a language, a player position) states the main
  // subject's value of the one class relation it fits, unless the line
  // already keys that slot. One value per relation: two classes of one
  // relation in a line ("switched from tennis to golf") say nothing sure.
  if (!out.empty() && out.front().mapping != "weak") {
    const ParsedFact& first = out.front();
    std::vector<ParsedFact> adjuncts;
    std::unordered_set<std::string> seen_twice;
    for (const std::vector<std::string>& phrases : AdjunctPhrases(trimmed)) {
      for (const std::string& phrase : phrases) {
        internal::TypedChoice t;
        if (!impl_->types->ClassAdjunct(first.subject, phrase, &t)) {
          // The longest phrase WordNet knows is the one the line names:
          // "in Czech Republic" names no language.
          if (impl_->types->KnowsValue(phrase)) break;
          continue;
        }
        auto same_key = [&t](const ParsedFact& o) {
          return o.relation == t.key;
        };
        auto other = std::find_if(adjuncts.begin(), adjuncts.end(), same_key);
        if (other != adjuncts.end()) {
          if (other->value != t.value) seen_twice.insert(t.key);
          break;
        }
        ParsedFact side;
        side.subject = first.subject;
        side.subject_ref = first.subject_ref;
        side.relation = t.key;
        side.value = t.value;
        side.pattern = "adjunct: a class noun after a preposition";
        side.phrase = phrase;
        side.mapping = "lexicon";
        side.score = internal::kStrongMapping;
        side.evidence = t.evidence;
        side.valid_from = first.valid_from;
        side.valid_to = first.valid_to;
        side.time_words = first.time_words;
        adjuncts.push_back(std::move(side));
        break;
      }
    }
    for (ParsedFact& a : adjuncts) {
      if (seen_twice.count(a.relation) != 0) continue;
      const bool keyed =
          std::any_of(out.begin(), out.end(), [&](const ParsedFact& o) {
            return o.subject == a.subject && o.relation == a.relation;
          });
      if (!keyed) out.push_back(std::move(a));
    }
  }
  // "Ana Ruiz is a swimmer": an athlete WordNet names for a sport states
  // the sport too, unless the line names it.
  const std::string& occupation = impl_->occupation_key;
  const std::string& sport = impl_->sport_key;
  for (std::size_t k = 0, n = out.size();
       !occupation.empty() && !sport.empty() && k < n; ++k) {
    // A lexicon template states the one relation it names ("works in the
    // field of __"); the side reading is for what the grammar read.
    if (out[k].relation != occupation || out[k].mapping == "template") {
      continue;
    }
    internal::TypedChoice t;
    if (!impl_->types->NamedFor(out[k].value, occupation, sport, &t)) {
      continue;
    }
    const bool named = std::any_of(out.begin(), out.end(), [&](const auto& o) {
      return o.subject == out[k].subject && o.relation == t.key;
    });
    if (named) continue;
    ParsedFact side = out[k];
    side.relation = t.key;
    side.value = t.value;
    side.evidence += "; " + t.evidence;
    out.push_back(std::move(side));
  }
  // "Microsoft was founded by Bill Gates and Paul Allen": a relation with
  // many values holds each name of a coordinated value on its own.
  for (std::size_t k = out.size(); k-- > 0;) {
    const ParsedFact& f = out[k];
    if (f.mapping == "weak" ||
        impl_->lexicon->CardinalityOf(f.relation) != Cardinality::kMany) {
      continue;
    }
    const std::vector<std::string> names = CoordinatedNames(f.value);
    if (names.empty()) continue;
    std::vector<ParsedFact> split;
    for (const std::string& name : names) {
      ParsedFact one = f;
      one.value = name;
      one.evidence += (one.evidence.empty() ? "" : "; ");
      one.evidence += "one of the coordinated values '" + f.value + "'";
      split.push_back(std::move(one));
    }
    out.erase(out.begin() + static_cast<std::ptrdiff_t>(k));
    out.insert(out.begin() + static_cast<std::ptrdiff_t>(k), split.begin(),
               split.end());
  }
  // "Sheryl Sandberg joined Facebook as chief operating officer": joining
  // a firm in a job is employment, not membership, and the job is an
  // occupation. "joined the Royal Society as a fellow" stays membership.
  if (!out.empty() && !impl_->member_key.empty() &&
      !impl_->employer_key.empty() &&
      out.front().relation == impl_->member_key) {
    ParsedFact& joined = out.front();
    const std::string cue = "adjunct 'as ";
    const std::size_t at = joined.evidence.find(cue);
    const std::size_t end = at == std::string::npos
                                ? at
                                : joined.evidence.find('\'', at + cue.size());
    std::string role =
        at == std::string::npos
            ? std::string()
            : joined.evidence.substr(at + cue.size(), end - at - cue.size());
    // "as its new engineer", "as a senior engineer": the job without its
    // determiner and "new" (the write path knows what is new).
    std::string_view bare =
        internal::WithoutDeterminer(role, internal::IsReferringDeterminer);
    if (bare.starts_with("new ")) bare.remove_prefix(4);
    role = std::string(bare);
    const std::vector<std::string> role_words = internal::SplitWords(role);
    const std::string head = role_words.empty() ? "" : role_words.back();
    if (!head.empty() && internal::PersonNoun(head) &&
        !impl_->occupation_key.empty() &&
        impl_->types->ValueMayFit(impl_->occupation_key, head) &&
        !impl_->types->IsPlace(joined.value) &&
        internal::StartsUpper(joined.value) &&
        impl_->canonical->Map(head, internal::PhraseKind::kNoun, false).key !=
            impl_->member_key &&
        // An athlete joins a team, not an employer ("joined Real Madrid
        // as a goalkeeper").
        !internal::AthleteNoun(head)) {
      joined.relation = impl_->employer_key;
      joined.evidence += "; joined in a job ('" + role + "'): an employer";
      ParseContext scratch = *ctx;
      auto job =
          ParseSentence(joined.subject + " works as " + role + ".", &scratch);
      if (job.ok() && job->relation == impl_->occupation_key &&
          (job->mapping == "lexicon" || job->mapping == "template")) {
        job->valid_from = joined.valid_from;
        job->valid_to = joined.valid_to;
        job->evidence += "; the job of '" + joined.phrase + "'";
        out.push_back(std::move(job).value());
      }
    }
  }
  if (maker.has_value()) {
    const bool keyed =
        std::any_of(out.begin(), out.end(), [&](const ParsedFact& o) {
          return o.subject == maker->subject && o.relation == maker->relation;
        });
    if (!keyed) out.push_back(std::move(*maker));
  }
  if (out.empty()) return main.status();
  return out;
}

std::optional<ParsedFact> Parser::PossessiveMaker(std::string_view line,
                                                  std::string* about_name,
                                                  ParseContext* ctx) const {
  std::string owner, name, rest;
  if (!internal::PossessiveName(line, &owner, &name, &rest)) return {};
  // "Apple's CEO is Tim Cook", "Canada's Capital is Ottawa": a relation
  // noun, read as "S's R is V" by the grammar.
  const std::string lower = internal::WordCore(name);
  // "Quillsoft's CEO Dana Voss": a relation noun before the name.
  auto relation_noun = [&](const std::string& phrase) {
    return impl_->canonical->Map(phrase, internal::PhraseKind::kNoun, false)
                   .mapping == "lexicon" ||
           !impl_->types->CuedByModifier(phrase).empty();
  };
  if (relation_noun(lower)) return {};
  for (std::size_t sp = lower.find(' '); sp != std::string::npos;
       sp = lower.find(' ', sp + 1)) {
    if (relation_noun(lower.substr(0, sp))) return {};
  }
  // "Baldur's Gate", "Logan's Run", "Britain's Got Talent": a possessive
  // is as often inside one name as between two, so the line is read as
  // about the second name only on evidence: an article opening it ("Van
  // Gogh's The Starry Night": no single name reads so), or the line
  // naming it a kind of work its maker makes ("Nirvana's Nevermind is an
  // album ...", "Murakami's Norwegian Wood, a novel set in Tokyo, ...").
  // A place owns no work ("Mexico's Yucatán Peninsula").
  if (impl_->types->IsPlace(owner)) return {};
  auto made_by = [&](const std::string& kind) -> std::optional<ParsedFact> {
    const std::string probe =
        name + " is " +
        (std::string_view("aeiou").find(kind[0]) != std::string_view::npos
             ? "an "
             : "a ") +
        kind + " by " + owner + ".";
    ParseContext scratch = *ctx;
    auto f = ParseSentence(probe, &scratch);
    if (!f.ok() || f->mapping != "lexicon" || f->subject != name ||
        f->value != owner || f->pattern != "grammar: S is a N prep V" ||
        impl_->types->PlaceValued(f->relation)) {
      return {};
    }
    f->pattern = "possessive: a maker's name before a work's";
    f->evidence = "the possessive '" + owner + "' before the name '" + name +
                  "' read as '" + probe + "': " + f->evidence;
    return std::move(f).value();
  };
  const std::vector<std::string> words = internal::SplitWords(rest);
  const std::size_t name_words = internal::SplitWords(name).size();
  auto article = [&](std::size_t i) {
    return i < words.size() &&
           internal::InWords(internal::WordCore(words[i]), {"a", "an", "the"});
  };
  // Where the phrase that classifies the name starts: after "is a" /
  // "was the", or after the article of an apposition.
  std::size_t kind_at = words.size();
  const std::size_t after = name_words;
  if (after < words.size()) {
    const std::string verb = internal::WordCore(words[after]);
    // "is often called the ...", "is widely cited as the ...", "is one of
    // the ...": hedges between the copula and the classifying phrase.
    std::size_t at = after + 1;
    if (verb == "is" || verb == "was") {
      for (std::size_t hedges = 0; hedges < 4 && at < words.size(); ++hedges) {
        const std::string w = internal::WordCore(words[at]);
        if (w.ends_with("ly") || internal::InWords(w, {"often", "still"})) {
          ++at;
        } else if (internal::InWords(
                       w, {"called", "cited", "considered", "regarded",
                           "described", "hailed", "seen", "known"})) {
          ++at;
          if (at < words.size() && internal::WordCore(words[at]) == "as") ++at;
        } else if (w == "one" && at + 1 < words.size() &&
                   internal::WordCore(words[at + 1]) == "of") {
          at += 2;
        } else {
          break;
        }
      }
    }
    if ((verb == "is" || verb == "was") && article(at)) {
      kind_at = at + 1;
    } else if (words[after - 1].ends_with(",") && article(after)) {
      kind_at = after + 1;
    }
  }
  const internal::WordForms& wf = internal::WordForms::Get();
  // A noun, not a verb's inflection ("helped", "hangs"), nor a letter
  // ("a"); "painting" and "recording" are nouns of their own.
  auto noun_word = [&wf](const std::string& word) {
    const std::string noun = wf.Lemma(word, internal::Pos::kNoun);
    const std::string verb = wf.Lemma(word, internal::Pos::kVerb);
    return word.size() >= 3 &&
           std::islower(static_cast<unsigned char>(word[0])) && !noun.empty() &&
           (verb.empty() || verb == word || noun == word);
  };
  // The classifying phrase's words: "a 1984 compilation album", "the
  // best-selling Japanese novel".
  for (std::size_t i = kind_at; i < words.size() && i < kind_at + 5; ++i) {
    const std::string w = internal::WordCore(words[i]);
    if (!std::islower(static_cast<unsigned char>(words[i][0]))) continue;
    if (!noun_word(w)) continue;
    // A compound's head is its last noun: "compilation album", "science
    // fiction novel"; a word that may be a verb ends the compound ("a
    // novel set in Tokyo").
    if (i + 1 < words.size() && !words[i].ends_with(",")) {
      const std::string next = internal::WordCore(words[i + 1]);
      // "progressive rock album": a word that may be a verb continues the
      // compound when a noun, not a preposition, follows it.
      const bool verb_phrase = !wf.Lemma(next, internal::Pos::kVerb).empty() &&
                               (i + 2 >= words.size() ||
                                !noun_word(internal::WordCore(words[i + 2])) ||
                                words[i + 1].ends_with(","));
      if (noun_word(next) && !verb_phrase) {
        continue;
      }
    }
    // Only a noun first filed as an artifact or a communication names a
    // kind of work ("album", "novel", "painting"); "collection" is first
    // a group.
    constexpr int kNounArtifact = 6;
    constexpr int kNounCommunication = 10;
    const std::string noun = wf.Lemma(w, internal::Pos::kNoun);
    const std::vector<std::uint32_t> senses =
        wf.Senses(noun, internal::Pos::kNoun);
    if (senses.empty()) break;
    const int file = wf.LexFile(senses.front(), internal::Pos::kNoun);
    if (file != kNounArtifact && file != kNounCommunication) break;
    if (auto f = made_by(noun)) {
      *about_name = rest;
      return f;
    }
    break;
  }
  if (name.starts_with("The ") || name.starts_with("A ") ||
      name.starts_with("An ")) {
    *about_name = rest;
    return made_by("work");
  }
  return {};
}

namespace {

// Whether a relation's values are works, whose titles may hold any
// words ("Murder on the Orient Express", "1984").
bool WorkValued(const RelationDef& def) {
  for (const std::string& kind : def.value_kinds) {
    if (kind == "creation#2" || kind == "written communication" ||
        kind == "musical composition" || kind == "show" ||
        kind == "publication") {
      return true;
    }
  }
  return false;
}

}  // namespace

// "married June Carter in Kentucky", "recorded for Island Records
// throughout the 1970s", "took up golf at the age of two": what follows a
// value that is a name (of a person, a place, an organisation) or a class
// after a preposition or a relative word says where, when or how, not
// which. Names keep their inner words ("Bank of America", "Rio de
// Janeiro"); titles of works keep everything ("Murder on the Orient
// Express"), so relations whose values are works are left alone.
void Parser::TrimValueAdjunct(std::string_view sentence,
                              ParsedFact* fact) const {
  const RelationDef* def = impl_->lexicon->Find(fact->relation);
  if (def == nullptr || def->value_kinds.empty() || WorkValued(*def)) return;
  const std::vector<std::string> w = internal::SplitWords(fact->value);
  if (w.size() < 2) return;
  // A name's word: capitalised or a number ("Route 66").
  auto upper = [](const std::string& x) {
    return internal::StartsUpper(x) ||
           (!x.empty() && std::isdigit(static_cast<unsigned char>(x[0])));
  };
  const bool named = upper(w[0]);
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string& x = w[i];
    if (!std::islower(static_cast<unsigned char>(x[0]))) continue;
    const bool adjunct =
        internal::InWords(
            x, {"in",        "at",         "on",    "for",       "from",
                "during",    "throughout", "since", "until",     "after",
                "before",    "with",       "under", "over",      "near",
                "by",        "through",    "while", "when",      "where",
                "who",       "which",      "whom",  "whose",     "because",
                "following", "despite",    "among", "alongside", "via"}) ||
        (named && x == "as");
    if (!adjunct || (named && !upper(w[i - 1]))) {
      if (named) return;  // a lower-case word inside the name: keep it
      continue;
    }
    // "replaced English with Kessalian", "swapped tennis for padel": the
    // word after "with"/"for" is the value that came in.
    if ((x == "with" || x == "for") && i + 1 < w.size()) {
      const std::string_view t = sentence;
      bool swap = false;
      for (std::string_view verb :
           {" replaced ", " replaces ", " replace ", " swapped ", " swaps ",
            " exchanged ", " traded "}) {
        swap = swap || t.find(verb) != std::string::npos;
      }
      if (swap) {
        std::string in = w[i + 1];
        for (std::size_t k = i + 2; k < w.size(); ++k) in += " " + w[k];
        fact->evidence += (fact->evidence.empty() ? "" : "; ");
        fact->evidence += "'" + in + "' replaced '" +
                          fact->value.substr(0, fact->value.find(" " + x)) +
                          "': the value is what came in";
        fact->value = in;
        return;
      }
    }
    // A lexicon template's value runs to the line's end, and such names
    // hold a place ("Orchestral Manoeuvres in the Dark", "Adam Mickiewicz
    // University in Poznań"): after a template, only a tail without a
    // capital goes ("throughout the 1970s"). Elsewhere a capital after
    // the preposition goes only after "in", "at" or "near" and no "the":
    // "June Carter in Kentucky" but "Teach for America", "Panic at the
    // Disco".
    bool capital_after = false;
    for (std::size_t k = i + 1; k < w.size(); ++k) {
      capital_after =
          capital_after || std::isupper(static_cast<unsigned char>(w[k][0]));
    }
    if (capital_after && (fact->mapping == "template" ||
                          !internal::InWords(x, {"in", "at", "near"}) ||
                          (i + 1 < w.size() && w[i + 1] == "the"))) {
      return;
    }
    std::string kept = w[0];
    for (std::size_t k = 1; k < i; ++k) kept += " " + w[k];
    fact->evidence += (fact->evidence.empty() ? "" : "; ");
    fact->evidence += "'" + fact->value.substr(kept.size() + 1) +
                      "' after the value says where, when or how: dropped";
    fact->value = kept;
    return;
  }
}

Result<ParsedFact> Parser::ParseSentence(std::string_view sentence,
                                         ParseContext* ctx) const {
  const std::size_t named = ctx->subjects.size();
  auto fact = MatchSentence(sentence, ctx);
  if (!fact.ok() || fact->subject.find(" and ") != std::string::npos) {
    if (auto pair = PairedSymmetric(sentence, ctx); pair.ok()) {
      fact = std::move(pair);
      ctx->subjects.resize(named);
      ctx->subjects.push_back(fact->subject);
    }
  }
  if (!fact.ok()) {
    if (auto adj = PersonAdjective(sentence, ctx); adj.ok()) {
      fact = std::move(adj);
      ctx->subjects.resize(named);
      ctx->subjects.push_back(fact->subject);
    }
  }
  if (!fact.ok()) return fact;
  // "Dr. Felix Grant" is Felix Grant: a courtesy title is how he was
  // addressed, not his name, and one statement with it and one without
  // must meet.
  for (std::string* field : {&fact->subject, &fact->value}) {
    DropHonorific(field);
  }
  // Whatever read the sentence, a field without a letter or digit ("Ann
  // lives in …", "… is the author of Bar") names nothing: the line is
  // unparsed with this reason, and the subject it named is forgotten.
  for (auto [what, field] :
       {std::pair<const char*, const std::string*>{"subject", &fact->subject},
        {"relation", &fact->relation},
        {"value", &fact->value}}) {
    if (Blank(*field)) {
      ctx->subjects.resize(named);
      return Status::NotFound(std::string(what) + " '" + *field +
                              "' has no letters or digits");
    }
  }
  // "Omar Haddad never played as a goalkeeper": a negation a template
  // left at the end of the subject negates the statement; nothing it
  // read holds, so the line is unparsed with this reason.
  {
    const std::size_t sp = fact->subject.rfind(' ');
    if (sp != std::string::npos &&
        internal::InWords(fact->subject.substr(sp + 1), {"never", "not"})) {
      ctx->subjects.resize(named);
      return Status::NotFound("negated statement: '" + fact->subject +
                              "' ends in a negation");
    }
  }
  TrimValueAdjunct(sentence, &*fact);
  // "plays as a forward": a class is named without its article.
  if (impl_->types->ClassValued(fact->relation) ||
      impl_->types->PeopleClassValued(fact->relation)) {
    fact->value = std::string(
        internal::WithoutDeterminer(fact->value, [](std::string_view w) {
          return internal::InWords(w, {"a", "an", "the"});
        }));
  }
  // "Nina Simone died in 2003", "The novel was published in 1934": a
  // date says when, never where or of what kind; the relation's template
  // or verb matched, but the line names no place or class.
  const RelationDef* def = impl_->lexicon->Find(fact->relation);
  if (def != nullptr && !WorkValued(*def) &&
      (impl_->types->PlaceValued(fact->relation) ||
       impl_->types->ClassValued(fact->relation)) &&
      internal::IsDateOnly(fact->value)) {
    ctx->subjects.resize(named);
    return Status::NotFound("value '" + fact->value + "' is a date: " +
                            fact->relation + " takes a place or a class");
  }
  return fact;
}

// "Ana Ruiz and Tom Berg got married in 1998", "Lyon and Dresden are
// twinned": a symmetric relation (spouse, twin town) stated of two
// coordinated names holds between them. Read as "A <predicate> to B" or
// "... with B"; kept only when that names a symmetric lexicon relation
// between A and B. NotFound otherwise; *ctx is left as it was.
Result<ParsedFact> Parser::PairedSymmetric(std::string_view sentence,
                                           ParseContext* ctx) const {
  const std::vector<std::string> w =
      internal::SplitWords(TrimSentence(sentence, false));
  std::size_t a = 0;
  while (a < w.size() && a < 5 && internal::StartsUpper(w[a])) ++a;
  if (a == 0 || a >= w.size() || w[a] != "and") return Status::NotFound("");
  std::size_t b = a + 1;
  while (b < w.size() && b < a + 6 && internal::StartsUpper(w[b])) ++b;
  if (b == a + 1 || b >= w.size() || internal::StartsUpper(w[b]))
    return Status::NotFound("");
  const std::string first = internal::JoinWords(w, 0, a);
  const std::string second = internal::JoinWords(w, a + 1, b);
  const std::string predicate = internal::JoinWords(w, b, w.size());
  const std::size_t named = ctx->subjects.size();
  for (const char* prep : {" to ", " with "}) {
    const std::string paired = first + " " + predicate + prep + second + ".";
    auto f = MatchSentence(paired, ctx);
    ctx->subjects.resize(named);
    const RelationDef* def =
        f.ok() ? impl_->lexicon->Find(f->relation) : nullptr;
    if (def != nullptr && def->symmetric && f->subject == first &&
        f->value == second) {
      f->evidence += "; '" + first + " and " + second +
                     "' are the two sides of a symmetric relation: read as '" +
                     paired + "'";
      return f;
    }
  }
  return Status::NotFound("");
}

// "Ana Lima is French", "Piet Smit was Catholic": a name and a capitalised
// adjective alone say what the person is, as "is a French person" does
// (citizenship, religion). Read so, and kept only when that names a lexicon
// relation. Only for a name of two to four words and not for "The ..."
// subjects: "Nokia is Finnish", "The Eiffel Tower is French" say no
// citizenship. NotFound otherwise; *ctx is left as it was.
Result<ParsedFact> Parser::PersonAdjective(std::string_view sentence,
                                           ParseContext* ctx) const {
  const std::vector<std::string> w =
      internal::SplitWords(TrimSentence(sentence, false));
  // A person's name: two to four words ("Nokia is Finnish" is a firm's).
  if (w.size() < 4 || w.size() > 6) return Status::NotFound("");
  const std::string& adjective = w.back();
  const std::string& copula = w[w.size() - 2];
  if ((copula != "is" && copula != "was") ||
      !internal::StartsUpper(adjective) || w[0] == "The") {
    return Status::NotFound("");
  }
  for (std::size_t i = 0; i + 2 < w.size(); ++i) {
    if (!internal::StartsUpper(w[i])) return Status::NotFound("");
  }
  const internal::WordForms& wf = internal::WordForms::Get();
  std::string lower = adjective;
  for (char& ch : lower) {
    ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  }
  if (!wf.Is(lower, internal::Pos::kAdj)) return Status::NotFound("");
  const std::string subject = internal::JoinWords(w, 0, w.size() - 2);
  const std::string person =
      subject + " " + copula + " a " + adjective + " person.";
  const std::size_t named = ctx->subjects.size();
  auto f = MatchSentence(person, ctx);
  ctx->subjects.resize(named);
  // The adjective must name its noun (France, Catholicism): "Korean"
  // kept as itself may be a language, and a work can be Korean too.
  if (!f.ok() || f->mapping != "lexicon" || f->subject != subject ||
      f->value == adjective) {
    return Status::NotFound("");
  }
  f->evidence +=
      "; '" + adjective + "' alone after a name: read as '" + person + "'";
  return f;
}

Result<ParsedFact> Parser::MatchSentence(std::string_view sentence,
                                         ParseContext* ctx) const {
  FACTLINE_RETURN_IF_ERROR(CheckInput(sentence));
  std::string spans;
  std::string text =
      internal::ChangeFromTo(TrimSentence(sentence, false), &spans);
  ParsedFact fact;
  auto read_time_words = [&]() {
    // A cheap pre-check lets lines without time words skip the scanner.
    if (!internal::MayHaveTimeWords(text)) return;
    internal::TimeWords tw = internal::ReadTimeWords(text, ctx->tx_time);
    // Time words never take the whole statement ("Today" as a value).
    if (!tw.found.empty() &&
        CleanDisplay(tw.text).find(' ') != std::string::npos) {
      text = TrimSentence(tw.text, false);
      fact.valid_from = tw.valid_from;
      fact.valid_to = tw.valid_to;
      fact.ends = tw.ends;
      fact.time_words = std::move(tw.found);
      fact.replaces = std::move(tw.replaced);
    }
  };
  read_time_words();
  // Lead-ins, fronted adjuncts and interruptions are no part of the main
  // clause; values end at a clause boundary (atoms/internal/spans.h).
  // "The studio that developed Minecraft is Mojang": read before the main
  // clause is cut (its relative clause is no interruption), unless a
  // lexicon template reads the line as it stands; one whose subject holds
  // a relative word does not ("The woman who married Johnny Cash was
  // ...": "[X] married __").
  if (text.find(" that ") != std::string::npos ||
      text.find(" who ") != std::string::npos ||
      text.find(" which ") != std::string::npos ||
      text.find(" where ") != std::string::npos) {
    const Pattern* tp = nullptr;
    std::string tg[3];
    bool template_reads =
        impl_->Match(impl_->sentences, *impl_->sentence_set, text, &tp, tg) &&
        tp->lexicon && !tp->catch_all;
    if (template_reads && tp->slots.subject) {
      std::string subject = tg[tp->slots.subject - 1];
      template_reads = internal::CleanTemplateSubject(&subject);
    }
    if (!template_reads) internal::RelativeSubject(&text, &spans);
  }
  const std::string before_main = text;
  text = internal::MainClause(text, &spans);
  // A rewritten clause may show a time the whole line hid ("S is where V
  // died in July 1890" -> "V died in S in July 1890").
  if (text != before_main && fact.time_words.empty()) read_time_words();
  const Pattern* p = nullptr;
  std::string g[3];
  const bool matched =
      impl_->Match(impl_->sentences, *impl_->sentence_set, text, &p, g);

  auto from_pattern = [&]() -> Result<ParsedFact> {
    ParsedFact fact_copy = fact;
    ParsedFact& fact = fact_copy;
    fact.subject = p->slots.subject ? CleanDisplay(g[p->slots.subject - 1])
                                    : p->fixed_subject;
    // A verb group leaks into the capture ("Kenji has" moved to); one that
    // holds a negation or modal leaves the sentence to the grammar.
    if (p->slots.subject && p->lexicon &&
        !internal::CleanTemplateSubject(&fact.subject)) {
      return Status::NotFound("");
    }
    if (p->fixed_subject == "user") {
      fact.subject = ctx->user;
      fact.subject_ref = "implied user";
    } else if (NamesUser(fact.subject, *ctx, &fact.subject_ref)) {
      fact.subject = ctx->user;
    } else if (IsPronoun(fact.subject)) {
      // Templates capture "She" verbatim; the grammar resolves it.
      return Status::NotFound("");
    }
    fact.phrase = p->slots.relation ? g[p->slots.relation - 1] : p->name;
    fact.relation =
        p->slots.relation
            ? impl_->lexicon->CanonicalRelation(g[p->slots.relation - 1])
            : p->relation;
    fact.value = CleanDisplay(g[p->slots.value - 1]);
    if (Blank(fact.relation)) {
      return Status::NotFound("pattern '" + p->name +
                              "' leaves a relation with no letters or digits");
    }
    fact.pattern = p->name;
    for (const std::string* field : {&fact.subject, &fact.value}) {
      if (Blank(*field)) {
        return Status::NotFound("pattern '" + p->name +
                                "' leaves a subject or value with no letters "
                                "or digits");
      }
    }
    fact.mapping = p->lexicon ? "template" : "phrase";
    fact.score = p->lexicon ? 1.0 : 0.0;
    fact.evidence = p->lexicon ? "lexicon template '" + p->name + "'"
                               : "generic shape '" + p->name + "'";
    return fact;
  };
  // The fast path: a lexicon template that names its relation.
  if (matched && p->lexicon && !p->catch_all) {
    auto f = from_pattern();
    // "S was married to V" read by "[X] married __": a value that opens
    // with a lower-case preposition is the rest of another verb phrase; the
    // grammar reads the whole of it.
    if (f.ok() && p->slots.value) {
      const std::size_t sp = f->value.find(' ');
      if (sp != std::string::npos &&
          internal::IsCorePreposition(
              std::string_view(f->value).substr(0, sp))) {
        f = Status::NotFound("template value opens with a preposition");
      }
    }
    if (f.ok()) f->change_verb = IsChangeVerb(p->name);
    // Clause boundaries and modifiers before a name ("northern Cambodia")
    // leave the value before its type chooses among relations.
    if (f.ok()) f->value = internal::TrimValue(f->value, true, &spans);
    // "My car ran on diesel" is no broadcaster: a common noun of no kind a
    // name-valued relation takes leaves the line to the grammar.
    if (f.ok() && (!CommonNounFits(*impl_->types, f->relation, f->value) ||
                   !SubjectKindFits(*impl_->types, f->relation, f->subject))) {
      f = Status::NotFound("template subject or value of the wrong kind");
    }
    // "[X] lies in __" read "the country of France": the value is France.
    if (f.ok()) {
      if (std::string name = impl_->types->StripTypeNoun(f->value);
          !name.empty()) {
        f->evidence += "; type noun before the value dropped ('" + f->value +
                       "' -> '" + name + "')";
        f->value = name;
      }
    }
    // "[X] sits in __" read "the middle of the Northern Territory", "[X]
    // works in __" read "our Berlin office".
    if (f.ok() && impl_->types->PlaceValued(f->relation)) {
      DropPlaceKind(&f->value, &f->evidence, /*parts=*/true);
      if (std::string place = impl_->types->PlaceOfFacility(f->value);
          !place.empty()) {
        f->evidence += "; '" + f->value + "' is in " + place;
        f->value = place;
      }
    }
    // A template whose words are cues of several relations ("[X] lies in
    // __") yields to the relation the value's type fits strictly nearer.
    if (internal::TypedChoice t;
        f.ok() && !p->slots.relation &&
        impl_->types->RefineTemplate(f->relation, p->name, f->subject, f->value,
                                     &t)) {
      f->relation = t.key;
      f->value = t.value;
      f->mapping = "lexicon";
      f->evidence += "; " + t.evidence;
    }
    if (f.ok() && !p->slots.relation && BelongingPhrase(p->name) &&
        !ReadBelongingAsPlace(*impl_->canonical, *impl_->types, &*f)) {
      if (const internal::Mapping owned = BelongingAsOwnership(
              *impl_->canonical, *impl_->types, p->name, f->value);
          owned.mapping == "lexicon") {
        f->relation = owned.key;
        f->evidence += "; " + owned.evidence;
        f->mapping = "lexicon";
      }
    }
    if (f.ok() && !p->slots.relation &&
        ValueNamesItsRelation(*impl_->canonical, *impl_->types, &f->relation,
                              &f->value, &f->evidence)) {
      f->mapping = "lexicon";
    }
    if (f.ok()) AddChangeHints(*impl_->types, /*phrase=*/false, &*f);
    if (f.ok()) {
      // The value was trimmed above; what the type steps made of it is a
      // part of it.
      f->subject = internal::TrimValue(f->subject, false, &spans);
      DropPlaceKind(&f->subject, &f->evidence);
      if (!spans.empty()) f->evidence += "; spans: " + spans;
      NamePlace(*impl_->types, &*f);
      if (f->subject_ref.empty()) ctx->subjects.push_back(f->subject);
      return f;
    }
    // A pronoun subject: resolve it with the grammar, below.
  }
  const internal::Canonicalizer& canonical = *impl_->canonical;
  auto clause =
      internal::ReadSentence(text, *ctx, [&canonical](const std::string& noun) {
        return canonical.KnowsNoun(noun);
      });
  if (!clause.ok()) {
    // A generic shape or catch-all still reads what the grammar cannot; a
    // lexicon template that failed on a pronoun subject does not.
    if (matched && !(p->lexicon && !p->catch_all)) return from_pattern();
    return Status::NotFound("no statement in '" + text +
                            "': " + clause.status().message());
  }
  clause->value = internal::TrimValue(clause->value, true, &spans);
  clause->subject = internal::TrimValue(clause->subject, false, &spans);
  // "the TV show The Wire", "Miles Davis's album Kind of Blue": the name.
  clause->subject = internal::DropModifiersBeforeName(clause->subject, &spans);
  DropPlaceKind(&clause->subject, &spans);
  internal::Mapping m = impl_->canonical->Map(clause->relation, clause->kind,
                                              clause->relation_capitalised);
  // "studied chemistry at V": the verb + preposition reading when only it
  // names a lexicon relation.
  if (std::string rel, obj; clause->kind == internal::PhraseKind::kVerb &&
                            m.mapping != "lexicon" &&
                            internal::SplitObjectReading(
                                clause->relation, clause->value, &rel, &obj)) {
    if (internal::Mapping m2 = impl_->canonical->Map(rel, clause->kind, false);
        m2.mapping == "lexicon") {
      if (!spans.empty()) spans += "; ";
      spans += "reading '" + rel + "'";
      clause->relation = rel;
      clause->value = obj;
      m = std::move(m2);
    }
  }
  // "V is the town where S was born": the type noun was evidence ("the
  // continent S belongs to"); when the phrase with it names no relation,
  // the verb alone may ("born in").
  if (const std::string& noun = clause->type_noun;
      !noun.empty() && m.mapping != "lexicon" &&
      clause->relation.ends_with(" " + noun)) {
    const std::string verb =
        clause->relation.substr(0, clause->relation.size() - noun.size() - 1);
    if (internal::Mapping m2 = impl_->canonical->Map(verb, clause->kind, false);
        m2.mapping == "lexicon") {
      if (!spans.empty()) spans += "; ";
      spans += "type noun '" + noun + "' left out of the phrase";
      clause->relation = verb;
      m = std::move(m2);
    }
  }
  // "Paper Lanterns is a song recorded by Mira Castell": when the reduced
  // relative names no relation as a noun ("recorded song"), it is the
  // passive it abbreviates ("was recorded by").
  if (m.mapping != "lexicon" && clause->shape.ends_with("the R-ed by S")) {
    const std::vector<std::string> words =
        internal::SplitWords(clause->relation);
    for (std::size_t n = std::min<std::size_t>(2, words.size() - 1); n >= 1;
         --n) {
      const std::string passive = internal::JoinWords(words, 0, n) + " by";
      internal::Mapping m2 =
          impl_->canonical->Map(passive, internal::PhraseKind::kPassive, false);
      if (m2.mapping == "lexicon") {
        m2.evidence = "'the " + internal::JoinWords(words, n, words.size()) +
                      " " + passive + "' is what was " + passive + ": " +
                      m2.evidence;
        m2.inverse = !m2.inverse;
        m = std::move(m2);
        break;
      }
    }
  }
  // "The Glass Orchard is Mira Castell's debut novel": a possessive before
  // a kind of work or product names who made it, when the noun is no
  // relation of its own. Read as "... is a novel by Mira Castell", whose
  // head noun and maker the types match to a relation (author, performer,
  // manufacturer). Only a made thing (WordNet's noun.artifact or
  // noun.communication): "Bob's friend", "Tom's dog" and "France's largest
  // city" are no works.
  // A relation reached only through a hypernym or synonym of the noun
  // ("landmark" -> position) is weaker evidence than what the noun is.
  if ((m.mapping != "lexicon" || m.score < internal::kSynonymOrHypernymBelow) &&
      (clause->shape == "V is S's R" || clause->shape == "S's R is V")) {
    OwnersThing(*impl_->canonical, *impl_->types, text, &*clause, &m);
  }
  // "Ana Lima is a lawyer in Madrid": an occupation (a person noun WordNet
  // files under the occupation relation's values) in a place is where S
  // works; the side statement "S is a lawyer" keeps the occupation.
  // "S is a sports broadcaster in Iowa" says S is a person: a relation
  // the noun names whose subjects are never people (a show's original
  // broadcaster) is not what the line states.
  if (m.mapping == "lexicon" && clause->shape == "S is a N prep V") {
    const std::vector<std::string> words =
        internal::SplitWords(clause->relation);
    const RelationDef* def = impl_->lexicon->Find(m.key);
    if (words.size() >= 2 && internal::PersonNoun(words[words.size() - 2]) &&
        def != nullptr && !def->subject_kinds.empty() &&
        std::find(def->subject_kinds.begin(), def->subject_kinds.end(),
                  "person") == def->subject_kinds.end()) {
      m.evidence += "; but a '" + words[words.size() - 2] +
                    "' is a person, and " + m.key +
                    " is said of no person, so the phrase stays";
      KeepPhrase(*clause, &m);
    }
  }
  if (m.mapping != "lexicon" && clause->shape == "S is a N prep V") {
    const std::vector<std::string> words =
        internal::SplitWords(clause->relation);
    const std::string& occupation = impl_->occupation_key;
    // The head noun before the preposition ("a sports broadcaster in").
    const std::string head =
        words.size() >= 2 ? words[words.size() - 2] : std::string();
    const bool works_as = words.size() >= 2 && words.size() <= 4 &&
                          internal::PersonNoun(head) && !occupation.empty() &&
                          impl_->types->KnowsValue(head) &&
                          impl_->types->ValueMayFit(occupation, head);
    const bool place = works_as && impl_->types->IsPlace(clause->value);
    // "a lawyer at Baker McKenzie", "an engineer for Datadog": a firm's
    // name (capitalised, no place) is the employer.
    const bool firm = works_as && !place &&
                      (words.back() == "at" || words.back() == "for") &&
                      internal::StartsUpper(clause->value);
    if ((place && (words.back() == "in" || words.back() == "at")) || firm) {
      internal::Mapping m2 =
          place ? impl_->canonical->Map("worked in",
                                        internal::PhraseKind::kVerb, false)
                : impl_->canonical->Map("employer", internal::PhraseKind::kNoun,
                                        false);
      if (m2.mapping == "lexicon") {
        m2.evidence =
            "a " + head + " " + words.back() +
            (place ? " a place works there: " : " a firm works for it: ") +
            m2.evidence;
        m = std::move(m2);
      }
    }
  }
  // "Palo Alto is a city in Santa Clara County", "Siena is a town in
  // Tuscany": a kind of place in a place says where the subject is, the
  // relation the value's type chooses (a country, a region, ...).
  // So is one "of" a place ("a neighbourhood of Los Angeles"), and the
  // value's own kind may follow ("a city in the state of Bavaria").
  if (m.mapping != "lexicon" && (clause->shape == "S is a N prep V" ||
                                 clause->shape == "S is a R of V")) {
    std::vector<std::string> words = internal::SplitWords(clause->relation);
    if (words.size() >= 4 && words.back() == "of" &&
        (internal::PlaceKindNoun(words[words.size() - 2]) ||
         internal::PlacePartNoun(words[words.size() - 2])) &&
        internal::InWords(words[words.size() - 3],
                          {"the", "in", "within", "of"})) {
      words.resize(words.size() - (words[words.size() - 3] == "the" ? 3 : 2));
    }
    if (words.size() >= 2 && words.size() <= 4 &&
        internal::InWords(words.back(), {"in", "within", "of"}) &&
        internal::PlaceKindNoun(words[words.size() - 2])) {
      internal::Mapping m2 = LocatedIn(*impl_->canonical);
      if (m2.mapping == "lexicon") {
        m2.evidence = "a '" + words[words.size() - 2] + "' " + words.back() +
                      " a place is located there: " + m2.evidence;
        clause->relation = "located in";
        RefineLocated(*impl_->types, clause->subject, &m2.key, &clause->value,
                      &m2.evidence);
        m = std::move(m2);
      }
    }
  }
  if (std::string key = m.mapping == "lexicon" ? m.key : "";
      !m.inverse && ValueNamesItsRelation(*impl_->canonical, *impl_->types,
                                          &key, &clause->value, &m.evidence)) {
    // The value's own words name the relation.
    UseRelation(key, /*score=*/1.0, /*inverse=*/false, &m);
  }
  // "Hollin Village is part of Westmarch County": belonging to a place is
  // being located there; "Mexico is part of the OECD": belonging to
  // anything else is membership.
  if (BelongingPhrase(clause->relation) && !m.inverse &&
      !(m.mapping == "lexicon" && impl_->types->PlaceValued(m.key))) {
    std::string why;
    const bool kind = DropPlaceKind(&clause->value, &why);
    const bool place = kind || impl_->types->IsPlace(clause->value);
    internal::Mapping owned =
        place || !clause->type_noun.empty()
            ? internal::Mapping()
            : BelongingAsOwnership(*impl_->canonical, *impl_->types,
                                   clause->relation, clause->value);
    internal::Mapping m2 =
        place ? LocatedIn(*impl_->canonical)
              : impl_->canonical->Map("member of", internal::PhraseKind::kNoun,
                                      false);
    // Only over membership or no relation: a genre the value named ("the
    // science fiction genre") stands.
    if (owned.mapping == "lexicon" &&
        (m.mapping != "lexicon" ||
         (m2.mapping == "lexicon" && m.key == m2.key))) {
      m = std::move(owned);
    } else if (m2.mapping == "lexicon" && (place || m.mapping != "lexicon")) {
      m2.evidence = (place ? "'" + clause->value +
                                 "' is a place: belonging to it is being "
                                 "located there: "
                           : std::string("belonging to what is no place is "
                                         "membership: ")) +
                    m2.evidence + why;
      if (place) {
        RefineLocated(*impl_->types, clause->subject, &m2.key, &clause->value,
                      &m2.evidence);
      }
      m = std::move(m2);
    }
  }
  // Types of subject and value choose among relations the phrase alone
  // cannot tell apart (atoms/internal/relation_types.h).
  if (internal::TypedChoice t; impl_->types->Refine(*clause, m, text, &t)) {
    m.evidence += (m.evidence.empty() ? "" : "; ") + t.evidence;
    m.key = t.key;
    m.mapping = "lexicon";
    m.score = std::max(m.score, internal::kStrongMapping);
    m.suggested.clear();
    m.inverse = t.inverse;
    clause->value = t.value;
  }
  // A verb keyed on a lexicon relation only through WordNet's widening
  // (a hypernym or synonym: "sits in" -> "attend" -> educated at) whose
  // value WordNet files under none of that relation's value kinds ("Uluru
  // sits in Australia": a country is no school) names that relation in no
  // sense of the sentence: the phrase stays as written.
  // So does a relation noun reached by leaving out its modifiers ("a
  // devout follower of Leeds United" is no religion's).
  // A class (a religion, a genre) must be one WordNet knows there.
  // "S runs O" read backwards as "O is run by S" needs an O of the kind
  // the relation's subjects are: "I run marathons" heads no company.
  if (const std::string& subject = m.inverse ? clause->value : clause->subject;
      m.mapping == "lexicon" && m.inverse &&
      clause->kind == internal::PhraseKind::kVerb &&
      !impl_->types->SubjectMayFit(m.key, subject)) {
    m.evidence += "; but '" + subject + "' is of no kind " + m.key +
                  " is said of, so the phrase stays";
    KeepPhrase(*clause, &m);
  }
  const bool modifiers_dropped = m.evidence.starts_with("without modifier");
  if (const std::string& value = m.inverse ? clause->subject : clause->value;
      m.mapping == "lexicon" &&
      ((((clause->kind == internal::PhraseKind::kVerb &&
          clause->relation != "is a" &&
          m.score < internal::kSynonymOrHypernymBelow) ||
         modifiers_dropped) &&
        (!impl_->types->ValueMayFit(m.key, value) ||
         (modifiers_dropped && impl_->types->ClassValued(m.key) &&
          !impl_->types->KnowsValue(value)))) ||
       (clause->kind == internal::PhraseKind::kVerb && !m.inverse &&
        (!CommonNounFits(*impl_->types, m.key, WithDeterminer(text, value)) ||
         // "S is a N" says what S is itself: "Dune is a fantasy novel"
         // is a novel, whatever else WordNet knows a dune as.
         (clause->relation != "is a" &&
          !SubjectKindFits(*impl_->types, m.key,
                           WithDeterminer(text, clause->subject))))))) {
    m.evidence += "; but '" + value + "' is of no kind " + m.key +
                  " takes, so the phrase stays";
    KeepPhrase(*clause, &m);
    // The refused widening hid what the value itself says: "turned to
    // Christianity" (a religion) once "turn to" is no residence.
    if (internal::TypedChoice t;
        impl_->types->Refine(*clause, m, text, &t) && !t.inverse) {
      m.evidence += "; " + t.evidence;
      m.key = t.key;
      m.mapping = "lexicon";
      m.score = std::max(m.score, internal::kStrongMapping);
      clause->value = t.value;
    }
  }
  // "Claude Monet painted in Giverny", "Bach composed in Leipzig": a verb
  // of making a work (WordNet's verb.creation) done in a place says where
  // its maker worked.
  // (A name WordNet does not know after "in" is taken for a place:
  // "Giverny".)
  if (m.mapping == "phrase" && clause->kind == internal::PhraseKind::kVerb &&
      clause->shape == "S verb V" && !clause->value.empty() &&
      (impl_->types->IsPlace(clause->value) ||
       (std::isupper(static_cast<unsigned char>(clause->value[0])) &&
        !impl_->types->KnowsValue(clause->value)))) {
    const std::vector<std::string> words =
        internal::SplitWords(clause->relation);
    const internal::WordForms& wf = internal::WordForms::Get();
    if (words.size() == 2 && (words[1] == "in" || words[1] == "at")) {
      const std::string verb = wf.Lemma(words[0], internal::Pos::kVerb);
      const std::vector<std::uint32_t> senses =
          verb.empty() ? std::vector<std::uint32_t>{}
                       : wf.Senses(verb, internal::Pos::kVerb);
      constexpr int kVerbCreation = 36;
      bool creation = false;
      for (std::size_t i = 0; i < senses.size() && i < 2; ++i) {
        creation = creation ||
                   wf.LexFile(senses[i], internal::Pos::kVerb) == kVerbCreation;
      }
      if (creation) {
        internal::Mapping m2 = impl_->canonical->Map(
            "worked in", internal::PhraseKind::kVerb, false);
        if (m2.mapping == "lexicon") {
          m2.evidence = "'" + verb + "' makes a work, and where its maker " +
                        "made it is where they worked: " + m2.evidence;
          m = std::move(m2);
        }
      }
    }
  }
  // "Edinburgh has a twinning arrangement with Munich".
  if (m.mapping == "phrase" && !m.inverse) {
    std::string key = impl_->types->AgreementRelation(clause->relation);
    // "has | a twinning arrangement with Munich": the object and its
    // preposition are the phrase.
    if (const std::size_t with = clause->value.find(" with ");
        key.empty() && with != std::string::npos && !clause->value.empty() &&
        std::islower(static_cast<unsigned char>(clause->value[0]))) {
      const std::string rel =
          clause->relation + " " + clause->value.substr(0, with) + " with";
      key = impl_->types->AgreementRelation(rel);
      if (!key.empty()) {
        clause->relation = rel;
        clause->value =
            internal::TrimValue(clause->value.substr(with + 6), true, nullptr);
      }
    }
    if (!key.empty()) {
      m.evidence += "; an agreement named by a cue of " + key;
      UseRelation(key, internal::kStrongMapping, /*inverse=*/false, &m);
    }
  }
  // "a Korean-language film": among the relations with values of this
  // kind, the one a film is the subject of.
  if (m.mapping == "lexicon" && !m.inverse && clause->shape == "S is a V-R X" &&
      !clause->type_noun.empty()) {
    if (std::string key = impl_->types->BySubjectNoun(m.key, clause->type_noun);
        !key.empty() && key != m.key) {
      m.evidence += "; a '" + clause->type_noun + "' is a subject of " + key;
      m.key = key;
    }
  }
  // "Harper Lee's most famous novel", "Picasso's most celebrated
  // painting": a cue among the modifiers of a noun that is a kind of the
  // cued relation's value names that relation.
  if (m.mapping == "phrase" && clause->kind == internal::PhraseKind::kNoun) {
    if (std::string key = impl_->types->CuedByModifier(clause->relation);
        !key.empty()) {
      m.evidence += "; a modifier of '" + clause->relation + "' is a cue of " +
                    key + " and its head a kind of " + key + "'s values";
      UseRelation(key, internal::kStrongMapping, /*inverse=*/false, &m);
    }
  }
  // "Germany's federal president", "Harper Lee's most famous novel": a
  // relation noun after adjectives; the noun alone may name a relation.
  if (m.mapping == "phrase" && clause->kind == internal::PhraseKind::kNoun) {
    std::vector<std::string> words = internal::SplitWords(clause->relation);
    const internal::WordForms& wf = internal::WordForms::Get();
    std::size_t first = 0;
    // An adjective more than a noun ("federal": three adjective senses,
    // one noun sense); "vice", "assistant", "deputy" are nouns as much.
    auto adjective = [&wf](const std::string& w) {
      return wf.Senses(w, internal::Pos::kAdj).size() >
             wf.Senses(w, internal::Pos::kNoun).size();
    };
    while (first + 1 < words.size() && adjective(words[first])) ++first;
    if (first > 0) {
      const std::string noun = internal::JoinWords(words, first, words.size());
      internal::Mapping m2 = impl_->canonical->Map(noun, clause->kind, false);
      bool near = false;
      for (double score : m2.alternative_scores) {
        near = near || score >= kNearMapping;
      }
      if (m2.mapping == "lexicon" || (m2.mapping == "phrase" && near)) {
        m2.evidence += "; adjectives before '" + noun + "' left out";
        m = std::move(m2);
      }
    }
  }
  // "Motown was the label behind Stevie Wonder": the R behind V is V's R.
  if (m.mapping != "lexicon" && clause->relation.ends_with(" behind")) {
    const std::string noun =
        clause->relation.substr(0, clause->relation.size() - 7);
    internal::Mapping m2 =
        impl_->canonical->Map(noun, internal::PhraseKind::kNoun, false);
    if (m2.mapping == "lexicon") {
      m2.evidence += "; 'the " + noun + " behind V' is V's " + noun;
      m2.inverse = !m2.inverse;
      m = std::move(m2);
    }
  }
  // "Sepp Blatter headed FIFA as president": a role noun that cues several
  // person-valued relations; the owner's kind picks one.
  if (m.mapping == "phrase" && !m.inverse &&
      clause->kind == internal::PhraseKind::kNoun &&
      internal::PersonNoun(clause->relation)) {
    if (std::string key = impl_->types->RoleOfOwner(
            m.alternatives, clause->relation, clause->subject, clause->value);
        !key.empty()) {
      m.evidence += "; '" + clause->relation + "' of '" + clause->subject +
                    "' is its " + key + " (a cue of it, and the owner is of " +
                    "its subjects' kind)";
      m.key = key;
      m.mapping = "lexicon";
      m.score = internal::kStrongMapping;
      m.suggested.clear();
    }
  }
  // Evidence just under the threshold for relations of which the types of
  // subject and value confirm exactly one ("Germany's president": a
  // hypernym of head of state, and Germany is a country): keyed on it.
  // Only a relation noun: a verb's synonyms range wider ("use" is a
  // synonym of "employ", but "I use AWS" names no employer).
  if (m.mapping == "phrase" && clause->kind == internal::PhraseKind::kNoun) {
    std::string key;
    bool inverse = false;
    int confirmed = 0;
    for (std::size_t i = 0; i < m.alternatives.size(); ++i) {
      if (m.alternative_scores[i] < kNearMapping) continue;
      for (bool backward : {false, true}) {
        if (impl_->types->Confirms(
                m.alternatives[i], backward ? clause->value : clause->subject,
                backward ? clause->subject : clause->value)) {
          key = m.alternatives[i];
          inverse = backward;
          ++confirmed;
        }
      }
    }
    if (confirmed == 1) {
      m.evidence += "; types confirm " + key + " ('" +
                    (inverse ? clause->value : clause->subject) +
                    "' is one of its subjects)";
      m.key = key;
      m.mapping = "lexicon";
      m.score = internal::kStrongMapping;
      m.inverse = inverse;
      m.suggested.clear();
    }
  }
  // "located in the Auvergne-Rhône-Alpes region": a place value that names
  // its own type is the name (as on the template path above).
  if (m.mapping == "lexicon" && !m.inverse &&
      impl_->types->PlaceValued(m.key)) {
    DropPlaceKind(&clause->value, &m.evidence, /*parts=*/true);
    if (std::string name = impl_->types->StripTypeNoun(clause->value);
        !name.empty()) {
      m.evidence += "; type noun dropped from the value ('" + clause->value +
                    "' -> '" + name + "')";
      clause->value = name;
    }
    // "lies along the edge of South America".
    RefineLocated(*impl_->types, clause->subject, &m.key, &clause->value,
                  &m.evidence);
  }
  // "Anton Varga is President of Tessaly" says what "Tessaly's president
  // is Anton Varga" says: a person's role of an owner names nothing the
  // lexicon knows either way, and both must key on the same slot, the
  // owner's role.
  // ("Bo is a friend of Leo" is one of several: it stays as it is.)
  if (m.mapping == "phrase" && !m.inverse &&
      clause->relation.ends_with(" of") && clause->shape == "S is R prep V") {
    std::vector<std::string> words = internal::SplitWords(clause->relation);
    words.pop_back();
    if (!words.empty() && words.size() <= 3 &&
        internal::PersonNoun(words.back())) {
      const std::string role = internal::JoinWords(words, 0, words.size());
      m.key =
          internal::Canonicalizer::Signature(role, internal::PhraseKind::kNoun);
      m.inverse = true;
      m.evidence += "; '" + role + " of' an owner is the owner's " + role;
    }
  }
  // "was transferred to the Dubai office": where, for a phrase of its own
  // or a place relation, is Dubai.
  if (!m.inverse &&
      (m.mapping != "lexicon" || impl_->types->PlaceValued(m.key))) {
    if (std::string place = impl_->types->PlaceOfFacility(clause->value);
        !place.empty()) {
      m.evidence += "; '" + clause->value + "' is in " + place;
      clause->value = place;
    }
  }
  const std::string phrase_key = m.key;
  const bool by_default = LeadingDefault(impl_->manager_key, *impl_->lexicon,
                                         *impl_->types, *clause, &m);
  if (by_default) fact.default_over_phrase = phrase_key;
  // The clause's last slot may still carry the line's closing adjunct
  // ("... became King of the United Kingdom on the death of his mother").
  fact.subject = internal::NameWithoutAdjunct(clause->subject);
  fact.value = internal::NameWithoutAdjunct(clause->value);
  if (m.inverse) std::swap(fact.subject, fact.value);
  fact.relation = m.key;
  fact.phrase = clause->relation;
  fact.pattern = "grammar: " + clause->shape;
  fact.mapping = m.mapping;
  fact.score = m.score;
  fact.evidence = m.evidence + (m.inverse ? "; subject and value swapped" : "");
  if (!spans.empty()) fact.evidence += "; spans: " + spans;
  fact.suggested = m.suggested;
  if (m.mapping == "phrase" || by_default) {
    // Evidence this close to the threshold is worth a look at the store.
    for (std::size_t i = 0; i < m.alternatives.size(); ++i) {
      const double score = m.alternative_scores[i];
      if (score >= kNearMapping) {
        fact.near_relations.push_back(m.alternatives[i]);
      } else if (score == 0) {
        fact.cue_relations.push_back(m.alternatives[i]);
      }
    }
  }
  fact.subject_ref = clause->subject_ref;
  if (clause->kind == internal::PhraseKind::kVerb) {
    const bool leaves = LeavesValue(clause->relation);
    fact.change_verb = leaves || IsChangeVerb(clause->relation);
    // The write path finds the slot that held the value and ends it there.
    if (leaves) fact.ends = true;
  }
  // Where a statement of change may have moved the value: asked only of
  // phrases that name no lexicon relation, or name one whose values are of
  // another kind (the write path uses the answer only for such statements).
  AddChangeHints(*impl_->types, m.mapping == "phrase", &fact);
  NamePlace(*impl_->types, &fact);
  if (fact.subject_ref.empty()) ctx->subjects.push_back(fact.subject);
  return fact;
}

std::string Parser::RelationKey(std::string_view noun_phrase) const {
  std::string phrase = CleanDisplay(noun_phrase);
  const bool capitalised =
      !phrase.empty() && std::isupper(static_cast<unsigned char>(phrase[0]));
  internal::Mapping m = impl_->canonical->Map(
      NormalizeKey(phrase), internal::PhraseKind::kNoun, capitalised);
  if (m.mapping == "weak") return NormalizeKey(m.key);
  return m.key;
}

Result<ParsedQuestion> Parser::ParseQuestion(std::string_view question) const {
  FACTLINE_RETURN_IF_ERROR(CheckInput(question));
  std::string text = TrimSentence(question, true);
  const Pattern* p = nullptr;
  std::string g[3];
  if (!impl_->Match(impl_->questions, *impl_->question_set, text, &p, g)) {
    return Status::NotFound("no question template matches '" + text + "'");
  }
  ParsedQuestion q;
  q.subject = CleanDisplay(g[p->slots.subject - 1]);
  q.relation = p->slots.relation
                   ? impl_->lexicon->CanonicalRelation(g[p->slots.relation - 1])
                   : p->relation;
  // A phrase no lexicon name knows is keyed as the sentence reader keys it
  // ("favourite colour" meets a stored "favorite color").
  if (p->slots.relation && impl_->lexicon->Find(q.relation) == nullptr) {
    q.relation = RelationKey(g[p->slots.relation - 1]);
  }
  // "What i's ;;;;": a template matched, but its captures name nothing
  // (found by the question fuzzer).
  if (Blank(q.subject) || Blank(q.relation)) {
    return Status::NotFound("question '" + text +
                            "' names no subject or relation with letters or "
                            "digits");
  }
  q.pattern = p->name;
  return q;
}

}  // namespace factline
