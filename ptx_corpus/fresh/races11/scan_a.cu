// Block-level prefix sums (GPU Gems 3, ch. 39 style).

#define SB 256
#define BL_N 256

// Naive Hillis-Steele inclusive scan with a double buffer.
// Launch: blockDim = 256, gridDim = ceil(n / 256); blockSums may be NULL
extern "C" __global__ void __launch_bounds__(SB)
scan_hillis_steele_dbuf(const float* __restrict__ in, float* __restrict__ out,
                        float* __restrict__ blockSums, int n)
{
    __shared__ float buf[2][SB];
    int tid = threadIdx.x;
    int gi = blockIdx.x * SB + tid;
    int pout = 0, pin = 1;
    buf[pout][tid] = (gi < n) ? in[gi] : 0.0f;
    __syncthreads();
    for (int off = 1; off < SB; off <<= 1) {
        pout = 1 - pout;
        pin = 1 - pout;
        float v = buf[pin][tid];
        if (tid >= off) v += buf[pin][tid - off];
        buf[pout][tid] = v;
        __syncthreads();
    }
    if (gi < n) out[gi] = buf[pout][tid];
    if (tid == SB - 1 && blockSums) blockSums[blockIdx.x] = buf[pout][tid];
}

// Work-efficient (Blelloch) exclusive scan, 256 elements per block, 2 per thread.
// Launch: blockDim = 128, gridDim = ceil(n / 256); sums may be NULL
extern "C" __global__ void __launch_bounds__(128)
scan_blelloch(const int* __restrict__ in, int* __restrict__ out, int* __restrict__ sums, int n)
{
    __shared__ int t[BL_N];
    int tid = threadIdx.x;
    int base = blockIdx.x * BL_N;
    for (int i = tid; i < BL_N; i += blockDim.x) {
        int g = base + i;
        t[i] = (g < n) ? in[g] : 0;
    }
    int offset = 1;
    for (int d = BL_N >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (tid < d) {
            int ai = offset * (2 * tid + 1) - 1;
            int bi = offset * (2 * tid + 2) - 1;
            t[bi] += t[ai];
        }
        offset <<= 1;
    }
    if (tid == 0) {
        if (sums) sums[blockIdx.x] = t[BL_N - 1];
        t[BL_N - 1] = 0;
    }
    for (int d = 1; d < BL_N; d <<= 1) {
        offset >>= 1;
        __syncthreads();
        if (tid < d) {
            int ai = offset * (2 * tid + 1) - 1;
            int bi = offset * (2 * tid + 2) - 1;
            int x = t[ai];
            t[ai] = t[bi];
            t[bi] += x;
        }
    }
    __syncthreads();
    for (int i = tid; i < BL_N; i += blockDim.x) {
        int g = base + i;
        if (g < n) out[g] = t[i];
    }
}
