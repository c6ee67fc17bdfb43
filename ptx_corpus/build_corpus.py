#!/usr/bin/env python3
"""Builds ptx_corpus/cases/: compiles src/*.cu with nvcc (-arch=sm_80, or -arch=sm_90a for the
Hopper kernels), applies mutations, copies the hand-written PTX of tests/ptx_rules and the PTX
that triton/compile_triton.py wrote (when present), and writes one .label file per case: for every
rule whether it must fire, and ptxas's own numbers (validity, registers, spills, stack, shared
memory) for the case's architecture.

Labels come from two oracles. ptxas decides PTX_SYNTAX (does ptxas -arch=compute_XX accept the
file), REGISTER_SPILL (spill stores > 0 at the default -arch=sm_XX), LOCAL_MEMORY (the PTX declares a
.local array and ptxas -maxrregcount 255 still needs a stack frame) and HIGH_REGISTER_PRESSURE
(more than 64 registers with -maxrregcount 255). The other rules are labelled by construction:
each case below names the rules it must trigger, from what its source or mutation does. A Triton
case may leave a rule unlabelled ("omitted", with the reason) where its source cannot decide it.

Each case also gets a split (tuning or heldout, see split_of and README.md) and a family.

Usage: ptx_corpus/build_corpus.py   (needs nvcc and ptxas, e.g. in /usr/local/cuda/bin)
       TRITON_PTX_DIR=DIR ptx_corpus/build_corpus.py   (Triton PTX from DIR, default triton/ptx)
       ptx_corpus/build_corpus.py NAME...   (only the nvcc, mutant and hand_ cases named, the others kept)
"""
import collections
import hashlib
import json
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
TRITON_PTX = os.environ.get("TRITON_PTX_DIR", os.path.join(HERE, "triton", "ptx"))

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


def delete_last_barrier(text):
    lines = text.split("\n")
    del lines[barrier_lines(lines)[-1]]
    return "\n".join(lines)


delete_last_barrier.describe = "delete the last barrier"


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
# name, source file, -D defines, mutation or None, rules that must fire by construction, the
# architecture it is compiled for, its family, and extra -maxrregcount caps to record ptxas under
Case = collections.namedtuple("Case", "name source defines mutation rules arch family caps split")
NOCHECK = {"MISSING_BOUNDS_CHECK"}
CASES_LIST = []


def case(name, source, defines=(), mutation=None, rules=(), arch="sm_80", family="original", caps=(), split=None):
    CASES_LIST.append(Case(name, source, tuple(defines), mutation, set(rules), arch, family, tuple(caps), split))


def split_of(key):
    """The held-out rule (README.md), fixed before any analyzer result on the new cases was seen:
    heldout when the first 8 hex digits of sha256("ptx-corpus-split:" + key) are even. key is
    src/<file> for nvcc cases and their mutants, triton/<kernel> for Triton cases."""
    h = int(hashlib.sha256(("ptx-corpus-split:" + key).encode()).hexdigest()[:8], 16)
    return "heldout" if h % 2 == 0 else "tuning"


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
# threads 128 to 255 write s[t] and never execute the bar.sync after which threads 0 to 127 read
# s[t + 128]: no barrier they take part in orders the two, a race under the PTX memory model
case("divergent_barrier", "divergent_barrier.cu", rules={"BARRIER_DIVERGENCE", "SHARED_RACE"} | NOCHECK)
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
def mutant(name, base, mutation, add=(), remove=()):
    b = next(c for c in CASES_LIST if c.name == base)
    case(name, b.source, b.defines, mutation, (b.rules | set(add)) - set(remove), b.arch, b.family, split=b.split)


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

# Every case above (and the tests/ptx_rules files) existed before the corpus was widened: the
# analyzer was tuned on them, so they are all in the tuning split.
ORIGINAL_CASES = len(CASES_LIST)

# ---- the wider corpus: new kernels written in the style of the usual CUDA samples ----
RACE, DIV, BANK = "SHARED_RACE", "BARRIER_DIVERGENCE", "BANK_CONFLICT"
UNCO, MBC, UNVEC = "UNCOALESCED_GLOBAL", "MISSING_BOUNDS_CHECK", "UNVECTORIZED_ACCESS"
H = "sm_90a"

