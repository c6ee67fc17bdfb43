// Reduction, step 5 as first published: the last six steps run by the first warp alone, through
// a volatile pointer and without any synchronisation ("warp-synchronous" programming).
//
// SHARED_RACE (yes): since Volta the lanes of a warp are not guaranteed to run in lockstep.
// Lane t reads sdata[t + 16] (then + 8, + 4 ...) which lane t + 16 writes in the same sequence of
// statements, with neither __syncthreads nor __syncwarp between the write and the read: a data
// race under the CUDA memory model. volatile only stops the compiler from caching the value.
#ifndef TYPE
#define TYPE float
#endif
__device__ void warp_reduce(volatile TYPE *sdata, unsigned tid)
{
    sdata[tid] += sdata[tid + 32];
    sdata[tid] += sdata[tid + 16];
    sdata[tid] += sdata[tid + 8];
    sdata[tid] += sdata[tid + 4];
    sdata[tid] += sdata[tid + 2];
    sdata[tid] += sdata[tid + 1];
}

extern "C" __global__ void red5_warp_volatile(const TYPE *g_in, TYPE *g_out, unsigned n)
{
    extern __shared__ unsigned char smem_raw[];
    TYPE *sdata = reinterpret_cast<TYPE *>(smem_raw);
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
    TYPE sum = (i < n) ? g_in[i] : (TYPE)0;
    if (i + blockDim.x < n)
        sum += g_in[i + blockDim.x];
    sdata[tid] = sum;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s)
            sdata[tid] = sum = sum + sdata[tid + s];
        __syncthreads();
    }
    if (tid < 32)
        warp_reduce(sdata, tid);
    if (tid == 0)
        g_out[blockIdx.x] = sdata[0];
}
