// Register-blocked SGEMM with double-buffered shared memory and register prefetch
// (CUTLASS-like "global -> registers -> shared" pipeline, one barrier per k-tile).
// Block tile 64x64, BK = 8, 256 threads, each thread computes a 4x4 micro-tile.
// A is MxK row-major, B is KxN row-major, C is MxN row-major.
// Launch (both kernels): blockDim = (16, 16), gridDim = (N/64, M/64), M = N = K = 1024.
#define BM 64
#define BN 64
#define BK 8

extern "C" __global__ void __launch_bounds__(256)
sgemm_dbuf_race(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                int M, int N, int K)
{
    __shared__ float As[2][BK][BM];   // A tile stored transposed (k-major)
    __shared__ float Bs[2][BK][BN];
    int tx = threadIdx.x, ty = threadIdx.y;
    int tid = ty * 16 + tx;
    const float* Ablk = A + (size_t)blockIdx.y * BM * K;
    const float* Bblk = B + blockIdx.x * BN;

    int a_row = tid >> 2, a_col = (tid & 3) * 2;     // 64 rows x 8 cols
    int b_row = tid >> 5, b_col = (tid & 31) * 2;    // 8 rows x 64 cols
    float ra0, ra1, rb0, rb1;

    ra0 = Ablk[a_row * K + a_col];      ra1 = Ablk[a_row * K + a_col + 1];
    rb0 = Bblk[b_row * N + b_col];      rb1 = Bblk[b_row * N + b_col + 1];
    As[0][a_col][a_row] = ra0;  As[0][a_col + 1][a_row] = ra1;
    Bs[0][b_row][b_col] = rb0;  Bs[0][b_row][b_col + 1] = rb1;
    __syncthreads();

    float acc[4][4] = {};
    int KT = K / BK;
    for (int kt = 0; kt < KT; ++kt) {
        int cur = kt & 1;
        if (kt + 1 < KT) {
            int k0 = (kt + 1) * BK;
            ra0 = Ablk[a_row * K + k0 + a_col];        ra1 = Ablk[a_row * K + k0 + a_col + 1];
            rb0 = Bblk[(k0 + b_row) * N + b_col];      rb1 = Bblk[(k0 + b_row) * N + b_col + 1];
        }
#pragma unroll
        for (int k = 0; k < BK; ++k) {
            float a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; ++i) a[i] = As[cur][k][ty * 4 + i];
#pragma unroll
            for (int j = 0; j < 4; ++j) b[j] = Bs[cur][k][tx * 4 + j];
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] += a[i] * b[j];
        }
        if (kt + 1 < KT) {
            int nxt = kt & 1;          // wrong: this is the buffer being read this iteration
            As[nxt][a_col][a_row] = ra0;  As[nxt][a_col + 1][a_row] = ra1;
            Bs[nxt][b_row][b_col] = rb0;  Bs[nxt][b_row][b_col + 1] = rb1;
        }
        __syncthreads();
    }
    float* Cblk = C + (size_t)(blockIdx.y * BM + ty * 4) * N + blockIdx.x * BN + tx * 4;
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) Cblk[i * N + j] = acc[i][j];
}

extern "C" __global__ void __launch_bounds__(256)
sgemm_dbuf_ok(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
              int M, int N, int K)
{
    __shared__ float As[2][BK][BM];
    __shared__ float Bs[2][BK][BN];
    int tx = threadIdx.x, ty = threadIdx.y;
    int tid = ty * 16 + tx;
    const float* Ablk = A + (size_t)blockIdx.y * BM * K;
    const float* Bblk = B + blockIdx.x * BN;

    int a_row = tid >> 2, a_col = (tid & 3) * 2;
    int b_row = tid >> 5, b_col = (tid & 31) * 2;
    float ra0, ra1, rb0, rb1;

    ra0 = Ablk[a_row * K + a_col];      ra1 = Ablk[a_row * K + a_col + 1];
    rb0 = Bblk[b_row * N + b_col];      rb1 = Bblk[b_row * N + b_col + 1];
    As[0][a_col][a_row] = ra0;  As[0][a_col + 1][a_row] = ra1;
    Bs[0][b_row][b_col] = rb0;  Bs[0][b_row][b_col + 1] = rb1;
    __syncthreads();

    float acc[4][4] = {};
    int KT = K / BK;
    for (int kt = 0; kt < KT; ++kt) {
        int cur = kt & 1;
        if (kt + 1 < KT) {
            int k0 = (kt + 1) * BK;
            ra0 = Ablk[a_row * K + k0 + a_col];        ra1 = Ablk[a_row * K + k0 + a_col + 1];
            rb0 = Bblk[(k0 + b_row) * N + b_col];      rb1 = Bblk[(k0 + b_row) * N + b_col + 1];
        }
#pragma unroll
        for (int k = 0; k < BK; ++k) {
            float a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; ++i) a[i] = As[cur][k][ty * 4 + i];
#pragma unroll
            for (int j = 0; j < 4; ++j) b[j] = Bs[cur][k][tx * 4 + j];
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] += a[i] * b[j];
        }
        if (kt + 1 < KT) {
            int nxt = cur ^ 1;         // the other buffer; last read before the previous barrier
            As[nxt][a_col][a_row] = ra0;  As[nxt][a_col + 1][a_row] = ra1;
            Bs[nxt][b_row][b_col] = rb0;  Bs[nxt][b_row][b_col + 1] = rb1;
        }
        __syncthreads();
    }
    float* Cblk = C + (size_t)(blockIdx.y * BM + ty * 4) * N + blockIdx.x * BN + tx * 4;
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) Cblk[i * N + j] = acc[i][j];
}
