// A barrier inside a branch on the thread index.
extern "C" __global__ void divergent_barrier(float *data)
{
    __shared__ float s[256];
    int t = threadIdx.x;
    s[t] = data[blockIdx.x * 256 + t];
    if (t < 128) {
        __syncthreads();
        s[t] += s[t + 128];
    }
    data[blockIdx.x * 256 + t] = s[t];
}
