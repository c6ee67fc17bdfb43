#!/usr/bin/env python3
"""SHARED_RACE on 30 pairs of kernels written after the race analysis was tuned on ptx_corpus: each
pair a kernel with a shared-memory race and the same kernel fixed (docs/PTX_ANALYZER.md).

Compiles races/*.cu with nvcc (-arch=sm_80 -O3 -ptx), runs tnptx on each kernel and compares
SHARED_RACE with races/labels.txt (FILE KERNEL race|ok); prints the kernels it gets wrong and the
precision and recall.

usage: ptx_corpus/fresh/races.py TNPTX
Needs nvcc on PATH; skips (exit 0) with a note when it is missing.
"""
import json, os, shutil, subprocess, sys, tempfile


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    tnptx = os.path.abspath(sys.argv[1])
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "races")
    if not shutil.which("nvcc"):
        print("nvcc not found: skipped")
        return 0
    tp = fp = fn = tn = 0
    with tempfile.TemporaryDirectory() as work:
        for line in open(os.path.join(here, "labels.txt")):
            if not line.strip():
                continue
            cu, kernel, label = line.split()
            ptx = os.path.join(work, cu[:-3] + ".ptx")
            if not os.path.exists(ptx):
                subprocess.run(["nvcc", "-arch=sm_80", "-O3", "-ptx", os.path.join(here, cu), "-o", ptx], check=True)
            out = subprocess.run([tnptx, "--json", ptx], capture_output=True, text=True, timeout=60).stdout
            kernels = {k["name"]: k for k in json.loads(out)["files"][0]["kernels"]}
            found = [f for f in kernels[kernel]["findings"] if f["rule"] == "SHARED_RACE"]
            got, want = bool(found), label == "race"
            tp, fp, fn, tn = tp + (got and want), fp + (got and not want), fn + (want and not got), tn + (not got and not want)
            if got != want:
                print("%-24s %-28s labelled %-4s tnptx: %s" % (cu, kernel, label, found[0]["message"] if found else "no race"))
    print("SHARED_RACE: TP %d FP %d FN %d TN %d, precision %.3f, recall %.3f" %
          (tp, fp, fn, tn, tp / max(1, tp + fp), tp / max(1, tp + fn)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
