#!/usr/bin/env python3
"""Barrier-deletion mutants of the fresh sets' kernels, for labelling with compute-sanitizer's
racecheck on a GPU (docs/PTX_ANALYZER.md, "Races a GPU observes").

For every sm_80 kernel of the fresh race and register sets that the host program can launch
(one row of threads, parameters that are pointers or scalars), the kernel itself and, one at a
time, the kernel with one of its block barriers (`bar.sync 0` / `barrier.sync 0`) deleted (at most
three: the first, the last and one between).
Writes OUT/ptx/*.ptx (the sets' PTX as nvcc 13 writes it, -arch=sm_80 -O3) and OUT/manifest.json,
one entry per run: the PTX file, the kernel, the line to delete (0: none), the block, the grid
and the parameters as racehost takes them. Each kernel is in the tuning or the held-out part
(a third held out, by a hash of its set, file and name).

usage: ptx_corpus/racecheck/mutants.py OUT     (needs nvcc)
"""
import glob, hashlib, json, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
FRESH = os.path.join(HERE, "..", "fresh")
BARRIER = re.compile(r"^\s*(bar\.sync|barrier\.sync(\.aligned)?)\s+0\s*;")
ENTRY = re.compile(r"\.(visible\s+)?\.entry\s+(\w+)\s*\(")
GRID = 2
MUTANTS_PER_KERNEL = 3
SCALAR = "1024"


def arch_of(cu):
    first = open(cu).readline()
    return first.split(":", 1)[1].strip() if first.startswith("// arch:") else "sm_80"


def compile_sets(out):
    """Every .cu of the race and register sets (sm_80 ones) compiled to OUT/ptx/SET_FILE.ptx."""
    files = []
    for cu in sorted(glob.glob(os.path.join(FRESH, "*", "*.cu"))):
        if arch_of(cu) != "sm_80":
            continue
        name = os.path.basename(os.path.dirname(cu)) + "_" + os.path.basename(cu)[:-3] + ".ptx"
        ptx = os.path.join(out, "ptx", name)
        if not os.path.exists(ptx):
            r = subprocess.run(["nvcc", "-arch=sm_80", "-O3", "-ptx", cu, "-o", ptx], capture_output=True)
            if r.returncode:
                print("skipped (nvcc failed):", cu, file=sys.stderr)
                continue
        files.append(ptx)
    return files


def kernels_of(lines):
    """(name, first line, last line) of each entry: from `.entry` to its closing brace."""
    found = []
    for i, line in enumerate(lines):
        m = ENTRY.search(line)
        if not m:
            continue
        depth, seen, j = 0, False, i
        while j < len(lines):
            depth += lines[j].count("{") - lines[j].count("}")
            seen = seen or "{" in lines[j]
            if seen and depth == 0:
                break
            j += 1
        found.append((m.group(2), i, j))
    return found


def params_of(lines, first, name):
    """racehost's parameter list, or None when a parameter is not a scalar or pointer."""
    header = []
    for line in lines[first:]:
        header.append(line)
        if ")" in line:
            break
    decls = re.findall(r"\.param\s+(\.align\s+\d+\s+)?\.(\w+)\s+(\w+)(\[\d+\])?", " ".join(header))
    body = "".join(lines[first:])
    spec = []
    for _, ty, pname, array in decls:
        if array:
            return None
        if ty in ("u64", "s64", "b64"):
            reg = re.search(r"ld\.param\.[us]64\s+(%rd\d+),\s*\[" + pname + r"\]", body)
            pointer = reg and re.search(r"cvta\.to\.(global|shared)\.u64\s+%rd\d+,\s*" + reg.group(1) + r"\s*;", body)
            spec.append("p" if pointer or not reg else "i8:" + SCALAR)
        elif ty in ("u32", "s32", "b32"):
            spec.append("i4:" + SCALAR)
        elif ty in ("u8", "s8", "u16", "s16", "b8", "b16"):
            spec.append("i4:1")
        elif ty == "f32":
            spec.append("f4:0.5")
        elif ty == "f64":
            spec.append("f8:0.5")
        else:
            return None
    return ",".join(spec)


def block_of(text):
    """Threads per block, one row: the declared size, else 256; None for 2-D and 3-D kernels."""
    m = re.search(r"\.(reqntid|maxntid)\s+(\d+)(\s*,\s*(\d+))?(\s*,\s*(\d+))?", text)
    if m and int(m.group(4) or 1) * int(m.group(6) or 1) > 1:
        return None
    if re.search(r"%tid\.[yz]|%ntid\.[yz]", text):
        return None
    return int(m.group(2)) if m else 256


def heldout(key):
    return int(hashlib.sha256(key.encode()).hexdigest(), 16) % 3 == 0


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(os.path.join(out, "ptx"), exist_ok=True)
    labels = {}
    for path in glob.glob(os.path.join(FRESH, "races*", "labels.txt")):
        for line in open(path):
            if line.strip():
                cu, kernel, label = line.split()
                labels[(os.path.basename(os.path.dirname(path)), kernel)] = label
    runs, skipped = [], 0
    for ptx in compile_sets(out):
        lines = open(ptx).read().split("\n")
        base = os.path.basename(ptx)
        fset = base.split("_", 1)[0]
        for name, first, last in kernels_of(lines):
            text = "\n".join(lines[first:last + 1])
            block, params = block_of(text), params_of(lines, first, name)
            shared = re.search(r"\b(st|atom|red)\.shared|cp\.async", text)
            barriers = [i for i in range(first, last + 1) if BARRIER.match(lines[i])]
            race_set = (fset, name) in labels
            if block is None or params is None or not shared or not (barriers or race_set):
                skipped += 1
                continue
            split = "heldout" if heldout(fset + "/" + base + "/" + name) else "tuning"
            common = {"ptx": "ptx/" + base, "kernel": name, "block": block, "grid": GRID, "params": params,
                      "set": fset, "split": split, "author_label": labels.get((fset, name), "")}
            runs.append(dict(common, id="%s.%s.0" % (base[:-4], name), delete=0))
            if len(barriers) > MUTANTS_PER_KERNEL:  # the first, the last and evenly between
                step = (len(barriers) - 1) / (MUTANTS_PER_KERNEL - 1)
                barriers = [barriers[round(k * step)] for k in range(MUTANTS_PER_KERNEL)]
            for i in barriers:
                runs.append(dict(common, id="%s.%s.%d" % (base[:-4], name, i + 1), delete=i + 1))
    json.dump(runs, open(os.path.join(out, "manifest.json"), "w"), indent=0)
    print("%d runs (%d kernels as written, %d mutants); %d kernels skipped (2-D/3-D, aggregate parameters,"
          " no shared memory or barrier)" % (len(runs), sum(r["delete"] == 0 for r in runs),
                                              sum(r["delete"] > 0 for r in runs), skipped))


if __name__ == "__main__":
    main()
