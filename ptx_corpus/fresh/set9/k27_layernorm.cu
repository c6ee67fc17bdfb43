// Normalization layers: LayerNorm forward (Welford), LayerNorm backward (dx), RMSNorm with vectorized loads.
struct WelfordData { float mean, m2, count; };

__device__ __forceinline__ WelfordData welfordCombine(WelfordData a, WelfordData b)
{
    float count = a.count + b.count;
    if (count == 0.0f) return a;
    float delta = b.mean - a.mean;
    float nb = b.count / count;
    WelfordData r;
    r.mean = a.mean + delta * nb;
    r.m2 = a.m2 + b.m2 + delta * delta * a.count * nb;
    r.count = count;
    return r;
}

extern "C" __global__ void layernorm_fwd_welford(const float *__restrict__ x, const float *__restrict__ gamma,
                                                 const float *__restrict__ beta, float *__restrict__ y,
                                                 float *__restrict__ mean_out, float *__restrict__ rstd_out,
                                                 int N, float eps)
{
    __shared__ WelfordData sw[32];
    __shared__ float sMean, sRstd;
    const float *xr = x + (size_t)blockIdx.x * N;
    WelfordData w = {0.f, 0.f, 0.f};
    for (int i = threadIdx.x; i < N; i += blockDim.x) {
        float v = xr[i];
        w.count += 1.0f;
        float d = v - w.mean;
        w.mean += d / w.count;
        w.m2 += d * (v - w.mean);
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        WelfordData b;
        b.mean = __shfl_xor_sync(0xffffffffu, w.mean, o);
        b.m2 = __shfl_xor_sync(0xffffffffu, w.m2, o);
        b.count = __shfl_xor_sync(0xffffffffu, w.count, o);
        w = welfordCombine(w, b);
    }
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) sw[wid] = w;
    __syncthreads();
    if (wid == 0) {
        WelfordData z = {0.f, 0.f, 0.f};
        w = (lane < (blockDim.x >> 5)) ? sw[lane] : z;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) {
            WelfordData b;
            b.mean = __shfl_xor_sync(0xffffffffu, w.mean, o);
            b.m2 = __shfl_xor_sync(0xffffffffu, w.m2, o);
            b.count = __shfl_xor_sync(0xffffffffu, w.count, o);
            w = welfordCombine(w, b);
        }
        if (lane == 0) {
            sMean = w.mean;
            sRstd = rsqrtf(w.m2 / w.count + eps);
            mean_out[blockIdx.x] = sMean;
            rstd_out[blockIdx.x] = sRstd;
        }
    }
    __syncthreads();
    float mu = sMean, rs = sRstd;
    for (int i = threadIdx.x; i < N; i += blockDim.x)
        y[(size_t)blockIdx.x * N + i] = (xr[i] - mu) * rs * gamma[i] + beta[i];
}

extern "C" __global__ void layernorm_bwd_dx(const float *__restrict__ dy, const float *__restrict__ x,
                                            const float *__restrict__ gamma, const float *__restrict__ mean,
                                            const float *__restrict__ rstd, float *__restrict__ dx, int N)
{
    __shared__ float s1[32], s2[32];
    size_t off = (size_t)blockIdx.x * N;
    float mu = mean[blockIdx.x], rs = rstd[blockIdx.x];
    float a = 0.f, b = 0.f;
    for (int i = threadIdx.x; i < N; i += blockDim.x) {
        float g = dy[off + i] * gamma[i];
        float xh = (x[off + i] - mu) * rs;
        a += g;
        b += g * xh;
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        a += __shfl_xor_sync(0xffffffffu, a, o);
        b += __shfl_xor_sync(0xffffffffu, b, o);
    }
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) { s1[wid] = a; s2[wid] = b; }
    __syncthreads();
    a = 0.f; b = 0.f;
    for (int k = 0; k < (int)(blockDim.x >> 5); ++k) { a += s1[k]; b += s2[k]; }
    float invN = 1.0f / N;
    for (int i = threadIdx.x; i < N; i += blockDim.x) {
        float g = dy[off + i] * gamma[i];
        float xh = (x[off + i] - mu) * rs;
        dx[off + i] = rs * (g - invN * (a + xh * b));
    }
}

extern "C" __global__ void rmsnorm_vec4(const float4 *__restrict__ x, const float4 *__restrict__ w,
                                        float4 *__restrict__ y, int N4, float eps)
{
    __shared__ float sred[32];
    const float4 *xr = x + (size_t)blockIdx.x * N4;
    float ss = 0.f;
    for (int i = threadIdx.x; i < N4; i += blockDim.x) {
        float4 v = xr[i];
        ss += v.x * v.x + v.y * v.y + v.z * v.z + v.w * v.w;
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) ss += __shfl_xor_sync(0xffffffffu, ss, o);
    if ((threadIdx.x & 31) == 0) sred[threadIdx.x >> 5] = ss;
    __syncthreads();
    if (threadIdx.x < 32) {
        float t = (threadIdx.x < (blockDim.x >> 5)) ? sred[threadIdx.x] : 0.f;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) t += __shfl_xor_sync(0xffffffffu, t, o);
        if (threadIdx.x == 0) sred[0] = rsqrtf(t / (4.0f * N4) + eps);
    }
    __syncthreads();
    float r = sred[0];
    for (int i = threadIdx.x; i < N4; i += blockDim.x) {
        float4 v = xr[i], g = w[i];
        y[(size_t)blockIdx.x * N4 + i] = make_float4(v.x * r * g.x, v.y * r * g.y, v.z * r * g.z, v.w * r * g.w);
    }
}
