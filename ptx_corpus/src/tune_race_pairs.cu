// Tuning kernel for SHARED_RACE: two threads per slot.
// RACE: threads 2k and 2k + 1 both store their own element to s[k] in the same step.
// Otherwise: only the odd thread of each pair stores; both read the slot after the barrier.
extern "C" __global__ void pairs(float *out, const float *in, int n)
{
    __shared__ float s[512];
    int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    float v = g < n ? in[g] : 0.f;
#ifdef RACE
    s[t >> 1] = v;
#else
    if (t & 1)
        s[t >> 1] = v;
#endif
    __syncthreads();
    if (g < n)
        out[g] = s[t >> 1] + v;
}
