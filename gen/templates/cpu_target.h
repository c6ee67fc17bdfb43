${header}
#ifndef TN_CPU_${guard}_H
#define TN_CPU_${guard}_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

${prelude}

/* ${lanes} lane(s) of f32 per vector */
#define VF_LANES ${lanes}
typedef ${f32} vf;
typedef ${i32} vi;
typedef ${mask} vm;

/* Loop parameters shared by the templates. */
#ifndef TN_REDUCE_BLOCK
#define TN_REDUCE_BLOCK 4096     /* elements per block of a reduction, before pairwise combining */
#define TN_ARG_CHUNK (1 << 30)   /* elements per chunk of an argreduce (int32 lane indices) */
#endif

/* Primitives of gen/lua/dsl.lua, spelled as gen/lua/targets/${target}.lua says. */
${prims}

/* Loads, stores and constants used by the loop templates. */
${structural}

#endif
