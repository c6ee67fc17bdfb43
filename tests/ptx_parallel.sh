#!/bin/bash
# Analysed by several threads, PTX gets the report one thread gives, byte for byte: every valid
# corpus file's functions in one module (scripts/ptx_big_module.sh), analysed with --threads 1, 2
# and 4 and the default; and every corpus file, valid or not, and a missing one, each a module,
# analysed several at once in every output format. Under ThreadSanitizer this is also the test of
# what the threads share.
# usage: tests/ptx_parallel.sh TNPTX ROOT
set -eu
tnptx=$1 root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
valid=$(grep -l '^ptxas_valid yes' "$root"/ptx_corpus/cases/*.label | sed 's/\.label$/.ptx/')
# shellcheck disable=SC2086
"$root/scripts/ptx_big_module.sh" 1 $valid > "$work/big.ptx"
for t in 1 2 4 default; do
    flag=(--threads "$t")
    [ "$t" = default ] && flag=()
    status=0
    "$tnptx" --json --strict "${flag[@]}" "$work/big.ptx" > "$work/$t.json" || status=$?
    if [ "$status" -gt 1 ]; then
        echo "FAIL: tnptx --threads $t exited $status on the corpus module" >&2
        exit 1
    fi
done
# The module has findings of the rules whose analyses are the biggest, so equal reports mean something.
for rule in SHARED_RACE BANK_CONFLICT HIGH_REGISTER_PRESSURE LOCAL_MEMORY UNCOALESCED_GLOBAL; do
    n=$(grep -o "\"rule\": *\"$rule\"" "$work/1.json" | wc -l)
    if [ "$n" -lt 3 ]; then
        echo "FAIL: only $n $rule findings on the corpus module: the comparison would say little" >&2
        exit 1
    fi
done
for t in 2 4 default; do
    if ! cmp -s "$work/1.json" "$work/$t.json"; then
        echo "FAIL: --threads $t reports differently from --threads 1:" >&2
        diff "$work/1.json" "$work/$t.json" | head -20 >&2
        exit 1
    fi
done
# The same module with a syntax error at its end: the functions analysed while the parser read on
# are reported as parsed, unanalysed, as with one thread; the exit status says invalid (2).
cp "$work/big.ptx" "$work/bad.ptx"
echo 'not_an_instruction;' >> "$work/bad.ptx"
for t in 1 4; do
    status=0
    "$tnptx" --json --strict --threads "$t" "$work/bad.ptx" > "$work/bad$t.json" || status=$?
    if [ "$status" != 2 ] || ! grep -q '"valid": false' "$work/bad$t.json"; then
        echo "FAIL: tnptx --threads $t exited $status on the module with a syntax error, or called it valid" >&2
        exit 1
    fi
done
if ! cmp -s "$work/bad1.json" "$work/bad4.json"; then
    echo "FAIL: --threads 4 reports the invalid module differently from --threads 1:" >&2
    diff "$work/bad1.json" "$work/bad4.json" | head -20 >&2
    exit 1
fi
# Many files: the reports in the files' order, the messages and the exit status as with one thread.
files=("$root"/ptx_corpus/cases/*.ptx "$work/missing.ptx")
for format in --json --sarif --verbose; do
    for t in 1 3; do
        status=0
        "$tnptx" "$format" --strict --threads "$t" "${files[@]}" > "$work/files$t.out" 2> "$work/files$t.err" ||
            status=$?
        echo "$status" >> "$work/files$t.err"
    done
    if ! cmp -s "$work/files1.out" "$work/files3.out" || ! cmp -s "$work/files1.err" "$work/files3.err"; then
        echo "FAIL: $format on ${#files[@]} files: --threads 3 reports differently from --threads 1" >&2
        diff "$work/files1.out" "$work/files3.out" | head -10 >&2
        diff "$work/files1.err" "$work/files3.err" | head -10 >&2
        exit 1
    fi
    if [ "$(tail -1 "$work/files1.err")" != 2 ] || ! grep -q 'cannot read .*missing.ptx' "$work/files1.err"; then
        echo "FAIL: $format: the missing file is not reported, or the exit status is not 2" >&2
        exit 1
    fi
done
# A bad thread count is refused with a message naming the option.
for bad in 0 65 x 2x; do
    if out=$("$tnptx" --threads "$bad" "$work/big.ptx" 2>&1 >/dev/null); then
        echo "FAIL: --threads $bad accepted" >&2
        exit 1
    fi
    case $out in *--threads*) ;; *) echo "FAIL: --threads $bad: '$out' does not name the option" >&2; exit 1 ;; esac
done
echo "ptx.parallel: one module's $(grep -c '"name"' "$work/1.json") names reported alike with 1, 2, 4 and the" \
    "default threads, and its invalid copy alike with 1 and 4; ${#files[@]} files alike with 1 and 3"
