// half2 / bf16 arithmetic
#include <cuda_fp16.h>
#include <cuda_bf16.h>
extern "C" __global__ void bias_relu_half2(__half2* __restrict__ x, const __half2* __restrict__ bias,
                                           int cols2, int rows)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= cols2) return;
    __half2 b = bias[c];
    __half2 zero = __float2half2_rn(0.f);
    for (int r = blockIdx.y; r < rows; r += gridDim.y) {
        __half2 v = __hadd2(x[(size_t)r * cols2 + c], b);
        x[(size_t)r * cols2 + c] = __hmax2(v, zero);
    }
}

extern "C" __global__ void bf16_layer_scale(const __nv_bfloat16* __restrict__ in, const float* __restrict__ gamma,
                                            __nv_bfloat16* __restrict__ out, int dim, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = __bfloat162float(in[i]);
        out[i] = __float2bfloat16(v * gamma[i % dim]);
    }
}

extern "C" __global__ void half2_dot_partial(const __half2* __restrict__ a, const __half2* __restrict__ b,
                                             float* __restrict__ partial, int n2)
{
    float acc = 0.f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n2; i += blockDim.x * gridDim.x) {
        __half2 p = __hmul2(a[i], b[i]);
        float2 f = __half22float2(p);
        acc += f.x + f.y;
    }
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(partial + blockIdx.x, acc);
}
