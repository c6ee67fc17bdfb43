// Domain: sorting networks and merge primitives
// bitonic_sort_shared   - full bitonic sort of 1024 keys per block in shared memory (nested loops + sync)
// oddeven_sort16_regs   - per-thread sort of 16 floats with fully unrolled odd-even transposition
// sort_kv_local_runtime - per-thread insertion sort of a runtime-length key/value chunk in local arrays
// merge_path_partition  - merge-path diagonal binary search to split two sorted int64 arrays

extern "C" __global__ void bitonic_sort_shared(unsigned *keys)
{
    __shared__ unsigned s[1024];
    unsigned *k = keys + blockIdx.x * 1024;
    int t = threadIdx.x; // 512 threads
    s[t] = k[t];
    s[t + 512] = k[t + 512];
    for (int size = 2; size <= 1024; size <<= 1) {
        for (int stride = size >> 1; stride > 0; stride >>= 1) {
            __syncthreads();
            int pos = 2 * t - (t & (stride - 1));
            bool dir = ((pos & size) == 0);
            unsigned a = s[pos], b = s[pos + stride];
            if ((a > b) == dir) { s[pos] = b; s[pos + stride] = a; }
        }
    }
    __syncthreads();
    k[t] = s[t];
    k[t + 512] = s[t + 512];
}

extern "C" __global__ void oddeven_sort16_regs(const float *__restrict__ in, float *__restrict__ out, int n16)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n16) return;
    float v[16];
    const float4 *src = reinterpret_cast<const float4 *>(in) + t * 4;
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        float4 f = src[q];
        v[4 * q] = f.x; v[4 * q + 1] = f.y; v[4 * q + 2] = f.z; v[4 * q + 3] = f.w;
    }
#pragma unroll
    for (int pass = 0; pass < 16; ++pass) {
#pragma unroll
        for (int i = pass & 1; i + 1 < 16; i += 2) {
            float a = v[i], b = v[i + 1];
            v[i] = fminf(a, b);
            v[i + 1] = fmaxf(a, b);
        }
    }
    float4 *dst = reinterpret_cast<float4 *>(out) + t * 4;
#pragma unroll
    for (int q = 0; q < 4; ++q) dst[q] = make_float4(v[4 * q], v[4 * q + 1], v[4 * q + 2], v[4 * q + 3]);
}

extern "C" __global__ void sort_kv_local_runtime(const int *keys, const float *vals, int *okeys, float *ovals,
                                                 int n, int chunk)
{
    int kk[32];
    float vv[32];
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int start = t * chunk;
    if (start >= n) return;
    int len = min(min(chunk, 32), n - start);
    for (int i = 0; i < len; ++i) {
        int key = keys[start + i];
        float val = vals[start + i];
        int j = i - 1;
        while (j >= 0 && kk[j] > key) { kk[j + 1] = kk[j]; vv[j + 1] = vv[j]; --j; }
        kk[j + 1] = key;
        vv[j + 1] = val;
    }
    for (int i = 0; i < len; ++i) { okeys[start + i] = kk[i]; ovals[start + i] = vv[i]; }
}

extern "C" __global__ void merge_path_partition(const long long *a, int na, const long long *b, int nb,
                                                int *splits, int items_per_part, int nparts)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p > nparts) return;
    int diag = min(p * items_per_part, na + nb);
    int lo = max(0, diag - nb), hi = min(diag, na);
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (a[mid] <= b[diag - 1 - mid]) lo = mid + 1;
        else hi = mid;
    }
    splits[2 * p] = lo;
    splits[2 * p + 1] = diag - lo;
}
