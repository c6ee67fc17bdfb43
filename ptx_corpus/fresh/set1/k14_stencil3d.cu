// 3D 25-point (radius 4 in z, star in xy) stencil with shared tile + register queue in z
#define R 4
#define BX 32
#define BY 8
extern "C" __global__ void __launch_bounds__(BX * BY) stencil3d_r4(const float* __restrict__ in, float* __restrict__ out,
                                                                  int nx, int ny, int nz, const float* __restrict__ c)
{
    __shared__ float tile[BY + 2 * R][BX + 2 * R];
    int gx = blockIdx.x * BX + threadIdx.x;
    int gy = blockIdx.y * BY + threadIdx.y;
    int tx = threadIdx.x + R, ty = threadIdx.y + R;
    size_t plane = (size_t)nx * ny;
    bool valid = gx >= R && gx < nx - R && gy >= R && gy < ny - R;
    size_t idx = (size_t)gy * nx + gx;
    float behind[R], front[R], cur;
    float c0 = c[0], cc[R + 1];
#pragma unroll
    for (int k = 1; k <= R; ++k) cc[k] = c[k];
#pragma unroll
    for (int k = 0; k < R; ++k) behind[k] = 0.f;
    cur = (gx < nx && gy < ny) ? in[idx] : 0.f;
#pragma unroll
    for (int k = 0; k < R; ++k) front[k] = (gx < nx && gy < ny) ? in[idx + (k + 1) * plane] : 0.f;
    for (int z = 0; z < nz - R; ++z) {
        __syncthreads();
        if (threadIdx.x < R) {
            tile[ty][threadIdx.x] = (gx >= R && gy < ny) ? in[idx + z * plane - R] : 0.f;
            tile[ty][tx + BX] = (gx + BX < nx && gy < ny) ? in[idx + z * plane + BX] : 0.f;
        }
        if (threadIdx.y < R) {
            tile[threadIdx.y][tx] = (gy >= R && gx < nx) ? in[idx + z * plane - R * nx] : 0.f;
            tile[ty + BY][tx] = (gy + BY < ny && gx < nx) ? in[idx + z * plane + BY * nx] : 0.f;
        }
        tile[ty][tx] = cur;
        __syncthreads();
        float v = c0 * cur;
#pragma unroll
        for (int k = 1; k <= R; ++k)
            v += cc[k] * (front[k - 1] + behind[k - 1] + tile[ty][tx - k] + tile[ty][tx + k] + tile[ty - k][tx] + tile[ty + k][tx]);
        if (valid && z >= R) out[idx + z * plane] = v;
#pragma unroll
        for (int k = R - 1; k > 0; --k) behind[k] = behind[k - 1];
        behind[0] = cur;
        cur = front[0];
#pragma unroll
        for (int k = 0; k < R - 1; ++k) front[k] = front[k + 1];
        front[R - 1] = (z + R + 1 < nz && gx < nx && gy < ny) ? in[idx + (z + R + 1) * plane] : 0.f;
    }
}

extern "C" __global__ void heat7_3d(const double* __restrict__ u, double* __restrict__ un, int nx, int ny, int nz, double alpha)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x < 1 || y < 1 || z < 1 || x >= nx - 1 || y >= ny - 1 || z >= nz - 1) return;
    long i = ((long)z * ny + y) * nx + x;
    long sy = nx, sz = (long)nx * ny;
    double lap = u[i - 1] + u[i + 1] + u[i - sy] + u[i + sy] + u[i - sz] + u[i + sz] - 6.0 * u[i];
    un[i] = u[i] + alpha * lap;
}
