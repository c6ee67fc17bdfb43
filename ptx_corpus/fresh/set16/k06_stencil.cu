// Domain: finite-difference stencils (1-D shared, 2-D 5-point, 3-D with register queues as in FDTD3d)

// stencil1d_radius3_smem: 1-D 7-point weighted stencil with shared-memory halo
extern "C" __global__ void stencil1d_radius3_smem(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float s[256 + 6];
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int l = threadIdx.x + 3;
    s[l] = (g < n) ? in[g] : 0.f;
    if (threadIdx.x < 3) {
        s[l - 3] = (g - 3 >= 0) ? in[g - 3] : 0.f;
        s[l + blockDim.x] = (g + blockDim.x < n) ? in[g + blockDim.x] : 0.f;
    }
    __syncthreads();
    const float c[7] = {-1.f / 60, 3.f / 20, -3.f / 4, 0.f, 3.f / 4, -3.f / 20, 1.f / 60};
    float r = 0.f;
#pragma unroll
    for (int k = -3; k <= 3; ++k) r += c[k + 3] * s[l + k];
    if (g < n) out[g] = r;
}

// heat2d_5pt: explicit 2-D heat equation step with 5-point Laplacian and Dirichlet boundary
extern "C" __global__ void heat2d_5pt(const float* __restrict__ u, float* __restrict__ un, int nx, int ny, float r)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= nx || j >= ny) return;
    int id = j * nx + i;
    if (i == 0 || j == 0 || i == nx - 1 || j == ny - 1) { un[id] = u[id]; return; }
    un[id] = u[id] + r * (u[id - 1] + u[id + 1] + u[id - nx] + u[id + nx] - 4.f * u[id]);
}

// fdtd3d_radius4_regqueue: 3-D 25-point (radius 4) stencil marching in z with 4+4 register queue, 2-D shared tile (FDTD3d style)
#define R4 4
#define BX 32
#define BY 8
extern "C" __global__ void fdtd3d_radius4_regqueue(const float* __restrict__ in, float* __restrict__ out,
                                                   int dimx, int dimy, int dimz, const float* __restrict__ coef)
{
    __shared__ float tile[BY + 2 * R4][BX + 2 * R4];
    int gx = blockIdx.x * BX + threadIdx.x;
    int gy = blockIdx.y * BY + threadIdx.y;
    int tx = threadIdx.x + R4, ty = threadIdx.y + R4;
    int stride_y = dimx, stride_z = dimx * dimy;
    bool valid = gx < dimx && gy < dimy;
    float c[R4 + 1];
#pragma unroll
    for (int k = 0; k <= R4; ++k) c[k] = coef[k];
    float behind[R4], infront[R4], cur;
    int idx = gy * stride_y + gx;
    int inIdx = idx;
#pragma unroll
    for (int k = R4 - 2; k >= 0; --k) { behind[k] = valid ? in[inIdx] : 0.f; inIdx += stride_z; }
    behind[R4 - 1] = 0.f;
    // shift so that behind holds z = -R4.. -1 relative to first output plane (zero padded)
#pragma unroll
    for (int k = R4 - 1; k > 0; --k) behind[k] = behind[k - 1];
    behind[0] = 0.f;
    cur = valid ? in[inIdx] : 0.f; inIdx += stride_z;
#pragma unroll
    for (int k = 0; k < R4; ++k) { infront[k] = valid ? in[inIdx] : 0.f; inIdx += stride_z; }
    int outIdx = idx + (R4 - 1) * stride_z;
    for (int z = R4 - 1; z < dimz - R4; ++z) {
#pragma unroll
        for (int k = R4 - 1; k > 0; --k) behind[k] = behind[k - 1];
        behind[0] = cur;
        cur = infront[0];
#pragma unroll
        for (int k = 0; k < R4 - 1; ++k) infront[k] = infront[k + 1];
        infront[R4 - 1] = (valid && z + R4 + 1 < dimz) ? in[inIdx] : 0.f;
        inIdx += stride_z;
        outIdx += stride_z;
        __syncthreads();
        if (threadIdx.y < R4) {
            tile[threadIdx.y][tx] = (gx < dimx && gy - R4 >= 0) ? in[outIdx - R4 * stride_y] : 0.f;
            tile[threadIdx.y + BY + R4][tx] = (gx < dimx && gy + BY < dimy) ? in[outIdx + BY * stride_y] : 0.f;
        }
        if (threadIdx.x < R4) {
            tile[ty][threadIdx.x] = (gx - R4 >= 0 && gy < dimy) ? in[outIdx - R4] : 0.f;
            tile[ty][threadIdx.x + BX + R4] = (gx + BX < dimx && gy < dimy) ? in[outIdx + BX] : 0.f;
        }
        tile[ty][tx] = cur;
        __syncthreads();
        float v = c[0] * cur;
#pragma unroll
        for (int k = 1; k <= R4; ++k)
            v += c[k] * (infront[k - 1] + behind[k - 1] + tile[ty - k][tx] + tile[ty + k][tx] + tile[ty][tx - k] + tile[ty][tx + k]);
        if (valid) out[outIdx] = v;
    }
}

