// Domain: finite-difference stencils (FDTD3d register queue, Jacobi, heat equation)

#define RADIUS 4
#define TX 32
#define TY 16
__constant__ float c_coeff[RADIUS + 1];

// FDTD3d-style: 25-point stencil (radius 4), thread marches along z keeping a register queue
extern "C" __global__ void fdtd3d_reg_queue(float* __restrict__ output, const float* __restrict__ input,
                                            int dimx, int dimy, int dimz)
{
    __shared__ float tile[TY + 2 * RADIUS][TX + 2 * RADIUS];
    const int stride_y = dimx + 2 * RADIUS;
    const int stride_z = stride_y * (dimy + 2 * RADIUS);
    int gx = blockIdx.x * TX + threadIdx.x;
    int gy = blockIdx.y * TY + threadIdx.y;
    int tx = threadIdx.x + RADIUS, ty = threadIdx.y + RADIUS;
    int inIdx = (gy + RADIUS) * stride_y + gx + RADIUS;
    int outIdx = inIdx + RADIUS * stride_z;
    float infront[RADIUS], behind[RADIUS], current;
#pragma unroll
    for (int i = RADIUS - 2; i >= 0; --i) { behind[i] = input[inIdx]; inIdx += stride_z; }
    current = input[inIdx];
    inIdx += stride_z;
#pragma unroll
    for (int i = 0; i < RADIUS; ++i) { infront[i] = input[inIdx]; inIdx += stride_z; }
    behind[RADIUS - 1] = 0.f;
    for (int iz = 0; iz < dimz; ++iz) {
#pragma unroll
        for (int i = RADIUS - 1; i > 0; --i) behind[i] = behind[i - 1];
        behind[0] = current;
        current = infront[0];
#pragma unroll
        for (int i = 0; i < RADIUS - 1; ++i) infront[i] = infront[i + 1];
        infront[RADIUS - 1] = input[inIdx];
        inIdx += stride_z;
        __syncthreads();
        if (threadIdx.y < RADIUS) {
            tile[threadIdx.y][tx] = input[outIdx - RADIUS * stride_y];
            tile[threadIdx.y + TY + RADIUS][tx] = input[outIdx + TY * stride_y];
        }
        if (threadIdx.x < RADIUS) {
            tile[ty][threadIdx.x] = input[outIdx - RADIUS];
            tile[ty][threadIdx.x + TX + RADIUS] = input[outIdx + TX];
        }
        tile[ty][tx] = current;
        __syncthreads();
        float value = c_coeff[0] * current;
#pragma unroll
        for (int i = 1; i <= RADIUS; ++i)
            value += c_coeff[i] * (infront[i - 1] + behind[i - 1] + tile[ty - i][tx] + tile[ty + i][tx] +
                                   tile[ty][tx - i] + tile[ty][tx + i]);
        output[outIdx] = value;
        outIdx += stride_z;
    }
}

// 2-D Jacobi 5-point relaxation with residual reduction
extern "C" __global__ void jacobi5_residual(const float* __restrict__ u, const float* __restrict__ f,
                                            float* __restrict__ unew, float* __restrict__ resid,
                                            int nx, int ny, float h2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    float r = 0.f;
    if (i > 0 && j > 0 && i < nx - 1 && j < ny - 1) {
        int id = j * nx + i;
        float v = 0.25f * (u[id - 1] + u[id + 1] + u[id - nx] + u[id + nx] - h2 * f[id]);
        unew[id] = v;
        r = fabsf(v - u[id]);
    }
    for (int o = 16; o > 0; o >>= 1) r = fmaxf(r, __shfl_xor_sync(0xffffffffu, r, o));
    if (((threadIdx.y * blockDim.x + threadIdx.x) & 31) == 0)
        atomicMax(reinterpret_cast<int*>(resid), __float_as_int(r));
}

// 3-D 7-point heat equation in double precision, 2.5-D blocking with register sliding window
extern "C" __global__ void heat3d_7pt_double(const double* __restrict__ in, double* __restrict__ out,
                                             int nx, int ny, int nz, double alpha)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < 1 || j < 1 || i >= nx - 1 || j >= ny - 1) return;
    size_t plane = (size_t)nx * ny;
    size_t idx = plane + (size_t)j * nx + i;
    double below = in[idx - plane], cur = in[idx], above;
    for (int k = 1; k < nz - 1; ++k) {
        above = in[idx + plane];
        double lap = in[idx - 1] + in[idx + 1] + in[idx - nx] + in[idx + nx] + below + above - 6.0 * cur;
        out[idx] = cur + alpha * lap;
        below = cur;
        cur = above;
        idx += plane;
    }
}

// 2-D 8th-order (radius 8 cross) Laplacian, 2 outputs per thread in y, many live neighbours
extern "C" __global__ void laplace2d_order16(const float* __restrict__ p, float* __restrict__ lap,
                                             int nx, int ny, float invh2)
{
    const float c[9] = {-5.6953125f, 1.7777778f, -0.3111111f, 0.07542088f, -0.01767677f,
                        0.003480962f, -0.0005180005f, 5.074287e-05f, -2.4281274e-06f};
    int i = blockIdx.x * blockDim.x + threadIdx.x + 8;
    int j = (blockIdx.y * blockDim.y + threadIdx.y) * 2 + 8;
    if (i >= nx - 8 || j >= ny - 9) return;
    float col[18];
#pragma unroll
    for (int k = 0; k < 18; ++k) col[k] = p[(j - 8 + k) * nx + i];
    float r0 = 2.f * c[0] * col[8], r1 = 2.f * c[0] * col[9];
#pragma unroll
    for (int k = 1; k <= 8; ++k) {
        r0 += c[k] * (col[8 - k] + col[8 + k] + p[j * nx + i - k] + p[j * nx + i + k]);
        r1 += c[k] * (col[9 - k] + col[9 + k]);
        r1 += c[k] * (p[(j + 1) * nx + i - k] + p[(j + 1) * nx + i + k]);
    }
    lap[j * nx + i] = r0 * invh2;
    lap[(j + 1) * nx + i] = r1 * invh2;
}

