#!/usr/bin/env python3
"""PyTorch timings of the ops trueno runs on the GPU, for `tn_bench run --backend cuda --torch F`.

Each op runs on device tensors, timed by CUDA events around a calibrated batch of calls, median of
several batches (the method tn_bench uses). A device-to-device copy is timed too: the streaming
bar. Skips cleanly (exit 0, a JSON with no results and the reason) when torch or CUDA is absent.
Row ops (softmax, rmsnorm, layernorm) run at --shapes ROWSxCOLS through PyTorch and through
fused Triton kernels written here in the style of Triton's tutorials (one program per row, the
row in registers); a copy of the same bytes is timed beside them. Their results carry "n" as
tn_bench keys a shape: rows << 32 | cols.
usage: bench/torch_peers.py [--json OUT] [--sizes N,N,...] [--shapes RxC,...] [--op OP,OP,...]
"""
import argparse
import json
import statistics
import sys


def ops(torch):
    """op name -> (number of inputs, function of the inputs); results land in preallocated outputs."""
    return {
        "abs": (1, lambda x, out: torch.abs(x, out=out)),
        "add": (2, lambda x, y, out: torch.add(x, y, out=out)),
        "argmax": (1, lambda x, out: torch.argmax(x).item()),
        "axpy": (2, lambda x, y, out: y.add_(x, alpha=-0.5)),
        "clamp": (1, lambda x, out: torch.clamp(x, -0.5, 0.5, out=out)),
        "div": (2, lambda x, y, out: torch.div(x, y, out=out)),
        "dot": (2, lambda x, y, out: torch.dot(x, y).item()),
        "exp": (1, lambda x, out: torch.exp(x, out=out)),
        "max": (1, lambda x, out: torch.max(x).item()),
        "min": (1, lambda x, out: torch.min(x).item()),
        "mul": (2, lambda x, y, out: torch.mul(x, y, out=out)),
        "neg": (1, lambda x, out: torch.neg(x, out=out)),
        "norm_l2": (1, lambda x, out: torch.linalg.vector_norm(x).item()),
        "relu": (1, lambda x, out: torch.relu(x)),
        "scale": (1, lambda x, out: torch.mul(x, -0.5, out=out)),
        "sigmoid": (1, lambda x, out: torch.sigmoid(x, out=out)),
        "sqrt": (1, lambda x, out: torch.sqrt(x, out=out)),
        "sub": (2, lambda x, y, out: torch.sub(x, y, out=out)),
        "sum": (1, lambda x, out: torch.sum(x).item()),
        "copy": (1, lambda x, out: out.copy_(x)),
    }


def triton_kernels():
    """Fused row kernels in Triton (None when Triton is absent): name -> launcher(x, w, b, y)."""
    try:
        import triton
        import triton.language as tl
    except ImportError:
        return None

    @triton.jit
    def softmax_kernel(x_ptr, y_ptr, cols, BLOCK: tl.constexpr):
        row = tl.program_id(0)
        offs = tl.arange(0, BLOCK)
        mask = offs < cols
        x = tl.load(x_ptr + row * cols + offs, mask=mask, other=-float("inf"))
        e = tl.exp(x - tl.max(x, axis=0))
        tl.store(y_ptr + row * cols + offs, e / tl.sum(e, axis=0), mask=mask)

    @triton.jit
    def rmsnorm_kernel(x_ptr, w_ptr, y_ptr, cols, eps, BLOCK: tl.constexpr):
        row = tl.program_id(0)
        offs = tl.arange(0, BLOCK)
        mask = offs < cols
        x = tl.load(x_ptr + row * cols + offs, mask=mask, other=0.0)
        w = tl.load(w_ptr + offs, mask=mask, other=0.0)
        inv = 1.0 / tl.sqrt(tl.sum(x * x, axis=0) / cols + eps)
        tl.store(y_ptr + row * cols + offs, x * inv * w, mask=mask)

    @triton.jit
    def layernorm_kernel(x_ptr, w_ptr, b_ptr, y_ptr, cols, eps, BLOCK: tl.constexpr):
        row = tl.program_id(0)
        offs = tl.arange(0, BLOCK)
        mask = offs < cols
        x = tl.load(x_ptr + row * cols + offs, mask=mask, other=0.0)
        mean = tl.sum(x, axis=0) / cols
        d = tl.where(mask, x - mean, 0.0)
        rstd = 1.0 / tl.sqrt(tl.sum(d * d, axis=0) / cols + eps)
        w = tl.load(w_ptr + offs, mask=mask, other=0.0)
        b = tl.load(b_ptr + offs, mask=mask, other=0.0)
        tl.store(y_ptr + row * cols + offs, d * rstd * w + b, mask=mask)

    def launch(kernel, extra):
        def run(x, w, b, y):
            rows, cols = x.shape
            block = triton.next_power_of_2(cols)
            warps = 4 if block <= 2048 else 8 if block <= 8192 else 16 if block <= 16384 else 32
            kernel[(rows,)](*extra(x, w, b, y), cols, *(() if kernel is softmax_kernel else (1e-5,)),
                            BLOCK=block, num_warps=warps)
        return run

    return {
        "softmax": launch(softmax_kernel, lambda x, w, b, y: (x, y)),
        "rmsnorm": launch(rmsnorm_kernel, lambda x, w, b, y: (x, w, y)),
        "layernorm": launch(layernorm_kernel, lambda x, w, b, y: (x, w, b, y)),
    }


