// Softmax variants: block-per-row, warp-per-row with registers (template cols), online softmax, log-softmax backward.
__device__ __forceinline__ float warpMax(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}
__device__ __forceinline__ float warpSum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

extern "C" __global__ void softmax_block_row(const float *in, float *out, int cols)
{
    __shared__ float sred[32];
    const float *x = in + (size_t)blockIdx.x * cols;
    float *y = out + (size_t)blockIdx.x * cols;
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5, nw = blockDim.x >> 5;
    float m = -INFINITY;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, x[c]);
    m = warpMax(m);
    if (lane == 0) sred[wid] = m;
    __syncthreads();
    m = (lane < nw) ? sred[lane] : -INFINITY;
    m = warpMax(m);
    __syncthreads();
    float s = 0.0f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) s += __expf(x[c] - m);
    s = warpSum(s);
    if (lane == 0) sred[wid] = s;
    __syncthreads();
    s = (lane < nw) ? sred[lane] : 0.0f;
    s = warpSum(s);
    float inv = 1.0f / s;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) y[c] = __expf(x[c] - m) * inv;
}

// Warp-per-row softmax where the row is cached in registers: COLS/32 values per lane.
template <int COLS>
__device__ __forceinline__ void softmax_warp_regs(const float *in, float *out, int rows)
{
    const int PER = COLS / 32;
    int row = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
    int lane = threadIdx.x & 31;
    if (row >= rows) return;
    const float *x = in + (size_t)row * COLS;
    float v[PER];
    float m = -INFINITY;
#pragma unroll
    for (int i = 0; i < PER; ++i) { v[i] = x[lane + 32 * i]; m = fmaxf(m, v[i]); }
    m = warpMax(m);
    float s = 0.0f;
#pragma unroll
    for (int i = 0; i < PER; ++i) { v[i] = __expf(v[i] - m); s += v[i]; }
    s = warpSum(s);
    float inv = 1.0f / s;
#pragma unroll
    for (int i = 0; i < PER; ++i) out[(size_t)row * COLS + lane + 32 * i] = v[i] * inv;
}

extern "C" __global__ void softmax_warp_1024(const float *in, float *out, int rows)
{
    softmax_warp_regs<1024>(in, out, rows);
}

extern "C" __global__ void softmax_warp_128(const float *in, float *out, int rows)
{
    softmax_warp_regs<128>(in, out, rows);
}

// Online (single-pass) softmax normalizer + log-softmax, one thread per row for small rows.
extern "C" __global__ void log_softmax_online_rowthread(const float *in, float *out, int rows, int cols)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const float *x = in + (size_t)r * cols;
    float m = -INFINITY, d = 0.0f;
    for (int c = 0; c < cols; ++c) {
        float v = x[c];
        float mn = fmaxf(m, v);
        d = d * __expf(m - mn) + __expf(v - mn);
        m = mn;
    }
    float lse = m + __logf(d);
    for (int c = 0; c < cols; ++c) out[(size_t)r * cols + c] = x[c] - lse;
}
