// Convolution with filter in __constant__ memory
#define KR 7
__constant__ float c_filter2d[(2 * KR + 1) * (2 * KR + 1)];
__constant__ float c_filter1d[33];

extern "C" __global__ void conv2d_const15(const float* __restrict__ img, float* __restrict__ out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float s = 0.f;
#pragma unroll
    for (int dy = -KR; dy <= KR; ++dy) {
        int yy = min(max(y + dy, 0), h - 1);
#pragma unroll
        for (int dx = -KR; dx <= KR; ++dx) {
            int xx = min(max(x + dx, 0), w - 1);
            s += img[yy * w + xx] * c_filter2d[(dy + KR) * (2 * KR + 1) + dx + KR];
        }
    }
    out[y * w + x] = s;
}

extern "C" __global__ void conv1d_rows_smem(const float* __restrict__ in, float* __restrict__ out, int w, int h, int radius)
{
    extern __shared__ float srow[];
    int y = blockIdx.y;
    int x0 = blockIdx.x * blockDim.x;
    for (int i = threadIdx.x; i < blockDim.x + 2 * radius; i += blockDim.x) {
        int gx = min(max(x0 + i - radius, 0), w - 1);
        srow[i] = in[(size_t)y * w + gx];
    }
    __syncthreads();
    int x = x0 + threadIdx.x;
    if (x >= w) return;
    float s = 0.f;
    for (int k = -radius; k <= radius; ++k) s += srow[threadIdx.x + radius + k] * c_filter1d[k + radius];
    out[(size_t)y * w + x] = s;
}
