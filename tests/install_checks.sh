#!/bin/bash
# An installed trueno works for its users: `cmake --install` into a temporary prefix, then a
# consumer program built through the CMake package and through pkg-config, shared and static,
# runs; the installed tngen generates from the installed descriptions exactly what is committed
# in generated/, and the installed tnptx analyses a PTX file.
# usage: install_checks.sh BUILD_DIR SOURCE_DIR CC LIBDIR [CMAKE] (LIBDIR: CMAKE_INSTALL_LIBDIR)
set -u
build=$1 src=$2 cc=$3 libdir=$4 cmake=${5:-cmake}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
run() { # run NAME COMMAND...: the command must succeed; its output is shown on failure
  local name=$1; shift
  if "$@" > "$work/$name.log" 2>&1; then echo "ok: $name"; else fail "$name"; cat "$work/$name.log"; fi
}

run install "$cmake" --install "$build" --prefix "$prefix"
for f in include/trueno.h include/trueno_profiler.h include/trueno_ops.h "$libdir/libtrueno.a" "$libdir/libtrueno.so" \
         "$libdir/pkgconfig/trueno.pc" "$libdir/cmake/trueno/trueno-config.cmake" \
         "$libdir/cmake/trueno/trueno-config-version.cmake" bin/tngen bin/tnptx \
         share/trueno/gen/tngen/main.lua share/trueno/gen/lua/dsl.lua share/trueno/gen/templates/map.c; do
  [ -e "$prefix/$f" ] || fail "not installed: $f"
done
soname=$(readelf -d "$prefix/$libdir/libtrueno.so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
echo "soname: $soname"
[[ $soname =~ ^libtrueno\.so\.[0-9]+(\.[0-9]+)?$ ]] && [ -e "$prefix/$libdir/$soname" ] || fail "soname '$soname'"

# Through the CMake package, shared and static.
run cmake_configure "$cmake" -S "$src/tests/install" -B "$work/consumer" -DCMAKE_C_COMPILER="$cc" \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release
run cmake_build "$cmake" --build "$work/consumer"
run cmake_shared "$work/consumer/consumer_shared"
run cmake_static "$work/consumer/consumer_static"
readelf -d "$work/consumer/consumer_shared" | grep -q "NEEDED.*\[$soname\]" || fail "consumer_shared does not load $soname"
readelf -d "$work/consumer/consumer_static" | grep -q "NEEDED.*libtrueno" && fail "consumer_static loads libtrueno.so"
cat "$work/cmake_shared.log"

# Through pkg-config: shared, and static (the archive named, its private libraries from --static).
export PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig
run pc_shared_build $cc -o "$work/pc_shared" "$src/tests/install/consumer.c" $(pkg-config --cflags --libs trueno) -lm
run pc_shared env LD_LIBRARY_PATH="$prefix/$libdir" "$work/pc_shared"
static_libs=$(pkg-config --static --libs trueno | sed 's/-ltrueno\b/-l:libtrueno.a/')
echo "static: $static_libs"
run pc_static_build $cc -o "$work/pc_static" "$src/tests/install/consumer.c" $(pkg-config --cflags trueno) $static_libs -lm
run pc_static "$work/pc_static"
readelf -d "$work/pc_static" | grep -q "NEEDED.*libtrueno" && fail "pc_static loads libtrueno.so"

# The installed tools: tngen finds its descriptions without --root, and --root still works.
run tngen_help "$prefix/bin/tngen" --help
mkdir "$work/cwd"
(cd "$work/cwd" && "$prefix/bin/tngen" -q --no-ptxas --out "$work/out") > "$work/tngen.log" 2>&1 || {
  fail "installed tngen"; cat "$work/tngen.log"; }
diff -r "$src/generated" "$work/out" > "$work/tngen.diff" && echo "ok: installed tngen writes generated/ as committed" || {
  fail "installed tngen's output differs from generated/"; head -20 "$work/tngen.diff"; }
[ -z "$(ls -A "$work/cwd")" ] || fail "installed tngen with --out wrote into the current folder"
run tngen_root "$prefix/bin/tngen" -q --no-ptxas --root "$prefix/share/trueno" --out "$work/out_root"
diff -rq "$work/out" "$work/out_root" > /dev/null || fail "tngen --root PREFIX/share/trueno differs"
run tnptx "$prefix/bin/tnptx" "$work/out/ptx/add.ptx"
grep -q "add" "$work/tnptx.log" || fail "tnptx printed no kernel of add.ptx"

exit $((failures > 0))
