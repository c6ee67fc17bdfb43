// Number-theoretic transform: radix-2 NTT stage over the Goldilocks prime (64-bit), 1024-point shared-memory NTT mod 998244353, and pointwise multiply.
#include <cuda_runtime.h>
#include <stdint.h>

// Goldilocks p = 2^64 - 2^32 + 1
__device__ __forceinline__ uint64_t gl_reduce128(uint64_t lo, uint64_t hi)
{
    // x = lo + 2^64*hi, 2^64 = 2^32 - 1 (mod p), 2^96 = -1 (mod p)
    uint64_t hi_hi = hi >> 32, hi_lo = hi & 0xffffffffull;
    uint64_t t0 = lo - hi_hi;
    if (lo < hi_hi) t0 -= 0xffffffffull;            // borrow: add p == subtract (2^32-1) mod 2^64
    uint64_t t1 = hi_lo * 0xffffffffull;
    uint64_t r = t0 + t1;
    if (r < t1) r += 0xffffffffull;                  // carry
    const uint64_t P = 0xffffffff00000001ull;
    return r >= P ? r - P : r;
}
__device__ __forceinline__ uint64_t gl_mul(uint64_t a, uint64_t b) { return gl_reduce128(a * b, __umul64hi(a, b)); }
__device__ __forceinline__ uint64_t gl_add(uint64_t a, uint64_t b)
{
    const uint64_t P = 0xffffffff00000001ull;
    uint64_t r = a + b;
    if (r < a || r >= P) r -= P;
    return r;
}
__device__ __forceinline__ uint64_t gl_sub(uint64_t a, uint64_t b)
{
    const uint64_t P = 0xffffffff00000001ull;
    return a >= b ? a - b : a + (P - b);
}

// one Cooley-Tukey (DIT) stage over a bit-reversed array; twiddles for this stage precomputed
extern "C" __global__ void
ntt_gl_stage(uint64_t* __restrict__ a, const uint64_t* __restrict__ tw, int logN, int stage, int batch)
{
    size_t N = 1ull << logN;
    size_t half = 1ull << stage;
    size_t tid = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    size_t total = (N >> 1) * batch;
    if (tid >= total) return;
    size_t b = tid / (N >> 1), k = tid % (N >> 1);
    size_t grp = k / half, j = k % half;
    size_t i0 = b * N + grp * 2 * half + j, i1 = i0 + half;
    uint64_t w = tw[(j << (logN - 1 - stage))];
    uint64_t u = a[i0], v = gl_mul(a[i1], w);
    a[i0] = gl_add(u, v);
    a[i1] = gl_sub(u, v);
}

#define Q 998244353u
__device__ __forceinline__ uint32_t mulmod(uint32_t a, uint32_t b) { return (uint32_t)((uint64_t)a * b % Q); }
__device__ __forceinline__ uint32_t addmod(uint32_t a, uint32_t b) { uint32_t r = a + b; return r >= Q ? r - Q : r; }
__device__ __forceinline__ uint32_t submod(uint32_t a, uint32_t b) { return a >= b ? a - b : a + Q - b; }

// full 1024-point NTT in shared memory, 512 threads, each thread keeps 2 elements per stage; Montgomery-free (uses % with 64-bit)
extern "C" __global__ void __launch_bounds__(512, 2)
ntt1024_shared(uint32_t* __restrict__ data, const uint32_t* __restrict__ roots /*1023 stage twiddles*/, int inverse, uint32_t nInv)
{
    __shared__ uint32_t s[1024];
    uint32_t* d = data + (size_t)blockIdx.x * 1024;
    int t = threadIdx.x;
    // bit-reversed load
    s[__brev(t) >> 22] = d[t];
    s[__brev(t + 512) >> 22] = d[t + 512];
    __syncthreads();
#pragma unroll
    for (int st = 0; st < 10; ++st) {
        int half = 1 << st;
        int j = t & (half - 1);
        int i0 = ((t >> st) << (st + 1)) + j;
        uint32_t w = roots[half - 1 + j];
        uint32_t u = s[i0], v = mulmod(s[i0 + half], w);
        __syncthreads();
        s[i0] = addmod(u, v);
        s[i0 + half] = submod(u, v);
        __syncthreads();
    }
    uint32_t r0 = s[t], r1 = s[t + 512];
    if (inverse) {
        // reverse indices 1..N-1 for inverse using forward roots
        r0 = s[(1024 - t) & 1023]; r1 = s[(512 - t) & 1023];
        r0 = mulmod(r0, nInv); r1 = mulmod(r1, nInv);
    }
    d[t] = r0; d[t + 512] = r1;
}

// pointwise product of two transformed vectors (polynomial multiplication), 4 elements per thread with vector loads
extern "C" __global__ void
ntt_pointwise_mul(const uint4* __restrict__ a, const uint4* __restrict__ b, uint4* __restrict__ c, int n4)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n4) return;
    uint4 x = a[i], y = b[i];
    c[i] = make_uint4(mulmod(x.x, y.x), mulmod(x.y, y.y), mulmod(x.z, y.z), mulmod(x.w, y.w));
}

// Goldilocks pointwise multiply with scaling (e.g. by coset shift powers)
extern "C" __global__ void __launch_bounds__(256, 4)
ntt_gl_coset_scale(uint64_t* __restrict__ a, uint64_t shift, int logN, int batch)
{
    size_t N = 1ull << logN;
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i >= N * batch) return;
    size_t k = i & (N - 1);
    // shift^k via square-and-multiply
    uint64_t r = 1, b = shift;
    while (k) { if (k & 1) r = gl_mul(r, b); b = gl_mul(b, b); k >>= 1; }
    a[i] = gl_mul(a[i], r);
}
