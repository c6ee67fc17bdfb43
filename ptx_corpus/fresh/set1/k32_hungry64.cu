// Register-hungry: 64 live accumulators per thread (batched small GEMV / 8x8 outer products)
#define NA 64
extern "C" __global__ void batched_gemv64(const float* __restrict__ W, const float* __restrict__ X,
                                          float* __restrict__ Y, int K, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    float acc[NA];
#pragma unroll
    for (int i = 0; i < NA; ++i) acc[i] = 0.f;
    for (int k = 0; k < K; ++k) {
        float xv = X[(size_t)k * batch + b];
        const float4* w4 = reinterpret_cast<const float4*>(W + (size_t)k * NA);
#pragma unroll
        for (int i = 0; i < NA / 4; ++i) {
            float4 w = __ldg(w4 + i);
            acc[4 * i] = fmaf(w.x, xv, acc[4 * i]);
            acc[4 * i + 1] = fmaf(w.y, xv, acc[4 * i + 1]);
            acc[4 * i + 2] = fmaf(w.z, xv, acc[4 * i + 2]);
            acc[4 * i + 3] = fmaf(w.w, xv, acc[4 * i + 3]);
        }
    }
#pragma unroll
    for (int i = 0; i < NA; ++i) Y[(size_t)i * batch + b] = tanhf(acc[i]);
}

extern "C" __global__ void __launch_bounds__(512, 2) batched_gemv64_lb512_2(const float* __restrict__ W, const float* __restrict__ X,
                                                                            float* __restrict__ Y, int K, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    float acc[NA];
#pragma unroll
    for (int i = 0; i < NA; ++i) acc[i] = 0.f;
    for (int k = 0; k < K; ++k) {
        float xv = X[(size_t)k * batch + b];
#pragma unroll
        for (int i = 0; i < NA; ++i) acc[i] = fmaf(W[(size_t)k * NA + i], xv, acc[i]);
    }
#pragma unroll
    for (int i = 0; i < NA; ++i) Y[(size_t)i * batch + b] = acc[i];
}

// 12x12 = 144 live accumulators, operands loaded as float4 from k-major layout
extern "C" __global__ void outer12x12_acc(const float* __restrict__ At, const float* __restrict__ Bt,
                                          float* __restrict__ C, int M, int N, int K)
{
    int r0 = (blockIdx.y * blockDim.y + threadIdx.y) * 12;
    int c0 = (blockIdx.x * blockDim.x + threadIdx.x) * 12;
    if (r0 + 12 > M || c0 + 12 > N) return;
    float acc[12][12];
#pragma unroll
    for (int i = 0; i < 12; ++i)
#pragma unroll
        for (int j = 0; j < 12; ++j) acc[i][j] = 0.f;
    for (int k = 0; k < K; ++k) {
        float a[12], b[12];
#pragma unroll
        for (int q = 0; q < 3; ++q) {
            float4 av = __ldg(reinterpret_cast<const float4*>(At + (size_t)k * M + r0) + q);
            float4 bv = __ldg(reinterpret_cast<const float4*>(Bt + (size_t)k * N + c0) + q);
            a[4 * q] = av.x; a[4 * q + 1] = av.y; a[4 * q + 2] = av.z; a[4 * q + 3] = av.w;
            b[4 * q] = bv.x; b[4 * q + 1] = bv.y; b[4 * q + 2] = bv.z; b[4 * q + 3] = bv.w;
        }
#pragma unroll
        for (int i = 0; i < 12; ++i)
#pragma unroll
            for (int j = 0; j < 12; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
    }
#pragma unroll
    for (int i = 0; i < 12; ++i)
#pragma unroll
        for (int j = 0; j < 12; j += 4)
            *reinterpret_cast<float4*>(C + (size_t)(r0 + i) * N + c0 + j) = make_float4(acc[i][j], acc[i][j + 1], acc[i][j + 2], acc[i][j + 3]);
}
