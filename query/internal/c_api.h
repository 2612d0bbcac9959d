// Internals of the C API (query/c_api.cc) shared with the Python binding
// (python/factline_py.cc), which reads input as the C API does and builds
// the same result shapes as Python objects directly (no JSON in between).
#ifndef FACTLINE_QUERY_INTERNAL_C_API_H_
#define FACTLINE_QUERY_INTERNAL_C_API_H_

#include <vector>

#include "atoms/atoms.h"
#include "query/factline_c.h"
#include "query/query.h"

namespace factline::capi {

// The Memory behind a handle from factline_open; nullptr for NULL.
Memory* MemoryOf(factline_memory* handle);

// factline_remember_atoms' reading of its JSON array of atom objects
// (InvalidArgument naming the atom and field on bad input).
Result<std::vector<Atom>> AtomsFromJson(const char* atoms_json);

}  // namespace factline::capi

#endif  // FACTLINE_QUERY_INTERNAL_C_API_H_
