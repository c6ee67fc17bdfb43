// r28_gauss_jordan.cu
//
// Batched inversion of small SPD matrices (32x32 innovation covariances in
// a bank of Kalman filters; robotics / tracking) by Gauss-Jordan elimination
// without pivoting on the augmented matrix [A | I] held in shared memory.
// Each of the 256 threads owns 8 of the 32x64 augmented entries
// (e = tid + r*256 -> row e/64, column e%64). Per pivot k: broadcast 1/a_kk,
// scale pivot row k, then eliminate column k from all other rows.
//
// Launch configuration:
//   blockDim = (256,1,1)   (8 warps; one augmented row = 64 entries = 2 warps)
//   gridDim  = (batch,1,1), batch = 16384 matrices (row-major, contiguous)
//   static shared memory only.

#define N 32
#define NC (2 * N)
#define BLOCK 256
#define EPT (N * NC / BLOCK)

extern "C" __global__ void __launch_bounds__(BLOCK)
gauss_jordan_race(const float* __restrict__ A, float* __restrict__ Ainv)
{
    __shared__ float s[N][NC + 1];
    const int tid = threadIdx.x;
    const float* a = A + (size_t)blockIdx.x * N * N;

    for (int e = tid; e < N * NC; e += BLOCK) {
        const int i = e / NC, j = e % NC;
        s[i][j] = (j < N) ? a[i * N + j] : ((j - N) == i ? 1.f : 0.f);
    }
    __syncthreads();

    for (int k = 0; k < N; ++k) {
        const float inv = 1.f / s[k][k];
        __syncthreads();
        if (tid < NC) s[k][tid] *= inv;
        __syncthreads();
#pragma unroll
        for (int r = 0; r < EPT; ++r) {
            const int e = tid + r * BLOCK, i = e / NC, j = e % NC;
            if (i != k) s[i][j] -= s[i][k] * s[k][j];
        }
        __syncthreads();
    }

    float* out = Ainv + (size_t)blockIdx.x * N * N;
    for (int e = tid; e < N * N; e += BLOCK) out[e] = s[e / N][N + e % N];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
gauss_jordan_ok(const float* __restrict__ A, float* __restrict__ Ainv)
{
    __shared__ float s[N][NC + 1];
    const int tid = threadIdx.x;
    const float* a = A + (size_t)blockIdx.x * N * N;

    for (int e = tid; e < N * NC; e += BLOCK) {
        const int i = e / NC, j = e % NC;
        s[i][j] = (j < N) ? a[i * N + j] : ((j - N) == i ? 1.f : 0.f);
    }
    __syncthreads();

    for (int k = 0; k < N; ++k) {
        const float inv = 1.f / s[k][k];
        __syncthreads();
        if (tid < NC) s[k][tid] *= inv;
        __syncthreads();
        float f[EPT];
#pragma unroll
        for (int r = 0; r < EPT; ++r) {
            const int e = tid + r * BLOCK, i = e / NC;
            f[r] = s[i][k];
        }
        __syncthreads();
#pragma unroll
        for (int r = 0; r < EPT; ++r) {
            const int e = tid + r * BLOCK, i = e / NC, j = e % NC;
            if (i != k) s[i][j] -= f[r] * s[k][j];
        }
        __syncthreads();
    }

    float* out = Ainv + (size_t)blockIdx.x * N * N;
    for (int e = tid; e < N * N; e += BLOCK) out[e] = s[e / N][N + e % N];
}
