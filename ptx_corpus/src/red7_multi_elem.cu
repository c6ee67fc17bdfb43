// Reduction, step 7: each thread first sums many elements with a grid-stride loop (two per
// iteration), then the block reduces as in step 6. Works for any n and any grid size.
#ifndef BLOCK
#define BLOCK 256
#endif
#ifndef TYPE
#define TYPE float
#endif
extern "C" __global__ void __launch_bounds__(BLOCK) red7_multi_elem(const TYPE *g_in, TYPE *g_out, unsigned n)
{
    __shared__ TYPE sdata[BLOCK];
    unsigned tid = threadIdx.x;
    unsigned gridSize = BLOCK * 2 * gridDim.x;
    TYPE sum = 0;
    for (unsigned i = blockIdx.x * BLOCK * 2 + tid; i < n; i += gridSize) {
        sum += g_in[i];
        if (i + BLOCK < n)
            sum += g_in[i + BLOCK];
    }
    sdata[tid] = sum;
    __syncthreads();
#pragma unroll
    for (unsigned s = BLOCK / 2; s > 32; s >>= 1) {
        if (tid < s)
            sdata[tid] = sum = sum + sdata[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        if (BLOCK >= 64)
            sum += sdata[tid + 32];
        for (int offset = 16; offset > 0; offset /= 2)
            sum += __shfl_down_sync(0xffffffffu, sum, offset);
    }
    if (tid == 0)
        g_out[blockIdx.x] = sum;
}
