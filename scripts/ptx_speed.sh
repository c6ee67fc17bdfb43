#!/bin/bash
# The PTX analyzer's speed (a benchmark, not a test; figures go to docs/PERFORMANCE.md):
#   1. MB/s on one large module: every valid ptx_corpus file's functions under one header, repeated;
#      on one core, then with a thread per core
#   2. per file, in process, and tnptx on all of them with one thread and a thread per core;
#      against ptxas -arch=compute_XX (each file's .target) on the same files
#      (wall clock per file, process start included for both tnptx and ptxas)
# usage: scripts/ptx_speed.sh BUILD_DIR [REPEAT]
set -eu
build=$1 repeat=${2:-20}
root=$(cd "$(dirname "$0")/.." && pwd)
cases=$root/ptx_corpus/cases
ptxas=${PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
valid=$(grep -l '^ptxas_valid yes' "$cases"/*.label | sed 's/\.label$/.ptx/')
# shellcheck disable=SC2086
"$root/scripts/ptx_big_module.sh" "$repeat" $valid > "$work/big.ptx"
echo "== one large module ($(du -h "$work/big.ptx" | cut -f1), each valid corpus file $repeat times, names made unique)"
"$build/gen/ptx_speed" --repeat 5 "$work/big.ptx"
cores=$(nproc)
if [ "$cores" -gt 1 ]; then
    echo "== the same module, its functions analysed $cores at once (tnptx's default: one thread per core)"
    "$build/gen/ptx_speed" --repeat 5 --threads "$cores" "$work/big.ptx"
fi
echo "== each valid corpus file ($(echo "$valid" | wc -l) files), in process"
# shellcheck disable=SC2086
"$build/gen/ptx_speed" --repeat 20 $valid
# shellcheck disable=SC2086
bytes=$(cat $valid | wc -c)
for threads in 1 "$(nproc)"; do
    echo "== tnptx on all of them in one run, --threads $threads (the median of 5 runs)"
    for run in 1 2 3 4 5; do
        start=$(date +%s.%N)
        # shellcheck disable=SC2086
        "$build/gen/tnptx" --strict --threads "$threads" $valid > /dev/null || true
        end=$(date +%s.%N)
        echo "$start $end"
    done | awk '{ print $2 - $1 }' | sort -n | sed -n 3p |
        awk -v n="$(echo "$valid" | wc -l)" -v b="$bytes" '{ printf "tnptx %.3f ms/file, %.1f MB/s\n", $1 * 1000 / n, b / 1e6 / $1 }'
done
echo "== per file with process start: tnptx vs ptxas -arch=compute_XX (the file's .target: 80 or 90a)"
# Each file's ptxas architecture, worked out before the timing starts.
for f in $valid; do
    target=$(sed -n 's/^[[:space:]]*\.target[[:space:]]\+sm_\([0-9a-z]*\).*/\1/p' "$f" | head -1)
    echo "compute_${target:-80} $f"
done > "$work/arch"
start=$(date +%s.%N)
for f in $valid; do "$build/gen/tnptx" --strict "$f" > /dev/null || true; done
mid=$(date +%s.%N)
if [ -x "$ptxas" ]; then
    while read -r arch f; do "$ptxas" -arch="$arch" "$f" -o /dev/null; done < "$work/arch"
    end=$(date +%s.%N)
    echo "$valid" | wc -l | awk -v a="$start" -v b="$mid" -v c="$end" \
        '{ printf "tnptx %.2f ms/file, ptxas -arch=compute_XX %.2f ms/file: %.1fx\n", (b-a)*1000/$1, (c-b)*1000/$1, (c-b)/(b-a) }'
else
    echo "$valid" | wc -l | awk -v a="$start" -v b="$mid" '{ printf "tnptx %.2f ms/file (ptxas not found)\n", (b-a)*1000/$1 }'
fi
