extern "C" __global__ void integral_rows(const unsigned char* __restrict__ img, unsigned int* __restrict__ sat,
    int w, int h)
{
    __shared__ unsigned int buf[1024];
    __shared__ unsigned int warpSums[32];
    int row = blockIdx.x;
    unsigned int carry = 0;
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    for (int base = 0; base < w; base += blockDim.x) {
        int x = base + threadIdx.x;
        unsigned int v = x < w ? img[row * w + x] : 0u;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            unsigned int n = __shfl_up_sync(0xffffffffu, v, o);
            if (lane >= o) v += n;
        }
        if (lane == 31) warpSums[wid] = v;
        __syncthreads();
        if (wid == 0) {
            unsigned int s = lane < (blockDim.x >> 5) ? warpSums[lane] : 0u;
#pragma unroll
            for (int o = 1; o < 32; o <<= 1) {
                unsigned int n = __shfl_up_sync(0xffffffffu, s, o);
                if (lane >= o) s += n;
            }
            warpSums[lane] = s;
        }
        __syncthreads();
        if (wid > 0) v += warpSums[wid - 1];
        v += carry;
        if (x < w) sat[row * w + x] = v;
        buf[threadIdx.x] = v;
        __syncthreads();
        carry = buf[blockDim.x - 1];
        __syncthreads();
    }
}

extern "C" __global__ void integral_cols(unsigned int* __restrict__ sat, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= w) return;
    unsigned int acc = 0;
#pragma unroll 4
    for (int y = 0; y < h; ++y) {
        acc += sat[y * w + x];
        sat[y * w + x] = acc;
    }
}

extern "C" __global__ void box_filter_from_sat(const unsigned int* __restrict__ sat, float* __restrict__ out,
    int w, int h, int r)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    int x0 = max(x - r - 1, -1), x1 = min(x + r, w - 1);
    int y0 = max(y - r - 1, -1), y1 = min(y + r, h - 1);
    unsigned int A = (x0 >= 0 && y0 >= 0) ? sat[y0 * w + x0] : 0u;
    unsigned int B = (y0 >= 0) ? sat[y0 * w + x1] : 0u;
    unsigned int C = (x0 >= 0) ? sat[y1 * w + x0] : 0u;
    unsigned int D = sat[y1 * w + x1];
    float area = (float)((x1 - x0) * (y1 - y0));
    out[y * w + x] = (float)(D - B - C + A) / area;
}
