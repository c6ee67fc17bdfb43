// r16_merge_path.cu
// Block-wide merge of two sorted 256-key runs with merge-path partitioning
// (as in CUB/ModernGPU): each of 128 threads binary-searches its diagonal,
// merges 4 keys serially into registers, and the block then reuses the input
// storage to stage the merged tile for a coalesced store.
//
// Launch (both kernels): blockDim = 128 (BLOCK); gridDim = number of run pairs;
//   block b merges a[256b .. 256b+256) and bb[256b .. 256b+256) (each sorted)
//   into out[512b .. 512b+512).
#define BLOCK 128
#define ITEMS 4
#define LA 256
#define LB 256
#define NT (LA + LB)

extern "C" __global__ void __launch_bounds__(BLOCK)
merge_path_race(const int* __restrict__ a, const int* __restrict__ bb, int* __restrict__ out)
{
    __shared__ int s_keys[NT];
    const int tid = threadIdx.x;
    const int* ga = a + (size_t)blockIdx.x * LA;
    const int* gb = bb + (size_t)blockIdx.x * LB;

    for (int i = tid; i < NT; i += BLOCK) s_keys[i] = (i < LA) ? ga[i] : gb[i - LA];
    __syncthreads();

    const int* sa = s_keys;
    const int* sb = s_keys + LA;
    const int diag = tid * ITEMS;
    int lo = max(0, diag - LB), hi = min(diag, LA);
    while (lo < hi) {
        const int mid = (lo + hi) >> 1;
        if (sa[mid] <= sb[diag - 1 - mid]) lo = mid + 1; else hi = mid;
    }
    int ai = lo, bi = diag - lo;
    int v[ITEMS];
    #pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
        const bool takeA = (bi >= LB) || (ai < LA && sa[ai] <= sb[bi]);
        v[k] = takeA ? sa[ai++] : sb[bi++];
    }

    // reuse s_keys for the merged tile -- without waiting for the other threads
    #pragma unroll
    for (int k = 0; k < ITEMS; ++k) s_keys[diag + k] = v[k];
    __syncthreads();
    for (int i = tid; i < NT; i += BLOCK) out[(size_t)blockIdx.x * NT + i] = s_keys[i];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
merge_path_ok(const int* __restrict__ a, const int* __restrict__ bb, int* __restrict__ out)
{
    __shared__ int s_keys[NT];
    const int tid = threadIdx.x;
    const int* ga = a + (size_t)blockIdx.x * LA;
    const int* gb = bb + (size_t)blockIdx.x * LB;

    for (int i = tid; i < NT; i += BLOCK) s_keys[i] = (i < LA) ? ga[i] : gb[i - LA];
    __syncthreads();

    const int* sa = s_keys;
    const int* sb = s_keys + LA;
    const int diag = tid * ITEMS;
    int lo = max(0, diag - LB), hi = min(diag, LA);
    while (lo < hi) {
        const int mid = (lo + hi) >> 1;
        if (sa[mid] <= sb[diag - 1 - mid]) lo = mid + 1; else hi = mid;
    }
    int ai = lo, bi = diag - lo;
    int v[ITEMS];
    #pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
        const bool takeA = (bi >= LB) || (ai < LA && sa[ai] <= sb[bi]);
        v[k] = takeA ? sa[ai++] : sb[bi++];
    }

    __syncthreads();                       // all searches/merges done before reuse
    #pragma unroll
    for (int k = 0; k < ITEMS; ++k) s_keys[diag + k] = v[k];
    __syncthreads();
    for (int i = tid; i < NT; i += BLOCK) out[(size_t)blockIdx.x * NT + i] = s_keys[i];
}
