// LayerNorm row kernel: tree-reduce mean into red[], read red[0], then reuse red[] for the variance reduction. blockDim = 128.
template <bool FIX>
__device__ __forceinline__ void ln_body(const float* __restrict__ x, float* __restrict__ y, int n,
                                        const float* __restrict__ gam, const float* __restrict__ bet, float eps)
{
    __shared__ float red[128];
    int t = threadIdx.x;
    const float* row = x + (size_t)blockIdx.x * n;
    float* orow = y + (size_t)blockIdx.x * n;
    float s = 0.f;
    for (int i = t; i < n; i += 128) s += row[i];
    red[t] = s;
    __syncthreads();
    for (int st = 64; st > 0; st >>= 1) {
        if (t < st) red[t] += red[t + st];
        __syncthreads();
    }
    float mean = red[0] / n;
    if (FIX) __syncthreads();
    float q = 0.f;
    for (int i = t; i < n; i += 128) { float d = row[i] - mean; q += d * d; }
    red[t] = q;
    __syncthreads();
    for (int st = 64; st > 0; st >>= 1) {
        if (t < st) red[t] += red[t + st];
        __syncthreads();
    }
    float rstd = rsqrtf(red[0] / n + eps);
    for (int i = t; i < n; i += 128) orow[i] = (row[i] - mean) * rstd * gam[i] + bet[i];
}
extern "C" __global__ void __launch_bounds__(128) layernorm_var_race(const float* x, float* y, int n, const float* g, const float* b, float eps)
{ ln_body<false>(x, y, n, g, b, eps); }
extern "C" __global__ void __launch_bounds__(128) layernorm_var_ok(const float* x, float* y, int n, const float* g, const float* b, float eps)
{ ln_body<true>(x, y, n, g, b, eps); }
