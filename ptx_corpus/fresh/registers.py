#!/usr/bin/env python3
"""The register estimate and the register rules on kernels the register model was not fitted on
(docs/PTX_ANALYZER.md).

Compiles each set's CUDA files with nvcc (-arch=sm_80 -O3 -ptx), asks ptxas for every kernel's
registers, spill stores and stack frame as nvcc runs it (-v, no options: the caps are the PTX's
own) and its registers with -maxrregcount 255, and tnptx for its estimate (against the first),
its unbounded figure (against the second) and its findings. Prints each kernel's registers, the
set's mean relative errors, the kernels a rule gets wrong and each rule's precision and recall,
against, as ptx_corpus labels them: REGISTER_SPILL, spill stores; LOCAL_MEMORY, a .local array in
the file and a stack frame with -maxrregcount 255; HIGH_REGISTER_PRESSURE, more than 64 registers
with -maxrregcount 255. set1 was written
after the model was fitted on ptx_corpus's tuning split, measured, and then used to fix the model;
set2 was written after that, measured and used for later fixes; set3 to set17 by authors who saw
neither the analyzer nor the corpus (README.md).

usage: ptx_corpus/fresh/registers.py TNPTX [SET_DIR...]    (default: the seventeen sets)
Needs nvcc and ptxas on PATH; skips (exit 0) with a note when they are missing.
"""
import glob, json, os, re, shutil, subprocess, sys, tempfile

RULES = ("REGISTER_SPILL", "LOCAL_MEMORY", "HIGH_REGISTER_PRESSURE")


def ptxas_figures(ptx, *options):
    out = subprocess.run(["ptxas", "-arch=sm_80", "-v", *options, ptx, "-o", os.devnull],
                         capture_output=True, text=True).stderr
    kernels, cur = {}, None
    for line in out.splitlines():
        m = re.search(r"Compiling entry function '(\w+)'", line)
        if m:
            cur = kernels.setdefault(m.group(1), {})
        m = re.search(r"Function properties for (\w+)", line)
        if m:  # a device function's properties follow the kernel's: not the kernel's frame
            cur = kernels.get(m.group(1))
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores", line)
        if m and cur is not None:
            cur["stack"], cur["spill"] = int(m.group(1)), int(m.group(2))
        m = re.search(r"Used (\d+) registers", line)
        if m and cur is not None:
            cur["regs"] = int(m.group(1))
    return kernels


def has_local(text, kernel):
    """Whether the kernel's body, or a function of the file when the kernel makes calls, declares a
    .local array (ptx_corpus asks the same of a case's file)."""
    m = re.search(r"\.entry\s+%s\s*\(.*?^}" % re.escape(kernel), text, re.M | re.S)
    body = m.group(0) if m else text
    local = re.compile(r"^\s*\.local\b", re.M)
    funcs = "".join(f.group(0) for f in re.finditer(r"\.func\b.*?^}", text, re.M | re.S))
    return bool(local.search(body)) or (bool(re.search(r"\bcall", body)) and bool(local.search(funcs)))


def measure(tnptx, folder, work):
    """Rows (file, kernel, estimate, registers, rules found, rules ptxas says); None for a file tnptx
    did not finish."""
    rows = []
    for cu in sorted(glob.glob(os.path.join(folder, "*.cu"))):
        ptx = os.path.join(work, os.path.basename(cu)[:-3] + ".ptx")
        subprocess.run(["nvcc", "-arch=sm_80", "-O3", "-ptx", cu, "-o", ptx], check=True)
        capped, plain = ptxas_figures(ptx, "-maxrregcount", "255"), ptxas_figures(ptx)
        text = open(ptx).read()
        try:
            res = subprocess.run([tnptx, "--json", ptx], capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            print("%s: tnptx took over 60 s" % cu)
            rows.append(None)
            continue
        for k in json.loads(res.stdout)["files"][0]["kernels"]:
            name = k["name"]
            if k["kind"] != "entry" or name not in capped:
                continue
            truth = {"REGISTER_SPILL": plain[name]["spill"] > 0,
                     "LOCAL_MEMORY": has_local(text, name) and capped[name]["stack"] > 0,
                     "HIGH_REGISTER_PRESSURE": capped[name]["regs"] > 64}
            found = {f["rule"] for f in k["findings"]}
            regs = k["registers"]
            rows.append((os.path.basename(cu), name, regs["estimate"], plain[name]["regs"], regs.get("unbounded", regs["estimate"]),
                         capped[name]["regs"], {r for r in RULES if r in found}, {r for r in RULES if truth[r]}))
    return rows


def report(folder, rows):
    errors, unbounded, counts = [], [], {r: [0, 0, 0] for r in RULES}  # TP FP FN
    for f, name, est, regs, unb, regs255, found, truth in rows:
        errors.append(abs(est - regs) / regs)
        unbounded.append(abs(unb - regs255) / regs255)
        print("%-28s %-34s tnptx %3d ptxas %3d %6.1f %%; -maxrregcount 255: tnptx %3d ptxas %3d" %
              (f, name, est, regs, 100 * errors[-1], unb, regs255))
        for r in RULES:
            counts[r][0] += r in found and r in truth
            counts[r][1] += r in found and r not in truth
            counts[r][2] += r in truth and r not in found
            if (r in found) != (r in truth):
                print("    %s: tnptx %s, ptxas %s" % (r, r in found, r in truth))
    print("== %s: %d kernels, mean relative error %.1f %% against ptxas -v, %.1f %% against ptxas "
          "-maxrregcount 255" % (os.path.basename(folder), len(errors), 100 * sum(errors) / max(1, len(errors)),
                                 100 * sum(unbounded) / max(1, len(unbounded))))
    for r, (tp, fp, fn) in counts.items():
        print("   %-24s TP %2d FP %2d FN %2d  precision %.3f recall %.3f" %
              (r, tp, fp, fn, tp / max(1, tp + fp), tp / max(1, tp + fn)))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    tnptx = os.path.abspath(sys.argv[1])
    here = os.path.dirname(os.path.abspath(__file__))
    sets = sys.argv[2:] or [os.path.join(here, name)
                            for name in ("set1", "set2", "set3", "set4", "set5", "set6", "set7", "set8", "set9",
                                         "set10", "set11", "set12", "set13", "set14", "set15", "set16", "set17")]
    if not shutil.which("nvcc") or not shutil.which("ptxas"):
        print("nvcc or ptxas not found: skipped")
        return 0
    failed = False
    with tempfile.TemporaryDirectory() as work:
        for folder in sets:
            rows = measure(tnptx, folder, work)
            failed |= None in rows
            report(folder, [row for row in rows if row])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
