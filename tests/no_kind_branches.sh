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

patterns=(
  "[\"'](${names})[\"']"
  "\b(TN|GEN|TEST|BENCH)_(MAP|REDUCE|ARGREDUCE)\b|\b(tn_op_kind|gen_kind)\b"
  "\bop(->|\.)kind\b|schedule\.name *(==|~=)|schedule->name"
)
scan() {
  for p in "${patterns[@]}"; do
    grep -nHE "$p" "$@"
  done
}

found=$(scan "${files[@]}")
# Each pattern must catch its planted line (a check that cannot fail proves nothing).
planted=(
  'if (strcmp(op->name, "softmax") == 0)'
  'case TN_REDUCE: run_reduce(); break;'
  'if (op->kind == 2) launch_rows();'
)
for k in "${!patterns[@]}"; do
  if ! printf '%s\n' "${planted[$k]}" | grep -qE "${patterns[$k]}"; then
    echo "FAIL: pattern $k misses its planted line: ${planted[$k]}"
    exit 1
  fi
done
if [ -n "$found" ]; then
  echo "FAIL: tngen's C/Lua or the runtime names a schedule or an op, or branches on an op's kind:"
  echo "$found"
  exit 1
fi
echo "ok: no schedule or op named in ${#files[@]} files of gen/ and runtime/ (names: ${names//|/, })"
