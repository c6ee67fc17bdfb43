extern "C" __global__ void triangle_count_merge(const int* __restrict__ rowPtr, const int* __restrict__ col,
    const int* __restrict__ edgeSrc, int numEdges, unsigned long long* __restrict__ total)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long cnt = 0;
    if (e < numEdges) {
        int u = edgeSrc[e], v = col[e];
        if (u < v) {
            int a = rowPtr[u], ae = rowPtr[u + 1];
            int b = rowPtr[v], be = rowPtr[v + 1];
            while (a < ae && b < be) {
                int x = __ldg(&col[a]), y = __ldg(&col[b]);
                if (x > v) break;
                cnt += (x == y);
                a += (x <= y);
                b += (y <= x);
            }
        }
    }
    unsigned long long s = cnt;
    for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
    if ((threadIdx.x & 31) == 0 && s) atomicAdd(total, s);
}

extern "C" __global__ void coo_scatter_add_sorted(const int* __restrict__ rows, const int* __restrict__ cols,
    const float* __restrict__ vals, const float* __restrict__ x, float* __restrict__ y, int nnz)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int r = -1; float v = 0.f;
    if (k < nnz) { r = rows[k]; v = vals[k] * x[cols[k]]; }
    // segmented reduction within warp for runs of equal row
    unsigned peers = __match_any_sync(0xffffffffu, r);
    int leader = 31 - __clz(peers);
    float sum = v;
    // sum over peers: reduce via shuffles across the match group
    unsigned rem = peers & ~(1u << lane);
    while (rem) {
        int src = __ffs(rem) - 1;
        rem &= rem - 1;
        float t = __shfl_sync(peers, v, src);
        sum += t;
    }
    if (lane == leader && r >= 0) atomicAdd(&y[r], sum);
}
