// arch: sm_80
// r21_warp_unroll.cu
// Block sum reduction (CUDA SDK reduction "reduce4" shape): two loads per
// thread, barrier-separated tree steps down to 64 partials, and the last
// warp finishes the reduction on its own.
//
// Launch (both kernels): blockDim = (256,1,1), gridDim = (n/512,1,1),
//   n = 1<<24 (gridDim = 32768), out has gridDim floats.
//   No dynamic shared memory.

#define R21_B 256

extern "C" __global__ void __launch_bounds__(R21_B)
reduce_lastwarp_race(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float sdata[R21_B];
    const unsigned tid = threadIdx.x;
    const unsigned i = blockIdx.x * (R21_B * 2) + tid;
    sdata[tid] = in[i] + in[i + R21_B];
    __syncthreads();

    for (unsigned s = R21_B / 2; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        volatile float* v = sdata;
        v[tid] += v[tid + 32];
        v[tid] += v[tid + 16];
        v[tid] += v[tid + 8];
        v[tid] += v[tid + 4];
        v[tid] += v[tid + 2];
        v[tid] += v[tid + 1];
    }
    if (tid == 0) out[blockIdx.x] = sdata[0];
}

extern "C" __global__ void __launch_bounds__(R21_B)
reduce_lastwarp_ok(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float sdata[R21_B];
    const unsigned tid = threadIdx.x;
    const unsigned i = blockIdx.x * (R21_B * 2) + tid;
    sdata[tid] = in[i] + in[i + R21_B];
    __syncthreads();

    for (unsigned s = R21_B / 2; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        float v = sdata[tid] + sdata[tid + 32];
#pragma unroll
        for (int off = 16; off > 0; off >>= 1) {
            sdata[tid] = v;
            __syncwarp();
            v += sdata[tid + off];
            __syncwarp();
        }
        if (tid == 0) out[blockIdx.x] = v;
    }
}
