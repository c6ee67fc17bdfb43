# Writes OUT with the source tree's commit (git describe --always --dirty) as TN_BUILD_COMMIT,
# only when it changed, so that the benchmarks report the commit their binary was built from
# (where they run, the source tree may be absent or another).
execute_process(COMMAND git -C "${SRC}" describe --always --dirty OUTPUT_VARIABLE commit
                OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT commit)
  set(commit "unknown")
endif()
set(text "#define TN_BUILD_COMMIT \"${commit}\"\n")
set(old "")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
