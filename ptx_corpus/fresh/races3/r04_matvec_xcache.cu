// y = A*x with x staged in 256-element shared chunks reused by 8 row-warps. blockDim = (32,8), n > 256.
template <bool FIX>
__device__ __forceinline__ void mv_body(const float* __restrict__ A, const float* __restrict__ x,
                                        float* __restrict__ y, int m, int n)
{
    __shared__ float sx[256];
    int lane = threadIdx.x, w = threadIdx.y, tid = w * 32 + lane;
    int row = blockIdx.x * 8 + w;
    float acc = 0.f;
    for (int c0 = 0; c0 < n; c0 += 256) {
        sx[tid] = (c0 + tid < n) ? x[c0 + tid] : 0.f;
        __syncthreads();
        if (row < m)
            for (int j = lane; j < 256; j += 32)
                if (c0 + j < n) acc += A[(size_t)row * n + c0 + j] * sx[j];
        if (FIX) __syncthreads();
    }
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if (lane == 0 && row < m) y[row] = acc;
}
extern "C" __global__ void __launch_bounds__(256) matvec_xcache_race(const float* A, const float* x, float* y, int m, int n)
{ mv_body<false>(A, x, y, m, n); }
extern "C" __global__ void __launch_bounds__(256) matvec_xcache_ok(const float* A, const float* x, float* y, int m, int n)
{ mv_body<true>(A, x, y, m, n); }
