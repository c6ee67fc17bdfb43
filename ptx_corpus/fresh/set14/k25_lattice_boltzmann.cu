// Domain: computational fluid dynamics, lattice Boltzmann method
// lbm_d2q9_bgk_pull      - D2Q9 BGK collide + pull streaming, structure-of-arrays, periodic wrap
// lbm_d3q19_bgk          - D3Q19 BGK fused stream/collide, 19 populations live in registers
// lbm_d3q19_trt_lb       - D3Q19 two-relaxation-time collision with forcing, __launch_bounds__(384,4)

__constant__ int c_ex[19] = {0, 1, -1, 0, 0, 0, 0, 1, -1, 1, -1, 1, -1, 1, -1, 0, 0, 0, 0};
__constant__ int c_ey[19] = {0, 0, 0, 1, -1, 0, 0, 1, -1, -1, 1, 0, 0, 0, 0, 1, -1, 1, -1};
__constant__ int c_ez[19] = {0, 0, 0, 0, 0, 1, -1, 0, 0, 0, 0, 1, -1, -1, 1, 1, -1, -1, 1};
__constant__ int c_opp[19] = {0, 2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11, 14, 13, 16, 15, 18, 17};

extern "C" __global__ void lbm_d2q9_bgk_pull(const float *__restrict__ fin, float *__restrict__ fout,
                                             int nx, int ny, float omega)
{
    const int ex[9] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
    const int ey[9] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
    const float w[9] = {4.f / 9, 1.f / 9, 1.f / 9, 1.f / 9, 1.f / 9, 1.f / 36, 1.f / 36, 1.f / 36, 1.f / 36};
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x >= nx) return;
    int N = nx * ny;
    float f[9];
#pragma unroll
    for (int q = 0; q < 9; ++q) {
        int xs = (x - ex[q] + nx) % nx, ys = (y - ey[q] + ny) % ny;
        f[q] = fin[q * N + ys * nx + xs];
    }
    float rho = 0.f, ux = 0.f, uy = 0.f;
#pragma unroll
    for (int q = 0; q < 9; ++q) { rho += f[q]; ux += ex[q] * f[q]; uy += ey[q] * f[q]; }
    ux /= rho; uy /= rho;
    float usq = 1.5f * (ux * ux + uy * uy);
#pragma unroll
    for (int q = 0; q < 9; ++q) {
        float eu = 3.f * (ex[q] * ux + ey[q] * uy);
        float feq = w[q] * rho * (1.f + eu + 0.5f * eu * eu - usq);
        fout[q * N + y * nx + x] = f[q] + omega * (feq - f[q]);
    }
}

#define Q 19
__device__ __forceinline__ void d3q19_weights(float w[Q])
{
    w[0] = 1.f / 3.f;
#pragma unroll
    for (int q = 1; q < 7; ++q) w[q] = 1.f / 18.f;
#pragma unroll
    for (int q = 7; q < Q; ++q) w[q] = 1.f / 36.f;
}

extern "C" __global__ void lbm_d3q19_bgk(const float *__restrict__ fin, float *__restrict__ fout,
                                         int nx, int ny, int nz, float omega)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y, z = blockIdx.z;
    if (x >= nx) return;
    size_t N = (size_t)nx * ny * nz;
    float f[Q], w[Q];
    d3q19_weights(w);
#pragma unroll
    for (int q = 0; q < Q; ++q) {
        int xs = (x - c_ex[q] + nx) % nx, ys = (y - c_ey[q] + ny) % ny, zs = (z - c_ez[q] + nz) % nz;
        f[q] = fin[q * N + ((size_t)zs * ny + ys) * nx + xs];
    }
    float rho = 0.f, jx = 0.f, jy = 0.f, jz = 0.f;
