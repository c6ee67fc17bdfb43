// Ewald summation: real-space erfc term over a Verlet neighbour list (double accum),
// reciprocal-space structure factor for a block of k-vectors, and self/charged-system corrections.
#include <cuda_runtime.h>

struct __align__(16) dvec4 { double x, y, z, w; };

extern "C" __global__ void ewald_real_neighbor(const dvec4* __restrict__ pos_q,
                                               const int* __restrict__ nbr_start,
                                               const int* __restrict__ nbr_list,
                                               dvec4* __restrict__ force_pot,
                                               int n, double3 box, double alpha, double rc2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    dvec4 pi = pos_q[i];
    double fx = 0, fy = 0, fz = 0, pot = 0;
    const double two_over_sqrtpi = 1.1283791670955126;
    for (int k = nbr_start[i]; k < nbr_start[i + 1]; ++k) {
        int j = nbr_list[k];
        dvec4 pj = pos_q[j];
        double dx = pi.x - pj.x, dy = pi.y - pj.y, dz = pi.z - pj.z;
        dx -= box.x * rint(dx / box.x);
        dy -= box.y * rint(dy / box.y);
        dz -= box.z * rint(dz / box.z);
        double r2 = dx * dx + dy * dy + dz * dz;
        if (r2 > rc2) continue;
        double r = sqrt(r2);
        double ar = alpha * r;
        double ec = erfc(ar);
        double qq = pi.w * pj.w;
        double e = qq * ec / r;
        double fr = qq * (ec / r + two_over_sqrtpi * alpha * exp(-ar * ar)) / r2;
        fx += fr * dx; fy += fr * dy; fz += fr * dz;
        pot += 0.5 * e;
    }
    force_pot[i] = dvec4{fx, fy, fz, pot};
}

// Each block handles a set of k-vectors; threads sweep atoms and reduce S(k).
extern "C" __global__ void ewald_structure_factor(const float4* __restrict__ pos_q,
                                                  const float4* __restrict__ kvec_coef,   // kx,ky,kz, exp(-k^2/4a^2)/k^2
                                                  float2* __restrict__ Sk, int n, int nk)
{
    const int KB = 4;
    __shared__ float sre[KB][256], sim[KB][256];
    int kbase = blockIdx.x * KB;
    float4 kv[KB];
#pragma unroll
    for (int q = 0; q < KB; ++q) kv[q] = kvec_coef[min(kbase + q, nk - 1)];
    float re[KB], im[KB];
#pragma unroll
    for (int q = 0; q < KB; ++q) { re[q] = 0.f; im[q] = 0.f; }
    for (int a = threadIdx.x; a < n; a += blockDim.x) {
        float4 p = pos_q[a];
#pragma unroll
        for (int q = 0; q < KB; ++q) {
            float ph = kv[q].x * p.x + kv[q].y * p.y + kv[q].z * p.z;
            float s, c;
            __sincosf(ph, &s, &c);
            re[q] = fmaf(p.w, c, re[q]);
            im[q] = fmaf(p.w, s, im[q]);
        }
    }
#pragma unroll
    for (int q = 0; q < KB; ++q) { sre[q][threadIdx.x] = re[q]; sim[q][threadIdx.x] = im[q]; }
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) {
#pragma unroll
            for (int q = 0; q < KB; ++q) {
                sre[q][threadIdx.x] += sre[q][threadIdx.x + s];
                sim[q][threadIdx.x] += sim[q][threadIdx.x + s];
            }
        }
        __syncthreads();
    }
    if (threadIdx.x < KB && kbase + threadIdx.x < nk)
        Sk[kbase + threadIdx.x] = make_float2(sre[threadIdx.x][0], sim[threadIdx.x][0]);
}

extern "C" __global__ void ewald_recip_forces(const float4* __restrict__ pos_q,
                                              const float4* __restrict__ kvec_coef,
                                              const float2* __restrict__ Sk,
                                              float4* __restrict__ force, int n, int nk, float pref)
{
    __shared__ float4 sk[128];
    __shared__ float2 ss[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 p = (i < n) ? pos_q[i] : make_float4(0, 0, 0, 0);
    float fx = 0, fy = 0, fz = 0, e = 0;
    for (int base = 0; base < nk; base += 128) {
        if (threadIdx.x < 128 && base + threadIdx.x < nk) {
            sk[threadIdx.x] = kvec_coef[base + threadIdx.x];
            ss[threadIdx.x] = Sk[base + threadIdx.x];
        }
        __syncthreads();
        int lim = min(128, nk - base);
        for (int k = 0; k < lim; ++k) {
            float4 kv = sk[k];
            float2 S = ss[k];
            float s, c;
            __sincosf(kv.x * p.x + kv.y * p.y + kv.z * p.z, &s, &c);
            float g = kv.w * (S.y * c - S.x * s);
            fx += g * kv.x; fy += g * kv.y; fz += g * kv.z;
            e += kv.w * (S.x * c + S.y * s);
        }
        __syncthreads();
    }
    if (i < n) force[i] = make_float4(2.f * pref * p.w * fx, 2.f * pref * p.w * fy, 2.f * pref * p.w * fz, pref * p.w * e);
}

extern "C" __global__ void ewald_self_correction(const dvec4* __restrict__ pos_q, double* __restrict__ e_self,
                                                 int n, double alpha, double volume)
{
    __shared__ double sq[256], sq2[256];
    double q = 0, q2 = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        double c = pos_q[i].w; q += c; q2 += c * c;
    }
    sq[threadIdx.x] = q; sq2[threadIdx.x] = q2;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) { sq[threadIdx.x] += sq[threadIdx.x + s]; sq2[threadIdx.x] += sq2[threadIdx.x + s]; }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        const double pi = 3.141592653589793;
        atomicAdd(e_self, -alpha / sqrt(pi) * sq2[0]);
        atomicAdd(e_self + 1, sq[0]);
        atomicAdd(e_self + 2, -pi / (2.0 * volume * alpha * alpha) * sq[0] * sq[0] / gridDim.x);
    }
}
