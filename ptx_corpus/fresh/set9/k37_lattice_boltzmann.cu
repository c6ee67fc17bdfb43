// Lattice Boltzmann D2Q9 (BGK): fused stream-collide pull scheme, separate collide, and D3Q19 collide
// (19 distributions live per thread).
__constant__ float c_w9[9] = {4.f / 9.f, 1.f / 9.f, 1.f / 9.f, 1.f / 9.f, 1.f / 9.f, 1.f / 36.f, 1.f / 36.f, 1.f / 36.f, 1.f / 36.f};
__constant__ int c_ex9[9] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
__constant__ int c_ey9[9] = {0, 0, 1, 0, -1, 1, 1, -1, -1};

extern "C" __global__ void lbm_d2q9_stream_collide(const float *__restrict__ fin, float *__restrict__ fout,
                                                   const unsigned char *__restrict__ obstacle, int nx, int ny, float omega)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= nx || y >= ny) return;
    size_t plane = (size_t)nx * ny;
    int idx = y * nx + x;
    const int opp[9] = {0, 3, 4, 1, 2, 7, 8, 5, 6};
    float f[9];
#pragma unroll
    for (int q = 0; q < 9; ++q) {
        int sx = (x - c_ex9[q] + nx) % nx;
        int sy = (y - c_ey9[q] + ny) % ny;
        f[q] = fin[q * plane + sy * nx + sx];
    }
    if (obstacle[idx]) {
#pragma unroll
        for (int q = 0; q < 9; ++q) fout[opp[q] * plane + idx] = f[q];
        return;
    }
    float rho = 0.f, ux = 0.f, uy = 0.f;
#pragma unroll
    for (int q = 0; q < 9; ++q) { rho += f[q]; ux += c_ex9[q] * f[q]; uy += c_ey9[q] * f[q]; }
    ux /= rho; uy /= rho;
    float usq = 1.5f * (ux * ux + uy * uy);
#pragma unroll
    for (int q = 0; q < 9; ++q) {
        float eu = 3.f * (c_ex9[q] * ux + c_ey9[q] * uy);
        float feq = c_w9[q] * rho * (1.f + eu + 0.5f * eu * eu - usq);
        fout[q * plane + idx] = f[q] - omega * (f[q] - feq);
    }
}

extern "C" __global__ void lbm_d2q9_macroscopic(const float *__restrict__ f, float *rho, float2 *u, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float r = 0.f, ux = 0.f, uy = 0.f;
#pragma unroll
    for (int q = 0; q < 9; ++q) {
        float v = f[q * n + i];
        r += v; ux += c_ex9[q] * v; uy += c_ey9[q] * v;
    }
    rho[i] = r;
    u[i] = make_float2(ux / r, uy / r);
}

__constant__ double c_w19[19];
__constant__ int c_e19[19][3];

extern "C" __global__ void lbm_d3q19_collide_double(double *__restrict__ f, int n, double omega, double3 force)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double fl[19];
#pragma unroll
    for (int q = 0; q < 19; ++q) fl[q] = f[(size_t)q * n + i];
    double rho = 0.0, ux = 0.0, uy = 0.0, uz = 0.0;
#pragma unroll
    for (int q = 0; q < 19; ++q) {
        rho += fl[q];
        ux += c_e19[q][0] * fl[q];
        uy += c_e19[q][1] * fl[q];
        uz += c_e19[q][2] * fl[q];
    }
    double inv = 1.0 / rho;
    ux = ux * inv + 0.5 * force.x * inv;
    uy = uy * inv + 0.5 * force.y * inv;
    uz = uz * inv + 0.5 * force.z * inv;
    double usq = 1.5 * (ux * ux + uy * uy + uz * uz);
#pragma unroll
    for (int q = 0; q < 19; ++q) {
        double ex = c_e19[q][0], ey = c_e19[q][1], ez = c_e19[q][2];
        double eu = 3.0 * (ex * ux + ey * uy + ez * uz);
        double feq = c_w19[q] * rho * (1.0 + eu + 0.5 * eu * eu - usq);
        double Fi = (1.0 - 0.5 * omega) * c_w19[q] *
                    (3.0 * ((ex - ux) * force.x + (ey - uy) * force.y + (ez - uz) * force.z) +
                     9.0 * eu / 3.0 * (ex * force.x + ey * force.y + ez * force.z));
        f[(size_t)q * n + i] = fl[q] - omega * (fl[q] - feq) + Fi;
    }
}
