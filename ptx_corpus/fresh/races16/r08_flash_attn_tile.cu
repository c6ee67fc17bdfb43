// arch: sm_80
// Launch: blockDim = (64,4,1) (tx = key column / head-dim index, ty = query row),
//         gridDim = (seq_len/4, 1, 1), head dim 64, seq_len a multiple of 64.
//         One block computes 4 query rows of single-head attention with an online
//         (flash-attention style) softmax over 64-key tiles held in shared memory.
//         Row statistics (running max / sum) are kept in shared memory and updated
//         by the tx == 0 thread of each row.

#define FA_D   64
#define FA_BQ  4
#define FA_BK  64

extern "C" __global__ void
flash_attn_tile_race(const float* __restrict__ Q, const float* __restrict__ K,
                     const float* __restrict__ V, float* __restrict__ O,
                     int seq_len, float scale)
{
    __shared__ float Qs[FA_BQ][FA_D];
    __shared__ float Ks[FA_BK][FA_D + 1];
    __shared__ float Vs[FA_BK][FA_D];
    __shared__ float S[FA_BQ][FA_BK];
    __shared__ float m_s[FA_BQ];
    __shared__ float l_s[FA_BQ];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * FA_BK + tx;
    const int q0 = blockIdx.x * FA_BQ;

    Qs[ty][tx] = Q[(size_t)(q0 + ty) * FA_D + tx];
    if (tx == 0) { m_s[ty] = -INFINITY; l_s[ty] = 0.0f; }
    float acc = 0.0f;

    for (int kt = 0; kt < seq_len; kt += FA_BK) {
        for (int i = tid; i < FA_BK * FA_D; i += FA_BQ * FA_BK) {
            const int r = i / FA_D, c = i % FA_D;
            Ks[r][c] = K[(size_t)(kt + r) * FA_D + c];
            Vs[r][c] = V[(size_t)(kt + r) * FA_D + c];
        }
        __syncthreads();

        float s = 0.0f;
#pragma unroll 8
        for (int d = 0; d < FA_D; ++d) s += Qs[ty][d] * Ks[tx][d];
        S[ty][tx] = s * scale;
        __syncthreads();

        const float m_old = m_s[ty];
        if (tx == 0) {
            float mx = m_old;
            for (int j = 0; j < FA_BK; ++j) mx = fmaxf(mx, S[ty][j]);
            m_s[ty] = mx;
        }
        __syncthreads();
        const float m_new = m_s[ty];
        const float alpha = __expf(m_old - m_new);
        const float p = __expf(S[ty][tx] - m_new);
        S[ty][tx] = p;
        __syncthreads();

        if (tx == 0) {
            float sum = 0.0f;
            for (int j = 0; j < FA_BK; ++j) sum += S[ty][j];
            l_s[ty] = l_s[ty] * alpha + sum;
        }
        acc *= alpha;
#pragma unroll 8
        for (int j = 0; j < FA_BK; ++j) acc += S[ty][j] * Vs[j][tx];
        __syncthreads();
    }
    O[(size_t)(q0 + ty) * FA_D + tx] = acc / l_s[ty];
}

extern "C" __global__ void __launch_bounds__(256)
flash_attn_tile_ok(const float* __restrict__ Q, const float* __restrict__ K,
                   const float* __restrict__ V, float* __restrict__ O,
                   int seq_len, float scale)
{
    __shared__ float Qs[FA_BQ][FA_D];
    __shared__ float Ks[FA_BK][FA_D + 1];
    __shared__ float Vs[FA_BK][FA_D];
    __shared__ float S[FA_BQ][FA_BK];
    __shared__ float m_s[FA_BQ];
    __shared__ float m_prev_s[FA_BQ];
    __shared__ float l_s[FA_BQ];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * FA_BK + tx;
    const int q0 = blockIdx.x * FA_BQ;

    Qs[ty][tx] = Q[(size_t)(q0 + ty) * FA_D + tx];
    if (tx == 0) { m_s[ty] = -INFINITY; l_s[ty] = 0.0f; }
    float acc = 0.0f;

    for (int kt = 0; kt < seq_len; kt += FA_BK) {
        for (int i = tid; i < FA_BK * FA_D; i += FA_BQ * FA_BK) {
            const int r = i / FA_D, c = i % FA_D;
            Ks[r][c] = K[(size_t)(kt + r) * FA_D + c];
            Vs[r][c] = V[(size_t)(kt + r) * FA_D + c];
        }
        __syncthreads();

        float s = 0.0f;
#pragma unroll 8
        for (int d = 0; d < FA_D; ++d) s += Qs[ty][d] * Ks[tx][d];
        S[ty][tx] = s * scale;
        __syncthreads();

        if (tx == 0) {
            const float m_old = m_s[ty];
            float mx = m_old;
            for (int j = 0; j < FA_BK; ++j) mx = fmaxf(mx, S[ty][j]);
            m_prev_s[ty] = m_old;
            m_s[ty] = mx;
        }
        __syncthreads();
        const float m_old = m_prev_s[ty];
        const float m_new = m_s[ty];
        const float alpha = __expf(m_old - m_new);
        const float p = __expf(S[ty][tx] - m_new);
        S[ty][tx] = p;
        __syncthreads();

        if (tx == 0) {
            float sum = 0.0f;
            for (int j = 0; j < FA_BK; ++j) sum += S[ty][j];
            l_s[ty] = l_s[ty] * alpha + sum;
        }
        acc *= alpha;
#pragma unroll 8
        for (int j = 0; j < FA_BK; ++j) acc += S[ty][j] * Vs[j][tx];
        __syncthreads();
    }
    O[(size_t)(q0 + ty) * FA_D + tx] = acc / l_s[ty];
}