# reductions, the classic progression (the barrier ends every step of the tree, on every path)
case("red1_interleaved_mod", "red1_interleaved_mod.cu", family="reduction")
case("red1_interleaved_mod_f32", "red1_interleaved_mod.cu", ["TYPE=float"], family="reduction")
# index = 2*s*tid: a warp's accesses are 2s words apart (2-way at s = 1, up to 32-way)
case("red2_interleaved_strided", "red2_interleaved_strided.cu", rules={BANK}, family="reduction")
case("red3_sequential", "red3_sequential.cu", family="reduction")
case("red3_sequential_f64", "red3_sequential.cu", ["TYPE=double"], family="reduction")
case("red3_sequential_sync_in_if", "red3_sequential.cu", ["BUG_SYNC_IN_IF"], rules={DIV}, family="reduction")
case("red4_first_add", "red4_first_add.cu", family="reduction")
case("red5_warp_volatile", "red5_warp_volatile.cu", rules={RACE}, family="reduction")
case("red5_warp_syncwarp", "red5_warp_syncwarp.cu", family="reduction")
case("red5_warp_shfl", "red5_warp_shfl.cu", family="reduction")
for b in (64, 128, 256, 512):
    case("red6_complete_unroll_%d" % b, "red6_complete_unroll.cu", ["BLOCK=%d" % b], family="reduction")
case("red7_multi_elem", "red7_multi_elem.cu", family="reduction")
case("red7_multi_elem_f64_128", "red7_multi_elem.cu", ["BLOCK=128", "TYPE=double"], family="reduction")
# the loop's barrier: thread t reads s[t + s/2] that thread t + s/2 wrote in the step before
mutant("red4_first_add_nobar2", "red4_first_add", delete_barrier(2), {RACE})
# the barrier after the first store: s[tid + s] read before its owner wrote it
mutant("red5_warp_shfl_nobar1", "red5_warp_shfl", delete_barrier(1), {RACE})
mutant("red6_complete_unroll_256_tid_exit", "red6_complete_unroll_256", exit_before_barrier("%tid.x"), {DIV})
mutant("red6_complete_unroll_256_tid_skip", "red6_complete_unroll_256", branch_over_barrier("%tid.x"), {DIV, RACE})
mutant("red6_complete_unroll_256_block_skip", "red6_complete_unroll_256", branch_over_barrier("%ctaid.x"), {RACE})

# scans
case("scan_hillis_steele", "scan_hillis_steele.cu", family="scan")
case("scan_hillis_steele_inplace", "scan_hillis_steele.cu", ["INPLACE"], rules={RACE}, family="scan")
# tree strides without padding: up to 32-way conflicts; with it none (checked word by word)
case("scan_blelloch", "scan_blelloch.cu", rules={MBC}, family="scan")
case("scan_blelloch_nopad", "scan_blelloch.cu", ["PAD=0"], rules={BANK, MBC}, family="scan")
case("scan_blelloch_256", "scan_blelloch.cu", ["N=256"], rules={MBC}, family="scan")
case("scan_warp_shfl", "scan_warp_shfl.cu", family="scan")
case("scan_warp_shfl_early_return", "scan_warp_shfl.cu", ["BUG_EARLY_RETURN"], rules={DIV}, family="scan")
# first up-sweep barrier: the loads of other threads are read before they land
mutant("scan_blelloch_nobar1", "scan_blelloch", delete_barrier(1), {RACE})
# warp 0 writes warp_sums[lane] while the other warps read warp_sums[warp - 1]
mutant("scan_warp_shfl_nobar2", "scan_warp_shfl", delete_barrier(2), {RACE})

# sorting networks in shared memory: pos = 2*tid - (tid & (stride-1)) is 2 words apart per thread
# for strides below 32 (2-way conflicts)
case("sort_bitonic_shared", "sort_bitonic_shared.cu", rules={BANK, MBC}, family="sort")
case("sort_bitonic_shared_256", "sort_bitonic_shared.cu", ["N=256"], rules={BANK, MBC}, family="sort")
case("sort_oddeven_merge", "sort_oddeven_merge.cu", rules={BANK, MBC}, family="sort")
case("sort_oddeven_merge_256", "sort_oddeven_merge.cu", ["N=256"], rules={BANK, MBC}, family="sort")
case("sort_oddeven_transposition", "sort_oddeven_transposition.cu", family="sort")
# the last barrier: the write-out reads keys other threads swapped in the last step
mutant("sort_bitonic_shared_nolastbar", "sort_bitonic_shared", delete_last_barrier, {RACE})
# between reading the partner's key and overwriting one's own
mutant("sort_oddeven_transposition_nobar2", "sort_oddeven_transposition", delete_barrier(2), {RACE})

# histograms
case("hist64_thread_bytes", "hist64_thread_bytes.cu", family="histogram")
case("hist256_warp_sub", "hist256_warp_sub.cu", family="histogram")
case("hist256_warp_sub_4warps", "hist256_warp_sub.cu", ["WARPS=4"], family="histogram")
case("hist256_warp_sub_no_init_barrier", "hist256_warp_sub.cu", ["BUG_NO_INIT_BARRIER"], rules={RACE},
     family="histogram")
