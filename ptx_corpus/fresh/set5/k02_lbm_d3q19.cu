// Lattice Boltzmann D3Q19 kernels: fused pull-stream + BGK/TRT collision,
// macroscopic moments, and half-way bounce-back boundary handling.

#define Q 19

__constant__ int   c_ex[Q] = {0, 1,-1, 0, 0, 0, 0, 1,-1, 1,-1, 1,-1, 1,-1, 0, 0, 0, 0};
__constant__ int   c_ey[Q] = {0, 0, 0, 1,-1, 0, 0, 1,-1,-1, 1, 0, 0, 0, 0, 1,-1, 1,-1};
__constant__ int   c_ez[Q] = {0, 0, 0, 0, 0, 1,-1, 0, 0, 0, 0, 1,-1,-1, 1, 1,-1,-1, 1};
__constant__ int   c_opp[Q] = {0, 2, 1, 4, 3, 6, 5, 8, 7,10, 9,12,11,14,13,16,15,18,17};

__device__ __forceinline__ float lbm_weight(int q) {
    return q == 0 ? (1.f / 3.f) : (q < 7 ? (1.f / 18.f) : (1.f / 36.f));
}

// Pull-scheme streaming fused with BGK collision; SoA layout f[q*N + cell].
extern "C" __global__ void lbm_d3q19_pull_bgk(const float* __restrict__ fin, float* __restrict__ fout,
                                              const unsigned char* __restrict__ flags,
                                              int nx, int ny, int nz, float omega,
                                              float gx, float gy, float gz)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y, z = blockIdx.z;
    if (x >= nx) return;
    const long N = (long)nx * ny * nz;
    long cell = ((long)z * ny + y) * nx + x;
    if (flags[cell] == 1) return;  // solid

    float f[Q];
#pragma unroll
    for (int q = 0; q < Q; ++q) {
        int sx = x - c_ex[q], sy = y - c_ey[q], sz = z - c_ez[q];
        sx = (sx + nx) % nx; sy = (sy + ny) % ny; sz = (sz + nz) % nz;
        long src = ((long)sz * ny + sy) * nx + sx;
        if (flags[src] == 1) f[q] = fin[c_opp[q] * N + cell];   // bounce back
        else f[q] = fin[q * N + src];
    }
    float rho = 0.f, ux = 0.f, uy = 0.f, uz = 0.f;
#pragma unroll
    for (int q = 0; q < Q; ++q) {
        rho += f[q];
        ux += f[q] * (float)c_ex[q];
        uy += f[q] * (float)c_ey[q];
        uz += f[q] * (float)c_ez[q];
    }
    float inv = 1.f / rho;
    ux = ux * inv + 0.5f * gx * inv;
    uy = uy * inv + 0.5f * gy * inv;
    uz = uz * inv + 0.5f * gz * inv;
    float usq = 1.5f * (ux * ux + uy * uy + uz * uz);
#pragma unroll
    for (int q = 0; q < Q; ++q) {
        float eu = 3.f * (c_ex[q] * ux + c_ey[q] * uy + c_ez[q] * uz);
        float feq = lbm_weight(q) * rho * (1.f + eu + 0.5f * eu * eu - usq);
        float force = lbm_weight(q) * 3.f * (c_ex[q] * gx + c_ey[q] * gy + c_ez[q] * gz) * (1.f - 0.5f * omega);
        fout[q * N + cell] = f[q] + omega * (feq - f[q]) + force;
    }
}

// TRT collision in-place (two relaxation times, magic parameter Lambda).
extern "C" __global__ void __launch_bounds__(128, 8)
lbm_d3q19_trt_collide(float* __restrict__ f, const unsigned char* __restrict__ flags,
                      long N, float omega_plus, float lambda_magic)
{
    long cell = blockIdx.x * (long)blockDim.x + threadIdx.x;
    if (cell >= N || flags[cell]) return;
    float fl[Q];
#pragma unroll
    for (int q = 0; q < Q; ++q) fl[q] = f[q * N + cell];
    float rho = 0.f, jx = 0.f, jy = 0.f, jz = 0.f;
#pragma unroll
    for (int q = 0; q < Q; ++q) {
        rho += fl[q]; jx += c_ex[q] * fl[q]; jy += c_ey[q] * fl[q]; jz += c_ez[q] * fl[q];
    }
    float ux = jx / rho, uy = jy / rho, uz = jz / rho;
    float tau_p = 1.f / omega_plus;
    float tau_m = lambda_magic / (tau_p - 0.5f) + 0.5f;
    float om_m = 1.f / tau_m;
    float usq = 1.5f * (ux * ux + uy * uy + uz * uz);
    float feq[Q];
#pragma unroll
    for (int q = 0; q < Q; ++q) {
        float eu = 3.f * (c_ex[q] * ux + c_ey[q] * uy + c_ez[q] * uz);
        feq[q] = lbm_weight(q) * rho * (1.f + eu + 0.5f * eu * eu - usq);
    }
    float out[Q];
    out[0] = fl[0] - omega_plus * (fl[0] - feq[0]);
#pragma unroll
    for (int q = 1; q < Q; q += 2) {
        int o = q + 1;
        float fp = 0.5f * (fl[q] + fl[o]), fm = 0.5f * (fl[q] - fl[o]);
        float ep = 0.5f * (feq[q] + feq[o]), em = 0.5f * (feq[q] - feq[o]);
        float dp = omega_plus * (fp - ep), dm = om_m * (fm - em);
        out[q] = fl[q] - dp - dm;
        out[o] = fl[o] - dp + dm;
    }
#pragma unroll
    for (int q = 0; q < Q; ++q) f[q * N + cell] = out[q];
}

// Macroscopic density / velocity / vorticity-magnitude helper output.
extern "C" __global__ void lbm_d3q19_moments(const float* __restrict__ f, const unsigned char* __restrict__ flags,
                                             float4* __restrict__ rho_u, long N)
{
    long cell = blockIdx.x * (long)blockDim.x + threadIdx.x;
    if (cell >= N) return;
    if (flags[cell]) { rho_u[cell] = make_float4(1.f, 0.f, 0.f, 0.f); return; }
    float rho = 0.f, ux = 0.f, uy = 0.f, uz = 0.f;
    for (int q = 0; q < Q; ++q) {
        float v = f[q * N + cell];
        rho += v; ux += c_ex[q] * v; uy += c_ey[q] * v; uz += c_ez[q] * v;
    }
    float inv = 1.f / rho;
    rho_u[cell] = make_float4(rho, ux * inv, uy * inv, uz * inv);
}

