# sgk_add_kernels(<target> SOURCES <file.c>...
#                 [INCLUDE_DIRECTORIES <dir>...] [COMPILE_DEFINITIONS <def>...]
#                 [COMPILE_OPTIONS <option>...] [ISAS <isa>...] [SUB_GROUP_SIZES <w>...] [FAST_MATH])
#
# Compiles every kernel source once per (ISA, sub-group size W) with exactly that ISA's flags and
# links the variants into the static library <target>. Each SGK_KERNEL(name, ...) in the sources
# becomes a `const sgk_kernel name` whose variant table holds one entry per compiled (ISA, W); the
# table is emitted by the scalar W=8 pass, which is always compiled. Link <target> to use them.
#
# INCLUDE_DIRECTORIES, COMPILE_DEFINITIONS and COMPILE_OPTIONS apply to every variant object and
# to nothing else; an instruction-set option among them (-mavx512f, -march=native) cannot leak
# into another ISA's variant: each variant's ISA flags come last and turn off what it lacks.
# ISAS restricts the backends (names of include/sgk/isa_list.h; those the target processor or the
# build does not have are left out, scalar is always compiled); SUB_GROUP_SIZES (or its older name
# WIDTHS) the widths, among 8, 16 and 32. FAST_MATH compiles the variants with SGK_FAST_MATH: the
# math builtins use SLEEF's 3.5-ulp functions where it has them (sgk/isa/math.inc says which).
# A bad value (an unknown ISA or width, an unknown keyword, no sources) is a configure error.
#
# The ISAs are those of include/sgk/isa_list.h; each backend's flags and code checks are in
# src/<isa>/isa.cmake (installed as isa/<isa>.cmake beside this file).
include_guard(GLOBAL)

if(EXISTS "${CMAKE_CURRENT_LIST_DIR}/../src/scalar/isa.cmake") # the source tree
  set_property(GLOBAL PROPERTY SGK__ISA_LIST_FILE "${CMAKE_CURRENT_LIST_DIR}/../include/sgk/isa_list.h")
  set_property(GLOBAL PROPERTY SGK__ISA_CMAKE "${CMAKE_CURRENT_LIST_DIR}/../src/@ISA@/isa.cmake")
else() # installed: sgkConfig.cmake sets SGK__ISA_LIST_FILE
  set_property(GLOBAL PROPERTY SGK__ISA_LIST_FILE "${SGK__ISA_LIST_FILE}")
  set_property(GLOBAL PROPERTY SGK__ISA_CMAKE "${CMAKE_CURRENT_LIST_DIR}/isa/@ISA@.cmake")
endif()

# Sets, in the calling scope, SGK_ALL_ISAS (every ISA of the list, in order), SGK_ISA_<isa>_ENUM
# (its enum name) and what src/<isa>/isa.cmake says of it. Each function below calls it, so that
# they work from any directory of the project that includes sgk.
macro(sgk_load_isas)
  get_property(_sgk_list_file GLOBAL PROPERTY SGK__ISA_LIST_FILE)
  get_property(_sgk_isa_cmake GLOBAL PROPERTY SGK__ISA_CMAKE)
  file(READ "${_sgk_list_file}" _sgk_isa_text)
  string(REGEX MATCHALL "X\\([A-Z0-9]+, [a-z0-9]+, [0-9]+, " _sgk_isa_entries "${_sgk_isa_text}")
  set(SGK_ALL_ISAS)
  foreach(_sgk_entry IN LISTS _sgk_isa_entries)
    string(REGEX MATCH "X\\(([A-Z0-9]+), ([a-z0-9]+), " _ "${_sgk_entry}")
    list(APPEND SGK_ALL_ISAS ${CMAKE_MATCH_2})
    set(SGK_ISA_${CMAKE_MATCH_2}_ENUM ${CMAKE_MATCH_1})
    string(REPLACE "@ISA@" "${CMAKE_MATCH_2}" _sgk_isa_file "${_sgk_isa_cmake}")
    include("${_sgk_isa_file}")
  endforeach()
  if(NOT SGK_ALL_ISAS)
    message(FATAL_ERROR "sgk: no ISA list in ${_sgk_list_file}")
  endif()
