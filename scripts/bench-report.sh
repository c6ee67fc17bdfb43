#!/bin/sh
# Regenerates docs/PERFORMANCE.md and its plots (docs/plots/*.svg) from a fresh CPU benchmark
# run, or from a run's JSON given as the first argument. Needs gnuplot (gnuplot-nox).
# usage: scripts/bench-report.sh [RUN.json]   (BUILD=build by default)
set -eu
cd "$(dirname "$0")/.."
build=${BUILD:-build}
work="$build/report"
mkdir -p "$work" docs/plots
if [ $# -ge 1 ]; then
  run=$1
else
  cmake --build "$build" --target tn_bench
  run="$work/run.json"
  "$build/bench/tn_bench" run --json "$run"
fi
"$build/bench/tn_bench" report --json "$run" --out docs/PERFORMANCE.md --plots docs/plots --work "$work"
rm -f docs/plots/*.svg
for gp in "$work"/*.gp; do
  gnuplot "$gp"
done
echo "bench-report: docs/PERFORMANCE.md and $(ls docs/plots/*.svg | wc -l) plots written"
