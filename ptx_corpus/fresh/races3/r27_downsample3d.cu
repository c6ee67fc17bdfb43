// 2x2x2 average downsampling of an 8^3 voxel brick held in shared memory. blockDim = (8,8,8).
template <bool FIX>
__device__ __forceinline__ void ds_body(const float* __restrict__ vol, float* __restrict__ out)
{
    __shared__ float s[8][8][8];
    __shared__ float d[4][4][4];
    int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
    size_t base = (size_t)blockIdx.x * 512;
    s[z][y][x] = vol[base + (z * 8 + y) * 8 + x];
    __syncthreads();
    if (((x | y | z) & 1) == 0) {
        float a = 0.f;
#pragma unroll
        for (int dz = 0; dz < 2; dz++)
#pragma unroll
            for (int dy = 0; dy < 2; dy++)
#pragma unroll
                for (int dx = 0; dx < 2; dx++) a += s[z + dz][y + dy][x + dx];
        if (FIX) d[z >> 1][y >> 1][x >> 1] = 0.125f * a;
        else     s[z >> 1][y >> 1][x >> 1] = 0.125f * a;   // bug: in-place into the source brick
    }
    __syncthreads();
    if (x < 4 && y < 4 && z < 4)
        out[(size_t)blockIdx.x * 64 + (z * 4 + y) * 4 + x] = FIX ? d[z][y][x] : s[z][y][x];
}
extern "C" __global__ void __launch_bounds__(512) downsample3d_race(const float* vol, float* out)
{ ds_body<false>(vol, out); }
extern "C" __global__ void __launch_bounds__(512) downsample3d_ok(const float* vol, float* out)
{ ds_body<true>(vol, out); }
