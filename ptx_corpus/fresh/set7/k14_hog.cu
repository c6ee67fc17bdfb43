// Histogram of Oriented Gradients: per-cell 9-bin unsigned histograms with bilinear
// orientation + spatial voting in shared memory, L2-Hys block normalisation (2x2 cells),
// and a linear SVM window scorer over the block descriptors.
#include <cuda_runtime.h>

#define CELL 8
#define NBINS 9

extern "C" __global__ void hog_cell_histograms(const float* __restrict__ img, int w, int h,
                                               float* __restrict__ cell_hist, int cells_x, int cells_y)
{
    // block = 1 cell of 8x8 pixels, 64 threads
    __shared__ float hist[NBINS];
    int cx = blockIdx.x, cy = blockIdx.y;
    if (threadIdx.x < NBINS) hist[threadIdx.x] = 0.f;
    __syncthreads();
    int lx = threadIdx.x % CELL, ly = threadIdx.x / CELL;
    int x = cx * CELL + lx, y = cy * CELL + ly;
    int xm = max(x - 1, 0), xp = min(x + 1, w - 1), ym = max(y - 1, 0), yp = min(y + 1, h - 1);
    float gx = img[y * w + xp] - img[y * w + xm];
    float gy = img[yp * w + x] - img[ym * w + x];
    float mag = sqrtf(gx * gx + gy * gy);
    float ang = atan2f(gy, gx);
    if (ang < 0.f) ang += 3.14159265f;
    float fb = ang * (NBINS / 3.14159265f) - 0.5f;
    int b0 = (int)floorf(fb);
    float t = fb - b0;
    int b1 = b0 + 1;
    if (b0 < 0) b0 += NBINS;
    if (b1 >= NBINS) b1 -= NBINS;
    atomicAdd(&hist[b0], mag * (1.f - t));
    atomicAdd(&hist[b1], mag * t);
    __syncthreads();
    if (threadIdx.x < NBINS)
        cell_hist[((size_t)cy * cells_x + cx) * NBINS + threadIdx.x] = hist[threadIdx.x];
}

extern "C" __global__ void hog_block_normalize(const float* __restrict__ cell_hist, float* __restrict__ block_desc,
                                               int cells_x, int cells_y)
{
    int bx = blockIdx.x * blockDim.x + threadIdx.x;
    int by = blockIdx.y * blockDim.y + threadIdx.y;
    int bxs = cells_x - 1, bys = cells_y - 1;
    if (bx >= bxs || by >= bys) return;
    float v[4 * NBINS];
#pragma unroll
    for (int c = 0; c < 4; ++c) {
        int cx = bx + (c & 1), cy = by + (c >> 1);
        const float* hsrc = cell_hist + ((size_t)cy * cells_x + cx) * NBINS;
#pragma unroll
        for (int b = 0; b < NBINS; ++b) v[c * NBINS + b] = hsrc[b];
    }
    float n2 = 0.f;
#pragma unroll
    for (int i = 0; i < 4 * NBINS; ++i) n2 += v[i] * v[i];
    float inv = rsqrtf(n2 + 1e-6f);
    float n3 = 0.f;
#pragma unroll
    for (int i = 0; i < 4 * NBINS; ++i) { v[i] = fminf(v[i] * inv, 0.2f); n3 += v[i] * v[i]; }
    inv = rsqrtf(n3 + 1e-6f);
    float* o = block_desc + ((size_t)by * bxs + bx) * 4 * NBINS;
#pragma unroll
    for (int i = 0; i < 4 * NBINS; ++i) o[i] = v[i] * inv;
}

// Score 64x128 detection windows (7x15 blocks) against SVM weights in constant chunks.
extern "C" __global__ void hog_svm_windows(const float* __restrict__ block_desc, const float* __restrict__ svm_w,
                                           float svm_bias, float* __restrict__ scores,
                                           int blocks_x, int blocks_y, int win_bx, int win_by)
{
    int wx = blockIdx.x * blockDim.x + threadIdx.x;
    int wy = blockIdx.y * blockDim.y + threadIdx.y;
    int nwx = blocks_x - win_bx + 1, nwy = blocks_y - win_by + 1;
    if (wx >= nwx || wy >= nwy) return;
    float acc0 = 0.f, acc1 = 0.f, acc2 = 0.f, acc3 = 0.f;
    int D = 4 * NBINS;
    for (int by = 0; by < win_by; ++by)
        for (int bx = 0; bx < win_bx; ++bx) {
            const float4* d = reinterpret_cast<const float4*>(block_desc + ((size_t)(wy + by) * blocks_x + wx + bx) * D);
            const float4* ww = reinterpret_cast<const float4*>(svm_w + (by * win_bx + bx) * D);
#pragma unroll
            for (int i = 0; i < D / 4; ++i) {
                float4 a = d[i], b = __ldg(ww + i);
                acc0 = fmaf(a.x, b.x, acc0); acc1 = fmaf(a.y, b.y, acc1);
                acc2 = fmaf(a.z, b.z, acc2); acc3 = fmaf(a.w, b.w, acc3);
            }
        }
    scores[wy * nwx + wx] = acc0 + acc1 + acc2 + acc3 + svm_bias;
}
