// Batcher's odd-even merge sort of N keys in shared memory, 2 keys per thread. Every
// (size, stride) step is separated from the next by a barrier.
#ifndef N
#define N 1024
#endif
extern "C" __global__ void sort_oddeven_merge(unsigned *d_key, unsigned dir)
{
    __shared__ unsigned s_key[N];
    unsigned tid = threadIdx.x;
    d_key += blockIdx.x * N;
    s_key[tid] = d_key[tid];
    s_key[tid + N / 2] = d_key[tid + N / 2];
    for (unsigned size = 2; size <= N; size <<= 1) {
        unsigned stride = size / 2;
        unsigned offset = tid & (stride - 1);
        {
            __syncthreads();
            unsigned pos = 2 * tid - offset;
            unsigned a = s_key[pos], b = s_key[pos + stride];
            if ((a > b) == (dir != 0)) {
                s_key[pos] = b;
                s_key[pos + stride] = a;
            }
            stride >>= 1;
        }
        for (; stride > 0; stride >>= 1) {
            __syncthreads();
            unsigned pos = 2 * tid - (tid & (stride - 1));
            if (offset >= stride) {
                unsigned a = s_key[pos - stride], b = s_key[pos];
                if ((a > b) == (dir != 0)) {
                    s_key[pos - stride] = b;
                    s_key[pos] = a;
                }
            }
        }
    }
    __syncthreads();
    d_key[tid] = s_key[tid];
    d_key[tid + N / 2] = s_key[tid + N / 2];
}
