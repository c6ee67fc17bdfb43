#define CH_MAX 32

extern "C" __global__ void __launch_bounds__(1024)
cholesky_race(float* __restrict__ mats, int n)
{
    __shared__ float s[CH_MAX][CH_MAX + 1];
    int c = threadIdx.x, r = threadIdx.y;
    bool act = (r < n && c < n);
    float* M = mats + (size_t)blockIdx.x * n * n;

    if (act) s[r][c] = M[r * n + c];
    __syncthreads();

    for (int k = 0; k < n; ++k) {
        if (r == k && c == k) s[k][k] = sqrtf(s[k][k]);
        if (act && c == k && r > k) s[r][k] = s[r][k] / s[k][k];
        __syncthreads();
        if (act && c > k && r >= c) s[r][c] -= s[r][k] * s[c][k];
        __syncthreads();
    }

    if (act) M[r * n + c] = (r >= c) ? s[r][c] : 0.0f;
}

extern "C" __global__ void __launch_bounds__(1024)
cholesky_ok(float* __restrict__ mats, int n)
{
    __shared__ float s[CH_MAX][CH_MAX + 1];
    int c = threadIdx.x, r = threadIdx.y;
    bool act = (r < n && c < n);
    float* M = mats + (size_t)blockIdx.x * n * n;

    if (act) s[r][c] = M[r * n + c];
    __syncthreads();

    for (int k = 0; k < n; ++k) {
        if (r == k && c == k) s[k][k] = sqrtf(s[k][k]);
        __syncthreads();
        if (act && c == k && r > k) s[r][k] = s[r][k] / s[k][k];
        __syncthreads();
        if (act && c > k && r >= c) s[r][c] -= s[r][k] * s[c][k];
        __syncthreads();
    }

    if (act) M[r * n + c] = (r >= c) ? s[r][c] : 0.0f;
}
