#!/bin/bash
# tngen's promises: generated/ is exactly what the specs produce (byte for byte), a rerun
# touches no file, and a malformed spec fails with its file:line while writing nothing.
# usage: tngen_checks.sh TNGEN SOURCE_ROOT
set -u
tngen=$1
root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# 1. generated/ is up to date and generation is deterministic.
"$tngen" --root "$root" --out "$work/fresh" -q || fail "tngen failed on the committed specs"
if ! diff -r "$root/generated" "$work/fresh" > "$work/diff"; then
  fail "generated/ differs from a fresh generation (run the build and commit generated/):"
  head -40 "$work/diff"
fi

# 2. A second run into the same folder changes nothing, not even times.
stamp_before=$(find "$work/fresh" -type f -printf '%p %T@\n' | sort)
sleep 1
"$tngen" --root "$root" --out "$work/fresh" -q || fail "second run failed"
stamp_after=$(find "$work/fresh" -type f -printf '%p %T@\n' | sort)
[ "$stamp_before" = "$stamp_after" ] || fail "a rerun rewrote unchanged files"

# 3. Malformed specs: exit 1, the message names file:line, the output folder is untouched.
#    Each case: file name, expected message fragment, Lua text.
check_malformed() {
  local name=$1 expect=$2 text=$3
  local case_root="$work/case-$name"
  rm -rf "$case_root"
  mkdir -p "$case_root"
  cp -r "$root/gen" "$case_root/gen"
  printf '%s\n' "$text" > "$case_root/gen/lua/ops/$name.lua"
  cp -r "$work/fresh" "$case_root/out"
  local listing_before
  listing_before=$(find "$case_root/out" -type f -printf '%p %s %T@\n' | sort)
  timeout 120 "$tngen" --root "$case_root" --out "$case_root/out" -q 2> "$case_root/stderr"
  local rc=$?
  [ $rc -eq 1 ] || fail "$name: exit status $rc, expected 1"
  grep -qF -- "$expect" "$case_root/stderr" || fail "$name: message lacks '$expect': $(cat "$case_root/stderr")"
  [ "$(find "$case_root/out" -type f -printf '%p %s %T@\n' | sort)" = "$listing_before" ] \
    || fail "$name: the output folder changed although generation failed"
  echo "ok   $name: $(head -1 "$case_root/stderr")"
}

