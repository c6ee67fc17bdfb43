// Iterative stencils kept in shared memory.

// 1-D Jacobi relaxation on independent segments; each block owns one
// segment, ping-pongs between two shared buffers for `iters` sweeps.
// Launch: blockDim = 256, gridDim = number of segments, 1 <= seglen <= 6144,
//         dynamic shared memory = 2 * seglen * sizeof(float)
extern "C" __global__ void __launch_bounds__(256)
jacobi_shared_iters(float* __restrict__ u, int seglen, int iters)
{
    extern __shared__ float smj[];
    float* a = smj;
    float* b = smj + seglen;
    float* g = u + (size_t)blockIdx.x * seglen;
    for (int i = threadIdx.x; i < seglen; i += blockDim.x) a[i] = g[i];
    __syncthreads();
    for (int it = 0; it < iters; ++it) {
        for (int i = threadIdx.x; i < seglen; i += blockDim.x) {
            float v;
            if (i == 0 || i == seglen - 1) v = a[i];
            else v = 0.5f * a[i] + 0.25f * (a[i - 1] + a[i + 1]);
            b[i] = v;
        }
        __syncthreads();
        float* tmp = a; a = b; b = tmp;
    }
    for (int i = threadIdx.x; i < seglen; i += blockDim.x) g[i] = a[i];
}

#define P_TX 32
#define P_TY 8
#define P_W (P_TX + 2)
#define P_H (P_TY + 2)

// 3-D 7-point stencil with per-axis coefficients, marching along z.
// Launch: blockDim = (32, 8), gridDim = (ceil(nx/32), ceil(ny/8)); nx, ny >= 48, nz >= 4
extern "C" __global__ void __launch_bounds__(256)
stencil3d_planes(float* __restrict__ out, const float* __restrict__ in, int nx, int ny, int nz,
                 float cc, float cx, float cy, float cz)
{
    __shared__ float tile[P_H][P_W];
    int tx = threadIdx.x, ty = threadIdx.y;
    int tid = ty * P_TX + tx;
    int gx = blockIdx.x * P_TX + tx;
    int gy = blockIdx.y * P_TY + ty;
    size_t plane = (size_t)nx * ny;
    bool inside = gx < nx && gy < ny;
    bool interior = inside && gx > 0 && gy > 0 && gx < nx - 1 && gy < ny - 1;
    size_t idx = (size_t)gy * nx + gx;
    float zm = 0.0f, zc = 0.0f, zp = 0.0f;
    if (inside) {
        zc = in[idx];
        zp = in[plane + idx];
    }
    for (int z = 1; z < nz - 1; ++z) {
        zm = zc;
        zc = zp;
        zp = inside ? in[(size_t)(z + 1) * plane + idx] : 0.0f;
        for (int i = tid; i < P_W * P_H; i += P_TX * P_TY) {
            int r = i / P_W, c = i % P_W;
            int x = max(0, min(nx - 1, (int)(blockIdx.x * P_TX) + c - 1));
            int y = max(0, min(ny - 1, (int)(blockIdx.y * P_TY) + r - 1));
            tile[r][c] = in[(size_t)z * plane + (size_t)y * nx + x];
        }
        __syncthreads();
        if (interior)
            out[(size_t)z * plane + idx] = cc * zc
                + cx * (tile[ty + 1][tx] + tile[ty + 1][tx + 2])
                + cy * (tile[ty][tx + 1] + tile[ty + 2][tx + 1])
                + cz * (zm + zp);
    }
}
