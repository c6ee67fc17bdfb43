// Tuning kernel for SHARED_RACE: a rotation by a run-time offset.
// RACE: each thread reads s[(t + off) & 255], which another thread writes, with no barrier between.
// Otherwise: the barrier separates the writes from the reads.
extern "C" __global__ void __launch_bounds__(256) rotate(float *out, const float *in, int n, int off)
{
    __shared__ float s[256];
    int t = threadIdx.x, g = blockIdx.x * 256 + t;
    s[t] = g < n ? in[g] : 0.f;
#ifndef RACE
    __syncthreads();
#endif
    if (g < n)
        out[g] = s[(t + off) & 255];
}
