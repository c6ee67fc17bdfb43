// r01_halo_stencil1d.cu
// 1-D 7-point finite-difference stencil (radius 3, weights in constant memory):
//     out[i] = sum_{k=-3..3} c_w[k+3] * in[i+k]
// Each block computes 256 consecutive outputs and stages 256 + 2*RADIUS inputs
// (interior plus a left and a right halo) in shared memory.  `in` points at element 0
// of an array padded with RADIUS readable elements on both sides (in[-3] .. in[n+2]).
// Launch: blockDim = (256,1,1), gridDim = (n/256,1,1), n a multiple of 256,
//         no dynamic shared memory.
#define RADIUS 3
#define BLOCK  256

__constant__ float c_w[2 * RADIUS + 1];

extern "C" __global__ void __launch_bounds__(BLOCK)
stencil1d_race(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float s[BLOCK + 2 * RADIUS];
    const int gid = blockIdx.x * BLOCK + threadIdx.x;
    const int lid = threadIdx.x + RADIUS;

    s[lid] = in[gid];
    if (threadIdx.x < RADIUS) {
        s[threadIdx.x]         = in[gid - RADIUS];   // left halo
        s[threadIdx.x + BLOCK] = in[gid + BLOCK];    // right halo
    }
    __syncthreads();

    float acc = 0.f;
#pragma unroll
    for (int k = -RADIUS; k <= RADIUS; ++k)
        acc += c_w[k + RADIUS] * s[lid + k];
    if (gid < n) out[gid] = acc;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
stencil1d_ok(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float s[BLOCK + 2 * RADIUS];
    const int gid = blockIdx.x * BLOCK + threadIdx.x;
    const int lid = threadIdx.x + RADIUS;

    s[lid] = in[gid];
    if (threadIdx.x < RADIUS) {
        s[threadIdx.x]   = in[gid - RADIUS];         // left halo:  s[0 .. R-1]
        s[lid + BLOCK]   = in[gid + BLOCK];          // right halo: s[BLOCK+R .. BLOCK+2R-1]
    }
    __syncthreads();

    float acc = 0.f;
#pragma unroll
    for (int k = -RADIUS; k <= RADIUS; ++k)
        acc += c_w[k + RADIUS] * s[lid + k];
    if (gid < n) out[gid] = acc;
}
