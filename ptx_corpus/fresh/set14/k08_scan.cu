// Domain: parallel prefix sums (GPU Gems 3 / textbook scan algorithms)
// scan_hillis_steele   - inclusive double-buffered Hillis-Steele scan in shared memory
// scan_blelloch        - work-efficient exclusive scan with up-sweep/down-sweep, bank-conflict padding
// scan_warp_shfl_block - block scan built from warp shuffle scans, 4 elements per thread
// scan_segmented_flags - segmented inclusive scan of uint32 with head flags (warp level)

#define NB 5
#define CF_OFF(n) ((n) >> NB)

extern "C" __global__ void scan_hillis_steele(const float *in, float *out, int n)
{
    extern __shared__ float tmp[];
    int tid = threadIdx.x;
    int pout = 0, pin = 1;
    tmp[pout * n + tid] = (tid < n) ? in[blockIdx.x * n + tid] : 0.f;
    __syncthreads();
    for (int off = 1; off < n; off *= 2) {
        pout = 1 - pout;
        pin = 1 - pout;
        if (tid >= off)
            tmp[pout * n + tid] = tmp[pin * n + tid] + tmp[pin * n + tid - off];
        else
            tmp[pout * n + tid] = tmp[pin * n + tid];
        __syncthreads();
    }
    if (tid < n) out[blockIdx.x * n + tid] = tmp[pout * n + tid];
}

extern "C" __global__ void scan_blelloch(const float *__restrict__ in, float *__restrict__ out,
                                         float *__restrict__ block_sums, int n)
{
    extern __shared__ float t[];
    int tid = threadIdx.x;
    int base = blockIdx.x * n;
    int ai = tid, bi = tid + n / 2;
    int oa = CF_OFF(ai), ob = CF_OFF(bi);
    t[ai + oa] = in[base + ai];
    t[bi + ob] = in[base + bi];
    int offset = 1;
    for (int d = n >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (tid < d) {
            int a = offset * (2 * tid + 1) - 1;
            int b = offset * (2 * tid + 2) - 1;
            a += CF_OFF(a); b += CF_OFF(b);
            t[b] += t[a];
        }
        offset *= 2;
    }
    if (tid == 0) {
        int last = n - 1 + CF_OFF(n - 1);
        block_sums[blockIdx.x] = t[last];
        t[last] = 0.f;
    }
    for (int d = 1; d < n; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (tid < d) {
            int a = offset * (2 * tid + 1) - 1;
            int b = offset * (2 * tid + 2) - 1;
            a += CF_OFF(a); b += CF_OFF(b);
            float x = t[a];
            t[a] = t[b];
            t[b] += x;
        }
    }
    __syncthreads();
    out[base + ai] = t[ai + oa];
    out[base + bi] = t[bi + ob];
}

extern "C" __global__ void scan_warp_shfl_block(const int4 *__restrict__ in, int4 *__restrict__ out, int n4)
{
    __shared__ int wsum[32];
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    int4 v = gid < n4 ? in[gid] : make_int4(0, 0, 0, 0);
    v.y += v.x; v.z += v.y; v.w += v.z;
    int s = v.w;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        int y = __shfl_up_sync(0xffffffffu, s, o);
        if (lane >= o) s += y;
    }
    if (lane == 31) wsum[wid] = s;
    __syncthreads();
    if (wid == 0) {
        int w = lane < (blockDim.x >> 5) ? wsum[lane] : 0;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            int y = __shfl_up_sync(0xffffffffu, w, o);
            if (lane >= o) w += y;
        }
        wsum[lane] = w;
    }
    __syncthreads();
    int pre = s - v.w + (wid > 0 ? wsum[wid - 1] : 0);
    v.x += pre; v.y += pre; v.z += pre; v.w += pre;
    if (gid < n4) out[gid] = v;
}

extern "C" __global__ void scan_segmented_flags(const unsigned *vals, const unsigned char *flags,
                                                unsigned *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    unsigned v = gid < n ? vals[gid] : 0u;
    unsigned f = gid < n ? flags[gid] : 1u;
    // position of nearest segment head at or before this lane
    unsigned heads = __ballot_sync(0xffffffffu, f != 0);
    unsigned mask_le = 0xffffffffu >> (31 - lane);
    unsigned h = heads & mask_le;
    int seg_start = h ? 31 - __clz(h) : 0;
    for (int o = 1; o < 32; o <<= 1) {
        unsigned y = __shfl_up_sync(0xffffffffu, v, o);
        if (lane - o >= seg_start) v += y;
    }
    if (gid < n) out[gid] = v;
}
