// Row sums of a zero-padded 32x32 tile: whole tile cleared with a linear mapping, then valid elements loaded row-wise. blockDim = (32,8).
template <bool FIX>
__device__ __forceinline__ void pad_body(const float* __restrict__ in, float* __restrict__ rowSum, int w, int h)
{
    __shared__ float s[32][33];
    int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    int x0 = blockIdx.x * 32, y0 = blockIdx.y * 32;
    for (int i = tid; i < 32 * 33; i += 256) s[i / 33][i % 33] = 0.f;
    if (FIX) __syncthreads();
    for (int r = ty; r < 32; r += 8) {
        int gx = x0 + tx, gy = y0 + r;
        if (gx < w && gy < h) s[r][tx] = in[(size_t)gy * w + gx];
    }
    __syncthreads();
    for (int r = ty; r < 32; r += 8) {
        float v = s[r][tx];
        for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
        if (tx == 0 && y0 + r < h) rowSum[(size_t)blockIdx.x * h + y0 + r] = v;
    }
}
extern "C" __global__ void __launch_bounds__(256) pad_tile_zero_race(const float* in, float* rowSum, int w, int h)
{ pad_body<false>(in, rowSum, w, h); }
extern "C" __global__ void __launch_bounds__(256) pad_tile_zero_ok(const float* in, float* rowSum, int w, int h)
{ pad_body<true>(in, rowSum, w, h); }
