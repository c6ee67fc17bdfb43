// Double-precision register tiling with shared-memory staging
#define BM 64
#define BN 64
#define BK 8
#define TM 4
#define TN 4
extern "C" __global__ void __launch_bounds__(256) dgemm_smem_4x4(const double* __restrict__ A, const double* __restrict__ B,
                                                                double* __restrict__ C, int M, int N, int K)
{
    __shared__ double As[BK][BM];
    __shared__ double Bs[BK][BN];
    int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
    int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
    double acc[TM][TN] = {};
    for (int k0 = 0; k0 < K; k0 += BK) {
        for (int l = threadIdx.x; l < BK * BM; l += blockDim.x) {
            int kk = l / BM, mm = l % BM;
            int gr = bm + mm, gc = k0 + kk;
            As[kk][mm] = (gr < M && gc < K) ? A[(size_t)gr * K + gc] : 0.0;
            int br = k0 + kk, bc = bn + mm;
            Bs[kk][mm] = (br < K && bc < N) ? B[(size_t)br * N + bc] : 0.0;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < BK; ++kk) {
            double a[TM], b[TN];
#pragma unroll
            for (int i = 0; i < TM; ++i) a[i] = As[kk][ty * TM + i];
#pragma unroll
            for (int j = 0; j < TN; ++j) b[j] = Bs[kk][tx * TN + j];
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j) acc[i][j] = fma(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            int r = bm + ty * TM + i, c = bn + tx * TN + j;
            if (r < M && c < N) C[(size_t)r * N + c] = acc[i][j];
        }
}

extern "C" __global__ void dgemv_rt2(const double* __restrict__ A, const double* __restrict__ x,
                                     double* __restrict__ y, int M, int N)
{
    int r = (blockIdx.x * blockDim.x + threadIdx.x) * 2;
    if (r + 1 >= M) return;
    double s0 = 0.0, s1 = 0.0;
    for (int c = 0; c < N; ++c) {
        double xv = __ldg(x + c);
        s0 = fma(A[(size_t)r * N + c], xv, s0);
        s1 = fma(A[(size_t)(r + 1) * N + c], xv, s1);
    }
    y[r] = s0; y[r + 1] = s1;
}

// 8x6 double register tile straight from global memory (very high register demand)
extern "C" __global__ void dgemm_rt_8x6_global(const double* __restrict__ At, const double* __restrict__ B,
                                               double* __restrict__ C, int M, int N, int K)
{
    int r0 = (blockIdx.y * blockDim.y + threadIdx.y) * 8;
    int c0 = (blockIdx.x * blockDim.x + threadIdx.x) * 6;
    if (r0 + 8 > M || c0 + 6 > N) return;
    double acc[8][6];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 6; ++j) acc[i][j] = 0.0;
    for (int k = 0; k < K; ++k) {
        const double2* ap = reinterpret_cast<const double2*>(At + (size_t)k * M + r0);
        const double2* bp = reinterpret_cast<const double2*>(B + (size_t)k * N + c0);
        double2 a01 = ap[0], a23 = ap[1], a45 = ap[2], a67 = ap[3];
        double2 b01 = bp[0], b23 = bp[1], b45 = bp[2];
        double a[8] = {a01.x, a01.y, a23.x, a23.y, a45.x, a45.y, a67.x, a67.y};
        double b[6] = {b01.x, b01.y, b23.x, b23.y, b45.x, b45.y};
#pragma unroll
        for (int i = 0; i < 8; ++i)
#pragma unroll
            for (int j = 0; j < 6; ++j) acc[i][j] = fma(a[i], b[j], acc[i][j]);
    }
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 6; j += 2)
            *reinterpret_cast<double2*>(C + (size_t)(r0 + i) * N + c0 + j) = make_double2(acc[i][j], acc[i][j + 1]);
}
