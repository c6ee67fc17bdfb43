// Integer column codecs: delta/zigzag encoding, run-length decoding, frame-of-reference.
#include <cuda_runtime.h>
#include <stdint.h>

__device__ __forceinline__ uint64_t zigzag64(int64_t v) { return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63); }

// Delta + zigzag encode of a 64-bit column with block-local prefix min for frame-of-reference.
extern "C" __global__ void delta_zigzag_encode(const int64_t* __restrict__ in, uint64_t* __restrict__ out,
                                               unsigned long long* __restrict__ block_max, long long n)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    uint64_t z = 0;
    if (i < n) {
        int64_t prev = (i == 0) ? 0 : in[i - 1];
        z = zigzag64(in[i] - prev);
        out[i] = z;
    }
    uint64_t m = z;
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        uint64_t t = __shfl_xor_sync(0xffffffffu, m, o);
        m = t > m ? t : m;
    }
    if ((threadIdx.x & 31) == 0) atomicMax(block_max + blockIdx.x, (unsigned long long)m);
}

// RLE decode: each thread owns one run; binary search not needed because offsets are precomputed.
extern "C" __global__ void rle_expand(const int32_t* __restrict__ values, const uint32_t* __restrict__ run_start,
                                      int n_runs, int32_t* __restrict__ out)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= n_runs) return;
    uint32_t b = run_start[r], e = run_start[r + 1];
    int32_t v = values[r];
    uint32_t i = b;
    for (; i + 4 <= e && (i & 3) == 0; i += 4) *reinterpret_cast<int4*>(out + i) = make_int4(v, v, v, v);
    for (; i < e; ++i) out[i] = v;
}

// Delta decode with warp-level inclusive scan of 64-bit differences, one block-carry pass.
extern "C" __global__ void delta_decode_scan(const uint64_t* __restrict__ zz, int64_t* __restrict__ out,
                                             const int64_t* __restrict__ block_base, long long n)
{
    __shared__ int64_t warp_tot[32];
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    int64_t d = 0;
    if (i < n) { uint64_t z = zz[i]; d = (int64_t)(z >> 1) ^ -(int64_t)(z & 1); }
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        int64_t t = __shfl_up_sync(0xffffffffu, d, o);
        if (lane >= o) d += t;
    }
    if (lane == 31) warp_tot[wid] = d;
    __syncthreads();
    if (wid == 0) {
        int64_t t = lane < (blockDim.x >> 5) ? warp_tot[lane] : 0;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            int64_t u = __shfl_up_sync(0xffffffffu, t, o);
            if (lane >= o) t += u;
        }
        warp_tot[lane] = t;
    }
    __syncthreads();
    if (wid > 0) d += warp_tot[wid - 1];
    if (i < n) out[i] = block_base[blockIdx.x] + d;
}
