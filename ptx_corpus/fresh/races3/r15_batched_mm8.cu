// Batched 8x8 double matrix multiply: each warp (threadIdx.y) owns one A,B pair in shared memory. blockDim = (32,4).
template <bool FIX>
__device__ __forceinline__ void bmm_body(const double* __restrict__ A, const double* __restrict__ B,
                                         double* __restrict__ C, int batch)
{
    __shared__ double sA[4][64];
    __shared__ double sB[4][64];
    int lane = threadIdx.x, w = threadIdx.y;
    int b = blockIdx.x * 4 + w;
    if (b >= batch) return;                 // whole warp exits together; no block barriers below
    const double* a = A + (size_t)b * 64;
    const double* bb = B + (size_t)b * 64;
    sA[w][lane] = a[lane];      sA[w][lane + 32] = a[lane + 32];
    sB[w][lane] = bb[lane];     sB[w][lane + 32] = bb[lane + 32];
    if (FIX) __syncwarp();
#pragma unroll
    for (int h = 0; h < 2; h++) {
        int e = lane + 32 * h, r = e >> 3, c = e & 7;
        double acc = 0.0;
#pragma unroll
        for (int k = 0; k < 8; k++) acc += sA[w][r * 8 + k] * sB[w][k * 8 + c];
        C[(size_t)b * 64 + e] = acc;
    }
}
extern "C" __global__ void __launch_bounds__(128) batched_mm8_race(const double* A, const double* B, double* C, int batch)
{ bmm_body<false>(A, B, C, batch); }
extern "C" __global__ void __launch_bounds__(128) batched_mm8_ok(const double* A, const double* B, double* C, int batch)
{ bmm_body<true>(A, B, C, batch); }
