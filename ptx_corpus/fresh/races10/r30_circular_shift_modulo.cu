// r30_circular_shift_modulo.cu
// Circular cross-correlation at one lag for frames of 256 samples (e.g. per-frame
// autocorrelation for pitch detection): out[f*256 + i] = x[i] * x[(i + lag) mod 256].
// The frame is staged in shared memory and rotated into a second half of the same shared
// array (s_rot[i] = x[(i + lag) mod 256]); negative lags are allowed.
// Launch: blockDim = (256,1,1), gridDim = (nframes,1,1), -256 < lag < 256,
//         no dynamic shared memory.
#define N 256

extern "C" __global__ void __launch_bounds__(N)
circ_xcorr_race(const float* __restrict__ x, float* __restrict__ out, int lag)
{
    __shared__ float s[2 * N];
    float* s_x   = s;
    float* s_rot = s + N;
    const int tid = threadIdx.x;
    const size_t base = (size_t)blockIdx.x * N;

    s_x[tid] = x[base + tid];
    __syncthreads();
    const int dst = (tid - lag) % N;          // sample tid lands at position tid - lag
    s_rot[dst] = s_x[tid];
    __syncthreads();
    out[base + tid] = s_x[tid] * s_rot[tid];
}

extern "C" __global__ void __launch_bounds__(N)
circ_xcorr_ok(const float* __restrict__ x, float* __restrict__ out, int lag)
{
    __shared__ float s[2 * N];
    float* s_x   = s;
    float* s_rot = s + N;
    const int tid = threadIdx.x;
    const size_t base = (size_t)blockIdx.x * N;

    s_x[tid] = x[base + tid];
    __syncthreads();
    const int dst = (tid - lag) & (N - 1);    // two's complement: correct mod for N = 2^k
    s_rot[dst] = s_x[tid];
    __syncthreads();
    out[base + tid] = s_x[tid] * s_rot[tid];
}
