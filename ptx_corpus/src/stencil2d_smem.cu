// 5-point Jacobi step on a 2-D grid through a shared tile with a one-cell halo; blockDim is
// BX x BY. Border cells of the grid are copied unchanged.
#define BX 32
#define BY 8
extern "C" __global__ void stencil2d_smem(const float *in, float *out, int nx, int ny)
{
    __shared__ float tile[BY + 2][BX + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * BX + tx, y = blockIdx.y * BY + ty;
    bool inside = x < nx && y < ny;
#ifdef BUG_EARLY_RETURN
    // Planted bug: the threads outside the grid leave before the barrier below, which the
    // threads of the same block inside the grid still wait at (edge blocks only).
    if (!inside)
        return;
#endif
    tile[ty + 1][tx + 1] = inside ? in[y * nx + x] : 0.0f;
    if (tx == 0)
        tile[ty + 1][0] = (x > 0 && y < ny) ? in[y * nx + x - 1] : 0.0f;
    if (tx == BX - 1)
        tile[ty + 1][BX + 1] = (x + 1 < nx && y < ny) ? in[y * nx + x + 1] : 0.0f;
    if (ty == 0)
        tile[0][tx + 1] = (y > 0 && x < nx) ? in[(y - 1) * nx + x] : 0.0f;
    if (ty == BY - 1)
        tile[BY + 1][tx + 1] = (y + 1 < ny && x < nx) ? in[(y + 1) * nx + x] : 0.0f;
    __syncthreads();
    if (!inside)
        return;
    if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1) {
        out[y * nx + x] = tile[ty + 1][tx + 1];
        return;
    }
    out[y * nx + x] = 0.25f * (tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx] + tile[ty + 1][tx + 2]);
}
