#!/usr/bin/env python3
"""PyTorch timings of the ops trueno runs on the GPU, for `tn_bench run --backend cuda --torch F`.

Each op runs on device tensors, timed by CUDA events around a calibrated batch of calls, median of
several batches (the method tn_bench uses). A device-to-device copy is timed too: the streaming
bar. Skips cleanly (exit 0, a JSON with no results and the reason) when torch or CUDA is absent.
usage: bench/torch_peers.py [--json OUT] [--sizes N,N,...] [--op OP,OP,...]
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
    for n in [int(s) for s in a.sizes.split(",")]:
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
    json.dump(report, open(a.json, "w"), indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
