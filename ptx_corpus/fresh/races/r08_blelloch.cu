// Work-efficient (Blelloch) exclusive scan, 128 threads scanning 256 elements.
#define NT 128
#define NE (2 * NT)

// RACE: the down-sweep loop has no __syncthreads(): at level d a thread reads/swaps s[ai]/s[bi] that a different thread wrote at the previous level (and s[NE-1]=0 by thread 0 is unordered with other threads).
extern "C" __global__ void __launch_bounds__(NT) blelloch_race(const float* in, float* out)
{
    __shared__ float s[NE];
    int t = threadIdx.x;
    const float* gi = in + blockIdx.x * NE;
    float* go = out + blockIdx.x * NE;
    s[2 * t] = gi[2 * t];
    s[2 * t + 1] = gi[2 * t + 1];
    int off = 1;
    for (int d = NE >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d) {
            int ai = off * (2 * t + 1) - 1;
            int bi = off * (2 * t + 2) - 1;
            s[bi] += s[ai];
        }
        off <<= 1;
    }
    if (t == 0) s[NE - 1] = 0.f;
    for (int d = 1; d < NE; d <<= 1) {
        off >>= 1;
        if (t < d) {
            int ai = off * (2 * t + 1) - 1;
            int bi = off * (2 * t + 2) - 1;
            float x = s[ai];
            s[ai] = s[bi];
            s[bi] += x;
        }
    }
    __syncthreads();
    go[2 * t] = s[2 * t];
    go[2 * t + 1] = s[2 * t + 1];
}

// OK: __syncthreads() before every up-sweep and down-sweep level and before the read-out.
extern "C" __global__ void __launch_bounds__(NT) blelloch_ok(const float* in, float* out)
{
    __shared__ float s[NE];
    int t = threadIdx.x;
    const float* gi = in + blockIdx.x * NE;
    float* go = out + blockIdx.x * NE;
    s[2 * t] = gi[2 * t];
    s[2 * t + 1] = gi[2 * t + 1];
    int off = 1;
    for (int d = NE >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d) {
            int ai = off * (2 * t + 1) - 1;
            int bi = off * (2 * t + 2) - 1;
            s[bi] += s[ai];
        }
        off <<= 1;
    }
    if (t == 0) s[NE - 1] = 0.f;
    for (int d = 1; d < NE; d <<= 1) {
        off >>= 1;
        __syncthreads();
        if (t < d) {
            int ai = off * (2 * t + 1) - 1;
            int bi = off * (2 * t + 2) - 1;
            float x = s[ai];
            s[ai] = s[bi];
            s[bi] += x;
        }
    }
    __syncthreads();
    go[2 * t] = s[2 * t];
    go[2 * t + 1] = s[2 * t + 1];
}
