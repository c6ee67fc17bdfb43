#!/bin/bash
# The timing gate tells a regression from noise: two runs of the same build pass, a planted 10%
# slowdown (TN_BENCH_PLANT=10 makes every call of ours take 10% longer) fails, and a baseline
# from another machine is refused (exit 2). usage: gate_compare.sh TN_BENCH
set -u
bench=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
args=(--dir "$work" --op dot,add,exp --max-n 4096 --quick -q)
failures=0

"$bench" baseline save "${args[@]}" > "$work/save.txt" || { echo "FAIL: baseline save"; cat "$work/save.txt"; exit 1; }

"$bench" compare "${args[@]}" > "$work/same.txt"
rc=$?
echo "== same build: exit $rc (expected 0)"; tail -1 "$work/same.txt"
grep -v ' ok$' "$work/same.txt" | grep '%' | head -20
[ $rc -eq 0 ] || { failures=$((failures + 1)); cat "$work/same.txt"; }

TN_BENCH_PLANT=10 "$bench" compare "${args[@]}" > "$work/planted.txt"
rc=$?
echo "== planted 10% slowdown: exit $rc (expected 1)"; tail -1 "$work/planted.txt"
grep 'dot/' "$work/planted.txt" | head -4
[ $rc -eq 1 ] || { failures=$((failures + 1)); cat "$work/planted.txt"; }

# A baseline from another machine: never compared.
baseline=$(ls "$work"/*.json)
sed 's/"fingerprint": "[^"]*"/"fingerprint": "other-machine-00000000"/' "$baseline" > "$work/other.json"
"$bench" compare --baseline "$work/other.json" --op dot --max-n 1000 --quick -q > "$work/other.txt"
rc=$?
echo "== baseline from another machine: exit $rc (expected 2)"; head -1 "$work/other.txt"
[ $rc -eq 2 ] || failures=$((failures + 1))
exit $((failures > 0))
