extern "C" __global__ void embedding_bag_sum(const float* __restrict__ table, const long long* __restrict__ indices,
    const long long* __restrict__ offsets, const float* __restrict__ perSampleW, float* __restrict__ out,
    int numBags, int dim, int mode)
{
    int bag = blockIdx.x;
    if (bag >= numBags) return;
    long long s = offsets[bag], e = offsets[bag + 1];
    for (int d = threadIdx.x * 4; d < dim; d += blockDim.x * 4) {
        float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
        float wsum = 0.f;
        float mx0 = -3.4e38f, mx1 = -3.4e38f, mx2 = -3.4e38f, mx3 = -3.4e38f;
        for (long long k = s; k < e; ++k) {
            long long row = __ldg(&indices[k]);
            float w = perSampleW ? perSampleW[k] : 1.f;
            float4 v = __ldg(reinterpret_cast<const float4*>(table + row * dim + d));
            acc.x += w * v.x; acc.y += w * v.y; acc.z += w * v.z; acc.w += w * v.w;
            mx0 = fmaxf(mx0, v.x); mx1 = fmaxf(mx1, v.y); mx2 = fmaxf(mx2, v.z); mx3 = fmaxf(mx3, v.w);
            wsum += w;
        }
        float4 r;
        switch (mode) {
            case 0: r = acc; break;
            case 1: { float iw = wsum > 0.f ? 1.f / wsum : 0.f; r = make_float4(acc.x * iw, acc.y * iw, acc.z * iw, acc.w * iw); break; }
            default: r = e > s ? make_float4(mx0, mx1, mx2, mx3) : make_float4(0.f, 0.f, 0.f, 0.f); break;
        }
        *reinterpret_cast<float4*>(out + (size_t)bag * dim + d) = r;
    }
}

extern "C" __global__ void embedding_backward_atomic(const float* __restrict__ gradOut, const int* __restrict__ indices,
    float* __restrict__ gradTable, int n, int dim, int paddingIdx)
{
    int tok = blockIdx.x;
    int row = indices[tok];
    if (row == paddingIdx) return;
    for (int d = threadIdx.x; d < dim; d += blockDim.x)
        atomicAdd(&gradTable[(size_t)row * dim + d], gradOut[(size_t)tok * dim + d]);
}
