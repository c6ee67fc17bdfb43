// arch: sm_80
// r04_gemv_xchunk.cu
// Row-per-warp GEMV  y = A x.  The x vector is staged through shared memory
// in chunks of 256 floats; within a chunk lane L of a warp multiplies the 8
// consecutive columns [8L, 8L+8) (float4 loads of A) and the warp then
// reduces with shuffles.
//
// Launch (both kernels): blockDim = (256,1,1) (8 warps, one matrix row per
//   warp), gridDim = (nrows/8,1,1) with nrows = 4096, ncols = 4096
//   (ncols must be a multiple of 256).  No dynamic shared memory.

#define R04_THREADS 256
#define R04_NW      8
#define R04_CH      256
#define R04_FULL    0xffffffffu

__device__ __forceinline__ float r04_warp_sum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(R04_FULL, v, o);
    return v;
}

extern "C" __global__ void __launch_bounds__(R04_THREADS)
gemv_xchunk_race(const float* __restrict__ A, const float* __restrict__ x,
                 float* __restrict__ y, int ncols)
{
    __shared__ __align__(16) float xs[R04_CH];
    const int tid  = threadIdx.x;
    const int lane = tid & 31;
    const int warp = tid >> 5;
    const int row  = blockIdx.x * R04_NW + warp;
    const float* arow = A + (size_t)row * ncols;

    float acc = 0.0f;
    for (int k0 = 0; k0 < ncols; k0 += R04_CH) {
        xs[tid] = x[k0 + tid];                 // the block stages the chunk together
        __syncwarp();
        const float4 a0 = *reinterpret_cast<const float4*>(arow + k0 + lane * 8);
        const float4 a1 = *reinterpret_cast<const float4*>(arow + k0 + lane * 8 + 4);
        const float* xv = xs + lane * 8;
        acc += a0.x * xv[0] + a0.y * xv[1] + a0.z * xv[2] + a0.w * xv[3]
             + a1.x * xv[4] + a1.y * xv[5] + a1.z * xv[6] + a1.w * xv[7];
        __syncwarp();
    }
    acc = r04_warp_sum(acc);
    if (lane == 0) y[row] = acc;
}

extern "C" __global__ void __launch_bounds__(R04_THREADS)
gemv_xchunk_ok(const float* __restrict__ A, const float* __restrict__ x,
               float* __restrict__ y, int ncols)
{
    __shared__ __align__(16) float xs[R04_NW][R04_CH];   // one copy per warp
    const int tid  = threadIdx.x;
    const int lane = tid & 31;
    const int warp = tid >> 5;
    const int row  = blockIdx.x * R04_NW + warp;
    const float* arow = A + (size_t)row * ncols;

    float acc = 0.0f;
    for (int k0 = 0; k0 < ncols; k0 += R04_CH) {
#pragma unroll
        for (int c = lane; c < R04_CH; c += 32)  // each warp stages the whole chunk
            xs[warp][c] = x[k0 + c];
        __syncwarp();
        const float4 a0 = *reinterpret_cast<const float4*>(arow + k0 + lane * 8);
        const float4 a1 = *reinterpret_cast<const float4*>(arow + k0 + lane * 8 + 4);
        const float* xv = &xs[warp][lane * 8];
        acc += a0.x * xv[0] + a0.y * xv[1] + a0.z * xv[2] + a0.w * xv[3]
             + a1.x * xv[4] + a1.y * xv[5] + a1.z * xv[6] + a1.w * xv[7];
        __syncwarp();
    }
    acc = r04_warp_sum(acc);
    if (lane == 0) y[row] = acc;
}