// jacobi3d_7pt_zmarch_2planes: 7-point 3-D Jacobi where each thread marches in z keeping three planes in registers (no shared memory)
extern "C" __global__ void jacobi3d_7pt_zmarch_2planes(const double* __restrict__ u, double* __restrict__ un,
                                                       const double* __restrict__ f, int nx, int ny, int nz, double h2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < 1 || j < 1 || i >= nx - 1 || j >= ny - 1) return;
    size_t sz = (size_t)nx * ny;
    size_t id = (size_t)j * nx + i;
    double below = u[id], here = u[id + sz];
    for (int k = 1; k < nz - 1; ++k) {
        size_t c = id + k * sz;
        double above = u[c + sz];
        double s = u[c - 1] + u[c + 1] + u[c - nx] + u[c + nx] + below + above;
        un[c] = (s - h2 * f[c]) * (1.0 / 6.0);
        below = here; here = above;
    }
}

// stencil2d_9x9_box_regblock4x4: 2-D 9x9 weighted (separable-weight) stencil, each thread produces a 4x4 output block from a 12x12 input window read row by row, with 16 output accumulators and 12-wide row buffers held in registers
extern "C" __global__ void stencil2d_9x9_box_regblock4x4(const float* __restrict__ in, float* __restrict__ out, const float* __restrict__ wx,
                                                         const float* __restrict__ wy, int w, int h)
{
    int x0 = (blockIdx.x * blockDim.x + threadIdx.x) * 4, y0 = (blockIdx.y * blockDim.y + threadIdx.y) * 4;
    if (x0 >= w || y0 >= h) return;
    float cx[9], cy[9];
#pragma unroll
    for (int k = 0; k < 9; ++k) { cx[k] = wx[k]; cy[k] = wy[k]; }
    float acc[4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc[i][j] = 0.f;
#pragma unroll
    for (int r = 0; r < 12; ++r) {
        int yy = min(max(y0 + r - 4, 0), h - 1);
        float row[12];
#pragma unroll
        for (int c = 0; c < 12; ++c) row[c] = __ldg(&in[yy * w + min(max(x0 + c - 4, 0), w - 1)]);
        float hsum[4];
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            hsum[j] = 0.f;
#pragma unroll
            for (int k = 0; k < 9; ++k) hsum[j] += cx[k] * row[j + k];
        }
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            const int ky = r - i;
            if (ky >= 0 && ky < 9) {
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] += cy[ky] * hsum[j];
            }
        }
    }
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
            if (y0 + i < h && x0 + j < w) out[(y0 + i) * w + x0 + j] = acc[i][j];
}
