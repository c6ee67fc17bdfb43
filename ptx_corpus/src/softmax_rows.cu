// One block per row: max, then sum of exponentials, then normalise; blockDim.x == 256.
extern "C" __global__ void softmax_rows(const float *in, float *out, int cols)
{
    __shared__ float red[256];
    const float *row = in + (size_t)blockIdx.x * cols;
    float *orow = out + (size_t)blockIdx.x * cols;
    int t = threadIdx.x;
    float m = -3.0e38f;
    for (int j = t; j < cols; j += 256)
        m = fmaxf(m, row[j]);
    red[t] = m;
    __syncthreads();
    for (int s = 128; s > 0; s >>= 1) {
        if (t < s)
            red[t] = fmaxf(red[t], red[t + s]);
        __syncthreads();
    }
    m = red[0];
    __syncthreads();
    float sum = 0.0f;
    for (int j = t; j < cols; j += 256)
        sum += __expf(row[j] - m);
    red[t] = sum;
    __syncthreads();
    for (int s = 128; s > 0; s >>= 1) {
        if (t < s)
            red[t] += red[t + s];
        __syncthreads();
    }
    float inv = 1.0f / red[0];
    for (int j = t; j < cols; j += 256)
        orow[j] = __expf(row[j] - m) * inv;
}
