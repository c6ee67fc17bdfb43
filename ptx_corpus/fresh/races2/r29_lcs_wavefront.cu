#define LCS_MAXN 1024

extern "C" __global__ void __launch_bounds__(LCS_MAXN)
lcs_len_race(const char* __restrict__ A, const int* __restrict__ alen,
             const char* __restrict__ B, const int* __restrict__ blen,
             int stride, int* __restrict__ result)
{
    __shared__ int diag[2][LCS_MAXN + 1];
    int t = threadIdx.x;
    int n = alen[blockIdx.x], m = blen[blockIdx.x];
    const char* a = A + (size_t)blockIdx.x * stride;
    const char* b = B + (size_t)blockIdx.x * stride;

    for (int i = t; i <= LCS_MAXN; i += blockDim.x) { diag[0][i] = 0; diag[1][i] = 0; }
    __syncthreads();

    int i = t + 1;
    char ai = (i <= n) ? a[i - 1] : 0;
    for (int d = 2; d <= n + m; ++d) {
        int cur = d & 1, p1 = (d - 1) & 1, p2 = d & 1;
        int j = d - i;
        if (i <= n && j <= m) {
            int v = 0;
            if (j >= 1) {
                int up = diag[p1][i - 1], left = diag[p1][i], ul = diag[p2][i - 1];
                v = (ai == b[j - 1]) ? ul + 1 : max(up, left);
            }
            diag[cur][i] = v;
        }
        __syncthreads();
    }
    if (t == 0) result[blockIdx.x] = (n > 0 && m > 0) ? diag[(n + m) & 1][n] : 0;
}

extern "C" __global__ void __launch_bounds__(LCS_MAXN)
lcs_len_ok(const char* __restrict__ A, const int* __restrict__ alen,
           const char* __restrict__ B, const int* __restrict__ blen,
           int stride, int* __restrict__ result)
{
    __shared__ int diag[3][LCS_MAXN + 1];
    int t = threadIdx.x;
    int n = alen[blockIdx.x], m = blen[blockIdx.x];
    const char* a = A + (size_t)blockIdx.x * stride;
    const char* b = B + (size_t)blockIdx.x * stride;

    for (int i = t; i <= LCS_MAXN; i += blockDim.x) { diag[0][i] = 0; diag[1][i] = 0; diag[2][i] = 0; }
    __syncthreads();

    int i = t + 1;
    char ai = (i <= n) ? a[i - 1] : 0;
    for (int d = 2; d <= n + m; ++d) {
        int cur = d % 3, p1 = (d - 1) % 3, p2 = (d - 2) % 3;
        int j = d - i;
        if (i <= n && j <= m) {
            int v = 0;
            if (j >= 1) {
                int up = diag[p1][i - 1], left = diag[p1][i], ul = diag[p2][i - 1];
                v = (ai == b[j - 1]) ? ul + 1 : max(up, left);
            }
            diag[cur][i] = v;
        }
        __syncthreads();
    }
    if (t == 0) result[blockIdx.x] = (n > 0 && m > 0) ? diag[(n + m) % 3][n] : 0;
}
