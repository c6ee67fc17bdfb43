// Whole blocks past the limit return: every thread of a block takes the same path.
extern "C" __global__ void uniform_exit_ok(const float *in, float *out, int nblocks)
{
    __shared__ float s[256];
    if (blockIdx.x >= nblocks)
        return;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = in[i];
    __syncthreads();
    out[i] = s[255 - threadIdx.x];
}
