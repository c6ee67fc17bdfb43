// Molecular docking scoring: Vina-like empirical pairwise terms, precomputed affinity grid
// lookup with trilinear interpolation and analytic gradient, ligand pose transform from
// (translation, quaternion, torsions), and a pose-level intramolecular clash term.
#include <cuda_runtime.h>

#define MAX_LIG_ATOMS 64
#define MAX_TORS 8

__device__ __forceinline__ float vina_pair(float r, float R1, float R2, int hyd, int hb)
{
    float d = r - R1 - R2;
    float g1 = __expf(-(d * 2.f) * (d * 2.f));
    float g2 = __expf(-((d - 3.f) * 0.5f) * ((d - 3.f) * 0.5f));
    float rep = d < 0.f ? d * d : 0.f;
    float hydro = hyd ? (d < 0.5f ? 1.f : (d < 1.5f ? 1.5f - d : 0.f)) : 0.f;
    float hbond = hb ? (d < -0.7f ? 1.f : (d < 0.f ? -d / 0.7f : 0.f)) : 0.f;
    return -0.0356f * g1 - 0.00516f * g2 + 0.840f * rep - 0.0351f * hydro - 0.587f * hbond;
}

// Direct receptor-ligand pair evaluation: one block per pose; receptor atoms streamed through smem.
extern "C" __global__ void __launch_bounds__(128)
vina_direct_score(const float4 *__restrict__ rec, const int *__restrict__ rec_type, int nrec,
                  const float4 *__restrict__ lig_posed, const int *__restrict__ lig_type, int nlig,
                  const float *__restrict__ vdw_radius, const unsigned char *__restrict__ hydrophobic,
                  const unsigned char *__restrict__ donor_acceptor_pair,   // [ntypes][ntypes]
                  int ntypes, float cutoff, float *__restrict__ energy)
{
    __shared__ float4 sr[128];
    __shared__ int st[128];
    __shared__ float red[4];
    int pose = blockIdx.x;
    const float4 *L = lig_posed + (size_t)pose * nlig;
    float e = 0.f;
    float cut2 = cutoff * cutoff;
    for (int base = 0; base < nrec; base += 128) {
        int idx = base + threadIdx.x;
        if (idx < nrec) { sr[threadIdx.x] = rec[idx]; st[threadIdx.x] = rec_type[idx]; }
        __syncthreads();
        int cnt = min(128, nrec - base);
        for (int la = 0; la < nlig; ++la) {
            float4 l = L[la];
            int lt = lig_type[la];
            float Rl = vdw_radius[lt];
            int lh = hydrophobic[lt];
            for (int k = threadIdx.x; k < cnt; k += blockDim.x) {
                float4 r = sr[k];
                float dx = l.x - r.x, dy = l.y - r.y, dz = l.z - r.z;
                float d2 = dx * dx + dy * dy + dz * dz;
                if (d2 < cut2) {
                    int rt = st[k];
                    e += vina_pair(sqrtf(d2), Rl, vdw_radius[rt], lh && hydrophobic[rt],
                                   donor_acceptor_pair[lt * ntypes + rt]);
                }
            }
        }
        __syncthreads();
    }
    for (int o = 16; o; o >>= 1) e += __shfl_down_sync(~0u, e, o);
    if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = e;
    __syncthreads();
    if (threadIdx.x == 0) {
        float s = red[0] + red[1] + red[2] + red[3];
        // Vina conformational-entropy style normalisation is applied by the caller with Nrot
        energy[pose] = s;
    }
}

__device__ __forceinline__ void quat_rot(float4 q, float x, float y, float z, float &ox, float &oy, float &oz)
{
    // q = (w, x, y, z) stored as (x=w, y=x, z=y, w=z)
    float w = q.x, a = q.y, b = q.z, c = q.w;
    float tx = 2.f * (b * z - c * y), ty = 2.f * (c * x - a * z), tz = 2.f * (a * y - b * x);
    ox = x + w * tx + (b * tz - c * ty);
    oy = y + w * ty + (c * tx - a * tz);
    oz = z + w * tz + (a * ty - b * tx);
}

