// Protein backbone geometry: dihedral (phi/psi/omega) extraction, internal-to-Cartesian
// chain building with the natural-extension reference frame method, quaternion-based RMSD
// superposition (Horn / QCP characteristic polynomial with Newton iterations), and
// CA contact map generation.
#include <cuda_runtime.h>

struct f3 { float x, y, z; };
__device__ __forceinline__ f3 mk(float x, float y, float z) { f3 r; r.x = x; r.y = y; r.z = z; return r; }
__device__ __forceinline__ f3 sub(f3 a, f3 b) { return mk(a.x - b.x, a.y - b.y, a.z - b.z); }
__device__ __forceinline__ f3 add(f3 a, f3 b) { return mk(a.x + b.x, a.y + b.y, a.z + b.z); }
__device__ __forceinline__ f3 scl(f3 a, float s) { return mk(a.x * s, a.y * s, a.z * s); }
__device__ __forceinline__ float dot(f3 a, f3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ __forceinline__ f3 cross(f3 a, f3 b) { return mk(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x); }
__device__ __forceinline__ f3 nrm(f3 a) { return scl(a, rsqrtf(dot(a, a))); }
__device__ __forceinline__ f3 ld3(const float *p) { return mk(p[0], p[1], p[2]); }

__device__ __forceinline__ float dihedral(f3 p0, f3 p1, f3 p2, f3 p3)
{
    f3 b0 = sub(p0, p1), b1 = sub(p2, p1), b2 = sub(p3, p2);
    b1 = nrm(b1);
    f3 v = sub(b0, scl(b1, dot(b0, b1)));
    f3 w = sub(b2, scl(b1, dot(b2, b1)));
    float x = dot(v, w);
    float y = dot(cross(b1, v), w);
    return atan2f(y, x);
}

// backbone xyz: [nres][3 atoms N,CA,C][3]
extern "C" __global__ void backbone_dihedrals(const float *__restrict__ xyz, int nres, float3 *__restrict__ phipsiomega)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nres) return;
    const float *r = xyz + i * 9;
    f3 N = ld3(r), CA = ld3(r + 3), C = ld3(r + 6);
    float phi = 0.f, psi = 0.f, omega = 0.f;
    if (i > 0) {
        f3 Cp = ld3(r - 3);
        phi = dihedral(Cp, N, CA, C);
    }
    if (i + 1 < nres) {
        f3 Nn = ld3(r + 9), CAn = ld3(r + 12);
        psi = dihedral(N, CA, C, Nn);
        omega = dihedral(CA, C, Nn, CAn);
    }
    const float rad2deg = 57.29577951f;
    phipsiomega[i] = make_float3(phi * rad2deg, psi * rad2deg, omega * rad2deg);
}

__device__ __forceinline__ f3 place_atom(f3 a, f3 b, f3 c, float bond, float angle, float torsion)
{
    float sa, ca, st, ct;
    sincosf(angle, &sa, &ca);
    sincosf(torsion, &st, &ct);
    f3 d2 = mk(-bond * ca, bond * sa * ct, bond * sa * st);
    f3 bc = nrm(sub(c, b));
    f3 n = nrm(cross(sub(b, a), bc));
    f3 m = cross(n, bc);
    return add(c, add(add(scl(bc, d2.x), scl(m, d2.y)), scl(n, d2.z)));
}

