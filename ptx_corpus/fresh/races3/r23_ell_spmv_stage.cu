// ELL SpMV, one row per warp: each warp stages [rowLen | 32 column indices] in its own shared slice. blockDim = (32,8).
#define KELL 32
template <bool FIX>
__device__ __forceinline__ void ell_body(const int* __restrict__ cols, const float* __restrict__ vals,
                                         const int* __restrict__ rowLen, const float* __restrict__ x,
                                         float* __restrict__ y, int m)
{
    const int STRIDE = FIX ? (KELL + 1) : KELL;   // bug: slice needs KELL+1 ints (header + indices)
    __shared__ int stage[8 * (KELL + 1)];
    int lane = threadIdx.x, w = threadIdx.y;
    int row = blockIdx.x * 8 + w;
    if (row >= m) return;                         // whole warp exits; only __syncwarp below
    int* my = stage + w * STRIDE;
    if (lane == 0) my[0] = rowLen[row];
    my[1 + lane] = cols[(size_t)row * KELL + lane];
    __syncwarp();
    int len = my[0];
    float acc = 0.f;
    if (lane < len) acc = vals[(size_t)row * KELL + lane] * x[my[1 + lane]];
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if (lane == 0) y[row] = acc;
}
extern "C" __global__ void __launch_bounds__(256) ell_spmv_stage_race(const int* cols, const float* vals, const int* rowLen, const float* x, float* y, int m)
{ ell_body<false>(cols, vals, rowLen, x, y, m); }
extern "C" __global__ void __launch_bounds__(256) ell_spmv_stage_ok(const int* cols, const float* vals, const int* rowLen, const float* x, float* y, int m)
{ ell_body<true>(cols, vals, rowLen, x, y, m); }
