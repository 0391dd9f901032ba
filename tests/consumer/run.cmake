# SPDX-License-Identifier: MIT
# Proves that a consumer can use ctisa through add_subdirectory() and through an installed
# package found with find_package(), with its own strict warnings (tests/consumer/CMakeLists.txt). Inputs: CTISA_SOURCE, WORK, CXX.
file(REMOVE_RECURSE "${WORK}")
set(consumer "${CMAKE_CURRENT_LIST_DIR}")

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "failed: ${ARGN}\n${out}")
  endif()
endfunction()

# 1. add_subdirectory
run(${CMAKE_COMMAND} -S "${consumer}" -B "${WORK}/subdirectory" -G Ninja -DCMAKE_CXX_COMPILER=${CXX}
    -DCONSUMER_MODE=subdirectory -DCTISA_SOURCE=${CTISA_SOURCE})
run(${CMAKE_COMMAND} --build "${WORK}/subdirectory")
run("${WORK}/subdirectory/consumer")
# Installing the consumer installs the consumer, not ctisa (CTISA_INSTALL is off below the top level).
run(${CMAKE_COMMAND} --install "${WORK}/subdirectory" --prefix "${WORK}/subdirectory-prefix")
if(NOT EXISTS "${WORK}/subdirectory-prefix/bin/consumer" OR EXISTS "${WORK}/subdirectory-prefix/include/ctisa")
  message(FATAL_ERROR "installing a consumer must install it and not ctisa")
endif()

# 2. install, then find_package
run(${CMAKE_COMMAND} -S "${CTISA_SOURCE}" -B "${WORK}/ctisa" -G Ninja -DCMAKE_CXX_COMPILER=${CXX}
    -DCTISA_BUILD_TESTS=OFF -DCTISA_BUILD_BENCHMARKS=OFF -DCTISA_BUILD_EXAMPLES=OFF
    -DCMAKE_INSTALL_PREFIX=${WORK}/prefix)
run(${CMAKE_COMMAND} --install "${WORK}/ctisa")
run(${CMAKE_COMMAND} -S "${consumer}" -B "${WORK}/package" -G Ninja -DCMAKE_CXX_COMPILER=${CXX}
    -DCONSUMER_MODE=package -DCMAKE_PREFIX_PATH=${WORK}/prefix)
run(${CMAKE_COMMAND} --build "${WORK}/package")
run("${WORK}/package/consumer")
if(NOT EXISTS "${WORK}/prefix/share/licenses/ctisa/LICENSE")
  message(FATAL_ERROR "the installed package lacks its LICENSE")
endif()
message(STATUS "consumer builds with add_subdirectory and with find_package")
