#!/bin/bash
# The PTX analyzer's speed (a benchmark, not a test; figures go to docs/PERFORMANCE.md):
#   1. MB/s on one large module: every valid ptx_corpus file's functions under one header, repeated
#   2. per file, in process, against ptxas -arch=compute_XX (each file's .target) on the same files
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
# sm_90a: the Hopper and Triton files' instructions are checked against the module's .target, and
# every sm_80 instruction is valid there too.
printf '.version 9.0\n.target sm_90a\n.address_size 64\n' > "$work/big.ptx"
# Each copy of a file without its header, its module-level names (functions and variables, declared
# at the start of a line) suffixed with the copy and file number so that no name is defined twice.
# shellcheck disable=SC2086
for i in $(seq "$repeat"); do
    perl -e '
        my $copy = shift;
        for my $n (0 .. $#ARGV) {
            open(my $in, "<", $ARGV[$n]) or die "$ARGV[$n]: $!";
            my $text = do { local $/; <$in> };
            $text =~ s/^\.(version|target|address_size)\b.*$//mg;
            my %names;
            $names{$1} = 1 while $text =~ /^[ \t]*(?:\.(?:visible|extern|weak)\s+)*\.(?:entry|func)\s+(?:\([^)]*\)\s*)?([\w\$]+)/mg;
            $names{$1} = 1 while $text =~ /^(?:\.(?:visible|extern|weak)\s+)*\.(?:global|shared|const)\b[^=;\[\n]*?([\w\$]+)\s*[\[=;]/mg;
            if (%names) {
                my $alt = join("|", map { quotemeta } sort { length($b) <=> length($a) } keys %names);
                $text =~ s/(?<![\w\$])($alt)(?![\w\$])/$1_${copy}_$n/g;
            }
            print $text;
        }' "$i" $valid
done >> "$work/big.ptx"
echo "== one large module ($(du -h "$work/big.ptx" | cut -f1), each valid corpus file $repeat times, names made unique)"
"$build/gen/ptx_speed" --repeat 5 "$work/big.ptx"
echo "== each valid corpus file ($(echo "$valid" | wc -l) files), in process"
# shellcheck disable=SC2086
"$build/gen/ptx_speed" --repeat 20 $valid
echo "== tnptx on all of them in one run"
start=$(date +%s.%N)
# shellcheck disable=SC2086
"$build/gen/tnptx" --strict $valid > /dev/null || true
end=$(date +%s.%N)
echo "$valid" | wc -l | awk -v a="$start" -v b="$end" '{ printf "tnptx %.3f ms/file\n", (b-a)*1000/$1 }'
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
