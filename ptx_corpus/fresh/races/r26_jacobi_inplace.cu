// Several Jacobi sweeps of a 1D Laplace problem done entirely in shared memory, 256 interior points, 256 threads.
#define N 256
#define SWEEPS 16

// RACE: the sweep is done in place: thread i writes u[i+1] while threads i-1 and i+1 read it as their neighbour in the same sweep (no double buffer, barrier only after the write).
extern "C" __global__ void __launch_bounds__(N) jacobi_race(const float* f, const float* u0, float* u_out, float h2)
{
    __shared__ float u[N + 2];
    int i = threadIdx.x;
    int g = blockIdx.x * N + i;
    u[i + 1] = u0[g];
    if (i == 0) { u[0] = 0.f; u[N + 1] = 0.f; }
    float fi = f[g];
    __syncthreads();
    for (int it = 0; it < SWEEPS; ++it) {
        u[i + 1] = 0.5f * (u[i] + u[i + 2] + h2 * fi);
        __syncthreads();
    }
    u_out[g] = u[i + 1];
}

// OK: ping-pong between two buffers; reads come from the old buffer, writes go to the new one, barrier per sweep.
extern "C" __global__ void __launch_bounds__(N) jacobi_ok(const float* f, const float* u0, float* u_out, float h2)
{
    __shared__ float u[2][N + 2];
    int i = threadIdx.x;
    int g = blockIdx.x * N + i;
    u[0][i + 1] = u0[g];
    if (i == 0) { u[0][0] = u[1][0] = 0.f; u[0][N + 1] = u[1][N + 1] = 0.f; }
    float fi = f[g];
    __syncthreads();
    int cur = 0;
    for (int it = 0; it < SWEEPS; ++it) {
        u[cur ^ 1][i + 1] = 0.5f * (u[cur][i] + u[cur][i + 2] + h2 * fi);
        cur ^= 1;
        __syncthreads();
    }
    u_out[g] = u[cur][i + 1];
}
