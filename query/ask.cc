// Memory::Ask: single-hop questions through the lexicon's question templates
// and the generic question shapes.
#include "query/internal/memory_impl.h"
#include "query/internal/views.h"
#include "query/query.h"

namespace factline {

Result<Answer> Memory::Ask(std::string_view question,
                           const AskOptions& options) const {
  Answer answer;
  answer.text = "unknown";
  auto parsed = impl_->parser->ParseQuestion(question);
  if (!parsed.ok()) {
    if (!parsed.status().IsNotFound()) return parsed.status();
    answer.explanation = parsed.status().message();
    return answer;
  }
  answer.subject = parsed->subject;
  auto facts = options.as_of == kForever
                   ? Current(parsed->subject, parsed->relation)
                   : AsOf(parsed->subject, parsed->relation, options.as_of,
                          TimeAxis::kTransaction);
  if (!facts.ok()) return facts.status();
  if (facts->empty()) {
    answer.explanation = "nothing stored for (" + parsed->subject + ", " +
                         parsed->relation + ")";
    return answer;
  }
  FactView best = facts->back();
  answer.text = best.atom.value;
  answer.known = true;
  answer.score = best.atom.provenance.confidence;
  answer.chain.push_back({best, 1.0});
  answer.explanation = "matched '" + parsed->pattern + "'";
  return answer;
}

}  // namespace factline
