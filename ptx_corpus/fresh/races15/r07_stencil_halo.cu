// arch: sm_80
// r07_stencil_halo.cu
// 1-D 9-point convolution (radius 4) with a shared tile of 256 interior
// points plus a 4-point halo on each side: s[0..3] left halo,
// s[4..259] interior, s[260..263] right halo.  The first R threads load
// both halos; array ends are clamped.
//
// Launch (both kernels): blockDim = (256,1,1), gridDim = (n/256,1,1),
//   n = 1<<22 (gridDim = 16384).  No dynamic shared memory.

#define R07_B 256
#define R07_R 4

__constant__ float r07_coef[2 * R07_R + 1];

extern "C" __global__ void __launch_bounds__(R07_B)
conv1d_halo_race(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float s[R07_B + 2 * R07_R];
    const int tid = threadIdx.x;
    const int g   = blockIdx.x * R07_B + tid;

    s[R07_R + tid] = in[g];
    if (tid < R07_R) {
        const int right = R07_R + R07_B - 1;           // right halo
        s[tid]         = in[max(g - R07_R, 0)];
        s[right + tid] = in[min(g + R07_B, n - 1)];
    }
    __syncthreads();

    float acc = 0.0f;
#pragma unroll
    for (int k = -R07_R; k <= R07_R; ++k)
        acc += r07_coef[k + R07_R] * s[R07_R + tid + k];
    out[g] = acc;
}

extern "C" __global__ void __launch_bounds__(R07_B)
conv1d_halo_ok(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float s[R07_B + 2 * R07_R];
    const int tid = threadIdx.x;
    const int g   = blockIdx.x * R07_B + tid;

    s[R07_R + tid] = in[g];
    if (tid < R07_R) {
        const int right = R07_R + R07_B;               // right halo
        s[tid]         = in[max(g - R07_R, 0)];
        s[right + tid] = in[min(g + R07_B, n - 1)];
    }
    __syncthreads();

    float acc = 0.0f;
#pragma unroll
    for (int k = -R07_R; k <= R07_R; ++k)
        acc += r07_coef[k + R07_R] * s[R07_R + tid + k];
    out[g] = acc;
}
