extern "C" __global__ void
wconv1d_race(const float* __restrict__ in, const float* __restrict__ wts,
             float* __restrict__ out, int n, int R)
{
    extern __shared__ float smem[];
    float* s_w  = smem;
    float* s_in = smem + 2 * R;
    int tid = threadIdx.x;
    int base = blockIdx.x * blockDim.x;
    int taps = 2 * R + 1;
    int span = blockDim.x + 2 * R;

    for (int i = tid; i < taps; i += blockDim.x) s_w[i] = wts[i];
    for (int i = tid; i < span; i += blockDim.x) {
        int g = base + i - R;
        s_in[i] = (g >= 0 && g < n) ? in[g] : 0.0f;
    }
    __syncthreads();

    int g = base + tid;
    if (g < n) {
        float acc = 0.0f;
        for (int k = 0; k < taps; ++k) acc += s_in[tid + k] * s_w[k];
        out[g] = acc;
    }
}

extern "C" __global__ void
wconv1d_ok(const float* __restrict__ in, const float* __restrict__ wts,
           float* __restrict__ out, int n, int R)
{
    extern __shared__ float smem[];
    float* s_w  = smem;
    float* s_in = smem + 2 * R + 1;
    int tid = threadIdx.x;
    int base = blockIdx.x * blockDim.x;
    int taps = 2 * R + 1;
    int span = blockDim.x + 2 * R;

    for (int i = tid; i < taps; i += blockDim.x) s_w[i] = wts[i];
    for (int i = tid; i < span; i += blockDim.x) {
        int g = base + i - R;
        s_in[i] = (g >= 0 && g < n) ? in[g] : 0.0f;
    }
    __syncthreads();

    int g = base + tid;
    if (g < n) {
        float acc = 0.0f;
        for (int k = 0; k < taps; ++k) acc += s_in[tid + k] * s_w[k];
        out[g] = acc;
    }
}
