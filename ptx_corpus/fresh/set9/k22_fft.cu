// FFT kernels: radix-2 Stockham global pass, shared-memory 256-point FFT, register radix-8 butterflies.
#define PI_F 3.14159265358979323846f

__device__ __forceinline__ float2 cmul(float2 a, float2 b) { return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
__device__ __forceinline__ float2 cadd(float2 a, float2 b) { return make_float2(a.x + b.x, a.y + b.y); }
__device__ __forceinline__ float2 csub(float2 a, float2 b) { return make_float2(a.x - b.x, a.y - b.y); }

// One radix-2 Stockham stage over N points (N/2 butterflies), Ns = current sub-transform size.
extern "C" __global__ void fft_radix2_stockham(const float2 *in, float2 *out, int N, int Ns, int dir)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= N / 2) return;
    float2 a = in[j], b = in[j + N / 2];
    float angle = dir * -2.0f * PI_F * (j % Ns) / (Ns * 2);
    float s, c;
    __sincosf(angle, &s, &c);
    b = cmul(b, make_float2(c, s));
    int idxD = (j / Ns) * Ns * 2 + (j % Ns);
    out[idxD] = cadd(a, b);
    out[idxD + Ns] = csub(a, b);
}

// 256-point complex FFT per block of 128 threads, in shared memory (radix-2 decimation in time).
extern "C" __global__ void fft256_shared(float2 *data, int batch)
{
    __shared__ float2 s[256];
    int b = blockIdx.x;
    if (b >= batch) return;
    int t = threadIdx.x;
    float2 *d = data + b * 256;
    // bit-reversed load
    unsigned int r0 = __brev(t) >> 24, r1 = __brev(t + 128) >> 24;
    s[r0] = d[t];
    s[r1] = d[t + 128];
    __syncthreads();
    for (int half = 1; half < 256; half <<= 1) {
        int grp = t / half, pos = t % half;
        int i0 = grp * half * 2 + pos, i1 = i0 + half;
        float sn, cs;
        __sincosf(-PI_F * pos / half, &sn, &cs);
        float2 u = s[i0], v = cmul(s[i1], make_float2(cs, sn));
        __syncthreads();
        s[i0] = cadd(u, v);
        s[i1] = csub(u, v);
        __syncthreads();
    }
    d[t] = s[t];
    d[t + 128] = s[t + 128];
}

__device__ __forceinline__ void fft8_reg(float2 *v)
{
    const float R = 0.70710678118654752f;
    float2 a0 = cadd(v[0], v[4]), a1 = csub(v[0], v[4]);
    float2 a2 = cadd(v[2], v[6]), a3 = csub(v[2], v[6]);
    float2 a4 = cadd(v[1], v[5]), a5 = csub(v[1], v[5]);
    float2 a6 = cadd(v[3], v[7]), a7 = csub(v[3], v[7]);
    a3 = make_float2(a3.y, -a3.x);
    a7 = make_float2(a7.y, -a7.x);
    float2 b0 = cadd(a0, a2), b2 = csub(a0, a2), b1 = cadd(a1, a3), b3 = csub(a1, a3);
    float2 b4 = cadd(a4, a6), b6 = csub(a4, a6), b5 = cadd(a5, a7), b7 = csub(a5, a7);
    b5 = make_float2(R * (b5.x + b5.y), R * (b5.y - b5.x));
    b6 = make_float2(b6.y, -b6.x);
    b7 = make_float2(R * (-b7.x + b7.y), R * (-b7.y - b7.x));
    v[0] = cadd(b0, b4); v[4] = csub(b0, b4);
    v[1] = cadd(b1, b5); v[5] = csub(b1, b5);
    v[2] = cadd(b2, b6); v[6] = csub(b2, b6);
    v[3] = cadd(b3, b7); v[7] = csub(b3, b7);
}

// 512-point FFT: 64 threads, each doing radix-8 butterflies held in registers, exchange through shared memory.
extern "C" __global__ void fft512_radix8(float2 *data)
{
    __shared__ float smem[8 * 8 * 9];
    float2 *d = data + blockIdx.x * 512;
    int t = threadIdx.x;
    float2 v[8];
#pragma unroll
    for (int i = 0; i < 8; ++i) v[i] = d[t + i * 64];
    int Ns = 1;
#pragma unroll 1
    for (int pass = 0; pass < 3; ++pass) {
        int k = t % Ns;
        float ang = -2.0f * PI_F * k / (Ns * 8);
#pragma unroll
        for (int i = 1; i < 8; ++i) {
            float sn, cs;
            __sincosf(i * ang, &sn, &cs);
            v[i] = cmul(v[i], make_float2(cs, sn));
        }
        fft8_reg(v);
        int idxD = (t / Ns) * Ns * 8 + k;
        const int rev[8] = {0, 4, 2, 6, 1, 5, 3, 7};
        // exchange real parts then imaginary parts
#pragma unroll
        for (int comp = 0; comp < 2; ++comp) {
            __syncthreads();
#pragma unroll
            for (int i = 0; i < 8; ++i) {
                int dst = idxD + i * Ns;
                smem[(dst / 8) * 9 + dst % 8] = comp ? v[rev[i]].y : v[rev[i]].x;
            }
            __syncthreads();
#pragma unroll
            for (int i = 0; i < 8; ++i) {
                int src = t + i * 64;
                float val = smem[(src / 8) * 9 + src % 8];
                if (comp) v[i].y = val; else v[i].x = val;
            }
        }
        Ns *= 8;
    }
#pragma unroll
    for (int i = 0; i < 8; ++i) d[t + i * 64] = v[i];
}
