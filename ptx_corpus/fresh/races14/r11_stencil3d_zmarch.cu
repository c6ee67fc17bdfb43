// r11_stencil3d_zmarch.cu
// 3-D 13-point star stencil (radius 2) that marches along z (FDTD3d-style):
// the z-neighbours live in per-thread register queues, the current xy-plane
// (with a 2-cell halo) is staged in shared memory once per z step.
//
// Launch (both kernels): blockDim = (32, 8); gridDim = (nx/32, ny/8);
//   nx % 32 == 0, ny % 8 == 0, nz >= 2R+2 (>= 2 z steps).  coef[0..R] are the weights.
#define BX 32
#define BY 8
#define R 2

__device__ __forceinline__ float ldc(const float* __restrict__ pl, int x, int y, int nx, int ny)
{
    x = min(max(x, 0), nx - 1);
    y = min(max(y, 0), ny - 1);
    return pl[(size_t)y * nx + x];
}

extern "C" __global__ void __launch_bounds__(BX * BY)
stencil3d_zmarch_race(const float* __restrict__ in, float* __restrict__ out,
                      int nx, int ny, int nz, const float* __restrict__ coef)
{
    __shared__ float tile[BY + 2 * R][BX + 2 * R];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int gx = blockIdx.x * BX + tx, gy = blockIdx.y * BY + ty;
    const size_t plane = (size_t)nx * ny;
    const size_t idx = (size_t)gy * nx + gx;
    float c[R + 1];
    #pragma unroll
    for (int r = 0; r <= R; ++r) c[r] = coef[r];

    float behind[R], infront[R], cur;
    #pragma unroll
    for (int r = 0; r < R; ++r) behind[r] = in[idx + r * plane];
    cur = in[idx + R * plane];
    #pragma unroll
    for (int r = 0; r < R; ++r) infront[r] = in[idx + (R + 1 + r) * plane];

    for (int z = R; z < nz - R; ++z) {
        const float* pl = in + (size_t)z * plane;
        float top = 0.f, bot = 0.f, lft = 0.f, rgt = 0.f;
        if (ty < R) { top = ldc(pl, gx, gy - R, nx, ny); bot = ldc(pl, gx, gy + BY, nx, ny); }
        if (tx < R) { lft = ldc(pl, gx - R, gy, nx, ny); rgt = ldc(pl, gx + BX, gy, nx, ny); }

        if (ty < R) tile[ty][tx + R] = top;         // stored early, before the barrier
        __syncthreads();                            // previous plane fully consumed
        if (ty < R) tile[ty + BY + R][tx + R] = bot;
        if (tx < R) { tile[ty + R][tx] = lft; tile[ty + R][tx + BX + R] = rgt; }
        tile[ty + R][tx + R] = cur;
        __syncthreads();

        float v = c[0] * cur;
        #pragma unroll
        for (int r = 1; r <= R; ++r) {
            v += c[r] * (tile[ty + R][tx + R - r] + tile[ty + R][tx + R + r]);
            v += c[r] * (tile[ty + R - r][tx + R] + tile[ty + R + r][tx + R]);
            v += c[r] * (behind[R - r] + infront[r - 1]);
        }
        out[(size_t)z * plane + idx] = v;

        #pragma unroll
        for (int r = 0; r < R - 1; ++r) behind[r] = behind[r + 1];
        behind[R - 1] = cur;
        cur = infront[0];
        #pragma unroll
        for (int r = 0; r < R - 1; ++r) infront[r] = infront[r + 1];
        if (z + R + 1 < nz) infront[R - 1] = in[(size_t)(z + R + 1) * plane + idx];
    }
}

extern "C" __global__ void __launch_bounds__(BX * BY)
stencil3d_zmarch_ok(const float* __restrict__ in, float* __restrict__ out,
                    int nx, int ny, int nz, const float* __restrict__ coef)
{
    __shared__ float tile[BY + 2 * R][BX + 2 * R];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int gx = blockIdx.x * BX + tx, gy = blockIdx.y * BY + ty;
    const size_t plane = (size_t)nx * ny;
    const size_t idx = (size_t)gy * nx + gx;
    float c[R + 1];
    #pragma unroll
    for (int r = 0; r <= R; ++r) c[r] = coef[r];

    float behind[R], infront[R], cur;
    #pragma unroll
    for (int r = 0; r < R; ++r) behind[r] = in[idx + r * plane];
    cur = in[idx + R * plane];
    #pragma unroll
    for (int r = 0; r < R; ++r) infront[r] = in[idx + (R + 1 + r) * plane];

    for (int z = R; z < nz - R; ++z) {
        const float* pl = in + (size_t)z * plane;
        float top = 0.f, bot = 0.f, lft = 0.f, rgt = 0.f;
        if (ty < R) { top = ldc(pl, gx, gy - R, nx, ny); bot = ldc(pl, gx, gy + BY, nx, ny); }
        if (tx < R) { lft = ldc(pl, gx - R, gy, nx, ny); rgt = ldc(pl, gx + BX, gy, nx, ny); }

        __syncthreads();                            // previous plane fully consumed
        if (ty < R) tile[ty][tx + R] = top;
        if (ty < R) tile[ty + BY + R][tx + R] = bot;
        if (tx < R) { tile[ty + R][tx] = lft; tile[ty + R][tx + BX + R] = rgt; }
        tile[ty + R][tx + R] = cur;
        __syncthreads();

        float v = c[0] * cur;
        #pragma unroll
        for (int r = 1; r <= R; ++r) {
            v += c[r] * (tile[ty + R][tx + R - r] + tile[ty + R][tx + R + r]);
            v += c[r] * (tile[ty + R - r][tx + R] + tile[ty + R + r][tx + R]);
            v += c[r] * (behind[R - r] + infront[r - 1]);
        }
        out[(size_t)z * plane + idx] = v;

        #pragma unroll
        for (int r = 0; r < R - 1; ++r) behind[r] = behind[r + 1];
        behind[R - 1] = cur;
        cur = infront[0];
        #pragma unroll
        for (int r = 0; r < R - 1; ++r) infront[r] = infront[r + 1];
        if (z + R + 1 < nz) infront[R - 1] = in[(size_t)(z + R + 1) * plane + idx];
    }
}
