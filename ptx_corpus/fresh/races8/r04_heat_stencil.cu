// r04_heat_stencil.cu
//
// One explicit time step of the 1D heat equation u_t = alpha * u_xx with an
// 8th-order (radius 4) central-difference Laplacian (physics). Each block
// stages BLOCK interior points plus a RADIUS-wide halo on each side in shared
// memory; the left halo is loaded by the first RADIUS threads and the right
// halo by the last threads of the block. Domain ends are clamped.
//
// Launch configuration:
//   blockDim = (256,1,1)   (must equal BLOCK)
//   gridDim  = (n/256,1,1), n = 1<<24 (multiple of 256)
//   static shared memory only; host ping-pongs u / u_new between steps.

#define BLOCK 256
#define RADIUS 4

__device__ __forceinline__ float lap8(const float* s, int l)
{
    const float c0 = -205.f / 72.f, c1 = 8.f / 5.f, c2 = -1.f / 5.f,
                c3 = 8.f / 315.f, c4 = -1.f / 560.f;
    return c0 * s[l]
         + c1 * (s[l - 1] + s[l + 1]) + c2 * (s[l - 2] + s[l + 2])
         + c3 * (s[l - 3] + s[l + 3]) + c4 * (s[l - 4] + s[l + 4]);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
heat_stencil_race(const float* __restrict__ u, float* __restrict__ u_new, int n, float alpha)
{
    __shared__ float s[BLOCK + 2 * RADIUS];
    const int tid = threadIdx.x;
    const int g = blockIdx.x * BLOCK + tid;
    const int l = tid + RADIUS;

    s[l] = u[g];
    if (tid < RADIUS)
        s[l - RADIUS] = (g >= RADIUS) ? u[g - RADIUS] : u[0];
    if (tid >= BLOCK - RADIUS - 1)
        s[l + RADIUS] = (g + RADIUS < n) ? u[g + RADIUS] : u[n - 1];
    __syncthreads();

    u_new[g] = s[l] + alpha * lap8(s, l);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
heat_stencil_ok(const float* __restrict__ u, float* __restrict__ u_new, int n, float alpha)
{
    __shared__ float s[BLOCK + 2 * RADIUS];
    const int tid = threadIdx.x;
    const int g = blockIdx.x * BLOCK + tid;
    const int l = tid + RADIUS;

    s[l] = u[g];
    if (tid < RADIUS)
        s[l - RADIUS] = (g >= RADIUS) ? u[g - RADIUS] : u[0];
    if (tid >= BLOCK - RADIUS)
        s[l + RADIUS] = (g + RADIUS < n) ? u[g + RADIUS] : u[n - 1];
    __syncthreads();

    u_new[g] = s[l] + alpha * lap8(s, l);
}
