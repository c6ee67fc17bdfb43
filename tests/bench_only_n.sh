#!/bin/bash
# tn_bench run --only-n N times size N only, on the GPU backends as on the CPU: an op of one dim
# at N even when its spec does not list N (here 1000, which no GPU list holds), and a run that
# would time nothing is an error, not an empty success. The GPU part runs on Vulkan (lavapipe
# here) and is skipped without a Vulkan device. usage: bench_only_n.sh TN_BENCH
set -u
bench=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# check_only_n BACKEND OPS N: every result of the run is an op of OPS at n = N, and each op is there.
check_only_n() {
  local backend=$1 ops=$2 n=$3 json=$work/$1.json
  if ! "$bench" run --backend "$backend" --op "$ops" --only-n "$n" --quick -q --samples 3 --json "$json" \
       > "$work/$backend.txt" 2>&1; then
    if grep -q "no $backend device" "$work/$backend.txt"; then
      echo "skip: $backend: $(head -1 "$work/$backend.txt")"
      return 77
    fi
    fail "$backend --only-n $n: the run failed"; cat "$work/$backend.txt"; return 1
  fi
  local results others
  results=$(grep -c '"op": ' "$json")
  others=$(grep '"op": ' "$json" | grep -vc "\"n\": $n,")
  echo "$backend --only-n $n: $results results, $others of another size"
  [ "$results" -gt 0 ] && [ "$others" -eq 0 ] || { fail "$backend: sizes other than $n, or none"; cat "$work/$backend.txt"; }
  for op in ${ops//,/ }; do
    grep -q "\"op\": \"$op\", \"variant\": \"${backend/cpu/api}\"" "$json" || fail "$backend: no result for $op at $n"
  done
}

check_only_n cpu add,dot 1000
check_only_n vulkan add,dot,exp 1000
gpu=$?

# Nothing to time (a row op has no listed shape of 1000 elements): exit 2 and say so.
"$bench" run --op softmax --only-n 1000 --quick -q > "$work/none.txt" 2>&1
rc=$?
echo "softmax --only-n 1000: exit $rc (expected 2): $(tail -1 "$work/none.txt")"
[ $rc -eq 2 ] && grep -q "nothing to time" "$work/none.txt" || fail "a run with nothing to time"
"$bench" run --only-n 12x -q > "$work/bad.txt" 2>&1
[ $? -eq 2 ] && grep -q "'12x' is not a count" "$work/bad.txt" || fail "--only-n 12x accepted"

[ $failures -gt 0 ] && exit 1
[ $gpu -eq 77 ] && exit 77
exit 0
