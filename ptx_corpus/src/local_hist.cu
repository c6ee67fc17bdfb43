// A per-thread histogram indexed by the data: the array stays in local memory.
#ifndef N
#define N 16
#endif
extern "C" __global__ void local_hist(const unsigned *data, unsigned *out, int per_thread)
{
    unsigned h[N];
    for (int j = 0; j < N; j++)
        h[j] = 0;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < per_thread; k++)
        h[data[k * gridDim.x * blockDim.x + t] % N]++;
    unsigned best = 0;
    for (int j = 0; j < N; j++)
        best = h[j] > best ? h[j] : best;
    out[t] = best;
}
