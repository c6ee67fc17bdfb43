#!/bin/bash
# Builds the PTX analyzer's libFuzzer target with clang (-fsanitize=fuzzer,address,undefined) and
# runs it for a while, seeded from ptx_corpus, tests/ptx_rules, tests/ptx_valid and tests/ptx_invalid.
# usage: ptx_fuzz.sh SOURCE_ROOT LEXER_C SECONDS   (exit 77 when clang's libFuzzer is unavailable)
set -u
root=$1 lexer=$2 seconds=${3:-20}
clang=${CLANG:-$(command -v clang || command -v clang-14 || true)}
[ -n "$clang" ] || { echo "SKIP: clang not found"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
src=$root/gen/ptx
# The fuzz target's main and the library: every gen/ptx/ptx_*.c but the speed benchmark's main.
sources=()
for f in "$src"/ptx_*.c; do
    [ "$f" = "$src/ptx_speed.c" ] || sources+=("$f")
done
if ! "$clang" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -I"$src" \
       "${sources[@]}" "$lexer" -o "$work/ptx_fuzz" 2> "$work/log"; then
    if grep -q -e "libclang_rt.fuzzer" -e "cannot find" -e "unsupported option" "$work/log"; then
        echo "SKIP: clang cannot link libFuzzer (install libclang-rt-14-dev)"
        exit 77
    fi
    cat "$work/log"
    exit 1
fi
mkdir -p "$work/corpus"
cp "$root"/ptx_corpus/cases/*.ptx "$root"/tests/ptx_rules/*.ptx "$root"/tests/ptx_valid/*.ptx \
    "$root"/tests/ptx_invalid/*.ptx "$work/corpus/"
# A fixed seed (FUZZ_SEED, default 1): the short run in ctest explores the same inputs every time,
# so the suite's verdict does not depend on luck; longer campaigns pass FUZZ_SEED=0 (random).
# An input that fails is kept (crash-*, timeout-*, oom-*) in FUZZ_ARTIFACTS, default the directory
# this was started from: the work directory goes when the script ends.
artifacts=$(cd "${FUZZ_ARTIFACTS:-.}" && pwd)
cd "$work" && ./ptx_fuzz -seed="${FUZZ_SEED:-1}" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$artifacts/" -print_final_stats=1 corpus 2>&1 | tail -15
rc=${PIPESTATUS[0]}
exit "$rc"
