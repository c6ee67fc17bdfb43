// 2-D radius-2 cross stencil (4th-order Laplacian-like) on a shared tile with halos.
// Clamp-to-edge boundary handling.
// Assumed launch: blockDim = (32, 8), grid = (ceil(nx/32), ceil(ny/8)); any nx, ny >= 1.

#define S2_BX 32
#define S2_BY 8
#define S2_R 2

static __device__ __forceinline__ float s2_ld(const float* __restrict__ in, int x, int y, int nx, int ny)
{
    x = min(max(x, 0), nx - 1);
    y = min(max(y, 0), ny - 1);
    return in[(size_t)y * nx + x];
}

extern "C" __global__ void __launch_bounds__(S2_BX * S2_BY)
stencil2d_halo_race(const float* __restrict__ in, float* __restrict__ out, int nx, int ny,
                    float c0, float c1, float c2)
{
    if (blockDim.x != S2_BX || blockDim.y != S2_BY) return;
    __shared__ float tile[S2_BY + 2 * S2_R][S2_BX + 2 * S2_R];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int gx = blockIdx.x * S2_BX + tx, gy = blockIdx.y * S2_BY + ty;

    tile[ty + S2_R][tx + S2_R] = s2_ld(in, gx, gy, nx, ny);
    if (tx < S2_R) {                       // left / right halo columns
        tile[ty + S2_R][tx] = s2_ld(in, gx - S2_R, gy, nx, ny);
        tile[ty + S2_R][tx + S2_BX + S2_R] = s2_ld(in, gx + S2_BX, gy, nx, ny);
    }
    if (ty < S2_R) {                       // top / bottom halo rows
        tile[ty][tx + S2_R] = s2_ld(in, gx, gy - S2_R, nx, ny);
        tile[ty + S2_BY][tx + S2_R] = s2_ld(in, gx, gy + S2_BY, nx, ny);
    }
    __syncthreads();

    if (gx < nx && gy < ny) {
        const int cx = tx + S2_R, cy = ty + S2_R;
        const float v = c0 * tile[cy][cx]
                      + c1 * (tile[cy][cx - 1] + tile[cy][cx + 1] + tile[cy - 1][cx] + tile[cy + 1][cx])
                      + c2 * (tile[cy][cx - 2] + tile[cy][cx + 2] + tile[cy - 2][cx] + tile[cy + 2][cx]);
        out[(size_t)gy * nx + gx] = v;
    }
}

extern "C" __global__ void __launch_bounds__(S2_BX * S2_BY)
stencil2d_halo_ok(const float* __restrict__ in, float* __restrict__ out, int nx, int ny,
                  float c0, float c1, float c2)
{
    if (blockDim.x != S2_BX || blockDim.y != S2_BY) return;
    __shared__ float tile[S2_BY + 2 * S2_R][S2_BX + 2 * S2_R];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int gx = blockIdx.x * S2_BX + tx, gy = blockIdx.y * S2_BY + ty;

    tile[ty + S2_R][tx + S2_R] = s2_ld(in, gx, gy, nx, ny);
    if (tx < S2_R) {
        tile[ty + S2_R][tx] = s2_ld(in, gx - S2_R, gy, nx, ny);
        tile[ty + S2_R][tx + S2_BX + S2_R] = s2_ld(in, gx + S2_BX, gy, nx, ny);
    }
    if (ty < S2_R) {
        tile[ty][tx + S2_R] = s2_ld(in, gx, gy - S2_R, nx, ny);
        tile[ty + S2_BY + S2_R][tx + S2_R] = s2_ld(in, gx, gy + S2_BY, nx, ny);
    }
    __syncthreads();

    if (gx < nx && gy < ny) {
        const int cx = tx + S2_R, cy = ty + S2_R;
        const float v = c0 * tile[cy][cx]
                      + c1 * (tile[cy][cx - 1] + tile[cy][cx + 1] + tile[cy - 1][cx] + tile[cy + 1][cx])
                      + c2 * (tile[cy][cx - 2] + tile[cy][cx + 2] + tile[cy - 2][cx] + tile[cy + 2][cx]);
        out[(size_t)gy * nx + gx] = v;
    }
}
