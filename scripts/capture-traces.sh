#!/bin/sh
# Re-captures the golden syscall traces of the examples (bench/traces/golden/<example>.json),
# on purpose: after a change that rightly alters what the examples ask of the kernel. Review the
# diff, and raise bench/traces/budgets.json by hand where a budget no longer fits.
# usage: scripts/capture-traces.sh [BUILD_DIR]   (default: build)
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
cmake --build "$build" --target tn_bench backend_detection matrix_operations activation_functions \
  performance_demo ml_similarity
for ex in backend_detection matrix_operations activation_functions performance_demo ml_similarity; do
  "$build/bench/tn_bench" trace "$ex" --capture -- "$build/examples/$ex"
done
git diff --stat -- bench/traces/golden || true