#pragma unroll
    for (int q = 0; q < Q; ++q) {
        rho += f[q];
        jx += c_ex[q] * f[q]; jy += c_ey[q] * f[q]; jz += c_ez[q] * f[q];
    }
    float ir = 1.f / rho;
    float ux = jx * ir, uy = jy * ir, uz = jz * ir;
    float usq = 1.5f * (ux * ux + uy * uy + uz * uz);
    size_t c = ((size_t)z * ny + y) * nx + x;
#pragma unroll
    for (int q = 0; q < Q; ++q) {
        float eu = 3.f * (c_ex[q] * ux + c_ey[q] * uy + c_ez[q] * uz);
        float feq = w[q] * rho * (1.f + eu + 0.5f * eu * eu - usq);
        fout[q * N + c] = f[q] - omega * (f[q] - feq);
    }
}

extern "C" __global__ void __launch_bounds__(384, 4)
lbm_d3q19_trt_lb(const float *__restrict__ fin, float *__restrict__ fout, float *__restrict__ macro,
                 int nx, int ny, int nz, float omega_p, float omega_m, float gx, float gy, float gz)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y, z = blockIdx.z;
    if (x >= nx) return;
    size_t N = (size_t)nx * ny * nz;
    const float ex[Q] = {0, 1, -1, 0, 0, 0, 0, 1, -1, 1, -1, 1, -1, 1, -1, 0, 0, 0, 0};
    const float ey[Q] = {0, 0, 0, 1, -1, 0, 0, 1, -1, -1, 1, 0, 0, 0, 0, 1, -1, 1, -1};
    const float ez[Q] = {0, 0, 0, 0, 0, 1, -1, 0, 0, 0, 0, 1, -1, -1, 1, 1, -1, -1, 1};
    const int opp[Q] = {0, 2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11, 14, 13, 16, 15, 18, 17};
    float f[Q], w[Q], feq[Q];
    d3q19_weights(w);
    size_t c = ((size_t)z * ny + y) * nx + x;
#pragma unroll
    for (int q = 0; q < Q; ++q) {
        int xs = (x - (int)ex[q] + nx) % nx, ys = (y - (int)ey[q] + ny) % ny, zs = (z - (int)ez[q] + nz) % nz;
        f[q] = fin[q * N + ((size_t)zs * ny + ys) * nx + xs];
    }
    float rho = 0.f, jx = 0.f, jy = 0.f, jz = 0.f;
#pragma unroll
    for (int q = 0; q < Q; ++q) { rho += f[q]; jx += ex[q] * f[q]; jy += ey[q] * f[q]; jz += ez[q] * f[q]; }
    float ir = 1.f / rho;
    float ux = (jx + 0.5f * gx) * ir, uy = (jy + 0.5f * gy) * ir, uz = (jz + 0.5f * gz) * ir;
    float usq = 1.5f * (ux * ux + uy * uy + uz * uz);
#pragma unroll
    for (int q = 0; q < Q; ++q) {
        float eu = 3.f * (ex[q] * ux + ey[q] * uy + ez[q] * uz);
        feq[q] = w[q] * rho * (1.f + eu + 0.5f * eu * eu - usq);
    }
#pragma unroll
    for (int q = 0; q < Q; ++q) {
        int o = opp[q];
        float fp = 0.5f * (f[q] + f[o]), fm = 0.5f * (f[q] - f[o]);
        float ep = 0.5f * (feq[q] + feq[o]), em = 0.5f * (feq[q] - feq[o]);
        float eu = ex[q] * ux + ey[q] * uy + ez[q] * uz;
        float force = w[q] * 3.f * ((ex[q] - ux) * gx + (ey[q] - uy) * gy + (ez[q] - uz) * gz + 3.f * eu * (ex[q] * gx + ey[q] * gy + ez[q] * gz));
        fout[q * N + c] = f[q] - omega_p * (fp - ep) - omega_m * (fm - em) + (1.f - 0.5f * omega_p) * force;
    }
    macro[4 * c + 0] = rho;
    macro[4 * c + 1] = ux;
    macro[4 * c + 2] = uy;
    macro[4 * c + 3] = uz;
}

