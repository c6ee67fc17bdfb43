// Batched 1-D damped-Jacobi smoother for -u'' = f (homogeneous Dirichlet boundaries);
// each block relaxes one independent system of size blockDim.x entirely in shared memory.
// Assumed launch: 1-D, any blockDim.x <= 1024; system b occupies u/f[b*blockDim.x ... +blockDim.x).

extern "C" __global__ void __launch_bounds__(1024)
jacobi_smoother_race(float* __restrict__ u, const float* __restrict__ f, int niter,
                     float h2, float omega)
{
    __shared__ float s_u[1024];
    const unsigned tid = threadIdx.x, N = blockDim.x;
    const size_t off = (size_t)blockIdx.x * N + tid;

    s_u[tid] = u[off];
    const float rhs = h2 * f[off];
    __syncthreads();

    for (int it = 0; it < niter; ++it) {
        const float left  = (tid > 0) ? s_u[tid - 1] : 0.f;
        const float right = (tid + 1 < N) ? s_u[tid + 1] : 0.f;
        const float nu = (1.f - omega) * s_u[tid] + omega * 0.5f * (left + right + rhs);
        s_u[tid] = nu;
        __syncthreads();
    }
    u[off] = s_u[tid];
}

extern "C" __global__ void __launch_bounds__(1024)
jacobi_smoother_ok(float* __restrict__ u, const float* __restrict__ f, int niter,
                   float h2, float omega)
{
    __shared__ float s_u[1024];
    const unsigned tid = threadIdx.x, N = blockDim.x;
    const size_t off = (size_t)blockIdx.x * N + tid;

    s_u[tid] = u[off];
    const float rhs = h2 * f[off];
    __syncthreads();

    for (int it = 0; it < niter; ++it) {
        const float left  = (tid > 0) ? s_u[tid - 1] : 0.f;
        const float right = (tid + 1 < N) ? s_u[tid + 1] : 0.f;
        const float nu = (1.f - omega) * s_u[tid] + omega * 0.5f * (left + right + rhs);
        __syncthreads();
        s_u[tid] = nu;
        __syncthreads();
    }
    u[off] = s_u[tid];
}
