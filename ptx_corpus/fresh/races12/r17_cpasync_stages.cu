// 3-stage cp.async pipeline streaming 512-float chunks through shared memory and applying a 3-tap
// smoothing filter inside each chunk (chunk edges use zero padding). Block b processes chunks
// b, b+gridDim.x, ...; thread t copies float4 number t of a chunk and computes outputs 4t..4t+3.
// Launch: blockDim = (128,1,1) (compile-time), any gridDim.x >= 1, no dynamic shared memory;
// n multiple of 512, in/out 16-byte aligned.
#define NT 128
#define CHUNK (NT * 4)
#define STAGES 3

__device__ __forceinline__ void cp_async16(void* smem, const void* gmem)
{
    unsigned s = (unsigned)__cvta_generic_to_shared(smem);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(s), "l"(gmem) : "memory");
}
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
template <int N> __device__ __forceinline__ void cp_wait() { asm volatile("cp.async.wait_group %0;" :: "n"(N) : "memory"); }

__device__ __forceinline__ void issue_chunk(float (*s)[CHUNK], const float* in, int k, int nchunks)
{
    const int c = blockIdx.x + k * gridDim.x;
    if (c < nchunks) cp_async16(&s[k % STAGES][4 * threadIdx.x], in + (size_t)c * CHUNK + 4 * threadIdx.x);
    cp_commit();
}

__device__ __forceinline__ void smooth_chunk(const float* s, float* out, int c)
{
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        const int i = 4 * threadIdx.x + j;
        const float l = i > 0 ? s[i - 1] : 0.f;
        const float r = i < CHUNK - 1 ? s[i + 1] : 0.f;
        out[(size_t)c * CHUNK + i] = 0.25f * l + 0.5f * s[i] + 0.25f * r;
    }
}

extern "C" __global__ void __launch_bounds__(NT)
smooth_cpasync_race(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ __align__(16) float s[STAGES][CHUNK];
    const int nchunks = n / CHUNK;
    const int nk = (nchunks - (int)blockIdx.x + (int)gridDim.x - 1) / (int)gridDim.x;
    issue_chunk(s, in, 0, nchunks);
    issue_chunk(s, in, 1, nchunks);
    for (int k = 0; k < nk; ++k) {
        cp_wait<STAGES - 1>();
        __syncthreads();
        smooth_chunk(s[k % STAGES], out, blockIdx.x + k * gridDim.x);
        issue_chunk(s, in, k + 2, nchunks);
    }
    cp_wait<0>();
}

extern "C" __global__ void __launch_bounds__(NT)
smooth_cpasync_ok(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ __align__(16) float s[STAGES][CHUNK];
    const int nchunks = n / CHUNK;
    const int nk = (nchunks - (int)blockIdx.x + (int)gridDim.x - 1) / (int)gridDim.x;
    issue_chunk(s, in, 0, nchunks);
    issue_chunk(s, in, 1, nchunks);
    for (int k = 0; k < nk; ++k) {
        cp_wait<STAGES - 2>();
        __syncthreads();
        smooth_chunk(s[k % STAGES], out, blockIdx.x + k * gridDim.x);
        issue_chunk(s, in, k + 2, nchunks);
    }
    cp_wait<0>();
}
