#!/bin/bash
# Checks the committed GPU code with the vendors' own tools, independently of tngen:
#   ptx   every generated/ptx/*.ptx through ptxas for each arch the manifest lists
#   spirv every generated/spirv/*.spvasm assembled by spirv-as and checked by spirv-val
# usage: gpu_code_checks.sh ptx|spirv SOURCE_ROOT      (exit 77 when the tool is missing)
set -u
what=$1
gen=$2/generated
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0 checked=0
if [ "$what" = ptx ]; then
  ptxas=${PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}
  [ -x "$ptxas" ] || { echo "SKIP: ptxas not found (install the CUDA toolkit or set PTXAS)"; exit 77; }
  archs=$(sed -n 's/.*"check_archs": \[\([^]]*\)\].*/\1/p' "$gen/manifest.json" | tr -d '",')
  [ -n "$archs" ] || { echo "FAIL: no check_archs in generated/manifest.json"; exit 1; }
  for f in "$gen"/ptx/*.ptx; do
    for arch in $archs; do
      checked=$((checked + 1))
      "$ptxas" -arch="$arch" "$f" -o "$work/out" 2> "$work/log" || { echo "FAIL: ptxas -arch=$arch $f"; cat "$work/log"; failures=$((failures + 1)); }
    done
  done
  echo "ptxas ($($ptxas --version | tail -1)): $checked file x arch checks, $failures failed (archs: $archs)"
else
  command -v spirv-val > /dev/null || { echo "SKIP: spirv-val not found (apt-get install spirv-tools)"; exit 77; }
  for f in "$gen"/spirv/*.spvasm; do
    checked=$((checked + 1))
    if ! spirv-as --target-env vulkan1.0 "$f" -o "$work/m.spv" 2> "$work/log" \
       || ! spirv-val --target-env vulkan1.0 "$work/m.spv" 2>> "$work/log"; then
      echo "FAIL: $f"; cat "$work/log"; failures=$((failures + 1))
    fi
  done
  echo "spirv-val: $checked modules, $failures failed"
fi
exit $((failures > 0))
