// Inclusive scan of one block (Hillis-Steele, double buffered); blockDim.x == 256.
extern "C" __global__ void scan_block(const float *in, float *out)
{
    __shared__ float buf[2][256];
    int t = threadIdx.x, src = 0;
    buf[0][t] = in[blockIdx.x * 256 + t];
    __syncthreads();
    for (int o = 1; o < 256; o <<= 1) {
        float v = buf[src][t];
        if (t >= o)
            v += buf[src][t - o];
        buf[1 - src][t] = v;
        src = 1 - src;
        __syncthreads();
    }
    out[blockIdx.x * 256 + t] = buf[src][t];
}
