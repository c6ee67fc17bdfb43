// Inclusive Hillis-Steele block scan: each block scans blockDim.x consecutive elements and
// emits its total into block_sums[] (for a later add-offsets pass).
// Assumed launch: 1-D, any blockDim.x (<= 1024), dynamic shared memory = 2*blockDim.x*sizeof(float).

extern "C" __global__ void
hillis_steele_scan_race(const float* __restrict__ in, float* __restrict__ out,
                        float* __restrict__ block_sums, unsigned n)
{
    extern __shared__ float temp[];
    const unsigned tid = threadIdx.x;
    const unsigned bd  = blockDim.x;
    const unsigned gi  = blockIdx.x * bd + tid;

    temp[tid] = (gi < n) ? in[gi] : 0.f;
    __syncthreads();

    for (unsigned offset = 1; offset < bd; offset <<= 1) {
        if (tid >= offset)
            temp[tid] += temp[tid - offset];
        __syncthreads();
    }

    if (gi < n) out[gi] = temp[tid];
    if (tid == bd - 1) block_sums[blockIdx.x] = temp[tid];
}

extern "C" __global__ void
hillis_steele_scan_ok(const float* __restrict__ in, float* __restrict__ out,
                      float* __restrict__ block_sums, unsigned n)
{
    extern __shared__ float temp[];   // two buffers of blockDim.x floats
    const unsigned tid = threadIdx.x;
    const unsigned bd  = blockDim.x;
    const unsigned gi  = blockIdx.x * bd + tid;

    int pout = 0, pin = 1;
    temp[pout * bd + tid] = (gi < n) ? in[gi] : 0.f;
    __syncthreads();

    for (unsigned offset = 1; offset < bd; offset <<= 1) {
        pout = 1 - pout;
        pin  = 1 - pout;
        float v = temp[pin * bd + tid];
        if (tid >= offset)
            v += temp[pin * bd + tid - offset];
        temp[pout * bd + tid] = v;
        __syncthreads();
    }

    if (gi < n) out[gi] = temp[pout * bd + tid];
    if (tid == bd - 1) block_sums[blockIdx.x] = temp[pout * bd + tid];
}
