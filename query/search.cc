// Memory's fuzzy lookups through the HNSW side-index.
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

std::string Memory::IndexReport() const {
  std::lock_guard<std::mutex> lock(impl_->index_mu);
  return impl_->index_report;
}

}  // namespace factline
