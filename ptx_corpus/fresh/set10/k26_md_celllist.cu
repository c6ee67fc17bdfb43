// Molecular dynamics: Lennard-Jones forces with cell lists and neighbor lists, velocity Verlet.
#include <cuda_runtime.h>

struct __align__(16) dvec4 { double x, y, z, w; };

// Build neighbor lists from a binned cell structure (cells sorted by particle index).
extern "C" __global__ void buildNeighborList(int *nlist, int *ncount, const float4 *pos, const int *cellStart,
                                             const int *cellCount, int3 ncell, float3 boxL, float rcut2, int maxNeigh, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 pi = pos[i];
    int cx = min((int)(pi.x / boxL.x * ncell.x), ncell.x - 1);
    int cy = min((int)(pi.y / boxL.y * ncell.y), ncell.y - 1);
    int cz = min((int)(pi.z / boxL.z * ncell.z), ncell.z - 1);
    int count = 0;
    for (int dz = -1; dz <= 1; dz++)
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int nx = (cx + dx + ncell.x) % ncell.x;
                int ny = (cy + dy + ncell.y) % ncell.y;
                int nz = (cz + dz + ncell.z) % ncell.z;
                int c = (nz * ncell.y + ny) * ncell.x + nx;
                int s = cellStart[c], e = s + cellCount[c];
                for (int j = s; j < e; j++) {
                    if (j == i) continue;
                    float4 pj = pos[j];
                    float rx = pi.x - pj.x, ry = pi.y - pj.y, rz = pi.z - pj.z;
                    rx -= boxL.x * rintf(rx / boxL.x);
                    ry -= boxL.y * rintf(ry / boxL.y);
                    rz -= boxL.z * rintf(rz / boxL.z);
                    if (rx * rx + ry * ry + rz * rz < rcut2) {
                        if (count < maxNeigh) nlist[count * n + i] = j;
                        count++;
                    }
                }
            }
    ncount[i] = count;
}

// LJ force and energy from neighbor list (column-major list for coalescing).
template <typename T, typename T4>
__device__ __forceinline__ void ljForces(T4 *force, T *energy, const T4 *pos, const int *nlist, const int *ncount,
                                         T boxL, T rcut2, T eps, T sigma6, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    T4 pi = pos[i];
    T fx = 0, fy = 0, fz = 0, e = 0;
    int nn = ncount[i];
    for (int k = 0; k < nn; k++) {
        int j = nlist[k * n + i];
        T4 pj = pos[j];
        T dx = pi.x - pj.x, dy = pi.y - pj.y, dz = pi.z - pj.z;
        dx -= boxL * rint(dx / boxL);
        dy -= boxL * rint(dy / boxL);
        dz -= boxL * rint(dz / boxL);
        T r2 = dx * dx + dy * dy + dz * dz;
        if (r2 < rcut2) {
            T ir2 = T(1) / r2;
            T ir6 = ir2 * ir2 * ir2;
            T s6 = sigma6 * ir6;
            T fr = T(24) * eps * s6 * (T(2) * s6 - T(1)) * ir2;
            fx += fr * dx; fy += fr * dy; fz += fr * dz;
            e += T(4) * eps * s6 * (s6 - T(1));
        }
    }
    T4 f; f.x = fx; f.y = fy; f.z = fz; f.w = 0;
    force[i] = f;
    energy[i] = T(0.5) * e;
}

extern "C" __global__ void ljForceNlist_f32(float4 *force, float *energy, const float4 *pos, const int *nlist, const int *ncount,
                                           float boxL, float rcut2, float eps, float sigma6, int n)
{
    ljForces<float, float4>(force, energy, pos, nlist, ncount, boxL, rcut2, eps, sigma6, n);
}

extern "C" __global__ void ljForceNlist_f64(dvec4 *force, double *energy, const dvec4 *pos, const int *nlist, const int *ncount,
                                            double boxL, double rcut2, double eps, double sigma6, int n)
{
    ljForces<double, dvec4>(force, energy, pos, nlist, ncount, boxL, rcut2, eps, sigma6, n);
}