case("hist_warp_aggregated", "hist_warp_aggregated.cu", family="histogram")
# the barrier before the merge: a thread folds columns other threads are still counting into
mutant("hist64_thread_bytes_nobar2", "hist64_thread_bytes", delete_barrier(2), {RACE})

# Floyd-Warshall and transitive closure: barriers on both sides of each relaxation step
case("fw_tile", "fw_tile.cu", family="closure")
case("fw_tile_16", "fw_tile.cu", ["TILE=16"], family="closure")
case("fw_global", "fw_global.cu", family="closure")
# WORDS 2: rows[i][w] is 2 words per thread (2-way conflicts) and g[i*2 + w] an 8-byte stride
# read as two 4-byte loads at 8-byte aligned addresses (each touches twice the sectors; one
# ld.v2 would do)
case("closure_bits", "closure_bits.cu", rules={BANK, UNCO, UNVEC, MBC}, family="closure")
case("closure_bits_32", "closure_bits.cu", ["WORDS=1"], rules={MBC}, family="closure")
# between reading row ty / column tx and updating s[ty][tx]: another thread's update races
mutant("fw_tile_nobar2", "fw_tile", delete_barrier(2), {RACE})
# the end of a step: the next step's reads race with this step's updates
mutant("fw_tile_nobar3", "fw_tile", delete_barrier(3), {RACE})
mutant("closure_bits_nobar2", "closure_bits_32", delete_barrier(2), {RACE})

# transposes (sizes multiples of the tile, no bounds checks)
case("transpose_rows8_naive", "transpose_rows8.cu", ["VARIANT=0"], rules={UNCO, MBC}, family="transpose")
case("transpose_rows8_tile", "transpose_rows8.cu", ["VARIANT=1"], rules={BANK, MBC}, family="transpose")
case("transpose_rows8_padded", "transpose_rows8.cu", ["VARIANT=2"], rules={MBC}, family="transpose")
case("transpose_rows8_diagonal", "transpose_rows8.cu", ["VARIANT=3"], rules={MBC}, family="transpose")
case("transpose_rows8_copy", "transpose_rows8.cu", ["VARIANT=4"], rules={MBC}, family="transpose")
mutant("transpose_rows8_padded_nobar", "transpose_rows8_padded", delete_barrier(1), {RACE})

# matrix multiplication
case("matmul_tiled_16", "matmul_tiled.cu", ["BLOCK_SIZE=16"], rules={MBC}, family="matmul")
case("matmul_tiled_32", "matmul_tiled.cu", ["BLOCK_SIZE=32"], rules={MBC}, family="matmul")
mutant("matmul_tiled_16_nobar1", "matmul_tiled_16", delete_barrier(1), {RACE})
mutant("matmul_tiled_16_nobar2", "matmul_tiled_16", delete_barrier(2), {RACE})
# As[c][r] stored by a warp 64 words apart in 8 groups (8-way), Bs[k][4 tx + j] read 4 words
# apart (2-way); C written 16 bytes apart per thread, 4 bytes at a time
for suffix, d in (("", []), ("_lb256_2", ["LB_THREADS=256", "LB_BLOCKS=2"]),
                  ("_lb256_4", ["LB_THREADS=256", "LB_BLOCKS=4"])):
    case("matmul_regblock" + suffix, "matmul_regblock.cu", d, rules={BANK, UNCO, MBC}, family="matmul",
         caps=(32,) if not d else ())
case("matmul_bounds", "matmul_bounds.cu", family="matmul")
case("matmul_bounds_guard_loop", "matmul_bounds.cu", ["BUG_GUARD_AROUND_LOOP"], rules={DIV}, family="matmul")
case("cp_async_gemm", "cp_async_gemm.cu", rules={MBC}, family="cp_async")
# after cp.async.wait_group: other threads' copies read before they are known complete
mutant("cp_async_gemm_nobar1", "cp_async_gemm", delete_barrier(1), {RACE})
# end of a step: the next step's cp.async refills the stage others still read
mutant("cp_async_gemm_nobar2", "cp_async_gemm", delete_barrier(2), {RACE})
# each thread walks its own row of A (rows n floats apart), a float at a time from 2 KiB aligned
# chunks (nvcc unrolls the walk: adjacent scalar loads); the first cp.async is unguarded
case("cp_async_matvec", "cp_async_matvec.cu", rules={UNCO, MBC, UNVEC}, family="cp_async")
case("cp_async_matvec_no_wait_barrier", "cp_async_matvec.cu", ["BUG_NO_WAIT_BARRIER"],
     rules={UNCO, MBC, UNVEC, RACE}, family="cp_async")
