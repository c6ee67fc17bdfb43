// Double-buffered SGEMM using float4 global loads and prefetch into registers while computing.
#define DB_BM 128
#define DB_BN 128
#define DB_BK 8
#define DB_TM 8
#define DB_TN 8

extern "C" __global__ void __launch_bounds__(256, 2)
sgemm_double_buffer(int M, int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                    float *__restrict__ C, float alpha, float beta)
{
    __shared__ float As[2][DB_BK][DB_BM];
    __shared__ float Bs[2][DB_BK][DB_BN];
    const int tid = threadIdx.x;
    const int tx = tid % 16, ty = tid / 16;
    // A tile: 128 rows x 8 cols -> 256 threads each load one float4 (row = tid/2, col = (tid%2)*4)
    const int aRow = tid >> 1, aCol = (tid & 1) << 2;
    // B tile: 8 rows x 128 cols -> row = tid/32, col = (tid%32)*4
    const int bRow = tid >> 5, bCol = (tid & 31) << 2;
    const float *Ab = A + (size_t)blockIdx.y * DB_BM * K;
    const float *Bb = B + blockIdx.x * DB_BN;
    float acc[DB_TM][DB_TN] = {};
    float fragA[2][DB_TM], fragB[2][DB_TN];
    float4 ldA = *(const float4 *)(Ab + aRow * K + aCol);
    float4 ldB = *(const float4 *)(Bb + bRow * N + bCol);
    As[0][aCol + 0][aRow] = ldA.x;
    As[0][aCol + 1][aRow] = ldA.y;
    As[0][aCol + 2][aRow] = ldA.z;
    As[0][aCol + 3][aRow] = ldA.w;
    *(float4 *)&Bs[0][bRow][bCol] = ldB;
    __syncthreads();
    int write = 1;
    for (int k0 = DB_BK; k0 <= K; k0 += DB_BK) {
        bool more = k0 < K;
        if (more) {
            ldA = *(const float4 *)(Ab + aRow * K + k0 + aCol);
            ldB = *(const float4 *)(Bb + (size_t)(k0 + bRow) * N + bCol);
        }
        int read = write ^ 1;
#pragma unroll
        for (int k = 0; k < DB_BK; ++k) {
            *(float4 *)&fragA[k & 1][0] = *(const float4 *)&As[read][k][ty * 4];
            *(float4 *)&fragA[k & 1][4] = *(const float4 *)&As[read][k][ty * 4 + 64];
            *(float4 *)&fragB[k & 1][0] = *(const float4 *)&Bs[read][k][tx * 4];
            *(float4 *)&fragB[k & 1][4] = *(const float4 *)&Bs[read][k][tx * 4 + 64];
#pragma unroll
            for (int i = 0; i < DB_TM; ++i)
#pragma unroll
                for (int j = 0; j < DB_TN; ++j)
                    acc[i][j] = fmaf(fragA[k & 1][i], fragB[k & 1][j], acc[i][j]);
        }
        if (more) {
            As[write][aCol + 0][aRow] = ldA.x;
            As[write][aCol + 1][aRow] = ldA.y;
            As[write][aCol + 2][aRow] = ldA.z;
            As[write][aCol + 3][aRow] = ldA.w;
            *(float4 *)&Bs[write][bRow][bCol] = ldB;
            __syncthreads();
            write ^= 1;
        }
    }
    float *Cb = C + (size_t)blockIdx.y * DB_BM * N + blockIdx.x * DB_BN;
#pragma unroll
    for (int i = 0; i < DB_TM; ++i) {
        int r = (i < 4) ? (ty * 4 + i) : (ty * 4 + 64 + i - 4);
#pragma unroll
        for (int jh = 0; jh < 2; ++jh) {
            int c = tx * 4 + jh * 64;
            float4 old = *(float4 *)(Cb + r * N + c);
            float4 v;
            v.x = alpha * acc[i][jh * 4 + 0] + beta * old.x;
            v.y = alpha * acc[i][jh * 4 + 1] + beta * old.y;
            v.z = alpha * acc[i][jh * 4 + 2] + beta * old.z;
            v.w = alpha * acc[i][jh * 4 + 3] + beta * old.w;
            *(float4 *)(Cb + r * N + c) = v;
        }
    }
}

// Simpler double-buffered 32x32 tiled kernel (one output per thread) with cp-like register staging.
extern "C" __global__ void sgemm_dbuf_tile32(const float *A, const float *B, float *C, int M, int N, int K)
{
    __shared__ float As[2][32][33];
    __shared__ float Bs[2][32][33];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * 32 + ty, col = blockIdx.x * 32 + tx;
    float acc = 0.0f;
    int buf = 0;
    As[0][ty][tx] = (row < M && tx < K) ? A[row * K + tx] : 0.0f;
    Bs[0][ty][tx] = (col < N && ty < K) ? B[ty * N + col] : 0.0f;
    __syncthreads();
    for (int k0 = 32; k0 < K + 32; k0 += 32) {
        float a = 0.0f, b = 0.0f;
        if (k0 < K) {
            a = (row < M && k0 + tx < K) ? A[row * K + k0 + tx] : 0.0f;
            b = (col < N && k0 + ty < K) ? B[(k0 + ty) * N + col] : 0.0f;
        }
#pragma unroll 8
        for (int k = 0; k < 32; ++k) acc += As[buf][ty][k] * Bs[buf][k][tx];
        if (k0 < K) {
            As[buf ^ 1][ty][tx] = a;
            Bs[buf ^ 1][ty][tx] = b;
        }
        __syncthreads();
        buf ^= 1;
    }
    if (row < M && col < N) C[row * N + col] = acc;
}
