// r14_jpeg_ring.cu
//
// Warp-specialised JPEG reconstruction stage (image compression): producer
// warps dequantize and de-zigzag entropy-decoded DCT coefficients into a
// 2-slot shared ring buffer; consumer warps run the 8x8 inverse DCT out of the
// ring and write level-shifted, clamped pixels. Producer/consumer hand-off
// uses named barriers with bar.arrive / bar.sync (FULL[s] = id 1+s,
// EMPTY[s] = id 3+s, 128 participating threads each), CUTLASS style.
// Each ring slot holds BPS = 4 coefficient blocks (256 floats).
//
// Launch configuration:
//   blockDim = (128,1,1): warps 0-1 = producers (64 threads),
//                         warps 2-3 = consumers (64 threads)
//   gridDim  = (nblocks8x8 / (ITERS*BPS),1,1) = (65536/32,1,1) for a
//              2048x2048 grayscale image; ITERS = 8 stages per CTA
//   static shared memory only.

#define BLOCK 128
#define BPS 4
#define ITERS 8
#define RING 2

__constant__ unsigned char c_zigzag[64] = {
     0,  1,  8, 16,  9,  2,  3, 10, 17, 24, 32, 25, 18, 11,  4,  5,
    12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13,  6,  7, 14, 21, 28,
    35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
    58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63};

__device__ __forceinline__ void nb_sync(int id, int n)   { asm volatile("bar.sync %0, %1;"   :: "r"(id), "r"(n) : "memory"); }
__device__ __forceinline__ void nb_arrive(int id, int n) { asm volatile("bar.arrive %0, %1;" :: "r"(id), "r"(n) : "memory"); }

__device__ __forceinline__ float idct_pixel(const float* F, int x, int y)
{
    const float PI16 = 0.19634954084936207f;   // pi / 16
    float acc = 0.f;
#pragma unroll 4
    for (int v = 0; v < 8; ++v) {
        const float cv = (v == 0 ? 0.70710678f : 1.f) * __cosf((2 * y + 1) * v * PI16);
        for (int u = 0; u < 8; ++u) {
            const float cu = (u == 0 ? 0.70710678f : 1.f) * __cosf((2 * x + 1) * u * PI16);
            acc += cu * cv * F[v * 8 + u];
        }
    }
    return 0.25f * acc;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
jpeg_ring_race(const short* __restrict__ coef, const unsigned short* __restrict__ qtab,
               unsigned char* __restrict__ pixels, int blocks_per_row)
{
    __shared__ float s_ring[RING][BPS][64];
    const int tid = threadIdx.x;
    const int cta_blk0 = blockIdx.x * ITERS * BPS;

    if (tid < 64) {                              // ---- producers
        for (int it = 0; it < ITERS; ++it) {
            const int slot = it & 1;
            for (int e = tid; e < BPS * 64; e += 64) {
                const int b = e >> 6, k = e & 63;
                const int blk = cta_blk0 + it * BPS + b;
                s_ring[slot][b][c_zigzag[k]] = (float)coef[(size_t)blk * 64 + k] * (float)qtab[k];
            }
            if (it >= RING) nb_sync(3 + slot, 128);      // slot released by consumers?
            nb_arrive(1 + slot, 128);                    // slot full
        }
    } else {                                     // ---- consumers
        const int ctid = tid - 64;
        for (int it = 0; it < ITERS; ++it) {
            const int slot = it & 1;
            nb_sync(1 + slot, 128);
            for (int e = ctid; e < BPS * 64; e += 64) {
                const int b = e >> 6, pix = e & 63;
                const int blk = cta_blk0 + it * BPS + b;
                const float v = idct_pixel(s_ring[slot][b], pix & 7, pix >> 3) + 128.f;
                const int bx = blk % blocks_per_row, by = blk / blocks_per_row;
                const size_t o = (size_t)(by * 8 + (pix >> 3)) * (blocks_per_row * 8) + bx * 8 + (pix & 7);
                pixels[o] = (unsigned char)fminf(fmaxf(v, 0.f), 255.f);
            }
            if (it + RING < ITERS) nb_arrive(3 + slot, 128);   // release slot
        }
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
jpeg_ring_ok(const short* __restrict__ coef, const unsigned short* __restrict__ qtab,
             unsigned char* __restrict__ pixels, int blocks_per_row)
{
    __shared__ float s_ring[RING][BPS][64];
    const int tid = threadIdx.x;
    const int cta_blk0 = blockIdx.x * ITERS * BPS;

    if (tid < 64) {                              // ---- producers
        for (int it = 0; it < ITERS; ++it) {
            const int slot = it & 1;
            if (it >= RING) nb_sync(3 + slot, 128);      // slot released by consumers?
            for (int e = tid; e < BPS * 64; e += 64) {
                const int b = e >> 6, k = e & 63;
                const int blk = cta_blk0 + it * BPS + b;
                s_ring[slot][b][c_zigzag[k]] = (float)coef[(size_t)blk * 64 + k] * (float)qtab[k];
            }
            nb_arrive(1 + slot, 128);                    // slot full
        }
    } else {                                     // ---- consumers
        const int ctid = tid - 64;
        for (int it = 0; it < ITERS; ++it) {
            const int slot = it & 1;
            nb_sync(1 + slot, 128);
            for (int e = ctid; e < BPS * 64; e += 64) {
                const int b = e >> 6, pix = e & 63;
                const int blk = cta_blk0 + it * BPS + b;
                const float v = idct_pixel(s_ring[slot][b], pix & 7, pix >> 3) + 128.f;
                const int bx = blk % blocks_per_row, by = blk / blocks_per_row;
                const size_t o = (size_t)(by * 8 + (pix >> 3)) * (blocks_per_row * 8) + bx * 8 + (pix & 7);
                pixels[o] = (unsigned char)fminf(fmaxf(v, 0.f), 255.f);
            }
            if (it + RING < ITERS) nb_arrive(3 + slot, 128);   // release slot
        }
    }
}
