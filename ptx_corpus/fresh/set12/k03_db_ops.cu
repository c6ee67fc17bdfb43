// Database operators: hash-join build/probe with 64-bit keys, filtered
// aggregation (group-by), and a predicate-evaluating selection with compaction.
#include <cuda_runtime.h>
#include <stdint.h>

#define EMPTY_KEY 0xFFFFFFFFFFFFFFFFull

__device__ __forceinline__ uint64_t mix64(uint64_t k)
{
    k ^= k >> 33; k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ull;
    k ^= k >> 33;
    return k;
}

extern "C" __global__ void hj_build(const uint64_t* __restrict__ keys,
                                    const uint32_t* __restrict__ rowids, int n,
                                    uint64_t* __restrict__ ht_keys,
                                    uint32_t* __restrict__ ht_vals, uint64_t mask)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint64_t k = keys[i];
    uint64_t s = mix64(k) & mask;
    while (true) {
        unsigned long long old = atomicCAS((unsigned long long*)&ht_keys[s],
                                           (unsigned long long)EMPTY_KEY,
                                           (unsigned long long)k);
        if (old == EMPTY_KEY) { ht_vals[s] = rowids[i]; return; }
        s = (s + 1) & mask;
    }
}

// Probe emits (probe row, build row) pairs; output slots are reserved per warp.
extern "C" __global__ void hj_probe(const uint64_t* __restrict__ pkeys, int n,
                                    const uint64_t* __restrict__ ht_keys,
                                    const uint32_t* __restrict__ ht_vals, uint64_t mask,
                                    uint2* __restrict__ out, unsigned int* __restrict__ out_count,
                                    unsigned int out_cap)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    uint64_t k = (i < n) ? pkeys[i] : EMPTY_KEY;
    uint32_t match = 0xFFFFFFFFu;
    if (i < n) {
        uint64_t s = mix64(k) & mask;
        for (;;) {
            uint64_t hk = ht_keys[s];
            if (hk == k) { match = ht_vals[s]; break; }
            if (hk == EMPTY_KEY) break;
            s = (s + 1) & mask;
        }
    }
    bool hit = match != 0xFFFFFFFFu;
    unsigned ballot = __ballot_sync(0xffffffffu, hit);
    unsigned base = 0;
    if (lane == 0 && ballot) base = atomicAdd(out_count, __popc(ballot));
    base = __shfl_sync(0xffffffffu, base, 0);
    if (hit) {
        unsigned pos = base + __popc(ballot & ((1u << lane) - 1));
        if (pos < out_cap) out[pos] = make_uint2((unsigned)i, match);
    }
}

// SELECT sum(price*(1-disc)), sum(qty), count(*) GROUP BY flag, status
// WHERE shipdate <= cutoff -- 6 groups aggregated in shared memory.
extern "C" __global__ void groupby_agg(const int* __restrict__ shipdate,
                                       const uint8_t* __restrict__ flag,
                                       const uint8_t* __restrict__ status,
                                       const double* __restrict__ price,
                                       const double* __restrict__ disc,
                                       const double* __restrict__ tax,
                                       const int* __restrict__ qty, int n, int cutoff,
                                       double* __restrict__ g_rev, double* __restrict__ g_charge,
                                       unsigned long long* __restrict__ g_qty,
                                       unsigned long long* __restrict__ g_cnt)
{
    __shared__ double s_rev[6], s_charge[6];
    __shared__ unsigned long long s_qty[6], s_cnt[6];
    if (threadIdx.x < 6) {
        s_rev[threadIdx.x] = 0.0; s_charge[threadIdx.x] = 0.0;
        s_qty[threadIdx.x] = 0; s_cnt[threadIdx.x] = 0;
    }
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        if (shipdate[i] > cutoff) continue;
        int g = flag[i] * 2 + status[i];
        double p = price[i], d = disc[i], t = tax[i];
        double rev = p * (1.0 - d);
        atomicAdd(&s_rev[g], rev);
        atomicAdd(&s_charge[g], rev * (1.0 + t));
        atomicAdd(&s_qty[g], (unsigned long long)qty[i]);
        atomicAdd(&s_cnt[g], 1ull);
    }
    __syncthreads();
    if (threadIdx.x < 6) {
        atomicAdd(&g_rev[threadIdx.x], s_rev[threadIdx.x]);
        atomicAdd(&g_charge[threadIdx.x], s_charge[threadIdx.x]);
        atomicAdd(&g_qty[threadIdx.x], s_qty[threadIdx.x]);
        atomicAdd(&g_cnt[threadIdx.x], s_cnt[threadIdx.x]);
    }
}

// Evaluate a small predicate program (stack machine) per row; the operand
// stack is a local array indexed by the runtime stack pointer.
enum { OP_COL = 0, OP_CONST, OP_LT, OP_GT, OP_EQ, OP_AND, OP_OR, OP_NOT, OP_ADD, OP_MUL };
struct Instr { int op; int arg; float fval; };

extern "C" __global__ void predicate_vm(const float* __restrict__ cols, int ncols, int nrows,
                                        const Instr* __restrict__ prog, int plen,
                                        int* __restrict__ out_rows, unsigned int* __restrict__ out_n)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= nrows) return;
    float stack[16];
    int sp = 0;
    for (int pc = 0; pc < plen; ++pc) {
        Instr in = prog[pc];
        switch (in.op) {
            case OP_COL:   stack[sp++] = cols[(size_t)in.arg * nrows + row]; break;
            case OP_CONST: stack[sp++] = in.fval; break;
            case OP_LT:  --sp; stack[sp - 1] = stack[sp - 1] <  stack[sp] ? 1.f : 0.f; break;
            case OP_GT:  --sp; stack[sp - 1] = stack[sp - 1] >  stack[sp] ? 1.f : 0.f; break;
            case OP_EQ:  --sp; stack[sp - 1] = stack[sp - 1] == stack[sp] ? 1.f : 0.f; break;
            case OP_AND: --sp; stack[sp - 1] = (stack[sp - 1] != 0.f && stack[sp] != 0.f) ? 1.f : 0.f; break;
            case OP_OR:  --sp; stack[sp - 1] = (stack[sp - 1] != 0.f || stack[sp] != 0.f) ? 1.f : 0.f; break;
            case OP_NOT: stack[sp - 1] = stack[sp - 1] == 0.f ? 1.f : 0.f; break;
            case OP_ADD: --sp; stack[sp - 1] += stack[sp]; break;
            case OP_MUL: --sp; stack[sp - 1] *= stack[sp]; break;
        }
        sp = min(max(sp, 1), 15);
    }
    if (stack[0] != 0.f) {
        unsigned pos = atomicAdd(out_n, 1u);
        out_rows[pos] = row;
    }
}
