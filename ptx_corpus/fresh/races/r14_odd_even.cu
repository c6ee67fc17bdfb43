// Odd-even transposition sort of 256 floats per block, 256 threads.
#define N 256

// RACE: every thread compares s[t] and s[t+1] in the same phase, so threads t and t+1 both read/write s[t+1] concurrently (overlapping pairs).
extern "C" __global__ void __launch_bounds__(N) oddeven_sort_race(const float* in, float* out)
{
    __shared__ float s[N];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * N + t];
    __syncthreads();
    for (int phase = 0; phase < N; ++phase) {
        if (t < N - 1) {
            float a = s[t], b = s[t + 1];
            if (a > b) { s[t] = b; s[t + 1] = a; }
        }
        __syncthreads();
    }
    out[blockIdx.x * N + t] = s[t];
}

// OK: only threads whose index parity matches the phase own a pair (t, t+1), so pairs are disjoint; barrier after each phase.
extern "C" __global__ void __launch_bounds__(N) oddeven_sort_ok(const float* in, float* out)
{
    __shared__ float s[N];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * N + t];
    __syncthreads();
    for (int phase = 0; phase < N; ++phase) {
        if ((t & 1) == (phase & 1) && t < N - 1) {
            float a = s[t], b = s[t + 1];
            if (a > b) { s[t] = b; s[t + 1] = a; }
        }
        __syncthreads();
    }
    out[blockIdx.x * N + t] = s[t];
}
