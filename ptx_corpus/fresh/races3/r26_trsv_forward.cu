// Forward substitution L x = b for a 64x64 lower-triangular double matrix per block (column-oriented). blockDim = 64.
template <bool FIX>
__device__ __forceinline__ void trsv_body(const double* __restrict__ L, const double* __restrict__ b, double* __restrict__ x)
{
    __shared__ double sL[64][64];
    __shared__ double sx[64];
    int t = threadIdx.x;
    const double* Lb = L + (size_t)blockIdx.x * 4096;
    for (int i = t; i < 4096; i += 64) sL[i >> 6][i & 63] = Lb[i];
    sx[t] = b[blockIdx.x * 64 + t];
    __syncthreads();
    for (int k = 0; k < 64; k++) {
        if (!FIX) __syncthreads();       // bug: barrier before the pivot division instead of after it
        if (t == k) sx[k] = sx[k] / sL[k][k];
        if (FIX) __syncthreads();
        if (t > k) sx[t] -= sL[t][k] * sx[k];
    }
    __syncthreads();
    x[blockIdx.x * 64 + t] = sx[t];
}
extern "C" __global__ void __launch_bounds__(64) trsv_forward_race(const double* L, const double* b, double* x)
{ trsv_body<false>(L, b, x); }
extern "C" __global__ void __launch_bounds__(64) trsv_forward_ok(const double* L, const double* b, double* x)
{ trsv_body<true>(L, b, x); }
