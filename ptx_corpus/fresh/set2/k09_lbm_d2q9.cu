__constant__ int c_ex[9] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
__constant__ int c_ey[9] = {0, 0, 1, 0, -1, 1, 1, -1, -1};

extern "C" __global__ void __launch_bounds__(256, 4) lbm_d2q9_stream_collide(const float* __restrict__ fin, float* __restrict__ fout,
    const unsigned char* __restrict__ solid, int nx, int ny, float omega, float ux_in)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= nx || y >= ny) return;
    const int N = nx * ny;
    const float w[9] = {4.f/9, 1.f/9, 1.f/9, 1.f/9, 1.f/9, 1.f/36, 1.f/36, 1.f/36, 1.f/36};
    const int opp[9] = {0, 3, 4, 1, 2, 7, 8, 5, 6};
    float f[9];
#pragma unroll
    for (int q = 0; q < 9; ++q) {
        int sx = (x - c_ex[q] + nx) % nx;
        int sy = (y - c_ey[q] + ny) % ny;
        f[q] = fin[q * N + sy * nx + sx];
    }
    int idx = y * nx + x;
    if (solid[idx]) {
#pragma unroll
        for (int q = 0; q < 9; ++q) fout[q * N + idx] = f[opp[q]];
        return;
    }
    float rho = 0.f, ux = 0.f, uy = 0.f;
#pragma unroll
    for (int q = 0; q < 9; ++q) { rho += f[q]; ux += f[q] * c_ex[q]; uy += f[q] * c_ey[q]; }
    ux /= rho; uy /= rho;
    if (x == 0) { ux = ux_in; uy = 0.f; }
    float usq = 1.5f * (ux * ux + uy * uy);
#pragma unroll
    for (int q = 0; q < 9; ++q) {
        float cu = 3.f * (c_ex[q] * ux + c_ey[q] * uy);
        float feq = w[q] * rho * (1.f + cu + 0.5f * cu * cu - usq);
        fout[q * N + idx] = f[q] + omega * (feq - f[q]);
    }
}

extern "C" __global__ void lbm_macroscopic(const float* __restrict__ f, float* __restrict__ rho_out,
    float2* __restrict__ u_out, int nx, int ny)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int N = nx * ny;
    if (idx >= N) return;
    float f0 = f[idx], f1 = f[N + idx], f2 = f[2*N + idx], f3 = f[3*N + idx], f4 = f[4*N + idx];
    float f5 = f[5*N + idx], f6 = f[6*N + idx], f7 = f[7*N + idx], f8 = f[8*N + idx];
    float rho = f0 + f1 + f2 + f3 + f4 + f5 + f6 + f7 + f8;
    float ux = (f1 - f3 + f5 - f6 - f7 + f8) / rho;
    float uy = (f2 - f4 + f5 + f6 - f7 - f8) / rho;
    rho_out[idx] = rho;
    u_out[idx] = make_float2(ux, uy);
}

// D3Q19 BGK with pull streaming, SoA layout, all 19 populations in registers
extern "C" __global__ void lbm_d3q19_pull_bgk(const float* __restrict__ fin, float* __restrict__ fout,
    int nx, int ny, int nz, float omega, float3 force)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y, z = blockIdx.z;
    if (x >= nx) return;
    const int ex[19] = {0, 1, -1, 0, 0, 0, 0, 1, -1, 1, -1, 1, -1, 1, -1, 0, 0, 0, 0};
    const int ey[19] = {0, 0, 0, 1, -1, 0, 0, 1, -1, -1, 1, 0, 0, 0, 0, 1, -1, 1, -1};
    const int ez[19] = {0, 0, 0, 0, 0, 1, -1, 0, 0, 0, 0, 1, -1, -1, 1, 1, -1, -1, 1};
    const float w0 = 1.f / 3.f, w1 = 1.f / 18.f, w2 = 1.f / 36.f;
    size_t N = (size_t)nx * ny * nz;
    size_t idx = ((size_t)z * ny + y) * nx + x;
    float f[19];
#pragma unroll
    for (int q = 0; q < 19; ++q) {
        int sx = (x - ex[q] + nx) % nx, sy = (y - ey[q] + ny) % ny, sz = (z - ez[q] + nz) % nz;
        f[q] = fin[q * N + ((size_t)sz * ny + sy) * nx + sx];
    }
    float rho = 0.f, jx = 0.f, jy = 0.f, jz = 0.f;
#pragma unroll
    for (int q = 0; q < 19; ++q) { rho += f[q]; jx += ex[q] * f[q]; jy += ey[q] * f[q]; jz += ez[q] * f[q]; }
    float ir = 1.f / rho;
    float ux = (jx + 0.5f * force.x) * ir, uy = (jy + 0.5f * force.y) * ir, uz = (jz + 0.5f * force.z) * ir;
    float usq = 1.5f * (ux * ux + uy * uy + uz * uz);
#pragma unroll
    for (int q = 0; q < 19; ++q) {
        float w = q == 0 ? w0 : (q < 7 ? w1 : w2);
        float cu = 3.f * (ex[q] * ux + ey[q] * uy + ez[q] * uz);
        float feq = w * rho * (1.f + cu + 0.5f * cu * cu - usq);
        float fq = 3.f * w * ((ex[q] - ux) * force.x + (ey[q] - uy) * force.y + (ez[q] - uz) * force.z + 3.f * cu / 3.f * (ex[q] * force.x + ey[q] * force.y + ez[q] * force.z));
        fout[q * N + idx] = f[q] - omega * (f[q] - feq) + (1.f - 0.5f * omega) * fq;
    }
}
