# Writes OUT (a header with the source tree's commit) when the commit or its
# dirty state changed; run at every build by the ompm-version target, so that
# --version names the commit the binary was built from.
execute_process(COMMAND git -C "${SRC}" rev-parse --short=12 HEAD
                OUTPUT_VARIABLE Commit OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE Failed ERROR_QUIET)
if(Failed OR NOT Commit)
  set(Commit "unknown")
else()
  execute_process(COMMAND git -C "${SRC}" status --porcelain --untracked-files=no
                  OUTPUT_VARIABLE Changes OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(Changes)
    set(Commit "${Commit}-modified")
  endif()
endif()
set(Text "#define OMPM_COMMIT \"${Commit}\"\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" Old)
endif()
if(NOT "${Old}" STREQUAL "${Text}")
  file(WRITE "${OUT}" "${Text}")
endif()
