// Tree-ensemble inference:
//  * random-forest classification (per-thread sample, vote array in local mem)
//  * oblivious trees (CatBoost) with binarised features
//  * regression forest with each tree staged in shared memory
#include <stdint.h>

struct RfNode {
    int   feature;     // < 0 : leaf
    float threshold;   // leaf: class id stored in threshold bits / value
    int   left;
    int   right;
};

#define RF_MAX_CLASSES 16

extern "C" __global__ void rf_classify(const float* __restrict__ X,       // [n, num_features]
                                       int n, int num_features,
                                       const RfNode* __restrict__ nodes,
                                       const int* __restrict__ tree_roots,
                                       int num_trees, int num_classes,
                                       int* __restrict__ out_label,
                                       float* __restrict__ out_proba)      // [n, num_classes]
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float* x = X + (long long)i * num_features;
    int votes[RF_MAX_CLASSES];
    for (int c = 0; c < RF_MAX_CLASSES; ++c) votes[c] = 0;

    for (int t = 0; t < num_trees; ++t) {
        int nid = tree_roots[t];
        RfNode nd = nodes[nid];
        while (nd.feature >= 0) {
            float v = __ldg(&x[nd.feature]);
            // NaN goes left (missing-value default direction)
            nid = (v <= nd.threshold || v != v) ? nd.left : nd.right;
            nd = nodes[nid];
        }
        int cls = __float_as_int(nd.threshold);
        if (cls >= 0 && cls < num_classes) votes[cls]++;
    }
    int best = 0;
    for (int c = 1; c < num_classes; ++c)
        if (votes[c] > votes[best]) best = c;
    out_label[i] = best;
    float inv = 1.0f / (float)num_trees;
    for (int c = 0; c < num_classes; ++c) out_proba[(long long)i * num_classes + c] = votes[c] * inv;
}

#define OT_DEPTH 6

// Oblivious trees: every level of a tree tests the same (feature, border)
// pair, so the leaf index is just the bit pattern of the level tests.
// Binarised features are uint8 bucket ids; each block stages the rows of
// its samples in shared memory.
extern "C" __global__ void
oblivious_tree_predict(const unsigned char* __restrict__ bins,    // [n, num_features]
                       int n, int num_features,
                       const int* __restrict__ split_feature,     // [num_trees, OT_DEPTH]
                       const unsigned char* __restrict__ split_border,
                       const float* __restrict__ leaf_values,     // [num_trees, 1<<OT_DEPTH, dim]
                       int num_trees, int dim, float bias,
                       float* __restrict__ out)                   // [n, dim]
{
    extern __shared__ unsigned char s_bins[];   // [blockDim.x, num_features]
    int row0 = blockIdx.x * blockDim.x;
    int rows = min((int)blockDim.x, n - row0);
    for (int k = threadIdx.x; k < rows * num_features; k += blockDim.x)
        s_bins[k] = bins[(long long)row0 * num_features + k];
    __syncthreads();
    if (threadIdx.x >= rows) return;

    const unsigned char* mybins = s_bins + threadIdx.x * num_features;
    float acc[4] = {bias, bias, bias, bias};
    for (int t = 0; t < num_trees; ++t) {
        unsigned int idx = 0;
#pragma unroll
        for (int d = 0; d < OT_DEPTH; ++d) {
            int f = __ldg(&split_feature[t * OT_DEPTH + d]);
            unsigned char b = __ldg(&split_border[t * OT_DEPTH + d]);
            idx |= (unsigned int)(mybins[f] > b) << d;
        }
        const float* lv = leaf_values + ((long long)t * (1 << OT_DEPTH) + idx) * dim;
        if (dim == 1) {
            acc[0] += __ldg(lv);
        } else {
#pragma unroll
            for (int k = 0; k < 4; ++k)
                if (k < dim) acc[k] += __ldg(lv + k);
        }
    }
    long long o = (long long)(row0 + threadIdx.x) * dim;
#pragma unroll
    for (int k = 0; k < 4; ++k)
        if (k < dim) out[o + k] = acc[k];
}

// Regression forest, breadth-first node layout per tree. The block copies one
// tree at a time into shared memory and every thread walks it for its sample.
#define RF_SMEM_NODES 2048
extern "C" __global__ void rf_regress_smem(const float* __restrict__ X_colmajor,  // [num_features, n]
                                           int n, int num_features,
                                           const short* __restrict__ node_feature,
                                           const float* __restrict__ node_value,   // threshold or leaf value
                                           const int* __restrict__ tree_offset,    // [num_trees+1]
                                           int num_trees,
                                           float learning_rate,
                                           float* __restrict__ pred)
{
    __shared__ short s_feat[RF_SMEM_NODES];
    __shared__ float s_val[RF_SMEM_NODES];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float sum = 0.f;
    for (int t = 0; t < num_trees; ++t) {
        int off = tree_offset[t];
        int cnt = min(tree_offset[t + 1] - off, RF_SMEM_NODES);
        __syncthreads();
        for (int k = threadIdx.x; k < cnt; k += blockDim.x) {
            s_feat[k] = node_feature[off + k];
            s_val[k] = node_value[off + k];
        }
        __syncthreads();
        if (i < n) {
            int nid = 0;
            int f = s_feat[0];
            // complete-tree implicit indexing: children at 2k+1, 2k+2
            while (f >= 0) {
                float v = X_colmajor[(long long)f * n + i];
                nid = 2 * nid + 1 + (v > s_val[nid] ? 1 : 0);
                if (nid >= cnt) break;
                f = s_feat[nid];
            }
            if (nid < cnt) sum += s_val[nid];
        }
    }
    if (i < n) pred[i] += learning_rate * sum;
}
