// Memory::Ask: answering a natural-language question from the graph.
//
// Two routes, tried in order, neither told whether the question is single-
// or multi-hop:
//  1. A question template or generic shape (Parser::ParseQuestion) names a
//     (subject, relation) slot; when the subject is a known entity and the
//     slot has a value, that value is the answer.
//  2. Otherwise the question is read as a path description. Every word span
//     whose normalised text is an entity with atoms is a candidate start
//     (longest first, at most kMaxSubjects). The other words are matched
//     against the relation vocabulary (names and aliases, cue words, type
//     nouns; see ask_index.cc) and overlapping matches merge into cue
//     groups. Every path of up to max_hops atoms from a start (GraphView::
//     PathsFrom) is then scored by how well its relations explain the
//     groups:
//       + each hop takes the strongest free group that names its relation
//         (one group per hop); a hop no group names is an implicit hop and
//         costs kUncuedHopPenalty;
//       - each group nothing on the path explains, as a hop's relation or as
//         the kind of an entity on the path ("the country where ..."),
//         costs kUnexplainedFactor times its strength, so a path that stops
//         early or turns off loses to the full chain;
//       +/- kTypeBonus when the answer is / is not the kind of thing the
//         question asks for ("which continent", "who"), judged by the hop
//         into the answer or, at half weight, by any relation that leads to
//         the answer entity in the graph;
//       - kHopCost per hop, so the shorter of two equal explanations wins.
//     The last hop must be named by the question or be of the asked kind;
//     if no path qualifies the answer is "unknown".
//     Word order is not used: paraphrases put relations in either order
//     ("the spouse of the author of X", "where X's author's spouse died").
// The constants follow from what the evidence kinds mean rather than from
// fitting questions. An implicit hop pays off only when it reaches a
// relation the question names outright (name 1.0 plus the 0.5 penalty it
// avoids exceeds 1.0 + kHopCost: "the sport of <player>" goes through the
// player's position), never for a relation a shared cue word merely
// suggests (0.7 + 0.35 does not).
#include <algorithm>
#include <cmath>
#include <unordered_set>
#include <utility>

#include "query/internal/ask_index.h"
#include "query/internal/memory_impl.h"
#include "query/internal/views.h"
#include "query/query.h"

namespace factline {

namespace {

using query::internal::AskIndex;
using query::internal::AtomInfo;
using query::internal::CueEntry;
using query::internal::CueKind;
using query::internal::Word;

constexpr float kUncuedHopPenalty = 1.0f;   // a hop no word asks for
constexpr float kHopCost = 0.1f;            // prefer the shorter explanation
constexpr float kUnexplainedFactor = 0.5f;  // per unit of unexplained cue
constexpr float kTypeBonus = 0.3f;          // answer is what was asked for
constexpr float kSubjectWordBonus = 0.05f;  // longer entity names are likelier
constexpr std::size_t kMaxEntityWords = 16;
constexpr std::size_t kMaxSubjects = 4;
constexpr std::size_t kRankedSize = 10;

// A run of question words that names one or more relations.
struct CueGroup {
  std::size_t first = 0;  // word range, inclusive
  std::size_t last = 0;
  std::string text;
  float strength = 0;  // strongest evidence in the group
  // Relation index -> weight; `hops` may reward a hop, `types` only explain
  // the group when a path entity is of that relation's value type.
  std::vector<std::pair<std::uint32_t, float>> hops;
  std::vector<std::pair<std::uint32_t, float>> types;