// Pose transform + grid-map score with forces. One thread per pose, ligand coordinates in registers/local.
extern "C" __global__ void grid_score_pose(const float *__restrict__ grids,     // [ntypes][nz][ny][nx]
                                           int nx, int ny, int nz, float3 origin, float inv_spacing,
                                           const float3 *__restrict__ lig_ref, const int *__restrict__ lig_type, int nlig,
                                           const int2 *__restrict__ tors_axis,      // atom pair defining rotatable bond
                                           const unsigned long long *__restrict__ tors_mask, int ntors,
                                           const float *__restrict__ poses,         // [npose][7 + ntors]
                                           int npose, float *__restrict__ out_e, float3 *__restrict__ out_force)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npose) return;
    const float *P = poses + (size_t)p * (7 + ntors);
    float X[MAX_LIG_ATOMS], Y[MAX_LIG_ATOMS], Z[MAX_LIG_ATOMS];
    for (int a = 0; a < nlig; ++a) { float3 r = lig_ref[a]; X[a] = r.x; Y[a] = r.y; Z[a] = r.z; }
    // apply torsions from leaves towards root (order given by caller)
    for (int t = ntors - 1; t >= 0; --t) {
        int2 ax = tors_axis[t];
        float bx = X[ax.x], by = Y[ax.x], bz = Z[ax.x];
        float ux = X[ax.y] - bx, uy = Y[ax.y] - by, uz = Z[ax.y] - bz;
        float il = rsqrtf(ux * ux + uy * uy + uz * uz);
        ux *= il; uy *= il; uz *= il;
        float s, c;
        sincosf(P[7 + t], &s, &c);
        unsigned long long m = tors_mask[t];
        while (m) {
            int a = __ffsll(m) - 1; m &= m - 1;
            float vx = X[a] - bx, vy = Y[a] - by, vz = Z[a] - bz;
            float d = ux * vx + uy * vy + uz * vz;
            float cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
            X[a] = bx + vx * c + cx * s + ux * d * (1.f - c);
            Y[a] = by + vy * c + cy * s + uy * d * (1.f - c);
            Z[a] = bz + vz * c + cz * s + uz * d * (1.f - c);
        }
    }
    float4 q = make_float4(P[3], P[4], P[5], P[6]);
    float qn = rsqrtf(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    q.x *= qn; q.y *= qn; q.z *= qn; q.w *= qn;
    float e = 0.f, fx = 0.f, fy = 0.f, fz = 0.f;
    size_t gsz = (size_t)nx * ny * nz;
    for (int a = 0; a < nlig; ++a) {
        float x, y, z;
        quat_rot(q, X[a], Y[a], Z[a], x, y, z);
        x += P[0]; y += P[1]; z += P[2];
        float gx = (x - origin.x) * inv_spacing, gy = (y - origin.y) * inv_spacing, gz = (z - origin.z) * inv_spacing;
        if (gx < 0.f || gy < 0.f || gz < 0.f || gx >= nx - 1 || gy >= ny - 1 || gz >= nz - 1) { e += 1.0f; continue; }
        int ix = (int)gx, iy = (int)gy, iz = (int)gz;
        float tx = gx - ix, ty = gy - iy, tz = gz - iz;
        const float *g = grids + lig_type[a] * gsz + ((size_t)iz * ny + iy) * nx + ix;
        float c000 = __ldg(g), c100 = __ldg(g + 1), c010 = __ldg(g + nx), c110 = __ldg(g + nx + 1);
        const float *g1 = g + (size_t)nx * ny;
        float c001 = __ldg(g1), c101 = __ldg(g1 + 1), c011 = __ldg(g1 + nx), c111 = __ldg(g1 + nx + 1);
        float c00 = c000 + tx * (c100 - c000), c10 = c010 + tx * (c110 - c010);
        float c01 = c001 + tx * (c101 - c001), c11 = c011 + tx * (c111 - c011);
        float c0 = c00 + ty * (c10 - c00), c1 = c01 + ty * (c11 - c01);
        e += c0 + tz * (c1 - c0);
        float dx = (1 - ty) * (1 - tz) * (c100 - c000) + ty * (1 - tz) * (c110 - c010) + (1 - ty) * tz * (c101 - c001) + ty * tz * (c111 - c011);
        float dy = (1 - tz) * (c10 - c00) + tz * (c11 - c01);
        float dz = c1 - c0;
        fx -= dx * inv_spacing; fy -= dy * inv_spacing; fz -= dz * inv_spacing;
    }
    out_e[p] = e;
    out_force[p] = make_float3(fx, fy, fz);
}

// Intramolecular clash penalty for each pose's already-transformed coordinates. Pairs excluded
// within 3 bonds via a bitmask table.
extern "C" __global__ void ligand_intra_clash(const float4 *__restrict__ xyz, int nlig, int npose,
                                              const unsigned long long *__restrict__ excl,  // [nlig] bitmask
                                              float clash_r, float *__restrict__ penalty)
{
    int p = blockIdx.x;
    const float4 *X = xyz + (size_t)p * nlig;
    float pen = 0.f;
    int npairs = nlig * (nlig - 1) / 2;
    for (int k = threadIdx.x; k < npairs; k += blockDim.x) {
        // unrank pair index k -> (i, j), i < j
        int i = (int)((2 * nlig - 1 - sqrtf((2.f * nlig - 1) * (2.f * nlig - 1) - 8.f * k)) * 0.5f);
        int off = i * (2 * nlig - i - 1) / 2;
        if (k < off) { --i; off = i * (2 * nlig - i - 1) / 2; }
        int j = k - off + i + 1;
        if (j >= nlig) { ++i; off = i * (2 * nlig - i - 1) / 2; j = k - off + i + 1; }
        if ((excl[i] >> j) & 1ULL) continue;
        float4 a = X[i], b = X[j];
        float dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
        float r = sqrtf(dx * dx + dy * dy + dz * dz);
        float ov = clash_r - r;
        if (ov > 0.f) pen += ov * ov;
    }
    for (int o = 16; o; o >>= 1) pen += __shfl_down_sync(~0u, pen, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(penalty + p, pen);
}
