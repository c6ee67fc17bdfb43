#define GJ_MAX 16

extern "C" __global__ void __launch_bounds__(512)
gj_inverse_race(const float* __restrict__ A, float* __restrict__ Ainv, int n)
{
    __shared__ float aug[GJ_MAX][2 * GJ_MAX + 1];
    int c = threadIdx.x, r = threadIdx.y;
    bool act = (r < n && c < 2 * n);
    const float* Ab = A + (size_t)blockIdx.x * n * n;

    if (act) aug[r][c] = (c < n) ? Ab[r * n + c] : (c - n == r ? 1.0f : 0.0f);
    __syncthreads();

    for (int k = 0; k < n; ++k) {
        float piv = act ? aug[k][k] : 1.0f;
        if (act && r == k) aug[k][c] = aug[k][c] / piv;
        __syncthreads();

        float f  = act ? aug[r][k] : 0.0f;
        float pk = act ? aug[k][c] : 0.0f;
        __syncthreads();
        if (act && r != k) aug[r][c] -= f * pk;
        __syncthreads();
    }

    if (act && c >= n) Ainv[(size_t)blockIdx.x * n * n + r * n + (c - n)] = aug[r][c];
}

extern "C" __global__ void __launch_bounds__(512)
gj_inverse_ok(const float* __restrict__ A, float* __restrict__ Ainv, int n)
{
    __shared__ float aug[GJ_MAX][2 * GJ_MAX + 1];
    int c = threadIdx.x, r = threadIdx.y;
    bool act = (r < n && c < 2 * n);
    const float* Ab = A + (size_t)blockIdx.x * n * n;

    if (act) aug[r][c] = (c < n) ? Ab[r * n + c] : (c - n == r ? 1.0f : 0.0f);
    __syncthreads();

    for (int k = 0; k < n; ++k) {
        float piv = act ? aug[k][k] : 1.0f;
        __syncthreads();
        if (act && r == k) aug[k][c] = aug[k][c] / piv;
        __syncthreads();

        float f  = act ? aug[r][k] : 0.0f;
        float pk = act ? aug[k][c] : 0.0f;
        __syncthreads();
        if (act && r != k) aug[r][c] -= f * pk;
        __syncthreads();
    }

    if (act && c >= n) Ainv[(size_t)blockIdx.x * n * n + r * n + (c - n)] = aug[r][c];
}