  float HopWeight(std::uint32_t r) const {
    for (const auto& [rel, w] : hops) {
      if (rel == r) return w;
    }
    return 0;
  }
  bool HasType(std::uint32_t r) const {
    for (const auto& [rel, w] : types) {
      if (rel == r) return true;
    }
    return false;
  }
};

struct PhraseMatch {
  std::size_t first = 0;
  std::size_t last = 0;
  const std::vector<CueEntry>* entries = nullptr;
};

// An entity the question names, by word range.
struct SubjectSpan {
  EntityId entity = 0;
  std::size_t first = 0;
  std::size_t last = 0;
};

// What the question says, independent of any subject.
struct Analysis {
  std::string_view text;
  std::vector<Word> words;
  std::vector<PhraseMatch> matches;
  std::vector<std::string> heads;  // nouns of "which X" / "what is the X"
  std::unordered_set<std::string> word_set;
};

std::string JoinRange(const std::vector<Word>& words, std::size_t first,
                      std::size_t last) {
  std::string out;
  for (std::size_t i = first; i <= last; ++i) {
    if (!out.empty()) out += ' ';
    out += words[i].text;
  }
  return out;
}

// The nouns naming what the question asks for: the word after an
// interrogative "which"/"what" ("which continent", "what type of music" ->
// music), else the noun phrase of "what is the ...", "name the ...", "tell
// me the ..." up to "of"/"that"/... ("what is the capital city of" ->
// capital, city; "the name of the X" -> X), and the pseudo-nouns "who"
// (also for "person", "individual") and "where".
std::vector<std::string> AnswerKind(const std::vector<Word>& w) {
  // Words before the interrogative that do not make it a relative pronoun:
  // "in which city", "can you tell me who". After a noun ("the nation whose
  // passport", "the city in which") it says nothing about the answer.
  static const std::unordered_set<std::string_view> kLeadIn = {
      "in",   "on",    "at",     "to",  "from",   "for",   "by",
      "with", "of",    "into",   "and", "during", "under", "through",
      "can",  "could", "would",  "you", "tell",   "me",    "do",
      "does", "know",  "please", "i",   "wonder", "about", "so",
      "now",  "then",  "us"};
  static const std::unordered_set<std::string_view> kImperative = {
      "name", "identify", "give",    "state",  "list",
      "find", "specify",  "provide", "mention"};
  static const std::unordered_set<std::string_view> kSkip = {
      "is",  "are", "was", "were", "does", "do", "did", "has", "have", "had",
      "can", "the", "a",   "an",   "of",   "in", "on",  "to",  "me",   "us"};
  static const std::unordered_set<std::string_view> kStop = {
      "of",   "that", "which", "who", "whom", "where", "whose", "in",
      "for",  "with", "from",  "by",  "at",   "on",    "is",    "was",
      "does", "did",  "do",    "are", "were", "has",   "had",   "currently"};
  static const std::unordered_set<std::string_view> kPerson = {
      "person", "individual", "people", "man", "woman", "someone"};
  const std::size_t n = w.size();
  auto noun_phrase = [&](std::size_t i) {
    std::vector<std::string> out;
    for (;;) {
      while (i < n && kSkip.count(w[i].text)) ++i;
      out.clear();
      for (; i < n && !kStop.count(w[i].text); ++i) out.push_back(w[i].text);
      // "the name of the X": the X is what is asked for.
      if (out.size() == 1 && out[0] == "name" && i < n && w[i].text == "of") {
        ++i;
        continue;
      }
      break;
    }
    for (std::string& word : out) {
      if (kPerson.count(word) || word == "name") word = "who";
    }
    return out;
  };
  std::size_t lead = 0;
  while (lead < n && kLeadIn.count(w[lead].text)) ++lead;
  for (std::size_t k = 0; k < n; ++k) {
    if (k > lead && k + 1 < n) break;  // no interrogative up front
    const std::string& t = w[k].text;
    if (t == "who" || t == "whom" || t == "whose") return {"who"};
    if (t == "where") return {"where"};
    if (t != "which" && t != "what") continue;
    std::size_t i = k + 1;
    if (i >= n) return {};
    if ((w[i].text == "type" || w[i].text == "kind" || w[i].text == "sort") &&
        i + 2 < n && w[i + 1].text == "of") {
      i += 2;
    }
    if (kSkip.count(w[i].text)) return noun_phrase(i);
    std::vector<std::string> heads = {w[i].text};
    // "which sports discipline", "what city or town": the next word too.
    if (i + 1 < n && !kStop.count(w[i + 1].text)) {
      heads.push_back(w[i + 1].text);
    }
    return heads;
  }
  // "... is what?": the interrogative last.
  if (n > 0 && (w[n - 1].text == "what" || w[n - 1].text == "which")) {
    return {};
  }
  if (lead < n && kImperative.count(w[lead].text)) return noun_phrase(lead + 1);
  if (lead > 0 && lead < n && w[lead].text == "the") return noun_phrase(lead);
  return {};
}

Analysis Analyze(std::string_view question, const AskIndex& index) {
  Analysis a;
  a.text = question;
  a.words = query::internal::SplitWords(question);
  for (const Word& w : a.words) a.word_set.insert(w.text);
  for (std::size_t i = 0; i < a.words.size(); ++i) {
    std::string key;
    for (std::size_t n = 1;
         n <= index.max_phrase_words && i + n <= a.words.size(); ++n) {
      if (n > 1) key += ' ';
      key += a.words[i + n - 1].text;
      auto it = index.phrases.find(key);
      if (it != index.phrases.end()) {
        a.matches.push_back(PhraseMatch{i, i + n - 1, &it->second});
      }
    }
  }
  // A question that opens with a preposition before its interrogative
  // ("From which country does X come?", "To which continent does it
  // belong?") has moved the preposition of a phrasal cue to the front: the
  // verb left behind counts as "come from", "belong to".
  static const std::unordered_set<std::string_view> kPrepositions = {
      "from", "to", "in", "on", "at", "with", "for", "of", "by", "into"};
  if (a.words.size() > 2 && kPrepositions.count(a.words[0].text) &&
      (a.words[1].text == "which" || a.words[1].text == "what" ||
       a.words[1].text == "whom")) {
    for (std::size_t i = 2; i < a.words.size(); ++i) {
      auto it = index.phrases.find(a.words[i].text + " " + a.words[0].text);
      if (it != index.phrases.end()) {
        a.matches.push_back(PhraseMatch{i, i, &it->second});
      }
    }
  }
  a.heads = AnswerKind(a.words);
  return a;
}

// Entities named in the question: every word span whose normalised text is
// an entity with atoms of its own, longest first, each entity once.
std::vector<SubjectSpan> FindSubjects(const Analysis& a,
                                      const AskIndex& index) {
  std::vector<SubjectSpan> spans;
  for (std::size_t i = 0; i < a.words.size(); ++i) {
    for (std::size_t j = i; j < a.words.size() && j < i + kMaxEntityWords;
         ++j) {
      const std::size_t begin = a.words[i].begin;
      std::string key =
          NormalizeKey(a.text.substr(begin, a.words[j].end - begin));
      auto it = index.entity_of_key.find(key);
      if (it == index.entity_of_key.end()) continue;
      if (!index.atoms_of_subject.count(it->second)) continue;
      spans.push_back(SubjectSpan{it->second, i, j});
    }
  }
  std::stable_sort(spans.begin(), spans.end(),
                   [](const SubjectSpan& x, const SubjectSpan& y) {
                     return x.last - x.first > y.last - y.first;
                   });
  std::vector<SubjectSpan> out;
  for (const SubjectSpan& s : spans) {
    bool seen = false;
    for (const SubjectSpan& o : out) seen = seen || o.entity == s.entity;
    if (!seen) out.push_back(s);
    if (out.size() == kMaxSubjects) break;
  }
  return out;
}

// Merges the phrase matches outside the subject's words into cue groups:
// overlapping matches ("head of state", "state") form one group, in which a
// phrase covering fewer of the group's words counts for less.
std::vector<CueGroup> GroupCues(const Analysis& a, const SubjectSpan* subject) {
  std::vector<const PhraseMatch*> kept;
  for (const PhraseMatch& m : a.matches) {
    if (subject != nullptr && m.last >= subject->first &&
        m.first <= subject->last) {
      continue;
    }
    kept.push_back(&m);
  }
  std::sort(
      kept.begin(), kept.end(), [](const PhraseMatch* x, const PhraseMatch* y) {
        return x->first != y->first ? x->first < y->first : x->last > y->last;
      });
  std::vector<CueGroup> groups;
  std::vector<std::vector<const PhraseMatch*>> members;
  for (const PhraseMatch* m : kept) {
    if (!groups.empty() && m->first <= groups.back().last) {
      groups.back().last = std::max(groups.back().last, m->last);
      members.back().push_back(m);
      continue;
    }
    CueGroup group;
    group.first = m->first;
    group.last = m->last;
    groups.push_back(std::move(group));
    members.push_back({m});
  }
  for (std::size_t g = 0; g < groups.size(); ++g) {
    CueGroup& group = groups[g];
    group.text = JoinRange(a.words, group.first, group.last);
    const float span = static_cast<float>(group.last - group.first + 1);
    float type_strength = 0;
    for (const PhraseMatch* m : members[g]) {
      const float coverage = static_cast<float>(m->last - m->first + 1) / span;
      const float factor = 0.6f + 0.4f * coverage;
      for (const CueEntry& e : *m->entries) {
        const float w = e.weight * factor;
        auto note = [&](std::vector<std::pair<std::uint32_t, float>>* list) {
          auto it = std::find_if(
              list->begin(), list->end(),
              [&](const auto& p) { return p.first == e.relation; });
          if (it == list->end()) {
            list->emplace_back(e.relation, w);
          } else {
            it->second = std::max(it->second, w);
          }
        };
        // "the country of X" may mean X's country of citizenship: a type
        // noun is weak evidence for a hop to a value of that type.
        note(&group.hops);
        if (e.kind == CueKind::kType) note(&group.types);
        if (e.kind == CueKind::kType) {
          type_strength = std::max(type_strength, w);
        } else {
          group.strength = std::max(group.strength, w);
        }
      }
    }
    if (group.strength == 0) group.strength = type_strength;
  }
  return groups;
}

bool HasHead(const std::vector<std::string>& nouns,
             const std::vector<std::string>& heads) {
  for (const std::string& h : heads) {
    if (std::find(nouns.begin(), nouns.end(), h) != nouns.end()) return true;
  }
  return false;
}

// One scored path from a subject.
struct Candidate {
  std::size_t subject = 0;           // index into the subject list
  std::vector<std::uint32_t> atoms;  // AskIndex atom positions, in hop order
  std::vector<float> hop_weight;     // matched cue weight; 0 when implicit
  float score = 0;
  float explained = 0;  // total matched evidence
  float missing = 0;    // total penalties
  bool valid = false;   // the last hop is asked for
};

// Scores `path` (atom positions) against the groups; see the file comment.
void ScorePath(const AskIndex& index, const std::vector<CueGroup>& groups,
               const std::vector<std::string>& heads, Candidate* c) {
  const std::size_t k = c->atoms.size();
  std::vector<std::uint32_t> rel(k);
  for (std::size_t h = 0; h < k; ++h) {
    rel[h] = index.atoms[c->atoms[h]].relation;
  }
  // Each hop takes the strongest free group naming its relation; each
  // group serves one hop.
  struct Link {
    float w;
    std::size_t hop, group;
  };
  std::vector<Link> links;
  for (std::size_t h = 0; h < k; ++h) {
    for (std::size_t g = 0; g < groups.size(); ++g) {
      const float w = groups[g].HopWeight(rel[h]);
      if (w > 0) links.push_back(Link{w, h, g});
    }
  }
  std::sort(links.begin(), links.end(), [](const Link& x, const Link& y) {
    if (x.w != y.w) return x.w > y.w;
    return x.hop != y.hop ? x.hop > y.hop : x.group < y.group;
  });
  c->hop_weight.assign(k, 0);
  std::vector<char> group_used(groups.size(), 0);
  std::vector<char> hop_used(k, 0);
  for (const Link& l : links) {
    if (hop_used[l.hop] || group_used[l.group]) continue;
    hop_used[l.hop] = 1;
    group_used[l.group] = 1;
    c->hop_weight[l.hop] = l.w;
  }
  float explained = 0, missing = 0;
  for (std::size_t h = 0; h < k; ++h) {
    if (hop_used[h]) {
      explained += c->hop_weight[h];
    } else {
      missing += kUncuedHopPenalty;
    }
  }
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (group_used[g]) continue;
    bool ok = false;
    for (std::size_t h = 0; h < k && !ok; ++h) {
      // Said twice ("which sport does X play"), or names what a path
      // entity is ("the country where X was born").
      ok = groups[g].HopWeight(rel[h]) > 0 || groups[g].HasType(rel[h]);
      if (ok) break;
      auto into = index.relations_into.find(index.atoms[c->atoms[h]].value);
      if (into == index.relations_into.end()) continue;
      for (std::uint32_t r : into->second) ok = ok || groups[g].HasType(r);
    }
    if (!ok) missing += kUnexplainedFactor * groups[g].strength;
  }
  float type = 0;
  bool last_typed = false;
  if (!heads.empty()) {
    const std::uint32_t last = rel[k - 1];
    if (HasHead(index.type_nouns[last], heads)) {
      type = kTypeBonus;
      last_typed = true;
    } else {
      bool global = false;
      auto into = index.relations_into.find(index.atoms[c->atoms[k - 1]].value);
      if (into != index.relations_into.end()) {
        for (std::uint32_t r : into->second) {
          global = global || HasHead(index.type_nouns[r], heads);
        }
      }
      bool known_noun = false;
      for (const std::string& h : heads) {
        known_noun = known_noun || index.relations_of_type.count(h) > 0;
      }
      if (global) {
        type = kTypeBonus / 2;
      } else if (known_noun) {
        missing += kTypeBonus;
      }
    }
  }
  c->explained = explained;
  c->missing = missing;
  c->score = explained - missing + type - kHopCost * static_cast<float>(k);
  c->valid = hop_used[k - 1] || last_typed;
}

// Words the atom's sentence shares with the question.
int Overlap(const Analysis& a, const AtomInfo& atom) {
  int n = 0;
  std::unordered_set<std::string> seen;
  for (const Word& w : query::internal::SplitWords(atom.text)) {
    if (a.word_set.count(w.text) && seen.insert(w.text).second) ++n;
  }
  return n;
}

// Orders atoms of one slot (or the ends of equally good paths): newest
// first when prefer_recent, else most words shared with the question, ties
// to the older atom (a lexical retriever with no notion of time).
class Tiebreak {
 public:
  Tiebreak(const AskIndex& index, const Analysis& a, bool prefer_recent)
      : index_(index), a_(a), prefer_recent_(prefer_recent) {}

