// r07_hillis_steele_scan.cu
// Row-wise inclusive prefix sum of a rows x 1024 float matrix (one row per block),
// naive Hillis-Steele scan in shared memory (log2(1024) = 10 steps).
// Launch: blockDim = (1024,1,1), gridDim = (rows,1,1), no dynamic shared memory.
#define N 1024

extern "C" __global__ void __launch_bounds__(N)
scan_rows_race(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s[N];
    const int tid = threadIdx.x;
    const size_t base = (size_t)blockIdx.x * N;

    s[tid] = in[base + tid];
    __syncthreads();
    for (int off = 1; off < N; off <<= 1) {
        if (tid >= off) s[tid] += s[tid - off];
        __syncthreads();
    }
    out[base + tid] = s[tid];
}

extern "C" __global__ void __launch_bounds__(N)
scan_rows_ok(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s[2][N];                 // double buffered (GPU Gems 3, ch. 39)
    const int tid = threadIdx.x;
    const size_t base = (size_t)blockIdx.x * N;
    int pout = 0, pin = 1;

    s[pout][tid] = in[base + tid];
    __syncthreads();
    for (int off = 1; off < N; off <<= 1) {
        pout = 1 - pout;
        pin  = 1 - pout;
        if (tid >= off) s[pout][tid] = s[pin][tid] + s[pin][tid - off];
        else            s[pout][tid] = s[pin][tid];
        __syncthreads();
    }
    out[base + tid] = s[pout][tid];
}
