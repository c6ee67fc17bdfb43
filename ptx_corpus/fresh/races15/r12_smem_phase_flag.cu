// arch: sm_80
// r12_smem_phase_flag.cu
// Periodic 1-D Jacobi smoothing of a 256-point segment for nit sweeps with
// two shared buffers.  Which buffer holds the current state is kept in a
// shared flag `cur` that thread 0 flips after each sweep.
//
// Launch (both kernels): blockDim = (256,1,1), gridDim = (n/256,1,1),
//   n = 1<<20, nit = 8.  No dynamic shared memory.

#define R12_B 256

extern "C" __global__ void __launch_bounds__(R12_B)
jacobi_flag_race(const float* __restrict__ in, float* __restrict__ out, int nit)
{
    __shared__ float buf[2][R12_B];
    __shared__ int cur;
    const int tid = threadIdx.x;
    const int g   = blockIdx.x * R12_B + tid;
    const int l = (tid + R12_B - 1) & (R12_B - 1);
    const int r = (tid + 1) & (R12_B - 1);

    if (tid == 0) cur = 0;
    buf[0][tid] = in[g];
    __syncthreads();

    for (int it = 0; it < nit; ++it) {
        const int c = cur;
        const float v = 0.25f * buf[c][l] + 0.5f * buf[c][tid] + 0.25f * buf[c][r];
        buf[c ^ 1][tid] = v;
        __syncthreads();
        if (tid == 0) cur = c ^ 1;
    }
    out[g] = buf[cur][tid];
}

extern "C" __global__ void __launch_bounds__(R12_B)
jacobi_flag_ok(const float* __restrict__ in, float* __restrict__ out, int nit)
{
    __shared__ float buf[2][R12_B];
    __shared__ int cur;
    const int tid = threadIdx.x;
    const int g   = blockIdx.x * R12_B + tid;
    const int l = (tid + R12_B - 1) & (R12_B - 1);
    const int r = (tid + 1) & (R12_B - 1);

    if (tid == 0) cur = 0;
    buf[0][tid] = in[g];
    __syncthreads();

    for (int it = 0; it < nit; ++it) {
        const int c = cur;
        const float v = 0.25f * buf[c][l] + 0.5f * buf[c][tid] + 0.25f * buf[c][r];
        buf[c ^ 1][tid] = v;
        __syncthreads();
        if (tid == 0) cur = c ^ 1;
        __syncthreads();
    }
    out[g] = buf[cur][tid];
}