  // Negative when atom sequence x ranks first, positive when y does.
  int Compare(const std::vector<std::uint32_t>& x,
              const std::vector<std::uint32_t>& y) {
    if (!prefer_recent_) {
      int ox = 0, oy = 0;
      for (std::uint32_t i : x) ox += OverlapOf(i);
      for (std::uint32_t i : y) oy += OverlapOf(i);
      if (ox != oy) return ox > oy ? -1 : 1;
    }
    for (std::size_t h = 0; h < x.size() && h < y.size(); ++h) {
      if (x[h] == y[h]) continue;
      const AtomInfo& ax = index_.atoms[x[h]];
      const AtomInfo& ay = index_.atoms[y[h]];
      if (ax.tx_time != ay.tx_time) {
        const bool x_newer = ax.tx_time > ay.tx_time;
        return x_newer == prefer_recent_ ? -1 : 1;
      }
      return ax.id < ay.id ? -1 : 1;
    }
    return 0;
  }

 private:
  int OverlapOf(std::uint32_t i) {
    auto [it, inserted] = overlap_.try_emplace(i, 0);
    if (inserted) it->second = Overlap(a_, index_.atoms[i]);
    return it->second;
  }

  const AskIndex& index_;
  const Analysis& a_;
  bool prefer_recent_;
  std::unordered_map<std::uint32_t, int> overlap_;
};

// What the search settled on, before it is turned into FactViews.
struct Plan {
  std::string method = "none";
  std::string subject;
  std::vector<std::uint32_t> chain;  // atom positions, hop order
  std::vector<float> hop_weight;
  std::vector<std::uint32_t> ranked;  // atom positions, best first
  std::vector<std::uint32_t> slot;  // single-hop: the slot's atoms, best first
  double score = 0;
  bool known = false;
  std::string explanation;
  std::vector<std::string> cued_relations;
};

void AddRanked(std::vector<std::uint32_t>* ranked, std::uint32_t atom) {
  if (ranked->size() >= kRankedSize) return;
  if (std::find(ranked->begin(), ranked->end(), atom) != ranked->end()) return;
  ranked->push_back(atom);
}

// The subject's other atoms, the relations the question cues first: what a
// retriever keyed on the entity would show after the answer.
void RankSubjectAtoms(const AskIndex& index, EntityId subject,
                      const std::vector<CueGroup>& groups, Tiebreak* tiebreak,
                      std::vector<std::uint32_t>* ranked) {
  auto it = index.atoms_of_subject.find(subject);
  if (it == index.atoms_of_subject.end()) return;
  std::vector<std::pair<float, std::uint32_t>> scored;
  for (std::uint32_t a : it->second) {
    float w = 0;
    for (const CueGroup& g : groups) {
      w = std::max(w, g.HopWeight(index.atoms[a].relation));
    }
    scored.emplace_back(w, a);
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [&](const auto& x, const auto& y) {
                     if (x.first != y.first) return x.first > y.first;
                     return tiebreak->Compare({x.second}, {y.second}) < 0;
                   });
  for (const auto& [w, a] : scored) AddRanked(ranked, a);
}

std::vector<std::string> CuedRelations(const AskIndex& index,
                                       const std::vector<CueGroup>& groups) {
  std::vector<std::pair<float, std::uint32_t>> best;
  for (const CueGroup& g : groups) {
    for (const auto& [r, w] : g.hops) {
      auto it = std::find_if(best.begin(), best.end(),
                             [r = r](const auto& p) { return p.second == r; });
      if (it == best.end()) {
        best.emplace_back(w, r);
      } else {
        it->first = std::max(it->first, w);
      }
    }
  }
  std::stable_sort(best.begin(), best.end(), [](const auto& x, const auto& y) {
    return x.first > y.first;
  });
  std::vector<std::string> out;
  out.reserve(best.size());
  for (const auto& [w, r] : best) out.push_back(index.relations[r].key);
  return out;
}

// Route 1: a template names the slot. False when it does not apply.
bool SingleHop(const Parser& parser, const Lexicon& lexicon,
               const AskIndex& index, const Analysis& a,
               const AskOptions& options, Plan* plan) {
  auto parsed = parser.ParseQuestion(a.text);
  if (!parsed.ok()) return false;
  auto entity = index.entity_of_key.find(NormalizeKey(parsed->subject));
  if (entity == index.entity_of_key.end()) {
    // "Which country is Acropolis in?" after "The Acropolis lies in Greece".
    entity =
        index.entity_of_key.find(ArticleVariant(NormalizeKey(parsed->subject)));
  }
  if (entity == index.entity_of_key.end()) return false;
  auto atoms = index.atoms_of_subject.find(entity->second);
  if (atoms == index.atoms_of_subject.end()) return false;
  std::vector<std::string> keys = {lexicon.CanonicalRelation(parsed->relation)};
  if (const RelationDef* def = lexicon.FindByAlias(parsed->relation)) {
    keys.push_back(def->id);
  }
  for (const std::string& key : keys) {
    auto rel = index.relation_of_key.find(key);
    if (rel == index.relation_of_key.end()) continue;
    std::vector<std::uint32_t> slot;
    for (std::uint32_t i : atoms->second) {
      if (index.atoms[i].relation == rel->second) slot.push_back(i);
    }
    if (slot.empty()) continue;
    Tiebreak tiebreak(index, a, options.prefer_recent);
    std::stable_sort(slot.begin(), slot.end(),
                     [&](std::uint32_t x, std::uint32_t y) {
                       return tiebreak.Compare({x}, {y}) < 0;
                     });
    plan->method = "single-hop";
    plan->subject = index.atoms[slot[0]].subject_display;
    plan->chain = {slot[0]};
    plan->slot = slot;
    plan->hop_weight = {1.0f};
    plan->known = true;
    plan->score = 1.0;
    plan->cued_relations = {key};
    plan->explanation = "matched '" + parsed->pattern + "' for (" +
                        plan->subject + ", " +
                        index.relations[rel->second].display + ")";
    if (slot.size() > 1) {
      plan->explanation +=
          "; " + std::to_string(slot.size()) + " current values, " +
          (options.prefer_recent ? "newest" : "best-matching") + " first";
    }
    for (std::uint32_t i : slot) AddRanked(&plan->ranked, i);
    RankSubjectAtoms(index, entity->second, {}, &tiebreak, &plan->ranked);
    return true;
  }
  return false;
}

std::string DescribeChain(const AskIndex& index, const Plan& plan) {
  std::string out = "'" + plan.subject + "'";
  for (std::size_t h = 0; h < plan.chain.size(); ++h) {
    const AtomInfo& atom = index.atoms[plan.chain[h]];
    out += " -" + index.relations[atom.relation].display +
           (plan.hop_weight[h] > 0 ? "" : " (implicit)") + "-> '" +
           atom.value_display + "'";
  }
  return out;
}

// Route 2: the best explained path from an entity the question names.
void MultiHop(const AskIndex& index, const Analysis& a,
              const AskOptions& options, Plan* plan) {
  std::vector<SubjectSpan> subjects = FindSubjects(a, index);
  if (subjects.empty()) {
    plan->explanation = "no entity in the store is named in the question";
    return;
  }
  Tiebreak tiebreak(index, a, options.prefer_recent);
  const std::size_t max_hops =
      static_cast<std::size_t>(std::clamp(options.max_hops, 1, 8));
  std::vector<Candidate> candidates;
  std::vector<std::vector<CueGroup>> groups_of(subjects.size());
  for (std::size_t s = 0; s < subjects.size(); ++s) {
    groups_of[s] = GroupCues(a, &subjects[s]);
    const float prior =
        kSubjectWordBonus *
        static_cast<float>(subjects[s].last - subjects[s].first + 1);
    for (const graph::GraphPath& path : index.graph->PathsFrom(
             subjects[s].entity, max_hops, {}, options.max_paths)) {
      Candidate c;
      c.subject = s;
      for (const graph::GraphEdge& e : path) {
        auto it = index.atom_of_id.find(e.atom);
        if (it == index.atom_of_id.end()) break;
        c.atoms.push_back(it->second);
      }
      if (c.atoms.size() != path.size()) continue;
      ScorePath(index, groups_of[s], a.heads, &c);
      c.score += prior;
      candidates.push_back(std::move(c));
    }
  }
  auto better = [&](const Candidate& x, const Candidate& y) {
    if (x.valid != y.valid) return x.valid;
    // Scores are sums of a few constants; closer than this is a tie.
    if (std::fabs(x.score - y.score) > 1e-4f) return x.score > y.score;
    if (x.atoms.size() != y.atoms.size()) {
      return x.atoms.size() < y.atoms.size();
    }
    return tiebreak.Compare(x.atoms, y.atoms) < 0;
  };
  const std::size_t top = std::min<std::size_t>(candidates.size(), 32);
  std::partial_sort(candidates.begin(), candidates.begin() + top,
                    candidates.end(), better);
  const std::size_t best_subject =
      candidates.empty() ? 0 : candidates[0].subject;
  const SubjectSpan& subject = subjects[best_subject];
  plan->subject = index.display_of_entity.at(subject.entity);
  plan->cued_relations = CuedRelations(index, groups_of[best_subject]);
  if (candidates.empty() || !candidates[0].valid) {
    plan->explanation = "no path from '" + plan->subject +
                        "' ends in a relation the question asks for";
    RankSubjectAtoms(index, subject.entity, groups_of[best_subject], &tiebreak,
                     &plan->ranked);
    return;
  }
  const Candidate& best = candidates[0];
  plan->method = "multi-hop";
  plan->known = true;
  plan->chain = best.atoms;
  plan->hop_weight = best.hop_weight;
  // The share of the question's evidence the chain accounts for.
  const float total = best.explained + best.missing;
  plan->score = total > 0 ? best.explained / total : 0;
  plan->explanation = DescribeChain(index, *plan);
  // Ranked for a reader: the answer's atom, the rest of the chain, then the
  // ends of the runner-up paths.
  for (auto it = best.atoms.rbegin(); it != best.atoms.rend(); ++it) {
    AddRanked(&plan->ranked, *it);
  }
  for (std::size_t i = 1; i < top; ++i) {
    if (candidates[i].valid) {
      AddRanked(&plan->ranked, candidates[i].atoms.back());
    }
  }
  RankSubjectAtoms(index, subject.entity, groups_of[best_subject], &tiebreak,
                   &plan->ranked);
}

// Returns the index for (the store's current counters, as_of), building it
// when `cached` is stale. The lock covers only the check, the build and the
// pointer swap; callers holding an older index keep using it unaffected.
Result<std::shared_ptr<const AskIndex>> IndexFor(
    const graph::Store& store, const Lexicon& lexicon, std::mutex* mu,
    std::shared_ptr<const AskIndex>* cached, Timestamp as_of) {
  graph::StoreStats stats;
  FACTLINE_RETURN_IF_ERROR(store.Read([&](const graph::Reader& r) {
    FACTLINE_ASSIGN_OR_RETURN(stats, r.Stats());
    return Status::Ok();
  }));
  const query::internal::StoreStamp stamp = query::internal::StampOf(stats);
  std::lock_guard<std::mutex> lock(*mu);
  if (*cached != nullptr && (*cached)->stamp == stamp &&
      (*cached)->as_of == as_of) {
    return *cached;
  }
  std::shared_ptr<const AskIndex> built;
  FACTLINE_RETURN_IF_ERROR(store.Read([&](const graph::Reader& r) {
    FACTLINE_ASSIGN_OR_RETURN(
        built, query::internal::BuildAskIndex(r, lexicon, stamp, as_of));
    return Status::Ok();
  }));
  *cached = built;
  return built;
}

}  // namespace

