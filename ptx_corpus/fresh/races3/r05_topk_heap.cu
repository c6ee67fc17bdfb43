// Per-block top-16 via a shared min-heap built by thread 0; all threads then test against the heap root. blockDim = 128.
#define KH 16
template <bool FIX>
__device__ __forceinline__ void topk_body(const float* __restrict__ in, float* __restrict__ outTop,
                                          int* __restrict__ outMask, int n)
{
    __shared__ float cand[128];
    __shared__ float heap[KH];
    int t = threadIdx.x;
    int i = blockIdx.x * 128 + t;
    float v = (i < n) ? in[i] : -1e30f;
    cand[t] = v;
    __syncthreads();
    if (t == 0) {
        for (int k = 0; k < KH; k++) {           // sift-up insert
            float x = cand[k];
            int c = k;
            while (c > 0) {
                int p = (c - 1) / 2;
                if (heap[p] <= x) break;
                heap[c] = heap[p];
                c = p;
            }
            heap[c] = x;
        }
        for (int k = KH; k < 128; k++) {         // replace root + sift-down
            float x = cand[k];
            if (x > heap[0]) {
                int c = 0;
                while (true) {
                    int l = 2 * c + 1;
                    if (l >= KH) break;
                    int r = l + 1;
                    int m = (r < KH && heap[r] < heap[l]) ? r : l;
                    if (heap[m] >= x) break;
                    heap[c] = heap[m];
                    c = m;
                }
                heap[c] = x;
            }
        }
    }
    if (FIX) __syncthreads();
    float thr = heap[0];
    if (i < n) outMask[i] = (v >= thr);
    if (t < KH) outTop[blockIdx.x * KH + t] = heap[t];
}
extern "C" __global__ void __launch_bounds__(128) topk_heap_race(const float* in, float* outTop, int* outMask, int n)
{ topk_body<false>(in, outTop, outMask, n); }
extern "C" __global__ void __launch_bounds__(128) topk_heap_ok(const float* in, float* outTop, int* outMask, int n)
{ topk_body<true>(in, outTop, outMask, n); }