check_malformed missing_doc "gen/lua/ops/missing_doc.lua:1: op 'missing_doc': missing field 'doc'" \
'op "missing_doc" {
  args = { vec "x", out "y" },
  map = function(x) return x end,
  accuracy = { ulp = 0 },
  reference = "x",
}'
check_malformed bad_operand "gen/lua/ops/bad_operand.lua:4:" \
'op "bad_operand" {
  doc = "adds a string",
  args = { vec "x", out "y" },
  map = function(x) return add(x, "one") end,
  accuracy = { ulp = 0 },
  reference = "x",
}'
check_malformed unknown_prim "gen/lua/ops/unknown_prim.lua:4:" \
'op "unknown_prim" {
  doc = "calls a primitive that does not exist",
  args = { vec "x", out "y" },
  map = function(x) return fmaa(x, x, x) end,
  accuracy = { ulp = 0 },
  reference = "x",
}'
check_malformed syntax_error "gen/lua/ops/syntax_error.lua:3:" \
'op "syntax_error" {
  doc = "a missing comma",
  args = { vec "x" out "y" },
}'
check_malformed unknown_field "gen/lua/ops/unknown_field.lua:1: op 'unknown_field': unknown field 'mapp'" \
'op "unknown_field" {
  doc = "a misspelt field",
  args = { vec "x", out "y" },
  mapp = function(x) return x end,
  accuracy = { ulp = 0 },
  reference = "x",
}'
check_malformed wrong_name "gen/lua/ops/wrong_name.lua:1: expected exactly one op named 'wrong_name'" \
'op "other_name" {
  doc = "an op in a file named for another",
  args = { vec "x", out "y" },
  map = function(x) return x end,
  accuracy = { ulp = 0 },
  reference = "x",
}'
check_malformed too_many_results "gen/lua/ops/too_many_results.lua:1: op 'too_many_results': map must return 1 value(s), returned 2" \
'op "too_many_results" {
  doc = "two results for one output",
  args = { vec "x", out "y" },
  map = function(x) return x, x end,
  accuracy = { ulp = 0 },
  reference = "x",
}'
check_malformed bad_bench_size "gen/lua/ops/bad_bench_size.lua:1: op 'bad_bench_size': bench.sizes[2] must be a positive integer, got 0" \
'op "bad_bench_size" {
  doc = "a benchmark size of zero",
  args = { vec "x", out "y" },
  map = function(x) return x end,
  accuracy = { ulp = 0 },
  reference = "x",
  bench = { sizes = { 1000, 0 } },
}'
check_malformed one_sided_combine "gen/lua/ops/one_sided_combine.lua:1: op 'one_sided_combine': reduce.combine takes 2 values, got a function of 1 parameters" \
'op "one_sided_combine" {
  doc = "a combine that drops its second operand",
  args = { vec "x", result "s" },
  reduce = { init = 0, step = function(acc, x) return acc + x end, combine = function(a) return a end },
  accuracy = { exact = true },
  reference = { step = "s += x;" },
}'
check_malformed unknown_domain "gen/lua/ops/unknown_domain.lua:1: op 'unknown_domain': domains.xx names no input of the op" \
'op "unknown_domain" {
  doc = "a domain for an argument the op does not have",
  args = { vec "x", out "y" },
  map = function(x) return x end,
  accuracy = { ulp = 0 },
  reference = "x",
  domains = { xx = { 0, 1 } },
}'
check_malformed rel_without_of "gen/lua/ops/rel_without_of.lua:1: op 'rel_without_of': accuracy: rel needs of" \
'op "rel_without_of" {
  doc = "an error bound relative to nothing",
  args = { vec "x", out "y" },
  map = function(x) return x end,
  accuracy = { rel = 1e-6 },
  reference = "x",
}'
check_malformed rel_of_sum_by_n "gen/lua/ops/rel_of_sum_by_n.lua:1: op 'rel_of_sum_by_n': accuracy.rel as a C expression (over n) bounds the error relative to the result" \
'op "rel_of_sum_by_n" {
  doc = "a bound over n relative to a sum",
  args = { vec "x", result "total" },
  reduce = { init = 0, step = function(acc, x) return acc + x end, combine = add },
  accuracy = { rel = "n * 0x1p-24", of = "fabs(x)" },
  reference = { step = "acc + x" },
}'
check_malformed inout_rows "gen/lua/ops/inout_rows.lua:1: op 'inout_rows': argument 'x': a rows op reads matrices" \
'op "inout_rows" {
  doc = "a rows op with a matrix both read and written",
  dims = { "rows", "cols" },
  args = { inout "x" },
  rows = { map "x" { function(x) return x end } },
  accuracy = { ulp = 0 },
  reference = "x[0] = x[0];",
}'

check_malformed deep_chain "gen/lua/ops/deep_chain.lua:6: fma: the expression is 1001 operations deep (at most 1000)" \
'op "deep_chain" {
  doc = "200 000 dependent operations",
  args = { vec "x", out "y" },
  map = function(x)
    local v = x
    for _ = 1, 200000 do v = fma(v, x, x) end
    return v
  end,
  accuracy = { ulp = 0 },
  reference = "x",
}'
check_malformed wide_graph "gen/lua/ops/wide_graph.lua:6: add: the function builds more than 1000 operations" \
'op "wide_graph" {
  doc = "many shallow operations",
  args = { vec "x", out "y" },
  map = function(x)
    local v = x
    for i = 1, 3000 do v = add(v, fma(x, i, i)) * (i % 7) end
    return v
  end,
  accuracy = { ulp = 0 },
  reference = "x",
}'
check_malformed endless_loop "gen/lua/ops/endless_loop.lua:5: stopped after 5000000 Lua instructions in one function of an op" \
'op "endless_loop" {
  doc = "never returns",
  args = { vec "x", out "y" },
  map = function(x)
    while true do end
    return x
  end,
  accuracy = { ulp = 0 },
  reference = "x",
}'
check_malformed error_table "gen/lua/ops/error_table.lua:5: an error was raised with a table (with no __tostring or message field)" \
'op "error_table" {
  doc = "raises a table",
  args = { vec "x", out "y" },
  map = function(x)
    error({})
  end,
  accuracy = { ulp = 0 },
  reference = "x",
}'
check_malformed error_tostring "gen/lua/ops/error_tostring.lua:1: an error was raised with a table whose __tostring gives: no luck" \
'error(setmetatable({}, { __tostring = function() return "no luck" end }))'
check_malformed error_message "gen/lua/ops/error_message.lua:1: an error was raised with a table whose message field is: no luck" \
'error({ message = "no luck" })'
for bad in '-1' '"two"' '0/0' '"cols + 1"'; do
  check_malformed bad_ulp "gen/lua/ops/bad_ulp.lua:1: op 'bad_ulp': accuracy: field 'ulp'" \