// Build one chain per thread from torsions (many decoys at once, e.g. for fragment sampling).
extern "C" __global__ void __launch_bounds__(64, 8) backbone_build(const float *__restrict__ torsions, // [ndecoy][nres][3] phi,psi,omega (radians)
                                          int ndecoy, int nres, float *__restrict__ out) // [ndecoy][nres][3][3]
{
    int d = blockIdx.x * blockDim.x + threadIdx.x;
    if (d >= ndecoy) return;
    const float bN_CA = 1.458f, bCA_C = 1.525f, bC_N = 1.329f;
    const float aN_CA_C = 1.9391f, aCA_C_N = 2.0281f, aC_N_CA = 2.1241f;
    const float *t = torsions + (size_t)d * nres * 3;
    float *o = out + (size_t)d * nres * 9;
    f3 N = mk(0.f, 0.f, 0.f);
    f3 CA = mk(bN_CA, 0.f, 0.f);
    f3 C = add(CA, mk(-bCA_C * cosf(aN_CA_C), bCA_C * sinf(aN_CA_C), 0.f));
    for (int i = 0; i < nres; ++i) {
        o[i * 9 + 0] = N.x; o[i * 9 + 1] = N.y; o[i * 9 + 2] = N.z;
        o[i * 9 + 3] = CA.x; o[i * 9 + 4] = CA.y; o[i * 9 + 5] = CA.z;
        o[i * 9 + 6] = C.x; o[i * 9 + 7] = C.y; o[i * 9 + 8] = C.z;
        if (i + 1 == nres) break;
        float psi = t[i * 3 + 1], omega = t[i * 3 + 2], phi_next = t[(i + 1) * 3 + 0];
        f3 Nn = place_atom(N, CA, C, bC_N, aCA_C_N, psi);
        f3 CAn = place_atom(CA, C, Nn, bN_CA, aC_N_CA, omega);
        f3 Cn = place_atom(C, Nn, CAn, bCA_C, aN_CA_C, phi_next);
        N = Nn; CA = CAn; C = Cn;
    }
}

