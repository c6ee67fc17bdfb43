// Domain: parallel prefix sums (Blelloch, Hillis-Steele, warp-shuffle and segmented scans)

// Blelloch work-efficient exclusive scan over 2*blockDim elements, bank-conflict-free padding
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)
extern "C" __global__ void scan_blelloch(const float* __restrict__ g_idata, float* __restrict__ g_odata,
                                         float* __restrict__ blockSums, int n)
{
    extern __shared__ float temp[];
    int thid = threadIdx.x;
    int base = blockIdx.x * blockDim.x * 2;
    int ai = thid, bi = thid + blockDim.x;
    int bankOffsetA = CONFLICT_FREE_OFFSET(ai), bankOffsetB = CONFLICT_FREE_OFFSET(bi);
    temp[ai + bankOffsetA] = (base + ai < n) ? g_idata[base + ai] : 0.f;
    temp[bi + bankOffsetB] = (base + bi < n) ? g_idata[base + bi] : 0.f;
    int m = blockDim.x * 2;
    int offset = 1;
    for (int d = m >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1, b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a); b += CONFLICT_FREE_OFFSET(b);
            temp[b] += temp[a];
        }
        offset *= 2;
    }
    if (thid == 0) {
        int last = m - 1 + CONFLICT_FREE_OFFSET(m - 1);
        blockSums[blockIdx.x] = temp[last];
        temp[last] = 0.f;
    }
    for (int d = 1; d < m; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1, b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a); b += CONFLICT_FREE_OFFSET(b);
            float t = temp[a];
            temp[a] = temp[b];
            temp[b] += t;
        }
    }
    __syncthreads();
    if (base + ai < n) g_odata[base + ai] = temp[ai + bankOffsetA];
    if (base + bi < n) g_odata[base + bi] = temp[bi + bankOffsetB];
}

// Block scan built from warp shuffles; each thread scans 8 consecutive items held in registers
extern "C" __global__ void scan_warp_shfl_items8(const unsigned* __restrict__ in, unsigned* __restrict__ out,
                                                 unsigned* __restrict__ blockTotals)
{
    __shared__ unsigned warpTot[32];
    int tid = threadIdx.x, lane = tid & 31, wid = tid >> 5;
    const uint4* in4 = reinterpret_cast<const uint4*>(in) + (blockIdx.x * blockDim.x + tid) * 2;
    uint4 a = in4[0], b = in4[1];
    unsigned v[8] = {a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w};
#pragma unroll
    for (int i = 1; i < 8; ++i) v[i] += v[i - 1];
    unsigned t = v[7];
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        unsigned y = __shfl_up_sync(0xffffffffu, t, o);
        if (lane >= o) t += y;
    }
    if (lane == 31) warpTot[wid] = t;
    __syncthreads();
    if (wid == 0) {
        unsigned w = (lane < (blockDim.x >> 5)) ? warpTot[lane] : 0u;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            unsigned y = __shfl_up_sync(0xffffffffu, w, o);
            if (lane >= o) w += y;
        }
        warpTot[lane] = w;
    }
    __syncthreads();
    unsigned excl = t - v[7] + (wid > 0 ? warpTot[wid - 1] : 0u);
    uint4* out4 = reinterpret_cast<uint4*>(out) + (blockIdx.x * blockDim.x + tid) * 2;
    out4[0] = make_uint4(v[0] + excl, v[1] + excl, v[2] + excl, v[3] + excl);
    out4[1] = make_uint4(v[4] + excl, v[5] + excl, v[6] + excl, v[7] + excl);
    if (tid == blockDim.x - 1) blockTotals[blockIdx.x] = warpTot[(blockDim.x >> 5) - 1];
}

// Segmented inclusive scan (head flags) in a warp using shuffles, float values
extern "C" __global__ void scan_segmented_warp(const float* __restrict__ val, const int* __restrict__ flags,
                                               float* __restrict__ out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    float v = (gid < n) ? val[gid] : 0.f;
    int f = (gid < n) ? flags[gid] : 1;
    unsigned heads = __ballot_sync(0xffffffffu, f != 0);
    // segment start = highest head at or below this lane
    unsigned below = heads & (0xffffffffu >> (31 - lane));
    int segStart = below ? 31 - __clz(below) : 0;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        float y = __shfl_up_sync(0xffffffffu, v, o);
        if (lane - o >= segStart) v += y;
    }
    if (gid < n) out[gid] = v;
}

// Add per-block offsets (second pass of a multi-block scan), double precision
extern "C" __global__ void scan_add_offsets_d(double* __restrict__ data, const double* __restrict__ offs, int n)
{
    int gid = blockIdx.x * blockDim.x * 2 + threadIdx.x;
    double o = offs[blockIdx.x];
    if (gid < n) data[gid] += o;
    if (gid + blockDim.x < n) data[gid + blockDim.x] += o;
}
