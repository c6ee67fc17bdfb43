// Tuning kernel for SHARED_RACE: a run-time size m smaller than the block.
// RACE: every thread stores s[t % m]; for m below the block threads t and t + m store their own
// elements to one slot at once (a race whatever comes after the barrier).
// Otherwise: only threads below m store, each its own slot; all read s[t % m] after the barrier.
extern "C" __global__ void modsize(float *out, const float *in, int n, int m)
{
    __shared__ float s[1024];
    int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    float v = g < n ? in[g] : 0.f;
#ifdef RACE
    s[t % m] = v;
#else
    if (t < m)
        s[t] = v;
#endif
    __syncthreads();
    if (g < n)
        out[g] = s[t % m] * 2.f;
}
