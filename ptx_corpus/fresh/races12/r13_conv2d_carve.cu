// 2-D 5x5 convolution (radius 2) with the input tile and the filter both staged in dynamic shared memory.
// smem layout: [ tile (TB+2R)x(TB+2R) floats | filter (2R+1)^2 floats ].
// Launch: blockDim = (16,16,1), gridDim = (width/16, height/16, 1),
// dynamic shared memory = ((16+4)*(16+4) + 25) * sizeof(float) = 1700 bytes;
// width, height multiples of 16; borders are clamped.
#define TB 16
#define R 2
#define TW (TB + 2 * R)
#define FW (2 * R + 1)

extern "C" __global__ void __launch_bounds__(TB * TB)
conv2d_carve_race(const float* __restrict__ in, const float* __restrict__ filt, float* __restrict__ out,
                  int width, int height)
{
    extern __shared__ float smem[];
    float* s_tile = smem;
    float* s_filt = smem + TW * TB;            // filter follows the tile
    const int tid = threadIdx.y * TB + threadIdx.x;

    if (tid < FW * FW) s_filt[tid] = filt[tid];
    const int x0 = blockIdx.x * TB - R, y0 = blockIdx.y * TB - R;
    for (int i = tid; i < TW * TW; i += TB * TB) {
        int gx = min(max(x0 + i % TW, 0), width - 1);
        int gy = min(max(y0 + i / TW, 0), height - 1);
        s_tile[i] = in[gy * width + gx];
    }
    __syncthreads();

    float acc = 0.f;
    for (int dy = 0; dy < FW; ++dy)
        for (int dx = 0; dx < FW; ++dx)
            acc += s_filt[dy * FW + dx] * s_tile[(threadIdx.y + dy) * TW + threadIdx.x + dx];
    out[(blockIdx.y * TB + threadIdx.y) * width + blockIdx.x * TB + threadIdx.x] = acc;
}

extern "C" __global__ void __launch_bounds__(TB * TB)
conv2d_carve_ok(const float* __restrict__ in, const float* __restrict__ filt, float* __restrict__ out,
                int width, int height)
{
    extern __shared__ float smem[];
    float* s_tile = smem;
    float* s_filt = smem + TW * TW;
    const int tid = threadIdx.y * TB + threadIdx.x;

    if (tid < FW * FW) s_filt[tid] = filt[tid];
    const int x0 = blockIdx.x * TB - R, y0 = blockIdx.y * TB - R;
    for (int i = tid; i < TW * TW; i += TB * TB) {
        int gx = min(max(x0 + i % TW, 0), width - 1);
        int gy = min(max(y0 + i / TW, 0), height - 1);
        s_tile[i] = in[gy * width + gx];
    }
    __syncthreads();

    float acc = 0.f;
    for (int dy = 0; dy < FW; ++dy)
        for (int dx = 0; dx < FW; ++dx)
            acc += s_filt[dy * FW + dx] * s_tile[(threadIdx.y + dy) * TW + threadIdx.x + dx];
    out[(blockIdx.y * TB + threadIdx.y) * width + blockIdx.x * TB + threadIdx.x] = acc;
}
