#!/usr/bin/env python3
"""Builds ptx_corpus/cases/: compiles src/*.cu with nvcc (-arch=sm_80), applies mutations, copies
the hand-written PTX of tests/ptx_rules, and writes one .label file per case: for every rule
whether it must fire, and ptxas's own numbers (validity, registers, spills, stack, shared memory).

Labels come from two oracles. ptxas decides PTX_SYNTAX (does ptxas -arch=compute_80 accept the
file), REGISTER_SPILL (spill stores > 0 at the default -arch=sm_80), LOCAL_MEMORY (the PTX declares a
.local array and ptxas -maxrregcount 255 still needs a stack frame) and HIGH_REGISTER_PRESSURE
(more than 64 registers with -maxrregcount 255). The other rules are labelled by construction:
each case below names the rules it must trigger, from what its source or mutation does.

Usage: ptx_corpus/build_corpus.py   (needs nvcc and ptxas, e.g. in /usr/local/cuda/bin)
"""
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CASES = os.path.join(HERE, "cases")
CUDA = os.environ.get("CUDA_HOME", "/usr/local/cuda")
NVCC = shutil.which("nvcc") or os.path.join(CUDA, "bin", "nvcc")
PTXAS = shutil.which("ptxas") or os.path.join(CUDA, "bin", "ptxas")

RULES = ["PTX_SYNTAX", "BARRIER_DIVERGENCE", "SHARED_RACE", "BANK_CONFLICT", "UNCOALESCED_GLOBAL",
         "REGISTER_SPILL", "LOCAL_MEMORY", "HIGH_REGISTER_PRESSURE", "SHARED_64BIT_ADDRESS",
         "GENERIC_AS_SHARED", "UNINITIALIZED_REGISTER", "DEAD_CODE", "NO_EXIT_PATH",
         "MISSING_BOUNDS_CHECK", "UNVECTORIZED_ACCESS", "NO_ENTRY"]
PTXAS_RULES = {"PTX_SYNTAX", "REGISTER_SPILL", "LOCAL_MEMORY", "HIGH_REGISTER_PRESSURE"}

# ---- mutations: PTX text -> PTX text ----


def barrier_lines(lines):
    return [i for i, l in enumerate(lines) if re.match(r"\s*(bar|barrier)\.sync", l)]


def delete_barrier(k):
    def m(text):
        lines = text.split("\n")
        del lines[barrier_lines(lines)[k - 1]]
        return "\n".join(lines)
    m.describe = "delete barrier %d" % k
    return m


def declare_mutant_regs(lines):
    body = next(i for i, l in enumerate(lines) if l.strip() == "{")
    lines.insert(body + 1, "\t.reg .pred \t%pmut;\n\t.reg .b32 \t%rmut;")


def exit_before_barrier(sreg):
    """Threads (or blocks) past 200 return just before the first barrier."""
    def m(text):
        lines = text.split("\n")
        declare_mutant_regs(lines)
        first = barrier_lines(lines)[0]
        lines[first:first] = ["\tmov.u32 \t%%rmut, %s;" % sreg, "\tsetp.gt.u32 \t%pmut, %rmut, 200;",
                              "\t@%pmut ret;"]
        return "\n".join(lines)
    m.describe = "return before the first barrier when %s > 200" % sreg
    return m


def branch_over_barrier(sreg):
    """The first barrier is skipped when sreg > 200."""
    def m(text):
        lines = text.split("\n")
        declare_mutant_regs(lines)
        first = barrier_lines(lines)[0]
        lines[first:first + 1] = ["\tmov.u32 \t%%rmut, %s;" % sreg, "\tsetp.gt.u32 \t%pmut, %rmut, 200;",
                                  "\t@%pmut bra \t$Lmut_skip;", lines[first], "$Lmut_skip:"]
        return "\n".join(lines)
    m.describe = "branch over the first barrier when %s > 200" % sreg
    return m


