__device__ __forceinline__ void cswap(float& a, float& b) { float t = fminf(a, b); b = fmaxf(a, b); a = t; }

extern "C" __global__ void __launch_bounds__(64, 8) median5x5(const float* __restrict__ in, float* __restrict__ out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float v[25];
#pragma unroll
    for (int j = 0; j < 5; ++j)
#pragma unroll
        for (int i = 0; i < 5; ++i) {
            int xx = min(max(x + i - 2, 0), w - 1);
            int yy = min(max(y + j - 2, 0), h - 1);
            v[j * 5 + i] = __ldg(in + yy * w + xx);
        }
    // partial selection: bubble the largest 12 out, median is max of remaining 13
#pragma unroll
    for (int p = 0; p < 13; ++p)
#pragma unroll
        for (int q = 0; q < 24 - p; ++q) cswap(v[q], v[q + 1]);
    out[y * w + x] = v[12];
}

extern "C" __global__ void dilate_erode_3x3(const unsigned char* __restrict__ in, unsigned char* __restrict__ dil,
    unsigned char* __restrict__ ero, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    int mx = 0, mn = 255;
#pragma unroll
    for (int j = -1; j <= 1; ++j)
#pragma unroll
        for (int i = -1; i <= 1; ++i) {
            int xx = x + i, yy = y + j;
            if (xx >= 0 && xx < w && yy >= 0 && yy < h) {
                int p = in[yy * w + xx];
                mx = max(mx, p); mn = min(mn, p);
            }
        }
    dil[y * w + x] = (unsigned char)mx;
    ero[y * w + x] = (unsigned char)mn;
}
