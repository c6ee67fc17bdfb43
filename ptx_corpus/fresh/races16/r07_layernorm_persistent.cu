// arch: sm_80
// Launch: blockDim = (256,1,1), gridDim = (132,1,1) (persistent, one block per SM),
//         rows = 4096 (> gridDim.x, so every block handles several rows),
//         D = 1024 (multiple of 4, 16-byte aligned rows).
//         Dynamic shared memory:
//           layernorm_persistent_race: (D + 64) * 4 bytes  = 4352 B
//           layernorm_persistent_ok  : (2*D + 64) * 4 bytes = 8448 B
//         The row is staged with float4 loads (thread t writes xs[4t..4t+3]) and
//         consumed with scalar strided reads (thread t reads xs[t], xs[t+256], ...).

__device__ __forceinline__ float ln_warp_sum(float v) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

extern "C" __global__ void
layernorm_persistent_race(const float* __restrict__ x, const float* __restrict__ gamma,
                          const float* __restrict__ beta, float* __restrict__ y,
                          int rows, int D, float eps)
{
    extern __shared__ float4 ln_smem4[];
    float* smem = reinterpret_cast<float*>(ln_smem4);
    float* xs   = smem;            // D floats
    float* red  = smem + D;        // red[0..31]: mean partials, red[32..63]: var partials

    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int nw = blockDim.x >> 5;
    const float invD = 1.0f / (float)D;

    for (int row = blockIdx.x; row < rows; row += gridDim.x) {
        const float4* src = reinterpret_cast<const float4*>(x + (size_t)row * D);
        float4* xs4 = reinterpret_cast<float4*>(xs);
        for (int i = tid; i < D / 4; i += blockDim.x) xs4[i] = src[i];
        __syncthreads();

        float s = 0.0f;
        for (int c = tid; c < D; c += blockDim.x) s += xs[c];
        s = ln_warp_sum(s);
        if (lane == 0) red[warp] = s;
        __syncthreads();
        float mean = 0.0f;
        for (int w = 0; w < nw; ++w) mean += red[w];
        mean *= invD;

        float v = 0.0f;
        for (int c = tid; c < D; c += blockDim.x) { const float d = xs[c] - mean; v += d * d; }
        v = ln_warp_sum(v);
        if (lane == 0) red[32 + warp] = v;
        __syncthreads();
        float var = 0.0f;
        for (int w = 0; w < nw; ++w) var += red[32 + w];
        const float rstd = rsqrtf(var * invD + eps);

        float* yr = y + (size_t)row * D;
        for (int c = tid; c < D; c += blockDim.x)
            yr[c] = (xs[c] - mean) * rstd * gamma[c] + beta[c];
    }
}

extern "C" __global__ void
layernorm_persistent_ok(const float* __restrict__ x, const float* __restrict__ gamma,
                        const float* __restrict__ beta, float* __restrict__ y,
                        int rows, int D, float eps)
{
    extern __shared__ float4 ln_smem4[];
    float* smem = reinterpret_cast<float*>(ln_smem4);
    float* xbuf = smem;            // 2 * D floats (ping-pong row buffers)
    float* red  = smem + 2 * D;    // red[0..31]: mean partials, red[32..63]: var partials

    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int nw = blockDim.x >> 5;
    const float invD = 1.0f / (float)D;

    int it = 0;
    for (int row = blockIdx.x; row < rows; row += gridDim.x, ++it) {
        float* xs = xbuf + (it & 1) * D;
        const float4* src = reinterpret_cast<const float4*>(x + (size_t)row * D);
        float4* xs4 = reinterpret_cast<float4*>(xs);
        for (int i = tid; i < D / 4; i += blockDim.x) xs4[i] = src[i];
        __syncthreads();

        float s = 0.0f;
        for (int c = tid; c < D; c += blockDim.x) s += xs[c];
        s = ln_warp_sum(s);
        if (lane == 0) red[warp] = s;
        __syncthreads();
        float mean = 0.0f;
        for (int w = 0; w < nw; ++w) mean += red[w];
        mean *= invD;

        float v = 0.0f;
        for (int c = tid; c < D; c += blockDim.x) { const float d = xs[c] - mean; v += d * d; }
        v = ln_warp_sum(v);
        if (lane == 0) red[32 + warp] = v;
        __syncthreads();
        float var = 0.0f;
        for (int w = 0; w < nw; ++w) var += red[32 + w];
        const float rstd = rsqrtf(var * invD + eps);

        float* yr = y + (size_t)row * D;
        for (int c = tid; c < D; c += blockDim.x)
            yr[c] = (xs[c] - mean) * rstd * gamma[c] + beta[c];
    }
}
