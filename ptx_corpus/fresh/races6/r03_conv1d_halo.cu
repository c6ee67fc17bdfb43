// r03: 1-D convolution with a radius-RADIUS halo in dynamic shared memory.
// Launch: any 1-D blockDim.x >= RADIUS (typ. 256), grid = ceil(n/blockDim.x),
//         dynamic shared memory = (blockDim.x + 2*RADIUS) * sizeof(float).
#define RADIUS 4

extern "C" __global__ void conv1d_halo_race(const float* __restrict__ in, const float* __restrict__ w,
                                            float* __restrict__ out, int n)
{
    extern __shared__ float s[];
    const int tid = threadIdx.x;
    const int g = blockIdx.x * blockDim.x + tid;
    s[RADIUS + tid] = (g < n) ? in[g] : 0.f;
    if (tid < RADIUS) {
        const int gl = g - RADIUS;
        s[tid] = (gl >= 0 && gl < n) ? in[gl] : 0.f;
    }
    __syncthreads();
    if (tid < RADIUS) {             // right halo loaded after the barrier
        const int gr = blockIdx.x * blockDim.x + blockDim.x + tid;
        s[RADIUS + blockDim.x + tid] = (gr < n) ? in[gr] : 0.f;
    }
    float acc = 0.f;
#pragma unroll
    for (int k = -RADIUS; k <= RADIUS; ++k)
        acc += w[k + RADIUS] * s[RADIUS + tid + k];
    if (g < n) out[g] = acc;
}

extern "C" __global__ void conv1d_halo_ok(const float* __restrict__ in, const float* __restrict__ w,
                                          float* __restrict__ out, int n)
{
    extern __shared__ float s[];
    const int tid = threadIdx.x;
    const int g = blockIdx.x * blockDim.x + tid;
    s[RADIUS + tid] = (g < n) ? in[g] : 0.f;
    if (tid < RADIUS) {
        const int gl = g - RADIUS;
        s[tid] = (gl >= 0 && gl < n) ? in[gl] : 0.f;
        const int gr = blockIdx.x * blockDim.x + blockDim.x + tid;
        s[RADIUS + blockDim.x + tid] = (gr < n) ? in[gr] : 0.f;
    }
    __syncthreads();
    float acc = 0.f;
#pragma unroll
    for (int k = -RADIUS; k <= RADIUS; ++k)
        acc += w[k + RADIUS] * s[RADIUS + tid + k];
    if (g < n) out[g] = acc;
}
