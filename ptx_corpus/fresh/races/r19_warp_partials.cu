// Block reduction: shuffle-reduce inside each warp, warp leaders publish to shared, warp 0 finishes. 256 threads (8 warps).
#define NT 256
#define NW (NT / 32)

__device__ __forceinline__ float warp_sum(float v)
{
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    return v;
}

// RACE: lane 0 of each warp writes s_part[warp], and warp 0 reads all s_part[] after only __syncwarp(), which does not order it with the other warps' stores.
extern "C" __global__ void __launch_bounds__(NT) dot_race(const float* a, const float* b, float* out, int n)
{
    __shared__ float s_part[NW];
    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    float v = 0.f;
    for (int i = blockIdx.x * NT + tid; i < n; i += gridDim.x * NT) v += a[i] * b[i];
    v = warp_sum(v);
    if (lane == 0) s_part[warp] = v;
    __syncwarp();
    if (warp == 0) {
        float p = (lane < NW) ? s_part[lane] : 0.f;
        p = warp_sum(p);
        if (lane == 0) atomicAdd(out, p);
    }
}

// OK: __syncthreads() (all warps) between the s_part[] stores and warp 0's reads.
extern "C" __global__ void __launch_bounds__(NT) dot_ok(const float* a, const float* b, float* out, int n)
{
    __shared__ float s_part[NW];
    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    float v = 0.f;
    for (int i = blockIdx.x * NT + tid; i < n; i += gridDim.x * NT) v += a[i] * b[i];
    v = warp_sum(v);
    if (lane == 0) s_part[warp] = v;
    __syncthreads();
    if (warp == 0) {
        float p = (lane < NW) ? s_part[lane] : 0.f;
        p = warp_sum(p);
        if (lane == 0) atomicAdd(out, p);
    }
}
