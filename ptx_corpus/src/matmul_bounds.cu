// Tiled C = A * B for any M, N, K (A is M x K, B is K x N, row-major): tiles that run past the
// edges are filled with zeros, and every thread takes part in every barrier.
#define T 16
extern "C" __global__ void matmul_bounds(const float *A, const float *B, float *C, int M, int N, int K)
{
    __shared__ float As[T][T], Bs[T][T];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
    float acc = 0.0f;
#ifdef BUG_GUARD_AROUND_LOOP
    // Planted bug (a classic one): the bounds test wraps the whole tile loop, so in the blocks on
    // the right and bottom edges the threads outside C skip the __syncthreads the others wait at:
    // a barrier under a thread-dependent condition.
    if (row < M && col < N) {
        for (int t = 0; t < K; t += T) {
            As[ty][tx] = t + tx < K ? A[row * K + t + tx] : 0.0f;
            Bs[ty][tx] = t + ty < K ? B[(t + ty) * N + col] : 0.0f;
            __syncthreads();
            for (int k = 0; k < T; k++)
                acc += As[ty][k] * Bs[k][tx];
            __syncthreads();
        }
        C[row * N + col] = acc;
    }
#else
    for (int t = 0; t < K; t += T) {
        As[ty][tx] = row < M && t + tx < K ? A[row * K + t + tx] : 0.0f;
        Bs[ty][tx] = col < N && t + ty < K ? B[(t + ty) * N + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < T; k++)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N)
        C[row * N + col] = acc;
#endif
}
