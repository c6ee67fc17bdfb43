// Position update of particles. LAYOUT 0 (the planted bug): an array of structures, so a warp
// reading p[i].x touches one float every 32 bytes (8 sectors per 32 floats read instead of 4 ...
// for every field). LAYOUT 1: a structure of arrays, every field read contiguously.
#ifndef LAYOUT
#define LAYOUT 0
#endif
struct particle { float x, y, z, vx, vy, vz, mass, charge; };
#if LAYOUT == 0
extern "C" __global__ void particles_aos(particle *p, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        p[i].x += dt * p[i].vx;
        p[i].y += dt * p[i].vy;
        p[i].z += dt * p[i].vz;
    }
}
#else
extern "C" __global__ void particles_aos(float *x, float *y, float *z, const float *vx, const float *vy,
                                         const float *vz, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        x[i] += dt * vx[i];
        y[i] += dt * vy[i];
        z[i] += dt * vz[i];
    }
}
#endif
