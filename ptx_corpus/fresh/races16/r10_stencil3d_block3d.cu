// arch: sm_80
// Launch: blockDim = (8,8,4) (256 threads, 3-D block), gridDim = (nx/8, ny/8, nz/4),
//         nx % 8 == 0, ny % 8 == 0, nz % 4 == 0.
//         7-point 3-D stencil (heat equation step). The (4+2) x (8+2) x (8+2) tile is
//         stored flattened in a 600-float shared array; face halos are loaded by the
//         threads on the corresponding block face. Domain borders clamp.

#define S3_BX 8
#define S3_BY 8
#define S3_BZ 4
#define S3_TILE ((S3_BX + 2) * (S3_BY + 2) * (S3_BZ + 2))

__device__ __forceinline__ float s3_at(const float* __restrict__ u, int x, int y, int z,
                                       int nx, int ny, int nz)
{
    x = min(max(x, 0), nx - 1);
    y = min(max(y, 0), ny - 1);
    z = min(max(z, 0), nz - 1);
    return u[((size_t)z * ny + y) * nx + x];
}

extern "C" __global__ void __launch_bounds__(256)
heat3d_step_race(const float* __restrict__ u, float* __restrict__ un,
                 int nx, int ny, int nz, float alpha)
{
    __shared__ float t[S3_TILE];
    const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    const int gx = blockIdx.x * blockDim.x + tx;
    const int gy = blockIdx.y * blockDim.y + ty;
    const int gz = blockIdx.z * blockDim.z + tz;

    const int sx  = blockDim.x;                    // row pitch
    const int sxy = sx * (blockDim.y + 2);         // plane pitch
    const int c   = (tz + 1) * sxy + (ty + 1) * sx + (tx + 1);

    t[c] = s3_at(u, gx, gy, gz, nx, ny, nz);
    if (tx == 0)              t[c - 1]   = s3_at(u, gx - 1, gy, gz, nx, ny, nz);
    if (tx == blockDim.x - 1) t[c + 1]   = s3_at(u, gx + 1, gy, gz, nx, ny, nz);
    if (ty == 0)              t[c - sx]  = s3_at(u, gx, gy - 1, gz, nx, ny, nz);
    if (ty == blockDim.y - 1) t[c + sx]  = s3_at(u, gx, gy + 1, gz, nx, ny, nz);
    if (tz == 0)              t[c - sxy] = s3_at(u, gx, gy, gz - 1, nx, ny, nz);
    if (tz == blockDim.z - 1) t[c + sxy] = s3_at(u, gx, gy, gz + 1, nx, ny, nz);
    __syncthreads();

    const float lap = t[c - 1] + t[c + 1] + t[c - sx] + t[c + sx] + t[c - sxy] + t[c + sxy]
                    - 6.0f * t[c];
    un[((size_t)gz * ny + gy) * nx + gx] = t[c] + alpha * lap;
}

extern "C" __global__ void __launch_bounds__(256)
heat3d_step_ok(const float* __restrict__ u, float* __restrict__ un,
               int nx, int ny, int nz, float alpha)
{
    __shared__ float t[S3_TILE];
    const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    const int gx = blockIdx.x * blockDim.x + tx;
    const int gy = blockIdx.y * blockDim.y + ty;
    const int gz = blockIdx.z * blockDim.z + tz;

    const int sx  = blockDim.x + 2;                // row pitch
    const int sxy = sx * (blockDim.y + 2);         // plane pitch
    const int c   = (tz + 1) * sxy + (ty + 1) * sx + (tx + 1);

    t[c] = s3_at(u, gx, gy, gz, nx, ny, nz);
    if (tx == 0)              t[c - 1]   = s3_at(u, gx - 1, gy, gz, nx, ny, nz);
    if (tx == blockDim.x - 1) t[c + 1]   = s3_at(u, gx + 1, gy, gz, nx, ny, nz);
    if (ty == 0)              t[c - sx]  = s3_at(u, gx, gy - 1, gz, nx, ny, nz);
    if (ty == blockDim.y - 1) t[c + sx]  = s3_at(u, gx, gy + 1, gz, nx, ny, nz);
    if (tz == 0)              t[c - sxy] = s3_at(u, gx, gy, gz - 1, nx, ny, nz);
    if (tz == blockDim.z - 1) t[c + sxy] = s3_at(u, gx, gy, gz + 1, nx, ny, nz);
    __syncthreads();

    const float lap = t[c - 1] + t[c + 1] + t[c - sx] + t[c + sx] + t[c - sxy] + t[c + sxy]
                    - 6.0f * t[c];
    un[((size_t)gz * ny + gy) * nx + gx] = t[c] + alpha * lap;
}
