#!/bin/bash
# tnptx on the command line: exit status, JSON and SARIF output, diff, whitelist, bad input.
# usage: tnptx_checks.sh TNPTX RULES_DIR GENERATED_PTX_DIR
set -u
tnptx=$1 rules=$2 generated=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
expect_status() { # expected-status description command...
    local want=$1 what=$2
    shift 2
    "$@" > "$work/out" 2> "$work/err"
    local got=$?
    if [ "$got" != "$want" ]; then
        echo "FAIL: $what: exit $got, expected $want"
        cat "$work/out" "$work/err"
        failures=$((failures + 1))
    fi
}
expect_output() { # pattern description (on the last command's stdout + stderr)
    if ! grep -q -- "$1" "$work/out" "$work/err"; then
        echo "FAIL: $2: no '$1' in the output"
        failures=$((failures + 1))
    fi
}
expect_status 0 "clean file" "$tnptx" "$rules/BARRIER_DIVERGENCE_neg.ptx"
expect_status 1 "error finding" "$tnptx" "$rules/BARRIER_DIVERGENCE_pos.ptx"
expect_output "BARRIER_DIVERGENCE" "error finding is reported"
expect_status 2 "invalid PTX" "$tnptx" "$rules/PTX_SYNTAX_pos.ptx"
expect_output "PTX_SYNTAX_pos.ptx:10:23" "syntax error carries file:line:column"
# A kernel whose callee keeps a stack array in memory is told so at the call (ptxas gives it the frame).
expect_status 0 "local memory through a call" "$tnptx" "$rules/LOCAL_MEMORY_callee_pos.ptx"
expect_output "LOCAL_MEMORY_callee_pos.ptx:94:2: warning \[LOCAL_MEMORY\] local memory: this call reaches _Z4pickPKfi" \
    "the kernel's LOCAL_MEMORY at its call"
# Registers as ptxas -v allocates them: with no launch bounds and no cap it aims at an occupancy
# (30 registers for both kernels), with -maxrregcount 255 at its schedule (47 and 84; see the file).
estimate_of() { # kernel tnptx-options... -> the kernel's "estimate" in --json
    local kernel=$1
    shift
    "$tnptx" --json "$@" "$rules/../ptx_valid/occupancy_target.ptx" |
        sed -n "s/.*\"name\": \"$kernel\".*\"estimate\": \([0-9]*\).*/\1/p"
}
expect_estimate() { # low high description kernel tnptx-options...
    local low=$1 high=$2 what=$3
    shift 3
    local got
    got=$(estimate_of "$@")
    if [ -z "$got" ] || [ "$got" -lt "$low" ] || [ "$got" -gt "$high" ]; then
        echo "FAIL: $what: estimate '$got', expected $low to $high"
        failures=$((failures + 1))
    fi
}
expect_estimate 27 33 "plain ptxas keeps to an occupancy" occupancy_target
expect_estimate 27 33 "loads read late move down to their reader" occupancy_target_held
expect_estimate 42 52 "-maxrregcount 255 lets ptxas schedule" occupancy_target --maxrregcount 255
expect_estimate 76 92 "-maxrregcount 255, loads issued early" occupancy_target_held --maxrregcount 255
expect_status 2 "missing file" "$tnptx" "$work/no-such-file.ptx"
expect_output "cannot read" "missing file message"
# Only regular files are read, and none over the size cap: each refusal is immediate and names the
# file and the reason (a FIFO would wait for a writer, /dev/zero never ends; timeout catches both).
expect_status 2 "a character device" timeout 5 "$tnptx" /dev/zero
expect_output "cannot read /dev/zero: not a regular file (a character device)" "a device is refused"
mkfifo "$work/fifo"
expect_status 2 "a FIFO" timeout 5 "$tnptx" "$work/fifo"
expect_output "cannot read $work/fifo: not a regular file (a FIFO)" "a FIFO is refused"
expect_status 2 "a directory" timeout 5 "$tnptx" "$work"
expect_output "cannot read $work: not a regular file (a directory)" "a directory is refused"
truncate -s 257M "$work/huge.ptx"
expect_status 2 "a file over the size cap" timeout 5 "$tnptx" "$work/huge.ptx"
expect_output "cannot read $work/huge.ptx: larger than 256 MiB" "a file over the cap is refused"
rm -f "$work/huge.ptx"
expect_status 2 "unknown option" "$tnptx" --bogus "$rules/NO_ENTRY_neg.ptx"
expect_status 0 "list rules" "$tnptx" --list-rules
[ "$(wc -l < "$work/out")" -eq 16 ] || { echo "FAIL: --list-rules does not list 16 rules"; failures=$((failures + 1)); }
# Launch bounds whose product overflows 64 bits (found by fuzzing; UBSan in the sanitizer build).
printf '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k() .maxntid 1024, 6148914691236517205, 3\n{\n  ret;\n}\n' > "$work/huge_bounds.ptx"
expect_status 0 "huge .maxntid" "$tnptx" "$work/huge_bounds.ptx"
expect_status 0 "strict rules stay off by default" "$tnptx" "$rules/MISSING_BOUNDS_CHECK_pos.ptx"
expect_status 0 "strict" "$tnptx" --strict "$rules/MISSING_BOUNDS_CHECK_pos.ptx"
expect_output "MISSING_BOUNDS_CHECK" "--strict turns on the noisier rules"
expect_status 0 "bugs only" "$tnptx" --bugs "$rules/UNCOALESCED_GLOBAL_pos.ptx"
if grep -q "\[UNCOALESCED" "$work/out"; then echo "FAIL: --bugs shows a performance rule"; failures=$((failures + 1)); fi
printf '# rule kernel reason\nBARRIER_DIVERGENCE k the launch always uses 100 threads\n' > "$work/wl"
expect_status 0 "whitelist" "$tnptx" --whitelist "$work/wl" "$rules/BARRIER_DIVERGENCE_pos.ptx"
printf 'BARRIER_DIVERGENCE k\n' > "$work/wl-no-reason"
expect_status 2 "whitelist entry without a reason" "$tnptx" --whitelist "$work/wl-no-reason" "$rules/BARRIER_DIVERGENCE_pos.ptx"
expect_output "needs a reason" "whitelist without a reason is refused"
expect_status 0 "verbose with occupancy for an arch" "$tnptx" --verbose --arch sm_90 --block 128 "$generated"/sum.ptx
expect_output "occupancy" "verbose report"
expect_status 0 "a register cap as ptxas -maxrregcount" "$tnptx" --maxrregcount 32 "$rules/REGISTER_SPILL_neg.ptx"
expect_output "REGISTER_SPILL" "--maxrregcount caps a kernel without launch bounds"
expect_output "cap 32 from -maxrregcount" "the cap and its source in the report"
expect_status 0 "-maxrregcount ignored under launch bounds" "$tnptx" --maxrregcount 32 "$rules/REGISTER_SPILL_maxrregcount_neg.ptx"
expect_status 2 "a register cap out of range" "$tnptx" --maxrregcount 0 "$rules/REGISTER_SPILL_neg.ptx"
expect_status 0 "a kernel that calls a function" "$tnptx" "$rules/HIGH_REGISTER_PRESSURE_callee_neg.ptx"
expect_output "with its callees" "the registers a call adds in the report"
expect_status 1 "json" "$tnptx" --json "$rules/SHARED_RACE_pos.ptx" "$rules/SHARED_RACE_neg.ptx"
for key in '"path"' '"valid"' '"errors"' '"kernels"' '"registers"' '"estimate"' '"by_type"' '"demand"' '"cap"' \
           '"cap_from"' '"spilled"' '"callees"' '"occupancy"' '"without_register_limit"' '"memory"' '"instructions"' '"flops"' \
           '"bytes"' '"arithmetic_intensity"' '"bound"' '"findings"' '"fix"'; do
    expect_output "$key" "json has $key"
