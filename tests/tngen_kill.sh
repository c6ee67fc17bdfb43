#!/bin/bash
# tngen killed at random points (SIGKILL) while it rewrites an output folder: after each kill the
# folder holds the old set or the new one, complete, or its list says "writing" and the next run
# repairs it; no temporaries survive the next run, and files tngen did not write are never touched.
# usage: tngen_kill.sh TNGEN SOURCE_ROOT [KILLS]
set -u
tngen=$1
root=$2
kills=${3:-30}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# Two small trees whose outputs differ in many files: B changes a template (every map op's C),
# drops an op (its files go stale) and adds one (new files).
mkdir -p "$work/a" "$work/b"
cp -r "$root/gen" "$work/a/gen"
for f in "$work/a/gen/lua/ops/"*.lua; do # a few ops on a few targets keep each run short
  case $(basename "$f") in abs.lua | add.lua | mul.lua | sub.lua | sum.lua) ;; *) rm "$f" ;; esac
done
rm "$work/a/gen/lua/targets/avx2.lua" "$work/a/gen/lua/targets/avx512.lua"
cp -r "$work/a/gen" "$work/b/gen"
sed -i '/^#include "tn_${t.name}.h"$/a /* the second variant of this file */' "$work/b/gen/templates/map.c"
rm "$work/b/gen/lua/ops/sub.lua"
sed 's/"abs"/"twice"/; s/abs(x)/x + x/' "$work/a/gen/lua/ops/abs.lua" > "$work/b/gen/lua/ops/twice.lua"

run() { "$tngen" --root "$work/$1" --out "$2" -q --no-ptxas; }
ms_since() { echo $((($(date +%s%N) - $1) / 1000000)); }
run a "$work/snap-a" || fail "generation of tree A failed"
start=$(date +%s%N)
run b "$work/snap-b" || fail "generation of tree B failed"
run_ms=$(ms_since $start)
start=$(date +%s%N)
run b "$work/snap-b" || fail "a rerun of tree B failed"
gen_ms=$(ms_since $start) # the same work but writing: kills aim at the writing that follows it
window_ms=$((run_ms - gen_ms > run_ms / 2 ? run_ms - gen_ms : run_ms / 2)) # timings are noisy
[ -n "$(diff -rq "$work/snap-a" "$work/snap-b" | head -1)" ] || fail "trees A and B generate the same files"

# The folder as tngen sees it: everything but the user's files and temporaries.
out="$work/out"
cp -r "$work/snap-a" "$out"
echo "the user's notes" > "$out/notes.txt"
echo "/* the user's own kernel */" > "$out/cpu/mine.c"
same_as() { diff -rq -x notes.txt -x mine.c -x '*.tngen-tmp' "$out" "$work/snap-$1" > /dev/null; }

RANDOM=7 # the same kill points on every run of the test
state=a
old_sets=0 new_sets=0 interrupted=0
for ((i = 1; i <= kills; i++)); do
  next=$([ $state = a ] && echo b || echo a)
  delay_ms=$((gen_ms * 8 / 10 + RANDOM % (window_ms * 3 / 2 + 1)))
  "$tngen" --root "$work/$next" --out "$out" -q --no-ptxas &
  pid=$!
  sleep "$(printf '%d.%03d' $((delay_ms / 1000)) $((delay_ms % 1000)))"
  kill -KILL $pid 2> /dev/null
  wait $pid 2> /dev/null
  if grep -qx 'state: complete' "$out/tngen-files.txt"; then
    if same_as $state; then
      old_sets=$((old_sets + 1))
    elif same_as $next; then
      new_sets=$((new_sets + 1))
    else
      fail "kill $i after ${delay_ms} ms: the list says complete but the folder is neither set:"
      diff -rq -x notes.txt -x mine.c -x '*.tngen-tmp' "$out" "$work/snap-$next" | head -5
    fi
  else
    interrupted=$((interrupted + 1))
  fi
  run $next "$out" || fail "kill $i: the next run failed"
  same_as $next || fail "kill $i: the next run did not repair the folder"
  [ -z "$(find "$out" -name '*.tngen-tmp')" ] || fail "kill $i: temporaries left: $(find "$out" -name '*.tngen-tmp' | head -3)"
  [ "$(cat "$out/notes.txt")" = "the user's notes" ] && [ -f "$out/cpu/mine.c" ] \
    || fail "kill $i: a file tngen did not write was changed or removed"
  state=$next
done
echo "$kills kills (runs of ${run_ms} ms, ${gen_ms} ms before writing): $old_sets left the old set, $new_sets the new one, $interrupted were" \
  "repaired by the next run"
[ $failures -eq 0 ] && echo "tngen kill checks passed" || echo "$failures tngen kill check(s) failed"
exit $((failures > 0))
