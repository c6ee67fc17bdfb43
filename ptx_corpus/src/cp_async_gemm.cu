// SGEMM with a two-stage cp.async pipeline: 16-byte cp.async copies (cp.async.cg) fill stage
// s + 1 while stage s is multiplied; cp.async.wait_group 1 plus a barrier make a stage visible
// to the whole block, a barrier at the end of a step keeps it from being overwritten early.
// 16 x 16 threads, 64 x 64 tile of C, each thread 4 x 4 outputs; M, N, K multiples of 64 / 16.
// Corpus mutants: without the barrier after cp.async.wait_group the block reads other threads'
// copies that may not have landed; without the one ending a step, the next cp.async refills a stage
// others still read. Both are races.
#define BM 64
#define BN 64
#define BK 16
__device__ __forceinline__ void cp16(void *smem, const void *gmem)
{
    unsigned s = (unsigned)__cvta_generic_to_shared(smem);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(gmem));
}

extern "C" __global__ void __launch_bounds__(256) cp_async_gemm(const float *A, const float *B, float *C, int M, int N, int K)
{
    __shared__ __align__(16) float As[2][BM][BK];
    __shared__ __align__(16) float Bs[2][BK][BN];
    int tid = threadIdx.y * 16 + threadIdx.x;
    int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
    // each thread copies one float4 of A (64 x 16) and one of B (16 x 64) per stage
    int ar = tid / 4, ac = (tid % 4) * 4;
    int br = tid / 16, bc = (tid % 16) * 4;
    float acc[4][4] = {};
    cp16(&As[0][ar][ac], &A[(size_t)(row0 + ar) * K + ac]);
    cp16(&Bs[0][br][bc], &B[(size_t)br * N + col0 + bc]);
    asm volatile("cp.async.commit_group;\n" ::);
    int steps = K / BK;
    for (int s = 0; s < steps; s++) {
        int cur = s & 1;
        if (s + 1 < steps) {
            int k0 = (s + 1) * BK;
            cp16(&As[cur ^ 1][ar][ac], &A[(size_t)(row0 + ar) * K + k0 + ac]);
            cp16(&Bs[cur ^ 1][br][bc], &B[(size_t)(k0 + br) * N + col0 + bc]);
        }
        asm volatile("cp.async.commit_group;\n" ::);
        asm volatile("cp.async.wait_group 1;\n" ::);
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; k++) {
            float a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; i++)
                a[i] = As[cur][threadIdx.y * 4 + i][k];
#pragma unroll
            for (int j = 0; j < 4; j++)
                b[j] = Bs[cur][k][threadIdx.x * 4 + j];
#pragma unroll
            for (int i = 0; i < 4; i++)
#pragma unroll
                for (int j = 0; j < 4; j++)
                    acc[i][j] += a[i] * b[j];
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; i++) {
        float4 v = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
        *reinterpret_cast<float4 *>(&C[(size_t)(row0 + threadIdx.y * 4 + i) * N + col0 + threadIdx.x * 4]) = v;
    }
}
