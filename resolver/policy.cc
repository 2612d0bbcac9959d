// The built-in supersession policies.
#include <algorithm>

#include "resolver/resolver.h"

namespace factline::resolver {

namespace {

// Returns the current atom with the same value, or nullptr.
const Atom* SameValue(const Atom& incoming, const std::vector<Atom>& current) {
  const std::string key = NormalizeKey(incoming.value);
  for (const Atom& atom : current) {
    if (NormalizeKey(atom.value) == key) return &atom;
  }
  return nullptr;
}

class KeyedPolicy final : public SupersessionPolicy {
 public:
  Status Choose(const graph::Reader& /*reader*/, const Atom& incoming,
                Cardinality cardinality, const std::vector<Atom>& current,
                Choice* choice) override {
    if (current.empty()) {
      choice->kind = Choice::Kind::kAdd;
      choice->reason = "first value of its slot";
      return Status::Ok();
    }
    if (const Atom* same = SameValue(incoming, current)) {
      choice->kind = Choice::Kind::kReinforce;
      choice->targets = {same->id};
      choice->reason =
          "same value as current atom #" + std::to_string(same->id);
      return Status::Ok();
    }
    if (cardinality == Cardinality::kMany) {
      choice->kind = Choice::Kind::kAdd;
      choice->reason = "many-valued relation: added alongside " +
                       std::to_string(current.size()) + " current value(s)";
      return Status::Ok();
    }
    const Atom& newest = *std::max_element(current.begin(), current.end(),
                                           [](const Atom& a, const Atom& b) {
                                             return a.valid_from < b.valid_from;
                                           });
    if (incoming.valid_from < newest.valid_from) {
      choice->kind = Choice::Kind::kHistoryOnly;
      choice->targets = {newest.id};
      choice->reason = "valid from " + FormatTimestamp(incoming.valid_from) +
                       ", before current atom #" + std::to_string(newest.id) +
                       " (valid from " + FormatTimestamp(newest.valid_from) +
                       ")";
      return Status::Ok();
    }
    choice->kind = Choice::Kind::kSupersede;
    choice->targets.clear();
    for (const Atom& atom : current) choice->targets.push_back(atom.id);
    choice->reason = "new value for one-valued slot (" + incoming.subject +
                     ", " + incoming.relation + "): '" + newest.value +
                     "' -> '" + incoming.value + "'";
    return Status::Ok();
  }
};

class NoSupersessionPolicy final : public SupersessionPolicy {
 public:
  Status Choose(const graph::Reader& /*reader*/, const Atom& incoming,
                Cardinality /*cardinality*/, const std::vector<Atom>& current,
                Choice* choice) override {
    if (const Atom* same = SameValue(incoming, current)) {
      choice->kind = Choice::Kind::kReinforce;
      choice->targets = {same->id};
      choice->reason =
          "same value as current atom #" + std::to_string(same->id);
      return Status::Ok();
    }
    choice->kind = Choice::Kind::kAdd;
    choice->reason = "supersession off: kept alongside";
    return Status::Ok();
  }
};

}  // namespace

std::unique_ptr<SupersessionPolicy> MakeKeyedPolicy() {
  return std::make_unique<KeyedPolicy>();
}

std::unique_ptr<SupersessionPolicy> MakeNoSupersessionPolicy() {
  return std::make_unique<NoSupersessionPolicy>();
}

}  // namespace factline::resolver
