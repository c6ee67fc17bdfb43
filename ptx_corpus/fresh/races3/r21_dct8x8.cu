// 2-D DCT-II of four 8x8 double blocks per CTA: row pass then column pass through a shared temp. blockDim = (8,8,4).
template <bool FIX>
__device__ __forceinline__ void dct_body(const double* __restrict__ in, double* __restrict__ out)
{
    __shared__ double s[4][8][8];
    __shared__ double T[4][8][8];
    int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
    size_t base = ((size_t)blockIdx.x * 4 + z) * 64;
    s[z][y][x] = in[base + y * 8 + x];
    __syncwarp();                        // row y of block z lives in one warp
    double cx = (x == 0) ? 0.35355339059327373 : 0.5;
    double a = 0.0;
#pragma unroll
    for (int k = 0; k < 8; k++) a += s[z][y][k] * cospi((2 * k + 1) * x / 16.0);
    T[z][y][x] = cx * a;
    if (FIX) __syncthreads(); else __syncwarp();   // bug: column pass spans both warps of the 8x8 block
    double cy = (y == 0) ? 0.35355339059327373 : 0.5;
    double b = 0.0;
#pragma unroll
    for (int k = 0; k < 8; k++) b += T[z][k][x] * cospi((2 * k + 1) * y / 16.0);
    out[base + y * 8 + x] = cy * b;
}
extern "C" __global__ void __launch_bounds__(256) dct8x8_race(const double* in, double* out)
{ dct_body<false>(in, out); }
extern "C" __global__ void __launch_bounds__(256) dct8x8_ok(const double* in, double* out)
{ dct_body<true>(in, out); }
