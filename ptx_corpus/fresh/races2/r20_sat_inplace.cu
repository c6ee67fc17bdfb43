#define ST 16

extern "C" __global__ void __launch_bounds__(ST * ST)
tile_sat_race(const float* __restrict__ img, float* __restrict__ sat, int w, int h)
{
    __shared__ float s[ST][ST + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * ST + tx, y = blockIdx.y * ST + ty;
    s[ty][tx] = (x < w && y < h) ? img[y * w + x] : 0.0f;
    __syncthreads();

    for (int d = 1; d < ST; d <<= 1) {
        if (tx >= d) s[ty][tx] += s[ty][tx - d];
        __syncthreads();
    }

    for (int d = 1; d < ST; d <<= 1) {
        float v = s[ty][tx];
        if (ty >= d) v += s[ty - d][tx];
        __syncthreads();
        s[ty][tx] = v;
        __syncthreads();
    }

    if (x < w && y < h) sat[y * w + x] = s[ty][tx];
}

extern "C" __global__ void __launch_bounds__(ST * ST)
tile_sat_ok(const float* __restrict__ img, float* __restrict__ sat, int w, int h)
{
    __shared__ float s[ST][ST + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * ST + tx, y = blockIdx.y * ST + ty;
    s[ty][tx] = (x < w && y < h) ? img[y * w + x] : 0.0f;
    __syncthreads();

    for (int d = 1; d < ST; d <<= 1) {
        float v = s[ty][tx];
        if (tx >= d) v += s[ty][tx - d];
        __syncthreads();
        s[ty][tx] = v;
        __syncthreads();
    }

    for (int d = 1; d < ST; d <<= 1) {
        float v = s[ty][tx];
        if (ty >= d) v += s[ty - d][tx];
        __syncthreads();
        s[ty][tx] = v;
        __syncthreads();
    }

    if (x < w && y < h) sat[y * w + x] = s[ty][tx];
}
