// Plasma particle-in-cell: charge deposition with cloud-in-cell and triangular-shaped-cloud
// weights in 3D (shared-memory tile accumulation for particles sorted by tile), field gather
// with TSC interpolation, and a 2D Esirkepov-style charge-conserving current deposition.
#include <cuda_runtime.h>

struct Particle { float x, y, z, w; };   // w = macro charge

// Particles are pre-sorted by 8x8x8 tile; tile_start gives ranges. Each block handles one tile,
// accumulating into a 10x10x10 shared array (CIC needs +1 halo), then flushing with atomics.
extern "C" __global__ void __launch_bounds__(256)
deposit_cic_tiled(const Particle *__restrict__ p, const int *__restrict__ tile_start, int3 ntiles,
                  int3 grid, float inv_dx, float *__restrict__ rho)
{
    __shared__ float acc[10 * 10 * 10];
    int t = blockIdx.x;
    int tz = t / (ntiles.x * ntiles.y), ty = (t / ntiles.x) % ntiles.y, tx = t % ntiles.x;
    int ox = tx * 8, oy = ty * 8, oz = tz * 8;
    for (int k = threadIdx.x; k < 1000; k += blockDim.x) acc[k] = 0.f;
    __syncthreads();
    int beg = tile_start[t], end = tile_start[t + 1];
    for (int k = beg + threadIdx.x; k < end; k += blockDim.x) {
        Particle q = p[k];
        float gx = q.x * inv_dx - ox, gy = q.y * inv_dx - oy, gz = q.z * inv_dx - oz;
        int i = min(max((int)floorf(gx), 0), 8), j = min(max((int)floorf(gy), 0), 8), l = min(max((int)floorf(gz), 0), 8);
        float fx = gx - i, fy = gy - j, fz = gz - l;
        float wx[2] = {1.f - fx, fx}, wy[2] = {1.f - fy, fy}, wz[2] = {1.f - fz, fz};
#pragma unroll
        for (int c = 0; c < 2; ++c)
#pragma unroll
            for (int b = 0; b < 2; ++b)
#pragma unroll
                for (int a = 0; a < 2; ++a)
                    atomicAdd(&acc[((l + c) * 10 + (j + b)) * 10 + (i + a)], q.w * wx[a] * wy[b] * wz[c]);
    }
    __syncthreads();
    for (int k = threadIdx.x; k < 1000; k += blockDim.x) {
        float v = acc[k];
        if (v == 0.f) continue;
        int a = k % 10, b = (k / 10) % 10, c = k / 100;
        int gx = (ox + a) % grid.x, gy = (oy + b) % grid.y, gz = (oz + c) % grid.z;
        atomicAdd(rho + ((size_t)gz * grid.y + gy) * grid.x + gx, v);
    }
}

__device__ __forceinline__ void tsc_weights(float f, float *w)
{
    // f in [-0.5, 0.5) relative to nearest node
    w[0] = 0.5f * (0.5f - f) * (0.5f - f);
    w[1] = 0.75f - f * f;
    w[2] = 0.5f * (0.5f + f) * (0.5f + f);
}

// Direct TSC deposition to global memory (unsorted particles): 27 atomics per particle.
extern "C" __global__ void deposit_tsc_global(const Particle *__restrict__ p, int np, int3 grid, float inv_dx,
                                              float *__restrict__ rho)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= np) return;
    Particle q = p[k];
    float gx = q.x * inv_dx, gy = q.y * inv_dx, gz = q.z * inv_dx;
    int i = __float2int_rn(gx), j = __float2int_rn(gy), l = __float2int_rn(gz);
    float wx[3], wy[3], wz[3];
    tsc_weights(gx - i, wx); tsc_weights(gy - j, wy); tsc_weights(gz - l, wz);
#pragma unroll
    for (int c = 0; c < 3; ++c) {
        int zz = (l - 1 + c + grid.z) % grid.z;
#pragma unroll
        for (int b = 0; b < 3; ++b) {
            int yy = (j - 1 + b + grid.y) % grid.y;
            float wbc = q.w * wy[b] * wz[c];
#pragma unroll
            for (int a = 0; a < 3; ++a) {
                int xx = (i - 1 + a + grid.x) % grid.x;
                atomicAdd(rho + ((size_t)zz * grid.y + yy) * grid.x + xx, wbc * wx[a]);
            }
        }
    }
}

// Gather E and B with TSC weights (staggered Yee positions ignored: collocated grid) and push with
// a relativistic Vay pusher.
extern "C" __global__ void __launch_bounds__(256, 4) gather_push_vay(Particle *__restrict__ p, float4 *__restrict__ u,   // u = gamma*v, w unused
                                           const float4 *__restrict__ E, const float4 *__restrict__ B,
                                           int np, int3 grid, float inv_dx, float qm_dt_half, float dt, float c)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= np) return;
    Particle q = p[k];
    float gx = q.x * inv_dx, gy = q.y * inv_dx, gz = q.z * inv_dx;
    int i = __float2int_rn(gx), j = __float2int_rn(gy), l = __float2int_rn(gz);
    float wx[3], wy[3], wz[3];
    tsc_weights(gx - i, wx); tsc_weights(gy - j, wy); tsc_weights(gz - l, wz);
    float ex = 0, ey = 0, ez = 0, bx = 0, by = 0, bz = 0;
