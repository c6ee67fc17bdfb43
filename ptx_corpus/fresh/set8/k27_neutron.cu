// Monte Carlo neutron transport: history-based tracking in a 1D multi-region slab with
// continuous-energy cross sections (binary search + lin-lin interpolation), Woodcock delta
// tracking in a 3D voxel geometry with a majorant, and event-based collision processing
// (elastic scattering kinematics, fission bank sampling) in double precision.
#include <cuda_runtime.h>
#include <stdint.h>

struct XsTable { const float *E; const float *tot; const float *sca; const float *fis; const float *nu; int n; };

__device__ __forceinline__ uint64_t lcg63(uint64_t &s)
{
    s = (2806196910506780709ULL * s + 1ULL) & 0x7FFFFFFFFFFFFFFFULL;
    return s;
}
__device__ __forceinline__ double rnd(uint64_t &s) { return lcg63(s) * (1.0 / 9223372036854775808.0); }

__device__ __noinline__ int xs_index(const float *E, int n, float e)
{
    int lo = 0, hi = n - 1;
    if (e <= E[0]) return 0;
    if (e >= E[n - 1]) return n - 2;
    while (hi - lo > 1) {
        int mid = (lo + hi) >> 1;
        if (__ldg(E + mid) > e) hi = mid; else lo = mid;
    }
    return lo;
}

__device__ __forceinline__ float interp(const float *tab, const float *E, int i, float e)
{
    float f = (e - __ldg(E + i)) / (__ldg(E + i + 1) - __ldg(E + i));
    return __ldg(tab + i) + f * (__ldg(tab + i + 1) - __ldg(tab + i));
}

#define NREG 8
extern "C" __global__ void slab_history(const float *__restrict__ bounds,   // NREG+1 interfaces
                                        const int *__restrict__ mat_of_region, XsTable *mats,
                                        const float *__restrict__ density, int nhist, uint64_t seed,
                                        float A_mass, double *__restrict__ tallies)  // [NREG][3]: flux(track length), absorption, leakage
{
    int h = blockIdx.x * blockDim.x + threadIdx.x;
    if (h >= nhist) return;
    uint64_t s = seed ^ (0x9E3779B97F4A7C15ULL * (uint64_t)(h + 1));
    for (int w = 0; w < 4; ++w) lcg63(s);
    double x = bounds[0] + rnd(s) * (bounds[NREG] - bounds[0]);
    double mu = 2.0 * rnd(s) - 1.0;
    float E = 2.0e6f;
    double wgt = 1.0;
    int reg = 0;
    while (reg < NREG - 1 && x >= bounds[reg + 1]) ++reg;
    double flux[NREG];
#pragma unroll
    for (int r = 0; r < NREG; ++r) flux[r] = 0.0;
    double absorbed = 0.0, leaked = 0.0;
    for (int col = 0; col < 1000; ++col) {
        XsTable M = mats[mat_of_region[reg]];
        int ie = xs_index(M.E, M.n, E);
        double st = interp(M.tot, M.E, ie, E) * density[reg];
        double d = -log(rnd(s) + 1e-300) / st;
        double db = mu > 0 ? (bounds[reg + 1] - x) / mu : (mu < 0 ? (bounds[reg] - x) / mu : 1e300);
        if (db < d) {
            flux[reg] += wgt * db;
            x += db * mu;
            reg += mu > 0 ? 1 : -1;
            if (reg < 0 || reg >= NREG) { leaked += wgt; break; }
            continue;
        }
        flux[reg] += wgt * d;
        x += d * mu;
        double ss = interp(M.sca, M.E, ie, E) * density[reg];
        // implicit capture with Russian roulette
        double pabs = 1.0 - ss / st;
        absorbed += wgt * pabs;
        wgt *= 1.0 - pabs;
        if (wgt < 1e-3) { if (rnd(s) < 0.1) wgt *= 10.0; else break; }
        // elastic scatter off nucleus of mass A (isotropic in CM)
        double muc = 2.0 * rnd(s) - 1.0;
        double A = A_mass;
        double ratio = (A * A + 2.0 * A * muc + 1.0) / ((A + 1.0) * (A + 1.0));
        E = (float)(E * ratio);
        double mul = (1.0 + A * muc) / sqrt(A * A + 2.0 * A * muc + 1.0);
        double phi = 2.0 * M_PI * rnd(s);
        double sint = sqrt(fmax(0.0, 1.0 - mu * mu)), sinl = sqrt(fmax(0.0, 1.0 - mul * mul));
        mu = mu * mul + sint * sinl * cos(phi);
        if (E < 1e-5f) { absorbed += wgt; break; }
    }
#pragma unroll
    for (int r = 0; r < NREG; ++r) if (flux[r] != 0.0) atomicAdd(tallies + r * 3, flux[r]);
    atomicAdd(tallies + 1, absorbed);
    atomicAdd(tallies + 2, leaked);
}

