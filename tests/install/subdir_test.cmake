# cmake -DSRC=<source> -DWORK=<scratch dir> -DGENERATOR=<generator>
#       -P subdir_test.cmake
# Configures tests/install/subdir (a parent embedding factline with
# add_subdirectory; it checks which targets factline defines), then compiles
# its consumer (consumer/main.cc: #include <factline/query.h>, static_asserts
# C++20) with exactly the command CMake generated for it, and checks that
# command: C++20 from factline::factline and no source root on the include
# path. Compiling only that file keeps the test quick: the library itself
# is the one every other test links (and tests/install runs main.cc linked
# against the tree's factline::factline).
file(REMOVE_RECURSE ${WORK})
execute_process(
  COMMAND ${CMAKE_COMMAND} -S ${SRC}/tests/install/subdir -B ${WORK}
    -G ${GENERATOR} -DFACTLINE_SOURCE_DIR=${SRC} -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring the add_subdirectory parent failed:\n${out}")
endif()

file(READ ${WORK}/compile_commands.json commands)
string(JSON n LENGTH "${commands}")
math(EXPR last "${n} - 1")
set(command "")
foreach(i RANGE ${last})
  string(JSON file GET "${commands}" ${i} file)
  if(file MATCHES "tests/install/consumer/main\\.cc$")
    string(JSON command GET "${commands}" ${i} command)
    string(JSON directory GET "${commands}" ${i} directory)
  endif()
endforeach()
if(command STREQUAL "")
  message(FATAL_ERROR "no compile command for consumer/main.cc")
endif()
separate_arguments(args UNIX_COMMAND "${command}")
if(NOT args MATCHES "-std=(c|gnu)\\+\\+(20|2a)")
  message(FATAL_ERROR "the consumer is not compiled as C++20: ${command}")
endif()
get_filename_component(src_root ${SRC} REALPATH)
foreach(arg IN LISTS args)
  string(REGEX REPLACE "^-I" "" dir "${arg}")
  if(IS_DIRECTORY "${dir}")
    get_filename_component(dir ${dir} REALPATH)
    if(dir STREQUAL src_root)
      message(FATAL_ERROR "the source root is on the consumer's include "
        "path: ${command}")
    endif()
  endif()
endforeach()
execute_process(COMMAND ${args} WORKING_DIRECTORY ${directory}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "compiling the consumer failed:\n${command}\n${out}")
endif()
file(REMOVE_RECURSE ${WORK})
message(STATUS "add_subdirectory: library targets only, C++20, "
  "#include <factline/query.h> compiles")
