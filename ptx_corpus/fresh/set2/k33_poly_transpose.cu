#define NC 24
__constant__ double c_cheb[NC];

extern "C" __global__ void chebyshev_eval_clenshaw(const double* __restrict__ x, double* __restrict__ y, int n,
    double a, double b)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double t = (2.0 * x[i] - a - b) / (b - a);
    double b1 = 0.0, b2 = 0.0;
#pragma unroll
    for (int k = NC - 1; k >= 1; --k) {
        double tmp = 2.0 * t * b1 - b2 + c_cheb[k];
        b2 = b1; b1 = tmp;
    }
    y[i] = t * b1 - b2 + 0.5 * c_cheb[0];
}

extern "C" __global__ void poly_estrin_deg15(const float* __restrict__ x, const float* __restrict__ coef,
    float* __restrict__ y, int n, int nPoly)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int p = i % nPoly;
    float c[16];
#pragma unroll
    for (int k = 0; k < 16; ++k) c[k] = __ldg(&coef[p * 16 + k]);
    float v = x[i];
    float x2 = v * v, x4 = x2 * x2, x8 = x4 * x4;
    float p01 = fmaf(c[1], v, c[0]), p23 = fmaf(c[3], v, c[2]), p45 = fmaf(c[5], v, c[4]), p67 = fmaf(c[7], v, c[6]);
    float p89 = fmaf(c[9], v, c[8]), pab = fmaf(c[11], v, c[10]), pcd = fmaf(c[13], v, c[12]), pef = fmaf(c[15], v, c[14]);
    float q0 = fmaf(p23, x2, p01), q1 = fmaf(p67, x2, p45), q2 = fmaf(pab, x2, p89), q3 = fmaf(pef, x2, pcd);
    float r0 = fmaf(q1, x4, q0), r1 = fmaf(q3, x4, q2);
    y[i] = fmaf(r1, x8, r0);
}

#define TD 32
#define BRows 8
extern "C" __global__ void transpose_padded_double(const double* __restrict__ in, double* __restrict__ out, int w, int h)
{
    __shared__ double tile[TD][TD + 1];
    int x = blockIdx.x * TD + threadIdx.x;
    int y = blockIdx.y * TD + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TD; j += BRows)
        if (x < w && y + j < h) tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * w + x];
    __syncthreads();
    x = blockIdx.y * TD + threadIdx.x;
    y = blockIdx.x * TD + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TD; j += BRows)
        if (x < h && y + j < w) out[(size_t)(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}