Result<Answer> Memory::Ask(std::string_view question,
                           const AskOptions& options) const {
  if (question.size() > kMaxFieldBytes) {
    return Status::InvalidArgument("question exceeds " +
                                   std::to_string(kMaxFieldBytes) + " bytes");
  }
  FACTLINE_RETURN_IF_ERROR(ValidateUtf8(question));
  if (options.max_hops < 1) {
    return Status::InvalidArgument("max_hops must be at least 1, got " +
                                   std::to_string(options.max_hops));
  }
  if (CleanDisplay(question).empty()) {
    return Status::InvalidArgument("empty question");
  }
  FACTLINE_ASSIGN_OR_RETURN(
      std::shared_ptr<const AskIndex> index,
      IndexFor(
          *impl_->store, *impl_->lexicon, &impl_->ask_mu,
          options.as_of == kForever ? &impl_->ask_current : &impl_->ask_as_of,
          options.as_of));
  const Analysis analysis = Analyze(question, *index);
  Plan plan;
  if (!SingleHop(*impl_->parser, *impl_->lexicon, *index, analysis, options,
                 &plan)) {
    MultiHop(*index, analysis, options, &plan);
  }

  Answer answer;
  answer.method = plan.method;
  answer.subject = plan.subject;
  answer.known = plan.known;
  answer.text =
      plan.known ? index->atoms[plan.chain.back()].value_display : "unknown";
  answer.explanation = plan.explanation;
  answer.cued_relations = std::move(plan.cued_relations);
  Status s = impl_->store->Read([&](const graph::Reader& r) -> Status {
    double confidence = 1.0;
    for (std::size_t h = 0; h < plan.chain.size(); ++h) {
      FACTLINE_ASSIGN_OR_RETURN(
          FactView view,
          query::internal::MakeView(r, index->atoms[plan.chain[h]].id));
      confidence = std::min(confidence, view.atom.provenance.confidence);
      Hop hop;
      hop.fact = std::move(view);
      hop.relation_score = plan.hop_weight[h];
      hop.cued = plan.hop_weight[h] > 0;
      answer.chain.push_back(std::move(hop));
    }
    for (std::uint32_t i : plan.ranked) {
      FACTLINE_ASSIGN_OR_RETURN(
          FactView view, query::internal::MakeView(r, index->atoms[i].id));
      answer.ranked.push_back(std::move(view));
    }
    answer.score = plan.known ? plan.score * confidence : 0;
    // A many-valued slot answers with all its values at the asked time;
    // for a one-valued one the best value stands (several current values
    // there only come from a baseline policy).
    if (plan.slot.size() > 1 && !answer.chain.empty()) {
      FACTLINE_ASSIGN_OR_RETURN(
          graph::Relation rel,
          r.GetRelation(answer.chain[0].fact.atom.relation_id));
      if (rel.cardinality == Cardinality::kMany) {
        answer.text.clear();
        for (std::uint32_t i : plan.slot) {
          const std::string& v = index->atoms[i].value_display;
          if (std::find(answer.values.begin(), answer.values.end(), v) !=
              answer.values.end()) {
            continue;
          }
          answer.text += (answer.values.empty() ? "" : ", ") + v;
          answer.values.push_back(v);
        }
        answer.explanation += "; many-valued: all " +
                              std::to_string(answer.values.size()) + " values";
      }
    }
    return Status::Ok();
  });
  if (!s.ok()) return s;
  if (!answer.known && options.fuzzy) {
    FACTLINE_RETURN_IF_ERROR(query::internal::FuzzyRetry(
        *this, *impl_->parser, *impl_->store, question, options, &answer));
  }
  return answer;
}

}  // namespace factline