def maxnreg(n):
    def m(text):
        return re.sub(r"\n\)\n\{", "\n)\n.maxnreg %d\n{" % n, text, count=1)
    m.describe = "add .maxnreg %d" % n
    return m


def substitute(pattern, replacement, describe):
    def m(text):
        new, n = re.subn(pattern, replacement, text, count=1, flags=re.M)
        if not n:
            raise SystemExit("mutation '%s' does not apply" % describe)
        return new
    m.describe = describe
    return m


def drop_last_brace(text):
    return text[:text.rindex("}")]


drop_last_brace.describe = "delete the closing brace of the last function"

# ---- the cases ----
# (name, source file or hand PTX, -D defines, mutation or None, rules that must fire by construction)
NOCHECK = {"MISSING_BOUNDS_CHECK"}
CASES_LIST = []


def case(name, source, defines=(), mutation=None, rules=()):
    CASES_LIST.append((name, source, tuple(defines), mutation, set(rules)))


# clean nvcc kernels
case("vecadd", "vecadd.cu")
case("vecadd4", "vecadd4.cu")
case("saxpy_grid", "saxpy_grid.cu")
case("reduce_sum", "reduce_sum.cu")
case("reduce_warp", "reduce_warp.cu")
case("transpose_naive", "transpose_naive.cu", rules={"UNCOALESCED_GLOBAL"})
case("transpose_conflict", "transpose_tile.cu", ["PAD=0"], rules={"BANK_CONFLICT"})
case("transpose_padded", "transpose_tile.cu", ["PAD=1"])
case("sgemm_tiled", "sgemm_tiled.cu", rules=NOCHECK)
case("histogram", "histogram.cu", rules=NOCHECK)
case("stencil1d", "stencil1d.cu", rules=NOCHECK)
case("scan_block", "scan_block.cu", rules=NOCHECK)
case("early_exit_bug", "early_exit_bug.cu", rules={"BARRIER_DIVERGENCE"})
case("uniform_exit_ok", "uniform_exit_ok.cu", rules=NOCHECK)
case("loop_exit_bug", "loop_exit_bug.cu", rules={"BARRIER_DIVERGENCE"} | NOCHECK)
case("divergent_barrier", "divergent_barrier.cu", rules={"BARRIER_DIVERGENCE"} | NOCHECK)
# nvcc hoists the load of data[t] above the branch and sinks the store below it: unguarded in the PTX
case("two_sites", "two_sites.cu", rules={"BARRIER_DIVERGENCE"} | NOCHECK)
case("missing_barrier", "missing_barrier.cu", rules={"SHARED_RACE"} | NOCHECK)
case("own_slot_ok", "own_slot_ok.cu", rules=NOCHECK)
case("softmax_rows", "softmax_rows.cu")
case("aos_field", "aos_field.cu", rules={"UNCOALESCED_GLOBAL"})
for s in (1, 2, 4, 8, 16, 32, 64):
    case("strided_read_%d" % s, "strided_read.cu", ["STRIDE=%d" % s],
         rules={"UNCOALESCED_GLOBAL"} if s > 1 else set())
# shared stride s (4-byte words): conflict degree gcd(s, 32); 8-byte words: gcd(2s, 32) / 2 per half warp
for s in (1, 2, 3, 4, 5, 6, 8, 12, 16, 32, 33):
    case("smem_stride_%d" % s, "smem_stride.cu", ["STRIDE=%d" % s],
         rules=({"BANK_CONFLICT"} if s % 2 == 0 else set()) | NOCHECK)
for s in (1, 2, 4):
    case("smem_stride_f64_%d" % s, "smem_stride.cu", ["STRIDE=%d" % s, "TYPE=double"],
         rules=({"BANK_CONFLICT"} if s > 1 else set()) | NOCHECK)
# register pressure and spills (ptxas labels those)
for acc in (8, 16, 32, 48, 64, 96, 128):
    case("regtile_%d" % acc, "regtile.cu", ["ACC=%d" % acc], rules=NOCHECK | {"UNVECTORIZED_ACCESS"})
