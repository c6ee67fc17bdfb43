// Block-local bucket sort: zero 32 bucket counters, count with shared atomics, warp-0 scan, scatter via atomic cursors. blockDim = 256.
#define NB 32
template <bool FIX>
__device__ __forceinline__ void bucket_body(const int* __restrict__ keys, int* __restrict__ out, int n, int maxKey)
{
    __shared__ int cnt[NB];
    __shared__ int cur[NB];
    int t = threadIdx.x;
    if (t < NB) cnt[t] = 0;
    if (FIX) __syncthreads();
    int i = blockIdx.x * 256 + t;
    int k = (i < n) ? keys[i] : 0;
    int b = min(NB - 1, (int)(((long long)k * NB) / (maxKey + 1)));
    if (i < n) atomicAdd(&cnt[b], 1);
    __syncthreads();
    if (t < 32) {
        int c = cnt[t];
        int s = c;
        for (int d = 1; d < 32; d <<= 1) {
            int y = __shfl_up_sync(0xffffffffu, s, d);
            if (t >= d) s += y;
        }
        cur[t] = s - c;
    }
    __syncthreads();
    if (i < n) {
        int p = atomicAdd(&cur[b], 1);
        out[blockIdx.x * 256 + p] = k;
    }
}
extern "C" __global__ void __launch_bounds__(256) bucket_sort_race(const int* keys, int* out, int n, int maxKey)
{ bucket_body<false>(keys, out, n, maxKey); }
extern "C" __global__ void __launch_bounds__(256) bucket_sort_ok(const int* keys, int* out, int n, int maxKey)
{ bucket_body<true>(keys, out, n, maxKey); }
