#!/usr/bin/env python3
"""The analyzer on PTX from another compiler: the corpus's nvcc kernels (ptx_corpus/src, the
defines each case was built with) compiled by clang's NVPTX back end instead, then
 - accept/reject against ptxas on each file,
 - each rule whose label comes from construction (the kernel's meaning, not its code: races,
   divergent barriers, bank conflicts, coalescing, bounds checks) against that label,
 - the register estimate against ptxas -v and the unbounded figure against ptxas -v -maxrregcount 255
   on the clang PTX,
per split of the case. Nothing here is tuned on: it reports. Kernels clang cannot compile without
the CUDA headers (see cuda_shim.h) and Hopper kernels (clang 14 stops at sm_86) are skipped.
usage: ptx_corpus/llvm/check_llvm.py BUILD_DIR [OUT_DIR]     (needs clang and ptxas)"""
import json, os, re, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.dirname(HERE)
SEMANTIC = ["BARRIER_DIVERGENCE", "SHARED_RACE", "BANK_CONFLICT", "UNCOALESCED_GLOBAL", "MISSING_BOUNDS_CHECK"]


def label(path):
    lab = {"rules": {}}
    for line in open(path):
        w = line.split()
        if not w or w[0].startswith("#"):
            continue
        if w[0] == "rule" and len(w) >= 4:
            lab["rules"][w[1]] = (w[2], w[3])
        elif w[0] in ("origin", "split", "arch"):
            lab[w[0]] = w[1]
        elif w[0] == "how":
            lab["how"] = " ".join(w[1:])
    return lab


def ptxas_regs(ptxas, path, arch, *options):
    r = subprocess.run([ptxas, f"-arch={arch}", "-v", *options, path, "-o", "/dev/null"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        return None
    return {m.group(1): int(m.group(2)) for m in
            re.finditer(r"Compiling entry function '(\w+)'.*?Used (\d+) registers", r.stderr, re.S)}


def main():
    build = sys.argv[1]
    out = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp()
    os.makedirs(out, exist_ok=True)
    tnptx = os.path.join(build, "gen", "tnptx")
    clang = shutil.which("clang") or shutil.which("clang-14")
    ptxas = shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas"
    stats = {}
    for name in sorted(os.listdir(os.path.join(CORPUS, "cases"))):
        if not name.endswith(".label"):
            continue
        lab = label(os.path.join(CORPUS, "cases", name))
        how = lab.get("how", "")
        if lab.get("origin") != "nvcc13" or lab.get("arch") != "sm_80" or ";" in how:
            continue
        case = name[:-6]
        defines = re.findall(r"-D\S+", how)
        src = os.path.join(CORPUS, how.split()[-1])
        ptx = os.path.join(out, case + ".ptx")
        cc = subprocess.run([clang, "-x", "cuda", "--cuda-gpu-arch=sm_80", "--cuda-device-only", "-nocudainc",
                             "-nocudalib", "-Xclang", "-target-feature", "-Xclang", "+ptx70", "-include",
                             os.path.join(HERE, "cuda_shim.h"), "-O3", "-S", *defines,
                             src, "-o", ptx], capture_output=True, text=True)
        s = stats.setdefault(lab["split"], {"cases": 0, "skipped": 0, "agree": 0, "rules": {}, "regs": []})
        if cc.returncode != 0:
            s["skipped"] += 1
            continue
        s["cases"] += 1
        regs = ptxas_regs(ptxas, ptx, "sm_80")
        regs255 = ptxas_regs(ptxas, ptx, "sm_80", "-maxrregcount", "255") if regs is not None else None
        rep = subprocess.run([tnptx, "--json", "--strict", ptx], capture_output=True, text=True)
        doc = json.loads(rep.stdout)["files"][0]
        s["agree"] += (regs is not None) == doc["valid"]
        fired = {f["rule"] for k in doc["kernels"] for f in k["findings"]} | {f["rule"] for f in doc["errors"]}
        for rule in SEMANTIC:
            want, oracle = lab["rules"].get(rule, ("-", "-"))
            if oracle != "construction":
                continue
            t = s["rules"].setdefault(rule, [0, 0, 0, 0])  # TP FP FN TN
            got = rule in fired
            t[(0 if got else 2) if want == "yes" else (1 if got else 3)] += 1
            if got != (want == "yes"):
                print(f"  [{lab['split']}] {case}: {rule} {'false report' if got else 'missed'}")
        for k in doc["kernels"]:
            if regs and k["name"] in regs and regs[k["name"]] > 0 and k["name"] in regs255:
                r = k["registers"]
                s["regs"].append((r["estimate"], regs[k["name"]], r.get("unbounded", r["estimate"]),
                                  regs255[k["name"]]))
    for split in sorted(stats):
        s = stats[split]
        print(f"== {split}: {s['cases']} cases compiled by clang ({s['skipped']} skipped); "
              f"accept/reject agrees with ptxas on {s['agree']}")
        for rule, (tp, fp, fn, tn) in sorted(s["rules"].items()):
            p = tp / (tp + fp) if tp + fp else 1.0
            r = tp / (tp + fn) if tp + fn else 1.0
            print(f"  {rule:22s} TP {tp:3d} FP {fp:3d} FN {fn:3d} TN {tn:3d}  precision {p:.3f} recall {r:.3f}")
        if s["regs"]:
            mre = sum(abs(e - t) / t for e, t, _, _ in s["regs"]) / len(s["regs"])
            mre255 = sum(abs(u - t) / t for _, _, u, t in s["regs"]) / len(s["regs"])
            print(f"  registers on {len(s['regs'])} kernels: MRE {100 * mre:.1f}% against ptxas -v, "
                  f"{100 * mre255:.1f}% (unbounded) against ptxas -maxrregcount 255")


if __name__ == "__main__":
    main()