endmacro()
sgk_load_isas()

# sgk_enabled_isas(<out-var>): the backends a build compiles: those whose processors match the
# target and whose SGK_ENABLE_<ISA> option (default ON) allows; scalar always.
function(sgk_enabled_isas out)
  sgk_load_isas()
  set(isas)
  foreach(isa IN LISTS SGK_ALL_ISAS)
    string(TOUPPER ${isa} ISA)
    if(isa STREQUAL "scalar" OR (CMAKE_SYSTEM_PROCESSOR MATCHES "${SGK_ISA_${isa}_PROCESSORS}"
                                 AND (NOT DEFINED SGK_ENABLE_${ISA} OR SGK_ENABLE_${ISA})))
      list(APPEND isas ${isa})
    endif()
  endforeach()
  set(${out} ${isas} PARENT_SCOPE)
endfunction()

# The instruction-set flags a project sets for all its sources (CMAKE_C_FLAGS, the build type's
# flags, the directory's compile options) would leak into every variant: -march=native on an
# AVX-512 machine puts AVX-512 into the avx2 and scalar objects, which then die with SIGILL on an
# AVX2-only CPU. Each variant therefore ends its flags with its ISA's -march and a -mno-<feature>
# for every x86 feature the project enables that the ISA does not have (the last flag wins).
function(sgk__variant_flags isa out) # [ARGN: the caller's COMPILE_OPTIONS]
  sgk_load_isas()
  string(TOUPPER "${CMAKE_BUILD_TYPE}" config)
  get_directory_property(dir_options COMPILE_OPTIONS)
  separate_arguments(project_flags UNIX_COMMAND "${CMAKE_C_FLAGS} ${CMAKE_C_FLAGS_${config}}")
  set(flags ${SGK_ISA_${isa}_FLAGS})
  foreach(flag IN LISTS project_flags dir_options ARGN)
    # A feature the ISA's flags turn on (SGK_ISA_<isa>_IMPLIES) is kept: -mno-avx2 would also
    # turn off AVX-512, which builds on it.
    string(REGEX REPLACE "^-m([^=]*).*$" "\\1" feature "${flag}")
    if(flag MATCHES "^-m(sse|ssse|avx|fma|bmi|f16c|popcnt|lzcnt|amx|vaes|vpclmulqdq|gfni|movbe|adx|sha|aes|pclmul|xop|tbm|evex512)"
       AND NOT flag IN_LIST flags
       AND NOT (DEFINED SGK_ISA_${isa}_IMPLIES AND feature MATCHES "^(${SGK_ISA_${isa}_IMPLIES})$"))
      string(REGEX REPLACE "^-m" "-mno-" negated "${flag}")
      string(REGEX REPLACE "=.*$" "" negated "${negated}")
      list(APPEND flags ${negated})
    endif()
  endforeach()
  list(REMOVE_DUPLICATES flags)
  set(${out} ${flags} PARENT_SCOPE)
endfunction()

