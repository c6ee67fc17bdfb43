// Erasure coding over GF(2^8): Cauchy Reed-Solomon style systematic encoding with log/exp
// tables in shared memory, RAID-6 P+Q syndrome generation with SWAR multiply-by-2, decode of
// up to m erasures by Gauss-Jordan inversion of a k x k submatrix over GF(256) in shared memory,
// and a split-nibble table multiply variant (ISA-L style) using 32-bit lookups.
#include <cuda_runtime.h>
#include <stdint.h>

__device__ __forceinline__ uint8_t gf_mul_tab(uint8_t a, uint8_t b, const uint8_t *lg, const uint8_t *ex)
{
    if (a == 0 || b == 0) return 0;
    return ex[lg[a] + lg[b]];   // ex has 512 entries
}

// data: k shards, each len bytes (len multiple of 4); parity: m shards. coef: m x k matrix.
extern "C" __global__ void rs_encode_logexp(const uint32_t *__restrict__ data, uint32_t *__restrict__ parity,
                                           const uint8_t *__restrict__ coef, const uint8_t *__restrict__ gflog,
                                           const uint8_t *__restrict__ gfexp, int k, int m, int words)
{
    __shared__ uint8_t lg[256], ex[512], cf[32 * 32];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) lg[i] = gflog[i];
    for (int i = threadIdx.x; i < 512; i += blockDim.x) ex[i] = gfexp[i];
    for (int i = threadIdx.x; i < m * k; i += blockDim.x) cf[i] = coef[i];
    __syncthreads();
    int w = blockIdx.x * blockDim.x + threadIdx.x;
    if (w >= words) return;
    uint32_t acc[8];
#pragma unroll
    for (int r = 0; r < 8; ++r) acc[r] = 0;
    for (int j = 0; j < k; ++j) {
        uint32_t d = __ldg(data + (size_t)j * words + w);
        uint8_t b0 = d & 0xff, b1 = (d >> 8) & 0xff, b2 = (d >> 16) & 0xff, b3 = d >> 24;
#pragma unroll
        for (int r = 0; r < 8; ++r) {
            if (r >= m) break;
            uint8_t c = cf[r * k + j];
            uint32_t p = gf_mul_tab(c, b0, lg, ex) | (gf_mul_tab(c, b1, lg, ex) << 8) |
                         (gf_mul_tab(c, b2, lg, ex) << 16) | ((uint32_t)gf_mul_tab(c, b3, lg, ex) << 24);
            acc[r] ^= p;
        }
    }
#pragma unroll
    for (int r = 0; r < 8; ++r) if (r < m) parity[(size_t)r * words + w] = acc[r];
}

// multiply 4 packed bytes by 2 in GF(2^8) with polynomial 0x11d
__device__ __forceinline__ uint32_t gf_mul2_x4(uint32_t v)
{
    uint32_t hi = v & 0x80808080u;
    uint32_t mask = (hi << 1) - (hi >> 7);    // 0xff in each byte with top bit set
    return ((v << 1) & 0xfefefefeu) ^ (mask & 0x1d1d1d1du);
}

// RAID-6: P = xor of all, Q = sum g^i D_i via Horner from the highest disk down. 16-byte vectors.
extern "C" __global__ void raid6_gen_pq(const uint4 *__restrict__ disks, int ndisks, int nvec,
                                        uint4 *__restrict__ P, uint4 *__restrict__ Q)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= nvec) return;
    uint4 p = make_uint4(0, 0, 0, 0), q = make_uint4(0, 0, 0, 0);
    for (int d = ndisks - 1; d >= 0; --d) {
        uint4 x = __ldg(disks + (size_t)d * nvec + v);
        p.x ^= x.x; p.y ^= x.y; p.z ^= x.z; p.w ^= x.w;
        q.x = gf_mul2_x4(q.x) ^ x.x; q.y = gf_mul2_x4(q.y) ^ x.y;
        q.z = gf_mul2_x4(q.z) ^ x.z; q.w = gf_mul2_x4(q.w) ^ x.w;
    }
    P[v] = p; Q[v] = q;
}

