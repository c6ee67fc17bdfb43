// Row-wise softmax and layer normalization, one block per row (block-stride over rows).

// Launch: blockDim = 256 (power of two), gridDim = any
extern "C" __global__ void __launch_bounds__(256)
softmax_rows(const float* __restrict__ in, float* __restrict__ out, int rows, int cols)
{
    __shared__ float red[256];
    int tid = threadIdx.x;
    for (int row = blockIdx.x; row < rows; row += gridDim.x) {
        const float* x = in + (size_t)row * cols;
        float m = -3.402823466e38f;
        for (int c = tid; c < cols; c += blockDim.x) m = fmaxf(m, x[c]);
        red[tid] = m;
        __syncthreads();
        for (int s = blockDim.x / 2; s > 0; s >>= 1) {
            if (tid < s) red[tid] = fmaxf(red[tid], red[tid + s]);
            __syncthreads();
        }
        float rmax = red[0];
        __syncthreads();
        float sum = 0.0f;
        for (int c = tid; c < cols; c += blockDim.x) sum += __expf(x[c] - rmax);
        red[tid] = sum;
        __syncthreads();
        for (int s = blockDim.x / 2; s > 0; s >>= 1) {
            if (tid < s) red[tid] += red[tid + s];
            __syncthreads();
        }
        float inv = 1.0f / red[0];
        for (int c = tid; c < cols; c += blockDim.x) out[(size_t)row * cols + c] = __expf(x[c] - rmax) * inv;
        __syncthreads();
    }
}

// Two-pass layer norm with warp shuffles and per-warp partials in shared memory.
// Launch: blockDim = 256 (any multiple of 32 up to 1024), gridDim = any
extern "C" __global__ void __launch_bounds__(1024)
layernorm_rows(const float* __restrict__ x, const float* __restrict__ gamma, const float* __restrict__ beta,
               float* __restrict__ y, int rows, int cols, float eps)
{
    __shared__ float wsum[32];
    __shared__ float s_mean, s_rstd;
    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    int nw = blockDim.x >> 5;
    for (int r = blockIdx.x; r < rows; r += gridDim.x) {
        const float* xr = x + (size_t)r * cols;
        float s = 0.0f;
        for (int c = tid; c < cols; c += blockDim.x) s += xr[c];
        for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
        if (lane == 0) wsum[warp] = s;
        __syncthreads();
        if (warp == 0) {
            float t = (lane < nw) ? wsum[lane] : 0.0f;
            for (int o = 16; o > 0; o >>= 1) t += __shfl_xor_sync(0xffffffffu, t, o);
            if (lane == 0) s_mean = t / cols;
        }
        __syncthreads();
        float mean = s_mean;
        float v = 0.0f;
        for (int c = tid; c < cols; c += blockDim.x) {
            float d = xr[c] - mean;
            v += d * d;
        }
        for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
        if (lane == 0) wsum[warp] = v;
        __syncthreads();
        if (warp == 0) {
            float t = (lane < nw) ? wsum[lane] : 0.0f;
            for (int o = 16; o > 0; o >>= 1) t += __shfl_xor_sync(0xffffffffu, t, o);
            if (lane == 0) s_rstd = rsqrtf(t / cols + eps);
        }
        __syncthreads();
        float rstd = s_rstd;
        for (int c = tid; c < cols; c += blockDim.x)
            y[(size_t)r * cols + c] = (xr[c] - mean) * rstd * gamma[c] + beta[c];
    }
}
