#define CX 32
#define CY 8

extern "C" __global__ void __launch_bounds__(CX * CY)
col_mean_race(const float* __restrict__ A, float* __restrict__ mean, int m, int n)
{
    __shared__ float s[CY][CX];
    int tx = threadIdx.x, ty = threadIdx.y;
    int col = blockIdx.x * CX + tx;
    float acc = 0.0f;
    if (col < n)
        for (int r = ty; r < m; r += CY) acc += A[(size_t)r * n + col];
    s[ty][tx] = acc;
    __syncthreads();

#pragma unroll
    for (int st = CY / 2; st > 0; st >>= 1) {
        if (ty + st < CY) s[ty][tx] += s[ty + st][tx];
        __syncthreads();
    }
    if (ty == 0 && col < n) mean[col] = s[0][tx] / (float)m;
}

extern "C" __global__ void __launch_bounds__(CX * CY)
col_mean_ok(const float* __restrict__ A, float* __restrict__ mean, int m, int n)
{
    __shared__ float s[CY][CX];
    int tx = threadIdx.x, ty = threadIdx.y;
    int col = blockIdx.x * CX + tx;
    float acc = 0.0f;
    if (col < n)
        for (int r = ty; r < m; r += CY) acc += A[(size_t)r * n + col];
    s[ty][tx] = acc;
    __syncthreads();

#pragma unroll
    for (int st = CY / 2; st > 0; st >>= 1) {
        if (ty < st) s[ty][tx] += s[ty + st][tx];
        __syncthreads();
    }
    if (ty == 0 && col < n) mean[col] = s[0][tx] / (float)m;
}
