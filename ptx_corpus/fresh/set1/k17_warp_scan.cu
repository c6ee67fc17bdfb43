// Warp-level inclusive scans and a block-wide exclusive scan
extern "C" __global__ void warp_inclusive_scan_i32(const int* __restrict__ in, int* __restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = (i < n) ? in[i] : 0;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        int t = __shfl_up_sync(0xffffffffu, v, d);
        if (lane >= d) v += t;
    }
    if (i < n) out[i] = v;
}

extern "C" __global__ void block_exclusive_scan_f32(const float* __restrict__ in, float* __restrict__ out,
                                                    float* __restrict__ block_sums, int n)
{
    __shared__ float warp_tot[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    float x = (i < n) ? in[i] : 0.f;
    float v = x;
    for (int d = 1; d < 32; d <<= 1) {
        float t = __shfl_up_sync(0xffffffffu, v, d);
        if (lane >= d) v += t;
    }
    if (lane == 31) warp_tot[wid] = v;
    __syncthreads();
    if (wid == 0) {
        int nw = blockDim.x >> 5;
        float w = (lane < nw) ? warp_tot[lane] : 0.f;
        for (int d = 1; d < 32; d <<= 1) {
            float t = __shfl_up_sync(0xffffffffu, w, d);
            if (lane >= d) w += t;
        }
        warp_tot[lane] = w;
    }
    __syncthreads();
    float base = (wid > 0) ? warp_tot[wid - 1] : 0.f;
    if (i < n) out[i] = base + v - x;
    if (threadIdx.x == blockDim.x - 1) block_sums[blockIdx.x] = base + v;
}

// segmented scan using ballot/flags: head flags mark segment starts
extern "C" __global__ void warp_segmented_scan(const float* __restrict__ in, const unsigned char* __restrict__ head,
                                               float* __restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    float v = (i < n) ? in[i] : 0.f;
    bool h = (i < n) ? head[i] != 0 : true;
    unsigned flags = __ballot_sync(0xffffffffu, h) | 1u;
    unsigned mask_le = flags & (0xffffffffu >> (31 - lane));
    int seg_start = 31 - __clz(mask_le);
    for (int d = 1; d < 32; d <<= 1) {
        float t = __shfl_up_sync(0xffffffffu, v, d);
        if (lane - d >= seg_start) v += t;
    }
    if (i < n) out[i] = v;
}
