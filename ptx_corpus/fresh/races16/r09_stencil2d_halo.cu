// arch: sm_80
// Launch: blockDim = (32,8,1), gridDim = (nx/32, ny/8, 1), nx % 32 == 0, ny % 8 == 0.
//         Radius-2 (4th-order) 2-D Laplacian, 9-point cross. Tile in shared memory is
//         (8+4) x (32+4); interior cell (tx,ty) lives at tile[ty+2][tx+2]; x-halos are
//         loaded by threads tx < 2, y-halos by threads ty < 2. Domain borders clamp.

#define ST_BX 32
#define ST_BY 8
#define ST_R  2

__device__ __forceinline__ float st_at(const float* __restrict__ in, int x, int y, int nx, int ny)
{
    x = min(max(x, 0), nx - 1);
    y = min(max(y, 0), ny - 1);
    return in[(size_t)y * nx + x];
}

extern "C" __global__ void
stencil2d_r2_race(const float* __restrict__ in, float* __restrict__ out, int nx, int ny,
                  float c0, float c1, float c2)
{
    __shared__ float tile[ST_BY + 2 * ST_R][ST_BX + 2 * ST_R];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int bx0 = blockIdx.x * ST_BX, by0 = blockIdx.y * ST_BY;
    const int gx = bx0 + tx, gy = by0 + ty;

    tile[ty + ST_R][tx + ST_R] = st_at(in, gx, gy, nx, ny);
    if (tx < ST_R) {
        tile[ty + ST_R][tx]                 = st_at(in, bx0 - ST_R + tx, gy, nx, ny);
        tile[ty + ST_R][tx + ST_BX + ST_R]  = st_at(in, bx0 + ST_BX + tx, gy, nx, ny);
    }
    if (ty < ST_R) {
        tile[ty][tx + ST_R]                 = st_at(in, gx, by0 - ST_R + ty, nx, ny);
        tile[ST_BY + 1 + ty][tx + ST_R]     = st_at(in, gx, by0 + ST_BY + ty, nx, ny);
    }
    __syncthreads();

    const int cx = tx + ST_R, cy = ty + ST_R;
    const float v = c0 * tile[cy][cx]
                  + c1 * (tile[cy][cx - 1] + tile[cy][cx + 1] + tile[cy - 1][cx] + tile[cy + 1][cx])
                  + c2 * (tile[cy][cx - 2] + tile[cy][cx + 2] + tile[cy - 2][cx] + tile[cy + 2][cx]);
    out[(size_t)gy * nx + gx] = v;
}

extern "C" __global__ void
stencil2d_r2_ok(const float* __restrict__ in, float* __restrict__ out, int nx, int ny,
                float c0, float c1, float c2)
{
    __shared__ float tile[ST_BY + 2 * ST_R][ST_BX + 2 * ST_R];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int bx0 = blockIdx.x * ST_BX, by0 = blockIdx.y * ST_BY;
    const int gx = bx0 + tx, gy = by0 + ty;

    tile[ty + ST_R][tx + ST_R] = st_at(in, gx, gy, nx, ny);
    if (tx < ST_R) {
        tile[ty + ST_R][tx]                 = st_at(in, bx0 - ST_R + tx, gy, nx, ny);
        tile[ty + ST_R][tx + ST_BX + ST_R]  = st_at(in, bx0 + ST_BX + tx, gy, nx, ny);
    }
    if (ty < ST_R) {
        tile[ty][tx + ST_R]                 = st_at(in, gx, by0 - ST_R + ty, nx, ny);
        tile[ST_BY + ST_R + ty][tx + ST_R]  = st_at(in, gx, by0 + ST_BY + ty, nx, ny);
    }
    __syncthreads();

    const int cx = tx + ST_R, cy = ty + ST_R;
    const float v = c0 * tile[cy][cx]
                  + c1 * (tile[cy][cx - 1] + tile[cy][cx + 1] + tile[cy - 1][cx] + tile[cy + 1][cx])
                  + c2 * (tile[cy][cx - 2] + tile[cy][cx + 2] + tile[cy - 2][cx] + tile[cy + 2][cx]);
    out[(size_t)gy * nx + gx] = v;
}