for acc in (32, 48, 64):
    case("regtile_%d_bounds" % acc, "regtile.cu", ["ACC=%d" % acc, "LB_THREADS=1024", "LB_BLOCKS=2"],
         rules=NOCHECK | {"UNVECTORIZED_ACCESS"})
for acc in (8, 16, 24, 32, 48, 64):
    case("regtile_f64_%d" % acc, "regtile_f64.cu", ["ACC=%d" % acc], rules=NOCHECK | {"UNVECTORIZED_ACCESS"})
for acc in (16, 24, 32):
    case("regtile_f64_%d_bounds" % acc, "regtile_f64.cu",
         ["ACC=%d" % acc, "LB_THREADS=1024", "LB_BLOCKS=2"], rules=NOCHECK | {"UNVECTORIZED_ACCESS"})
for chains in (8, 16, 32, 64, 96, 128):
    case("poly_%d" % chains, "poly_unrolled.cu", ["CHAINS=%d" % chains], rules=NOCHECK)
for chains in (32, 64):
    case("poly_%d_maxnreg" % chains, "poly_unrolled.cu", ["CHAINS=%d" % chains, "MAXNREG=32"],
         rules=NOCHECK)
# local memory
for n in (4, 8, 16, 32, 64, 128, 256):
    case("local_array_%d" % n, "local_array.cu", ["N=%d" % n],
         rules={"UNCOALESCED_GLOBAL", "UNVECTORIZED_ACCESS"} if n >= 8 else {"UNCOALESCED_GLOBAL"})
for n in (8, 16, 32, 64, 128, 256):
    case("local_hist_%d" % n, "local_hist.cu", ["N=%d" % n], rules=NOCHECK)
for n in (8, 16, 32, 64):
    case("local_sort_%d" % n, "local_sort.cu", ["N=%d" % n])
for n in (4, 8, 16):
    case("window_unrolled_%d" % n, "window_unrolled.cu", ["N=%d" % n])

# mutants: barriers deleted (races), exits and branches around barriers (divergence)
BASE = {name: (src, d, r) for name, src, d, m, r in CASES_LIST}


def mutant(name, base, mutation, add=(), remove=()):
    src, defines, rules = BASE[base]
    case(name, src, defines, mutation, (rules | set(add)) - set(remove))


mutant("reduce_sum_nobar1", "reduce_sum", delete_barrier(1), {"SHARED_RACE"})
mutant("reduce_sum_nobar2", "reduce_sum", delete_barrier(2), {"SHARED_RACE"})
mutant("transpose_conflict_nobar", "transpose_conflict", delete_barrier(1), {"SHARED_RACE"})
mutant("sgemm_nobar1", "sgemm_tiled", delete_barrier(1), {"SHARED_RACE"})
mutant("sgemm_nobar2", "sgemm_tiled", delete_barrier(2), {"SHARED_RACE"})
mutant("histogram_nobar1", "histogram", delete_barrier(1), {"SHARED_RACE"})
mutant("histogram_nobar2", "histogram", delete_barrier(2), {"SHARED_RACE"})
mutant("stencil1d_nobar", "stencil1d", delete_barrier(1), {"SHARED_RACE"})
mutant("scan_block_nobar1", "scan_block", delete_barrier(1), {"SHARED_RACE"})
mutant("softmax_rows_nobar1", "softmax_rows", delete_barrier(1), {"SHARED_RACE"})
mutant("reduce_warp_nobar", "reduce_warp", delete_barrier(1), {"SHARED_RACE"})
mutant("uniform_exit_nobar", "uniform_exit_ok", delete_barrier(1), {"SHARED_RACE"})
for base in ("reduce_sum", "transpose_padded", "sgemm_tiled", "stencil1d", "scan_block", "softmax_rows",
             "reduce_warp"):
    mutant(base + "_tid_exit", base, exit_before_barrier("%tid.x"), {"BARRIER_DIVERGENCE"})
# every global access of histogram comes after the exit, which then guards it
mutant("histogram_tid_exit", "histogram", exit_before_barrier("%tid.x"), {"BARRIER_DIVERGENCE"},
       {"MISSING_BOUNDS_CHECK"})
