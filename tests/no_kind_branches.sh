#!/bin/bash
# tngen's code (gen/*.c, gen/tngen/*.lua) and the runtime (runtime/) know no schedule and no
# op by name: what differs between loop shapes lives in gen/lua/schedules/ and its templates,
# and the runtime runs the launch plans and checks they generate. This finds any string naming
# a schedule or an op, any old op-kind enum, and any comparison of an op's kind or schedule.
# usage: no_kind_branches.sh SOURCE_ROOT
set -u
root=$1
cd "$root" || exit 2
names=$(ls gen/lua/schedules/*.lua gen/lua/ops/*.lua | xargs -n1 basename | sed 's/\.lua$//' | tr '\n' '|')
names=${names%|}
files=(gen/*.c gen/*.h gen/tngen/*.lua runtime/*.c runtime/*.h)

scan() {
  grep -nHE "[\"'](${names})[\"']" "$@"
  grep -nHE "\b(TN|GEN|TEST|BENCH)_(MAP|REDUCE|ARGREDUCE)\b|\b(tn_op_kind|gen_kind)\b" "$@"
  grep -nHE "\bop(->|\.)kind\b|schedule\.name *(==|~=)|schedule->name" "$@"
}

found=$(scan "${files[@]}")
# The scan itself must catch a planted branch (a check that cannot fail proves nothing).
planted=$(mktemp)
trap 'rm -f "$planted"' EXIT
printf 'if (strcmp(op->name, "softmax") == 0)\n    run_rows();\nif op.schedule.name == "reduce" then end\n' > "$planted"
caught=$(scan "$planted" | wc -l)
if [ "$caught" -lt 2 ]; then
  echo "FAIL: the scan misses a planted branch on an op and a schedule name"
  exit 1
fi
if [ -n "$found" ]; then
  echo "FAIL: tngen's C/Lua or the runtime names a schedule or an op, or branches on an op's kind:"
  echo "$found"
  exit 1
fi
echo "ok: no schedule or op named in ${#files[@]} files of gen/ and runtime/ (names: ${names//|/, })"
