// r13_stencil3d_tile.cu
// Explicit diffusion step on an nx*ny*nz grid, out = in + alpha * lap7(in) (7-point
// Laplacian, clamp-to-edge boundaries).  Each 8x8x8 block stages a 10x10x10 tile (one-cell
// halo on every face) through shared memory with a cooperative, linearised load loop
// over the 1000 tile cells, then every thread evaluates the stencil at its own cell.
// Launch: blockDim = (8,8,8), gridDim = (nx/8, ny/8, nz/8), nx, ny, nz multiples of 8,
//         no dynamic shared memory.
#define B 8
#define T (B + 2)

extern "C" __global__ void __launch_bounds__(B * B * B)
diffuse3d_race(const float* __restrict__ in, float* __restrict__ out,
               int nx, int ny, int nz, float alpha)
{
    __shared__ float s[T][T][T];
    float* sf = &s[0][0][0];
    const int tid = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.y;
    const int nthreads = blockDim.x * blockDim.y * blockDim.z;
    const int x0 = blockIdx.x * B - 1, y0 = blockIdx.y * B - 1, z0 = blockIdx.z * B - 1;

    for (int i = tid; i < T * T * T; i += nthreads) {
        const int lx = i % T, ly = (i / T) % T, lz = i / (T * T);
        const int gx = min(max(x0 + lx, 0), nx - 1);
        const int gy = min(max(y0 + ly, 0), ny - 1);
        const int gz = min(max(z0 + lz, 0), nz - 1);
        sf[i] = in[((size_t)gz * ny + gy) * nx + gx];
    }
    __syncthreads();

    const int x = threadIdx.x + 1, y = threadIdx.y + 1, z = threadIdx.z + 1;
    const float c = s[z][y][x];
    const float lap = s[z][y][x - 1] + s[z][y][x + 1] + s[z][y - 1][x] + s[z][y + 1][x]
                    + s[z - 1][y][x] + s[z + 1][y][x] - 6.f * c;
    const size_t g = ((size_t)(blockIdx.z * B + threadIdx.z) * ny + blockIdx.y * B + threadIdx.y) * nx
                   + blockIdx.x * B + threadIdx.x;
    out[g] = c + alpha * lap;
}

extern "C" __global__ void __launch_bounds__(B * B * B)
diffuse3d_ok(const float* __restrict__ in, float* __restrict__ out,
             int nx, int ny, int nz, float alpha)
{
    __shared__ float s[T][T][T];
    float* sf = &s[0][0][0];
    const int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const int nthreads = blockDim.x * blockDim.y * blockDim.z;
    const int x0 = blockIdx.x * B - 1, y0 = blockIdx.y * B - 1, z0 = blockIdx.z * B - 1;

    for (int i = tid; i < T * T * T; i += nthreads) {
        const int lx = i % T, ly = (i / T) % T, lz = i / (T * T);
        const int gx = min(max(x0 + lx, 0), nx - 1);
        const int gy = min(max(y0 + ly, 0), ny - 1);
        const int gz = min(max(z0 + lz, 0), nz - 1);
        sf[i] = in[((size_t)gz * ny + gy) * nx + gx];
    }
    __syncthreads();

    const int x = threadIdx.x + 1, y = threadIdx.y + 1, z = threadIdx.z + 1;
    const float c = s[z][y][x];
    const float lap = s[z][y][x - 1] + s[z][y][x + 1] + s[z][y - 1][x] + s[z][y + 1][x]
                    + s[z - 1][y][x] + s[z + 1][y][x] - 6.f * c;
    const size_t g = ((size_t)(blockIdx.z * B + threadIdx.z) * ny + blockIdx.y * B + threadIdx.y) * nx
                   + blockIdx.x * B + threadIdx.x;
    out[g] = c + alpha * lap;
}
