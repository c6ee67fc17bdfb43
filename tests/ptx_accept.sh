#!/bin/bash
# The analyzer accepts exactly what ptxas accepts: every file in VALID_DIR must parse (no PTX_SYNTAX
# finding) and every file in INVALID_DIR must not; where ptxas is installed, it must agree on each
# file (ptxas -arch=<the file's .target>), so that a case that is not what it claims fails too.
# usage: ptx_accept.sh TNPTX VALID_DIR INVALID_DIR
set -u
shopt -s nullglob
tnptx=$1 valid=$2 invalid=$3
ptxas=${PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}
[ -x "$ptxas" ] || ptxas=
failures=0 checked=0

# ptxas's verdict on a file, for the architecture its .target names: yes or no.
ptxas_accepts() {
    local target
    target=$(sed -n 's/^[[:space:]]*\.target[[:space:]]\+\(sm_[0-9a-z]*\).*/\1/p' "$1" | head -1)
    if "$ptxas" -arch="${target:-sm_90a}" "$1" -o /dev/null 2> "$work/ptxas.log"; then echo yes; else echo no; fi
}

# The analyzer's verdict: no when it reports PTX_SYNTAX (or cannot read the file); crashed when it
# ends other than by its exit statuses 0, 1 and 2 (an abort, a sanitizer's report); hung when it
# takes more than a minute (any of these files takes milliseconds).
tnptx_accepts() {
    timeout 60 "$tnptx" "$1" > "$work/tnptx.log" 2>&1
    local rc=$?
    if [ $rc -eq 124 ]; then echo hung; elif [ $rc -gt 2 ]; then echo crashed; elif [ $rc -eq 2 ] || grep -q 'PTX_SYNTAX' "$work/tnptx.log"; then echo no; else echo yes; fi
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
check() { # FILE WANT(yes|no)
    checked=$((checked + 1))
    local ours theirs=
    ours=$(tnptx_accepts "$1")
    if [ "$ours" != "$2" ]; then
        echo "FAIL: $(basename "$1"): the analyzer accepts: $ours, expected: $2"
        grep 'PTX_SYNTAX' "$work/tnptx.log" | head -3
        failures=$((failures + 1))
    fi
    [ -n "$ptxas" ] || return 0
    theirs=$(ptxas_accepts "$1")
    if [ "$theirs" != "$2" ]; then
        echo "FAIL: $(basename "$1"): ptxas accepts: $theirs, expected: $2 (the case is wrong)"
        head -3 "$work/ptxas.log"
        failures=$((failures + 1))
    fi
}
for f in "$valid"/*.ptx; do check "$f" yes; done
for f in "$invalid"/*.ptx; do check "$f" no; done
if [ -n "$ptxas" ]; then
    echo "$checked files: the analyzer and ptxas ($("$ptxas" --version | tail -1)) checked, $failures failures"
else
    echo "$checked files: the analyzer checked, $failures failures (ptxas not found: the cases themselves unchecked)"
fi
exit $((failures > 0))
