extern "C" __global__ void csr_spmv_scalar(const int* __restrict__ rowPtr, const int* __restrict__ colIdx,
    const double* __restrict__ vals, const double* __restrict__ x, double* __restrict__ y, int rows, double alpha, double beta)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    double s = 0.0;
    int e = rowPtr[r + 1];
    for (int k = rowPtr[r]; k < e; ++k) s += vals[k] * __ldg(&x[colIdx[k]]);
    y[r] = alpha * s + (beta != 0.0 ? beta * y[r] : 0.0);
}

extern "C" __global__ void __launch_bounds__(512) csr_spmv_vector(const int* __restrict__ rowPtr, const int* __restrict__ colIdx,
    const float* __restrict__ vals, const float* __restrict__ x, float* __restrict__ y, int rows)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= rows) return;
    int s = rowPtr[warp], e = rowPtr[warp + 1];
    float sum = 0.f;
    if (e - s > 32) {
        int k = s - (s & 31) + lane;
        if (k >= s && k < e) sum += vals[k] * __ldg(&x[colIdx[k]]);
        for (k += 32; k < e; k += 32) sum += vals[k] * __ldg(&x[colIdx[k]]);
    } else {
        for (int k = s + lane; k < e; k += 32) sum += vals[k] * __ldg(&x[colIdx[k]]);
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, o);
    if (lane == 0) y[warp] = sum;
}

extern "C" __global__ void ell_spmv_complex(const int* __restrict__ cols, const float2* __restrict__ vals,
    const float2* __restrict__ x, float2* __restrict__ y, int rows, int width)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float2 acc = make_float2(0.f, 0.f);
#pragma unroll 4
    for (int k = 0; k < width; ++k) {
        int c = cols[k * rows + r];
        if (c < 0) break;
        float2 a = vals[k * rows + r], b = __ldg(&x[c]);
        acc.x += a.x * b.x - a.y * b.y;
        acc.y += a.x * b.y + a.y * b.x;
    }
    y[r] = acc;
}
