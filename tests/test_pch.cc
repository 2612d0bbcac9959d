// The source of factline_test_pch (tests/CMakeLists.txt), which only
// precompiles catch2/catch.hpp for the test executables.
