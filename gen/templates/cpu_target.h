${gen.header("/*", { t.file }, "cpu_target.h")}
#ifndef TN_CPU_${t.name:upper()}_H
#define TN_CPU_${t.name:upper()}_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

${prelude}

/* ${t.lanes} lane(s) of f32 per vector */
#define VF_LANES ${t.lanes}
typedef ${t.types.f32} vf;
typedef ${t.types.i32} vi;
typedef ${t.types.mask} vm;

/* Loop parameters shared by the templates (the accuracy contracts count the depth of sums
 * from the block sizes: they are not settings). */
#define TN_REDUCE_BLOCK 4096     /* elements per block of a reduction, before pairwise combining */
#define TN_ROW_BLOCK (128 * VF_LANES) /* columns per block of a row reduction: 16 steps per accumulator */
#define TN_MAP_BLOCK (32 * VF_LANES) /* columns per block of a map pass whose blocks alternate direction */
#define TN_STREAM_BYTES (8 << 20)    /* outputs at least this large are written with streaming stores */

/* Primitives of gen/lua/prims.lua, spelled as ${t.file} says. */
${prims}

/* Loads, stores and lane moves used by the loop templates. */
|for _, p in ipairs(structural) do
|  local ret, name, params = p.c:match("^(.-)%s*(v_[%w_]+)%((.*)%)$")
|  local text = t.prims[p.name]
|  if not text then
|    error(string.format("%s:%d: target '%s' has no spelling for the structural primitive '%s' (%s)", t.file, t.line, t.name, p.name, p.c), 0)
|  end
static inline ${ret} ${name}(${params}) { ${ret == "void" and "" or "return "}${text}; }
|end

/* The positions i, i + 1 ... i + lanes - 1 (indices within 32 bits: the runtime checks). */
static inline vi v_positions(size_t i)
{
    return p_iadd(v_iota(), v_isplat((int32_t)i));
}

#endif
