// r19_nhwc_to_nchw.cu
//
// Activation layout conversion NHWC -> NCHW (ML framework plumbing). Each
// block moves a 64 (spatial) x 32 (channel) tile through shared memory.
// Instead of padding, the tile uses an XOR swizzle (column ^= row) so that
// both the row-wise writes (one spatial position per warp, 32 channels) and
// the column-wise reads (one channel per warp, 32 spatial positions) are
// bank-conflict free.
//
// Launch configuration:
//   blockDim = (256,1,1)   (8 warps)
//   gridDim  = (ceil(HW/64), C/32, N) = (49, 8, 32) for N=32, C=256, H=W=56
//   static shared memory only (64*32 floats).

#define BLOCK 256
#define HW_TILE 64
#define C_TILE 32
#define NWARP (BLOCK / 32)

__device__ __forceinline__ int swz_v1(int row, int col) { return (row << 5) | (col ^ row); }
__device__ __forceinline__ int swz_v2(int row, int col) { return (row << 5) | ((col ^ row) & 31); }

extern "C" __global__ void __launch_bounds__(BLOCK)
nhwc_to_nchw_race(const float* __restrict__ in, float* __restrict__ out, int C, int HW)
{
    __shared__ float s[HW_TILE * C_TILE];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int hw0 = blockIdx.x * HW_TILE, c0 = blockIdx.y * C_TILE, n = blockIdx.z;

    const float* src = in + (size_t)n * HW * C;
    for (int r = warp; r < HW_TILE; r += NWARP) {
        const int hw = hw0 + r;
        if (hw < HW) s[swz_v1(r, lane)] = src[(size_t)hw * C + c0 + lane];
    }
    __syncthreads();

    float* dst = out + (size_t)n * C * HW;
    for (int c = warp; c < C_TILE; c += NWARP) {
        for (int r = lane; r < HW_TILE; r += 32) {
            const int hw = hw0 + r;
            if (hw < HW) dst[(size_t)(c0 + c) * HW + hw] = s[swz_v1(r, c)];
        }
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
nhwc_to_nchw_ok(const float* __restrict__ in, float* __restrict__ out, int C, int HW)
{
    __shared__ float s[HW_TILE * C_TILE];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int hw0 = blockIdx.x * HW_TILE, c0 = blockIdx.y * C_TILE, n = blockIdx.z;

    const float* src = in + (size_t)n * HW * C;
    for (int r = warp; r < HW_TILE; r += NWARP) {
        const int hw = hw0 + r;
        if (hw < HW) s[swz_v2(r, lane)] = src[(size_t)hw * C + c0 + lane];
    }
    __syncthreads();

    float* dst = out + (size_t)n * C * HW;
    for (int c = warp; c < C_TILE; c += NWARP) {
        for (int r = lane; r < HW_TILE; r += 32) {
            const int hw = hw0 + r;
            if (hw < HW) dst[(size_t)(c0 + c) * HW + hw] = s[swz_v2(r, c)];
        }
    }
}
