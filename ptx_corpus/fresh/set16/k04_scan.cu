// Domain: prefix sums / scans (Hillis-Steele, Blelloch work-efficient, warp-shuffle, register-blocked)

// scan_hillis_steele_dbuf: inclusive Hillis-Steele scan of one block with double-buffered shared memory
extern "C" __global__ void scan_hillis_steele_dbuf(const float* __restrict__ in, float* __restrict__ out, int n)
{
    extern __shared__ float temp[];
    int tid = threadIdx.x;
    int pout = 0, pin = 1;
    int gi = blockIdx.x * blockDim.x + tid;
    temp[pout * blockDim.x + tid] = (gi < n) ? in[gi] : 0.f;
    __syncthreads();
    for (int off = 1; off < blockDim.x; off *= 2) {
        pout = 1 - pout; pin = 1 - pout;
        float v = temp[pin * blockDim.x + tid];
        if (tid >= off) v += temp[pin * blockDim.x + tid - off];
        temp[pout * blockDim.x + tid] = v;
        __syncthreads();
    }
    if (gi < n) out[gi] = temp[pout * blockDim.x + tid];
}

#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

// scan_blelloch_bcao: work-efficient Blelloch exclusive scan (2 elems/thread) with bank-conflict-avoiding padding, writes block sums
extern "C" __global__ void scan_blelloch_bcao(const int* __restrict__ in, int* __restrict__ out, int* __restrict__ blockSums, int n)
{
    extern __shared__ int tmp[];
    int thid = threadIdx.x;
    int N = blockDim.x * 2;
    int base = blockIdx.x * N;
    int ai = thid, bi = thid + blockDim.x;
    int offA = CONFLICT_FREE_OFFSET(ai), offB = CONFLICT_FREE_OFFSET(bi);
    tmp[ai + offA] = (base + ai < n) ? in[base + ai] : 0;
    tmp[bi + offB] = (base + bi < n) ? in[base + bi] : 0;
    int offset = 1;
    for (int d = N >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1, b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a); b += CONFLICT_FREE_OFFSET(b);
            tmp[b] += tmp[a];
        }
        offset *= 2;
    }
    if (thid == 0) {
        int last = N - 1 + CONFLICT_FREE_OFFSET(N - 1);
        blockSums[blockIdx.x] = tmp[last];
        tmp[last] = 0;
    }
    for (int d = 1; d < N; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1, b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a); b += CONFLICT_FREE_OFFSET(b);
            int t = tmp[a]; tmp[a] = tmp[b]; tmp[b] += t;
        }
    }
    __syncthreads();
    if (base + ai < n) out[base + ai] = tmp[ai + offA];
    if (base + bi < n) out[base + bi] = tmp[bi + offB];
}

// scan_warp_shfl_block: inclusive block scan via __shfl_up_sync within warps then a scan of warp totals
extern "C" __global__ void scan_warp_shfl_block(const unsigned* __restrict__ in, unsigned* __restrict__ out, int n)
{
    __shared__ unsigned wsum[32];
    int gi = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    unsigned v = (gi < n) ? in[gi] : 0u;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        unsigned t = __shfl_up_sync(0xffffffffu, v, d);
        if (lane >= d) v += t;
    }
    if (lane == 31) wsum[wid] = v;
    __syncthreads();
    if (wid == 0) {
        unsigned w = (lane < (int)(blockDim.x >> 5)) ? wsum[lane] : 0u;
#pragma unroll
        for (int d = 1; d < 32; d <<= 1) {
            unsigned t = __shfl_up_sync(0xffffffffu, w, d);
            if (lane >= d) w += t;
        }
        wsum[lane] = w;
    }
    __syncthreads();
    if (wid > 0) v += wsum[wid - 1];
    if (gi < n) out[gi] = v;
}

// scan_regblock16_segmented: each thread scans 16 items in registers with segment-head flags, then block-level shfl scan of carries
extern "C" __global__ void scan_regblock16_segmented(const float* __restrict__ in, const unsigned char* __restrict__ head,
                                                     float* __restrict__ out, int n)
{
    __shared__ float wtot[32];
    __shared__ int wflag[32];
    const int IPT = 16;
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * IPT;
    float v[IPT];
    int f[IPT];
#pragma unroll
    for (int k = 0; k < IPT; ++k) {
        int i = base + k;
        v[k] = (i < n) ? in[i] : 0.f;
        f[k] = (i < n) ? head[i] : 0;
    }
    // local segmented inclusive scan
    int anyHead = f[0];
#pragma unroll
    for (int k = 1; k < IPT; ++k) {
        if (!f[k]) v[k] += v[k - 1];
        anyHead |= f[k];
    }
    float tot = v[IPT - 1];
    int flag = anyHead;
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    // segmented warp scan of (tot, flag)
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        float t = __shfl_up_sync(0xffffffffu, tot, d);
        int tf = __shfl_up_sync(0xffffffffu, flag, d);
        if (lane >= d) { if (!flag) tot += t; flag |= tf; }
    }
    if (lane == 31) { wtot[wid] = tot; wflag[wid] = flag; }
    __syncthreads();
    if (wid == 0) {
        float w = (lane < (int)(blockDim.x >> 5)) ? wtot[lane] : 0.f;
        int wf = (lane < (int)(blockDim.x >> 5)) ? wflag[lane] : 0;
#pragma unroll
        for (int d = 1; d < 32; d <<= 1) {
            float t = __shfl_up_sync(0xffffffffu, w, d);
            int tf = __shfl_up_sync(0xffffffffu, wf, d);
            if (lane >= d) { if (!wf) w += t; wf |= tf; }
        }
        wtot[lane] = w; wflag[lane] = wf;
    }
    __syncthreads();
    float carryW = (wid > 0) ? wtot[wid - 1] : 0.f;
    float prevTot = __shfl_up_sync(0xffffffffu, tot, 1);
    int prevFlag = __shfl_up_sync(0xffffffffu, flag, 1);
    float carry;
    if (lane == 0) carry = carryW;
    else carry = prevFlag ? prevTot : prevTot + carryW;
#pragma unroll
    for (int k = 0; k < IPT; ++k) {
        if (f[k]) carry = 0.f;
        int i = base + k;
        if (i < n) out[i] = v[k] + carry;
    }
}
