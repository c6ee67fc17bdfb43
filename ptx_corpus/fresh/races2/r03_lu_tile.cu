#define LU_MAX 32

extern "C" __global__ void __launch_bounds__(1024)
lu_nopiv_race(float* __restrict__ mats, int n)
{
    __shared__ float s[LU_MAX][LU_MAX + 1];
    int c = threadIdx.x, r = threadIdx.y;
    bool act = (r < n && c < n);
    float* M = mats + (size_t)blockIdx.x * n * n;

    if (act) s[r][c] = M[r * n + c];
    __syncthreads();

    for (int k = 0; k < n - 1; ++k) {
        if (act && c == k && r > k)
            s[r][k] = s[r][k] / s[k][k];
        if (act && r > k && c > k)
            s[r][c] -= s[r][k] * s[k][c];
        __syncthreads();
    }

    if (act) M[r * n + c] = s[r][c];
}

extern "C" __global__ void __launch_bounds__(1024)
lu_nopiv_ok(float* __restrict__ mats, int n)
{
    __shared__ float s[LU_MAX][LU_MAX + 1];
    int c = threadIdx.x, r = threadIdx.y;
    bool act = (r < n && c < n);
    float* M = mats + (size_t)blockIdx.x * n * n;

    if (act) s[r][c] = M[r * n + c];
    __syncthreads();

    for (int k = 0; k < n - 1; ++k) {
        if (act && c == k && r > k)
            s[r][k] = s[r][k] / s[k][k];
        __syncthreads();
        if (act && r > k && c > k)
            s[r][c] -= s[r][k] * s[k][c];
        __syncthreads();
    }

    if (act) M[r * n + c] = s[r][c];
}