def row_ops(torch):
    """row op -> function(x, w, b, y) through PyTorch."""
    F = torch.nn.functional
    return {
        "softmax": lambda x, w, b, y: torch.softmax(x, dim=-1, out=y),
        # rms_norm and layer_norm take no out=: their result is a fresh tensor from PyTorch's
        # caching allocator (no device allocation once warm), y stays unused.
        "rmsnorm": lambda x, w, b, y: F.rms_norm(x, (x.shape[1],), w, 1e-5),
        "layernorm": lambda x, w, b, y: F.layer_norm(x, (x.shape[1],), w, b, 1e-5),
    }


def time_op(torch, fn, args, samples=11, least=2e-3):
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for _ in range(3):
        fn(*args)
    calls = 1
    while True:
        start.record()
        for _ in range(calls):
            fn(*args)
        stop.record()
        stop.synchronize()
        if start.elapsed_time(stop) * 1e-3 >= least or calls >= 1 << 20:
            break
        calls *= 4
    times = []
    for _ in range(samples):
        start.record()
        for _ in range(calls):
            fn(*args)
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop) * 1e-3 / calls)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", default="torch_peers.json")
    parser.add_argument("--sizes", default="65536,16777216,268435456")
    parser.add_argument("--shapes", default="8192x8192,32768x4096,4096x32768")
    parser.add_argument("--op", default=None)
    a = parser.parse_args()
    report = {"results": []}
    try:
        import torch
    except ImportError:
        torch = None
    if torch is None or not torch.cuda.is_available():
        report["skipped"] = "torch is not installed" if torch is None else "torch sees no CUDA device"
        print("torch_peers: skipped:", report["skipped"])
        json.dump(report, open(a.json, "w"), indent=1)
        return 0
    report["device"] = torch.cuda.get_device_name(0)
    report["torch"] = torch.__version__
    wanted = set(a.op.split(",")) | {"copy"} if a.op else None
    for n in [int(s) for s in a.sizes.split(",") if s]:
        x = torch.rand(n, device="cuda") * 2 - 1
        y = torch.rand(n, device="cuda") + 0.5
        out = torch.empty(n, device="cuda")
        for name, (inputs, fn) in ops(torch).items():
            if wanted and name not in wanted:
                continue
            args = (x, out) if inputs == 1 else (x, y, out)
            if name == "sqrt":
                args = (y, out)
            seconds = time_op(torch, fn, args)
            report["results"].append({"op": name, "n": n, "seconds": seconds})
            print(f"torch {name:8s} n={n:<10d} {seconds * 1e6:10.2f} us")
        del x, y, out
        torch.cuda.empty_cache()
    kernels = triton_kernels()
    report["triton"] = "absent" if kernels is None else __import__("triton").__version__
    for shape in a.shapes.split(",") if a.shapes else []:
        rows, cols = (int(v) for v in shape.split("x"))
        key = rows << 32 | cols
        x = torch.randn(rows, cols, device="cuda")
        w = torch.rand(cols, device="cuda") + 0.5
        b = torch.rand(cols, device="cuda") - 0.5
        y = torch.empty(rows, cols, device="cuda")
        seconds = time_op(torch, lambda x, y: y.copy_(x), (x, y))
        report["results"].append({"op": "copy", "n": key, "seconds": seconds})
        print(f"torch copy     {shape:>12s} {seconds * 1e6:10.2f} us")
        for name, fn in row_ops(torch).items():
            if wanted and name not in wanted:
                continue
            seconds = time_op(torch, fn, (x, w, b, y))
            report["results"].append({"op": name, "n": key, "seconds": seconds})
            print(f"torch {name:9s}{shape:>12s} {seconds * 1e6:10.2f} us")
            if kernels is not None:
                seconds = time_op(torch, kernels[name], (x, w, b, y))
                report["results"].append({"op": name, "peer": "triton", "n": key, "seconds": seconds})
                print(f"triton {name:8s}{shape:>12s} {seconds * 1e6:10.2f} us")
        del x, w, b, y
        torch.cuda.empty_cache()
    json.dump(report, open(a.json, "w"), indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
