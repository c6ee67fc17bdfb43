// Array of structures: each thread reads one field of its particle.
struct particle { float x, y, z, w, vx, vy, vz, m; };
extern "C" __global__ void aos_field(const particle *p, float *mass, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        mass[i] = p[i].m;
}
