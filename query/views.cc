#include "query/internal/views.h"

#include <cstdio>

namespace factline::query::internal {

namespace {
// Bounds the superseded chain so a long-lived slot cannot blow up a result.
constexpr int kMaxChain = 16;
}  // namespace

std::string Why(const Atom& atom) {
  char confidence[16];
  std::snprintf(confidence, sizeof confidence, "%.2f",
                atom.provenance.confidence);
  std::string why =
      atom.superseded_by == kNoAtom
          ? "current"
          : "superseded by #" + std::to_string(atom.superseded_by);
  why += "; origin " + std::string(ToString(atom.provenance.origin));
  if (!atom.provenance.model_id.empty()) {
    why += " (" + atom.provenance.model_id + ")";
  }
  why += ", confidence " + std::string(confidence) + ", " +
         std::string(ToString(atom.provenance.verification));
  if (!atom.provenance.source.empty()) {
    why += ", source " + atom.provenance.source;
  }
  if (!atom.reinforced_by.empty()) {
    why += ", reinforced " + std::to_string(atom.reinforced_by.size()) + "x";
  }
  return why;
}

Result<Atom> ReferencedAtom(const graph::Reader& reader, AtomId id,
                            std::string_view named_by) {
  Result<Atom> atom = reader.GetAtom(id);
  if (atom.ok() || !atom.status().IsNotFound()) return atom;
  // The id came from the store itself, so a missing atom is damage (a lost
  // record, or a garbled id), never "nothing stored".
  return Status::Corruption(
      "the store is damaged: atom #" + std::to_string(id) + ", named by " +
      std::string(named_by) + ", is missing (" + atom.status().message() + ")");
}

Result<FactView> MakeView(const graph::Reader& reader, AtomId id) {
  FactView view;
  FACTLINE_ASSIGN_OR_RETURN(view.atom,
                            ReferencedAtom(reader, id, "the store's tables"));
  AtomId next = view.atom.supersedes;
  for (int i = 0; i < kMaxChain && next != kNoAtom; ++i) {
    FACTLINE_ASSIGN_OR_RETURN(
        Atom older,
        ReferencedAtom(reader, next,
                       "the supersedes link of atom #" +
                           std::to_string(view.superseded.empty()
                                              ? view.atom.id
                                              : view.superseded.back().id)));
    next = older.supersedes;
    view.superseded.push_back(std::move(older));
  }
  view.why = Why(view.atom);
  if (!view.superseded.empty()) {
    view.why += "; supersedes #" + std::to_string(view.superseded[0].id) +
                " ('" + view.superseded[0].value + "')";
  }
  return view;
}

bool CurrentAtTxTime(const graph::Reader& reader, const Atom& atom,
                     Timestamp t) {
  AtomId next = atom.superseded_by;
  if (next == kNoAtom) return true;
  auto newer = reader.GetAtom(next);
  return newer.ok() && newer->tx_time > t;
}

}  // namespace factline::query::internal
