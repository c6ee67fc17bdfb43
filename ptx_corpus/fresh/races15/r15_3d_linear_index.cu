// arch: sm_80
// r15_3d_linear_index.cu
// 7-point smoothing inside 8x8x4 bricks with a 3-D thread block.  Each
// brick is staged into a flat 256-float shared array through a linearised
// (x,y,z) -> slot mapping; neighbours outside the brick are clamped to the
// brick.
//
// Launch (both kernels): blockDim = (8,8,4), gridDim = (NX/8, NY/8, NZ/4),
//   NX = NY = 256, NZ = 128.  No dynamic shared memory.

#define R15_BX 8
#define R15_BY 8
#define R15_BZ 4

// slot of brick cell (x,y,z)
__device__ __forceinline__ int r15_slot_a(int x, int y, int z)
{
    return x + R15_BX * (y + R15_BZ * z);
}
__device__ __forceinline__ int r15_slot_b(int x, int y, int z)
{
    return x + R15_BX * (y + R15_BY * z);
}

template <int (*SLOT)(int, int, int)>
__device__ __forceinline__ void r15_body(const float* __restrict__ in,
                                         float* __restrict__ out,
                                         int NX, int NY, float* s)
{
    const int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
    const int gx = blockIdx.x * R15_BX + x;
    const int gy = blockIdx.y * R15_BY + y;
    const int gz = blockIdx.z * R15_BZ + z;
    const size_t gi = ((size_t)gz * NY + gy) * NX + gx;

    const float c = in[gi];
    s[SLOT(x, y, z)] = c;
    __syncthreads();

    const int xm = max(x - 1, 0), xp = min(x + 1, R15_BX - 1);
    const int ym = max(y - 1, 0), yp = min(y + 1, R15_BY - 1);
    const int zm = max(z - 1, 0), zp = min(z + 1, R15_BZ - 1);
    const float nb = s[SLOT(xm, y, z)] + s[SLOT(xp, y, z)]
                   + s[SLOT(x, ym, z)] + s[SLOT(x, yp, z)]
                   + s[SLOT(x, y, zm)] + s[SLOT(x, y, zp)];
    out[gi] = 0.4f * s[SLOT(x, y, z)] + 0.1f * nb;
}

extern "C" __global__ void __launch_bounds__(256)
brick_smooth_race(const float* __restrict__ in, float* __restrict__ out, int NX, int NY)
{
    __shared__ float s[R15_BX * R15_BY * R15_BZ];
    r15_body<r15_slot_a>(in, out, NX, NY, s);
}

extern "C" __global__ void __launch_bounds__(256)
brick_smooth_ok(const float* __restrict__ in, float* __restrict__ out, int NX, int NY)
{
    __shared__ float s[R15_BX * R15_BY * R15_BZ];
    r15_body<r15_slot_b>(in, out, NX, NY, s);
}
