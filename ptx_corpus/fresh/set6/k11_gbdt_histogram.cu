// Gradient-boosting tree construction (histogram method, XGBoost/LightGBM
// style): gradient histograms, best split search, and row partitioning.
#include <stdint.h>

#define GB_MAX_BINS 256
#define GB_FEAT_PER_BLOCK 4

// Histogram of (grad, hess) per feature bin for the rows of one node.
// Each block handles GB_FEAT_PER_BLOCK features and a slice of rows.
extern "C" __global__ void gbdt_build_histogram(const unsigned char* __restrict__ bins,  // [num_rows, num_features]
                                                int num_features,
                                                const int* __restrict__ node_rows,
                                                int num_node_rows,
                                                const float2* __restrict__ gpair,       // (grad, hess)
                                                double* __restrict__ hist)              // [num_features, bins, 2]
{
    __shared__ float s_hist[GB_FEAT_PER_BLOCK][GB_MAX_BINS][2];
    int f0 = blockIdx.y * GB_FEAT_PER_BLOCK;
    for (int k = threadIdx.x; k < GB_FEAT_PER_BLOCK * GB_MAX_BINS * 2; k += blockDim.x)
        (&s_hist[0][0][0])[k] = 0.f;
    __syncthreads();

    for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < num_node_rows; r += gridDim.x * blockDim.x) {
        int row = node_rows[r];
        float2 g = gpair[row];
        const unsigned char* brow = bins + (long long)row * num_features + f0;
#pragma unroll
        for (int j = 0; j < GB_FEAT_PER_BLOCK; ++j) {
            if (f0 + j < num_features) {
                int b = brow[j];
                atomicAdd(&s_hist[j][b][0], g.x);
                atomicAdd(&s_hist[j][b][1], g.y);
            }
        }
    }
    __syncthreads();
    for (int k = threadIdx.x; k < GB_FEAT_PER_BLOCK * GB_MAX_BINS; k += blockDim.x) {
        int j = k / GB_MAX_BINS, b = k % GB_MAX_BINS;
        if (f0 + j >= num_features) continue;
        float gs = s_hist[j][b][0], hs = s_hist[j][b][1];
        if (gs != 0.f || hs != 0.f) {
            long long o = ((long long)(f0 + j) * GB_MAX_BINS + b) * 2;
            atomicAdd(&hist[o], (double)gs);
            atomicAdd(&hist[o + 1], (double)hs);
        }
    }
}

struct GbSplit {
    float gain;
    int   feature;
    int   bin;
    int   default_left;
};

// One block per feature, 256 threads (one per bin). Block-wide inclusive scan
// of (G, H) in double, gain = GL^2/(HL+l) + GR^2/(HR+l) - G^2/(H+l), with
// missing values (bin 0) tried on both sides. Arg-max via warp shuffles.
extern "C" __global__ void
gbdt_best_split(const double* __restrict__ hist,
                const int* __restrict__ num_bins_per_feature,
                double total_g, double total_h,
                double lambda, double min_child_weight, double gamma,
                GbSplit* __restrict__ best_per_feature)
{
    __shared__ double s_g[GB_MAX_BINS], s_h[GB_MAX_BINS];
    __shared__ float s_gain[8];
    __shared__ int s_bin[8], s_dir[8];
    int f = blockIdx.x, t = threadIdx.x;
    int nb = num_bins_per_feature[f];
    const double* hf = hist + (long long)f * GB_MAX_BINS * 2;
    double miss_g = hf[0], miss_h = hf[1];
    double g = (t > 0 && t < nb) ? hf[2 * t] : 0.0;
    double h = (t > 0 && t < nb) ? hf[2 * t + 1] : 0.0;
    s_g[t] = g; s_h[t] = h;
    __syncthreads();
    for (int off = 1; off < GB_MAX_BINS; off <<= 1) {
        double ag = t >= off ? s_g[t - off] : 0.0;
        double ah = t >= off ? s_h[t - off] : 0.0;
        __syncthreads();
        s_g[t] += ag; s_h[t] += ah;
        __syncthreads();
    }
    double parent = total_g * total_g / (total_h + lambda);
    float best = -1e30f;
    int dir = 0;
    if (t > 0 && t < nb - 1) {
#pragma unroll
        for (int d = 0; d < 2; ++d) {
            double gl = s_g[t] + (d ? miss_g : 0.0);
            double hl = s_h[t] + (d ? miss_h : 0.0);
            double gr = total_g - gl, hr = total_h - hl;
            if (hl >= min_child_weight && hr >= min_child_weight) {
                double gain = gl * gl / (hl + lambda) + gr * gr / (hr + lambda) - parent;
                gain = 0.5 * gain - gamma;
                if ((float)gain > best) { best = (float)gain; dir = d; }
            }
        }
    }
    int bin = t;
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) {
        float og = __shfl_down_sync(0xffffffffu, best, off);
        int ob = __shfl_down_sync(0xffffffffu, bin, off);
        int od = __shfl_down_sync(0xffffffffu, dir, off);
        if (og > best || (og == best && ob < bin)) { best = og; bin = ob; dir = od; }
    }
    int lane = t & 31, w = t >> 5;
    if (lane == 0) { s_gain[w] = best; s_bin[w] = bin; s_dir[w] = dir; }
    __syncthreads();
    if (t == 0) {
        float bg = s_gain[0]; int bb = s_bin[0], bd = s_dir[0];
        for (int k = 1; k < (int)(blockDim.x >> 5); ++k)
            if (s_gain[k] > bg) { bg = s_gain[k]; bb = s_bin[k]; bd = s_dir[k]; }
        GbSplit s;
        s.gain = bg; s.feature = f; s.bin = bb; s.default_left = bd;
        best_per_feature[f] = s;
    }
}

// Stable partition of a node's rows into left/right children using warp
// ballots; per-block offsets are claimed with atomics on the node counters.
extern "C" __global__ void gbdt_partition_rows(const unsigned char* __restrict__ bins,
                                               int num_features,
                                               const int* __restrict__ node_rows,
                                               int num_node_rows,
                                               GbSplit split,
                                               int* __restrict__ left_rows,
                                               int* __restrict__ right_rows,
                                               int* __restrict__ left_count,
                                               int* __restrict__ right_count,
                                               float* __restrict__ preds,
                                               float left_weight, float right_weight)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    bool active = r < num_node_rows;
    int row = active ? node_rows[r] : 0;
    bool go_left = false;
    if (active) {
        int b = bins[(long long)row * num_features + split.feature];
        go_left = (b == 0) ? (split.default_left != 0) : (b <= split.bin);
        preds[row] += go_left ? left_weight : right_weight;
    }
    unsigned int lmask = __ballot_sync(0xffffffffu, active && go_left);
    unsigned int rmask = __ballot_sync(0xffffffffu, active && !go_left);
    int lbase = 0, rbase = 0;
    if (lane == 0) {
        if (lmask) lbase = atomicAdd(left_count, __popc(lmask));
        if (rmask) rbase = atomicAdd(right_count, __popc(rmask));
    }
    lbase = __shfl_sync(0xffffffffu, lbase, 0);
    rbase = __shfl_sync(0xffffffffu, rbase, 0);
    unsigned int below = (1u << lane) - 1u;
    if (active) {
        if (go_left) left_rows[lbase + __popc(lmask & below)] = row;
        else right_rows[rbase + __popc(rmask & below)] = row;
    }
}
