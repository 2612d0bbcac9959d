# The public headers under one prefix, in the build tree as installed:
# ${FACTLINE_INCLUDE_DIR}/factline/<name>.h, so that an embedder (installed
# package, add_subdirectory or FetchContent alike) writes
# `#include <factline/query.h>` with only ${FACTLINE_INCLUDE_DIR} on its
# include path, never the source root, whose bare "graph/graph.h" would
# collide with the embedder's own folders.
#
# Each is a copy of the source header with its quoted includes of other
# public headers rewritten to the prefix ("graph/graph.h" ->
# "factline/graph.h"); a public header that includes anything else (a
# private header) stops the configure step. The copies are written at
# configure time and rewritten when a source header changes (CMake re-runs
# itself). factline/<module>/<name>.h forwards to factline/<name>.h for
# code written against 0.1's nested layout. factline/version.h comes from
# cmake/version.h.in.
set(FACTLINE_INCLUDE_DIR ${PROJECT_BINARY_DIR}/include)
set(FACTLINE_PUBLIC_HEADERS atoms/atoms.h graph/graph.h index/index.h
  resolver/resolver.h query/query.h query/factline_c.h)

configure_file(${PROJECT_SOURCE_DIR}/cmake/version.h.in
  ${FACTLINE_INCLUDE_DIR}/factline/version.h @ONLY)

# Writes `content` to `path` only when it differs, so that unchanged
# headers keep their time stamps and nothing that includes them rebuilds.
function(_factline_write_if_changed path content)
  set(scratch ${PROJECT_BINARY_DIR}/CMakeFiles/factline_header.tmp)
  get_filename_component(dir ${path} DIRECTORY)
  file(MAKE_DIRECTORY ${dir})
  file(WRITE ${scratch} "${content}")
  file(COPY_FILE ${scratch} ${path} ONLY_IF_DIFFERENT)
  file(REMOVE ${scratch})
endfunction()

foreach(header IN LISTS FACTLINE_PUBLIC_HEADERS)
  set(source ${PROJECT_SOURCE_DIR}/${header})
  set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY
    CMAKE_CONFIGURE_DEPENDS ${source})
  file(READ ${source} text)
  string(REGEX MATCHALL "#include \"[^\"]+\"" includes "${text}")
  foreach(include IN LISTS includes)
    string(REGEX REPLACE "#include \"([^\"]+)\"" "\\1" path "${include}")
    if(NOT path IN_LIST FACTLINE_PUBLIC_HEADERS)
      message(FATAL_ERROR "public header ${header} includes \"${path}\", "
        "which is not a public header (FACTLINE_PUBLIC_HEADERS in "
        "cmake/FactlinePublicHeaders.cmake): installed, it would not resolve")
    endif()
    get_filename_component(name ${path} NAME)
    string(REPLACE "${include}" "#include \"factline/${name}\"" text "${text}")
  endforeach()
  get_filename_component(name ${header} NAME)
  _factline_write_if_changed(${FACTLINE_INCLUDE_DIR}/factline/${name}
    "// Generated from ${header} by cmake/FactlinePublicHeaders.cmake: edit that.\n${text}")
  _factline_write_if_changed(${FACTLINE_INCLUDE_DIR}/factline/${header}
    "// Deprecated path (factline 0.1): include <factline/${name}>.\n#include \"factline/${name}\"\n")
endforeach()
