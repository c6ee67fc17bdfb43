// Longest-common-subsequence length for a batch of string pairs, one pair per block.
// Thread i owns DP row i+1 and the block sweeps anti-diagonals d = r + c; only the last
// diagonals are kept in shared memory, indexed by row.
#include <cuda_runtime.h>

#define MAXN 256          // |A| <= blockDim.x = MAXN
#define MAXM 1024         // |B| <= MAXM

extern "C" __global__ void __launch_bounds__(MAXN)
lcs_wavefront_race(const char* __restrict__ A, const int* __restrict__ lenA,
                   const char* __restrict__ B, const int* __restrict__ lenB,
                   int lda, int ldb, int* __restrict__ result)
{
    __shared__ int  D[2][MAXN + 1];
    __shared__ char sB[MAXM];
    const int tid = threadIdx.x;
    const int N = lenA[blockIdx.x], M = lenB[blockIdx.x];
    const char* a = A + (size_t)blockIdx.x * lda;
    const char* b = B + (size_t)blockIdx.x * ldb;

    for (int j = tid; j < M; j += blockDim.x) sB[j] = b[j];
    for (int i = tid; i <= N; i += blockDim.x) { D[0][i] = 0; D[1][i] = 0; }
    const char ai = (tid < N) ? a[tid] : 0;
    const int r = tid + 1;
    __syncthreads();

    for (int d = 2; d <= N + M; ++d) {
        int c = d - r;
        if (tid < N && c >= 0 && c <= M) {
            int v = 0;
            if (c > 0) {
                int diag = D[(d - 2) % 2][r - 1];
                int up   = D[(d - 1) % 2][r - 1];
                int left = D[(d - 1) % 2][r];
                v = max(max(up, left), diag + (ai == sB[c - 1]));
            }
            D[d % 2][r] = v;
        }
        __syncthreads();
    }
    if (tid == N - 1)
        result[blockIdx.x] = D[(N + M) % 2][N];
}

extern "C" __global__ void __launch_bounds__(MAXN)
lcs_wavefront_ok(const char* __restrict__ A, const int* __restrict__ lenA,
                 const char* __restrict__ B, const int* __restrict__ lenB,
                 int lda, int ldb, int* __restrict__ result)
{
    __shared__ int  D[3][MAXN + 1];
    __shared__ char sB[MAXM];
    const int tid = threadIdx.x;
    const int N = lenA[blockIdx.x], M = lenB[blockIdx.x];
    const char* a = A + (size_t)blockIdx.x * lda;
    const char* b = B + (size_t)blockIdx.x * ldb;

    for (int j = tid; j < M; j += blockDim.x) sB[j] = b[j];
    for (int i = tid; i <= N; i += blockDim.x) { D[0][i] = 0; D[1][i] = 0; D[2][i] = 0; }
    const char ai = (tid < N) ? a[tid] : 0;
    const int r = tid + 1;
    __syncthreads();

    for (int d = 2; d <= N + M; ++d) {
        int c = d - r;
        if (tid < N && c >= 0 && c <= M) {
            int v = 0;
            if (c > 0) {
                int diag = D[(d - 2) % 3][r - 1];
                int up   = D[(d - 1) % 3][r - 1];
                int left = D[(d - 1) % 3][r];
                v = max(max(up, left), diag + (ai == sB[c - 1]));
            }
            D[d % 3][r] = v;
        }
        __syncthreads();
    }
    if (tid == N - 1)
        result[blockIdx.x] = D[(N + M) % 3][N];
}
