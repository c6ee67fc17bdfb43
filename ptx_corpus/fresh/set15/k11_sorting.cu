// Domain: sorting - in-register networks, per-thread sorts and recursive sorting
// bitonic16_regs: each thread sorts 16 float keys with a fully unrolled bitonic network in registers.
// oddeven_merge32_kv: each thread sorts 32 (key,value) uint pairs with Batcher's odd-even merge sort in registers.
// insertion_sort_local: per-thread insertion sort of a variable-length segment (<= 64 ints) copied to a local array.
// quicksort_segments_rec: per-thread recursive quicksort (median-of-three) of a segment in global memory.

#define CSWAP(a, b) { float _x = fminf(a, b), _y = fmaxf(a, b); a = _x; b = _y; }

extern "C" __global__ void bitonic16_regs(float* __restrict__ data, int nseg)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nseg) return;
    float4* p = reinterpret_cast<float4*>(data + (size_t)t * 16);
    float v[16];
#pragma unroll
    for (int i = 0; i < 4; i++) {
        float4 q = p[i];
        v[4 * i] = q.x; v[4 * i + 1] = q.y; v[4 * i + 2] = q.z; v[4 * i + 3] = q.w;
    }
#pragma unroll
    for (int k = 2; k <= 16; k <<= 1)
#pragma unroll
        for (int j = k >> 1; j > 0; j >>= 1)
#pragma unroll
            for (int i = 0; i < 16; i++) {
                int l = i ^ j;
                if (l > i) {
                    if ((i & k) == 0) { CSWAP(v[i], v[l]); }
                    else { CSWAP(v[l], v[i]); }
                }
            }
#pragma unroll
    for (int i = 0; i < 4; i++) p[i] = make_float4(v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]);
}

__device__ __forceinline__ void cswap_kv(unsigned& ka, unsigned& va, unsigned& kb, unsigned& vb)
{
    bool s = kb < ka;
    unsigned tk = s ? kb : ka, tv = s ? vb : va;
    kb = s ? ka : kb; vb = s ? va : vb;
    ka = tk; va = tv;
}

extern "C" __global__ void oddeven_merge32_kv(unsigned* __restrict__ keys, unsigned* __restrict__ vals, int nseg)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nseg) return;
    unsigned k[32], v[32];
    const uint4* pk = reinterpret_cast<const uint4*>(keys + (size_t)t * 32);
    const uint4* pv = reinterpret_cast<const uint4*>(vals + (size_t)t * 32);
#pragma unroll
    for (int i = 0; i < 8; i++) {
        uint4 a = pk[i], b = pv[i];
        k[4 * i] = a.x; k[4 * i + 1] = a.y; k[4 * i + 2] = a.z; k[4 * i + 3] = a.w;
        v[4 * i] = b.x; v[4 * i + 1] = b.y; v[4 * i + 2] = b.z; v[4 * i + 3] = b.w;
    }
    // Batcher odd-even merge sort, iterative form
#pragma unroll
    for (int p = 1; p < 32; p <<= 1)
#pragma unroll
        for (int q = p; q >= 1; q >>= 1)
#pragma unroll
            for (int j = q % p; j + q < 32; j += 2 * q)
#pragma unroll
                for (int i = 0; i < q; i++) {
                    int a = i + j, b = i + j + q;
                    if (b < 32 && (a / (2 * p)) == (b / (2 * p))) cswap_kv(k[a], v[a], k[b], v[b]);
                }
    uint4* ok = reinterpret_cast<uint4*>(keys + (size_t)t * 32);
    uint4* ov = reinterpret_cast<uint4*>(vals + (size_t)t * 32);
#pragma unroll
    for (int i = 0; i < 8; i++) {
        ok[i] = make_uint4(k[4 * i], k[4 * i + 1], k[4 * i + 2], k[4 * i + 3]);
        ov[i] = make_uint4(v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]);
    }
}

extern "C" __global__ void insertion_sort_local(const int* __restrict__ offsets, int* __restrict__ data, int nseg)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nseg) return;
    int b = offsets[t], e = offsets[t + 1];
    int n = min(e - b, 64);
    int a[64];
    for (int i = 0; i < n; i++) {
        int x = data[b + i];
        int j = i - 1;
        while (j >= 0 && a[j] > x) { a[j + 1] = a[j]; j--; }
        a[j + 1] = x;
    }
    for (int i = 0; i < n; i++) data[b + i] = a[i];
}

__device__ __noinline__ void quicksort_rec(float* a, int lo, int hi, int depth)
{
    while (hi - lo > 8) {
        if (depth <= 0) break;
        int mid = lo + ((hi - lo) >> 1);
        float x = a[lo], y = a[mid], z = a[hi];
        float pivot = fmaxf(fminf(x, y), fminf(fmaxf(x, y), z));
        int i = lo, j = hi;
        while (i <= j) {
            while (a[i] < pivot) i++;
            while (a[j] > pivot) j--;
            if (i <= j) { float tmp = a[i]; a[i] = a[j]; a[j] = tmp; i++; j--; }
        }
        // recurse into the smaller part, loop on the larger one
        if (j - lo < hi - i) { if (lo < j) quicksort_rec(a, lo, j, depth - 1); lo = i; }
        else { if (i < hi) quicksort_rec(a, i, hi, depth - 1); hi = j; }
        depth--;
    }
    for (int i = lo + 1; i <= hi; i++) {
        float x = a[i];
        int j = i - 1;
        while (j >= lo && a[j] > x) { a[j + 1] = a[j]; j--; }
        a[j + 1] = x;
    }
}

extern "C" __global__ void quicksort_segments_rec(float* __restrict__ data, const int* __restrict__ offsets, int nseg)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nseg) return;
    int b = offsets[t], e = offsets[t + 1];
    if (e - b > 1) quicksort_rec(data, b, e - 1, 24);
}
