#!/bin/bash
# CUDA reductions on a GPU machine: values, errors, the runtime's queued reductions, and the
# device-result timings against a same-run device copy.
#
# usage: gpu_check.sh [DIR]
#   DIR (default: this script's folder) holds the build's binaries side by side:
#   test_ops, test_errors, test_gpu_runtime, tn_bench and libtrueno.so (from build/tests,
#   build/bench and build/runtime; tn_bench loads the library from DIR), and
#   optionally mutant/test_gpu_runtime, built with the counter reset removed from the reduce
#   template, which must FAIL the queued-reductions check (proof that the check can fail).
# GPU_CHECK_SANITIZE=1 adds compute-sanitizer racecheck and synccheck runs of test_gpu_runtime.
# Exit 0 when every step passed; each step's output goes to stdout, a summary at the end.
set -u
dir=${1:-$(cd "$(dirname "$0")" && pwd)}
cd "$dir" || exit 2
export LD_LIBRARY_PATH="$PWD${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
failed=()
step() {
  echo "=== $*"
  "$@"
  local rc=$?
  echo "=== rc $rc: $*"
  [ "$rc" -eq 0 ] || failed+=("$* (rc $rc)")
}

nvidia-smi -L || true
for op in sum sum_exp dot max min norm_l2 argmax; do
  step ./test_ops --backend cuda --op "$op"
done
step ./test_errors
step ./test_gpu_runtime cuda
if [ -x mutant/test_gpu_runtime ]; then
  echo "=== mutant (no counter reset): must fail the queued-reductions check"
  out=$(mutant/test_gpu_runtime cuda 2>&1)
  echo "$out" | grep -E "reductions queued|FAIL" | head -5
  if echo "$out" | grep -q "^FAIL reductions queued back to back"; then
    echo "=== mutant caught"
  else
    failed+=("mutant not caught by test_gpu_runtime")
  fi
fi
# Opt-in (slow): shared-memory hazards and barrier errors of the one-kernel reductions.
if [ "${GPU_CHECK_SANITIZE:-0}" = 1 ] && command -v compute-sanitizer > /dev/null; then
  for tool in racecheck synccheck; do
    step timeout 300 compute-sanitizer --tool "$tool" --error-exitcode 1 ./test_gpu_runtime cuda
  done
fi
step ./tn_bench run --backend cuda --op sum,dot,max,min,norm_l2,sum_exp,argmax --only-n 16777216 -q

echo
if [ ${#failed[@]} -eq 0 ]; then
  echo "gpu_check: all passed"
  exit 0
fi
printf 'gpu_check: FAILED: %s\n' "${failed[@]}"
exit 1