// Delta tracking through a voxelised material map with a global majorant cross section (per energy group).
extern "C" __global__ void woodcock_voxels(const unsigned char *__restrict__ matmap, int3 dims, float vox,
                                           const float *__restrict__ sig_t,   // [nmat][ngroup]
                                           const float *__restrict__ sig_s, const float *__restrict__ majorant,
                                           int ngroup, const float4 *__restrict__ src, int n, uint64_t seed,
                                           float *__restrict__ collision_density, unsigned *__restrict__ escaped)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= n) return;
    uint64_t s = seed + 0xBF58476D1CE4E5B9ULL * (uint64_t)k;
    float4 p = src[k];
    int g = (int)p.w;
    float Lx = dims.x * vox, Ly = dims.y * vox, Lz = dims.z * vox;
    float ct = 2.f * (float)rnd(s) - 1.f, ph = 6.2831853f * (float)rnd(s);
    float st = sqrtf(1.f - ct * ct);
    float ux = st * cosf(ph), uy = st * sinf(ph), uz = ct;
    float x = p.x, y = p.y, z = p.z;
    for (int it = 0; it < 10000; ++it) {
        float smaj = majorant[g];
        float d = -logf((float)rnd(s) + 1e-30f) / smaj;
        x += d * ux; y += d * uy; z += d * uz;
        if (x < 0 || y < 0 || z < 0 || x >= Lx || y >= Ly || z >= Lz) { atomicAdd(escaped + g, 1u); return; }
        int ix = (int)(x / vox), iy = (int)(y / vox), iz = (int)(z / vox);
        size_t v = ((size_t)iz * dims.y + iy) * dims.x + ix;
        int m = matmap[v];
        float stl = __ldg(sig_t + m * ngroup + g);
        float xi = (float)rnd(s);
        if (xi * smaj > stl) continue;                        // virtual collision
        atomicAdd(collision_density + v, 1.f);
        float ssl = __ldg(sig_s + m * ngroup + g);
        if ((float)rnd(s) * stl > ssl) return;                // absorbed
        // downscatter by one group with probability 0.3, isotropic direction
        if (g + 1 < ngroup && rnd(s) < 0.3) ++g;
        ct = 2.f * (float)rnd(s) - 1.f; ph = 6.2831853f * (float)rnd(s);
        st = sqrtf(1.f - ct * ct);
        ux = st * cosf(ph); uy = st * sinf(ph); uz = ct;
    }
}

// Event-based fission: for each collided particle decide fission and sample number of secondaries,
// writing them to a fission bank with Watt spectrum energies.
extern "C" __global__ void fission_bank_sample(const float4 *__restrict__ coll_pos, const float *__restrict__ nu_bar,
                                               const float *__restrict__ sigf_over_sigt, int ncoll, double keff,
                                               uint64_t seed, float4 *__restrict__ bank, unsigned *__restrict__ nbank,
                                               unsigned bank_cap)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= ncoll) return;
    uint64_t s = seed ^ ((uint64_t)k * 0x94D049BB133111EBULL);
    lcg63(s);
    double expected = nu_bar[k] * sigf_over_sigt[k] / keff;
    int nsec = (int)expected + (rnd(s) < expected - floor(expected) ? 1 : 0);
    if (nsec == 0) return;
    unsigned base = atomicAdd(nbank, (unsigned)nsec);
    float4 p = coll_pos[k];
    for (int j = 0; j < nsec; ++j) {
        if (base + j >= bank_cap) break;
        // Watt spectrum sampling (a = 0.988 MeV, b = 2.249 /MeV), rejection
        const double a = 0.988, b = 2.249;
        double K = 1.0 + a * b / 8.0;
        double L = (K + sqrt(K * K - 1.0)) / a;
        double M = a * L - 1.0;
        double E;
        for (int t = 0; t < 100; ++t) {
            double xx = -log(rnd(s) + 1e-300);
            double yy = -log(rnd(s) + 1e-300);
            E = L * xx;
            if ((yy - M * (xx + 1.0)) * (yy - M * (xx + 1.0)) <= b * L * xx) break;
        }
        bank[base + j] = make_float4(p.x, p.y, p.z, (float)(E * 1e6));
    }
}
