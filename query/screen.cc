// The write side of the gate in Memory: parse-time screening of lines
// (noise, transient, hedged speculation) and conversation chunks with role
// tags. Screened lines never become atoms but are still written: the
// resolver audits and counts them in the same transaction as the batch.
#include <algorithm>
#include <cstdio>

#include "query/internal/memory_impl.h"
#include "query/query.h"

namespace factline {

namespace {

using resolver::GateOutcome;
using resolver::GateVerdict;

constexpr std::size_t kMaxChunkExcerpt = 4096;

std::string CutUtf8(std::string_view s, std::size_t n) {
  if (s.size() <= n) return std::string(s);
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return std::string(s.substr(0, n));
}

std::string Fixed2(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

bool StartsSentence(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '"' ||
         c == '\'' || static_cast<unsigned char>(c) >= 0x80;
}

// Sentences of a turn: lines, split further after ".", "!" or "?" followed
// by a space and a capital ("D.C. is" stays whole; "Mr. Smith" splits, which
// costs at most one unparsed fragment).
std::vector<std::string> SplitSentences(std::string_view text) {
  std::vector<std::string> out;
  std::string current;
  auto flush = [&] {
    std::string s = CleanDisplay(current);
    if (!s.empty()) out.push_back(std::move(s));
    current.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      flush();
      continue;
    }
    current.push_back(c);
    if ((c == '.' || c == '!' || c == '?') && i + 2 < text.size() &&
        text[i + 1] == ' ' && StartsSentence(text[i + 2])) {
      flush();
    }
  }
  flush();
  return out;
}

Provenance HumanProvenance(const Provenance& given) {
  Provenance p = given;
  p.origin = Origin::kHuman;
  p.model_id.clear();
  p.confidence = 1.0;  // the user's own words
  p.verification = Verification::kPending;
  return p;
}

// Copies a parsed line into its atom: fields, time words, and the relation
// mapping as a parse-time verdict. A lexicon or phrase mapping passes with
// its evidence (the resolver keeps it in the audit record); a weak one is
// held for review instead of keying silently.
void ApplyParsed(ParsedFact parsed, Timestamp tx, Atom* atom,
                 GateVerdict* verdict) {
  atom->subject = std::move(parsed.subject);
  atom->relation = std::move(parsed.relation);
  atom->value = std::move(parsed.value);
  if (!parsed.time_words.empty()) {
    if (atom->tx_time == kNoTime) atom->tx_time = tx;
    if (atom->valid_from == kNoTime && parsed.valid_from != kNoTime) {
      atom->valid_from = parsed.valid_from;
    }
    if (parsed.valid_to != kForever) atom->valid_to = parsed.valid_to;
  }
  // "no longer": the line ends the slot's value (resolver: Atom::ends) at
  // its stated time ("since March"), else at the line's time.
  atom->ends = parsed.ends;
  if (parsed.ends) {
    if (atom->tx_time == kNoTime) atom->tx_time = tx;
    atom->valid_to = atom->valid_from != kNoTime ? atom->valid_from : tx;
  }
  atom->replaces = std::move(parsed.replaces);
  atom->near_relations = std::move(parsed.near_relations);
  atom->cue_relations = std::move(parsed.cue_relations);
  atom->kind_relations = std::move(parsed.kind_relations);
  atom->change_by_head = parsed.change_by_head;
  atom->default_over_phrase = std::move(parsed.default_over_phrase);
  if (parsed.mapping == "template") return;
  verdict->stage = "canonical";
  verdict->reason = "relation phrase '" + parsed.phrase + "' -> '" +
                    atom->relation + "' (" + parsed.mapping + ", score " +
                    Fixed2(parsed.score) + "; " + parsed.evidence + "; " +
                    parsed.pattern + ")";
  if (parsed.mapping == "weak") {
    verdict->outcome = GateOutcome::kQueue;
    verdict->reason += "; may be " + parsed.suggested + ": held for review";
  }
}

// In an assistant line "I", "me" and "my" are the assistant: a statement
// that names them in its relation phrase or value ("You can reach me at
// help@...") is the assistant talking about itself, not a fact about the
// user or the world. Returns the word, or "".
std::string AssistantSelfWord(const ParsedFact& parsed) {
  for (const std::string* field : {&parsed.phrase, &parsed.value}) {
    for (const std::string& w : resolver::WordTokens(*field)) {
      if (w == "i" || w == "me" || w == "my" || w == "mine" || w == "myself") {
        return w;
      }
    }
  }
  return "";
}

std::string LastWord(const std::string& key) {
  const std::size_t space = key.rfind(' ');
  return space == std::string::npos ? key : key.substr(space + 1);
}

// "Kenji moved to the night shift" after "Kenji works the morning shift": a
// change verb's value may name the slot that changed, which only the store
// knows. When exactly one of the subject's slots with a current value, and
// not the one the phrase mapped to, is named by the value's head noun (the
// slot's relation key ends in it: "team"), or holds a value with the same head
// ("morning shift"), the atom is keyed on that slot instead, and the verdict
// says why.
Status SlotNamedByValue(const graph::Store& store, const Lexicon& lexicon,
                        Atom* atom, GateVerdict* verdict) {
  const std::string head = resolver::ValueHead(atom->value);
  if (head.empty()) return Status::Ok();
  const std::string mapped = lexicon.CanonicalRelation(atom->relation);
  std::string found;
  std::string because;
  int candidates = 0;
  FACTLINE_RETURN_IF_ERROR(store.Read([&](const graph::Reader& r) -> Status {
    auto entity = r.FindEntity(atom->subject);
    if (entity.status().IsNotFound()) return Status::Ok();
    if (!entity.ok()) return entity.status();
    FACTLINE_ASSIGN_OR_RETURN(std::vector<RelationId> relations,
                              r.RelationsOfSubject(entity->id));
    for (RelationId rel : relations) {
      FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                                r.Current(entity->id, rel));
      if (ids.empty()) continue;
      FACTLINE_ASSIGN_OR_RETURN(graph::Relation relation, r.GetRelation(rel));
      std::string why;
      if (LastWord(relation.key) == head) {
        why = "its relation names the value's head noun '" + head + "'";
      }
      for (AtomId id : ids) {
        if (!why.empty()) break;
        FACTLINE_ASSIGN_OR_RETURN(Atom current, r.GetAtom(id));
        if (CleanDisplay(current.value).find(' ') != std::string::npos &&
            resolver::ValueHead(current.value) == head) {
          why = "its value '" + current.value + "' has the head noun '" + head +
                "'";
        }
      }
      if (why.empty()) continue;
      // The slot the phrase mapped to is named too: the mapping found it.
      if (relation.key == mapped) {
        candidates = 0;
        return Status::Ok();
      }
      ++candidates;
      found = relation.key;
      because = why;
    }
    return Status::Ok();
  }));
  if (candidates != 1) return Status::Ok();
  const std::string note =
      "change verb: value '" + atom->value + "' keyed on the subject's slot '" +
      found + "' instead of '" + atom->relation + "' (" + because + ")";
  atom->relation = found;
  verdict->stage = "canonical";
  if (verdict->outcome == GateOutcome::kQueue) {
    // The store names the slot: a weak phrase mapping no longer matters.
    verdict->outcome = GateOutcome::kPass;
    verdict->reason.clear();
  }
  verdict->reason += (verdict->reason.empty() ? "" : "; ") + note;
  return Status::Ok();
}

// "Alice left Acme": a verb of leaving names the value that stopped, not
// its relation. The atom is keyed on the one slot of the subject whose
// current value is that value (the same normalised value, else one whose
// words contain it: "Acme" for "Acme Corp"), so the resolver ends it there.
// Several such slots, or none: left as parsed (nothing is ended).
Status SlotHoldingValue(const graph::Store& store, const Lexicon& lexicon,
                        Atom* atom, GateVerdict* verdict) {
  const std::string mapped = lexicon.CanonicalRelation(atom->relation);
  const std::string key = NormalizeKey(atom->value);
  const std::vector<std::string> words = resolver::WordTokens(atom->value);
  std::vector<std::string> exact, loose;
  FACTLINE_RETURN_IF_ERROR(store.Read([&](const graph::Reader& r) -> Status {
    auto entity = r.FindEntity(atom->subject);
    if (entity.status().IsNotFound()) return Status::Ok();
    if (!entity.ok()) return entity.status();
    FACTLINE_ASSIGN_OR_RETURN(std::vector<RelationId> relations,
                              r.RelationsOfSubject(entity->id));
    for (RelationId rel : relations) {
      FACTLINE_ASSIGN_OR_RETURN(std::vector<AtomId> ids,
                                r.Current(entity->id, rel));
      FACTLINE_ASSIGN_OR_RETURN(graph::Relation relation, r.GetRelation(rel));
      for (AtomId id : ids) {
        FACTLINE_ASSIGN_OR_RETURN(Atom current, r.GetAtom(id));
        if (NormalizeKey(current.value) == key) {
          exact.push_back(relation.key);
          break;
        }
        const std::vector<std::string> theirs =
            resolver::WordTokens(current.value);
        if (!words.empty() &&
            std::all_of(words.begin(), words.end(), [&](const std::string& w) {
              return std::find(theirs.begin(), theirs.end(), w) != theirs.end();
            })) {
          loose.push_back(relation.key);
          break;
        }
      }
    }
    return Status::Ok();
  }));
  const std::vector<std::string>& found = exact.empty() ? loose : exact;
  if (found.size() != 1 || found[0] == mapped) return Status::Ok();
  const std::string note = "verb of leaving: '" + atom->value +
                           "' is the subject's current value of '" + found[0] +
                           "', which it ends (not '" + atom->relation + "')";
  atom->relation = found[0];
  verdict->stage = "canonical";
  if (verdict->outcome == GateOutcome::kQueue) {
    verdict->outcome = GateOutcome::kPass;
    verdict->reason.clear();
  }
  verdict->reason += (verdict->reason.empty() ? "" : "; ") + note;
  return Status::Ok();
}

}  // namespace

