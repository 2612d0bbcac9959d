# Install and package: one static archive libfactline.a holding every module,
# the public headers (include/factline/*.h), a CMake package config
# (factline::factline) and a factline.pc. The same archive is
# factline::factline in the tree (add_subdirectory, FetchContent). The modules stay separate static libraries in the tree (the
# layering in STYLE.md §1); the archive is assembled from their objects so an
# embedder links one file.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(FACTLINE_MODULES atoms graph index resolver query)
set(_factline_objects)
foreach(m IN LISTS FACTLINE_MODULES)
  list(APPEND _factline_objects $<TARGET_OBJECTS:factline_${m}>)
endforeach()

# "factline" is the CLI's target name, hence factline_lib.
add_library(factline_lib STATIC ${_factline_objects})
set_target_properties(factline_lib PROPERTIES
  OUTPUT_NAME factline
  EXPORT_NAME factline
  VERSION ${PROJECT_VERSION}
  LINKER_LANGUAGE CXX)
target_compile_features(factline_lib PUBLIC cxx_std_20)
# Only the prefixed headers (cmake/FactlinePublicHeaders.cmake): the build
# tree's include/ in the tree, include/ installed; never the source root.
target_include_directories(factline_lib INTERFACE
  $<BUILD_INTERFACE:${FACTLINE_INCLUDE_DIR}>
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
# Third-party code the archive calls into; header-only ones (nlohmann_json,
# Boost, hnswlib) are not needed by an embedder.
target_link_libraries(factline_lib PRIVATE PkgConfig::LMDB PkgConfig::RE2
  Threads::Threads)

if(FACTLINE_INSTALL)
  install(TARGETS factline_lib EXPORT factlineTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  # include/factline/: the prefixed headers, version.h and the 0.1 forwarders.
  install(DIRECTORY ${FACTLINE_INCLUDE_DIR}/factline
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endif()

# Optional shared library with an SONAME (ABI changes between 0.x minor
# versions, hence major.minor). Off by default: it makes every module
# position-independent.
option(FACTLINE_BUILD_SHARED "Also build and install libfactline.so" OFF)
if(FACTLINE_BUILD_SHARED)
  foreach(m IN LISTS FACTLINE_MODULES)
    set_target_properties(factline_${m} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  endforeach()
  add_library(factline_shared SHARED ${_factline_objects})
  set_target_properties(factline_shared PROPERTIES
    OUTPUT_NAME factline
    EXPORT_NAME factline_shared
    VERSION ${PROJECT_VERSION}
    SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR}
    LINKER_LANGUAGE CXX)
  target_compile_features(factline_shared PUBLIC cxx_std_20)
  target_include_directories(factline_shared INTERFACE
    $<BUILD_INTERFACE:${FACTLINE_INCLUDE_DIR}>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_link_libraries(factline_shared PRIVATE PkgConfig::LMDB PkgConfig::RE2
    Threads::Threads)
  if(FACTLINE_INSTALL)
    install(TARGETS factline_shared EXPORT factlineTargets
      LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  endif()
endif()

if(NOT FACTLINE_INSTALL)
  return()
endif()

set(FACTLINE_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/factline)
install(EXPORT factlineTargets NAMESPACE factline::
  DESTINATION ${FACTLINE_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/factlineConfig.cmake.in
  ${PROJECT_BINARY_DIR}/factlineConfig.cmake
  INSTALL_DESTINATION ${FACTLINE_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/factlineConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/factlineConfig.cmake
  ${PROJECT_BINARY_DIR}/factlineConfigVersion.cmake
  DESTINATION ${FACTLINE_CMAKE_DIR})

file(RELATIVE_PATH FACTLINE_PC_UP /p/${CMAKE_INSTALL_LIBDIR}/pkgconfig /p)
configure_file(${PROJECT_SOURCE_DIR}/cmake/factline.pc.in
  ${PROJECT_BINARY_DIR}/factline.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/factline.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
