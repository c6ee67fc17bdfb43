// Several dot products X[m].y per block: warp partials in shared, thread 0 totals them, loop over m reuses the partials. blockDim = 256.
#define MPB 4
template <bool FIX>
__device__ __forceinline__ void mdot_body(const double* __restrict__ X, const double* __restrict__ y,
                                          double* __restrict__ out, int n)
{
    __shared__ double part[8];
    int t = threadIdx.x, lane = t & 31, w = t >> 5;
    for (int mm = 0; mm < MPB; mm++) {
        int m = blockIdx.x * MPB + mm;
        const double* xr = X + (size_t)m * n;
        double s = 0.0;
        for (int i = t; i < n; i += 256) s += xr[i] * y[i];
        for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
        if (lane == 0) part[w] = s;
        __syncthreads();
        if (t == 0) {
            double tot = 0.0;
            for (int k = 0; k < 8; k++) tot += part[k];
            out[m] = tot;
        }
        if (FIX) __syncthreads();
    }
}
extern "C" __global__ void __launch_bounds__(256) multi_dot_race(const double* X, const double* y, double* out, int n)
{ mdot_body<false>(X, y, out, n); }
extern "C" __global__ void __launch_bounds__(256) multi_dot_ok(const double* X, const double* y, double* out, int n)
{ mdot_body<true>(X, y, out, n); }