// QCP RMSD between a reference CA trace (in shared memory) and many models. One warp per model.
extern "C" __global__ void __launch_bounds__(256)
qcp_rmsd(const float *__restrict__ ref, const float *__restrict__ models, int natoms, int nmodels,
         float *__restrict__ rmsd)
{
    extern __shared__ float sref[];
    for (int i = threadIdx.x; i < natoms * 3; i += blockDim.x) sref[i] = ref[i];
    __syncthreads();
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= nmodels) return;
    const float *m = models + (size_t)warp * natoms * 3;
    // centroids
    float cx = 0, cy = 0, cz = 0, rx = 0, ry = 0, rz = 0;
    for (int a = lane; a < natoms; a += 32) {
        cx += m[a * 3]; cy += m[a * 3 + 1]; cz += m[a * 3 + 2];
        rx += sref[a * 3]; ry += sref[a * 3 + 1]; rz += sref[a * 3 + 2];
    }
    for (int s = 16; s; s >>= 1) {
        cx += __shfl_xor_sync(~0u, cx, s); cy += __shfl_xor_sync(~0u, cy, s); cz += __shfl_xor_sync(~0u, cz, s);
        rx += __shfl_xor_sync(~0u, rx, s); ry += __shfl_xor_sync(~0u, ry, s); rz += __shfl_xor_sync(~0u, rz, s);
    }
    float inv = 1.f / natoms;
    cx *= inv; cy *= inv; cz *= inv; rx *= inv; ry *= inv; rz *= inv;
    float S[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
    float G = 0.f;
    for (int a = lane; a < natoms; a += 32) {
        float x1 = m[a * 3] - cx, y1 = m[a * 3 + 1] - cy, z1 = m[a * 3 + 2] - cz;
        float x2 = sref[a * 3] - rx, y2 = sref[a * 3 + 1] - ry, z2 = sref[a * 3 + 2] - rz;
        G += x1 * x1 + y1 * y1 + z1 * z1 + x2 * x2 + y2 * y2 + z2 * z2;
        S[0] += x1 * x2; S[1] += x1 * y2; S[2] += x1 * z2;
        S[3] += y1 * x2; S[4] += y1 * y2; S[5] += y1 * z2;
        S[6] += z1 * x2; S[7] += z1 * y2; S[8] += z1 * z2;
    }
#pragma unroll
    for (int k = 0; k < 9; ++k)
        for (int s = 16; s; s >>= 1) S[k] += __shfl_xor_sync(~0u, S[k], s);
    for (int s = 16; s; s >>= 1) G += __shfl_xor_sync(~0u, G, s);
    if (lane != 0) return;
    double Sxx = S[0], Sxy = S[1], Sxz = S[2], Syx = S[3], Syy = S[4], Syz = S[5], Szx = S[6], Szy = S[7], Szz = S[8];
    double Sxx2 = Sxx * Sxx, Syy2 = Syy * Syy, Szz2 = Szz * Szz;
    double Sxy2 = Sxy * Sxy, Syz2 = Syz * Syz, Sxz2 = Sxz * Sxz;
    double Syx2 = Syx * Syx, Szy2 = Szy * Szy, Szx2 = Szx * Szx;
    double SyzSzymSyySzz2 = 2.0 * (Syz * Szy - Syy * Szz);
    double Sxx2Syy2Szz2Syz2Szy2 = Syy2 + Szz2 - Sxx2 + Syz2 + Szy2;
    double C2 = -2.0 * (Sxx2 + Syy2 + Szz2 + Sxy2 + Syx2 + Sxz2 + Szx2 + Syz2 + Szy2);
    double C1 = 8.0 * (Sxx * Syz * Szy + Syy * Szx * Sxz + Szz * Sxy * Syx - Sxx * Syy * Szz - Syz * Szx * Sxy - Szy * Syx * Sxz);
    double SxzpSzx = Sxz + Szx, SyzpSzy = Syz + Szy, SxypSyx = Sxy + Syx;
    double SyzmSzy = Syz - Szy, SxzmSzx = Sxz - Szx, SxymSyx = Sxy - Syx;
    double SxxpSyy = Sxx + Syy, SxxmSyy = Sxx - Syy;
    double Sxy2Sxz2Syx2Szx2 = Sxy2 + Sxz2 - Syx2 - Szx2;
    double C0 = Sxy2Sxz2Syx2Szx2 * Sxy2Sxz2Syx2Szx2
        + (Sxx2Syy2Szz2Syz2Szy2 + SyzSzymSyySzz2) * (Sxx2Syy2Szz2Syz2Szy2 - SyzSzymSyySzz2)
        + (-(SxzpSzx) * (SyzmSzy) + (SxymSyx) * (SxxmSyy - Szz)) * (-(SxzmSzx) * (SyzpSzy) + (SxymSyx) * (SxxmSyy + Szz))
        + (-(SxzpSzx) * (SyzpSzy) - (SxypSyx) * (SxxpSyy - Szz)) * (-(SxzmSzx) * (SyzmSzy) - (SxypSyx) * (SxxpSyy + Szz))
        + (+(SxypSyx) * (SyzpSzy) + (SxzpSzx) * (SxxmSyy + Szz)) * (-(SxymSyx) * (SyzmSzy) + (SxzpSzx) * (SxxpSyy + Szz))
        + (+(SxypSyx) * (SyzmSzy) + (SxzmSzx) * (SxxmSyy - Szz)) * (-(SxymSyx) * (SyzpSzy) + (SxzmSzx) * (SxxpSyy - Szz));
    double E0 = G * 0.5;
    double mxEigenV = E0;
    for (int it = 0; it < 50; ++it) {
        double oldg = mxEigenV;
        double x2 = mxEigenV * mxEigenV;
        double b = (x2 + C2) * mxEigenV;
        double a = b + C1;
        double delta = (a * mxEigenV + C0) / (2.0 * x2 * mxEigenV + b + a);
        mxEigenV -= delta;
        if (fabs(mxEigenV - oldg) < fabs(1e-6 * mxEigenV)) break;
    }
    double ms = 2.0 * (E0 - mxEigenV) / natoms;
    rmsd[warp] = (float)sqrt(fmax(ms, 0.0));
}

// CA-CA contact map (bit-packed, 32 residues per word), tiled via shared memory.
extern "C" __global__ void ca_contact_map(const float4 *__restrict__ ca, int n, float cutoff2,
                                          unsigned *__restrict__ bits)
{
    __shared__ float4 tile[32];
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    int jw = blockIdx.x;               // word index
    int lane = threadIdx.x;            // 32 lanes
    int j = jw * 32 + lane;
    if (threadIdx.y == 0) tile[lane] = j < n ? ca[j] : make_float4(1e30f, 1e30f, 1e30f, 0.f);
    __syncthreads();
    if (i >= n) return;
    float4 a = __ldg(ca + i);
    float4 b = tile[lane];
    float dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
    bool contact = (dx * dx + dy * dy + dz * dz < cutoff2) && abs(i - j) >= 3;
    unsigned word = __ballot_sync(0xffffffffu, contact);
    if (lane == 0) bits[(size_t)i * ((n + 31) / 32) + jw] = word;
}
