// Max-reduction with the classic unrolled last warp. 512 threads per block.
#define NT 512

// RACE: the last-warp stage (tid < 32) is done with plain smem loads/stores and no __syncwarp(); lanes read smax[tid+k] while neighbour lanes write it (no warp-synchronous guarantee on Volta+).
extern "C" __global__ void __launch_bounds__(NT) block_max_race(const float* in, float* out, int n)
{
    __shared__ float smax[NT];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * NT + tid;
    smax[tid] = (i < n) ? in[i] : -3.0e38f;
    __syncthreads();
    for (unsigned s = NT / 2; s > 32; s >>= 1) {
        if (tid < s) smax[tid] = fmaxf(smax[tid], smax[tid + s]);
        __syncthreads();
    }
    if (tid < 32) {
        float* sm = smax;
        sm[tid] = fmaxf(sm[tid], sm[tid + 32]);
        sm[tid] = fmaxf(sm[tid], sm[tid + 16]);
        sm[tid] = fmaxf(sm[tid], sm[tid + 8]);
        sm[tid] = fmaxf(sm[tid], sm[tid + 4]);
        sm[tid] = fmaxf(sm[tid], sm[tid + 2]);
        sm[tid] = fmaxf(sm[tid], sm[tid + 1]);
    }
    if (tid == 0) out[blockIdx.x] = smax[0];
}

// OK: each warp-level step reads into a register, __syncwarp(), then writes, __syncwarp(); the whole first warp executes it.
extern "C" __global__ void __launch_bounds__(NT) block_max_ok(const float* in, float* out, int n)
{
    __shared__ float smax[NT];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * NT + tid;
    smax[tid] = (i < n) ? in[i] : -3.0e38f;
    __syncthreads();
    for (unsigned s = NT / 2; s > 32; s >>= 1) {
        if (tid < s) smax[tid] = fmaxf(smax[tid], smax[tid + s]);
        __syncthreads();
    }
    if (tid < 32) {
        float v = smax[tid];
        for (int k = 32; k > 0; k >>= 1) {
            v = fmaxf(v, smax[tid + k]);
            __syncwarp();
            smax[tid] = v;
            __syncwarp();
        }
    }
    if (tid == 0) out[blockIdx.x] = smax[0];
}
