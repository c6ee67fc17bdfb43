#!/bin/bash
# examples/transformer_layer on the CPU: it runs, prints its tables, and writes a profile that
# test_profiler reads back (and, with Graphviz, the DOT rendered to SVG).
# usage: transformer_example.sh EXAMPLE TEST_PROFILER
set -u
example=$1 reader=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$example" "$work" --gpu none > "$work/out.txt" 2>&1 || { cat "$work/out.txt"; echo "FAIL: the example exits $?"; exit 1; }
cat "$work/out.txt"
grep -q "^cpu: bricks" "$work/out.txt" && grep -q "^cpu: categories" "$work/out.txt" ||
  { echo "FAIL: no brick or category table"; exit 1; }
if command -v dot > /dev/null 2>&1 && ! grep -q "<svg" "$work/cpu/profile.svg"; then
  echo "FAIL: dot -Tsvg wrote no profile.svg"
  exit 1
fi
"$reader" outputs "$work/cpu"