case("cp_async_matvec_no_end_barrier", "cp_async_matvec.cu", ["BUG_NO_END_BARRIER"],
     rules={UNCO, MBC, UNVEC, RACE}, family="cp_async")

# stencils and convolutions
case("stencil2d_smem", "stencil2d_smem.cu", family="stencil")
case("stencil2d_smem_early_return", "stencil2d_smem.cu", ["BUG_EARLY_RETURN"], rules={DIV}, family="stencil")
case("laplace3d", "laplace3d.cu", family="stencil")
case("stencil3d_queue", "stencil3d_queue.cu", family="stencil")
# the barrier before refilling the plane: a write-after-read across loop iterations
mutant("stencil3d_queue_nobar1", "stencil3d_queue", delete_barrier(1), {RACE})
mutant("stencil3d_queue_nobar2", "stencil3d_queue", delete_barrier(2), {RACE})
case("conv_separable_rows", "conv_separable.cu", ["COLUMNS=0"], rules={MBC}, family="stencil")
case("conv_separable_cols", "conv_separable.cu", ["COLUMNS=1", "PAD=1"], rules={MBC}, family="stencil")
# column tile rows of 80 words: the warp's 32 rows fall on 2 banks (16-way)
case("conv_separable_cols_nopad", "conv_separable.cu", ["COLUMNS=1", "PAD=0"], rules={BANK, MBC}, family="stencil")
mutant("conv_separable_rows_nobar", "conv_separable_rows", delete_barrier(1), {RACE})

# per-thread hashing: each thread reads its own 64-byte record (16 bytes per load, 64 apart) and
# writes its own 32-byte digest
case("sha1_like", "sha1_like.cu", rules={UNCO}, family="hash")
case("sha1_like_loop", "sha1_like.cu", ["UNROLL=0"], rules={UNCO}, family="hash")
# records 64 bytes apart read a word at a time; nvcc unrolls by four words at 16-byte aligned offsets
case("crc32_table", "crc32_table.cu", rules={UNCO, UNVEC}, family="hash")

# warp-synchronous code
case("warp_vote_compact", "warp_vote_compact.cu", family="warp")
case("warp_all_any", "warp_all_any.cu", family="warp")
case("warp_shfl_matvec", "warp_shfl_matvec.cu", family="warp")
case("warp_syncwarp_stage", "warp_syncwarp_stage.cu", family="warp")
case("warp_syncwarp_stage_nosync", "warp_syncwarp_stage.cu", ["BUG_NO_SYNCWARP"], rules={RACE}, family="warp")
case("warpsize_lanes", "warpsize_lanes.cu", family="warp")
case("device_calls", "device_calls.cu", family="warp")

# register pressure, launch bounds and caps (ptxas labels REGISTER_SPILL / HIGH_REGISTER_PRESSURE)
for suffix, d in (("", []), ("_lb256_2", ["LB_THREADS=256", "LB_BLOCKS=2"]), ("_lb1024", ["LB_THREADS=1024"]),
                  ("_u16", ["UNROLL=16"]), ("_u16_lb1024", ["UNROLL=16", "LB_THREADS=1024"]),
                  ("_u32_lb1024_2", ["UNROLL=32", "LB_THREADS=1024", "LB_BLOCKS=2"])):
    case("nbody_tile" + suffix, "nbody_tile.cu", d, family="registers")
# B and C are read and written RN doubles apart per thread (32 or 64 bytes, 8 at a time); the
# RM and RN adjacent doubles of A and B come from 32-byte aligned offsets as scalar loads (through
# __ldg, each address in its own register: base, base + 8, base + 16 ...)
for suffix, d in (("", []), ("_8x4", ["RM=8", "RN=4"]), ("_8x8", ["RM=8", "RN=8"]),
                  ("_8x8_lb256_2", ["RM=8", "RN=8", "LB_THREADS=256", "LB_BLOCKS=2"]),
                  ("_8x8_lb1024", ["RM=8", "RN=8", "LB_THREADS=1024"]),
                  ("_lb1024", ["LB_THREADS=1024"]), ("_lb256_2", ["LB_THREADS=256", "LB_BLOCKS=2"]),
                  ("_8x4_maxnreg64", ["RM=8", "RN=4", "MAXNREG=64"]),
                  ("_8x8_maxnreg128", ["RM=8", "RN=8", "MAXNREG=128"])):
    case("dgemm_regtile" + suffix, "dgemm_regtile.cu", d, rules={UNCO, UNVEC}, family="registers",
         caps=(32, 64) if not d else ())