"op \"bad_ulp\" {
  doc = \"an ulp bound that is no bound\",
  args = { vec \"x\", result \"s\" },
  reduce = { init = 0, step = function(acc, x) return acc + x end, combine = add },
  accuracy = { ulp = $bad },
  reference = { step = \"s += x;\" },
}"
done
for name in int sample input uvec2 p_add v_load gl_index add; do
  check_malformed arg_name "gen/lua/ops/arg_name.lua:3: vec \"$name\": the name is reserved" \
"op \"arg_name\" {
  doc = \"an argument named like a keyword or a generated name\",
  args = { vec \"$name\", out \"y\" },
  map = function($name) return $name end,
  accuracy = { ulp = 0 },
  reference = \"x\",
}"
done
check_malformed all_ops "gen/lua/ops/all_ops.lua:1: op name 'all_ops' is reserved: tngen writes a file of that name" \
'op "all_ops" {
  doc = "an op named like a generated file",
  args = { vec "x", out "y" },
  map = function(x) return x end,
  accuracy = { ulp = 0 },
  reference = "x",
}'

# 4. A target without a primitive an op needs: the error names target, primitive and op.
case_root="$work/case-missing-spelling"
mkdir -p "$case_root"
cp -r "$root/gen" "$case_root/gen"
sed -i '/^    fma = /d' "$case_root/gen/lua/targets/sse2.lua"
"$tngen" --root "$case_root" --out "$case_root/out" -q 2> "$case_root/stderr"
grep -qF "target 'sse2' has no spelling for primitive 'fma', needed by op" "$case_root/stderr" \
  || fail "missing spelling: $(cat "$case_root/stderr")"
[ ! -e "$case_root/out" ] || fail "missing spelling: output was written"
echo "ok   missing spelling: $(head -1 "$case_root/stderr")"

# 5. A target's relaxed table names primitives under ulp; anything else is refused with file:line.
case_root="$work/case-bad-relaxed"
mkdir -p "$case_root"
cp -r "$root/gen" "$case_root/gen"
sed -i 's/relaxed = { ulp = {/relaxed = { exp = 2, ulp = {/' "$case_root/gen/lua/targets/glsl.lua"
"$tngen" --root "$case_root" --out "$case_root/out" -q 2> "$case_root/stderr"
line=$(grep -n '^target "glsl"' "$case_root/gen/lua/targets/glsl.lua" | cut -d: -f1)
grep -qF "gen/lua/targets/glsl.lua:$line: target 'glsl': relaxed.exp: unknown field (expected ulp, subnormals)" \
  "$case_root/stderr" || fail "bad relaxed: $(cat "$case_root/stderr")"
[ ! -e "$case_root/out" ] || fail "bad relaxed: output was written"
echo "ok   bad relaxed: $(head -1 "$case_root/stderr")"

