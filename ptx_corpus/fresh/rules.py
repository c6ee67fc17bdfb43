#!/usr/bin/env python3
"""REGISTER_SPILL, LOCAL_MEMORY and HIGH_REGISTER_PRESSURE on compiled fresh kernels, against ptxas:
spill stores (plain ptxas -v, whose caps are the PTX's own), a stack frame beyond the spills, and
more than 64 registers under -maxrregcount 255 (the corpus's labels, docs/PTX_ANALYZER.md).
usage: ptx_corpus/fresh/rules.py TNPTX PTX_DIR   (PTX_DIR: kNN_*.ptx compiled from set1 or set2 with
nvcc -arch=sm_80 -O3 -ptx, as registers.py does)
"""
import glob, json, os, re, subprocess, sys
if len(sys.argv) != 3:
    sys.exit(__doc__)
tnptx, folder = sys.argv[1], sys.argv[2]
stats = {"REGISTER_SPILL": [0,0,0,0], "LOCAL_MEMORY": [0,0,0,0], "HIGH_REGISTER_PRESSURE": [0,0,0,0]}
for ptx in sorted(glob.glob(os.path.join(folder, "k*.ptx"))):
    out = subprocess.run(["ptxas", "-arch=sm_80", "-v", ptx, "-o", os.devnull], capture_output=True, text=True).stderr
    out255 = subprocess.run(["ptxas", "-arch=sm_80", "-v", "-maxrregcount", "255", ptx, "-o", os.devnull], capture_output=True, text=True).stderr
    def parse(o):
        d, cur = {}, None
        for line in o.splitlines():
            m = re.search(r"Compiling entry function '(\w+)'", line)
            if m: cur = m.group(1); d[cur] = {}
            m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores", line)
            if m and cur: d[cur]["stack"] = int(m.group(1)); d[cur]["spill"] = int(m.group(2))
            m = re.search(r"Used (\d+) registers", line)
            if m and cur: d[cur]["regs"] = int(m.group(1))
        return d
    t, t255 = parse(out), parse(out255)
    js = json.loads(subprocess.run([tnptx, "--json", "--strict", ptx], capture_output=True, text=True, timeout=60).stdout)
    for k in js["files"][0]["kernels"]:
        if k["kind"] != "entry" or k["name"] not in t: continue
        rules = {f["rule"] for f in k["findings"]}
        truth = {"REGISTER_SPILL": t[k["name"]]["spill"] > 0,
                 "LOCAL_MEMORY": t[k["name"]]["stack"] > t[k["name"]]["spill"],
                 "HIGH_REGISTER_PRESSURE": t255[k["name"]]["regs"] > 64}
        for r, want in truth.items():
            got = r in rules
            s = stats[r]
            s[0] += got and want; s[1] += got and not want; s[2] += want and not got; s[3] += not got and not want
            if got != want: print("  %s %s %s: tnptx %s, ptxas %s (regs %d/%d stack %d spill %d)" % (os.path.basename(ptx), k["name"], r, got, want, t255[k["name"]]["regs"], t[k["name"]]["regs"], t[k["name"]]["stack"], t[k["name"]]["spill"]))
for r, (tp, fp, fn, tn) in stats.items():
    print("%-24s TP %2d FP %2d FN %2d TN %2d  P %.3f R %.3f" % (r, tp, fp, fn, tn, tp / max(1, tp + fp), tp / max(1, tp + fn)))
