// SGEMM C = A * B (row-major, M x K times K x N) with 32x32 output tiles.
// Launch: blockDim = (32, 8) = 256 threads, gridDim = (ceil(N/32), ceil(M/32)).
// Each thread computes 4 outputs (rows ty, ty+8, ty+16, ty+24 of the tile).
#include <cuda_runtime.h>

#define TS 32

extern "C" __global__ void __launch_bounds__(256)
sgemm_edge_race(const float* __restrict__ A, const float* __restrict__ B,
                float* __restrict__ C, int M, int N, int K)
{
    __shared__ __align__(16) float As[TS][TS];
    __shared__ __align__(16) float Bs[TS][TS];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * TS + tx;
    const int row0 = blockIdx.y * TS, col0 = blockIdx.x * TS;
    float acc[4] = {0.f, 0.f, 0.f, 0.f};

    for (int k0 = 0; k0 < K; k0 += TS) {
        // clear both tiles so that the ragged edges read as zero
        const float4 z = make_float4(0.f, 0.f, 0.f, 0.f);
        for (int i = tid; i < TS * TS / 4; i += 256) {
            reinterpret_cast<float4*>(&As[0][0])[i] = z;
            reinterpret_cast<float4*>(&Bs[0][0])[i] = z;
        }
        // fetch the in-range part of the tiles
        for (int r = ty; r < TS; r += 8) {
            const int ar = row0 + r, ac = k0 + tx;
            if (ar < M && ac < K) As[r][tx] = A[(size_t)ar * K + ac];
            const int br = k0 + r, bc = col0 + tx;
            if (br < K && bc < N) Bs[r][tx] = B[(size_t)br * N + bc];
        }
        __syncthreads();

#pragma unroll 8
        for (int kk = 0; kk < TS; ++kk) {
            const float b = Bs[kk][tx];
#pragma unroll
            for (int i = 0; i < 4; ++i) acc[i] += As[ty + 8 * i][kk] * b;
        }
        __syncthreads();
    }

#pragma unroll
    for (int i = 0; i < 4; ++i) {
        const int r = row0 + ty + 8 * i, c = col0 + tx;
        if (r < M && c < N) C[(size_t)r * N + c] = acc[i];
    }
}

extern "C" __global__ void __launch_bounds__(256)
sgemm_edge_ok(const float* __restrict__ A, const float* __restrict__ B,
              float* __restrict__ C, int M, int N, int K)
{
    __shared__ __align__(16) float As[TS][TS];
    __shared__ __align__(16) float Bs[TS][TS];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row0 = blockIdx.y * TS, col0 = blockIdx.x * TS;
    float acc[4] = {0.f, 0.f, 0.f, 0.f};

    for (int k0 = 0; k0 < K; k0 += TS) {
        // every element of both tiles is written exactly once, zero outside the matrix
        for (int r = ty; r < TS; r += 8) {
            const int ar = row0 + r, ac = k0 + tx;
            As[r][tx] = (ar < M && ac < K) ? A[(size_t)ar * K + ac] : 0.0f;
            const int br = k0 + r, bc = col0 + tx;
            Bs[r][tx] = (br < K && bc < N) ? B[(size_t)br * N + bc] : 0.0f;
        }
        __syncthreads();

#pragma unroll 8
        for (int kk = 0; kk < TS; ++kk) {
            const float b = Bs[kk][tx];
#pragma unroll
            for (int i = 0; i < 4; ++i) acc[i] += As[ty + 8 * i][kk] * b;
        }
        __syncthreads();
    }

#pragma unroll
    for (int i = 0; i < 4; ++i) {
        const int r = row0 + ty + 8 * i, c = col0 + tx;
        if (r < M && c < N) C[(size_t)r * N + c] = acc[i];
    }
}