# per-thread transforms held entirely in registers (a 16- or 32-point FFT, a tiny MLP)
for suffix, d in (("", []), ("_32", ["POINTS=32"]), ("_8", ["POINTS=8"]), ("_lb1024", ["LB_THREADS=1024"]),
                  ("_lb1024_2", ["LB_THREADS=1024", "LB_BLOCKS=2"]),
                  ("_32_lb256_4", ["POINTS=32", "LB_THREADS=256", "LB_BLOCKS=4"]), ("_maxnreg40", ["MAXNREG=40"])):
    case("fft16_regs" + suffix, "fft16_regs.cu", d, family="registers", caps=(32,) if not d else ())
for suffix, d in (("", []), ("_32x64", ["IN=32", "HID=64"]), ("_8x8", ["IN=8", "HID=8"]),
                  ("_lb1024_2", ["LB_THREADS=1024", "LB_BLOCKS=2"]),
                  ("_32x64_lb1024", ["IN=32", "HID=64", "LB_THREADS=1024"])):
    case("mlp_tiny_regs" + suffix, "mlp_tiny_regs.cu", d, family="registers", caps=(32,) if not d else ())

# planted bugs next to their fixed versions
case("particles_aos", "particles_aos.cu", ["LAYOUT=0"], rules={UNCO, UNVEC}, family="planted")
case("particles_soa", "particles_aos.cu", ["LAYOUT=1"], family="planted")
case("row_sums_row_per_thread", "row_sums.cu", ["ROW_PER_THREAD=1"], rules={UNCO}, family="planted")
case("row_sums_col_per_thread", "row_sums.cu", ["ROW_PER_THREAD=0"], family="planted")
case("tile_column_walk_rows", "tile_column_walk.cu", ["WALK=0"], rules={MBC}, family="planted")
case("tile_column_walk", "tile_column_walk.cu", ["WALK=1"], rules={BANK, MBC}, family="planted")
case("tile_column_walk_padded", "tile_column_walk.cu", ["WALK=2"], rules={MBC}, family="planted")
case("vec_ops_nocheck", "vec_ops_nocheck.cu", ["CHECK=0"], rules={MBC}, family="planted")
case("vec_ops_check", "vec_ops_nocheck.cu", ["CHECK=1"], family="planted")
case("relu_bias", "relu_bias.cu", ["CHECK=1"], family="planted")
case("relu_bias_nocolcheck", "relu_bias.cu", ["CHECK=0"], rules={MBC}, family="planted")
# rows of row_len bytes, one per thread: byte loads row_len apart
case("local_bins_dynamic", "local_bins.cu", ["DYNAMIC=1"], rules={UNCO}, family="planted")
case("local_bins_unrolled", "local_bins.cu", ["DYNAMIC=0"], rules={UNCO}, family="planted")
case("topk_local_shift", "topk_local.cu", ["SHIFT=1"], family="planted")
case("topk_local_network", "topk_local.cu", ["SHIFT=0"], family="planted")
case("topk_local_shift_16", "topk_local.cu", ["SHIFT=1", "K=16"], family="planted")

# Hopper (sm_90a): mbarriers, bulk copies and TMA, clusters, setmaxnreg, elect.sync, stmatrix, wgmma
case("sm90_mbarrier_pipeline", "sm90_mbarrier_pipeline.cu", arch=H, family="hopper")
case("sm90_bulk_copy", "sm90_bulk_copy.cu", arch=H, family="hopper")
case("sm90_tma_tensor", "sm90_tma_tensor.cu", arch=H, family="hopper")
# the barrier before the TMA store: thread 0 has it read the tile the other threads still write
mutant("sm90_tma_tensor_nobar2", "sm90_tma_tensor", delete_barrier(2), {RACE})
case("sm90_cluster_dsmem", "sm90_cluster_dsmem.cu", arch=H, family="hopper")
case("sm90_cluster_dsmem_nosync", "sm90_cluster_dsmem.cu", ["BUG_NO_FIRST_SYNC"], rules={RACE}, arch=H,
     family="hopper")
case("sm90_setmaxnreg", "sm90_setmaxnreg.cu", arch=H, family="hopper")
# the producer's writes of the stage and the consumers' reads, unordered
mutant("sm90_setmaxnreg_nobar1", "sm90_setmaxnreg", delete_barrier(1), {RACE})
case("sm90_elect_atomics", "sm90_elect_atomics.cu", arch=H, family="hopper")
# ldmatrix / stmatrix over rows 32 bytes apart: rows r and r + 4 of a fragment share banks (2-way)
case("sm90_stmatrix", "sm90_stmatrix.cu", rules={BANK}, arch=H, family="hopper")
case("sm90_ring_ownership", "sm90_ring_ownership.cu", rules={MBC}, arch=H, family="hopper")
# wgmma: the operands are staged element by element into the core-matrix layout, a warp's 2-byte
# stores land on 4 words of each bank (4-way conflicts); C is written without bounds checks
for name in ("sm90_wgmma_m64n64k16_bf16", "sm90_wgmma_m64n128k16_f16", "sm90_wgmma_m64n256k16_bf16"):
    case(name, name + ".cu", rules={BANK, MBC}, arch=H, family="wgmma")