namespace query::internal {

Result<RememberReport> RememberLines(
    const Parser& parser, resolver::Resolver& resolver, std::mutex& write_mu,
    const std::vector<TextFact>& facts, const std::vector<GateVerdict>& preset,
    std::string_view user_entity, const graph::Store* store) {
  RememberReport report;
  // One context for the batch: a batch is a chunk, so pronouns may refer
  // to a subject named on an earlier line of it. Relative time words
  // resolve against each line's transaction time (now when unset).
  ParseContext context;
  context.user = std::string(user_entity);
  const Timestamp now = NowMicros();
  bool mapped = false;  // some line's relation was mapped by the grammar
  std::vector<Atom> atoms;
  std::vector<GateVerdict> verdicts;
  std::vector<std::size_t> origin_index;  // atom position -> fact position
  atoms.reserve(facts.size());
  const resolver::TextScreen* screen = resolver.screen();
  const resolver::GateConfig& config = resolver.gate_config();
  for (std::size_t i = 0; i < facts.size(); ++i) {
    const TextFact& fact = facts[i];
    Atom atom;
    atom.text = fact.text;
    atom.category = fact.category;
    atom.provenance = fact.provenance;
    // A line without a transaction time is learned now, and lines of one
    // batch in their order: a later line is later-learned, so "X works at
    // A" then "X's employer is now B" makes B current (a microsecond apart;
    // the time words of a line resolve against the same instant).
    atom.tx_time = fact.tx_time == kNoTime ? now + static_cast<Timestamp>(i)
                                           : fact.tx_time;
    atom.valid_from = fact.valid_from;
    GateVerdict verdict;
    std::vector<ParsedFact> side;  // further statements of the line
    Atom line_atom;                // the line's fields before parsing
    GateVerdict screened;          // the line's screening verdict
    if (!preset.empty() && preset[i].outcome != GateOutcome::kPass) {
      verdict = preset[i];
    } else {
      // Parsing first keeps input errors (bad UTF-8, oversized lines)
      // ahead of screening, and is what nearly every line needs anyway.
      context.speaker = fact.from_assistant ? ParseContext::Speaker::kAssistant
                                            : ParseContext::Speaker::kUser;
      context.tx_time = atom.tx_time;
      // The main clause's atom first, then what its appositions and
      // relative clauses state (Parser::ParseStatements).
      auto all = parser.ParseStatements(fact.text, &context);
      // A line the parser refuses (invalid UTF-8, a control character, over
      // the size limit) is unparsed with the reason; the batch goes on.
      if (!all.ok() && all.status().IsInvalidArgument()) {
        report.unparsed.push_back({i, fact.text, all.status().message()});
        continue;
      }
      if (!all.ok() && !all.status().IsNotFound()) {
        return all.status().WithContext("fact #" + std::to_string(i));
      }
      Result<ParsedFact> parsed =
          all.ok() ? Result<ParsedFact>(std::move(all->front()))
                   : Result<ParsedFact>(all.status());
      if (all.ok()) {
        side.assign(std::make_move_iterator(all->begin() + 1),
                    std::make_move_iterator(all->end()));
      }
      if (parsed.ok() && fact.from_assistant) {
        const std::string self = AssistantSelfWord(*parsed);
        if (!self.empty()) {
          report.unparsed.push_back(
              {i, fact.text,
               "'" + self +
                   "' in an assistant line is the assistant: a statement "
                   "about the assistant, not the user"});
          continue;
        }
      }
      if (screen != nullptr) verdict = screen->Screen(fact.text);
      if (verdict.outcome == GateOutcome::kPass && !parsed.ok()) {
        std::vector<std::string> found;
        const double hedged =
            screen == nullptr || !config.hedging.enabled
                ? fact.provenance.confidence
                : screen->Hedge(fact.text, fact.provenance.confidence, {},
                                &found);
        // Speculation that no pattern reads is still refused, with its
        // reason, rather than reported as merely unparsed.
        if (found.empty() || hedged >= config.confidence.reject_below) {
          report.unparsed.push_back({i, fact.text, parsed.status().message()});
          continue;
        }
        verdict.stage = "confidence";
        verdict.outcome = GateOutcome::kReject;
        verdict.reason = "hedged (";
        for (std::size_t k = 0; k < found.size(); ++k) {
          verdict.reason += (k ? ", " : "") + found[k];
        }
        verdict.reason +=
            "): confidence " + Fixed2(fact.provenance.confidence) + " -> " +
            Fixed2(hedged) + ", below the floor " +
            Fixed2(config.confidence.reject_below) + "; no atom parsed";
      } else if (verdict.outcome == GateOutcome::kPass) {
        line_atom = atom;
        screened = verdict;
        const bool change_verb = parsed->change_verb;
        ApplyParsed(std::move(parsed).value(), context.tx_time, &atom,
                    &verdict);
        // What the write path would refuse costs this line, not the batch
        // (and is no key to look up).
        if (Status valid = resolver::ValidateAtom(atom); !valid.ok()) {
          report.unparsed.push_back({i, fact.text, valid.message()});
          continue;
        }
        if (change_verb && store != nullptr) {
          FACTLINE_RETURN_IF_ERROR(
              (atom.ends
                   ? SlotHoldingValue(*store, parser.lexicon(), &atom, &verdict)
                   : SlotNamedByValue(*store, parser.lexicon(), &atom,
                                      &verdict))
                  .WithContext("fact #" + std::to_string(i)));
        }
        mapped = mapped || !verdict.reason.empty();
      }
    }
    atoms.push_back(std::move(atom));
    verdicts.push_back(std::move(verdict));
    origin_index.push_back(i);
    if (verdicts.back().outcome != GateOutcome::kPass) continue;
    for (ParsedFact& extra : side) {
      Atom side_atom = line_atom;
      GateVerdict side_verdict = screened;
      ApplyParsed(std::move(extra), context.tx_time, &side_atom, &side_verdict);
      if (!resolver::ValidateAtom(side_atom).ok()) continue;
      mapped = mapped || !side_verdict.reason.empty();
      atoms.push_back(std::move(side_atom));
      verdicts.push_back(std::move(side_verdict));
      origin_index.push_back(i);
    }
  }
  if (atoms.empty()) return report;
  // Without a gate and without preset verdicts every atom is a parsed line:
  // the bare write path, exactly as before the gate existed (unless a
  // grammar mapping is to be audited or held).
  if (screen == nullptr && preset.empty() && !mapped) verdicts.clear();
  std::lock_guard<std::mutex> lock(write_mu);
  auto decisions = resolver.Write(std::move(atoms), std::move(verdicts));
  if (!decisions.ok()) return decisions.status();
  report.decisions = std::move(decisions).value();
  for (auto& d : report.decisions) d.input_index = origin_index[d.input_index];
  return report;
}

}  // namespace query::internal