for base in ("reduce_sum", "sgemm_tiled", "histogram", "stencil1d", "scan_block"):
    mutant(base + "_block_exit", base, exit_before_barrier("%ctaid.x"))
# a barrier some threads (or blocks) skip no longer orders the accesses it separated: they race
for base in ("reduce_sum", "stencil1d", "transpose_padded"):
    mutant(base + "_tid_skip", base, branch_over_barrier("%tid.x"), {"BARRIER_DIVERGENCE", "SHARED_RACE"})
for base in ("reduce_sum", "transpose_padded"):
    mutant(base + "_block_skip", base, branch_over_barrier("%ctaid.x"), {"SHARED_RACE"})
for base in ("regtile_64", "regtile_96", "regtile_f64_32", "regtile_f64_48", "poly_96"):
    mutant(base + "_maxnreg32", base, maxnreg(32))
for base in ("regtile_16", "poly_16"):
    mutant(base + "_maxnreg64", base, maxnreg(64))
# syntax errors ptxas rejects
mutant("vecadd_no_semicolon", "vecadd", substitute(r"\tret;", "\tret", "drop the semicolon of ret"))
mutant("saxpy_undeclared_reg", "saxpy_grid", substitute(r"%r1,", "%r999,", "use an undeclared register"))
mutant("reduce_sum_bad_opcode", "reduce_sum", substitute(r"\tadd\.f32", "\taddf.f32", "misspell an opcode"))
mutant("transpose_naive_bad_label", "transpose_naive",
       substitute(r"bra(\.uni)?\s+\$L__\w+;", r"bra \$L__nowhere;", "branch to an undefined label"))
mutant("histogram_preprocessor", "histogram", substitute(r"^\.address_size 64$", ".address_size 64\n#define N 4",
                                                         "a C preprocessor line"))
mutant("stencil1d_size_expression", "stencil1d", substitute(r"\[1048\];", "[1024+24];",
                                                            "a constant expression as an array size"))
mutant("scan_block_no_version", "scan_block", substitute(r"^\.version 9\.0\n", "", "delete .version"))
mutant("sgemm_duplicate_label", "sgemm_tiled", substitute(r"^(\$L__BB0_\d+:)$", r"\1\n\1", "duplicate a label"))
mutant("vecadd4_future_version", "vecadd4", substitute(r"^\.version 9\.0$", ".version 9.1", "an unsupported .version"))
mutant("softmax_rows_unclosed", "softmax_rows", drop_last_brace)
mutant("reduce_warp_old_version", "reduce_warp", substitute(r"^\.version 9\.0$", ".version 6.0",
                                                            "a .version too old for .target sm_80"))
mutant("own_slot_bad_token", "own_slot_ok", substitute(r"^\tret;$", "\tret; `", "a stray character"))


def hand_cases():
    """The rule tests, labelled by their expect line; the corpus runs with --strict, so those
    (written for the default rules) that index global memory by the thread unguarded also get
    MISSING_BOUNDS_CHECK."""
    rules_dir = os.path.join(ROOT, "tests", "ptx_rules")
    for f in sorted(os.listdir(rules_dir)):
        if f.endswith(".ptx"):
            text = open(os.path.join(rules_dir, f)).read()
            expect = set(re.search(r"// expect: (.*)", text).group(1).split()) - {"none"}
            unguarded = re.search(r"mul\.wide\.u32 %rd3, %r1, (4|128);", text) and "bra" not in text
            if unguarded:
                expect.add("MISSING_BOUNDS_CHECK")
            yield f[:-4], text, expect

# ---- ptxas ----


def ptxas(path, *args):
    p = subprocess.run([PTXAS, *args, path, "-o", "/dev/null"], capture_output=True, text=True)
    return p.returncode, p.stderr