# the register A fragments: 8 rows x 16 bytes per load, rows 128 bytes apart (twice the sectors)
case("sm90_wgmma_rs_m64n64k16_bf16", "sm90_wgmma_rs_m64n64k16_bf16.cu", rules={BANK, UNCO, MBC}, arch=H,
     family="wgmma")
# the barrier after staging: wgmma reads tiles other threads are still writing
mutant("sm90_wgmma_m64n64k16_bf16_nobar", "sm90_wgmma_m64n64k16_bf16", delete_barrier(1), {RACE})


# ---- kernels written to tune the analyzer on: in the tuning split whatever their source's hash ----
# SHARED_RACE: races of common kinds (each .cu says why its RACE variant races and the other does not)
for src, name in (("tune_race_modsize.cu", "modsize"), ("tune_race_pairs.cu", "pairs"),
                  ("tune_race_rotate.cu", "rotate"), ("tune_race_scan_inplace.cu", "scan_inplace"),
                  ("tune_race_flag.cu", "flag")):
    case("tune_race_%s" % name, src, ["RACE"], rules={RACE}, family="tuning_race", split="tuning")
    case("tune_race_%s_ok" % name, src, family="tuning_race", split="tuning")
# every global access indexed by the thread unguarded
case("tune_race_halo", "tune_race_halo.cu", ["RACE"], rules={RACE, MBC}, family="tuning_race", split="tuning")
case("tune_race_halo_ok", "tune_race_halo.cu", rules={MBC}, family="tuning_race", split="tuning")
case("tune_race_dsmem", "tune_race_dsmem.cu", ["RACE"], rules={RACE}, arch=H, family="tuning_race", split="tuning")
case("tune_race_dsmem_ok", "tune_race_dsmem.cu", arch=H, family="tuning_race", split="tuning")
# arrive and wait: mbarriers (sm_90a), named barriers, a conditional cp.async pipeline with a peeled
# remainder loop; each .cu says why its RACE=N variants race and the plain one does not
for src, name, arch, variants, rules in (
        ("tune_race_mbar_handoff.cu", "mbar_handoff", H, 3, set()),
        ("tune_race_mbar_ring.cu", "mbar_ring", H, 3, set()),
        ("tune_race_named_bar.cu", "named_bar", "sm_80", 3, set()),
        ("tune_race_cp_async_tail.cu", "cp_async_tail", "sm_80", 2, {MBC})):
    for v in range(1, variants + 1):
        case("tune_race_%s_%d" % (name, v), src, ["RACE=%d" % v], rules={RACE} | rules, arch=arch,
             family="tuning_race", split="tuning")
    case("tune_race_%s_ok" % name, src, rules=rules, arch=arch, family="tuning_race", split="tuning")
# rule tests written since, for the same purpose
TUNING_HAND = {"SHARED_RACE_pair_store_pos", "SHARED_RACE_pair_store_neg", "SHARED_RACE_mod_size_pos",
               "SHARED_RACE_mod_size_neg", "SHARED_RACE_counter_copy_pos", "SHARED_RACE_counter_copy_neg",
               "SHARED_RACE_rotate_pos", "SHARED_RACE_rotate_neg", "SHARED_RACE_pair_computed_pos",
               "SHARED_RACE_pair_computed_neg"}


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

# ---- Triton kernels (triton/kernels.py, compiled for sm_90a by triton/compile_triton.py) ----
# Triton kernels are correct and race-free (the compiler places every barrier), compiler output
# has no dead code, endless path, uninitialised register or generic address used as shared, and
# every kernel of triton/kernels.py masks each thread-indexed load and store with a predicate on
# its offsets. Per kernel: the rules that must fire by construction, and those left unlabelled
# with the reason.
ALWAYS_OMITTED = {
    "BANK_CONFLICT": "Triton chooses the shared-memory layouts (swizzling) itself; the source does not decide "
                     "whether its layout conversions conflict",
    "UNVECTORIZED_ACCESS": "whether Triton emits vector or scalar predicated loads depends on its alignment and "
                           "contiguity analysis, not on the source",
}
TRITON_KERNELS = {
    # name: {"rules": must fire by construction, "omit": {rule: reason}}
    "add": {}, "mul_add_fused": {}, "gelu": {}, "silu": {}, "swiglu": {}, "dropout": {},
    "rope": {}, "softmax": {}, "online_softmax": {}, "log_softmax": {}, "layernorm": {}, "rmsnorm": {},
    "sum_rows": {}, "max_rows": {}, "cross_entropy": {},
    "matmul_64x64x32": {}, "matmul_128x128x32": {}, "matmul_128x64x64": {}, "matmul_tf32": {},
    "batched_matmul": {}, "flash_attention_fwd": {}, "int8_dequant_matmul": {},
    "embedding_gather": {}, "persistent_matmul": {}, "tma_matmul": {},
    "transpose": {"omit": {"UNCOALESCED_GLOBAL": "the transposed store is coalesced only if Triton converts its "
                                                "layout through shared memory; the source does not say"}},
}


