#!/usr/bin/env python3
"""Compiles the Triton kernels of kernels.py for the GPU of this machine (an H100: sm_90a) and
writes, for each, OUTDIR/triton_<name>.ptx and OUTDIR/triton_<name>.json (num_warps, num_stages,
shared bytes, the .reqntid of the PTX), plus OUTDIR/triton_manifest.json with every kernel's fate.

Each kernel gets small CUDA tensors; it is first compiled for them (JITFunction.warmup, or a launch
where warmup is unavailable) and its PTX taken from the compiled kernel (compiled.asm["ptx"]) or,
failing that, from the kernel cache (TRITON_CACHE_DIR, pointed at a fresh directory below). Only
when every PTX is written is each kernel launched once, so that a kernel faulting on the device
cannot cost the PTX of the others. A kernel that fails is reported and skipped. Needs Triton 3.6
and PyTorch with CUDA; no network. Runs in well under 3 minutes and writes a few MiB.

usage: python3 ptx_corpus/triton/compile_triton.py OUTDIR
then, on a machine with nvcc and ptxas (this repository's build machine):
       TRITON_PTX_DIR=OUTDIR ptx_corpus/build_corpus.py
   (or copy OUTDIR/triton_* into ptx_corpus/triton/ptx/ and run ptx_corpus/build_corpus.py)
"""
import glob
import json
import os
import re
import sys
import tempfile
import time
import traceback

TIME_BUDGET_S = 150              # stop compiling new kernels after this long (the run must stay under 3 min)
SIZE_BUDGET = 16 * 1024 * 1024   # bytes written under OUTDIR, at most


def meta_get(md, key, default=None):
    if md is None:
        return default
    if isinstance(md, dict):
        return md.get(key, default)
    return getattr(md, key, default)


def first_line(e):
    return "%s: %s" % (type(e).__name__, (str(e).strip().splitlines() or [""])[0][:200])


def ptx_from_cache(cache_dir, kernel_name, seen):
    """The newest .ptx in the cache named after the kernel that was not taken yet, and its metadata."""
    found = [p for p in glob.glob(os.path.join(cache_dir, "**", "*.ptx"), recursive=True)
             if os.path.basename(p)[:-4] == kernel_name and p not in seen]
    if not found:
        return None, None
    path = max(found, key=os.path.getmtime)
    seen.add(path)
    meta = None
    if os.path.exists(path[:-4] + ".json"):
        try:
            meta = json.load(open(path[:-4] + ".json"))
        except ValueError:
            meta = None
    return open(path).read(), meta


def compile_one(spec, cache_dir, seen):
    """(ptx, metadata, error) for one launch spec; compiles without running when it can."""
    fn, grid, args, kwargs = spec
    compiled, error = None, None
    try:
        compiled = fn.warmup(*args, grid=grid, **kwargs)
    except Exception as e:
        error = "warmup " + first_line(e)
        try:
            compiled = fn[grid](*args, **kwargs)
            error = None
        except Exception as e2:
            error = "launch " + first_line(e2)
            traceback.print_exc(limit=3)
    ptx, md = None, None
    if compiled is not None:
        asm = meta_get(compiled, "asm") or {}
        ptx = asm.get("ptx") if hasattr(asm, "get") else None
        md = meta_get(compiled, "metadata")
    if not ptx:
        ptx, md = ptx_from_cache(cache_dir, fn.__name__, seen)
    return ptx, md, error


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: compile_triton.py OUTDIR")
    out_dir = os.path.abspath(sys.argv[1])
    os.makedirs(out_dir, exist_ok=True)
    cache_dir = tempfile.mkdtemp(prefix="triton-corpus-cache-")
    os.environ["TRITON_CACHE_DIR"] = cache_dir     # set before triton is imported: only our kernels in it
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import torch
    import triton
    import kernels

    cap = torch.cuda.get_device_capability()
    print("triton %s, torch %s, %s (sm_%d%d)" % (triton.__version__, torch.__version__,
                                                 torch.cuda.get_device_name(), cap[0], cap[1]), flush=True)
    start = time.time()
    written, results, seen, specs = 0, {}, set(), {}
    # 1. compile every kernel and write its PTX
    for name, (make_spec, jit_fn) in kernels.LAUNCHES.items():
        if time.time() - start > TIME_BUDGET_S:
            results[name] = "skipped: time budget spent"
            print("%-22s %s" % (name, results[name]), flush=True)
            continue
        t0 = time.time()
        try:
            spec = make_spec()
        except Exception as e:
            results[name] = "FAILED: inputs: " + first_line(e)
            print("%-22s %s" % (name, results[name]), flush=True)
            continue
        ptx, md, error = compile_one(spec, cache_dir, seen)
        if not ptx:
            results[name] = "FAILED: %s" % (error or "no PTX from the compiled kernel nor in the cache")
            print("%-22s %s" % (name, results[name]), flush=True)
            continue
        specs[name] = spec
        req = re.search(r"\.reqntid\s+(\d+)(?:\s*,\s*(\d+))?(?:\s*,\s*(\d+))?", ptx)
        reqntid = None
        if req:
            reqntid = 1
            for g in req.groups():
                reqntid *= int(g) if g else 1
        target = re.search(r"^\.target\s+(\S+)", ptx, re.M)
        version = re.search(r"^\.version\s+(\S+)", ptx, re.M)
        info = {
            "name": name,
            "kernel": jit_fn.__name__,
            "num_warps": meta_get(md, "num_warps"),
            "num_stages": meta_get(md, "num_stages"),
            "num_ctas": meta_get(md, "num_ctas"),
            "shared": meta_get(md, "shared"),
            "reqntid": reqntid,
            "target": target.group(1) if target else None,
            "ptx_version": version.group(1) if version else None,
            "triton": triton.__version__,
        }
        blob = json.dumps(info, indent=1, sort_keys=True, default=str) + "\n"
        if written + len(ptx) + len(blob) > SIZE_BUDGET:
            results[name] = "skipped: size budget spent"
            print("%-22s %s" % (name, results[name]), flush=True)
            continue
        with open(os.path.join(out_dir, "triton_%s.ptx" % name), "w") as f:
            f.write(ptx)
        with open(os.path.join(out_dir, "triton_%s.json" % name), "w") as f:
            f.write(blob)
        written += len(ptx) + len(blob)
        results[name] = "ok: %d bytes of PTX, %s warps, %s bytes shared, compiled in %.1f s" % (
            len(ptx), info["num_warps"], info["shared"], time.time() - t0)
        print("%-22s %s" % (name, results[name]), flush=True)
    # 2. launch each compiled kernel once (a fault here cannot lose any PTX any more)
    ran = {}
    for name, (fn, grid, args, kwargs) in specs.items():
        try:
            fn[grid](*args, **kwargs)
            torch.cuda.synchronize()
            ran[name] = "ok"
        except Exception as e:
            ran[name] = "FAILED: " + first_line(e)
        print("%-22s launch %s" % (name, ran[name]), flush=True)
    with open(os.path.join(out_dir, "triton_manifest.json"), "w") as f:
        json.dump({"triton": triton.__version__, "torch": torch.__version__, "device": torch.cuda.get_device_name(),
                   "capability": "sm_%d%d" % cap, "compile": results, "launch": ran}, f, indent=1, sort_keys=True)
    ok = sum(1 for r in results.values() if r.startswith("ok"))
    print("\n%d of %d kernels compiled (%d launched without error), %d bytes written to %s in %.1f s" % (
        ok, len(results), sum(1 for r in ran.values() if r == "ok"), written, out_dir, time.time() - start))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
