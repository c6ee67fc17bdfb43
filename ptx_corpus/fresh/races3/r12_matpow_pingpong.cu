// Matrix power A^k of a 16x16 matrix per block using two ping-pong product tiles. blockDim = (16,16), k >= 2.
template <bool FIX>
__device__ __forceinline__ void matpow_body(const float* __restrict__ Ain, float* __restrict__ Pout, int k)
{
    __shared__ float A[16][16];
    __shared__ float P[2][16][16];
    int tx = threadIdx.x, ty = threadIdx.y;
    const float* a = Ain + blockIdx.x * 256;
    float v = a[ty * 16 + tx];
    A[ty][tx] = v;
    P[0][ty][tx] = v;
    __syncthreads();
    for (int it = 1; it < k; it++) {
        int src = (it - 1) & 1;
        int dst = FIX ? (it & 1) : ((it + 1) & 1);   // bug: (it+1)&1 == src
        float acc = 0.f;
#pragma unroll
        for (int j = 0; j < 16; j++) acc += P[src][ty][j] * A[j][tx];
        P[dst][ty][tx] = acc;
        __syncthreads();
    }
    int fin = FIX ? ((k - 1) & 1) : ((k - 2) & 1);
    Pout[blockIdx.x * 256 + ty * 16 + tx] = P[fin][ty][tx];
}
extern "C" __global__ void __launch_bounds__(256) matpow_pingpong_race(const float* A, float* P, int k)
{ matpow_body<false>(A, P, k); }
extern "C" __global__ void __launch_bounds__(256) matpow_pingpong_ok(const float* A, float* P, int k)
{ matpow_body<true>(A, P, k); }
