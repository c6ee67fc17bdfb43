#!/usr/bin/env python3
"""SHARED_RACE on pairs of kernels written after the race analysis was tuned on ptx_corpus: each
pair a kernel with a shared-memory race and the same kernel fixed (docs/PTX_ANALYZER.md). races/
(30 pairs) was measured and then used to fix the analysis; races2/ (30 pairs, one racy kernel
found race-free: labelled ok, see races2/WHERE.txt) was written after that, and races3/ (30 pairs,
by an author who saw neither the analyzer nor the corpus) after races2's fixes; races4/ (30 pairs, by
another such author) after races3's; races5/ (30 pairs, by another) after races4's; races6/ (30 pairs,
by another) after races5's; races7/ (30 pairs for sm_90a: TMA and bulk copies on mbarriers,
warp-specialised rings, wgmma, clusters, cp.async pipelines; by another) after races6's; races8/
(30 pairs for sm_80 in SDK-sample and library styles, by another) after races7's; races9/ (30 pairs
for sm_80, by another) after races8's; races10/ (30 pairs for sm_80, by another) after races9's; races11/ (40 race-free and 10 racy kernels in
the styles of the SDK samples and GPUVerify's suites, loops whose trip count differs between threads,
by another) after races10's; races12/ (30 pairs, 5 for sm_90a, by another) after races11's; races13/ (30
pairs, 2 for sm_90a, by another) after races12's; races14/ (30 pairs, 2 for sm_90a, by another) after
races13's; races15/ (30 pairs, 3 for sm_90a, by another) after races14's; races16/ (30 pairs, 3 for
sm_90a, by another) after races15's.

Compiles a set's *.cu with nvcc (-arch=sm_80 -O3 -ptx, or the architecture a file's first line names
as `// arch: sm_90a`), runs tnptx on each kernel and compares
SHARED_RACE with the set's labels.txt (FILE KERNEL race|ok); prints the kernels it gets wrong and
the precision and recall.

usage: ptx_corpus/fresh/races.py TNPTX [SET_DIR...]    (default: races to races16)
Needs nvcc on PATH; skips (exit 0) with a note when it is missing.
"""
import json, os, shutil, subprocess, sys, tempfile


def arch_of(cu):
    """The architecture a file's first line names (`// arch: sm_90a`), sm_80 when none."""
    first = open(cu).readline()
    return first.split(":", 1)[1].strip() if first.startswith("// arch:") else "sm_80"


def measure(tnptx, here, work):
    tp = fp = fn = tn = 0
    for line in open(os.path.join(here, "labels.txt")):
        if not line.strip():
            continue
        cu, kernel, label = line.split()
        ptx = os.path.join(work, os.path.basename(here) + "_" + cu[:-3] + ".ptx")
        if not os.path.exists(ptx):
            subprocess.run(["nvcc", "-arch=" + arch_of(os.path.join(here, cu)), "-O3", "-ptx", os.path.join(here, cu),
                            "-o", ptx], check=True)
        out = subprocess.run([tnptx, "--json", ptx], capture_output=True, text=True, timeout=60).stdout
        kernels = {k["name"]: k for k in json.loads(out)["files"][0]["kernels"]}
        found = [f for f in kernels[kernel]["findings"] if f["rule"] == "SHARED_RACE"]
        got, want = bool(found), label == "race"
        tp, fp, fn, tn = tp + (got and want), fp + (got and not want), fn + (want and not got), tn + (not got and not want)
        if got != want:
            print("%-24s %-28s labelled %-4s tnptx: %s" % (cu, kernel, label, found[0]["message"] if found else "no race"))
    print("== %s SHARED_RACE: TP %d FP %d FN %d TN %d, precision %.3f, recall %.3f" %
          (os.path.basename(here), tp, fp, fn, tn, tp / max(1, tp + fp), tp / max(1, tp + fn)))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    tnptx = os.path.abspath(sys.argv[1])
    root = os.path.dirname(os.path.abspath(__file__))
    sets = sys.argv[2:] or [os.path.join(root, name) for name in
                            ("races", "races2", "races3", "races4", "races5", "races6", "races7", "races8",
                             "races9", "races10", "races11", "races12", "races13", "races14", "races15", "races16")]
    if not shutil.which("nvcc"):
        print("nvcc not found: skipped")
        return 0
    with tempfile.TemporaryDirectory() as work:
        for here in sets:
            measure(tnptx, os.path.abspath(here), work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
