// Tile-local integral image (summed-area table) of 32x32 tiles: rows are scanned with warp shuffles,
// columns with a blocked scan (each warp scans 4 rows, then adds the carry of the warps above).
// out[y][x] = sum of in over the tile rectangle from the tile's top-left corner to (y,x).
// Launch: blockDim = (32,8,1), gridDim = (width/32, height/32, 1), no dynamic shared memory;
// width, height multiples of 32.
#define T 32
#define BY 8

__device__ __forceinline__ float warp_incl_scan(float v, int lane)
{
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        float n = __shfl_up_sync(0xffffffffu, v, o);
        if (lane >= o) v += n;
    }
    return v;
}

extern "C" __global__ void __launch_bounds__(T * BY)
sat_tile_race(const float* __restrict__ in, float* __restrict__ out, int width)
{
    __shared__ float s[T][T + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x0 = blockIdx.x * T, y0 = blockIdx.y * T;

    for (int r = ty; r < T; r += BY)
        s[r][tx] = warp_incl_scan(in[(y0 + r) * width + x0 + tx], tx);
    __syncthreads();

    const int r0 = ty * (T / BY);          // this warp's 4 rows
    float acc = 0.f;
#pragma unroll
    for (int i = 0; i < T / BY; ++i) { acc += s[r0 + i][tx]; s[r0 + i][tx] = acc; }
    __syncthreads();

    float carry = 0.f;
    for (int w = 0; w < ty; ++w) carry += s[w * (T / BY) + T / BY - 1][tx];
#pragma unroll
    for (int i = 0; i < T / BY; ++i) s[r0 + i][tx] += carry;
    __syncthreads();

    for (int r = ty; r < T; r += BY) out[(y0 + r) * width + x0 + tx] = s[r][tx];
}

extern "C" __global__ void __launch_bounds__(T * BY)
sat_tile_ok(const float* __restrict__ in, float* __restrict__ out, int width)
{
    __shared__ float s[T][T + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x0 = blockIdx.x * T, y0 = blockIdx.y * T;

    for (int r = ty; r < T; r += BY)
        s[r][tx] = warp_incl_scan(in[(y0 + r) * width + x0 + tx], tx);
    __syncthreads();

    const int r0 = ty * (T / BY);
    float acc = 0.f;
#pragma unroll
    for (int i = 0; i < T / BY; ++i) { acc += s[r0 + i][tx]; s[r0 + i][tx] = acc; }
    __syncthreads();

    float carry = 0.f;
    for (int w = 0; w < ty; ++w) carry += s[w * (T / BY) + T / BY - 1][tx];
    __syncthreads();
#pragma unroll
    for (int i = 0; i < T / BY; ++i) s[r0 + i][tx] += carry;
    __syncthreads();

    for (int r = ty; r < T; r += BY) out[(y0 + r) * width + x0 + tx] = s[r][tx];
}
