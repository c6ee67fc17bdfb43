// Tuning kernel for SHARED_RACE: a 1-D stencil's halo.
// RACE: the right halo is stored one cell too far left, on the cell thread B - 1 stores its own
// element to: two threads store different data to one location in the same step.
// Otherwise: the halo cells lie past the block's cells.
#define R 2
#define B 256

extern "C" __global__ void __launch_bounds__(B) halo(float *out, const float *in)
{
    __shared__ float s[B + 2 * R];
    int t = threadIdx.x, g = blockIdx.x * B + t;
    s[t + R] = in[g];
    if (t < R) {
        s[t] = in[g - R];
#ifdef RACE
        s[t + B + R - 1] = in[g + B];
#else
        s[t + B + R] = in[g + B];
#endif
    }
    __syncthreads();
    float a = 0;
    for (int k = 0; k <= 2 * R; k++)
        a += s[t + k];
    out[g] = a;
}
