#!/usr/bin/env python3
"""Runs the manifest of mutants.py under `compute-sanitizer --tool racecheck` on a GPU machine.

usage: run_racecheck.py DIR RACEHOST OUT.json [--jobs N] [--timeout S] [--part K/N]
DIR holds manifest.json and ptx/. Each run's PTX (the line the manifest names deleted) is written
to a temporary file and launched by racehost, one process a run, under racecheck (its hazard
report: racecheck's summary counts every hazard, errors and warnings, at the process's end).
--part K/N runs every N-th entry from the K-th (to split the manifest over several calls).
Records, per run: whether the launch completed, the error and warning counts, the first hazard.
(Several launches in one process, told apart by markers, lost hazards: racecheck reports some
after the launch they belong to.)
"""
import argparse, concurrent.futures, json, os, re, subprocess, tempfile, time

SUMMARY = re.compile(r"RACECHECK SUMMARY: (\d+) hazards? displayed \((\d+) errors?, (\d+) warnings?\)")


def one(run, args, tmp):
    lines = open(os.path.join(args.dir, run["ptx"])).read().split("\n")
    if run["delete"]:
        lines[run["delete"] - 1] = "// deleted: " + lines[run["delete"] - 1].strip()
    path = os.path.join(tmp, run["id"] + ".ptx")
    open(path, "w").write("\n".join(lines))
    cmd = [args.sanitizer, "--tool", "racecheck", "--racecheck-report", "hazard", "--print-limit", "2",
           args.racehost, path, run["kernel"], str(run["block"]), str(run["grid"]), run["params"]]
    start = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=args.timeout)
        out, status = p.stdout + p.stderr, "exit %d" % p.returncode
    except subprocess.TimeoutExpired:
        out, status = "", "timeout"
    os.unlink(path)
    m = SUMMARY.search(out)
    completed = "completed" in out and m is not None
    first = [l.strip()[:200] for l in out.split("\n") if "hazard detected" in l][:1]
    return dict(id=run["id"], completed=completed, status=status, seconds=round(time.time() - start, 1),
                errors=int(m.group(2)) if completed else None, warnings=int(m.group(3)) if completed else None,
                first=first, tail="" if completed else out[-300:])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir"); ap.add_argument("racehost"); ap.add_argument("out")
    ap.add_argument("--jobs", type=int, default=14); ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--sanitizer", default="compute-sanitizer"); ap.add_argument("--part", default="0/1")
    args = ap.parse_args()
    k, n = map(int, args.part.split("/"))
    runs = json.load(open(os.path.join(args.dir, "manifest.json")))[k::n]
    results = []
    with tempfile.TemporaryDirectory() as tmp, concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for r in pool.map(lambda run: one(run, args, tmp), runs):
            results.append(r)
            if len(results) % 100 == 0:
                print(len(results), "runs", flush=True)
                json.dump(results, open(args.out, "w"))
    json.dump(results, open(args.out, "w"), indent=0)
    done = [r for r in results if r["completed"]]
    print("%d runs: %d completed, %d with racecheck errors, %d with warnings only" % (
        len(results), len(done), sum(r["errors"] > 0 for r in done),
        sum(r["errors"] == 0 and r["warnings"] > 0 for r in done)))


if __name__ == "__main__":
    main()
