// 1D 7-point stencil with halo cells loaded by the first RADIUS threads.
#define BLOCK 128
#define RADIUS 3

// RACE: halo and centre stores into tile[] are read by neighbouring threads (tile[lx+k]) without a barrier.
extern "C" __global__ void __launch_bounds__(BLOCK) stencil1d_race(const float* in, float* out, const float* w, int n)
{
    __shared__ float tile[BLOCK + 2 * RADIUS];
    int gx = blockIdx.x * BLOCK + threadIdx.x;
    int lx = threadIdx.x + RADIUS;
    tile[lx] = (gx < n) ? in[gx] : 0.f;
    if (threadIdx.x < RADIUS) {
        int l = gx - RADIUS;
        int r = gx + BLOCK;
        tile[lx - RADIUS] = (l >= 0) ? in[l] : 0.f;
        tile[lx + BLOCK]  = (r < n) ? in[r] : 0.f;
    }
    float acc = 0.f;
#pragma unroll
    for (int k = -RADIUS; k <= RADIUS; ++k)
        acc += w[k + RADIUS] * tile[lx + k];
    if (gx < n) out[gx] = acc;
}

// OK: __syncthreads() after the centre and halo loads, before any neighbour reads.
extern "C" __global__ void __launch_bounds__(BLOCK) stencil1d_ok(const float* in, float* out, const float* w, int n)
{
    __shared__ float tile[BLOCK + 2 * RADIUS];
    int gx = blockIdx.x * BLOCK + threadIdx.x;
    int lx = threadIdx.x + RADIUS;
    tile[lx] = (gx < n) ? in[gx] : 0.f;
    if (threadIdx.x < RADIUS) {
        int l = gx - RADIUS;
        int r = gx + BLOCK;
        tile[lx - RADIUS] = (l >= 0) ? in[l] : 0.f;
        tile[lx + BLOCK]  = (r < n) ? in[r] : 0.f;
    }
    __syncthreads();
    float acc = 0.f;
#pragma unroll
    for (int k = -RADIUS; k <= RADIUS; ++k)
        acc += w[k + RADIUS] * tile[lx + k];
    if (gx < n) out[gx] = acc;
}
