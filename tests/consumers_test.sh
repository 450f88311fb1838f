#!/usr/bin/env bash
# sgk as someone else's dependency: installs the library alone (static, then shared), checks what
# it exports, and builds and runs the consumer of tests/consumer four ways — find_package against
# the installed tree, add_subdirectory, FetchContent from this checkout, a Makefile using
# pkg-config and sgk-config, and the README's recipe in a plain shell — plus the embedding
# example of examples/backend against the installed tree; and checks that sgk_add_kernels()
# refuses bad values at configure time.
# Usage: consumers_test.sh SOURCE_DIR WORK_DIR C_COMPILER
set -euo pipefail
src=$1 work=$2 cc=$3
jobs=$(nproc)
rm -rf "$work" && mkdir -p "$work"
passed=0
pass() { echo "PASS: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; exit 1; }
configure() { cmake "$@" -DCMAKE_C_COMPILER="$cc" >"$work/log" 2>&1 || { cat "$work/log"; return 1; }; }
build() { cmake --build "$1" -j"$jobs" >"$work/log" 2>&1 || { cat "$work/log"; return 1; }; }

# 1. The library alone, static and shared: configure, build and install, timed.
for kind in static shared; do
  shared=$([ $kind = shared ] && echo ON || echo OFF)
  t0=$(date +%s%N)
  configure -S "$src" -B "$work/lib-$kind" -DSGK_BUILD_TESTS=OFF -DSGK_BUILD_BENCHMARKS=OFF \
    -DSGK_BUILD_TOOLS=OFF -DSGK_BUILD_EXAMPLES=OFF -DBUILD_SHARED_LIBS=$shared
  build "$work/lib-$kind"
  cmake --install "$work/lib-$kind" --prefix "$work/prefix-$kind" >/dev/null
  t1=$(date +%s%N)
  pass "library only ($kind): configured, built and installed in $(( (t1 - t0) / 1000000 )) ms"
done

# 2. What the library exports: only sgk_* symbols; the shared one carries its SONAME.
so=$(ls "$work"/prefix-shared/lib*/libsgk.so.*.*.* | head -1)
exported=$(nm -D --defined-only "$so" | awk '{print $3}' | sort)
bad=$(echo "$exported" | grep -v '^sgk_' || true)
[ -z "$bad" ] || fail "libsgk.so exports symbols outside sgk_*: $bad"
internal=$(echo "$exported" | grep '^sgk__' || true)
[ -z "$internal" ] || fail "libsgk.so exports internal symbols: $internal"
nexp=$(echo "$exported" | wc -l)
# ... and exactly the functions sgk/sgk.h declares SGK_API: none missing, none extra
declared=$(grep -o '^SGK_API[^(]*(' "$src/include/sgk/sgk.h" | sed -E 's/.*[ *]([a-z_0-9]+)\($/\1/' | sort)
[ "$declared" = "$exported" ] ||
  fail "libsgk.so's exports differ from sgk.h's SGK_API functions: $(diff <(echo "$declared") <(echo "$exported") | grep '^[<>]' | tr '\n' ' ')"
soname=$(readelf -d "$so" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
[ -n "$soname" ] || fail "libsgk.so has no SONAME"
a=$(ls "$work"/prefix-static/lib*/libsgk.a)
bad=$(nm --defined-only -g "$a" 2>/dev/null | awk 'NF == 3 {print $3}' | grep -v '^sgk_' || true)
[ -z "$bad" ] || fail "libsgk.a defines global symbols outside sgk_*: $bad"
pass "exports: $nexp symbols, sgk.h's SGK_API functions and none else; SONAME $soname; libsgk.a clean"

# 3. The consumer, four ways, and the backend example.
consume() { # name, then the configure arguments
  local name=$1; shift
  configure -S "$src/tests/consumer" -B "$work/$name" "$@"
  build "$work/$name"
  "$work/$name/consumer" | tee "$work/$name.out"
  grep -q "all correct" "$work/$name.out" || fail "$name"
  pass "consumer: $name"
}
consume find-static -DSGK_CONSUME=find -DCMAKE_PREFIX_PATH="$work/prefix-static"
consume find-shared -DSGK_CONSUME=find -DCMAKE_PREFIX_PATH="$work/prefix-shared"
# ldd's output is read whole before it is searched: grep -q on a pipe under pipefail exits at the
# first match, and ld.so, still writing, dies of SIGPIPE and fails the pipeline (seen in CI).
libs=$(ldd "$work/find-shared/consumer")
grep -q "$work/prefix-shared" <<<"$libs" ||
  { echo "$libs"; fail "the shared consumer does not load the installed libsgk.so"; }
consume subdir -DSGK_CONSUME=subdir -DSGK_SOURCE_DIR="$src"
consume fetch -DSGK_CONSUME=fetch -DSGK_SOURCE_DIR="$src"
mkdir -p "$work/make"
PKG_CONFIG_PATH="$work/prefix-static/lib/pkgconfig:$work/prefix-static/lib64/pkgconfig" \
  make -s -C "$src/tests/consumer" CC="$cc" OUT="$work/make" >"$work/log" 2>&1 ||
  { cat "$work/log"; fail "pkg-config consumer build"; }
"$work/make/consumer" | tee "$work/make.out"
grep -q "all correct" "$work/make.out" || fail "pkg-config consumer"
pass "consumer: Makefile with pkg-config and sgk-config ($(ls "$work"/make/affine.*.o | wc -l) kernel objects)"
# The README's recipe typed in a shell (no make): each variant's flags from $(sgk-config ...),
# which must hold nothing a shell would have to unquote.
(
  export PKG_CONFIG_PATH="$work/prefix-static/lib/pkgconfig:$work/prefix-static/lib64/pkgconfig"
  cfg=$(pkg-config --variable=sgk_config sgk)
  mkdir -p "$work/sh" && cd "$work/sh"
  inc="-I$src/tests/consumer/include -DCONSUMER_SCALE=3"
  listed=""
  for isa in $("$cfg" --isas); do
    [ "$isa" = scalar ] && continue
    # shellcheck disable=SC2046,SC2086 # the flags are meant to split into words
    "$cc" -O2 $(pkg-config --cflags sgk) $inc $("$cfg" --variant "$isa" 16) \
      -c "$src/tests/consumer/affine.c" -o "affine.${isa}_w16.o"
    listed="$listed $isa:16"
  done
  # shellcheck disable=SC2046,SC2086
  "$cc" -O2 $(pkg-config --cflags sgk) $inc $("$cfg" --table $listed) \
    -c "$src/tests/consumer/affine.c" -o affine.table.o
  # shellcheck disable=SC2046,SC2086
  "$cc" -O2 $(pkg-config --cflags sgk) -DCONSUMER_SCALE=3 '-DCONSUMER_HOW="shell"' \
    "-DEXPECT_VARIANTS=\"scalar:8$listed\"" -c "$src/tests/consumer/main.c" -o main.o
  # shellcheck disable=SC2046
  "$cc" -o consumer main.o affine.*.o $(pkg-config --libs sgk)
) >"$work/log" 2>&1 || { cat "$work/log"; fail "the README's shell recipe (sgk-config in a shell)"; }
"$work/sh/consumer" | tee "$work/sh.out"
grep -q "all correct" "$work/sh.out" || fail "shell-recipe consumer"
pass "consumer: the README's shell recipe, variant flags from \$(sgk-config ...)"
configure -S "$src/examples/backend" -B "$work/backend" -DCMAKE_PREFIX_PATH="$work/prefix-static"
build "$work/backend"
"$work/backend/backend" 100003 64 | tee "$work/backend.out"
grep -q "all correct" "$work/backend.out" || fail "backend example"
pass "examples/backend against the installed sgk"

# 4. Bad values for sgk_add_kernels() and sgk-config: refused, with the reason.
refused() { # what, expected message, then the command
  local what=$1 msg=$2; shift 2
  if "$@" >"$work/log" 2>&1; then fail "$what was accepted"; fi
  grep -q "$msg" "$work/log" || { cat "$work/log"; fail "$what: no '$msg'"; }
}
for bad in "isa:unknown ISA 'avx1024'" "width:sub-group size '12'" "keyword:unknown argument" \
           "sources:no SOURCES"; do
  refused "sgk_add_kernels ${bad%%:*}" "${bad#*:}" cmake -S "$src/tests/consumer" \
    -B "$work/bad-${bad%%:*}" -DCONSUMER_BAD="${bad%%:*}" -DCMAKE_PREFIX_PATH="$work/prefix-static"
done
config="$work/prefix-static/bin/sgk-config"
refused "sgk-config --variant avx2 12" "use 8, 16 or 32" "$config" --variant avx2 12
refused "sgk-config --variant sve 8" "not built into this sgk" "$config" --variant sve 8
refused "sgk-config --table avx512" "name variants ISA:W" "$config" --table avx512
refused "sgk-config --variant scalar 8" "the table pass's own variant" "$config" --variant scalar 8
mkdir -p "$work/cxx-only"
printf 'cmake_minimum_required(VERSION 3.25)\nproject(cxx_only CXX)\nfind_package(sgk 0.6 REQUIRED)\n' \
  >"$work/cxx-only/CMakeLists.txt"
refused "find_package(sgk) without C" "needs the C language enabled" cmake -S "$work/cxx-only" \
  -B "$work/cxx-only/build" -DCMAKE_PREFIX_PATH="$work/prefix-static"
pass "bad values refused: 4 sgk_add_kernels, 4 sgk-config, find_package without C"
echo "consumers: $passed passed, 0 failed"
