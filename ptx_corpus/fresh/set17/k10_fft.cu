// Domain: fast Fourier transforms (register FFTs, shared-memory Stockham, runtime-sized local FFT)

struct cf { float x, y; };
__device__ __forceinline__ cf cadd(cf a, cf b) { return {a.x + b.x, a.y + b.y}; }
__device__ __forceinline__ cf csub(cf a, cf b) { return {a.x - b.x, a.y - b.y}; }
__device__ __forceinline__ cf cmul(cf a, cf b) { return {a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x}; }

// 16-point radix-2 DIT FFT fully in registers, one transform per thread
extern "C" __global__ void fft16_registers(const float2* __restrict__ in, float2* __restrict__ out, int batch)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= batch) return;
    cf a[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) {
        int r = ((i & 1) << 3) | ((i & 2) << 1) | ((i & 4) >> 1) | ((i & 8) >> 3);
        float2 v = in[t * 16 + r];
        a[i] = {v.x, v.y};
    }
#pragma unroll
    for (int s = 1; s <= 4; ++s) {
        int m = 1 << s, h = m >> 1;
#pragma unroll
        for (int k = 0; k < 16; k += m) {
#pragma unroll
            for (int j = 0; j < h; ++j) {
                float ang = -6.283185307f * j / m;
                cf w = {__cosf(ang), __sinf(ang)};
                cf u = a[k + j], v = cmul(w, a[k + j + h]);
                a[k + j] = cadd(u, v);
                a[k + j + h] = csub(u, v);
            }
        }
    }
#pragma unroll
    for (int i = 0; i < 16; ++i) out[t * 16 + i] = make_float2(a[i].x, a[i].y);
}

// 64-point radix-4 FFT (3 stages), all 64 complex values live in registers: heavy kernel
__device__ __forceinline__ void radix4(cf& a0, cf& a1, cf& a2, cf& a3)
{
    cf b0 = cadd(a0, a2), b1 = csub(a0, a2), b2 = cadd(a1, a3), b3 = csub(a1, a3);
    cf b3j = {b3.y, -b3.x};      // -i * b3
    a0 = cadd(b0, b2);
    a2 = csub(b0, b2);
    a1 = cadd(b1, b3j);
    a3 = csub(b1, b3j);
}
extern "C" __global__ void __launch_bounds__(64)
fft64_radix4_registers(const float2* __restrict__ in, float2* __restrict__ out, int batch)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= batch) return;
    cf a[64];
#pragma unroll
    for (int i = 0; i < 64; ++i) { float2 v = in[t * 64 + i]; a[i] = {v.x, v.y}; }
    // DIF radix-4: stage strides 16, 4, 1
#pragma unroll
    for (int s = 0; s < 3; ++s) {
        const int stride = (s == 0) ? 16 : (s == 1) ? 4 : 1;
        const int span = stride * 4;
#pragma unroll
        for (int blk = 0; blk < 64; blk += span) {
#pragma unroll
            for (int j = 0; j < stride; ++j) {
                radix4(a[blk + j], a[blk + j + stride], a[blk + j + 2 * stride], a[blk + j + 3 * stride]);
                if (stride > 1) {
#pragma unroll
                    for (int q = 1; q < 4; ++q) {
                        float ang = -6.283185307f * (float)(j * q) / (float)span;
                        cf w = {__cosf(ang), __sinf(ang)};
                        a[blk + j + q * stride] = cmul(a[blk + j + q * stride], w);
                    }
                }
            }
        }
    }
    // digit-reversed (base 4) output order
#pragma unroll
    for (int i = 0; i < 64; ++i) {
        int r = ((i & 3) << 4) | (i & 12) | ((i >> 4) & 3);
        out[t * 64 + r] = make_float2(a[i].x, a[i].y);
    }
}

