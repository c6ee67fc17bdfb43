// arch: sm_80
// Launch: blockDim = (32,8,1), gridDim = (w/32, h/8, 1), w % 32 == 0, h % 8 == 0.
//         Separable 9-tap Gaussian blur (radius 4) fused in one kernel, in the spirit
//         of the SDK convolutionSeparable sample: the (8+8) x (32+8) input apron is
//         staged in shared memory, a vertical pass produces 8 x 40 intermediate values
//         (including the horizontal apron), then a horizontal pass produces 8 x 32
//         outputs. Image borders clamp. Filter taps live in constant memory.

#define SC_BX 32
#define SC_BY 8
#define SC_R  4
#define SC_TW (SC_BX + 2 * SC_R)
#define SC_TH (SC_BY + 2 * SC_R)

__constant__ float c_taps[2 * SC_R + 1];

__device__ __forceinline__ float sc_at(const float* __restrict__ img, int x, int y, int w, int h)
{
    x = min(max(x, 0), w - 1);
    y = min(max(y, 0), h - 1);
    return img[(size_t)y * w + x];
}

extern "C" __global__ void
gauss_sep_fused_race(const float* __restrict__ img, float* __restrict__ out, int w, int h)
{
    __shared__ float tile[SC_TH][SC_TW];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int bx0 = blockIdx.x * SC_BX, by0 = blockIdx.y * SC_BY;

    for (int y = ty; y < SC_TH; y += SC_BY)
        for (int x = tx; x < SC_TW; x += SC_BX)
            tile[y][x] = sc_at(img, bx0 - SC_R + x, by0 - SC_R + y, w, h);
    __syncthreads();

    // vertical pass, written back into the centre rows of the apron tile
    for (int x = tx; x < SC_TW; x += SC_BX) {
        float s = 0.0f;
#pragma unroll
        for (int k = 0; k <= 2 * SC_R; ++k) s += c_taps[k] * tile[ty + k][x];
        tile[ty + SC_R][x] = s;
    }
    __syncthreads();

    float s = 0.0f;
#pragma unroll
    for (int k = 0; k <= 2 * SC_R; ++k) s += c_taps[k] * tile[ty + SC_R][tx + k];
    out[(size_t)(by0 + ty) * w + bx0 + tx] = s;
}

extern "C" __global__ void
gauss_sep_fused_ok(const float* __restrict__ img, float* __restrict__ out, int w, int h)
{
    __shared__ float tile[SC_TH][SC_TW];
    __shared__ float vtmp[SC_BY][SC_TW];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int bx0 = blockIdx.x * SC_BX, by0 = blockIdx.y * SC_BY;

    for (int y = ty; y < SC_TH; y += SC_BY)
        for (int x = tx; x < SC_TW; x += SC_BX)
            tile[y][x] = sc_at(img, bx0 - SC_R + x, by0 - SC_R + y, w, h);
    __syncthreads();

    for (int x = tx; x < SC_TW; x += SC_BX) {
        float s = 0.0f;
#pragma unroll
        for (int k = 0; k <= 2 * SC_R; ++k) s += c_taps[k] * tile[ty + k][x];
        vtmp[ty][x] = s;
    }
    __syncthreads();

    float s = 0.0f;
#pragma unroll
    for (int k = 0; k <= 2 * SC_R; ++k) s += c_taps[k] * vtmp[ty][tx + k];
    out[(size_t)(by0 + ty) * w + bx0 + tx] = s;
}
