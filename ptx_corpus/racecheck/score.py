#!/usr/bin/env python3
"""SHARED_RACE against racecheck's verdicts on the barrier-deletion mutants (mutants.py) and the
kernels they come from, per split.

usage: ptx_corpus/racecheck/score.py TNPTX DIR RESULTS [--split tuning|heldout|all] [--verbose]
DIR is mutants.py's output (manifest.json, ptx/); RESULTS is run_racecheck.py's JSON (the GPU's
verdicts, committed as ptx_corpus/racecheck/racecheck.json). A run counts when its launch
completed; racecheck's verdict is a race when it reported any hazard (an error, or a warning
about threads of one warp). A mutant counts only where racecheck found its kernel as written
race-free. --verbose lists the runs the analyzer gets wrong (tuning split only
unless --split says otherwise).
"""
import argparse, json, os, subprocess, tempfile


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tnptx"); ap.add_argument("dir"); ap.add_argument("results")
    ap.add_argument("--split", default="all"); ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    manifest = {r["id"]: r for r in json.load(open(os.path.join(args.dir, "manifest.json")))}
    verdicts = {r["id"]: r for r in json.load(open(args.results)) if r["completed"]}
    runs = [manifest[i] for i in verdicts if i in manifest]
    # a mutant counts only where racecheck saw no hazard in its kernel as written: hazards there come
    # from the launch (inputs that break the kernel's preconditions, a block larger than its arrays)
    # or from a race of the kernel's own, either of which would decide the mutant's verdict too
    clean = {(r["ptx"], r["kernel"]) for r in runs if not r["delete"] and
             verdicts[r["id"]]["errors"] + verdicts[r["id"]]["warnings"] == 0}
    runs = [r for r in runs if not r["delete"] or (r["ptx"], r["kernel"]) in clean]
    found = {}
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for run in runs:
            lines = open(os.path.join(args.dir, run["ptx"])).read().split("\n")
            if run["delete"]:
                lines[run["delete"] - 1] = "// deleted: " + lines[run["delete"] - 1].strip()
            paths[run["id"]] = os.path.join(tmp, run["id"] + ".ptx")
            open(paths[run["id"]], "w").write("\n".join(lines))
        ids = list(paths)
        for k in range(0, len(ids), 200):
            chunk = ids[k:k + 200]
            out = subprocess.run([args.tnptx, "--json", "--bugs"] + [paths[i] for i in chunk], capture_output=True,
                                 text=True, timeout=600).stdout
            for i, f in zip(chunk, json.loads(out)["files"]):
                kernel = {x["name"]: x for x in f.get("kernels", [])}.get(manifest[i]["kernel"])
                hits = [x for x in (kernel or {}).get("findings", []) if x["rule"] == "SHARED_RACE"]
                found[i] = hits[0]["message"] if hits else None
    table, unseen = {}, {}
    for run in runs:
        v = verdicts[run["id"]]
        want, got = v["errors"] + v["warnings"] > 0, found[run["id"]] is not None
        key = (run["split"], "mutant" if run["delete"] else "as written")
        t = table.setdefault(key, [0, 0, 0, 0])
        t[0 if got and want else 1 if got else 2 if want else 3] += 1
        if got and want and "atomically" in found[run["id"]]:
            unseen[(run["split"], "atomic seen")] = unseen.get((run["split"], "atomic seen"), 0) + 1
        if got and not want:  # what racecheck did not see: atomics, or a race its author wrote on purpose
            why = "atomic" if "atomically" in found[run["id"]] else \
                  "labelled race" if run["author_label"] == "race" and not run["delete"] else "other"
            unseen[(run["split"], why)] = unseen.get((run["split"], why), 0) + 1
        if args.verbose and got != want and args.split in ("all", run["split"]) and (
                args.split != "all" or run["split"] == "tuning"):
            print("%-64s racecheck %-7s tnptx: %s" % (run["id"], "race" if want else "no race",
                                                     (found[run["id"]] or "no race")[:150]))
            if want:
                print("    " + "\n    ".join((v.get("first") or [])[:2]))
    for split in ("tuning", "heldout"):
        if args.split not in ("all", split):
            continue
        total = [0, 0, 0, 0]
        for kind in ("as written", "mutant"):
            tp, fp, fn, tn = table.get((split, kind), [0, 0, 0, 0])
            total = [a + b for a, b in zip(total, [tp, fp, fn, tn])]
            print("== %-7s %-10s runs %4d: TP %3d FP %3d FN %3d TN %3d, precision %.3f, recall %.3f" % (
                split, kind, tp + fp + fn + tn, tp, fp, fn, tn, tp / max(1, tp + fp), tp / max(1, tp + fn)))
        tp, fp, fn, tn = total
        print("== %-7s %-10s runs %4d: TP %3d FP %3d FN %3d TN %3d, precision %.3f, recall %.3f" % (
            split, "all", tp + fp + fn + tn, tp, fp, fn, tn, tp / max(1, tp + fp), tp / max(1, tp + fn)))
        print("   %s: of the %d races racecheck did not see, %d involve a shared atomic (%d reports with an atomic "
              "racecheck confirmed), %d are races written on purpose, %d other" % (
                  split, fp, unseen.get((split, "atomic"), 0), unseen.get((split, "atomic seen"), 0),
                  unseen.get((split, "labelled race"), 0), unseen.get((split, "other"), 0)))


if __name__ == "__main__":
    main()
