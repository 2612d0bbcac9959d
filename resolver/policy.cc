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
  // `current` holds the slot's value(s) at the incoming atom's valid time
  // (Resolver's LoadSlot); the timeline decides everything else.
  Status Choose(const graph::Reader& /*reader*/, const Atom& incoming,
                Cardinality cardinality, const std::vector<Atom>& current,
                Choice* choice) override {
    if (const Atom* same = SameValue(incoming, current)) {
      choice->kind = Choice::Kind::kReinforce;
      choice->targets = {same->id};
      choice->reason =
          "same value as current atom #" + std::to_string(same->id);
      return Status::Ok();
    }
    choice->kind = Choice::Kind::kAdd;
    choice->targets.clear();
    if (current.empty()) {
      choice->reason = "first value of its slot";
    } else if (cardinality == Cardinality::kMany) {
      choice->reason = "many-valued relation: added alongside " +
                       std::to_string(current.size()) + " value(s)";
    } else {
      choice->reason = "new value for one-valued slot (" + incoming.subject +
                       ", " + incoming.relation + "): '" +
                       current.front().value + "' -> '" + incoming.value + "'";
    }
    return Status::Ok();
  }
  bool PlacesOnTimeline() const override { return true; }
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
