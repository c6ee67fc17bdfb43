#define FW_MAX 32

extern "C" __global__ void __launch_bounds__(FW_MAX * FW_MAX)
apsp_small_race(float* __restrict__ dist, int n)
{
    __shared__ float s[FW_MAX][FW_MAX + 1];
    int c = threadIdx.x, r = threadIdx.y;
    bool act = (r < n && c < n);
    float* D = dist + (size_t)blockIdx.x * n * n;

    if (act) s[r][c] = D[r * n + c];
    __syncthreads();

    for (int k = 0; k < n; ++k) {
        float dik = act ? s[r][k] : 0.f;
        float dkj = act ? s[k][c] : 0.f;
        float dij = act ? s[r][c] : 0.f;
        __syncthreads();
        if (act && dik + dkj < dij) s[r][c] = dik + dkj;
    }
    __syncthreads();

    if (act) D[r * n + c] = s[r][c];
}

extern "C" __global__ void __launch_bounds__(FW_MAX * FW_MAX)
apsp_small_ok(float* __restrict__ dist, int n)
{
    __shared__ float s[FW_MAX][FW_MAX + 1];
    int c = threadIdx.x, r = threadIdx.y;
    bool act = (r < n && c < n);
    float* D = dist + (size_t)blockIdx.x * n * n;

    if (act) s[r][c] = D[r * n + c];
    __syncthreads();

    for (int k = 0; k < n; ++k) {
        float dik = act ? s[r][k] : 0.f;
        float dkj = act ? s[k][c] : 0.f;
        float dij = act ? s[r][c] : 0.f;
        __syncthreads();
        if (act && dik + dkj < dij) s[r][c] = dik + dkj;
        __syncthreads();
    }

    if (act) D[r * n + c] = s[r][c];
}
