// Probabilistic sketches: blocked Bloom filter insert/query (MurmurHash3 x64 fmix, k derived hashes), HyperLogLog++ register update with 2^14 registers, and HLL cardinality estimate reduction.
#include <cuda_runtime.h>
#include <stdint.h>

__device__ __forceinline__ uint64_t fmix64(uint64_t k)
{
    k ^= k >> 33; k *= 0xff51afd7ed558ccdull; k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ull; k ^= k >> 33;
    return k;
}

// 64-bit key -> two 64-bit hashes (Kirsch-Mitzenmacher); block = 512-bit cache line, k bits inside block
extern "C" __global__ void
bloom_insert_blocked(const uint64_t* __restrict__ keys, int n, uint32_t* __restrict__ bits, uint64_t nBlocks, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint64_t h1 = fmix64(keys[i]), h2 = fmix64(h1 ^ 0x9e3779b97f4a7c15ull) | 1ull;
    uint64_t blk = h1 % nBlocks;
    uint32_t* B = bits + blk * 16;
    for (int j = 0; j < k; ++j) {
        uint32_t bit = (uint32_t)((h1 >> 32) + j * h2) & 511u;
        atomicOr(&B[bit >> 5], 1u << (bit & 31));
    }
}

extern "C" __global__ void __launch_bounds__(256, 8)
bloom_query_blocked(const uint64_t* __restrict__ keys, int n, const uint32_t* __restrict__ bits, uint64_t nBlocks, int k,
                    unsigned char* __restrict__ maybe, unsigned int* __restrict__ hitCount)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    bool hit = false;
    if (i < n) {
        uint64_t h1 = fmix64(keys[i]), h2 = fmix64(h1 ^ 0x9e3779b97f4a7c15ull) | 1ull;
        uint64_t blk = h1 % nBlocks;
        const uint4* B4 = reinterpret_cast<const uint4*>(bits + blk * 16);
        uint32_t w[16];
#pragma unroll
        for (int q = 0; q < 4; ++q) { uint4 v = B4[q]; w[4 * q] = v.x; w[4 * q + 1] = v.y; w[4 * q + 2] = v.z; w[4 * q + 3] = v.w; }
        hit = true;
        for (int j = 0; j < k; ++j) {
            uint32_t bit = (uint32_t)((h1 >> 32) + j * h2) & 511u;
            hit &= (w[bit >> 5] >> (bit & 31)) & 1u;   // dynamic index into the loaded line
        }
        maybe[i] = hit;
    }
    unsigned m = __ballot_sync(0xffffffffu, hit);
    if ((threadIdx.x & 31) == 0 && m) atomicAdd(hitCount, __popc(m));
}

#define HLL_P 14
#define HLL_M (1 << HLL_P)

// register update: reg[idx] = max(reg[idx], rho(w)); shared-memory private copy of the sketch per block (16 KB as bytes)
extern "C" __global__ void __launch_bounds__(512)
hll_update(const uint64_t* __restrict__ items, size_t n, unsigned int* __restrict__ regs /*HLL_M as uint*/)
{
    __shared__ unsigned int s[HLL_M / 4];  // 4 packed 8-bit registers per word
    for (int i = threadIdx.x; i < HLL_M / 4; i += blockDim.x) s[i] = 0;
    __syncthreads();
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        uint64_t h = fmix64(items[i]);
        uint32_t idx = (uint32_t)(h >> (64 - HLL_P));
        uint64_t w = (h << HLL_P) | (1ull << (HLL_P - 1));
        uint32_t rho = __clzll(w) + 1;
        unsigned int sh = (idx & 3) * 8;
        unsigned int* word = &s[idx >> 2];
        unsigned int old = *word, assumed;
        while (((old >> sh) & 0xffu) < rho) {
            assumed = old;
            unsigned int nw = (old & ~(0xffu << sh)) | (rho << sh);
            old = atomicCAS(word, assumed, nw);
            if (old == assumed) break;
        }
    }
    __syncthreads();
    for (int i = threadIdx.x; i < HLL_M; i += blockDim.x) {
        unsigned int v = (s[i >> 2] >> ((i & 3) * 8)) & 0xffu;
        if (v) atomicMax(&regs[i], v);
    }
}

// estimate: harmonic mean with bias correction / linear counting (double accumulation), single block of 1024
extern "C" __global__ void __launch_bounds__(1024)
hll_estimate(const unsigned int* __restrict__ regs, double* __restrict__ estimate)
{
    __shared__ double sSum[32];
    __shared__ int sZero[32];
    double sum = 0.0; int zeros = 0;
    for (int i = threadIdx.x; i < HLL_M; i += blockDim.x) {
        unsigned int r = regs[i];
        sum += ldexp(1.0, -(int)r);
        zeros += r == 0;
    }
    for (int o = 16; o > 0; o >>= 1) { sum += __shfl_xor_sync(0xffffffffu, sum, o); zeros += __shfl_xor_sync(0xffffffffu, zeros, o); }
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) { sSum[wid] = sum; sZero[wid] = zeros; }
    __syncthreads();
    if (wid == 0) {
        sum = sSum[lane]; zeros = sZero[lane];
        for (int o = 16; o > 0; o >>= 1) { sum += __shfl_xor_sync(0xffffffffu, sum, o); zeros += __shfl_xor_sync(0xffffffffu, zeros, o); }
        if (lane == 0) {
            const double m = HLL_M, alpha = 0.7213 / (1.0 + 1.079 / m);
            double E = alpha * m * m / sum;
            if (E <= 2.5 * m && zeros > 0) E = m * log(m / zeros);
            *estimate = E;
        }
    }
}
