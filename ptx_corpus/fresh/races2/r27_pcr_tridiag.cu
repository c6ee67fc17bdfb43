#define PCR_N 256

extern "C" __global__ void __launch_bounds__(PCR_N)
pcr_solve_race(const float* __restrict__ A, const float* __restrict__ B,
               const float* __restrict__ C, const float* __restrict__ D,
               float* __restrict__ X)
{
    __shared__ float a[PCR_N], b[PCR_N], c[PCR_N], d[PCR_N];
    int i = threadIdx.x;
    size_t off = (size_t)blockIdx.x * PCR_N;
    a[i] = A[off + i]; b[i] = B[off + i]; c[i] = C[off + i]; d[i] = D[off + i];
    __syncthreads();

    for (int s = 1; s < PCR_N; s <<= 1) {
        int lo = i - s, hi = i + s;
        float alpha = 0.f, gamma = 0.f;
        float na = 0.f, nc = 0.f, nb = b[i], nd = d[i];
        if (lo >= 0) {
            alpha = -a[i] / b[lo];
            na = alpha * a[lo];
            nb += alpha * c[lo];
            nd += alpha * d[lo];
        }
        if (hi < PCR_N) {
            gamma = -c[i] / b[hi];
            nc = gamma * c[hi];
            nb += gamma * a[hi];
            nd += gamma * d[hi];
        }
        a[i] = na; b[i] = nb; c[i] = nc; d[i] = nd;
        __syncthreads();
    }
    X[off + i] = d[i] / b[i];
}

extern "C" __global__ void __launch_bounds__(PCR_N)
pcr_solve_ok(const float* __restrict__ A, const float* __restrict__ B,
             const float* __restrict__ C, const float* __restrict__ D,
             float* __restrict__ X)
{
    __shared__ float a[PCR_N], b[PCR_N], c[PCR_N], d[PCR_N];
    int i = threadIdx.x;
    size_t off = (size_t)blockIdx.x * PCR_N;
    a[i] = A[off + i]; b[i] = B[off + i]; c[i] = C[off + i]; d[i] = D[off + i];
    __syncthreads();

    for (int s = 1; s < PCR_N; s <<= 1) {
        int lo = i - s, hi = i + s;
        float alpha = 0.f, gamma = 0.f;
        float na = 0.f, nc = 0.f, nb = b[i], nd = d[i];
        if (lo >= 0) {
            alpha = -a[i] / b[lo];
            na = alpha * a[lo];
            nb += alpha * c[lo];
            nd += alpha * d[lo];
        }
        if (hi < PCR_N) {
            gamma = -c[i] / b[hi];
            nc = gamma * c[hi];
            nb += gamma * a[hi];
            nd += gamma * d[hi];
        }
        __syncthreads();
        a[i] = na; b[i] = nb; c[i] = nc; d[i] = nd;
        __syncthreads();
    }
    X[off + i] = d[i] / b[i];
}