Result<RememberReport> Memory::RememberConversation(
    std::string_view chunk, const Provenance& provenance) {
  FACTLINE_ASSIGN_OR_RETURN(std::vector<resolver::Turn> turns,
                            resolver::SplitTurns(chunk));
  std::vector<TextFact> facts;
  std::vector<GateVerdict> preset;
  std::vector<std::size_t> turn_of;  // fact position -> turn position
  int parsed = 0;
  for (std::size_t t = 0; t < turns.size(); ++t) {
    const resolver::Turn& turn = turns[t];
    if (turn.role == resolver::Role::kTool ||
        turn.role == resolver::Role::kSystem) {
      std::string text = CleanDisplay(turn.text);
      if (text.empty()) continue;
      TextFact fact;
      fact.text = CutUtf8(text, kMaxChunkExcerpt);
      fact.provenance = provenance;
      facts.push_back(std::move(fact));
      preset.push_back({"noise", GateOutcome::kNoise, kNoAtom,
                        std::string(resolver::ToString(turn.role)) +
                            " output is never memory"});
      turn_of.push_back(t);
      continue;
    }
    for (std::string& sentence : SplitSentences(turn.text)) {
      if (impl_->parser->ParseSentence(sentence).ok()) ++parsed;
      TextFact fact;
      fact.text = std::move(sentence);
      fact.provenance = turn.role == resolver::Role::kHuman
                            ? HumanProvenance(provenance)
                            : provenance;
      fact.from_assistant = turn.role == resolver::Role::kAssistant;
      facts.push_back(std::move(fact));
      preset.emplace_back();
      turn_of.push_back(t);
    }
  }
  if (const resolver::TextScreen* screen = impl_->resolver->screen()) {
    const resolver::Significance significance = screen->Score(turns, parsed);
    if (!significance.keep) {
      TextFact whole;
      whole.text = CutUtf8(CleanDisplay(chunk), kMaxChunkExcerpt);
      whole.provenance = provenance;
      return query::internal::RememberLines(
          *impl_->parser, *impl_->resolver, impl_->write_mu, {whole},
          {{"significance", GateOutcome::kNoise, kNoAtom,
            "low significance: " + significance.reason}});
    }
  }
  if (facts.empty()) return RememberReport();
  FACTLINE_ASSIGN_OR_RETURN(
      RememberReport report,
      query::internal::RememberLines(*impl_->parser, *impl_->resolver,
                                     impl_->write_mu, facts, preset,
                                     impl_->user_entity, impl_->store.get()));
  for (auto& d : report.decisions) d.input_index = turn_of[d.input_index];
  for (auto& u : report.unparsed) u.index = turn_of[u.index];
  return report;
}

}  // namespace factline
