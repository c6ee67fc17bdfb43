// 7-point 3-D stencil with 2.5-D blocking: the current xy-plane (with halo) lives in shared memory,
// the planes below and above in registers; the block walks up z, shifting the register queue.
// Corpus mutants: without the barrier at the top of the z loop the plane is rewritten while the
// previous step still reads it; without the second the neighbours are read before they are
// written. Both are races.
#define BX 32
#define BY 8
extern "C" __global__ void stencil3d_queue(const float *in, float *out, int nx, int ny, int nz, float c0, float c1)
{
    __shared__ float plane[BY + 2][BX + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * BX + tx, y = blockIdx.y * BY + ty;
    bool inside = x < nx && y < ny;
    bool interior = x > 0 && y > 0 && x < nx - 1 && y < ny - 1;
    long stride = (long)nx * ny;
    long idx = (long)y * nx + x;
    float below = 0.0f, cur = inside ? in[idx] : 0.0f, above = inside && nz > 1 ? in[idx + stride] : 0.0f;
    for (int z = 1; z < nz - 1; z++) {
        below = cur;
        cur = above;
        idx += stride;
        above = inside ? in[idx + stride] : 0.0f;
        __syncthreads();
        plane[ty + 1][tx + 1] = cur;
        if (tx == 0)
            plane[ty + 1][0] = x > 0 && y < ny ? in[idx - 1] : 0.0f;
        if (tx == BX - 1)
            plane[ty + 1][BX + 1] = x + 1 < nx && y < ny ? in[idx + 1] : 0.0f;
        if (ty == 0)
            plane[0][tx + 1] = y > 0 && x < nx ? in[idx - nx] : 0.0f;
        if (ty == BY - 1)
            plane[BY + 1][tx + 1] = y + 1 < ny && x < nx ? in[idx + nx] : 0.0f;
        __syncthreads();
        if (interior)
            out[idx] = c0 * cur + c1 * (plane[ty + 1][tx] + plane[ty + 1][tx + 2] + plane[ty][tx + 1] +
                                        plane[ty + 2][tx + 1] + below + above);
    }
}
