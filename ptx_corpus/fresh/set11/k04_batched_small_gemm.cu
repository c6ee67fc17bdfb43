// Batched small matrix products: one 4x4 / 6x6 product per thread, and 16x16 / 32x32 products per block via shared memory.
#include <cuda_runtime.h>

// C[b] = A[b] * B[b], 4x4 row-major, one matrix per thread.
extern "C" __global__ void batched_matmul4x4_thread(const float4* __restrict__ A,
                                                    const float4* __restrict__ B,
                                                    float4* __restrict__ C, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;

    float4 a[4], bm[4];
#pragma unroll
    for (int i = 0; i < 4; ++i) { a[i] = A[b * 4 + i]; bm[i] = B[b * 4 + i]; }

#pragma unroll
    for (int i = 0; i < 4; ++i) {
        float4 r;
        r.x = a[i].x * bm[0].x + a[i].y * bm[1].x + a[i].z * bm[2].x + a[i].w * bm[3].x;
        r.y = a[i].x * bm[0].y + a[i].y * bm[1].y + a[i].z * bm[2].y + a[i].w * bm[3].y;
        r.z = a[i].x * bm[0].z + a[i].y * bm[1].z + a[i].z * bm[2].z + a[i].w * bm[3].z;
        r.w = a[i].x * bm[0].w + a[i].y * bm[1].w + a[i].z * bm[2].w + a[i].w * bm[3].w;
        C[b * 4 + i] = r;
    }
}

// C[b] = A[b] * B[b]^T for 6x6 double matrices (e.g. covariance updates), one per thread.
extern "C" __global__ void batched_dmatmul6x6_abt(const double* __restrict__ A,
                                                  const double* __restrict__ B,
                                                  double* __restrict__ C, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    const double* a = A + (size_t)b * 36;
    const double* bb = B + (size_t)b * 36;
    double* c = C + (size_t)b * 36;

    double ar[6][6];
#pragma unroll
    for (int i = 0; i < 6; ++i)
#pragma unroll
        for (int j = 0; j < 6; ++j) ar[i][j] = a[i * 6 + j];

#pragma unroll
    for (int j = 0; j < 6; ++j) {
        double brow[6];
#pragma unroll
        for (int k = 0; k < 6; ++k) brow[k] = bb[j * 6 + k];
#pragma unroll
        for (int i = 0; i < 6; ++i) {
            double s = 0.0;
#pragma unroll
            for (int k = 0; k < 6; ++k) s = fma(ar[i][k], brow[k], s);
            c[i * 6 + j] = s;
        }
    }
}

// One 16x16 product per block, 256 threads, element per thread.
extern "C" __global__ void batched_matmul16_block(const float* __restrict__ A,
                                                  const float* __restrict__ B,
                                                  float* __restrict__ C, int batch)
{
    __shared__ float As[16][17];
    __shared__ float Bs[16][17];
    int b = blockIdx.x;
    if (b >= batch) return;
    int r = threadIdx.y, c = threadIdx.x;
    size_t off = (size_t)b * 256;
    As[r][c] = A[off + r * 16 + c];
    Bs[r][c] = B[off + r * 16 + c];
    __syncthreads();
    float s = 0.f;
#pragma unroll
    for (int k = 0; k < 16; ++k) s = fmaf(As[r][k], Bs[k][c], s);
    C[off + r * 16 + c] = s;
}

// One 32x32 product per block of 32x8 threads; each thread computes 4 rows of one column.
extern "C" __global__ void __launch_bounds__(256)
batched_matmul32_block(const float* __restrict__ A, const float* __restrict__ B,
                       float* __restrict__ C, const int* __restrict__ perm, int batch)
{
    __shared__ float As[32][33];
    __shared__ float Bs[32][33];
    int b = blockIdx.x;
    if (b >= batch) return;
    int mat = perm ? perm[b] : b;
    size_t off = (size_t)mat * 1024;
    int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        int r = ty + 8 * i;
        As[r][tx] = A[off + r * 32 + tx];
        Bs[r][tx] = B[off + r * 32 + tx];
    }
    __syncthreads();
    float acc[4] = {0.f, 0.f, 0.f, 0.f};
#pragma unroll
    for (int k = 0; k < 32; ++k) {
        float bv = Bs[k][tx];
#pragma unroll
        for (int i = 0; i < 4; ++i) acc[i] = fmaf(As[ty + 8 * i][k], bv, acc[i]);
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) C[off + (ty + 8 * i) * 32 + tx] = acc[i];
}
