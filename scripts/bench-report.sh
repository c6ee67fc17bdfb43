#!/bin/sh
# Regenerates docs/PERFORMANCE.md and its plots (docs/plots/*.svg) from a fresh CPU benchmark
# run, or from a run's JSON given as the first argument; GPU runs kept in docs/runs/ and the
# sections of docs/performance/ are appended. Needs gnuplot (gnuplot-nox).
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
# GPU runs made on a GPU machine and kept under docs/runs/ (tn_bench run --backend cuda|vulkan --json).
gpu=""
for g in docs/runs/*-gpu-*.json; do
  [ -e "$g" ] && gpu="$gpu --gpu $g"
done
# shellcheck disable=SC2086
"$build/bench/tn_bench" report --json "$run" --out docs/PERFORMANCE.md --plots docs/plots --work "$work" $gpu
# Sections measured by other commands (docs/performance/*.md say which), after the generated ones.
for part in docs/performance/*.md; do
  [ -e "$part" ] && { echo; grep -v '^<!--' "$part"; } >> docs/PERFORMANCE.md
done
rm -f docs/plots/*.svg
for gp in "$work"/*.gp; do
  gnuplot "$gp"
done
echo "bench-report: docs/PERFORMANCE.md and $(ls docs/plots/*.svg | wc -l) plots written"
