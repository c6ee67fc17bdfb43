// Each thread loops a data-dependent number of times with a barrier inside.
extern "C" __global__ void loop_exit_bug(const int *count, float *out)
{
    __shared__ float s[256];
    int t = threadIdx.x;
    float v = 0.0f;
    for (int k = 0; k < count[blockIdx.x * blockDim.x + t]; k++) {
        s[t] = v + k;
        __syncthreads();
        v += s[(t + 1) % 256];
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + t] = v;
}
