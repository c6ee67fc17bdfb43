// Per-thread arrays: dynamically indexed (local memory) vs statically indexed (registers)
extern "C" __global__ void histogram_private_dyn(const unsigned char* __restrict__ data, unsigned int* __restrict__ hist, int n)
{
    unsigned int local[32];
#pragma unroll
    for (int b = 0; b < 32; ++b) local[b] = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        local[data[i] >> 3]++;   // dynamic index -> local memory
    for (int b = 0; b < 32; ++b)
        if (local[b]) atomicAdd(hist + b, local[b]);
}

extern "C" __global__ void topk8_insertion(const float* __restrict__ scores, float* __restrict__ topv,
                                           int* __restrict__ topi, int cols, int rows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float v[8]; int id[8];
#pragma unroll
    for (int k = 0; k < 8; ++k) { v[k] = -INFINITY; id[k] = -1; }
    for (int c = 0; c < cols; ++c) {
        float s = scores[(size_t)r * cols + c];
        if (s > v[7]) {
            // static-index bubble insertion keeps arrays in registers
            v[7] = s; id[7] = c;
#pragma unroll
            for (int k = 7; k > 0; --k) {
                if (v[k] > v[k - 1]) {
                    float tv = v[k]; v[k] = v[k - 1]; v[k - 1] = tv;
                    int ti = id[k]; id[k] = id[k - 1]; id[k - 1] = ti;
                }
            }
        }
    }
#pragma unroll
    for (int k = 0; k < 8; ++k) { topv[r * 8 + k] = v[k]; topi[r * 8 + k] = id[k]; }
}

extern "C" __global__ void permute_dynamic(const float* __restrict__ in, const int* __restrict__ perm,
                                           float* __restrict__ out, int nrows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrows) return;
    float buf[24];
    for (int k = 0; k < 24; ++k) buf[k] = in[(size_t)r * 24 + k];
    for (int k = 0; k < 24; ++k) out[(size_t)r * 24 + k] = buf[perm[k] % 24] * (1.0f + k);
}
