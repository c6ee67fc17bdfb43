#!/usr/bin/env python3
"""The register estimate on kernels the register model was not fitted on (docs/PTX_ANALYZER.md).

Compiles each set's CUDA files with nvcc (-arch=sm_80 -O3 -ptx), asks ptxas for the registers of
every kernel (-v -maxrregcount 255, the same truth as ptx_corpus) and tnptx for its estimate, and
prints each kernel's figures and the set's mean relative error. set1 was written after the model
was fitted on ptx_corpus's tuning split, measured, and then used to fix the model; set2 was
written after that and only measured.

usage: ptx_corpus/fresh/registers.py TNPTX [SET_DIR...]    (default: both sets)
Needs nvcc and ptxas on PATH; skips (exit 0) with a note when they are missing.
"""
import glob, json, os, re, shutil, subprocess, sys, tempfile


def ptxas_registers(ptx, arch):
    out = subprocess.run(["ptxas", "-arch=" + arch, "-v", "-maxrregcount", "255", ptx, "-o", os.devnull],
                         capture_output=True, text=True).stderr
    regs, cur = {}, None
    for line in out.splitlines():
        m = re.search(r"Compiling entry function '(\w+)'", line)
        if m:
            cur = m.group(1)
        m = re.search(r"Used (\d+) registers", line)
        if m and cur:
            regs[cur] = int(m.group(1))
    return regs


def measure(tnptx, folder, work):
    rows = []
    for cu in sorted(glob.glob(os.path.join(folder, "*.cu"))):
        ptx = os.path.join(work, os.path.basename(cu)[:-3] + ".ptx")
        subprocess.run(["nvcc", "-arch=sm_80", "-O3", "-ptx", cu, "-o", ptx], check=True)
        truth = ptxas_registers(ptx, "sm_80")
        try:
            res = subprocess.run([tnptx, "--json", ptx], capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            print("%s: tnptx took over 60 s" % cu)
            rows.append((os.path.basename(cu), "(all)", None, None))
            continue
        for k in json.loads(res.stdout)["files"][0]["kernels"]:
            if k["kind"] == "entry" and k["name"] in truth:
                rows.append((os.path.basename(cu), k["name"], k["registers"]["estimate"], truth[k["name"]]))
    return rows


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    tnptx = os.path.abspath(sys.argv[1])
    here = os.path.dirname(os.path.abspath(__file__))
    sets = sys.argv[2:] or [os.path.join(here, "set1"), os.path.join(here, "set2")]
    if not shutil.which("nvcc") or not shutil.which("ptxas"):
        print("nvcc or ptxas not found: skipped")
        return 0
    failed = False
    with tempfile.TemporaryDirectory() as work:
        for folder in sets:
            rows = measure(tnptx, folder, work)
            errors = []
            for f, name, est, truth in rows:
                if est is None:
                    failed = True
                    continue
                errors.append(abs(est - truth) / truth)
                print("%-28s %-34s tnptx %3d ptxas %3d %6.1f %%" % (f, name, est, truth, 100 * errors[-1]))
            print("== %s: %d kernels, mean relative error %.1f %%" %
                  (os.path.basename(folder), len(errors), 100 * sum(errors) / max(1, len(errors))))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
