// Domain: structured-grid stencils (finite differences)
// stencil7_3d_regqueue: 7-point 3D Laplacian update marching in z, z-neighbours in a 3-deep register queue.
// fdtd25_3d_regqueue: 8th-order (radius 4) 25-point 3D stencil, 9-deep register queue, xy plane in shared memory.
// jacobi2d_step: 5-point Jacobi iteration for the Poisson equation with residual accumulation.
// heat2d_4rows: explicit 2D heat equation, each thread updates 4 vertically adjacent points (register blocking).

extern "C" __global__ void stencil7_3d_regqueue(const float* __restrict__ in, float* __restrict__ out,
                                                int nx, int ny, int nz, float c0, float c1)
{
    __shared__ float plane[16 + 2][32 + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * 32 + tx, y = blockIdx.y * 16 + ty;
    bool inside = (x < nx && y < ny);
    size_t sxy = (size_t)nx * ny;
    size_t idx = (size_t)y * nx + x;
    float below = 0.f, cur = 0.f, above = 0.f;
    if (inside) { cur = in[idx]; if (nz > 1) above = in[idx + sxy]; }
    for (int z = 0; z < nz; z++) {
        __syncthreads();
        plane[ty + 1][tx + 1] = cur;
        if (tx == 0) plane[ty + 1][0] = (x > 0 && inside) ? in[z * sxy + idx - 1] : cur;
        if (tx == 31 || x == nx - 1) plane[ty + 1][tx + 2] = (x + 1 < nx && inside) ? in[z * sxy + idx + 1] : cur;
        if (ty == 0) plane[0][tx + 1] = (y > 0 && inside) ? in[z * sxy + idx - nx] : cur;
        if (ty == 15 || y == ny - 1) plane[ty + 2][tx + 1] = (y + 1 < ny && inside) ? in[z * sxy + idx + nx] : cur;
        __syncthreads();
        if (inside) {
            float zb = (z > 0) ? below : cur;
            float za = (z + 1 < nz) ? above : cur;
            float lap = plane[ty + 1][tx] + plane[ty + 1][tx + 2] + plane[ty][tx + 1] + plane[ty + 2][tx + 1] + zb + za;
            out[z * sxy + idx] = c0 * cur + c1 * lap;
        }
        below = cur;
        cur = above;
        if (inside && z + 2 < nz) above = in[(z + 2) * sxy + idx];
    }
}

#define RAD 4
#define BX 32
#define BY 8
__constant__ float c_coef[RAD + 1];

extern "C" __global__ void fdtd25_3d_regqueue(const float* __restrict__ in, float* __restrict__ out,
                                              int dimx, int dimy, int dimz)
{
    __shared__ float tile[BY + 2 * RAD][BX + 2 * RAD];
    int gx = blockIdx.x * BX + threadIdx.x;
    int gy = blockIdx.y * BY + threadIdx.y;
    int tx = threadIdx.x + RAD, ty = threadIdx.y + RAD;
    // padded grid: every dimension has RAD ghost cells on both sides
    int sx = dimx + 2 * RAD, sy = dimy + 2 * RAD;
    size_t stride = (size_t)sx * sy;
    bool valid = gx < dimx && gy < dimy;
    int cx = min(gx, dimx - 1), cy = min(gy, dimy - 1);
    size_t in_idx = (size_t)(cy + RAD) * sx + (cx + RAD);
    size_t out_idx = in_idx + RAD * stride;
    float behind[RAD], infront[RAD], current;
    // prime the queue: z = -RAD .. RAD
#pragma unroll
    for (int i = RAD - 1; i >= 0; i--) { behind[i] = in[in_idx]; in_idx += stride; }
    current = in[in_idx];
    in_idx += stride;
#pragma unroll
    for (int i = 0; i < RAD; i++) { infront[i] = in[in_idx]; in_idx += stride; }

    for (int iz = 0; iz < dimz; iz++) {
#pragma unroll
        for (int i = RAD - 1; i > 0; i--) behind[i] = behind[i - 1];
        behind[0] = current;
        current = infront[0];
#pragma unroll
        for (int i = 0; i < RAD - 1; i++) infront[i] = infront[i + 1];
        infront[RAD - 1] = in[in_idx];
        in_idx += stride;
        out_idx += stride;
        __syncthreads();
        if (threadIdx.y < RAD) {
            tile[threadIdx.y][tx] = in[out_idx - RAD * sx];
            tile[threadIdx.y + BY + RAD][tx] = in[out_idx + BY * sx];
        }
        if (threadIdx.x < RAD) {
            tile[ty][threadIdx.x] = in[out_idx - RAD];
            tile[ty][threadIdx.x + BX + RAD] = in[out_idx + BX];
        }
        tile[ty][tx] = current;
        __syncthreads();
        float v = c_coef[0] * current;
#pragma unroll
        for (int i = 1; i <= RAD; i++)
            v += c_coef[i] * (infront[i - 1] + behind[i - 1] + tile[ty - i][tx] + tile[ty + i][tx] +
                              tile[ty][tx - i] + tile[ty][tx + i]);
        if (valid) out[out_idx - stride] = v;
    }
}

extern "C" __global__ void jacobi2d_step(const float* __restrict__ u, const float* __restrict__ f,
                                         float* __restrict__ unew, float* __restrict__ resid,
                                         int nx, int ny, float h2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    float r = 0.f;
    if (i > 0 && j > 0 && i < nx - 1 && j < ny - 1) {
        size_t k = (size_t)j * nx + i;
        float nb = u[k - 1] + u[k + 1] + u[k - nx] + u[k + nx];
        float v = 0.25f * (nb - h2 * f[k]);
        unew[k] = v;
        r = (v - u[k]) * (v - u[k]);
    }
    for (int o = 16; o > 0; o >>= 1) r += __shfl_down_sync(0xffffffffu, r, o);
    if ((threadIdx.x + threadIdx.y * blockDim.x & 31) == 0 && r != 0.f) atomicAdd(resid, r);
}

extern "C" __global__ void heat2d_4rows(const float* __restrict__ t, float* __restrict__ tn,
                                        int nx, int ny, float alpha)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j0 = (blockIdx.y * blockDim.y + threadIdx.y) * 4;
    if (i <= 0 || i >= nx - 1) return;
    float col[6], lft[4], rgt[4];
#pragma unroll
    for (int r = 0; r < 6; r++) {
        int j = j0 + r - 1;
        col[r] = (j >= 0 && j < ny) ? t[(size_t)j * nx + i] : 0.f;
    }
#pragma unroll
    for (int r = 0; r < 4; r++) {
        int j = j0 + r;
        bool ok = j < ny;
        lft[r] = ok ? t[(size_t)j * nx + i - 1] : 0.f;
        rgt[r] = ok ? t[(size_t)j * nx + i + 1] : 0.f;
    }
#pragma unroll
    for (int r = 0; r < 4; r++) {
        int j = j0 + r;
        if (j <= 0 || j >= ny - 1) continue;
        float c = col[r + 1];
        tn[(size_t)j * nx + i] = c + alpha * (col[r] + col[r + 2] + lft[r] + rgt[r] - 4.f * c);
    }
}
