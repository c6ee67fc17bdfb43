// 64-bit integer arithmetic and 64-bit address arithmetic
#include <stdint.h>
extern "C" __global__ void big_gather_strided(const float* __restrict__ base, const int64_t* __restrict__ offsets,
                                              int64_t stride0, int64_t stride1, float* __restrict__ out, int64_t n, int inner)
{
    int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int64_t o = offsets[i];
    int64_t a = o / inner, b = o % inner;
    out[i] = base[a * stride0 + b * stride1];
}

extern "C" __global__ void mulmod64_powers(const uint64_t* __restrict__ bases, const uint64_t* __restrict__ exps,
                                           uint64_t mod, uint64_t* __restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint64_t b = bases[i] % mod, e = exps[i], r = 1;
    while (e) {
        if (e & 1) {
            uint64_t hi = __umul64hi(r, b), lo = r * b;
            // (hi:lo) mod mod via double-word reduction (slow but exact)
            unsigned __int128 p = ((unsigned __int128)hi << 64) | lo;
            r = (uint64_t)(p % mod);
        }
        unsigned __int128 q = (unsigned __int128)b * b;
        b = (uint64_t)(q % mod);
        e >>= 1;
    }
    out[i] = r;
}

extern "C" __global__ void tensor4d_permute(const double* __restrict__ in, double* __restrict__ out,
                                            long d0, long d1, long d2, long d3)
{
    long total = d0 * d1 * d2 * d3;
    for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < total; i += (long)gridDim.x * blockDim.x) {
        long i3 = i % d3, t = i / d3;
        long i2 = t % d2; t /= d2;
        long i1 = t % d1, i0 = t / d1;
        // out layout [d3][d1][d0][d2]
        out[((i3 * d1 + i1) * d0 + i0) * d2 + i2] = in[i];
    }
}
