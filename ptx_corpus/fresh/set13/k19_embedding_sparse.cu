// k19_embedding_sparse.cu
// ML recommendation / sparse linear algebra: embedding bags and sparse matrix-vector products.
//  - embedding_bag_sum:     EmbeddingBag (mode=sum/mean) with offsets, one warp per bag, float4 rows
//  - embedding_bag_maxgrad: backward of max-mode bag using argmax indices (atomics)
//  - csr_spmv_vector:       CSR SpMV, warp per row (CUSP "vector" kernel)
//  - sell_c_sigma_spmv:     SELL-C-sigma SpMV with C=32, one thread per row in a slice

extern "C" __global__ void embedding_bag_sum(const float4* __restrict__ table, const int* __restrict__ indices,
                                             const int* __restrict__ offsets, const float* __restrict__ perSampleW,
                                             int nBags, int dim4, int mean, float4* __restrict__ out)
{
    int bag = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
    if (bag >= nBags) return;
    int beg = offsets[bag], end = offsets[bag + 1];
    for (int d = lane; d < dim4; d += 32) {
        float4 acc = make_float4(0, 0, 0, 0);
        for (int i = beg; i < end; ++i) {
            float w = perSampleW ? perSampleW[i] : 1.f;
            float4 v = table[(size_t)indices[i] * dim4 + d];
            acc.x += w * v.x; acc.y += w * v.y; acc.z += w * v.z; acc.w += w * v.w;
        }
        if (mean && end > beg) { float s = 1.f / (end - beg); acc.x *= s; acc.y *= s; acc.z *= s; acc.w *= s; }
        out[(size_t)bag * dim4 + d] = acc;
    }
}

extern "C" __global__ void embedding_bag_maxgrad(const float* __restrict__ gradOut, const int* __restrict__ argmaxIdx,
                                                 int nBags, int dim, float* __restrict__ gradTable)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nBags * dim) return;
    int row = argmaxIdx[i];
    if (row >= 0) atomicAdd(&gradTable[(size_t)row * dim + (i % dim)], gradOut[i]);
}

extern "C" __global__ void csr_spmv_vector(const int* __restrict__ rowPtr, const int* __restrict__ colIdx,
                                           const double* __restrict__ vals, const double* __restrict__ x,
                                           double* __restrict__ y, int nRows, double alpha, double beta)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
    if (row >= nRows) return;
    double s = 0.0;
    for (int j = rowPtr[row] + lane; j < rowPtr[row + 1]; j += 32) s += vals[j] * __ldg(&x[colIdx[j]]);
#pragma unroll
    for (int o = 16; o; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
    if (lane == 0) y[row] = alpha * s + beta * y[row];
}

extern "C" __global__ void sell_c_sigma_spmv(const int* __restrict__ sliceOff, const int* __restrict__ sliceLen,
                                             const int* __restrict__ colIdx, const float* __restrict__ vals,
                                             const int* __restrict__ perm, const float* __restrict__ x,
                                             float* __restrict__ y, int nRows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    int slice = r >> 5, lane = r & 31;
    if (r >= nRows) return;
    int off = sliceOff[slice], len = sliceLen[slice];
    float s0 = 0.f, s1 = 0.f;
    int j = 0;
    for (; j + 1 < len; j += 2) {
        int p0 = off + j * 32 + lane, p1 = p0 + 32;
        s0 += vals[p0] * x[colIdx[p0]];
        s1 += vals[p1] * x[colIdx[p1]];
    }
    if (j < len) { int p = off + j * 32 + lane; s0 += vals[p] * x[colIdx[p]]; }
    y[perm[r]] = s0 + s1;
}