def triton_cases():
    """(name, text, construction rules, omitted {rule: reason}, metadata) for every PTX file
    triton/compile_triton.py wrote into TRITON_PTX; kernels it failed to compile are skipped."""
    for kernel in sorted(TRITON_KERNELS):
        path = os.path.join(TRITON_PTX, "triton_%s.ptx" % kernel)
        if not os.path.exists(path):
            continue
        meta_path = os.path.join(TRITON_PTX, "triton_%s.json" % kernel)
        meta = json.load(open(meta_path)) if os.path.exists(meta_path) else {}
        spec = TRITON_KERNELS[kernel]
        omitted = dict(ALWAYS_OMITTED)
        omitted.update(spec.get("omit", {}))
        yield kernel, open(path).read(), set(spec.get("rules", ())), omitted, meta


def shared_via_64bit(text):
    """SHARED_64BIT_ADDRESS decided from the PTX text: a .shared access whose address is a 64-bit
    register (the rule's own definition, so no judgement is involved). The address is the first
    [ ] operand; for copies (cp.*) it is the destination, shared when the first state space named
    in the opcode is .shared."""
    for line in text.split("\n"):
        m = re.match(r"\s*(?:@!?%\w+\s+)?(\w+)((?:\.[\w:]+)*)\s+([^;]*);", line)
        if not m or ".shared" not in m.group(2):
            continue
        spaces = re.findall(r"\.(shared|global|local|const|param)\b", m.group(2))
        if m.group(1) == "cp" and spaces[0] != "shared":
            continue
        addr = re.search(r"\[\s*([^\],]+)", m.group(3))
        if addr and re.match(r"%rd\d+", addr.group(1).strip()):
            return True
    return False


# ---- ptxas ----


def ptxas(path, *args):
    p = subprocess.run([PTXAS, *args, path, "-o", "/dev/null"], capture_output=True, text=True)
    return p.returncode, p.stderr


