# Runs one compile-fail check of a snippet file.
#
# A snippet file holds several cases selected by -DCTISA_CASE=<n>, each announced by a line
#   // case <n> expect: <regular expression the compiler's output must match>
# With CASE=control no case is selected: the file must then compile, which proves that each
# case fails because of its own line and nothing else.
#
# Inputs (-D): CXX, SOURCE, CASE, FLAGS and INCLUDES (;-lists; pass them with $<SEMICOLON>).
set(args ${FLAGS})
foreach(dir IN LISTS INCLUDES)
  list(APPEND args "-I${dir}")
endforeach()

if(CASE STREQUAL "control")
  execute_process(COMMAND "${CXX}" ${args} -fsyntax-only "${SOURCE}"
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${SOURCE} must compile when no case is selected:\n${out}")
  endif()
  return()
endif()

file(STRINGS "${SOURCE}" lines REGEX "^// case ${CASE} expect: ")
if(NOT lines)
  message(FATAL_ERROR "${SOURCE}: no '// case ${CASE} expect:' line")
endif()
list(GET lines 0 line)
string(REGEX REPLACE "^// case ${CASE} expect: " "" expect "${line}")

execute_process(COMMAND "${CXX}" ${args} -DCTISA_CASE=${CASE} -fsyntax-only "${SOURCE}"
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(status EQUAL 0)
  message(FATAL_ERROR "${SOURCE} case ${CASE} compiled, but must be rejected with: ${expect}")
endif()
if(NOT out MATCHES "${expect}")
  message(FATAL_ERROR "${SOURCE} case ${CASE} was rejected, but the output lacks '${expect}':\n${out}")
endif()
message(STATUS "case ${CASE} rejected as expected: ${expect}")
