__device__ __forceinline__ float2 cmul(float2 a, float2 b) { return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
__device__ __forceinline__ float2 cadd(float2 a, float2 b) { return make_float2(a.x + b.x, a.y + b.y); }
__device__ __forceinline__ float2 csub(float2 a, float2 b) { return make_float2(a.x - b.x, a.y - b.y); }
__device__ __forceinline__ float2 mulmj(float2 a) { return make_float2(a.y, -a.x); }

__device__ __forceinline__ void bfly4(float2& a, float2& b, float2& c, float2& d)
{
    float2 t0 = cadd(a, c), t1 = csub(a, c), t2 = cadd(b, d), t3 = mulmj(csub(b, d));
    a = cadd(t0, t2); c = csub(t0, t2); b = cadd(t1, t3); d = csub(t1, t3);
}

// each thread: a full 16-point FFT in registers (two radix-4 stages)
extern "C" __global__ void __launch_bounds__(128, 16) fft16_batched(const float2* __restrict__ in, float2* __restrict__ out, int batch)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= batch) return;
    float2 v[16];
#pragma unroll
    for (int k = 0; k < 16; ++k) v[k] = in[(size_t)k * batch + i];
#pragma unroll
    for (int k = 0; k < 4; ++k) bfly4(v[k], v[k + 4], v[k + 8], v[k + 12]);
#pragma unroll
    for (int k1 = 1; k1 < 4; ++k1)
#pragma unroll
        for (int n2 = 1; n2 < 4; ++n2) {
            float s, c;
            __sincosf(-6.28318530718f * k1 * n2 / 16.f, &s, &c);
            v[4 * k1 + n2] = cmul(v[4 * k1 + n2], make_float2(c, s));
        }
#pragma unroll
    for (int k = 0; k < 4; ++k) bfly4(v[4 * k], v[4 * k + 1], v[4 * k + 2], v[4 * k + 3]);
#pragma unroll
    for (int a = 0; a < 4; ++a)
#pragma unroll
        for (int b = 0; b < 4; ++b) out[(size_t)(b * 4 + a) * batch + i] = v[4 * a + b];
}

extern "C" __global__ void fft_radix4_stage_smem(float2* __restrict__ data, int log4n, int stage)
{
    extern __shared__ float2 sm[];
    int n = 1 << (2 * log4n);
    float2* d = data + (size_t)blockIdx.x * n;
    for (int k = threadIdx.x; k < n; k += blockDim.x) sm[k] = d[k];
    __syncthreads();
    int quarter = n >> 2;
    for (int j = threadIdx.x; j < quarter; j += blockDim.x) {
        int span = 1 << (2 * stage);
        int grp = j / span, pos = j % span;
        int base = grp * span * 4 + pos;
        float2 a = sm[base], b = sm[base + span], c = sm[base + 2 * span], e = sm[base + 3 * span];
        float ang = -6.28318530718f * pos / (4.f * span);
        float s1, c1; __sincosf(ang, &s1, &c1);
        float2 w1 = make_float2(c1, s1), w2 = cmul(w1, w1), w3 = cmul(w2, w1);
        b = cmul(b, w1); c = cmul(c, w2); e = cmul(e, w3);
        bfly4(a, b, c, e);
        sm[base] = a; sm[base + span] = b; sm[base + 2 * span] = c; sm[base + 3 * span] = e;
    }
    __syncthreads();
    for (int k = threadIdx.x; k < n; k += blockDim.x) d[k] = sm[k];
}

extern "C" __global__ void complex_double_pointwise(const double2* __restrict__ a, const double2* __restrict__ b,
    double2* __restrict__ c, int n, double scale, int conjB)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double2 x = a[i], y = b[i];
    if (conjB) y.y = -y.y;
    c[i] = make_double2((x.x * y.x - x.y * y.y) * scale, (x.x * y.y + x.y * y.x) * scale);
}
