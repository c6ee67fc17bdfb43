// C = A * B with BLOCK_SIZE x BLOCK_SIZE shared tiles, in the style of the classic samples:
// wA and wB are multiples of BLOCK_SIZE and the grid covers C exactly (no bounds checks).
// Each tile is loaded, the block waits, multiplies, and waits again before the next load.
// Corpus mutants: without the first barrier the products read tile entries other threads have
// not stored yet; without the second the next tile's stores overwrite entries still being read
// (write-after-read across loop iterations). Both are races.
#ifndef BLOCK_SIZE
#define BLOCK_SIZE 16
#endif
template <int BS>
__device__ void matmul_body(float *C, const float *A, const float *B, int wA, int wB)
{
    int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
    int aBegin = wA * BS * by, aEnd = aBegin + wA - 1, aStep = BS;
    int bBegin = BS * bx, bStep = BS * wB;
    float Csub = 0.0f;
    for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
        __shared__ float As[BS][BS];
        __shared__ float Bs[BS][BS];
        As[ty][tx] = A[a + wA * ty + tx];
        Bs[ty][tx] = B[b + wB * ty + tx];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BS; ++k)
            Csub += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    int c = wB * BS * by + BS * bx;
    C[c + wB * ty + tx] = Csub;
}

extern "C" __global__ void matmul_tiled(float *C, const float *A, const float *B, int wA, int wB)
{
    matmul_body<BLOCK_SIZE>(C, A, B, wA, wB);
}
