// 8x8 DCT (SDK dct8x8 style, separable row/column passes) and Black-Scholes (SDK style).

// Launch: blockDim = (8, 8), gridDim = any 1-D; width and height multiples of 8
extern "C" __global__ void __launch_bounds__(64)
dct8x8(const float* __restrict__ src, float* __restrict__ dst, int width, int height)
{
    __shared__ float blk[8][9];
    __shared__ float tmp[8][9];
    __shared__ float cosT[8][8];
    int tx = threadIdx.x, ty = threadIdx.y;
    {
        float a = (ty == 0) ? 0.35355339f : 0.5f;
        cosT[ty][tx] = a * cospif((float)((2 * tx + 1) * ty) / 16.0f);
    }
    int bw = width / 8;
    int nblk = bw * (height / 8);
    for (int b = blockIdx.x; b < nblk; b += gridDim.x) {
        int bx = b % bw, by = b / bw;
        size_t base = (size_t)(by * 8) * width + bx * 8;
        blk[ty][tx] = src[base + (size_t)ty * width + tx];
        __syncthreads();
        float s = 0.0f;
#pragma unroll
        for (int k = 0; k < 8; ++k) s += cosT[tx][k] * blk[ty][k];
        tmp[ty][tx] = s;
        __syncthreads();
        s = 0.0f;
#pragma unroll
        for (int k = 0; k < 8; ++k) s += cosT[ty][k] * tmp[k][tx];
        dst[base + (size_t)ty * width + tx] = s;
    }
}

__device__ __forceinline__ float cnd(float d)
{
    const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f,
                A4 = -1.821255978f, A5 = 1.330274429f, RSQRT2PI = 0.39894228040143267793994605993438f;
    float K = 1.0f / (1.0f + 0.2316419f * fabsf(d));
    float c = RSQRT2PI * __expf(-0.5f * d * d) *
              (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
    if (d > 0) c = 1.0f - c;
    return c;
}

// Launch: blockDim = 128, gridDim = any (grid-stride over options)
extern "C" __global__ void __launch_bounds__(128)
black_scholes(float* __restrict__ call, float* __restrict__ put, const float* __restrict__ S,
              const float* __restrict__ X, const float* __restrict__ T, float R, float V, int optN)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < optN; i += blockDim.x * gridDim.x) {
        float s = S[i], x = X[i], t = T[i];
        float sqrtT = sqrtf(t);
        float d1 = (__logf(s / x) + (R + 0.5f * V * V) * t) / (V * sqrtT);
        float d2 = d1 - V * sqrtT;
        float cndd1 = cnd(d1), cndd2 = cnd(d2);
        float expRT = __expf(-R * t);
        call[i] = s * cndd1 - x * expRT * cndd2;
        put[i] = x * expRT * (1.0f - cndd2) - s * (1.0f - cndd1);
    }
}
