// Small dense factorizations kept in shared memory, one matrix per block (batched).

#define LU_MAXN 64

// In-place LU without pivoting (Doolittle, right-looking); L has unit diagonal.
// Launch: blockDim = 256, gridDim = batch; 1 <= n <= 64; matrices diagonally dominant
extern "C" __global__ void __launch_bounds__(256)
lu_tile(float* __restrict__ Ab, int n)
{
    __shared__ float s[LU_MAXN * LU_MAXN];
    int tid = threadIdx.x;
    float* g = Ab + (size_t)blockIdx.x * n * n;
    for (int i = tid; i < n * n; i += blockDim.x) s[i] = g[i];
    __syncthreads();
    for (int k = 0; k < n - 1; ++k) {
        for (int i = k + 1 + tid; i < n; i += blockDim.x) s[i * n + k] /= s[k * n + k];
        __syncthreads();
        int m = n - k - 1;
        for (int idx = tid; idx < m * m; idx += blockDim.x) {
            int i = k + 1 + idx / m;
            int j = k + 1 + idx % m;
            s[i * n + j] -= s[i * n + k] * s[k * n + j];
        }
        __syncthreads();
    }
    for (int i = tid; i < n * n; i += blockDim.x) g[i] = s[i];
}

// Right-looking Cholesky, lower triangle; upper triangle of the result is zeroed.
// Launch: blockDim = 256, gridDim = batch; 1 <= n <= 64; matrices SPD
extern "C" __global__ void __launch_bounds__(256)
cholesky_tile(float* __restrict__ Ab, int n)
{
    __shared__ float s[LU_MAXN * LU_MAXN];
    int tid = threadIdx.x;
    float* g = Ab + (size_t)blockIdx.x * n * n;
    for (int i = tid; i < n * n; i += blockDim.x) s[i] = g[i];
    __syncthreads();
    for (int k = 0; k < n; ++k) {
        if (tid == 0) s[k * n + k] = sqrtf(s[k * n + k]);
        __syncthreads();
        for (int i = k + 1 + tid; i < n; i += blockDim.x) s[i * n + k] /= s[k * n + k];
        __syncthreads();
        int m = n - k - 1;
        for (int idx = tid; idx < m * m; idx += blockDim.x) {
            int i = k + 1 + idx / m;
            int j = k + 1 + idx % m;
            if (j > i) continue;
            s[i * n + j] -= s[i * n + k] * s[j * n + k];
        }
        __syncthreads();
    }
    for (int idx = tid; idx < n * n; idx += blockDim.x) {
        int i = idx / n, j = idx % n;
        g[idx] = (j <= i) ? s[idx] : 0.0f;
    }
}
