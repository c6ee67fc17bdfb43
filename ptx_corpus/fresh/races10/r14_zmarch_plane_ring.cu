// r14_zmarch_plane_ring.cu
// 3x3x3 box filter (27-point average, clamp-to-edge) on an nx*ny*nz volume using the
// "2.5-D" z-marching scheme: a 32x8 block walks along z, keeping a ring of xy-planes
// (each 34x10 with a one-cell halo) in shared memory; at step z it loads plane z+1 into
// the ring and averages planes z-1, z, z+1.  One __syncthreads() per z step.
// Plane p lives in ring slot (p + 1) % NPLANES.
// Launch: blockDim = (32,8,1), gridDim = (nx/32, ny/8, 1), nx multiple of 32,
//         ny multiple of 8, nz >= 2, no dynamic shared memory.
#define BX 32
#define BY 8
#define TX (BX + 2)
#define TY (BY + 2)

static __device__ __forceinline__ void
load_plane(float (*p)[TX], const float* __restrict__ in, int z,
           int x0, int y0, int nx, int ny, int nz, int tid)
{
    const int zc = min(max(z, 0), nz - 1);
    const float* src = in + (size_t)zc * nx * ny;
    for (int i = tid; i < TY * TX; i += BX * BY) {
        const int ly = i / TX, lx = i % TX;
        const int gx = min(max(x0 + lx - 1, 0), nx - 1);
        const int gy = min(max(y0 + ly - 1, 0), ny - 1);
        p[ly][lx] = src[(size_t)gy * nx + gx];
    }
}

extern "C" __global__ void __launch_bounds__(BX * BY)
box27_zmarch_race(const float* __restrict__ in, float* __restrict__ out, int nx, int ny, int nz)
{
    enum { NPLANES = 3 };                   // below, centre, above
    __shared__ float ring[NPLANES][TY][TX];
    const int tid = threadIdx.y * BX + threadIdx.x;
    const int x0 = blockIdx.x * BX, y0 = blockIdx.y * BY;

    load_plane(ring[0], in, -1, x0, y0, nx, ny, nz, tid);
    load_plane(ring[1], in, 0, x0, y0, nx, ny, nz, tid);
    for (int z = 0; z < nz; ++z) {
        load_plane(ring[(z + 2) % NPLANES], in, z + 1, x0, y0, nx, ny, nz, tid);
        __syncthreads();
        float acc = 0.f;
#pragma unroll
        for (int dz = 0; dz < 3; ++dz) {
            const float (*p)[TX] = ring[(z + dz) % NPLANES];
#pragma unroll
            for (int dy = 0; dy < 3; ++dy)
#pragma unroll
                for (int dx = 0; dx < 3; ++dx)
                    acc += p[threadIdx.y + dy][threadIdx.x + dx];
        }
        out[((size_t)z * ny + y0 + threadIdx.y) * nx + x0 + threadIdx.x] = acc * (1.f / 27.f);
    }
}

extern "C" __global__ void __launch_bounds__(BX * BY)
box27_zmarch_ok(const float* __restrict__ in, float* __restrict__ out, int nx, int ny, int nz)
{
    enum { NPLANES = 4 };                   // one spare plane: the slot being refilled at
                                            // step z was last read at step z-2
    __shared__ float ring[NPLANES][TY][TX];
    const int tid = threadIdx.y * BX + threadIdx.x;
    const int x0 = blockIdx.x * BX, y0 = blockIdx.y * BY;

    load_plane(ring[0], in, -1, x0, y0, nx, ny, nz, tid);
    load_plane(ring[1], in, 0, x0, y0, nx, ny, nz, tid);
    for (int z = 0; z < nz; ++z) {
        load_plane(ring[(z + 2) % NPLANES], in, z + 1, x0, y0, nx, ny, nz, tid);
        __syncthreads();
        float acc = 0.f;
#pragma unroll
        for (int dz = 0; dz < 3; ++dz) {
            const float (*p)[TX] = ring[(z + dz) % NPLANES];
#pragma unroll
            for (int dy = 0; dy < 3; ++dy)
#pragma unroll
                for (int dx = 0; dx < 3; ++dx)
                    acc += p[threadIdx.y + dy][threadIdx.x + dx];
        }
        out[((size_t)z * ny + y0 + threadIdx.y) * nx + x0 + threadIdx.x] = acc * (1.f / 27.f);
    }
}
