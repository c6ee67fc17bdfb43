// Tuning kernel for SHARED_RACE: a Hillis-Steele scan.
// RACE: one buffer read (s[t - o]) and written (s[t]) in the same step; the barrier ends the step
// but thread t - o may already have overwritten s[t - o] when thread t reads it.
// Otherwise: double buffered, each step reads one buffer and writes the other.
extern "C" __global__ void __launch_bounds__(256) scan_hs(float *out, const float *in, int n)
{
    int t = threadIdx.x, g = blockIdx.x * 256 + t;
#ifdef RACE
    __shared__ float s[256];
    s[t] = g < n ? in[g] : 0.f;
    __syncthreads();
    for (int o = 1; o < 256; o <<= 1) {
        float v = s[t];
        if (t >= o)
            v += s[t - o];
        s[t] = v;
        __syncthreads();
    }
    if (g < n)
        out[g] = s[t];
#else
    __shared__ float s[2][256];
    int p = 0;
    s[0][t] = g < n ? in[g] : 0.f;
    __syncthreads();
    for (int o = 1; o < 256; o <<= 1) {
        float v = s[p][t];
        if (t >= o)
            v += s[p][t - o];
        s[1 - p][t] = v;
        p = 1 - p;
        __syncthreads();
    }
    if (g < n)
        out[g] = s[p][t];
#endif
}
