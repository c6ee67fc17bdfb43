// Sorting networks on per-thread register arrays, fully unrolled
template <typename T>
__device__ __forceinline__ void cswap(T& a, T& b) { T lo = min(a, b), hi = max(a, b); a = lo; b = hi; }

template <typename T, int N>
__device__ __forceinline__ void bitonic_sort_regs(T (&v)[N])
{
#pragma unroll
    for (int k = 2; k <= N; k <<= 1)
#pragma unroll
        for (int j = k >> 1; j > 0; j >>= 1)
#pragma unroll
            for (int i = 0; i < N; ++i) {
                int l = i ^ j;
                if (l > i) {
                    if ((i & k) == 0) cswap(v[i], v[l]);
                    else cswap(v[l], v[i]);
                }
            }
}

extern "C" __global__ void sort16_f32(const float* __restrict__ in, float* __restrict__ out, int nrows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrows) return;
    float v[16];
#pragma unroll
    for (int i = 0; i < 16; i += 4) {
        float4 t = reinterpret_cast<const float4*>(in + (size_t)r * 16)[i / 4];
        v[i] = t.x; v[i + 1] = t.y; v[i + 2] = t.z; v[i + 3] = t.w;
    }
    bitonic_sort_regs<float, 16>(v);
#pragma unroll
    for (int i = 0; i < 16; ++i) out[(size_t)r * 16 + i] = v[i];
}

extern "C" __global__ void sort32_i32(const int* __restrict__ in, int* __restrict__ out, int nrows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrows) return;
    int v[32];
#pragma unroll
    for (int i = 0; i < 32; ++i) v[i] = in[(size_t)i * nrows + r];
    bitonic_sort_regs<int, 32>(v);
#pragma unroll
    for (int i = 0; i < 32; ++i) out[(size_t)i * nrows + r] = v[i];
}

extern "C" __global__ void median9_filter(const float* __restrict__ img, float* __restrict__ out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) return;
    float p[9];
#pragma unroll
    for (int dy = -1; dy <= 1; ++dy)
#pragma unroll
        for (int dx = -1; dx <= 1; ++dx) p[(dy + 1) * 3 + dx + 1] = img[(y + dy) * w + x + dx];
    cswap(p[1], p[2]); cswap(p[4], p[5]); cswap(p[7], p[8]);
    cswap(p[0], p[1]); cswap(p[3], p[4]); cswap(p[6], p[7]);
    cswap(p[1], p[2]); cswap(p[4], p[5]); cswap(p[7], p[8]);
    cswap(p[0], p[3]); cswap(p[5], p[8]); cswap(p[4], p[7]);
    cswap(p[3], p[6]); cswap(p[1], p[4]); cswap(p[2], p[5]);
    cswap(p[4], p[7]); cswap(p[4], p[2]); cswap(p[6], p[4]);
    cswap(p[4], p[2]);
    out[y * w + x] = p[4];
}
