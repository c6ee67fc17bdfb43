// r29_integral_tile.cu
// Integral image (summed-area table) of each 32x32 tile, as the first pass of
// a two-pass SAT.  Row prefix sums with warp shuffles (one warp per row, 8 rows
// per warp), then a two-level column scan: thread (x, y) scans rows 8y..8y+7 of
// column x, publishes the segment total, and adds the totals of the segments
// above it.
//
// Launch (both kernels): blockDim = (32, 4) = 128 threads; gridDim = (w/32, h/32);
//   w, h multiples of 32.
#define TS 32
#define BY 4
#define SEG (TS / BY)
#define FULL_MASK 0xffffffffu

extern "C" __global__ void __launch_bounds__(TS * BY)
integral_tile_race(const float* __restrict__ in, float* __restrict__ out, int w)
{
    __shared__ float s[TS][TS + 1];
    __shared__ float s_seg[BY][TS];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x0 = blockIdx.x * TS, y0 = blockIdx.y * TS;

    for (int r = ty; r < TS; r += BY) {
        float v = in[(size_t)(y0 + r) * w + x0 + tx];
        #pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            const float t = __shfl_up_sync(FULL_MASK, v, o);
            if (tx >= o) v += t;
        }
        s[r][tx] = v;
    }
    __syncthreads();

    float run = 0.f;
    #pragma unroll
    for (int i = 0; i < SEG; ++i) {
        run += s[SEG * ty + i][tx];
        s[SEG * ty + i][tx] = run;
    }
    s_seg[ty][tx] = run;
    // missing barrier: segment totals of other warps are read below

    float off = 0.f;
    for (int j = 0; j < ty; ++j) off += s_seg[j][tx];
    #pragma unroll
    for (int i = 0; i < SEG; ++i)
        out[(size_t)(y0 + SEG * ty + i) * w + x0 + tx] = s[SEG * ty + i][tx] + off;
}

extern "C" __global__ void __launch_bounds__(TS * BY)
integral_tile_ok(const float* __restrict__ in, float* __restrict__ out, int w)
{
    __shared__ float s[TS][TS + 1];
    __shared__ float s_seg[BY][TS];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x0 = blockIdx.x * TS, y0 = blockIdx.y * TS;

    for (int r = ty; r < TS; r += BY) {
        float v = in[(size_t)(y0 + r) * w + x0 + tx];
        #pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            const float t = __shfl_up_sync(FULL_MASK, v, o);
            if (tx >= o) v += t;
        }
        s[r][tx] = v;
    }
    __syncthreads();

    float run = 0.f;
    #pragma unroll
    for (int i = 0; i < SEG; ++i) {
        run += s[SEG * ty + i][tx];
        s[SEG * ty + i][tx] = run;
    }
    s_seg[ty][tx] = run;
    __syncthreads();

    float off = 0.f;
    for (int j = 0; j < ty; ++j) off += s_seg[j][tx];
    #pragma unroll
    for (int i = 0; i < SEG; ++i)
        out[(size_t)(y0 + SEG * ty + i) * w + x0 + tx] = s[SEG * ty + i][tx] + off;
}