def ptxas_numbers(path, arch, extra):
    rc, log = ptxas(path, "-arch=" + arch, "-v", *extra)
    regs = max([int(x) for x in re.findall(r"Used (\d+) registers", log)] or [0])
    frames = re.findall(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", log)
    stack = max([int(f[0]) for f in frames] or [0])
    spill = max([int(f[1]) for f in frames] or [0])
    smem = max([int(x) for x in re.findall(r"(\d+) bytes smem", log)] or [0])
    return {"regs": regs, "spill_stores": spill, "stack": stack, "smem": smem}


def write_case(name, text, origin, describe, construction, split, family, arch="sm_80", caps=(), omitted=None,
               extra_lines=()):
    omitted = omitted or {}
    path = os.path.join(CASES, name + ".ptx")
    with open(path, "w") as f:
        f.write(text)
    rc, log = ptxas(path, "-arch=compute_" + arch[3:])
    valid = rc == 0
    labels = {r: (r in construction) for r in RULES if r not in PTXAS_RULES}
    numbers = {}
    if valid:
        numbers[arch] = ptxas_numbers(path, arch, [])
        numbers[arch + "_maxrreg255"] = ptxas_numbers(path, arch, ["-maxrregcount", "255"])
        for cap in caps:
            numbers["%s_maxrreg%d" % (arch, cap)] = ptxas_numbers(path, arch, ["-maxrregcount", str(cap)])
        labels["REGISTER_SPILL"] = numbers[arch]["spill_stores"] > 0
        labels["LOCAL_MEMORY"] = bool(re.search(r"^\s*\.local\b", text, re.M)) and \
            numbers[arch + "_maxrreg255"]["stack"] > 0
        labels["HIGH_REGISTER_PRESSURE"] = numbers[arch + "_maxrreg255"]["regs"] > 64
        labels["PTX_SYNTAX"] = False
    else:
        labels = {r: False for r in RULES}
        labels["PTX_SYNTAX"] = True
        omitted = {}
    for r in construction & PTXAS_RULES:
        if not labels[r]:
            print("note: %s: %s expected by construction but ptxas disagrees; ptxas wins" % (name, r))
    if valid and shared_via_64bit(text) != labels["SHARED_64BIT_ADDRESS"]:
        print("note: %s: SHARED_64BIT_ADDRESS labelled %s but the PTX text says otherwise" %
              (name, labels["SHARED_64BIT_ADDRESS"]))
    with open(os.path.join(CASES, name + ".label"), "w") as f:
        f.write("# ptx_corpus label (written by build_corpus.py): rules that must fire, and ptxas -v numbers\n")
        f.write("origin %s\n" % origin)
        f.write("how %s\n" % describe)
        f.write("split %s\n" % split)
        f.write("family %s\n" % family)
        f.write("arch %s\n" % arch)
        for line in extra_lines:
            f.write(line + "\n")
        f.write("ptxas_valid %s\n" % ("yes" if valid else "no"))
        if not valid:
            first = next((l for l in log.splitlines() if "error" in l or "fatal" in l), "")
            f.write("ptxas_message %s\n" % first.replace(path, name + ".ptx").strip())
        for r in RULES:
            if r in omitted:
                f.write("rule %s omitted - %s\n" % (r, omitted[r]))
                continue
            oracle = "ptxas" if r in PTXAS_RULES else "construction"
            f.write("rule %s %s %s\n" % (r, "yes" if labels[r] else "no", oracle))
        for key, n in numbers.items():
            f.write("ptxas %s regs %d spill_stores %d stack %d smem %d\n" %
                    (key, n["regs"], n["spill_stores"], n["stack"], n["smem"]))


def main():
    if not os.access(NVCC, os.X_OK) or not os.access(PTXAS, os.X_OK):
        sys.exit("build_corpus.py needs nvcc and ptxas (set CUDA_HOME)")
    only = set(sys.argv[1:])
    unknown = only - {c.name for c in CASES_LIST} - {"hand_" + h[0] for h in hand_cases()}
    if unknown:
        sys.exit("build_corpus.py: no case named %s" % ", ".join(sorted(unknown)))
    if os.path.isdir(CASES) and not only:
        shutil.rmtree(CASES)
    os.makedirs(CASES, exist_ok=True)
    tmp = os.path.join(CASES, ".tmp.ptx")
    for index, c in enumerate(CASES_LIST):
        if only and c.name not in only:
            continue
        cmd = [NVCC, "-arch=" + c.arch, "-ptx", "-O3"] + ["-D" + d for d in c.defines] + \
              [os.path.join(HERE, "src", c.source), "-o", tmp]
        subprocess.run(cmd, check=True)
        text = open(tmp).read()
        how = "nvcc -arch=%s -ptx -O3 %s src/%s" % (c.arch, " ".join("-D" + d for d in c.defines), c.source)
        origin = "nvcc13"
        if c.mutation:
            text = c.mutation(text)
            how += "; then " + c.mutation.describe
            origin = "mutant"
        split = "tuning" if index < ORIGINAL_CASES else c.split or split_of("src/" + c.source)
        write_case(c.name, text, origin, how.replace("  ", " "), c.rules, split, c.family, c.arch, c.caps)
    if os.path.exists(tmp):
        os.remove(tmp)
    for name, text, expect in hand_cases():
        if only and "hand_" + name not in only:
            continue
        write_case("hand_" + name, text, "hand", "tests/ptx_rules/%s.ptx" % name, expect, "tuning",
                   "tuning_race" if name in TUNING_HAND else "original")
    if only:
        return
    triton = 0
    for kernel, text, rules, omitted, meta in triton_cases():
        info = "triton_meta num_warps %s num_stages %s shared %s reqntid %s" % (
            meta.get("num_warps", "?"), meta.get("num_stages", "?"), meta.get("shared", "?"), meta.get("reqntid", "?"))
        if shared_via_64bit(text):
            rules = rules | {"SHARED_64BIT_ADDRESS"}
        write_case("triton_" + kernel, text, "triton", "triton/kernels.py:%s, Triton for sm_90a "
                   "(triton/compile_triton.py)" % kernel, rules, split_of("triton/" + kernel), "triton", "sm_90a",
                   omitted=omitted, extra_lines=[info])
        triton += 1
    if triton < len(TRITON_KERNELS):
        print("ptx_corpus: %d of %d Triton kernels present in %s" % (triton, len(TRITON_KERNELS), TRITON_PTX))
    print("ptx_corpus: %d cases" % (len(os.listdir(CASES)) // 2))


if __name__ == "__main__":
    main()
