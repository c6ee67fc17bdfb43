#define GV_T 256

extern "C" __global__ void __launch_bounds__(GV_T)
gemv_xbuf_race(const float* __restrict__ A, const float* __restrict__ x,
               float* __restrict__ y, int m, int n)
{
    __shared__ float xs[2][GV_T];
    int tid = threadIdx.x;
    int row = blockIdx.x * GV_T + tid;
    int ntiles = (n + GV_T - 1) / GV_T;

    xs[0][tid] = (tid < n) ? x[tid] : 0.0f;
    __syncthreads();

    float acc = 0.0f;
    for (int t = 0; t < ntiles; ++t) {
        int cur = t & 1;
        if (t + 1 < ntiles) {
            int j = (t + 1) * GV_T + tid;
            xs[cur][tid] = (j < n) ? x[j] : 0.0f;
        }
        if (row < m) {
            int j0 = t * GV_T;
            int lim = min(GV_T, n - j0);
            const float* Ar = A + (size_t)row * n + j0;
            for (int k = 0; k < lim; ++k) acc += Ar[k] * xs[cur][k];
        }
        __syncthreads();
    }
    if (row < m) y[row] = acc;
}

extern "C" __global__ void __launch_bounds__(GV_T)
gemv_xbuf_ok(const float* __restrict__ A, const float* __restrict__ x,
             float* __restrict__ y, int m, int n)
{
    __shared__ float xs[2][GV_T];
    int tid = threadIdx.x;
    int row = blockIdx.x * GV_T + tid;
    int ntiles = (n + GV_T - 1) / GV_T;

    xs[0][tid] = (tid < n) ? x[tid] : 0.0f;
    __syncthreads();

    float acc = 0.0f;
    for (int t = 0; t < ntiles; ++t) {
        int cur = t & 1;
        if (t + 1 < ntiles) {
            int j = (t + 1) * GV_T + tid;
            xs[cur ^ 1][tid] = (j < n) ? x[j] : 0.0f;
        }
        if (row < m) {
            int j0 = t * GV_T;
            int lim = min(GV_T, n - j0);
            const float* Ar = A + (size_t)row * n + j0;
            for (int k = 0; k < lim; ++k) acc += Ar[k] * xs[cur][k];
        }
        __syncthreads();
    }
    if (row < m) y[row] = acc;
}