function(sgk_add_kernels target)
  cmake_parse_arguments(ARG "FAST_MATH" ""
    "SOURCES;ISAS;WIDTHS;SUB_GROUP_SIZES;INCLUDE_DIRECTORIES;COMPILE_DEFINITIONS;COMPILE_OPTIONS"
    ${ARGN})
  set(usage "sgk_add_kernels(<target> SOURCES <file>... [INCLUDE_DIRECTORIES <dir>...] "
            "[COMPILE_DEFINITIONS <def>...] [COMPILE_OPTIONS <option>...] [ISAS <isa>...] "
            "[SUB_GROUP_SIZES 8|16|32...] [FAST_MATH])")
  list(JOIN usage "" usage)
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "sgk_add_kernels(${target}): unknown argument(s) "
                        "'${ARG_UNPARSED_ARGUMENTS}'; usage: ${usage}")
  endif()
  if(ARG_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR "sgk_add_kernels(${target}): ${ARG_KEYWORDS_MISSING_VALUES} given "
                        "without values; usage: ${usage}")
  endif()
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "sgk_add_kernels(${target}): no SOURCES; usage: ${usage}")
  endif()
  if(TARGET ${target})
    message(FATAL_ERROR "sgk_add_kernels(${target}): a target of that name exists already")
  endif()
  sgk_load_isas()
  sgk_enabled_isas(isas)
  if(ARG_ISAS) # the requested ISAs this build has, and always scalar (it emits the table)
    foreach(isa IN LISTS ARG_ISAS)
      if(NOT isa IN_LIST SGK_ALL_ISAS)
        list(JOIN SGK_ALL_ISAS ", " known)
        message(FATAL_ERROR "sgk_add_kernels(${target}): unknown ISA '${isa}' (sgk knows ${known})")
      endif()
    endforeach()
    set(requested ${ARG_ISAS})
    list(PREPEND requested scalar)
    list(REMOVE_DUPLICATES requested)
    set(enabled ${isas})
    set(isas)
    foreach(isa IN LISTS requested)
      if(isa IN_LIST enabled)
        list(APPEND isas ${isa})
      endif()
    endforeach()
  endif()
  set(widths 8 16 32)
  if(ARG_SUB_GROUP_SIZES AND ARG_WIDTHS)
    message(FATAL_ERROR "sgk_add_kernels(${target}): give SUB_GROUP_SIZES or WIDTHS, not both")
  endif()
  if(ARG_WIDTHS)
    set(ARG_SUB_GROUP_SIZES ${ARG_WIDTHS})
  endif()
  if(ARG_SUB_GROUP_SIZES)
    foreach(w IN LISTS ARG_SUB_GROUP_SIZES)
      if(NOT w MATCHES "^(8|16|32)$")
        message(FATAL_ERROR "sgk_add_kernels(${target}): sub-group size '${w}': use 8, 16 or 32")
      endif()
    endforeach()
    set(widths ${ARG_SUB_GROUP_SIZES})
  endif()

  # Every slot of the variant table gets SGK_TABLE_<ISA>_W<w> = 1 (compiled) or 0.
  set(table_defs)
  foreach(isa IN LISTS SGK_ALL_ISAS)
    foreach(w 8 16 32)
      if(isa IN_LIST isas AND w IN_LIST widths)
        list(APPEND table_defs SGK_TABLE_${SGK_ISA_${isa}_ENUM}_W${w}=1)
      else()
        list(APPEND table_defs SGK_TABLE_${SGK_ISA_${isa}_ENUM}_W${w}=0)
      endif()
    endforeach()
  endforeach()

  set(objects)
  foreach(isa IN LISTS isas)
    set(ISA ${SGK_ISA_${isa}_ENUM})
    sgk__variant_flags(${isa} isa_flags ${ARG_COMPILE_OPTIONS})
    foreach(w 8 16 32)
      set(emit_table OFF)
      if(isa STREQUAL "scalar" AND w EQUAL 8)
        set(emit_table ON)
      elseif(NOT w IN_LIST widths)
        continue()
      endif()
      set(obj ${target}__${isa}_w${w})
      add_library(${obj} OBJECT ${ARG_SOURCES})
      target_link_libraries(${obj} PRIVATE sgk::sgk)
      target_include_directories(${obj} PRIVATE ${ARG_INCLUDE_DIRECTORIES})
      target_compile_definitions(${obj} PRIVATE ${ARG_COMPILE_DEFINITIONS})
      target_compile_definitions(${obj} PRIVATE
        SGK_VARIANT_ISA_${ISA}=1 SGK_VARIANT_ISA=SGK_ISA_${ISA}
        SGK_W=${w} SGK_VARIANT_SUFFIX=__${isa}_w${w})
      if(ARG_FAST_MATH) # the 3.5-ulp SLEEF functions where SLEEF has them (sgk/isa/math.inc)
        target_compile_definitions(${obj} PRIVATE SGK_FAST_MATH=1)
      endif()
      if(emit_table)
        target_compile_definitions(${obj} PRIVATE SGK_EMIT_KERNEL_TABLES=1 ${table_defs})
      endif()
      # -Wno-psabi: GCC notes that passing 64-byte-aligned vectors by value changed ABI in GCC
      # 4.6; every op is inlined, so no such call crosses an ABI boundary.
      target_compile_options(${obj} PRIVATE $<$<C_COMPILER_ID:GNU>:-Wno-psabi>)
      if(DEFINED SGK_WARNINGS)
        target_compile_options(${obj} PRIVATE ${SGK_WARNINGS})
      endif()
      # Loops start on a 64-byte boundary: a short hot loop then sits in one 64-byte fetch
      # window wherever the linker places the function. With the compiler's default (GCC: to 16
      # bytes where that skips few enough bytes) conv_global's five-instruction inner loop
      # straddled two windows or not from one build to the next (avx512 W 16 0.79x after an
      # unrelated change, 1.35x back with this; AMD Zen 4, README "Code placement"). Before the
      # caller's options: a -falign-loops=N wins.
      target_compile_options(${obj} PRIVATE
        $<$<C_COMPILER_ID:GNU,Clang,AppleClang,IntelLLVM>:-falign-loops=64>)
      # A float multiply and add stay two roundings at every ISA: GCC in its GNU C modes (a
      # project's default, not sgk's -std=c11) fuses sgk_add_f32(sgk_mul_f32(a, b), c) into an
      # FMA where the variant has one (AVX2, AVX-512, NEON) and not in the scalar variant, so one
      # kernel gave results 1 ulp apart by ISA. sgk_fma_f32 fuses where a kernel asks; a
      # -ffp-contract=fast of the caller's comes after this and wins.
      target_compile_options(${obj} PRIVATE
        $<$<C_COMPILER_ID:GNU,Clang,AppleClang,IntelLLVM>:-ffp-contract=off>)
      # The variant's ISA and width as properties, so that COMPILE_OPTIONS and
      # COMPILE_DEFINITIONS may name one variant: $<$<STREQUAL:$<TARGET_PROPERTY:SGK_ISA>,scalar>:-O1>.
      set_target_properties(${obj} PROPERTIES SGK_ISA ${isa} SGK_W ${w})
      target_compile_options(${obj} PRIVATE ${ARG_COMPILE_OPTIONS})
      target_compile_options(${obj} PRIVATE ${isa_flags}) # last: the ISA's flags win
      list(APPEND objects $<TARGET_OBJECTS:${obj}>)
    endforeach()
  endforeach()
  add_library(${target} STATIC ${objects})
  target_link_libraries(${target} PUBLIC sgk::sgk)
  # The variant objects, for tools that inspect the generated code (scripts/check-vector-code.sh).
  set_property(TARGET ${target} PROPERTY SGK_VARIANT_OBJECTS "${objects}")
endfunction()

# sgk_codegen_rules(<out-var>): the per-variant rules of scripts/check-vector-code.sh, as
# arguments "<isa>_w<w>:<register regex a kernel function must use>:<forbidden first opcode
# bytes>" (either part may be empty) for every enabled ISA and width.
function(sgk_codegen_rules out)
  sgk_load_isas()
  sgk_enabled_isas(isas)
  set(rules)
  foreach(isa IN LISTS isas)
    foreach(w 8 16 32)
      list(APPEND rules "${isa}_w${w}:${SGK_ISA_${isa}_USES_W${w}}:${SGK_ISA_${isa}_FORBIDS}")
    endforeach()
  endforeach()
  set(${out} ${rules} PARENT_SCOPE)
endfunction()
