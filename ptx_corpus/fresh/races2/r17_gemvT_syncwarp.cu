#define TD 32
#define TR 8

extern "C" __global__ void __launch_bounds__(TD * TR)
gemv_t_race(const float* __restrict__ A, const float* __restrict__ x,
            float* __restrict__ y, int m, int n)
{
    __shared__ float tile[TD][TD + 1];
    __shared__ float xs[TD];
    __shared__ float red[TR][TD + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int col = blockIdx.x * TD + tx;
    float acc = 0.0f;

    for (int r0 = 0; r0 < m; r0 += TD) {
#pragma unroll
        for (int i = 0; i < TD; i += TR) {
            int r = r0 + ty + i;
            tile[ty + i][tx] = (r < m && col < n) ? A[(size_t)r * n + col] : 0.0f;
        }
        if (ty == 0) xs[tx] = (r0 + tx < m) ? x[r0 + tx] : 0.0f;
        __syncwarp();
#pragma unroll
        for (int q = 0; q < TD / TR; ++q) {
            int rr = ty * (TD / TR) + q;
            acc += tile[rr][tx] * xs[rr];
        }
        __syncthreads();
    }

    red[ty][tx] = acc;
    __syncthreads();
    if (ty == 0) {
        float s = 0.0f;
#pragma unroll
        for (int k = 0; k < TR; ++k) s += red[k][tx];
        if (col < n) y[col] = s;
    }
}

extern "C" __global__ void __launch_bounds__(TD * TR)
gemv_t_ok(const float* __restrict__ A, const float* __restrict__ x,
          float* __restrict__ y, int m, int n)
{
    __shared__ float tile[TD][TD + 1];
    __shared__ float xs[TD];
    __shared__ float red[TR][TD + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int col = blockIdx.x * TD + tx;
    float acc = 0.0f;

    for (int r0 = 0; r0 < m; r0 += TD) {
#pragma unroll
        for (int i = 0; i < TD; i += TR) {
            int r = r0 + ty + i;
            tile[ty + i][tx] = (r < m && col < n) ? A[(size_t)r * n + col] : 0.0f;
        }
        if (ty == 0) xs[tx] = (r0 + tx < m) ? x[r0 + tx] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int q = 0; q < TD / TR; ++q) {
            int rr = ty * (TD / TR) + q;
            acc += tile[rr][tx] * xs[rr];
        }
        __syncthreads();
    }

    red[ty][tx] = acc;
    __syncthreads();
    if (ty == 0) {
        float s = 0.0f;
#pragma unroll
        for (int k = 0; k < TR; ++k) s += red[k][tx];
        if (col < n) y[col] = s;
    }
}
