# Install and package: one static archive libfactline.a holding every module,
# the public headers, a CMake package config (factline::factline) and a
# factline.pc. The modules stay separate static libraries in the tree (the
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
target_compile_features(factline_lib INTERFACE cxx_std_20)
# Headers install under include/factline/<module>/; the public headers
# include each other as "atoms/atoms.h", hence include/factline on the path.
target_include_directories(factline_lib INTERFACE
  $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/factline>
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
# Third-party code the archive calls into; header-only ones (nlohmann_json,
# Boost, hnswlib) are not needed by an embedder.
target_link_libraries(factline_lib PRIVATE PkgConfig::LMDB PkgConfig::RE2
  Threads::Threads)

install(TARGETS factline_lib EXPORT factlineTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
foreach(header atoms/atoms.h graph/graph.h index/index.h resolver/resolver.h
               query/query.h query/factline_c.h)
  if(EXISTS ${PROJECT_SOURCE_DIR}/${header})
    get_filename_component(dir ${header} DIRECTORY)
    install(FILES ${PROJECT_SOURCE_DIR}/${header}
      DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/factline/${dir})
  endif()
endforeach()

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
  target_compile_features(factline_shared INTERFACE cxx_std_20)
  target_include_directories(factline_shared INTERFACE
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/factline>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_link_libraries(factline_shared PRIVATE PkgConfig::LMDB PkgConfig::RE2
    Threads::Threads)
  install(TARGETS factline_shared EXPORT factlineTargets
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
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
