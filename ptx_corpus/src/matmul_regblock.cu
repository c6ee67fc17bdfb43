// SGEMM with a register block: a 16x16 thread block computes a 64x64 tile of C, each thread a
// TM x TN (4x4) micro-tile with A and B staged through shared memory, KT-deep slices. M, N, K
// are multiples of 64 and KT.
#ifndef KT
#define KT 8
#endif
#define TM 4
#define TN 4
#ifdef LB_THREADS
#define BOUNDS __launch_bounds__(LB_THREADS, LB_BLOCKS)
#else
#define BOUNDS
#endif
extern "C" __global__ void BOUNDS matmul_regblock(const float *A, const float *B, float *C, int M, int N, int K)
{
    __shared__ float As[KT][64];
    __shared__ float Bs[KT][64];
    int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 16 + tx;
    int row0 = blockIdx.y * 64, col0 = blockIdx.x * 64;
    float acc[TM][TN] = {};
    for (int k0 = 0; k0 < K; k0 += KT) {
        // 256 threads load a 64 x KT slice of A (stored transposed) and a KT x 64 slice of B
        for (int e = tid; e < 64 * KT; e += 256) {
            int r = e / KT, c = e % KT;
            As[c][r] = A[(row0 + r) * K + k0 + c];
            int br = e / 64, bc = e % 64;
            Bs[br][bc] = B[(k0 + br) * N + col0 + bc];
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < KT; k++) {
            float a[TM], b[TN];
#pragma unroll
            for (int i = 0; i < TM; i++)
                a[i] = As[k][ty * TM + i];
#pragma unroll
            for (int j = 0; j < TN; j++)
                b[j] = Bs[k][tx * TN + j];
#pragma unroll
            for (int i = 0; i < TM; i++)
#pragma unroll
                for (int j = 0; j < TN; j++)
                    acc[i][j] += a[i] * b[j];
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TM; i++)
#pragma unroll
        for (int j = 0; j < TN; j++)
            C[(row0 + ty * TM + i) * N + col0 + tx * TN + j] = acc[i][j];
}
