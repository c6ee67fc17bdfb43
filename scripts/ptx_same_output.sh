#!/bin/bash
# Does a change to the PTX analyzer leave its output unchanged? Runs two tnptx binaries over every
# corpus and test PTX file in each output form and under other architectures, block sizes and caps,
# and compares what they print and their exit statuses byte for byte (for speed work, which must
# not change a finding).
# usage: scripts/ptx_same_output.sh OLD_TNPTX NEW_TNPTX
set -u
old=$1 new=$2
root=$(cd "$(dirname "$0")/.." && pwd)
files=$(ls "$root"/ptx_corpus/cases/*.ptx "$root"/tests/ptx_rules/*.ptx "$root"/tests/ptx_valid/*.ptx \
           "$root"/tests/ptx_invalid/*.ptx 2>/dev/null)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
differ=0 runs=0
while read -r flags; do
    for f in $files; do
        # shellcheck disable=SC2086
        "$old" $flags "$f" > "$work/a" 2>&1; a=$?
        # shellcheck disable=SC2086
        "$new" $flags "$f" > "$work/b" 2>&1; b=$?
        runs=$((runs + 1))
        if [ "$a" != "$b" ] || ! cmp -s "$work/a" "$work/b"; then
            differ=$((differ + 1))
            [ "$differ" -le 5 ] && { echo "DIFFERS: tnptx $flags $f (exit $a vs $b)"; diff "$work/a" "$work/b" | head -8; }
        fi
    done
done <<'FLAGS'
--strict
--strict --verbose
--json --strict
--sarif
--bugs
--strict --arch sm_70 --block 1024
--strict --arch sm_90a --block 128 --maxrregcount 32
--json --strict --block 64 --maxrregcount 168
FLAGS
echo "$runs runs, $differ differ"
[ "$differ" -eq 0 ]
