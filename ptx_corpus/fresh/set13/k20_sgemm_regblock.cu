// k20_sgemm_regblock.cu
// Dense linear algebra: register-blocked SGEMM/DGEMM (C = alpha A B + beta C), row-major.
//  - sgemm_128x128_8x8:     256 threads, 8x8 outputs per thread, float4 shared loads, double-buffer-free
//  - sgemm_8x8_lb1024:      same 8x8 micro-tile under __launch_bounds__(1024) -> 64-register cap
//  - dgemm_64x64_4x4:       double precision, 4x4 per thread
//  - sgemm_naive_rowcol:    textbook one-output-per-thread kernel (few registers)

extern "C" __global__ void sgemm_128x128_8x8(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                                             int M, int N, int K, float alpha, float beta)
{
    __shared__ float4 As4[8][128 / 4];
    __shared__ float4 Bs4[8][128 / 4];
    int tid = threadIdx.x;
    int tx = tid & 15, ty = tid >> 4;
    int row0 = blockIdx.y * 128, col0 = blockIdx.x * 128;
    float acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0.f;
    float* As = reinterpret_cast<float*>(As4);
    float* Bs = reinterpret_cast<float*>(Bs4);
    for (int k0 = 0; k0 < K; k0 += 8) {
#pragma unroll
        for (int l = 0; l < 4; ++l) {
            int e = tid + l * 256;
            int ar = e >> 3, ac = e & 7;
            As[ac * 128 + ar] = (row0 + ar < M && k0 + ac < K) ? A[(size_t)(row0 + ar) * K + k0 + ac] : 0.f;
            int br = e >> 7, bc = e & 127;
            Bs[br * 128 + bc] = (k0 + br < K && col0 + bc < N) ? B[(size_t)(k0 + br) * N + col0 + bc] : 0.f;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < 8; ++kk) {
            float4 a0 = As4[kk][ty * 2], a1 = As4[kk][ty * 2 + 1];
            float4 b0 = Bs4[kk][tx * 2], b1 = Bs4[kk][tx * 2 + 1];
            float a[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
            float b[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        int r = row0 + ty * 8 + i;
        if (r >= M) continue;
#pragma unroll
        for (int j = 0; j < 8; ++j) {
            int c = col0 + tx * 8 + j;
            if (c < N) C[(size_t)r * N + c] = alpha * acc[i][j] + beta * C[(size_t)r * N + c];
        }
    }
}

extern "C" __global__ void __launch_bounds__(1024)
sgemm_8x8_lb1024(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                 int M, int N, int K, float alpha, float beta)
{
    // 32x32 threads, 256x256 block tile, 8 k-slab
    __shared__ float As[8][256];
    __shared__ float Bs[8][256];
    int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    int row0 = blockIdx.y * 256, col0 = blockIdx.x * 256;
    float acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0.f;
    for (int k0 = 0; k0 < K; k0 += 8) {
#pragma unroll
        for (int l = 0; l < 2; ++l) {
            int e = tid + l * 1024;
            int ar = e >> 3, ac = e & 7;
            As[ac][ar] = (row0 + ar < M && k0 + ac < K) ? A[(size_t)(row0 + ar) * K + k0 + ac] : 0.f;
            int br = e >> 8, bc = e & 255;
            Bs[br][bc] = (k0 + br < K && col0 + bc < N) ? B[(size_t)(k0 + br) * N + col0 + bc] : 0.f;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < 8; ++kk) {
            float a[8], b[8];
#pragma unroll
            for (int i = 0; i < 8; ++i) { a[i] = As[kk][ty * 8 + i]; b[i] = Bs[kk][tx * 8 + i]; }
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) {
            int r = row0 + ty * 8 + i, c = col0 + tx * 8 + j;
            if (r < M && c < N) C[(size_t)r * N + c] = alpha * acc[i][j] + beta * C[(size_t)r * N + c];
        }
}

extern "C" __global__ void dgemm_64x64_4x4(const double* __restrict__ A, const double* __restrict__ B, double* __restrict__ C,
                                           int M, int N, int K, double alpha, double beta)
{
    __shared__ double As[16][64];
    __shared__ double Bs[16][64];
    int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 16 + tx;  // 16x16
    int row0 = blockIdx.y * 64, col0 = blockIdx.x * 64;
    double acc[4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc[i][j] = 0.0;
    for (int k0 = 0; k0 < K; k0 += 16) {
#pragma unroll
        for (int l = 0; l < 4; ++l) {
            int e = tid + l * 256;
            int ar = e >> 4, ac = e & 15;
            As[ac][ar] = (row0 + ar < M && k0 + ac < K) ? A[(size_t)(row0 + ar) * K + k0 + ac] : 0.0;
            int br = e >> 6, bc = e & 63;
            Bs[br][bc] = (k0 + br < K && col0 + bc < N) ? B[(size_t)(k0 + br) * N + col0 + bc] : 0.0;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < 16; ++kk) {
            double a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; ++i) { a[i] = As[kk][ty * 4 + i]; b[i] = Bs[kk][tx * 4 + i]; }
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fma(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            int r = row0 + ty * 4 + i, c = col0 + tx * 4 + j;
            if (r < M && c < N) C[(size_t)r * N + c] = alpha * acc[i][j] + beta * C[(size_t)r * N + c];
        }
}

extern "C" __global__ void sgemm_naive_rowcol(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                                              int M, int N, int K)
{
    int r = blockIdx.y * blockDim.y + threadIdx.y, c = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= M || c >= N) return;
    float s = 0.f;
    for (int k = 0; k < K; ++k) s += A[(size_t)r * K + k] * B[(size_t)k * N + c];
    C[(size_t)r * N + c] = s;
}
