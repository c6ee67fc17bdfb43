// Bitonic sort of 2 * blockDim.x (key, value) pairs in shared memory; one block sorts one
// array of N pairs, N a power of two, each thread handles two positions per step.
// Corpus mutant sort_bitonic_shared_nolastbar deletes the last barrier: the write-out reads keys
// that other threads swap in the last step (a race).
#ifndef N
#define N 1024
#endif
__device__ inline void compare_swap(unsigned &ka, unsigned &va, unsigned &kb, unsigned &vb, bool up)
{
    if ((ka > kb) == up) {
        unsigned t = ka; ka = kb; kb = t;
        t = va; va = vb; vb = t;
    }
}

extern "C" __global__ void sort_bitonic_shared(unsigned *d_key, unsigned *d_val, unsigned dir)
{
    __shared__ unsigned s_key[N], s_val[N];
    unsigned tid = threadIdx.x;
    d_key += blockIdx.x * N;
    d_val += blockIdx.x * N;
    s_key[tid] = d_key[tid];
    s_val[tid] = d_val[tid];
    s_key[tid + N / 2] = d_key[tid + N / 2];
    s_val[tid + N / 2] = d_val[tid + N / 2];
    for (unsigned size = 2; size < N; size <<= 1) {
        bool up = dir ^ ((tid & (size / 2)) != 0);
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            unsigned pos = 2 * tid - (tid & (stride - 1));
            compare_swap(s_key[pos], s_val[pos], s_key[pos + stride], s_val[pos + stride], up);
        }
    }
    for (unsigned stride = N / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        unsigned pos = 2 * tid - (tid & (stride - 1));
        compare_swap(s_key[pos], s_val[pos], s_key[pos + stride], s_val[pos + stride], dir != 0);
    }
    __syncthreads();
    d_key[tid] = s_key[tid];
    d_val[tid] = s_val[tid];
    d_key[tid + N / 2] = s_key[tid + N / 2];
    d_val[tid + N / 2] = s_val[tid + N / 2];
}
