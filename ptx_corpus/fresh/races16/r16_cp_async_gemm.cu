// arch: sm_80
// Launch: blockDim = (256,1,1), gridDim = (N/64, M/64, 1), M % 64 == 0, N % 64 == 0,
//         K % 16 == 0 and K >= 32 (at least two k-tiles). A is MxK, B is KxN, both
//         row-major and 16-byte aligned. Dynamic shared memory = 16384 bytes, carved
//         into As[2][64][16] and Bs[2][16][64] (double buffer). Tiles are fetched with
//         inline-PTX cp.async.cg (16 B per thread per operand) and a 4x4 register tile
//         is accumulated per thread.

#define G_BM 64
#define G_BN 64
#define G_BK 16

__device__ __forceinline__ void cp_async_16(void* smem_ptr, const void* gmem_ptr)
{
    const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem_ptr));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(s), "l"(gmem_ptr) : "memory");
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
template <int N>
__device__ __forceinline__ void cp_async_wait() { asm volatile("cp.async.wait_group %0;\n" :: "n"(N) : "memory"); }

__device__ __forceinline__ void g_load_tile(float* As, float* Bs, const float* __restrict__ A,
                                            const float* __restrict__ B, int K, int N,
                                            int m0, int n0, int k0, int tid)
{
    const int ar = tid >> 2, ac = (tid & 3) * 4;
    cp_async_16(As + ar * G_BK + ac, A + (size_t)(m0 + ar) * K + k0 + ac);
    const int br = tid >> 4, bc = (tid & 15) * 4;
    cp_async_16(Bs + br * G_BN + bc, B + (size_t)(k0 + br) * N + n0 + bc);
}

__device__ __forceinline__ void g_mma_tile(const float* As, const float* Bs, float acc[4][4],
                                           int tx, int ty)
{
#pragma unroll
    for (int k = 0; k < G_BK; ++k) {
        float a[4], b[4];
#pragma unroll
        for (int i = 0; i < 4; ++i) a[i] = As[(ty * 4 + i) * G_BK + k];
#pragma unroll
        for (int j = 0; j < 4; ++j) b[j] = Bs[k * G_BN + tx * 4 + j];
#pragma unroll
        for (int i = 0; i < 4; ++i)
#pragma unroll
            for (int j = 0; j < 4; ++j) acc[i][j] += a[i] * b[j];
    }
}

extern "C" __global__ void __launch_bounds__(256)
sgemm_cp_async_race(const float* __restrict__ A, const float* __restrict__ B,
                    float* __restrict__ C, int M, int N, int K)
{
    extern __shared__ float4 g_smem4[];
    float* As = reinterpret_cast<float*>(g_smem4);     // [2][64*16]
    float* Bs = As + 2 * G_BM * G_BK;                   // [2][16*64]
    const int tid = threadIdx.x, tx = tid & 15, ty = tid >> 4;
    const int m0 = blockIdx.y * G_BM, n0 = blockIdx.x * G_BN;
    const int KT = K / G_BK;

    float acc[4][4] = {};
    g_load_tile(As, Bs, A, B, K, N, m0, n0, 0, tid);
    cp_async_commit();

    for (int kt = 0; kt < KT; ++kt) {
        const int cur = kt & 1, nxt = cur ^ 1;
        if (kt + 1 < KT)
            g_load_tile(As + nxt * G_BM * G_BK, Bs + nxt * G_BK * G_BN, A, B, K, N,
                        m0, n0, (kt + 1) * G_BK, tid);
        cp_async_commit();
        cp_async_wait<1>();
        __syncthreads();
        g_mma_tile(As + cur * G_BM * G_BK, Bs + cur * G_BK * G_BN, acc, tx, ty);
    }

#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
            C[(size_t)(m0 + ty * 4 + i) * N + n0 + tx * 4 + j] = acc[i][j];
}

extern "C" __global__ void
sgemm_cp_async_ok(const float* __restrict__ A, const float* __restrict__ B,
                  float* __restrict__ C, int M, int N, int K)
{
    extern __shared__ float4 g_smem4[];
    float* As = reinterpret_cast<float*>(g_smem4);     // [2][64*16]
    float* Bs = As + 2 * G_BM * G_BK;                   // [2][16*64]
    const int tid = threadIdx.x, tx = tid & 15, ty = tid >> 4;
    const int m0 = blockIdx.y * G_BM, n0 = blockIdx.x * G_BN;
    const int KT = K / G_BK;

    float acc[4][4] = {};
    g_load_tile(As, Bs, A, B, K, N, m0, n0, 0, tid);
    cp_async_commit();

    for (int kt = 0; kt < KT; ++kt) {
        const int cur = kt & 1, nxt = cur ^ 1;
        cp_async_wait<0>();
        __syncthreads();
        if (kt + 1 < KT)
            g_load_tile(As + nxt * G_BM * G_BK, Bs + nxt * G_BK * G_BN, A, B, K, N,
                        m0, n0, (kt + 1) * G_BK, tid);
        cp_async_commit();
        g_mma_tile(As + cur * G_BM * G_BK, Bs + cur * G_BK * G_BN, acc, tx, ty);
    }

#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
            C[(size_t)(m0 + ty * 4 + i) * N + n0 + tx * 4 + j] = acc[i][j];
}
