// 3-D 7-point Jacobi step on an nx*ny*nz grid with a 3-D thread block. The block stages its
// (16+2) x (4+2) x (4+2) tile (halo 1, clamp-to-edge) with a cooperative linear load over all 648 cells.
// Launch: blockDim = (16,4,4) (compile-time BX,BY,BZ), gridDim = (nx/16, ny/4, nz/4), no dynamic shared memory;
// nx multiple of 16, ny and nz multiples of 4.
#define BX 16
#define BY 4
#define BZ 4
#define SX (BX + 2)
#define SY (BY + 2)
#define SZ (BZ + 2)
#define NT (BX * BY * BZ)

__device__ __forceinline__ void load_cell(float* s, const float* u, int i, int nx, int ny, int nz)
{
    const int lx = i % SX, ly = (i / SX) % SY, lz = i / (SX * SY);
    const int gx = min(max((int)(blockIdx.x * BX) + lx - 1, 0), nx - 1);
    const int gy = min(max((int)(blockIdx.y * BY) + ly - 1, 0), ny - 1);
    const int gz = min(max((int)(blockIdx.z * BZ) + lz - 1, 0), nz - 1);
    s[i] = u[((size_t)gz * ny + gy) * nx + gx];
}

__device__ __forceinline__ float seven_point(const float* s)
{
    const int x = threadIdx.x + 1, y = threadIdx.y + 1, z = threadIdx.z + 1;
    const int c = (z * SY + y) * SX + x;
    return (1.f / 6.f) * (s[c - 1] + s[c + 1] + s[c - SX] + s[c + SX] + s[c - SX * SY] + s[c + SX * SY]);
}

extern "C" __global__ void __launch_bounds__(NT)
jacobi3d_race(const float* __restrict__ u, float* __restrict__ v, int nx, int ny, int nz)
{
    __shared__ float s[SX * SY * SZ];
    const int tid = threadIdx.x + threadIdx.y * BX + threadIdx.z * BX * BX;
    for (int i = tid; i < SX * SY * SZ; i += NT) load_cell(s, u, i, nx, ny, nz);
    __syncthreads();
    const int gx = blockIdx.x * BX + threadIdx.x, gy = blockIdx.y * BY + threadIdx.y, gz = blockIdx.z * BZ + threadIdx.z;
    v[((size_t)gz * ny + gy) * nx + gx] = seven_point(s);
}

extern "C" __global__ void __launch_bounds__(NT)
jacobi3d_ok(const float* __restrict__ u, float* __restrict__ v, int nx, int ny, int nz)
{
    __shared__ float s[SX * SY * SZ];
    const int tid = threadIdx.x + threadIdx.y * BX + threadIdx.z * BX * BY;
    for (int i = tid; i < SX * SY * SZ; i += NT) load_cell(s, u, i, nx, ny, nz);
    __syncthreads();
    const int gx = blockIdx.x * BX + threadIdx.x, gy = blockIdx.y * BY + threadIdx.y, gz = blockIdx.z * BZ + threadIdx.z;
    v[((size_t)gz * ny + gy) * nx + gx] = seven_point(s);
}