#pragma unroll
    for (int cc = 0; cc < 3; ++cc) {
        int zz = (l - 1 + cc + grid.z) % grid.z;
#pragma unroll
        for (int b = 0; b < 3; ++b) {
            int yy = (j - 1 + b + grid.y) % grid.y;
#pragma unroll
            for (int a = 0; a < 3; ++a) {
                int xx = (i - 1 + a + grid.x) % grid.x;
                size_t idx = ((size_t)zz * grid.y + yy) * grid.x + xx;
                float w = wx[a] * wy[b] * wz[cc];
                float4 e = __ldg(E + idx), bb = __ldg(B + idx);
                ex += w * e.x; ey += w * e.y; ez += w * e.z;
                bx += w * bb.x; by += w * bb.y; bz += w * bb.z;
            }
        }
    }
    float4 uu = u[k];
    float ic2 = 1.f / (c * c);
    float g = sqrtf(1.f + (uu.x * uu.x + uu.y * uu.y + uu.z * uu.z) * ic2);
    // Vay 2008
    float tx = qm_dt_half * bx, ty = qm_dt_half * by, tz = qm_dt_half * bz;
    float vx = uu.x / g, vy = uu.y / g, vz = uu.z / g;
    float upx = uu.x + 2.f * qm_dt_half * ex + (vy * tz - vz * ty);
    float upy = uu.y + 2.f * qm_dt_half * ey + (vz * tx - vx * tz);
    float upz = uu.z + 2.f * qm_dt_half * ez + (vx * ty - vy * tx);
    float tau2 = (tx * tx + ty * ty + tz * tz);
    float ustar = (upx * tx + upy * ty + upz * tz) / c;
    float gp2 = 1.f + (upx * upx + upy * upy + upz * upz) * ic2;
    float sigma = gp2 - tau2;
    float gnew = sqrtf(0.5f * (sigma + sqrtf(sigma * sigma + 4.f * (tau2 + ustar * ustar))));
    float sx = tx / gnew, sy = ty / gnew, sz = tz / gnew;
    float s = 1.f / (1.f + sx * sx + sy * sy + sz * sz);
    float ud = upx * sx + upy * sy + upz * sz;
    float nx = s * (upx + ud * sx + (upy * sz - upz * sy));
    float ny = s * (upy + ud * sy + (upz * sx - upx * sz));
    float nz = s * (upz + ud * sz + (upx * sy - upy * sx));
    u[k] = make_float4(nx, ny, nz, gnew);
    float ig = 1.f / gnew;
    q.x += nx * ig * dt; q.y += ny * ig * dt; q.z += nz * ig * dt;
    float Lx = grid.x / inv_dx, Ly = grid.y / inv_dx, Lz = grid.z / inv_dx;
    q.x -= Lx * floorf(q.x / Lx); q.y -= Ly * floorf(q.y / Ly); q.z -= Lz * floorf(q.z / Lz);
    p[k] = q;
}

// 2D Esirkepov current deposition with linear (CIC) shape factors over a 4x4 stencil.
extern "C" __global__ void esirkepov_2d(const float2 *__restrict__ x_old, const float2 *__restrict__ x_new,
                                        const float *__restrict__ qw, int np, int nx, int ny, float inv_dx,
                                        float inv_dt, float *__restrict__ Jx, float *__restrict__ Jy)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= np) return;
    float2 a = x_old[k], b = x_new[k];
    float q = qw[k];
    float ax = a.x * inv_dx, ay = a.y * inv_dx, bx = b.x * inv_dx, by = b.y * inv_dx;
    int i0 = (int)floorf(fminf(ax, bx)) - 1, j0 = (int)floorf(fminf(ay, by)) - 1;
    float S0x[4], S1x[4], S0y[4], S1y[4];
#pragma unroll
    for (int m = 0; m < 4; ++m) {
        float cx = i0 + m, cy = j0 + m;
        S0x[m] = fmaxf(0.f, 1.f - fabsf(ax - cx)); S1x[m] = fmaxf(0.f, 1.f - fabsf(bx - cx));
        S0y[m] = fmaxf(0.f, 1.f - fabsf(ay - cy)); S1y[m] = fmaxf(0.f, 1.f - fabsf(by - cy));
    }
    float Wx[4][4], Wy[4][4];
#pragma unroll
    for (int m = 0; m < 4; ++m)
#pragma unroll
        for (int n = 0; n < 4; ++n) {
            float dSx = S1x[m] - S0x[m], dSy = S1y[n] - S0y[n];
            Wx[m][n] = dSx * (S0y[n] + 0.5f * dSy);
            Wy[m][n] = dSy * (S0x[m] + 0.5f * dSx);
        }
    float cfx = -q * inv_dt / inv_dx, cfy = cfx;
#pragma unroll
    for (int n = 0; n < 4; ++n) {
        float acc = 0.f;
        int jj = ((j0 + n) % ny + ny) % ny;
#pragma unroll
        for (int m = 0; m < 3; ++m) {
            acc += Wx[m][n];
            int ii = ((i0 + m) % nx + nx) % nx;
            if (acc != 0.f) atomicAdd(Jx + jj * nx + ii, cfx * acc);
        }
    }
#pragma unroll
    for (int m = 0; m < 4; ++m) {
        float acc = 0.f;
        int ii = ((i0 + m) % nx + nx) % nx;
#pragma unroll
        for (int n = 0; n < 3; ++n) {
            acc += Wy[m][n];
            int jj = ((j0 + n) % ny + ny) % ny;
            if (acc != 0.f) atomicAdd(Jy + jj * nx + ii, cfy * acc);
        }
    }
}
