// Horizontal 1-D convolution of image rows (radius 3), 256 outputs per block. Interior blocks
// take a fast path without bounds checks; blocks touching the left/right image border take a
// clamp-to-edge path. The branch is block-uniform.
// Assumed launch: blockDim = (256,1), grid = (ceil(width/256), height); weights[7] in global memory.

#define RC_BLOCK 256
#define RC_R 3

extern "C" __global__ void __launch_bounds__(RC_BLOCK)
row_conv_tail_race(const float* __restrict__ in, float* __restrict__ out,
                   const float* __restrict__ weights, int width)
{
    if (blockDim.x != RC_BLOCK) return;
    __shared__ float s_tile[RC_BLOCK + 2 * RC_R];
    const int tid = threadIdx.x;
    const int x0 = blockIdx.x * RC_BLOCK;
    const float* row_in = in + (size_t)blockIdx.y * width;
    float* row_out = out + (size_t)blockIdx.y * width;
    const bool interior = (x0 >= RC_R) && (x0 + RC_BLOCK + RC_R <= width);

    if (interior) {
        s_tile[tid + RC_R] = row_in[x0 + tid];
        if (tid < RC_R) s_tile[tid] = row_in[x0 - RC_R + tid];
        if (tid >= RC_BLOCK - RC_R) s_tile[tid + 2 * RC_R] = row_in[x0 + tid + RC_R];
        __syncthreads();
        float acc = 0.f;
#pragma unroll
        for (int k = 0; k <= 2 * RC_R; ++k) acc += weights[k] * s_tile[tid + k];
        row_out[x0 + tid] = acc;
    } else {
        // border block: clamp to edge
        s_tile[tid + RC_R] = row_in[min(x0 + tid, width - 1)];
        if (tid < RC_R) s_tile[tid] = row_in[max(x0 - RC_R + tid, 0)];
        if (tid >= RC_BLOCK - RC_R) s_tile[tid + 2 * RC_R] = row_in[min(x0 + tid + RC_R, width - 1)];
        if (x0 + tid < width) {
            float acc = 0.f;
#pragma unroll
            for (int k = 0; k <= 2 * RC_R; ++k) acc += weights[k] * s_tile[tid + k];
            row_out[x0 + tid] = acc;
        }
    }
}

extern "C" __global__ void __launch_bounds__(RC_BLOCK)
row_conv_tail_ok(const float* __restrict__ in, float* __restrict__ out,
                 const float* __restrict__ weights, int width)
{
    if (blockDim.x != RC_BLOCK) return;
    __shared__ float s_tile[RC_BLOCK + 2 * RC_R];
    const int tid = threadIdx.x;
    const int x0 = blockIdx.x * RC_BLOCK;
    const float* row_in = in + (size_t)blockIdx.y * width;
    float* row_out = out + (size_t)blockIdx.y * width;
    const bool interior = (x0 >= RC_R) && (x0 + RC_BLOCK + RC_R <= width);

    if (interior) {
        s_tile[tid + RC_R] = row_in[x0 + tid];
        if (tid < RC_R) s_tile[tid] = row_in[x0 - RC_R + tid];
        if (tid >= RC_BLOCK - RC_R) s_tile[tid + 2 * RC_R] = row_in[x0 + tid + RC_R];
        __syncthreads();
        float acc = 0.f;
#pragma unroll
        for (int k = 0; k <= 2 * RC_R; ++k) acc += weights[k] * s_tile[tid + k];
        row_out[x0 + tid] = acc;
    } else {
        s_tile[tid + RC_R] = row_in[min(x0 + tid, width - 1)];
        if (tid < RC_R) s_tile[tid] = row_in[max(x0 - RC_R + tid, 0)];
        if (tid >= RC_BLOCK - RC_R) s_tile[tid + 2 * RC_R] = row_in[min(x0 + tid + RC_R, width - 1)];
        __syncthreads();
        if (x0 + tid < width) {
            float acc = 0.f;
#pragma unroll
            for (int k = 0; k <= 2 * RC_R; ++k) acc += weights[k] * s_tile[tid + k];
            row_out[x0 + tid] = acc;
        }
    }
}