done
cp "$work/out" "$work/both.json"
expect_status 0 "diff of a report with itself" "$tnptx" diff "$work/both.json" "$work/both.json"
expect_status 1 "sarif" "$tnptx" --sarif "$rules/SHARED_RACE_pos.ptx"
expect_output '"version": "2.1.0"' "sarif version"
expect_output '"ruleId": "SHARED_RACE"' "sarif result"
# diff: the same kernel before and after losing its barrier
mkdir -p "$work/old" "$work/new"
cp "$rules/SHARED_RACE_neg.ptx" "$work/old/k.ptx"
cp "$rules/SHARED_RACE_pos.ptx" "$work/new/k.ptx"
(cd "$work/old" && "$tnptx" --json k.ptx > ../old.json)
(cd "$work/new" && "$tnptx" --json k.ptx > ../new.json)
expect_status 1 "diff flags a new finding" "$tnptx" diff "$work/old.json" "$work/new.json"
expect_output "new finding SHARED_RACE" "diff names the new finding"
expect_status 0 "diff in the other direction" "$tnptx" diff "$work/new.json" "$work/old.json"
expect_status 2 "diff of a non-report" "$tnptx" diff "$rules/NO_ENTRY_neg.ptx" "$work/new.json"
# diff of broken reports: refused with the reason and its line, never read past their end
printf '{"files": [{"path": "k.ptx\\' > "$work/backslash.json"
expect_status 2 "diff of a report cut after a backslash" "$tnptx" diff "$work/backslash.json" "$work/new.json"
expect_output "backslash.json: line 1: unterminated string" "the cut report is named with its line"
printf '{"files": [],\n "x": "\\u12' > "$work/unicode.json"
expect_status 2 "diff of a report cut in a \\u escape" "$tnptx" diff "$work/new.json" "$work/unicode.json"
expect_output "unicode.json: line 2: .u needs 4 hex digits" "the short escape is named"
expect_status 2 "diff of a missing report" "$tnptx" diff "$work/missing.json" "$work/new.json"
expect_output "cannot open .*missing.json: No such file" "the missing report is named with the reason"
printf '{"files": 3}' > "$work/files.json"
expect_status 2 "diff of a report whose files are not a list" "$tnptx" diff "$work/files.json" "$work/new.json"
expect_output 'no "files" list' "the missing list is named"
# an instruction whose spelling was read before (in this module or an earlier one), its ';' on a later
# line: the lines after it keep their numbers
printf '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n\t.reg .b32 %%r<2>;\n\tret\n\t;\n\tret\n\n\t;\n\tmov.u32 %%r1, ;\n}\n' > "$work/spelled.ptx"
expect_status 2 "an instruction spelled before, ended on a later line" "$tnptx" "$work/spelled.ptx" "$work/spelled.ptx"
expect_output "spelled.ptx:12:15: error" "the error after it is on its own line, in the first file"
if [ "$(grep -c 'spelled.ptx:12:15: error' "$work/out")" != 2 ]; then
    echo "FAIL: the error after it is on its own line in the second file too"
    failures=$((failures + 1))
fi
# every PTX file tngen generates passes with no error finding
for f in "$generated"/*.ptx; do
    expect_status 0 "generated $(basename "$f")" "$tnptx" --strict "$f"
done
echo "tnptx checks: $failures failures"
exit $((failures > 0))
