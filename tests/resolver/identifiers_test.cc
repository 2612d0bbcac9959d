// Identifier-shaped values and the near-duplicate gate: a changed e-mail,
// URL, handle or version is a new value, never a spelling variant.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "resolver/internal/gate_stages.h"
#include "resolver/resolver.h"
#include "tests/test_util.h"

namespace factline::resolver {
namespace {

using internal::DifferInIdentifiers;
using internal::IdentifierWords;
using testing::ScratchDir;

TEST_CASE("Identifiers: words shaped like addresses, handles and versions",
          "[resolver][identifiers]") {
  using Words = std::vector<std::string>;
  CHECK(IdentifierWords("lena@kiln.dev") == Words{"lena@kiln.dev"});
  CHECK(IdentifierWords("@lena_k") == Words{"@lena_k"});
  CHECK(IdentifierWords("see https://kiln.dev/docs.") ==
        Words{"https://kiln.dev/docs"});
  CHECK(IdentifierWords("Python 3.12") == Words{"3.12"});
  CHECK(IdentifierWords("node v20") == Words{"v20"});
  CHECK(IdentifierWords("kiln.dev") == Words{"kiln.dev"});
  // Names carry none, hyphenated or not; a sentence's full stop is no joint.
  CHECK(IdentifierWords("Jean-Luc Picard").empty());
  CHECK(IdentifierWords("Greenfield Primary School.").empty());
  CHECK(IdentifierWords("").empty());

  CHECK(DifferInIdentifiers("lena@kiln.dev", "lena.k@kiln.dev"));
  CHECK(DifferInIdentifiers("github.com/lenak", "github.com/lena-k"));
  CHECK_FALSE(DifferInIdentifiers("Lena@Kiln.dev", "lena@kiln.dev"));
  CHECK_FALSE(DifferInIdentifiers("Katherine", "Catherine"));
}

// A near-duplicate function that calls every value of the slot similar.
NearDuplicateFn AlwaysNear() {
  return [](const graph::Reader&, const Atom&, const std::vector<Atom>& current,
            double) -> Result<NearDuplicate> {
    NearDuplicate near;
    if (!current.empty()) near = {current[0].id, 0.97};
    return near;
  };
}

Atom Human(std::string s, std::string r, std::string v) {
  Atom atom;
  atom.subject = std::move(s);
  atom.relation = std::move(r);
  atom.value = std::move(v);
  atom.provenance.origin = Origin::kHuman;
  return atom;
}

TEST_CASE("Identifiers: a changed identifier passes the near-duplicate stage",
          "[resolver][identifiers]") {
  ScratchDir dir;
  auto store = graph::Store::Open(dir.Sub("db"), graph::StoreOptions());
  REQUIRE(store.ok());
  ResolverOptions options;
  options.near_duplicate = AlwaysNear();
  auto resolver = Resolver::Create(store->get(), std::move(options));
  REQUIRE(resolver.ok());
  auto write = [&](Atom atom) {
    auto out = (*resolver)->Write({std::move(atom)});
    REQUIRE(out.ok());
    REQUIRE(out->size() == 1);
    return (*out)[0];
  };
  write(Human("Lena", "email", "lena@kiln.dev"));
  Decision changed = write(Human("Lena", "email", "lena.k@kiln.dev"));
  INFO(changed.reason);
  CHECK(changed.action == Action::kSuperseded);
  write(Human("Lena", "handle", "@lenak"));
  CHECK(write(Human("Lena", "handle", "@lena_k")).action ==
        Action::kSuperseded);
  // The same function on names still holds the spelling variant back.
  write(Human("Lena", "mentor", "Katarzyna"));
  Decision name = write(Human("Lena", "mentor", "Katarzina"));
  CHECK(name.action == Action::kQueued);
  CHECK(name.reason.find("near-duplicate") != std::string::npos);
}

}  // namespace
}  // namespace factline::resolver
