// Warp shuffle reductions: sum, argmax, block reduction
__inline__ __device__ float warp_sum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
    return v;
}

extern "C" __global__ void block_sum_rows(const float* __restrict__ x, float* __restrict__ out, int cols)
{
    __shared__ float partial[32];
    const float* row = x + (size_t)blockIdx.x * cols;
    float s = 0.f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) s += row[c];
    s = warp_sum(s);
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) partial[wid] = s;
    __syncthreads();
    if (wid == 0) {
        s = (lane < (blockDim.x + 31) / 32) ? partial[lane] : 0.f;
        s = warp_sum(s);
        if (lane == 0) out[blockIdx.x] = s;
    }
}

extern "C" __global__ void warp_argmax_rows(const float* __restrict__ x, int* __restrict__ idx_out,
                                            float* __restrict__ val_out, int rows, int cols)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= rows) return;
    const float* r = x + (size_t)warp * cols;
    float best = -INFINITY; int bi = -1;
    for (int c = lane; c < cols; c += 32) {
        float v = r[c];
        if (v > best) { best = v; bi = c; }
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        float ov = __shfl_xor_sync(0xffffffff, best, o);
        int oi = __shfl_xor_sync(0xffffffff, bi, o);
        if (ov > best || (ov == best && oi < bi)) { best = ov; bi = oi; }
    }
    if (lane == 0) { idx_out[warp] = bi; val_out[warp] = best; }
}

extern "C" __global__ void __launch_bounds__(1024) softmax_row_warp(const float* __restrict__ x, float* __restrict__ y, int rows, int cols)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= rows) return;
    const float* r = x + (size_t)warp * cols;
    float m = -INFINITY;
    for (int c = lane; c < cols; c += 32) m = fmaxf(m, r[c]);
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, o));
    float s = 0.f;
    for (int c = lane; c < cols; c += 32) s += __expf(r[c] - m);
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffff, s, o);
    float inv = 1.f / s;
    for (int c = lane; c < cols; c += 32) y[(size_t)warp * cols + c] = __expf(r[c] - m) * inv;
}
