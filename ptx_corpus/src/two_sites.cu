// Two barriers on the two sides of a thread-dependent branch.
extern "C" __global__ void two_sites(float *data)
{
    __shared__ float s[256];
    int t = threadIdx.x;
    if (t < 128) {
        s[t] = data[t];
        __syncthreads();
        data[t] = s[t + 128];
    } else {
        s[t] = 2.0f * data[t];
        __syncthreads();
        data[t] = s[t - 128];
    }
}
