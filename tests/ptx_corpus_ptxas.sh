#!/bin/bash
# Runs ptxas itself over ptx_corpus: its verdict (ptxas -arch=compute_XX, XX from the label's arch
# line, 80 when it has none) must match both the committed label and the analyzer's (tnptx exits 2
# exactly on the files ptxas rejects).
# usage: ptx_corpus_ptxas.sh TNPTX SOURCE_ROOT   (exit 77 when ptxas is missing)
set -u
tnptx=$1 cases=$2/ptx_corpus/cases
ptxas=${PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}
[ -x "$ptxas" ] || { echo "SKIP: ptxas not found (install the CUDA toolkit or set PTXAS)"; exit 77; }
failures=0 checked=0
for f in "$cases"/*.ptx; do
    checked=$((checked + 1))
    arch=$(sed -n 's/^arch //p' "${f%.ptx}.label")
    arch=${arch:-sm_80}
    if "$ptxas" -arch=compute_${arch#sm_} "$f" -o /dev/null 2> /dev/null; then ptxas_ok=yes; else ptxas_ok=no; fi
    label=$(sed -n 's/^ptxas_valid //p' "${f%.ptx}.label")
    "$tnptx" --strict --arch "$arch" "$f" > /dev/null 2>&1
    if [ $? -eq 2 ]; then ours=no; else ours=yes; fi
    if [ "$ptxas_ok" != "$label" ] || [ "$ptxas_ok" != "$ours" ]; then
        echo "FAIL: $(basename "$f"): ptxas accepts: $ptxas_ok, label: $label, analyzer accepts: $ours"
        failures=$((failures + 1))
    fi
done
echo "ptxas ($("$ptxas" --version | tail -1)) and the analyzer agree on $((checked - failures)) of $checked files"
exit $((failures > 0))