# 5b. Targets: an unknown primitive and fields of the wrong type or range, refused with file:line.
check_target() {
  local name=$1 file=$2 edit=$3 expect=$4
  local case_root="$work/case-target-$name"
  mkdir -p "$case_root"
  cp -r "$root/gen" "$case_root/gen"
  sed -i "$edit" "$case_root/gen/lua/targets/$file.lua"
  "$tngen" --root "$case_root" --out "$case_root/out" -q 2> "$case_root/stderr"
  local rc=$?
  local line
  line=$(grep -n "^target \"$file\"" "$case_root/gen/lua/targets/$file.lua" | cut -d: -f1)
  [ $rc -eq 1 ] || fail "target $name: exit status $rc, expected 1"
  grep -qF "gen/lua/targets/$file.lua:$line: target '$file': $expect" "$case_root/stderr" \
    || fail "target $name: $(cat "$case_root/stderr")"
  [ ! -e "$case_root/out" ] || fail "target $name: output was written"
  echo "ok   target $name: $(head -1 "$case_root/stderr")"
}
check_target unknown_prim sse2 's/^    fma = /    fmaa = "x", fma = /' "prims.fmaa: 'fmaa' is not a primitive"
check_target cflags avx2 's/cflags = { "-mavx2", "-mfma" }/cflags = { "-mavx2", 3 }/' "cflags must be a list of non-empty strings"
check_target arch ptx 's/"sm_80"/"sm80"/' "check_archs: 'sm80' is not an arch"
check_target block ptx 's/block = 256/block = 0/' "block must be a positive integer, got 0"
check_target types glsl 's/mask = "bool"/mask = "bool", f64 = "double"/' "types.f64: 'f64' is not a type"

# 5c. Two ops that would write the same file: the second is refused at its file and line (the
#     reserved names stop the known cases first; here the reservation is lifted to reach it).
case_root="$work/case-same-file"
mkdir -p "$case_root"
cp -r "$root/gen" "$case_root/gen"
sed -i 's/{ all_ops = true, /{ /' "$case_root/gen/lua/dsl.lua"
sed 's/"abs"/"all_ops"/' "$root/gen/lua/ops/abs.lua" > "$case_root/gen/lua/ops/all_ops.lua"
"$tngen" --root "$case_root" --out "$case_root/out" -q 2> "$case_root/stderr"
grep -qF "gen/lua/ops/all_ops.lua:1: op 'all_ops' would write cpu/scalar/all_ops.c, which tngen writes for its own tables" \
  "$case_root/stderr" || fail "same file: $(cat "$case_root/stderr")"
[ ! -e "$case_root/out" ] || fail "same file: output was written"
echo "ok   same file: $(head -1 "$case_root/stderr")"

# 6. --out into a folder that holds other files: tngen replaces and removes only the files its
#    list (tngen-files.txt) says it wrote; temporaries and a "writing" state left by a killed run
#    are repaired.
case_root="$work/case-out-folder"
mkdir -p "$case_root"
cp -r "$root/gen" "$case_root/gen"
cp -r "$work/fresh" "$case_root/out"
echo "the user's notes" > "$case_root/out/notes.txt"
echo "/* the user's own kernel */" > "$case_root/out/cpu/mine.c"
rm "$case_root/gen/lua/ops/sub.lua"
: > "$case_root/out/cpu/scalar/add.c.tngen-tmp"
sed -i 's/^state: complete$/state: writing/' "$case_root/out/tngen-files.txt"
"$tngen" --root "$case_root" --out "$case_root/out" > "$case_root/stdout" 2>&1 || fail "out folder: tngen failed"
[ -f "$case_root/out/notes.txt" ] && [ -f "$case_root/out/cpu/mine.c" ] \
  || fail "out folder: files tngen did not write were removed"
[ ! -e "$case_root/out/cpu/scalar/sub.c" ] && [ ! -e "$case_root/out/ptx/sub.ptx" ] \
  || fail "out folder: the files of a deleted op were kept"
[ -z "$(find "$case_root/out" -name '*.tngen-tmp')" ] || fail "out folder: a temporary was left"
grep -q "interrupted; repairing" "$case_root/stdout" || fail "out folder: an interrupted run was not reported"
grep -qx 'state: complete' "$case_root/out/tngen-files.txt" || fail "out folder: the list is not complete"
echo "ok   out folder: $(grep -c removed "$case_root/stdout") stale files removed, other files kept"

[ $failures -eq 0 ] && echo "tngen checks passed" || echo "$failures tngen check(s) failed"
exit $((failures > 0))
