// Columnar data utilities: fixed-width bit-unpacking (FastPFor-style, width 1..32) with
// frame-of-reference, LEB128 varint + zigzag delta decoding, a 32-element
// bitonic sorting network held in registers per thread, and warp-level inclusive scan with
// per-thread 8-element register prefix.
#include <cuda_runtime.h>
#include <stdint.h>

// Each thread unpacks 32 values of `width` bits starting at bit offset block*32*width.
extern "C" __global__ void bitunpack32_for(const uint32_t* __restrict__ packed, const int* __restrict__ widths,
                                           const int* __restrict__ bases, const uint32_t* __restrict__ word_offsets,
                                           int* __restrict__ out, int nblocks)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nblocks) return;
    int w = widths[b];
    int base = bases[b];
    const uint32_t* src = packed + word_offsets[b];
    uint32_t mask = w == 32 ? 0xffffffffu : ((1u << w) - 1u);
    int4* dst = reinterpret_cast<int4*>(out + (size_t)b * 32);
    int vals[4];
#pragma unroll
    for (int i = 0; i < 32; ++i) {
        int bit = i * w;
        int wi = bit >> 5, sh = bit & 31;
        uint64_t two = ((uint64_t)src[wi + 1 < w ? wi + 1 : wi] << 32) | src[wi];
        vals[i & 3] = base + (int)((uint32_t)(two >> sh) & mask);
        if ((i & 3) == 3) dst[i >> 2] = make_int4(vals[0], vals[1], vals[2], vals[3]);
    }
}

// Varint stream split into chunks with known start offsets and counts; zigzag + delta -> int64.
extern "C" __global__ void varint_zigzag_delta(const uint8_t* __restrict__ bytes, const uint32_t* __restrict__ chunk_off,
                                               const int* __restrict__ chunk_cnt, const int64_t* __restrict__ chunk_base,
                                               const int* __restrict__ out_off, int64_t* __restrict__ out, int nchunks)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= nchunks) return;
    const uint8_t* p = bytes + chunk_off[c];
    int n = chunk_cnt[c];
    int64_t prev = chunk_base[c];
    int64_t* o = out + out_off[c];
    for (int i = 0; i < n; ++i) {
        uint64_t v = 0;
        int shift = 0;
        uint8_t byte;
        do {
            byte = *p++;
            v |= (uint64_t)(byte & 0x7f) << shift;
            shift += 7;
        } while ((byte & 0x80) && shift < 64);
        int64_t d = (int64_t)(v >> 1) ^ -(int64_t)(v & 1);
        prev += d;
        o[i] = prev;
    }
}

// Bitonic sort of 32 key/value pairs per thread, network fully unrolled in registers.
extern "C" __global__ void sort32_kv_registers(const float* __restrict__ keys, const int* __restrict__ vals,
                                               float* __restrict__ skeys, int* __restrict__ svals, int nrows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrows) return;
    float k[32]; int v[32];
#pragma unroll
    for (int i = 0; i < 32; ++i) { k[i] = keys[(size_t)i * nrows + r]; v[i] = vals[(size_t)i * nrows + r]; }
#pragma unroll
    for (int size = 2; size <= 32; size <<= 1)
#pragma unroll
        for (int stride = size / 2; stride > 0; stride >>= 1)
#pragma unroll
            for (int i = 0; i < 32; ++i) {
                int j = i ^ stride;
                if (j > i) {
                    bool up = (i & size) == 0;
                    bool sw = up ? (k[i] > k[j]) : (k[i] < k[j]);
                    float tk = sw ? k[j] : k[i]; k[j] = sw ? k[i] : k[j]; k[i] = tk;
                    int tv = sw ? v[j] : v[i]; v[j] = sw ? v[i] : v[j]; v[i] = tv;
                }
            }
#pragma unroll
    for (int i = 0; i < 32; ++i) { skeys[(size_t)i * nrows + r] = k[i]; svals[(size_t)i * nrows + r] = v[i]; }
}

// Block-wide inclusive scan: each thread owns 8 consecutive elements (register prefix),
// warp shuffle scan of thread totals, then cross-warp via shared memory. 64-bit sums.
extern "C" __global__ void __launch_bounds__(1024, 2)
block_scan8_u64(const uint32_t* __restrict__ in, unsigned long long* __restrict__ out,
                unsigned long long* __restrict__ block_sums, size_t n)
{
    __shared__ unsigned long long warp_tot[32];
    size_t base = ((size_t)blockIdx.x * blockDim.x + threadIdx.x) * 8;
    unsigned long long v[8];
#pragma unroll
    for (int i = 0; i < 8; ++i) v[i] = (base + i < n) ? in[base + i] : 0ULL;
#pragma unroll
    for (int i = 1; i < 8; ++i) v[i] += v[i - 1];
    unsigned long long tot = v[7], incl = tot;
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        unsigned long long t = __shfl_up_sync(0xffffffff, incl, o);
        if (lane >= o) incl += t;
    }
    if (lane == 31) warp_tot[warp] = incl;
    __syncthreads();
    if (warp == 0) {
        unsigned long long w = lane < (int)(blockDim.x >> 5) ? warp_tot[lane] : 0ULL;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            unsigned long long t = __shfl_up_sync(0xffffffff, w, o);
            if (lane >= o) w += t;
        }
        warp_tot[lane] = w;
    }
    __syncthreads();
    unsigned long long excl = incl - tot + (warp > 0 ? warp_tot[warp - 1] : 0ULL);
#pragma unroll
    for (int i = 0; i < 8; ++i) if (base + i < n) out[base + i] = v[i] + excl;
    if (threadIdx.x == blockDim.x - 1) block_sums[blockIdx.x] = excl + tot;
}
