extern "C" __global__ void cic_deposit_3d(const float4* __restrict__ parts, float* __restrict__ rho,
    int n, int nx, int ny, int nz, float invDx, float charge)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = parts[i];
    float gx = p.x * invDx - 0.5f, gy = p.y * invDx - 0.5f, gz = p.z * invDx - 0.5f;
    int ix = (int)floorf(gx), iy = (int)floorf(gy), iz = (int)floorf(gz);
    float fx = gx - ix, fy = gy - iy, fz = gz - iz;
    float wx[2] = {1.f - fx, fx}, wy[2] = {1.f - fy, fy}, wz[2] = {1.f - fz, fz};
    float q = charge * p.w;
#pragma unroll
    for (int c = 0; c < 2; ++c)
#pragma unroll
        for (int b = 0; b < 2; ++b)
#pragma unroll
            for (int a = 0; a < 2; ++a) {
                int x = (ix + a + nx) % nx, y = (iy + b + ny) % ny, z = (iz + c + nz) % nz;
                atomicAdd(&rho[(z * ny + y) * nx + x], q * wx[a] * wy[b] * wz[c]);
            }
}

extern "C" __global__ void tsc_deposit_2d_current(const float4* __restrict__ xv, const float* __restrict__ w,
    double* __restrict__ jx, double* __restrict__ jy, int n, int nx, int ny, float invDx)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = xv[i];
    float gx = p.x * invDx, gy = p.y * invDx;
    int cx = __float2int_rn(gx), cy = __float2int_rn(gy);
    float dx = gx - cx, dy = gy - cy;
    float sx[3] = {0.5f * (0.5f - dx) * (0.5f - dx), 0.75f - dx * dx, 0.5f * (0.5f + dx) * (0.5f + dx)};
    float sy[3] = {0.5f * (0.5f - dy) * (0.5f - dy), 0.75f - dy * dy, 0.5f * (0.5f + dy) * (0.5f + dy)};
    float wq = w[i];
#pragma unroll
    for (int b = 0; b < 3; ++b)
#pragma unroll
        for (int a = 0; a < 3; ++a) {
            int x = (cx + a - 1 + nx) % nx, y = (cy + b - 1 + ny) % ny;
            float s = sx[a] * sy[b] * wq;
            atomicAdd(&jx[y * nx + x], (double)(s * p.z));
            atomicAdd(&jy[y * nx + x], (double)(s * p.w));
        }
}