// Invert a k x k GF(256) matrix (k <= 32) in shared memory by Gauss-Jordan. One block per
// decode problem (different erasure patterns), blockDim.x >= 2k.
extern "C" __global__ void gf_matrix_invert(const uint8_t *__restrict__ mats, int k,
                                            const uint8_t *__restrict__ gflog, const uint8_t *__restrict__ gfexp,
                                            uint8_t *__restrict__ inv, int *__restrict__ singular)
{
    __shared__ uint8_t lg[256], ex[512];
    __shared__ uint8_t A[32][64];
    __shared__ int piv;
    for (int i = threadIdx.x; i < 256; i += blockDim.x) lg[i] = gflog[i];
    for (int i = threadIdx.x; i < 512; i += blockDim.x) ex[i] = gfexp[i];
    const uint8_t *M = mats + (size_t)blockIdx.x * k * k;
    for (int i = threadIdx.x; i < k * 2 * k; i += blockDim.x) {
        int r = i / (2 * k), c = i % (2 * k);
        A[r][c] = c < k ? M[r * k + c] : (c - k == r);
    }
    __syncthreads();
    for (int col = 0; col < k; ++col) {
        if (threadIdx.x == 0) {
            piv = -1;
            for (int r = col; r < k; ++r) if (A[r][col]) { piv = r; break; }
        }
        __syncthreads();
        if (piv < 0) { if (threadIdx.x == 0) singular[blockIdx.x] = 1; return; }
        int c = threadIdx.x;
        if (piv != col && c < 2 * k) { uint8_t t = A[col][c]; A[col][c] = A[piv][c]; A[piv][c] = t; }
        __syncthreads();
        uint8_t pv = A[col][col];
        uint8_t pinv = ex[255 - lg[pv]];
        if (c < 2 * k) A[col][c] = gf_mul_tab(A[col][c], pinv, lg, ex);
        __syncthreads();
        for (int r = 0; r < k; ++r) {
            if (r == col) continue;
            uint8_t f = A[r][col];
            __syncthreads();
            if (f && c < 2 * k) A[r][c] ^= gf_mul_tab(f, A[col][c], lg, ex);
        }
        __syncthreads();
    }
    for (int i = threadIdx.x; i < k * k; i += blockDim.x)
        inv[(size_t)blockIdx.x * k * k + i] = A[i / k][k + i % k];
    if (threadIdx.x == 0) singular[blockIdx.x] = 0;
}

// Split-nibble multiply (low/high 16-entry tables per coefficient), applying a decode matrix
// to surviving shards to reconstruct lost ones.
extern "C" __global__ void rs_decode_nibble(const uint32_t *__restrict__ survivors, const uint8_t *__restrict__ tbl,
                                            int k, int nlost, int words, uint32_t *__restrict__ rebuilt)
{
    // tbl layout: [nlost][k][32] = low nibble table (16) then high nibble table (16)
    extern __shared__ uint8_t st[];
    for (int i = threadIdx.x; i < nlost * k * 32; i += blockDim.x) st[i] = tbl[i];
    __syncthreads();
    int w = blockIdx.x * blockDim.x + threadIdx.x;
    if (w >= words) return;
    for (int l = 0; l < nlost; ++l) {
        uint32_t acc = 0;
        for (int j = 0; j < k; ++j) {
            uint32_t d = __ldg(survivors + (size_t)j * words + w);
            const uint8_t *t = st + (l * k + j) * 32;
            uint32_t r = 0;
#pragma unroll
            for (int b = 0; b < 4; ++b) {
                uint32_t byte = (d >> (8 * b)) & 0xff;
                r |= (uint32_t)(t[byte & 15] ^ t[16 + (byte >> 4)]) << (8 * b);
            }
            acc ^= r;
        }
        rebuilt[(size_t)l * words + w] = acc;
    }
}