def ptxas_numbers(path, extra):
    rc, log = ptxas(path, "-arch=sm_80", "-v", *extra)
    regs = max([int(x) for x in re.findall(r"Used (\d+) registers", log)] or [0])
    frames = re.findall(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", log)
    stack = max([int(f[0]) for f in frames] or [0])
    spill = max([int(f[1]) for f in frames] or [0])
    smem = max([int(x) for x in re.findall(r"(\d+) bytes smem", log)] or [0])
    return {"regs": regs, "spill_stores": spill, "stack": stack, "smem": smem}


def write_case(name, text, origin, describe, construction):
    path = os.path.join(CASES, name + ".ptx")
    with open(path, "w") as f:
        f.write(text)
    rc, log = ptxas(path, "-arch=compute_80")
    valid = rc == 0
    labels = {r: (r in construction) for r in RULES if r not in PTXAS_RULES}
    numbers = {}
    if valid:
        numbers["sm_80"] = ptxas_numbers(path, [])
        numbers["sm_80_maxrreg255"] = ptxas_numbers(path, ["-maxrregcount", "255"])
        labels["REGISTER_SPILL"] = numbers["sm_80"]["spill_stores"] > 0
        labels["LOCAL_MEMORY"] = bool(re.search(r"^\s*\.local\b", text, re.M)) and \
            numbers["sm_80_maxrreg255"]["stack"] > 0
        labels["HIGH_REGISTER_PRESSURE"] = numbers["sm_80_maxrreg255"]["regs"] > 64
        labels["PTX_SYNTAX"] = False
    else:
        labels = {r: False for r in RULES}
        labels["PTX_SYNTAX"] = True
    for r in construction & PTXAS_RULES:
        if not labels[r]:
            print("note: %s: %s expected by construction but ptxas disagrees; ptxas wins" % (name, r))
    with open(os.path.join(CASES, name + ".label"), "w") as f:
        f.write("# ptx_corpus label (written by build_corpus.py): rules that must fire, and ptxas -v numbers\n")
        f.write("origin %s\n" % origin)
        f.write("how %s\n" % describe)
        f.write("ptxas_valid %s\n" % ("yes" if valid else "no"))
        if not valid:
            first = next((l for l in log.splitlines() if "error" in l or "fatal" in l), "")
            f.write("ptxas_message %s\n" % first.replace(path, name + ".ptx").strip())
        for r in RULES:
            oracle = "ptxas" if r in PTXAS_RULES else "construction"
            f.write("rule %s %s %s\n" % (r, "yes" if labels[r] else "no", oracle))
        for key, n in numbers.items():
            f.write("ptxas %s regs %d spill_stores %d stack %d smem %d\n" %
                    (key, n["regs"], n["spill_stores"], n["stack"], n["smem"]))


def main():
    if not os.access(NVCC, os.X_OK) or not os.access(PTXAS, os.X_OK):
        sys.exit("build_corpus.py needs nvcc and ptxas (set CUDA_HOME)")
    if os.path.isdir(CASES):
        shutil.rmtree(CASES)
    os.makedirs(CASES)
    tmp = os.path.join(CASES, ".tmp.ptx")
    for name, source, defines, mutation, rules in CASES_LIST:
        cmd = [NVCC, "-arch=sm_80", "-ptx", "-O3"] + ["-D" + d for d in defines] + \
              [os.path.join(HERE, "src", source), "-o", tmp]
        subprocess.run(cmd, check=True)
        text = open(tmp).read()
        how = "nvcc -arch=sm_80 -ptx -O3 %s src/%s" % (" ".join("-D" + d for d in defines), source)
        origin = "nvcc13"
        if mutation:
            text = mutation(text)
            how += "; then " + mutation.describe
            origin = "mutant"
        write_case(name, text, origin, how.replace("  ", " "), rules)
    os.remove(tmp)
    for name, text, expect in hand_cases():
        write_case("hand_" + name, text, "hand", "tests/ptx_rules/%s.ptx" % name, expect)
    print("ptx_corpus: %d cases" % (len(os.listdir(CASES)) // 2))


if __name__ == "__main__":
    main()
