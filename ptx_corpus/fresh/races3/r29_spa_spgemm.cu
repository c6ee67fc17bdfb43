// SpGEMM row-by-row with a dense shared accumulator (SPA): float4 clear, atomic accumulate, scalar write-out. blockDim = 128.
#define NCOLS 1024
template <bool FIX>
__device__ __forceinline__ void spa_body(const int* __restrict__ aPtr, const int* __restrict__ aCol, const float* __restrict__ aVal,
                                         const int* __restrict__ bPtr, const int* __restrict__ bCol, const float* __restrict__ bVal,
                                         float* __restrict__ C, int rowsPerBlock)
{
    __shared__ __align__(16) float acc[NCOLS];
    int t = threadIdx.x;
    for (int rr = 0; rr < rowsPerBlock; rr++) {
        int r = blockIdx.x * rowsPerBlock + rr;
        for (int j = t; j < NCOLS / 4; j += 128)
            reinterpret_cast<float4*>(acc)[j] = make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
        for (int e = aPtr[r] + t; e < aPtr[r + 1]; e += 128) {
            int k = aCol[e];
            float av = aVal[e];
            for (int f = bPtr[k]; f < bPtr[k + 1]; f++) atomicAdd(&acc[bCol[f]], av * bVal[f]);
        }
        __syncthreads();
        for (int j = t; j < NCOLS; j += 128) C[(size_t)r * NCOLS + j] = acc[j];
        if (FIX) __syncthreads();
    }
}
extern "C" __global__ void __launch_bounds__(128) spa_spgemm_race(const int* aPtr, const int* aCol, const float* aVal, const int* bPtr, const int* bCol, const float* bVal, float* C, int rpb)
{ spa_body<false>(aPtr, aCol, aVal, bPtr, bCol, bVal, C, rpb); }
extern "C" __global__ void __launch_bounds__(128) spa_spgemm_ok(const int* aPtr, const int* aCol, const float* aVal, const int* bPtr, const int* bCol, const float* bVal, float* C, int rpb)
{ spa_body<true>(aPtr, aCol, aVal, bPtr, bCol, bVal, C, rpb); }
