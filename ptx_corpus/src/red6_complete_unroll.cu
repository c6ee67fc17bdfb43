// Reduction, step 6: the block size is a template parameter, so every step of the tree is
// unrolled and the tests on blockSize vanish at compile time; the last warp uses shuffles.
// Corpus mutants (BLOCK 256): threads with tid > 200 return before the first barrier (_tid_exit:
// divergence), or branch over it (_tid_skip: divergence, and the reads of s[tid + 128] then race
// with the stores of the threads that skipped it; _block_skip: whole blocks skip it, a race only).
#ifndef BLOCK
#define BLOCK 256
#endif
template <unsigned blockSize, typename T>
__device__ void reduce_block(const T *g_in, T *g_out, unsigned n, T *sdata)
{
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (blockSize * 2) + threadIdx.x;
    T sum = (i < n) ? g_in[i] : T(0);
    if (i + blockSize < n)
        sum += g_in[i + blockSize];
    sdata[tid] = sum;
    __syncthreads();
    if (blockSize >= 1024 && tid < 512)
        sdata[tid] = sum = sum + sdata[tid + 512];
    __syncthreads();
    if (blockSize >= 512 && tid < 256)
        sdata[tid] = sum = sum + sdata[tid + 256];
    __syncthreads();
    if (blockSize >= 256 && tid < 128)
        sdata[tid] = sum = sum + sdata[tid + 128];
    __syncthreads();
    if (blockSize >= 128 && tid < 64)
        sdata[tid] = sum = sum + sdata[tid + 64];
    __syncthreads();
    if (tid < 32) {
        if (blockSize >= 64)
            sum += sdata[tid + 32];
        for (int offset = 16; offset > 0; offset /= 2)
            sum += __shfl_down_sync(0xffffffffu, sum, offset);
    }
    if (tid == 0)
        g_out[blockIdx.x] = sum;
}

extern "C" __global__ void red6_complete_unroll(const float *g_in, float *g_out, unsigned n)
{
    __shared__ float sdata[BLOCK];
    reduce_block<BLOCK>(g_in, g_out, n, sdata);
}