// Shared-memory Stockham radix-2 FFT of length N (power of two, <= 2048), one block per signal
extern "C" __global__ void fft_stockham_shared(const float2* __restrict__ in, float2* __restrict__ out, int logN)
{
    extern __shared__ float2 sbuf[];
    int N = 1 << logN;
    float2* A = sbuf;
    float2* B = sbuf + N;
    const float2* src = in + (size_t)blockIdx.x * N;
    for (int i = threadIdx.x; i < N; i += blockDim.x) A[i] = src[i];
    __syncthreads();
    int half = N >> 1;
    for (int s = 0; s < logN; ++s) {
        int Ls = 1 << s;
        for (int i = threadIdx.x; i < half; i += blockDim.x) {
            int j = i & (Ls - 1);
            int k = i >> s;
            float sn, cs;
            __sincosf(-3.14159265f * j / Ls, &sn, &cs);
            float2 u = A[i], v = A[i + half];
            float2 tw = make_float2(cs * v.x - sn * v.y, cs * v.y + sn * v.x);
            int o = k * 2 * Ls + j;
            B[o] = make_float2(u.x + tw.x, u.y + tw.y);
            B[o + Ls] = make_float2(u.x - tw.x, u.y - tw.y);
        }
        __syncthreads();
        float2* tmp = A; A = B; B = tmp;
    }
    float2* dst = out + (size_t)blockIdx.x * N;
    for (int i = threadIdx.x; i < N; i += blockDim.x) dst[i] = A[i];
}

// Runtime-length (<=32) iterative FFT per thread in a local array with dynamic bit reversal:
// array indexed by run-time values -> local memory stack frame; accurate sincosf on large args
extern "C" __global__ void fft_local_runtime_len(const float2* __restrict__ in, float2* __restrict__ out,
                                                 int batch, int logN)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= batch) return;
    int N = 1 << logN;
    float re[32], im[32];
    for (int i = 0; i < N; ++i) {
        int r = __brev(i) >> (32 - logN);
        float2 v = in[t * N + r];
        re[i] = v.x; im[i] = v.y;
    }
    for (int m = 2; m <= N; m <<= 1) {
        int h = m >> 1;
        for (int j = 0; j < h; ++j) {
            float sn, cs;
            sincosf(-6.283185307179586f * j / m, &sn, &cs);
            for (int k = j; k < N; k += m) {
                float vr = cs * re[k + h] - sn * im[k + h];
                float vi = cs * im[k + h] + sn * re[k + h];
                re[k + h] = re[k] - vr; im[k + h] = im[k] - vi;
                re[k] += vr; im[k] += vi;
            }
        }
    }
    for (int i = 0; i < N; ++i) out[t * N + i] = make_float2(re[i], im[i]);
}

// 8-point double-complex DFT via split radix butterfly, in registers
extern "C" __global__ void fft8_double(const double2* __restrict__ in, double2* __restrict__ out, int batch)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= batch) return;
    double2 x[8];
#pragma unroll
    for (int i = 0; i < 8; ++i) x[i] = in[t * 8 + i];
    const double r2 = 0.70710678118654752440;
    double2 a[8];
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        a[i] = make_double2(x[i].x + x[i + 4].x, x[i].y + x[i + 4].y);
        a[i + 4] = make_double2(x[i].x - x[i + 4].x, x[i].y - x[i + 4].y);
    }
    // twiddles W8^k on the odd half
    double2 t5 = a[5], t6 = a[6], t7 = a[7];
    a[5] = make_double2(r2 * (t5.x + t5.y), r2 * (t5.y - t5.x));
    a[6] = make_double2(t6.y, -t6.x);
    a[7] = make_double2(r2 * (t7.y - t7.x), -r2 * (t7.x + t7.y));
    double2 b[8];
#pragma unroll
    for (int g = 0; g < 8; g += 4) {
        b[g + 0] = make_double2(a[g].x + a[g + 2].x, a[g].y + a[g + 2].y);
        b[g + 2] = make_double2(a[g].x - a[g + 2].x, a[g].y - a[g + 2].y);
        b[g + 1] = make_double2(a[g + 1].x + a[g + 3].x, a[g + 1].y + a[g + 3].y);
        double2 d = make_double2(a[g + 1].x - a[g + 3].x, a[g + 1].y - a[g + 3].y);
        b[g + 3] = make_double2(d.y, -d.x);
    }
    const int rev[8] = {0, 4, 2, 6, 1, 5, 3, 7};
#pragma unroll
    for (int g = 0; g < 8; g += 2) {
        double2 u = b[g], v = b[g + 1];
        out[t * 8 + rev[g]] = make_double2(u.x + v.x, u.y + v.y);
        out[t * 8 + rev[g + 1]] = make_double2(u.x - v.x, u.y - v.y);
    }
}
