// Domain: fast Fourier transforms (radix-2/4/8 butterflies)
// fft_radix2_stage     - one global radix-2 Stockham stage with twiddles from sincospif
// fft_radix4_regs      - radix-4 butterfly on 4 complex values kept in a constant-indexed local array
// fft64_shared         - 64-point complex FFT per block in shared memory, 6 stages with __syncthreads
// fft_radix8_thread    - per-thread radix-8 DFT on 8 float2 values with a runtime-indexed reorder table

#include <cuda_runtime.h>

__device__ __forceinline__ float2 cmul(float2 a, float2 b)
{
    return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

extern "C" __global__ void fft_radix2_stage(const float2 *__restrict__ in, float2 *__restrict__ out,
                                            int n, int stride_len)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int half = n >> 1;
    if (t >= half) return;
    int k = t & (stride_len - 1);
    float2 a = in[t];
    float2 b = in[t + half];
    float s, c;
    sincospif(-(float)k / (float)stride_len, &s, &c);
    float2 bw = cmul(b, make_float2(c, s));
    int o = ((t - k) << 1) + k;
    out[o] = make_float2(a.x + bw.x, a.y + bw.y);
    out[o + stride_len] = make_float2(a.x - bw.x, a.y - bw.y);
}

extern "C" __global__ void fft_radix4_regs(float2 *data, int n, int ns)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int q = n >> 2;
    if (j >= q) return;
    float2 v[4];
#pragma unroll
    for (int r = 0; r < 4; ++r) v[r] = data[j + r * q];
    int k = j % ns;
    float ang = -2.0f * 3.14159265f * k / (4 * ns);
#pragma unroll
    for (int r = 1; r < 4; ++r) {
        float s, c;
        __sincosf(r * ang, &s, &c);
        v[r] = cmul(v[r], make_float2(c, s));
    }
    float2 t0 = make_float2(v[0].x + v[2].x, v[0].y + v[2].y);
    float2 t1 = make_float2(v[0].x - v[2].x, v[0].y - v[2].y);
    float2 t2 = make_float2(v[1].x + v[3].x, v[1].y + v[3].y);
    float2 t3 = make_float2(v[1].y - v[3].y, v[3].x - v[1].x);
    v[0] = make_float2(t0.x + t2.x, t0.y + t2.y);
    v[1] = make_float2(t1.x + t3.x, t1.y + t3.y);
    v[2] = make_float2(t0.x - t2.x, t0.y - t2.y);
    v[3] = make_float2(t1.x - t3.x, t1.y - t3.y);
    int base = (j / ns) * ns * 4 + k;
#pragma unroll
    for (int r = 0; r < 4; ++r) data[base + r * ns] = v[r];
}

extern "C" __global__ void fft64_shared(const float2 *in, float2 *out)
{
    __shared__ float2 s[64];
    int t = threadIdx.x; // 32 threads, each one butterfly per stage
    const float2 *src = in + blockIdx.x * 64;
    // bit-reversed load
    int r0 = __brev(t) >> 26;
    int r1 = __brev(t + 32) >> 26;
    s[r0] = src[t];
    s[r1] = src[t + 32];
    __syncthreads();
    for (int len = 2; len <= 64; len <<= 1) {
        int h = len >> 1;
        int grp = t / h, pos = t % h;
        int i0 = grp * len + pos, i1 = i0 + h;
        float sn, cs;
        __sincosf(-6.2831853f * pos / len, &sn, &cs);
        float2 a = s[i0], b = cmul(s[i1], make_float2(cs, sn));
        __syncthreads();
        s[i0] = make_float2(a.x + b.x, a.y + b.y);
        s[i1] = make_float2(a.x - b.x, a.y - b.y);
        __syncthreads();
    }
    out[blockIdx.x * 64 + t] = s[t];
    out[blockIdx.x * 64 + t + 32] = s[t + 32];
}

__constant__ int c_perm8[8] = {0, 4, 2, 6, 1, 5, 3, 7};

extern "C" __global__ void fft_radix8_thread(const float2 *__restrict__ in, float2 *__restrict__ out,
                                             const int *__restrict__ order, int batches)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batches) return;
    float2 x[8];
    int sel = order[b] & 7;
    for (int i = 0; i < 8; ++i) x[c_perm8[(i + sel) & 7]] = in[b * 8 + i];
    // 3 radix-2 stages on the locally reordered values
#pragma unroll
    for (int len = 2; len <= 8; len <<= 1) {
#pragma unroll
        for (int i = 0; i < 8; i += len) {
#pragma unroll
            for (int j = 0; j < len / 2; ++j) {
                float s, c;
                __sincosf(-6.2831853f * j / len, &s, &c);
                float2 u = x[i + j], v = cmul(x[i + j + len / 2], make_float2(c, s));
                x[i + j] = make_float2(u.x + v.x, u.y + v.y);
                x[i + j + len / 2] = make_float2(u.x - v.x, u.y - v.y);
            }
        }
    }
#pragma unroll
    for (int i = 0; i < 8; ++i) out[b * 8 + i] = x[i];
}

