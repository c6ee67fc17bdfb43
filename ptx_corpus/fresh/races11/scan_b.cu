// More block scans: per-thread serial chunks + block scan of chunk totals,
// and a single-block scan of a long array that walks 256-element tiles with a carry.

// Launch: blockDim = 256, gridDim = ceil(n / seg), 1 <= seg <= 8192,
//         dynamic shared memory = (seg + 256) * sizeof(int)
extern "C" __global__ void __launch_bounds__(256)
scan_multi_element(const int* __restrict__ in, int* __restrict__ out, int n, int seg)
{
    extern __shared__ int sm[];
    int* data = sm;
    int* tot = sm + seg;
    int tid = threadIdx.x;
    int nt = blockDim.x;
    int base = blockIdx.x * seg;
    int len = min(seg, n - base);
    for (int i = tid; i < len; i += nt) data[i] = in[base + i];
    __syncthreads();
    int chunk = (len + nt - 1) / nt;
    int beg = tid * chunk;
    int end = min(beg + chunk, len);
    int run = 0;
    for (int i = beg; i < end; ++i) {
        run += data[i];
        data[i] = run;
    }
    tot[tid] = run;
    __syncthreads();
    for (int off = 1; off < nt; off <<= 1) {
        int v = (tid >= off) ? tot[tid - off] : 0;
        __syncthreads();
        tot[tid] += v;
        __syncthreads();
    }
    int prefix = (tid > 0) ? tot[tid - 1] : 0;
    for (int i = beg; i < end; ++i) data[i] += prefix;
    __syncthreads();
    for (int i = tid; i < len; i += nt) out[base + i] = data[i];
}

// Launch: blockDim = 256, gridDim = 1 (one block walks the whole array)
extern "C" __global__ void __launch_bounds__(256)
scan_tiles_carry(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float s[256];
    __shared__ float carry;
    int tid = threadIdx.x;
    if (tid == 0) carry = 0.0f;
    int ntiles = (n + 255) / 256;
    for (int t = 0; t < ntiles; ++t) {
        int g = t * 256 + tid;
        s[tid] = (g < n) ? in[g] : 0.0f;
        __syncthreads();
        for (int off = 1; off < 256; off <<= 1) {
            if (tid >= off) s[tid] += s[tid - off];
            __syncthreads();
        }
        if (g < n) out[g] = s[tid] + carry;
        __syncthreads();
        if (tid == 255) carry += s[255];
        __syncthreads();
    }
}
