// C = alpha*A*B + beta*C, row-major, BM x BN block tile, TM x TN thread tile
#define BM 128
#define BN 128
#define BK 8
extern "C" __global__ void __launch_bounds__(256) sgemm_128x128_8x8(const float* __restrict__ A, const float* __restrict__ B,
    float* __restrict__ C, int M, int N, int K, float alpha, float beta)
{
    __shared__ float As[2][BK][BM + 4];
    __shared__ float Bs[2][BK][BN + 4];
    int tid = threadIdx.x;
    int tx = tid % 16, ty = tid / 16;
    int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
    int aRow = tid / 2, aCol = (tid % 2) * 4;
    int bRow = tid / 32, bCol = (tid % 32) * 4;
    float acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0.f;
    float4 ra = *reinterpret_cast<const float4*>(A + (size_t)(bm + aRow) * K + aCol);
    float4 rb = *reinterpret_cast<const float4*>(B + (size_t)bRow * N + bn + bCol);
    As[0][aCol][aRow] = ra.x; As[0][aCol + 1][aRow] = ra.y; As[0][aCol + 2][aRow] = ra.z; As[0][aCol + 3][aRow] = ra.w;
    *reinterpret_cast<float4*>(&Bs[0][bRow][bCol]) = rb;
    __syncthreads();
    int buf = 0;
    for (int k0 = BK; k0 <= K; k0 += BK) {
        bool more = k0 < K;
        if (more) {
            ra = *reinterpret_cast<const float4*>(A + (size_t)(bm + aRow) * K + k0 + aCol);
            rb = *reinterpret_cast<const float4*>(B + (size_t)(k0 + bRow) * N + bn + bCol);
        }
#pragma unroll
        for (int k = 0; k < BK; ++k) {
            float a[8], b[8];
            float4 a0 = *reinterpret_cast<float4*>(&As[buf][k][ty * 4]);
            float4 a1 = *reinterpret_cast<float4*>(&As[buf][k][ty * 4 + 64]);
            float4 b0 = *reinterpret_cast<float4*>(&Bs[buf][k][tx * 4]);
            float4 b1 = *reinterpret_cast<float4*>(&Bs[buf][k][tx * 4 + 64]);
            a[0] = a0.x; a[1] = a0.y; a[2] = a0.z; a[3] = a0.w; a[4] = a1.x; a[5] = a1.y; a[6] = a1.z; a[7] = a1.w;
            b[0] = b0.x; b[1] = b0.y; b[2] = b0.z; b[3] = b0.w; b[4] = b1.x; b[5] = b1.y; b[6] = b1.z; b[7] = b1.w;
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        if (more) {
            int nb = buf ^ 1;
            As[nb][aCol][aRow] = ra.x; As[nb][aCol + 1][aRow] = ra.y; As[nb][aCol + 2][aRow] = ra.z; As[nb][aCol + 3][aRow] = ra.w;
            *reinterpret_cast<float4*>(&Bs[nb][bRow][bCol]) = rb;
            __syncthreads();
            buf = nb;
        }
    }
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        int r = bm + ty * 4 + (i & 3) + (i >> 2) * 64;
#pragma unroll
        for (int jh = 0; jh < 2; ++jh) {
            int c = bn + tx * 4 + jh * 64;
            float4* cp = reinterpret_cast<float4*>(C + (size_t)r * N + c);
            float4 old = beta != 0.f ? *cp : make_float4(0.f, 0.f, 0.f, 0.f);
            float4 o;
            o.x = alpha * acc[i][jh * 4 + 0] + beta * old.x;
            o.y = alpha * acc[i][jh * 4 + 1] + beta * old.y;
            o.z = alpha * acc[i][jh * 4 + 2] + beta * old.z;
            o.w = alpha * acc[i][jh * 4 + 3] + beta * old.w;
            *cp = o;
        }
    }
}

// 8x16 thread tile, 128x256 block tile; very register hungry
extern "C" __global__ void sgemm_nn_8x16_bias_relu(const float* __restrict__ A, const float* __restrict__ B,
    const float* __restrict__ bias, float* __restrict__ C, int M, int N, int K)
{
    __shared__ float As[BK][128];
    __shared__ float Bs[BK][256];
    int tid = threadIdx.x;
    int tx = tid % 16, ty = tid / 16;
    int bm = blockIdx.y * 128, bn = blockIdx.x * 256;
    float acc[8][16];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 16; ++j) acc[i][j] = 0.f;
    for (int k0 = 0; k0 < K; k0 += BK) {
        for (int t = tid; t < 128 * BK; t += 256) { int r = t / BK, c = t % BK; As[c][r] = A[(size_t)(bm + r) * K + k0 + c]; }
        for (int t = tid; t < 256 * BK / 4; t += 256) {
            int r = t / 64, c = (t % 64) * 4;
            *reinterpret_cast<float4*>(&Bs[r][c]) = *reinterpret_cast<const float4*>(B + (size_t)(k0 + r) * N + bn + c);
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; ++k) {
            float a[8], b[16];
#pragma unroll
            for (int i = 0; i < 8; ++i) a[i] = As[k][ty * 8 + i];
#pragma unroll
            for (int j = 0; j < 4; ++j) {
                float4 v = *reinterpret_cast<float4*>(&Bs[k][j * 64 + tx * 4]);
                b[4 * j] = v.x; b[4 * j + 1] = v.y; b[4 * j + 2] = v.z; b[4 * j + 3] = v.w;
            }
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 16; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            int c = bn + j * 64 + tx * 4;
            float4 bb = __ldg(reinterpret_cast<const float4*>(bias + c));
            float4 o = make_float4(fmaxf(acc[i][4*j] + bb.x, 0.f), fmaxf(acc[i][4*j+1] + bb.y, 0.f),
                                   fmaxf(acc[i][4*j+2] + bb.z, 0.f), fmaxf(acc[i][4*j+3] + bb.w, 0.f));
            *reinterpret_cast<float4*>(C + (size_t)(bm + ty * 8 + i) * N + c) = o;
        }
}

// same 8x8 tile but constrained to 4 blocks of 256 threads per SM (64 regs): expect spills
extern "C" __global__ void __launch_bounds__(256, 4) sgemm_8x8_occupancy_capped(const float* __restrict__ A,
    const float* __restrict__ B, float* __restrict__ C, int M, int N, int K)
{
    __shared__ float As[BK][BM];
    __shared__ float Bs[BK][BN];
    int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
    int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
    float acc[8][8] = {};
    for (int k0 = 0; k0 < K; k0 += BK) {
        for (int t = tid; t < BM * BK; t += 256) { int r = t / BK, c = t % BK; As[c][r] = A[(size_t)(bm + r) * K + k0 + c]; }
        for (int t = tid; t < BN * BK; t += 256) { int r = t / BN, c = t % BN; Bs[r][c] = B[(size_t)(k0 + r) * N + bn + c]; }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; ++k) {
            float a[8], b[8];
#pragma unroll
            for (int i = 0; i < 8; ++i) { a[i] = As[k][ty * 8 + i]; b[i] = Bs[k][tx * 8 + i]; }
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] += a[i] * b[j];
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) C[(size_t)(bm + ty * 8 + i) * N + bn + tx * 8 + j] = acc[i][j];
}
