// 2-D convolution with a halo tile, and a row filter with explicit halo loads.

#define C2_R 2
#define C2_T 16
#define C2_S (C2_T + 2 * C2_R)
__constant__ float c_k2d[(2 * C2_R + 1) * (2 * C2_R + 1)];

// 5x5 convolution, zero padding outside the image.
// Launch: blockDim = (16, 16), gridDim = (ceil(w/16), ceil(h/16))
extern "C" __global__ void __launch_bounds__(256)
conv2d_halo(float* __restrict__ out, const float* __restrict__ in, int w, int h)
{
    __shared__ float tile[C2_S][C2_S];
    int tid = threadIdx.y * blockDim.x + threadIdx.x;
    int x0 = blockIdx.x * C2_T - C2_R;
    int y0 = blockIdx.y * C2_T - C2_R;
    for (int i = tid; i < C2_S * C2_S; i += blockDim.x * blockDim.y) {
        int r = i / C2_S, c = i % C2_S;
        int gx = x0 + c, gy = y0 + r;
        float v = 0.0f;
        if (gx >= 0 && gx < w && gy >= 0 && gy < h) v = in[(size_t)gy * w + gx];
        tile[r][c] = v;
    }
    __syncthreads();
    int gx = blockIdx.x * C2_T + threadIdx.x;
    int gy = blockIdx.y * C2_T + threadIdx.y;
    if (gx < w && gy < h) {
        float sum = 0.0f;
        for (int dy = 0; dy <= 2 * C2_R; ++dy)
            for (int dx = 0; dx <= 2 * C2_R; ++dx)
                sum += c_k2d[dy * (2 * C2_R + 1) + dx] * tile[threadIdx.y + dy][threadIdx.x + dx];
        out[(size_t)gy * w + gx] = sum;
    }
}

#define HR 4
#define HT 128

// 9-tap row filter; weights are loaded into shared memory once per block.
// Launch: blockDim = 128, gridDim = (ceil(w/128), G) for any G >= 1; w >= 1
extern "C" __global__ void __launch_bounds__(HT)
conv_rows_halo4(float* __restrict__ dst, const float* __restrict__ src, const float* __restrict__ weights,
                int w, int h)
{
    __shared__ float s[HT + 2 * HR];
    __shared__ float wk[2 * HR + 1];
    int tid = threadIdx.x;
    if (tid < 2 * HR + 1) wk[tid] = weights[tid];
    int bx0 = blockIdx.x * HT;
    int x = bx0 + tid;
    for (int y = blockIdx.y; y < h; y += gridDim.y) {
        const float* row = src + (size_t)y * w;
        s[HR + tid] = row[min(x, w - 1)];
        if (tid < HR) {
            s[tid] = row[max(bx0 + tid - HR, 0)];
            s[HR + HT - 1 + tid] = row[min(bx0 + HT + tid, w - 1)];
        }
        __syncthreads();
        if (x < w) {
            float sum = 0.0f;
#pragma unroll
            for (int k = 0; k <= 2 * HR; ++k) sum += wk[k] * s[tid + k];
            dst[(size_t)y * w + x] = sum;
        }
        __syncthreads();
    }
}
