// Nested loops with runtime trip counts; pairwise distances
extern "C" __global__ void pairwise_l2(const float* __restrict__ A, const float* __restrict__ B,
                                       float* __restrict__ D, int na, int nb, int dim)
{
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= na || j >= nb) return;
    const float* a = A + (size_t)i * dim;
    const float* b = B + (size_t)j * dim;
    float acc = 0.f;
    int d = 0;
#pragma unroll 2
    for (; d + 4 <= dim; d += 4) {
        float d0 = a[d] - b[d], d1 = a[d+1] - b[d+1], d2 = a[d+2] - b[d+2], d3 = a[d+3] - b[d+3];
        acc += d0*d0 + d1*d1 + d2*d2 + d3*d3;
    }
    for (; d < dim; ++d) { float t = a[d] - b[d]; acc += t * t; }
    D[(size_t)i * nb + j] = sqrtf(acc);
}

extern "C" __global__ void box_blur_runtime(const float* in, float* out, int w, int h, int r)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float s = 0.f; int cnt = 0;
    for (int dy = -r; dy <= r; ++dy) {
        int yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (int dx = -r; dx <= r; ++dx) {
            int xx = x + dx;
            if (xx < 0 || xx >= w) continue;
            s += in[yy * w + xx]; ++cnt;
        }
    }
    out[y * w + x] = s / cnt;
}
