// Domain: finite-difference stencils with shared-memory tiles and halos
// jacobi5_smem        - 2D 5-point Jacobi step, 16x16 tile with 1-cell halo loaded by edge threads
// stencil9_smem       - 2D 9-point (box) stencil, halo loaded cooperatively in a strided loop
// fd3d_order8_zsweep  - 3D 25-point 8th-order Laplacian, z-march with register queue, xy halo in smem
// heat3d_7pt_double   - 3D 7-point double precision heat equation, plain global loads

#define BX 16
#define BY 16

extern "C" __global__ void jacobi5_smem(const float *__restrict__ in, float *__restrict__ out,
                                        int nx, int ny)
{
    __shared__ float s[BY + 2][BX + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int gx = blockIdx.x * BX + tx, gy = blockIdx.y * BY + ty;
    int cx = min(gx, nx - 1), cy = min(gy, ny - 1);
    s[ty + 1][tx + 1] = in[cy * nx + cx];
    if (tx == 0) s[ty + 1][0] = in[cy * nx + max(cx - 1, 0)];
    if (tx == BX - 1) s[ty + 1][BX + 1] = in[cy * nx + min(cx + 1, nx - 1)];
    if (ty == 0) s[0][tx + 1] = in[max(cy - 1, 0) * nx + cx];
    if (ty == BY - 1) s[BY + 1][tx + 1] = in[min(cy + 1, ny - 1) * nx + cx];
    __syncthreads();
    if (gx < nx && gy < ny) {
        out[gy * nx + gx] = 0.25f * (s[ty + 1][tx] + s[ty + 1][tx + 2] + s[ty][tx + 1] + s[ty + 2][tx + 1]);
    }
}

extern "C" __global__ void stencil9_smem(const float *in, float *out, int nx, int ny,
                                         float wc, float we, float wd)
{
    __shared__ float s[BY + 2][BX + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int ox = blockIdx.x * BX - 1, oy = blockIdx.y * BY - 1;
    for (int i = ty * BX + tx; i < (BX + 2) * (BY + 2); i += BX * BY) {
        int lx = i % (BX + 2), ly = i / (BX + 2);
        int gx = ox + lx, gy = oy + ly;
        gx = gx < 0 ? 0 : (gx >= nx ? nx - 1 : gx);
        gy = gy < 0 ? 0 : (gy >= ny ? ny - 1 : gy);
        s[ly][lx] = in[gy * nx + gx];
    }
    __syncthreads();
    int gx = blockIdx.x * BX + tx, gy = blockIdx.y * BY + ty;
    if (gx >= nx || gy >= ny) return;
    float c = s[ty + 1][tx + 1];
    float e = s[ty + 1][tx] + s[ty + 1][tx + 2] + s[ty][tx + 1] + s[ty + 2][tx + 1];
    float d = s[ty][tx] + s[ty][tx + 2] + s[ty + 2][tx] + s[ty + 2][tx + 2];
    out[gy * nx + gx] = wc * c + we * e + wd * d;
}

#define R 4
__constant__ float c_coef[R + 1];

extern "C" __global__ void fd3d_order8_zsweep(const float *__restrict__ in, float *__restrict__ out,
                                              int nx, int ny, int nz)
{
    __shared__ float tile[BY + 2 * R][BX + 2 * R];
    int tx = threadIdx.x, ty = threadIdx.y;
    int gx = blockIdx.x * BX + tx, gy = blockIdx.y * BY + ty;
    int sx = tx + R, sy = ty + R;
    int stride = nx * ny;
    bool inside = gx >= R && gx < nx - R && gy >= R && gy < ny - R;
    int idx = gy * nx + gx;
    float behind[R], infront[R], cur;
    // prime the register queue
#pragma unroll
    for (int i = R - 1; i >= 0; --i) behind[i] = inside ? in[idx + (R - 1 - i) * stride] : 0.f;
    cur = inside ? in[idx + R * stride] : 0.f;
#pragma unroll
    for (int i = 0; i < R; ++i) infront[i] = inside ? in[idx + (R + 1 + i) * stride] : 0.f;
    int out_idx = idx + R * stride;
    for (int z = R; z < nz - R; ++z) {
        __syncthreads();
        if (ty < R) {
            tile[ty][sx] = inside ? in[out_idx - R * nx] : 0.f;
            tile[ty + BY + R][sx] = inside ? in[out_idx + BY * nx] : 0.f;
        }
        if (tx < R) {
            tile[sy][tx] = inside ? in[out_idx - R] : 0.f;
            tile[sy][tx + BX + R] = inside ? in[out_idx + BX] : 0.f;
        }
        tile[sy][sx] = cur;
        __syncthreads();
        float v = c_coef[0] * cur;
#pragma unroll
        for (int i = 1; i <= R; ++i) {
            v += c_coef[i] * (infront[i - 1] + behind[i - 1] + tile[sy - i][sx] + tile[sy + i][sx] +
                              tile[sy][sx - i] + tile[sy][sx + i]);
        }
        if (inside) out[out_idx] = v;
        // advance queue
#pragma unroll
        for (int i = R - 1; i > 0; --i) behind[i] = behind[i - 1];
        behind[0] = cur;
        cur = infront[0];
#pragma unroll
        for (int i = 0; i < R - 1; ++i) infront[i] = infront[i + 1];
        out_idx += stride;
        infront[R - 1] = (inside && z + R + 1 < nz) ? in[out_idx + R * stride] : 0.f;
    }
}

extern "C" __global__ void heat3d_7pt_double(const double *u, double *unew, int nx, int ny, int nz,
                                             double alpha)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    int k = blockIdx.z;
    if (i < 1 || j < 1 || k < 1 || i >= nx - 1 || j >= ny - 1 || k >= nz - 1) return;
    size_t sxy = (size_t)nx * ny;
    size_t c = k * sxy + (size_t)j * nx + i;
    double lap = u[c - 1] + u[c + 1] + u[c - nx] + u[c + nx] + u[c - sxy] + u[c + sxy] - 6.0 * u[c];
    unew[c] = u[c] + alpha * lap;
}
