// 2D block (32 x 8) stages a 256-element chunk through shared memory and writes it out rotated by 1.
// launched with blockDim = (32, 8)
#define BX 32
#define BY 8

// RACE: linear index uses threadIdx.y * 16 instead of * blockDim.x (32), so e.g. (x=16,y=0) and (x=0,y=1) both store to buf[16] with different values.
extern "C" __global__ void __launch_bounds__(BX * BY) rotate_chunk_race(const float* in, float* out)
{
    __shared__ float buf[BX * BY];
    int lin = threadIdx.y * 16 + threadIdx.x;
    int base = blockIdx.x * BX * BY;
    buf[lin] = in[base + threadIdx.y * BX + threadIdx.x];
    __syncthreads();
    int me = threadIdx.y * BX + threadIdx.x;
    out[base + me] = buf[(me + 1) % (BX * BY)];
}

// OK: linear index threadIdx.y * blockDim.x + threadIdx.x is unique per thread.
extern "C" __global__ void __launch_bounds__(BX * BY) rotate_chunk_ok(const float* in, float* out)
{
    __shared__ float buf[BX * BY];
    int lin = threadIdx.y * blockDim.x + threadIdx.x;
    int base = blockIdx.x * BX * BY;
    buf[lin] = in[base + threadIdx.y * BX + threadIdx.x];
    __syncthreads();
    int me = threadIdx.y * BX + threadIdx.x;
    out[base + me] = buf[(me + 1) % (BX * BY)];
}
