// 3D block (8 x 8 x 4) loads a brick into shared memory and averages along z.
// launched with blockDim = (8, 8, 4)
#define DX 8
#define DY 8
#define DZ 4

// RACE: brick[z][y][x] is stored by thread (x,y,z) and brick[k][y][x] for other z-slices is read by other threads with no __syncthreads() in between.
extern "C" __global__ void __launch_bounds__(DX * DY * DZ) zavg_race(const float* vol, float* out, int nx, int ny)
{
    __shared__ float brick[DZ][DY][DX];
    int x = blockIdx.x * DX + threadIdx.x;
    int y = blockIdx.y * DY + threadIdx.y;
    int z = blockIdx.z * DZ + threadIdx.z;
    size_t idx = ((size_t)z * ny + y) * nx + x;
    brick[threadIdx.z][threadIdx.y][threadIdx.x] = vol[idx];
    float acc = 0.f;
#pragma unroll
    for (int k = 0; k < DZ; ++k) acc += brick[k][threadIdx.y][threadIdx.x];
    out[idx] = vol[idx] - acc * (1.0f / DZ);
}

// OK: __syncthreads() between the brick load and the cross-slice reads.
extern "C" __global__ void __launch_bounds__(DX * DY * DZ) zavg_ok(const float* vol, float* out, int nx, int ny)
{
    __shared__ float brick[DZ][DY][DX];
    int x = blockIdx.x * DX + threadIdx.x;
    int y = blockIdx.y * DY + threadIdx.y;
    int z = blockIdx.z * DZ + threadIdx.z;
    size_t idx = ((size_t)z * ny + y) * nx + x;
    brick[threadIdx.z][threadIdx.y][threadIdx.x] = vol[idx];
    __syncthreads();
    float acc = 0.f;
#pragma unroll
    for (int k = 0; k < DZ; ++k) acc += brick[k][threadIdx.y][threadIdx.x];
    out[idx] = vol[idx] - acc * (1.0f / DZ);
}
