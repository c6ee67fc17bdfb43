#!/usr/bin/env python3
"""The analyzer's accept/reject against ptxas on every combination of a type and a register type for
ld/st values and cvt operands (docs/PTX_ANALYZER.md, PTX_SYNTAX): writes one small kernel per
combination, asks ptxas and tnptx, and prints how many disagree and which.

usage: scripts/ptx_operand_matrix.py TNPTX [ARCH]      (ARCH: sm_90 by default; needs ptxas on PATH)
"""
import os, shutil, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

INT_TYPES = ["u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64"]
CVT_TYPES = ["u8", "s8", "u16", "u32", "s32", "u64", "f16", "bf16", "f32", "f64"]
MOVE_TYPES = INT_TYPES + ["b8", "b16", "b32", "b64", "f32", "f64"]
REGISTERS = ["b16", "b32", "b64", "u16", "s16", "u32", "s32", "u64", "s64", "f16", "f32", "f64", "pred"]
FLOATS = ("f16", "bf16", "f32", "f64")


def rounding(dt, st):
    """The rounding modifier cvt needs between the two types."""
    bits = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}
    if dt in FLOATS and st in FLOATS:
        return ".rn" if bits[dt] <= bits[st] else ""
    return ".rn" if dt in FLOATS else ".rzi" if st in FLOATS else ""


def kernel(arch, body, registers):
    decls = "".join("\t.reg .%s %s;\n" % (t, name) for name, t in registers)
    return (".version 8.7\n.target %s\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n"
            "\t.reg .b64 %%rd<3>;\n%s\tld.param.u64 %%rd1, [p];\n%s\tret;\n}\n" % (arch, decls, body))


def cases(arch):
    for op in ("ld", "st"):
        for t in MOVE_TYPES:
            for r in REGISTERS:
                ins = "ld.global.%s %%v, [%%rd1];" % t if op == "ld" else "st.global.%s [%%rd1], %%v;" % t
                yield "%s.%s %s" % (op, t, r), kernel(arch, "\t%s\n" % ins, [("%v", r)])
    for dt in CVT_TYPES:
        for st in CVT_TYPES:
            if dt == st:
                continue
            for rd in REGISTERS[:-1]:
                for rs in REGISTERS[:-1]:
                    body = ("\tld.global.b8 %%s, [%%rd1];\n\tcvt%s.%s.%s %%d, %%s;\n\tst.global.b8 [%%rd1], %%d;\n"
                            % (rounding(dt, st), dt, st))
                    yield "cvt.%s.%s %s %s" % (dt, st, rd, rs), kernel(arch, body, [("%d", rd), ("%s", rs)])


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    tnptx, arch = os.path.abspath(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else "sm_90"
    if not shutil.which("ptxas"):
        print("ptxas not found: skipped")
        return 0
    work = tempfile.mkdtemp()

    def judge(item):
        k, (name, text) = item
        path = os.path.join(work, "c%d.ptx" % k)
        with open(path, "w") as f:
            f.write(text)
        ptxas = subprocess.run(["ptxas", "-arch=" + arch, path, "-o", os.devnull], capture_output=True).returncode != 0
        ours = "error [PTX_SYNTAX" in subprocess.run([tnptx, path], capture_output=True, text=True).stdout
        os.unlink(path)
        return name, ptxas, ours

    with ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        results = list(ex.map(judge, enumerate(cases(arch))))
    shutil.rmtree(work)
    wrong = [r for r in results if r[1] != r[2]]
    for name, ptxas, ours in wrong:
        print("%-28s ptxas %s, tnptx %s" % (name, "rejects" if ptxas else "accepts", "rejects" if ours else "accepts"))
    print("%d combinations on %s: %d agree, %d do not" % (len(results), arch, len(results) - len(wrong), len(wrong)))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
