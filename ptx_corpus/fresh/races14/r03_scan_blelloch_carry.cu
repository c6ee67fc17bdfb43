// r03_scan_blelloch_carry.cu
// Work-efficient (Blelloch) exclusive scan with bank-conflict-free padding
// (GPU Gems 3, ch. 39).  Each block is persistent over a contiguous segment of
// `tiles_per_block` tiles of 512 elements and keeps a running carry in shared
// memory so that the whole segment is scanned; the segment total goes to
// seg_sums[blockIdx.x] for a second-level pass.
//
// Launch (both kernels): blockDim = 256 (BLOCK), gridDim = number of segments,
//   n = gridDim.x * tiles_per_block * 512 (input length must be exactly that).
#define BLOCK 256
#define TILE (2 * BLOCK)
#define LOG_NUM_BANKS 5
#define CFO(i) ((i) >> LOG_NUM_BANKS)

extern "C" __global__ void __launch_bounds__(BLOCK)
scan_blelloch_carry_race(const float* __restrict__ in, float* __restrict__ out,
                         float* __restrict__ seg_sums, int tiles_per_block)
{
    __shared__ float temp[TILE + TILE / 32];
    __shared__ float carry;
    const int tid = threadIdx.x;
    const int ai = tid, bi = tid + BLOCK;
    const int padA = CFO(ai), padB = CFO(bi);
    const float* seg_in = in + (size_t)blockIdx.x * tiles_per_block * TILE;
    float* seg_out = out + (size_t)blockIdx.x * tiles_per_block * TILE;

    if (tid == 0) carry = 0.f;

    for (int t = 0; t < tiles_per_block; ++t) {
        temp[ai + padA] = seg_in[t * TILE + ai];
        temp[bi + padB] = seg_in[t * TILE + bi];

        int offset = 1;
        for (int d = TILE >> 1; d > 0; d >>= 1) {          // up-sweep
            __syncthreads();
            if (tid < d) {
                int a = offset * (2 * tid + 1) - 1;
                int b = offset * (2 * tid + 2) - 1;
                a += CFO(a); b += CFO(b);
                temp[b] += temp[a];
            }
            offset <<= 1;
        }
        float total = 0.f;
        if (tid == 0) {
            total = temp[TILE - 1 + CFO(TILE - 1)];
            temp[TILE - 1 + CFO(TILE - 1)] = 0.f;
        }
        for (int d = 1; d < TILE; d <<= 1) {               // down-sweep
            offset >>= 1;
            __syncthreads();
            if (tid < d) {
                int a = offset * (2 * tid + 1) - 1;
                int b = offset * (2 * tid + 2) - 1;
                a += CFO(a); b += CFO(b);
                float x = temp[a];
                temp[a] = temp[b];
                temp[b] += x;
            }
        }
        __syncthreads();

        const float c = carry;
        seg_out[t * TILE + ai] = temp[ai + padA] + c;
        seg_out[t * TILE + bi] = temp[bi + padB] + c;
        if (tid == 0) carry = c + total;        // other threads may still be reading `carry`
    }
    if (tid == 0) seg_sums[blockIdx.x] = carry;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
scan_blelloch_carry_ok(const float* __restrict__ in, float* __restrict__ out,
                       float* __restrict__ seg_sums, int tiles_per_block)
{
    __shared__ float temp[TILE + TILE / 32];
    __shared__ float carry[2];                 // double-buffered by tile parity
    const int tid = threadIdx.x;
    const int ai = tid, bi = tid + BLOCK;
    const int padA = CFO(ai), padB = CFO(bi);
    const float* seg_in = in + (size_t)blockIdx.x * tiles_per_block * TILE;
    float* seg_out = out + (size_t)blockIdx.x * tiles_per_block * TILE;

    if (tid == 0) carry[0] = 0.f;

    for (int t = 0; t < tiles_per_block; ++t) {
        temp[ai + padA] = seg_in[t * TILE + ai];
        temp[bi + padB] = seg_in[t * TILE + bi];

        int offset = 1;
        for (int d = TILE >> 1; d > 0; d >>= 1) {
            __syncthreads();
            if (tid < d) {
                int a = offset * (2 * tid + 1) - 1;
                int b = offset * (2 * tid + 2) - 1;
                a += CFO(a); b += CFO(b);
                temp[b] += temp[a];
            }
            offset <<= 1;
        }
        float total = 0.f;
        if (tid == 0) {
            total = temp[TILE - 1 + CFO(TILE - 1)];
            temp[TILE - 1 + CFO(TILE - 1)] = 0.f;
        }
        for (int d = 1; d < TILE; d <<= 1) {
            offset >>= 1;
            __syncthreads();
            if (tid < d) {
                int a = offset * (2 * tid + 1) - 1;
                int b = offset * (2 * tid + 2) - 1;
                a += CFO(a); b += CFO(b);
                float x = temp[a];
                temp[a] = temp[b];
                temp[b] += x;
            }
        }
        __syncthreads();

        // Readers use carry[t&1]; thread 0 publishes the next carry into the other
        // slot.  Slot t&1 is rewritten only in tile t+1, after that tile's
        // up-sweep barriers, by which time every reader of tile t is done.
        const float c = carry[t & 1];
        seg_out[t * TILE + ai] = temp[ai + padA] + c;
        seg_out[t * TILE + bi] = temp[bi + padB] + c;
        if (tid == 0) carry[(t + 1) & 1] = c + total;
    }
    if (tid == 0) seg_sums[blockIdx.x] = carry[tiles_per_block & 1];
}
