# SPDX-License-Identifier: MIT
# Runs one compile-fail check of a snippet file.
#
# A snippet file holds several cases selected by -DCTISA_CASE=<n>, each announced by lines
#   // case <n> expect: <regular expression the compiler's output must match: the named kind>
#   // case <n> first: <regular expression the first error line must match, on every compiler>
#   // case <n> first-gcc: <...>  or  first-clang: <...>   (the same, for one compiler)
# The first error line is the first line with ": error: " (the error a reader sees first); a case
# needs a first-line expectation for the compiler that runs it. With CASE=control no case is
# selected: the file must then compile, which proves that each case fails because of its own line.
#
# Inputs (-D): CXX, CXX_ID (CMAKE_CXX_COMPILER_ID), SOURCE, CASE, FLAGS and INCLUDES (;-lists; pass
# them with $<SEMICOLON>); HEADER and PCH, the snippet's includes and their precompiled form (used
# when the build has made it: -Winvalid-pch makes a stale or mismatched one an error, not a slow pass).
set(args ${FLAGS})
foreach(dir IN LISTS INCLUDES)
  list(APPEND args "-I${dir}")
endforeach()
if(PCH AND EXISTS "${PCH}")
  if(CXX_ID STREQUAL "GNU")
    list(APPEND args -include "${HEADER}" -Winvalid-pch)
  else()
    list(APPEND args -include-pch "${PCH}")
  endif()
endif()

if(CASE STREQUAL "control")
  execute_process(COMMAND "${CXX}" ${args} -fsyntax-only "${SOURCE}"
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${SOURCE} must compile when no case is selected:\n${out}")
  endif()
  return()
endif()

# The regular expression of `// case CASE <key>: ...`, or "" when there is no such line.
function(case_line key out_var)
  file(STRINGS "${SOURCE}" lines REGEX "^// case ${CASE} ${key}: ")
  set(value "")
  if(lines)
    list(GET lines 0 line)
    string(REGEX REPLACE "^// case ${CASE} ${key}: " "" value "${line}")
  endif()
  set(${out_var} "${value}" PARENT_SCOPE)
endfunction()

if(CXX_ID STREQUAL "GNU")
  set(compiler gcc)
else()
  string(TOLOWER "${CXX_ID}" compiler)
endif()
case_line(expect expect)
case_line(first-${compiler} first)
if(first STREQUAL "")
  case_line(first first)
endif()
if(expect STREQUAL "" OR first STREQUAL "")
  message(FATAL_ERROR "${SOURCE}: case ${CASE} needs an 'expect:' line and a 'first:' or 'first-${compiler}:' line")
endif()

execute_process(COMMAND "${CXX}" ${args} -DCTISA_CASE=${CASE} -fsyntax-only "${SOURCE}"
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(status EQUAL 0)
  message(FATAL_ERROR "${SOURCE} case ${CASE} compiled, but must be rejected with: ${expect}")
endif()
if(NOT out MATCHES "${expect}")
  message(FATAL_ERROR "${SOURCE} case ${CASE} was rejected, but the output lacks '${expect}':\n${out}")
endif()
string(REGEX MATCH "[^\n]*: (fatal )?error: [^\n]*" first_line "${out}")
if(NOT first_line MATCHES "${first}")
  message(FATAL_ERROR "${SOURCE} case ${CASE}: the first error line\n  ${first_line}\ndoes not match '${first}'")
endif()
message(STATUS "case ${CASE} rejected as expected, first: ${first_line}")
