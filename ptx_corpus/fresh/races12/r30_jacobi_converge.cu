// Block-local 1-D Jacobi relaxation (Laplace, fixed end values) of 256-point segments until the largest
// update is <= tol or maxit sweeps are done; ping-pong shared buffers, one barrier per sweep.
// Segment b is u[b*256 .. b*256+255]; its two fixed boundary values are left[b] and right[b].
// Launch: blockDim = (256,1,1) (compile-time), gridDim = (n/256,1,1), no dynamic shared memory;
// n multiple of 256, maxit >= 1, tol >= 0 (the race needs at least two points whose first update exceeds tol).
#define NT 256

extern "C" __global__ void __launch_bounds__(NT)
jacobi1d_conv_race(float* __restrict__ u, const float* __restrict__ left, const float* __restrict__ right,
                   float tol, int maxit)
{
    __shared__ float s_u[2][NT + 2];
    __shared__ int s_flag[3];
    const int tid = threadIdx.x;
    float* g = u + blockIdx.x * NT;
    s_u[0][tid + 1] = g[tid];
    if (tid == 0) {
        s_u[0][0] = s_u[1][0] = left[blockIdx.x];
        s_u[0][NT + 1] = s_u[1][NT + 1] = right[blockIdx.x];
        s_flag[0] = 0;
    }
    __syncthreads();

    int cur = 0;
    for (int it = 0; it < maxit; ++it) {
        if (tid == 0) s_flag[(it + 1) % 3] = 0;        // reset the flag of the next sweep
        const float nv = 0.5f * (s_u[cur][tid] + s_u[cur][tid + 2]);
        const float delta = fabsf(nv - s_u[cur][tid + 1]);
        s_u[cur ^ 1][tid + 1] = nv;
        if (delta > tol) s_flag[it % 3] = 1;            // "someone has not converged"
        __syncthreads();
        cur ^= 1;
        if (s_flag[it % 3] == 0) break;
    }
    g[tid] = s_u[cur][tid + 1];
}

extern "C" __global__ void __launch_bounds__(NT)
jacobi1d_conv_ok(float* __restrict__ u, const float* __restrict__ left, const float* __restrict__ right,
                 float tol, int maxit)
{
    __shared__ float s_u[2][NT + 2];
    const int tid = threadIdx.x;
    float* g = u + blockIdx.x * NT;
    s_u[0][tid + 1] = g[tid];
    if (tid == 0) {
        s_u[0][0] = s_u[1][0] = left[blockIdx.x];
        s_u[0][NT + 1] = s_u[1][NT + 1] = right[blockIdx.x];
    }
    __syncthreads();

    int cur = 0;
    for (int it = 0; it < maxit; ++it) {
        const float nv = 0.5f * (s_u[cur][tid] + s_u[cur][tid + 2]);
        const float delta = fabsf(nv - s_u[cur][tid + 1]);
        s_u[cur ^ 1][tid + 1] = nv;
        const int busy = __syncthreads_or(delta > tol);
        cur ^= 1;
        if (!busy) break;
    }
    g[tid] = s_u[cur][tid + 1];
}
