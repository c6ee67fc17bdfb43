// Non-maximum suppression:
//  * pairwise IoU suppression bitmask (64x64 box tiles, shared memory)
//  * sequential keep-list gather on the bitmask, single warp
//  * Matrix NMS (SOLOv2) score decay, parallel over boxes
#include <stdint.h>

#define NMS_TPB 64

__device__ __forceinline__ float nms_iou(const float4 a, const float4 b, float offset)
{
    float l = fmaxf(a.x, b.x), t = fmaxf(a.y, b.y);
    float r = fminf(a.z, b.z), btm = fminf(a.w, b.w);
    float w = fmaxf(r - l + offset, 0.f), h = fmaxf(btm - t + offset, 0.f);
    float inter = w * h;
    float sa = (a.z - a.x + offset) * (a.w - a.y + offset);
    float sb = (b.z - b.x + offset) * (b.w - b.y + offset);
    return inter / fmaxf(sa + sb - inter, 1e-9f);
}

// boxes sorted by descending score; mask[i * col_blocks + cb] has bit j set
// if box (cb*64 + j) is suppressed by box i.
extern "C" __global__ void
nms_iou_bitmask(const float4* __restrict__ boxes,
                int n,
                float iou_threshold,
                float offset,
                unsigned long long* __restrict__ mask)
{
    int row_block = blockIdx.y, col_block = blockIdx.x;
    if (row_block > col_block) return;   // only upper triangle needed
    int row_size = min(n - row_block * NMS_TPB, NMS_TPB);
    int col_size = min(n - col_block * NMS_TPB, NMS_TPB);
    __shared__ float4 s_boxes[NMS_TPB];
    if (threadIdx.x < col_size) s_boxes[threadIdx.x] = boxes[col_block * NMS_TPB + threadIdx.x];
    __syncthreads();
    if (threadIdx.x < row_size) {
        int i = row_block * NMS_TPB + threadIdx.x;
        float4 b = boxes[i];
        unsigned long long bits = 0;
        int start = (row_block == col_block) ? threadIdx.x + 1 : 0;
        for (int j = start; j < col_size; ++j)
            if (nms_iou(b, s_boxes[j], offset) > iou_threshold) bits |= 1ull << j;
        int col_blocks = (n + NMS_TPB - 1) / NMS_TPB;
        mask[(long long)i * col_blocks + col_block] = bits;
    }
}

// Single warp walks boxes in score order. The "removed" bitset lives in
// shared memory; each lane owns col_blocks/32 words of it.
extern "C" __global__ void nms_gather_keep(const unsigned long long* __restrict__ mask,
                                           int n,
                                           int max_out,
                                           int* __restrict__ keep,
                                           int* __restrict__ num_keep)
{
    extern __shared__ unsigned long long s_removed[];
    int col_blocks = (n + NMS_TPB - 1) / NMS_TPB;
    int lane = threadIdx.x;
    for (int k = lane; k < col_blocks; k += 32) s_removed[k] = 0ull;
    __syncwarp();
    int kept = 0;
    for (int i = 0; i < n && kept < max_out; ++i) {
        int blk = i / NMS_TPB, bit = i % NMS_TPB;
        bool removed = (s_removed[blk] >> bit) & 1ull;
        if (removed) continue;
        if (lane == 0) keep[kept] = i;
        ++kept;
        const unsigned long long* row = mask + (long long)i * col_blocks;
        for (int k = blk + lane; k < col_blocks; k += 32) s_removed[k] |= row[k];
        __syncwarp();
    }
    if (lane == 0) *num_keep = kept;
}

// Matrix NMS: decay_j = min_{i<j} f(iou_ij) / f(comp_i), comp_i = max_{k<i} iou_ki
// (same class only), f = gaussian exp(-sigma * iou^2) or linear (1-iou).
// Computes both passes with boxes staged in shared-memory tiles.
#define MNMS_TILE 128
extern "C" __global__ void
matrix_nms_decay(const float4* __restrict__ boxes,   // sorted desc by score
                 const int* __restrict__ labels,
                 const float* __restrict__ scores,
                 const float* __restrict__ comp_iou,  // precomputed max IoU with higher-scored same-class box
                 int n,
                 int use_gaussian, float sigma,
                 float score_threshold,
                 float* __restrict__ out_scores,
                 int* __restrict__ num_pass)
{
    __shared__ float4 s_b[MNMS_TILE];
    __shared__ int s_l[MNMS_TILE];
    __shared__ float s_c[MNMS_TILE];
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    float4 bj = j < n ? boxes[j] : make_float4(0.f, 0.f, 0.f, 0.f);
    int lj = j < n ? labels[j] : -1;
    float decay = 1.f;
    int last_tile = (blockIdx.x * blockDim.x + blockDim.x - 1);
    for (int t0 = 0; t0 <= last_tile && t0 < n; t0 += MNMS_TILE) {
        int i = t0 + threadIdx.x;
        if (i < n) { s_b[threadIdx.x] = boxes[i]; s_l[threadIdx.x] = labels[i]; s_c[threadIdx.x] = comp_iou[i]; }
        __syncthreads();
        int lim = min(MNMS_TILE, n - t0);
        for (int k = 0; k < lim; ++k) {
            int ii = t0 + k;
            if (ii >= j) break;
            if (s_l[k] != lj) continue;
            float iou = nms_iou(s_b[k], bj, 0.f);
            float ci = s_c[k];
            float d;
            if (use_gaussian) d = __expf(-sigma * (iou * iou - ci * ci));
            else d = (1.f - iou) / fmaxf(1.f - ci, 1e-6f);
            decay = fminf(decay, d);
        }
        __syncthreads();
    }
    if (j < n) {
        float s = scores[j] * decay;
        out_scores[j] = s >= score_threshold ? s : 0.f;
        if (s >= score_threshold) atomicAdd(num_pass, 1);
    }
}
