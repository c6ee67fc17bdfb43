// r22: tile-local integral image (summed-area table) of a 64x64 tile: thread t first scans
// row t, then column t, in shared memory. (A second kernel would add the tile offsets.)
// Launch: blockDim = (64,1,1), grid = (W/64, H/64), W and H multiples of 64.
#define TSZ 64

extern "C" __global__ void __launch_bounds__(64)
integral_image_race(const float* __restrict__ img, float* __restrict__ sat, int W)
{
    __shared__ float s[TSZ][TSZ + 1];
    const int t = threadIdx.x;
    const size_t x0 = (size_t)blockIdx.x * TSZ, y0 = (size_t)blockIdx.y * TSZ;
    for (int r = 0; r < TSZ; ++r) s[r][t] = img[(y0 + r) * W + x0 + t];
    __syncthreads();
    float acc = 0.f;
    for (int c = 0; c < TSZ; ++c) { acc += s[t][c]; s[t][c] = acc; }     // row pass
    acc = 0.f;
    for (int r = 0; r < TSZ; ++r) { acc += s[r][t]; s[r][t] = acc; }     // column pass
    __syncthreads();
    for (int r = 0; r < TSZ; ++r) sat[(y0 + r) * W + x0 + t] = s[r][t];
}

extern "C" __global__ void __launch_bounds__(64)
integral_image_ok(const float* __restrict__ img, float* __restrict__ sat, int W)
{
    __shared__ float s[TSZ][TSZ + 1];
    const int t = threadIdx.x;
    const size_t x0 = (size_t)blockIdx.x * TSZ, y0 = (size_t)blockIdx.y * TSZ;
    for (int r = 0; r < TSZ; ++r) s[r][t] = img[(y0 + r) * W + x0 + t];
    __syncthreads();
    float acc = 0.f;
    for (int c = 0; c < TSZ; ++c) { acc += s[t][c]; s[t][c] = acc; }     // row pass
    __syncthreads();
    acc = 0.f;
    for (int r = 0; r < TSZ; ++r) { acc += s[r][t]; s[r][t] = acc; }     // column pass
    __syncthreads();
    for (int r = 0; r < TSZ; ++r) sat[(y0 + r) * W + x0 + t] = s[r][t];
}
