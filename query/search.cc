// Memory's fuzzy lookups through the HNSW side-index.
#include <algorithm>
#include <cstdio>

#include "query/internal/memory_impl.h"
#include "query/internal/views.h"

namespace factline {

Memory::Impl::~Impl() {
  // Persist what the index learned; a failure only means the next open
  // rebuilds it from the graph, which is always correct.
  std::lock_guard<std::mutex> lock(index_mu);
  if (side_index && !store->read_only()) (void)side_index->Save();
}

Result<index::SideIndex*> Memory::Impl::SideIndexLocked() {
  if (!side_index) {
    index::IndexOptions options;
    options.lexicon = lexicon;
    FACTLINE_ASSIGN_OR_RETURN(
        side_index,
        index::SideIndex::Open(*store, std::move(options), &index_report));
    return side_index.get();
  }
  FACTLINE_ASSIGN_OR_RETURN(std::string caught_up, side_index->CatchUp());
  (void)caught_up;
  return side_index.get();
}

Result<std::vector<SearchHit>> Memory::Search(std::string_view text,
                                              int k) const {
  if (k < 1 || k > 1000) {
    return Status::InvalidArgument("k must be in [1, 1000], got " +
                                   std::to_string(k));
  }
  std::lock_guard<std::mutex> lock(impl_->index_mu);
  FACTLINE_ASSIGN_OR_RETURN(index::SideIndex * side, impl_->SideIndexLocked());
  std::vector<SearchHit> hits;
  Status s = impl_->store->Read([&](const graph::Reader& r) -> Status {
    FACTLINE_ASSIGN_OR_RETURN(std::vector<index::Match> matches,
                              side->FindAtoms(text, k, &r));
    for (const index::Match& m : matches) {
      SearchHit hit;
      FACTLINE_ASSIGN_OR_RETURN(hit.fact, query::internal::MakeView(r, m.id));
      hit.score = m.score;
      hits.push_back(std::move(hit));
    }
    return Status::Ok();
  });
  if (!s.ok()) return s;
  return hits;
}

Result<std::vector<SearchHit>> Memory::FindEntities(std::string_view name,
                                                    int k) const {
  if (k < 1 || k > 1000) {
    return Status::InvalidArgument("k must be in [1, 1000], got " +
                                   std::to_string(k));
  }
  std::lock_guard<std::mutex> lock(impl_->index_mu);
  FACTLINE_ASSIGN_OR_RETURN(index::SideIndex * side, impl_->SideIndexLocked());
  FACTLINE_ASSIGN_OR_RETURN(std::vector<index::Match> matches,
                            side->FindEntities(name, k));
  std::vector<SearchHit> hits;
  for (const index::Match& m : matches) {
    SearchHit hit;
    hit.entity = m.text;
    hit.score = m.score;
    hits.push_back(std::move(hit));
  }
  return hits;
}

namespace query::internal {

Status FuzzyRetry(const Memory& memory, const Parser& parser,
                  const graph::Store& store, std::string_view question,
                  const AskOptions& options, Answer* answer) {
  auto parsed = parser.ParseQuestion(question);
  if (!parsed.ok()) return Status::Ok();
  bool stored = false;
  FACTLINE_RETURN_IF_ERROR(store.Read([&](const graph::Reader& r) {
    auto entity = r.FindEntity(parsed->subject);
    stored = entity.ok();
    return entity.ok() || entity.status().IsNotFound() ? Status::Ok()
                                                       : entity.status();
  }));
  if (stored) return Status::Ok();
  FACTLINE_ASSIGN_OR_RETURN(std::vector<SearchHit> hits,
                            memory.FindEntities(parsed->subject, 5));
  // A name that differs in a number ("user39" and "user38", "Apollo 11"
  // and "Apollo 12") is another entity, never a typo of this one.
  hits.erase(std::remove_if(hits.begin(), hits.end(),
                            [&](const SearchHit& h) {
                              return DifferInNumbers(parsed->subject, h.entity);
                            }),
             hits.end());
  if (hits.empty() || hits[0].score < options.fuzzy_min_similarity) {
    return Status::Ok();
  }
  // Replace the subject as written in the question with the stored name.
  std::string rewritten(question);
  std::size_t at = rewritten.find(parsed->subject);
  if (at == std::string::npos) return Status::Ok();
  rewritten.replace(at, parsed->subject.size(), hits[0].entity);
  AskOptions exact = options;
  exact.fuzzy = false;
  FACTLINE_ASSIGN_OR_RETURN(Answer retried, memory.Ask(rewritten, exact));
  if (!retried.known) return Status::Ok();
  char similarity[16];
  std::snprintf(similarity, sizeof similarity, "%.2f", hits[0].score);
  retried.explanation = "no entity '" + parsed->subject +
                        "'; nearest entity '" + hits[0].entity + "' (cosine " +
                        similarity + "); " + retried.explanation;
  retried.score *= hits[0].score;
  *answer = std::move(retried);
  return Status::Ok();
}

}  // namespace query::internal

std::string Memory::IndexReport() const {
  std::lock_guard<std::mutex> lock(impl_->index_mu);
  return impl_->index_report;
}

}  // namespace factline
