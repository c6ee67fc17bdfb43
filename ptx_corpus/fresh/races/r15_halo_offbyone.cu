// 5-point 1D smoothing (radius 2) with halos loaded by the first 2 and last 2 threads. 128 threads.
#define BS 128
#define R 2

// RACE: right-halo index off by one (lx+R-1): thread BS-2 writes tile[BS+1] = in[g+2], the same cell thread BS-1 writes as its centre tile[lx] = in[g]; two unordered stores of different values.
extern "C" __global__ void __launch_bounds__(BS) smooth5_race(const float* in, float* out, int n)
{
    __shared__ float tile[BS + 2 * R];
    int g = blockIdx.x * BS + threadIdx.x;
    int lx = threadIdx.x + R;
    tile[lx] = (g < n) ? in[g] : 0.f;
    if (threadIdx.x < R)
        tile[lx - R] = (g - R >= 0) ? in[g - R] : 0.f;
    if (threadIdx.x >= BS - R)
        tile[lx + R - 1] = (g + R < n) ? in[g + R] : 0.f;
    __syncthreads();
    float acc = 0.f;
    for (int k = -R; k <= R; ++k) acc += tile[lx + k];
    if (g < n) out[g] = acc * (1.0f / (2 * R + 1));
}

// OK: right halo written at tile[lx + R] (indices BS+R..BS+2R-1), disjoint from every centre slot.
extern "C" __global__ void __launch_bounds__(BS) smooth5_ok(const float* in, float* out, int n)
{
    __shared__ float tile[BS + 2 * R];
    int g = blockIdx.x * BS + threadIdx.x;
    int lx = threadIdx.x + R;
    tile[lx] = (g < n) ? in[g] : 0.f;
    if (threadIdx.x < R)
        tile[lx - R] = (g - R >= 0) ? in[g - R] : 0.f;
    if (threadIdx.x >= BS - R)
        tile[lx + R] = (g + R < n) ? in[g + R] : 0.f;
    __syncthreads();
    float acc = 0.f;
    for (int k = -R; k <= R; ++k) acc += tile[lx + k];
    if (g < n) out[g] = acc * (1.0f / (2 * R + 1));
}
