// Tensor contraction kernels: C[a,b,c,d] = sum_e A[a,e,b] * B[e,c,d]-style
// contractions mapped to GEMM with register tiling, plus index permutation.

#define TC_BM 64
#define TC_BN 64
#define TC_BK 8
#define TC_TM 8
#define TC_TN 8

// Generic "TTGT"-free contraction: C[m, n] = sum_k A[m, k] * B[k, n] where m, n, k are
// flattened with arbitrary strides for the two M-modes and two N-modes.
extern "C" __global__ void __launch_bounds__(64)
tc_contract_rt8x8(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                  int M0, int M1, int N0, int N1, int K,
                  long sA_m0, long sA_m1, long sA_k,
                  long sB_k, long sB_n0, long sB_n1,
                  long sC_m0, long sC_m1, long sC_n0, long sC_n1, float alpha, float beta)
{
    __shared__ float As[TC_BK][TC_BM + 4];
    __shared__ float Bs[TC_BK][TC_BN + 4];
    const int M = M0 * M1, N = N0 * N1;
    const int tid = threadIdx.x;
    const int tr = tid / 8, tcn = tid % 8;
    const int m_blk = blockIdx.y * TC_BM, n_blk = blockIdx.x * TC_BN;
    float acc[TC_TM][TC_TN];
#pragma unroll
    for (int i = 0; i < TC_TM; ++i)
#pragma unroll
        for (int j = 0; j < TC_TN; ++j) acc[i][j] = 0.f;

    for (int k0 = 0; k0 < K; k0 += TC_BK) {
        // each of 64 threads loads 8 elements of A tile and 8 of B tile
#pragma unroll
        for (int l = 0; l < 8; ++l) {
            int e = l * 64 + tid;
            int kk = e / TC_BM, mm = e % TC_BM;
            int m = m_blk + mm, k = k0 + kk;
            float v = 0.f;
            if (m < M && k < K) { int m0 = m % M0, m1 = m / M0; v = A[m0 * sA_m0 + m1 * sA_m1 + k * sA_k]; }
            As[kk][mm] = v;
            int nn = e % TC_BN;
            int n = n_blk + nn;
            float w = 0.f;
            if (n < N && k < K) { int n0 = n % N0, n1 = n / N0; w = B[k * sB_k + n0 * sB_n0 + n1 * sB_n1]; }
            Bs[kk][nn] = w;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < TC_BK; ++kk) {
            float a[TC_TM], b[TC_TN];
#pragma unroll
            for (int i = 0; i < TC_TM; ++i) a[i] = As[kk][tr * TC_TM + i];
#pragma unroll
            for (int j = 0; j < TC_TN; ++j) b[j] = Bs[kk][tcn * TC_TN + j];
#pragma unroll
            for (int i = 0; i < TC_TM; ++i)
#pragma unroll
                for (int j = 0; j < TC_TN; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TC_TM; ++i) {
        int m = m_blk + tr * TC_TM + i;
        if (m >= M) continue;
        int m0 = m % M0, m1 = m / M0;
#pragma unroll
        for (int j = 0; j < TC_TN; ++j) {
            int n = n_blk + tcn * TC_TN + j;
            if (n >= N) continue;
            int n0 = n % N0, n1 = n / N0;
            long ci = m0 * sC_m0 + m1 * sC_m1 + n0 * sC_n0 + n1 * sC_n1;
            C[ci] = alpha * acc[i][j] + (beta != 0.f ? beta * C[ci] : 0.f);
        }
    }
}

// Rank-4 tensor transpose/permutation with shared-memory tile over the two fastest modes.
extern "C" __global__ void tc_permute4_tiled(const float* __restrict__ in, float* __restrict__ out,
                                             int4 dims, int4 perm)
{
    __shared__ float tile[32][33];
    int d[4] = {dims.x, dims.y, dims.z, dims.w};
    int p[4] = {perm.x, perm.y, perm.z, perm.w};
    long istr[4];
    istr[0] = 1; istr[1] = d[0]; istr[2] = (long)d[0] * d[1]; istr[3] = istr[2] * d[2];
    int od[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) od[k] = d[p[k]];
    long ostr[4];
    ostr[0] = 1; ostr[1] = od[0]; ostr[2] = (long)od[0] * od[1]; ostr[3] = ostr[2] * od[2];
    // in-mode that becomes out-mode 0
    int q0 = p[0];
    // tile over in-mode 0 (x) and in-mode q0 (y); remaining modes over blockIdx.z
    int rest = blockIdx.z;
    long in_base = 0, out_base = 0;
    for (int k = 1; k < 4; ++k) {
        if (k == q0) continue;
        int c = rest % d[k]; rest /= d[k];
        in_base += c * istr[k];
        int ok = 0;
        for (int t = 0; t < 4; ++t) if (p[t] == k) ok = t;
        out_base += c * ostr[ok];
    }
    int ok0 = 0;
    for (int t = 0; t < 4; ++t) if (p[t] == 0) ok0 = t;
    int x0 = blockIdx.x * 32, y0 = blockIdx.y * 32;
    for (int r = threadIdx.y; r < 32; r += blockDim.y) {
        int x = x0 + threadIdx.x, y = y0 + r;
        if (x < d[0] && y < d[q0]) tile[r][threadIdx.x] = in[in_base + x + y * istr[q0]];
    }
    __syncthreads();
    for (int r = threadIdx.y; r < 32; r += blockDim.y) {
        int y = y0 + threadIdx.x, x = x0 + r;
        if (x < d[0] && y < d[q0]) out[out_base + y + (long)x * ostr[ok0]] = tile[threadIdx.x][r];
    }
}

// Batched small contraction: for each batch b, T[b,i,j,k] = sum_l U[i,l] V[b,l,j,k] with i,l <= 16 (Tucker mode-1 product).
extern "C" __global__ void tc_mode1_product16(const float* __restrict__ U, const float* __restrict__ V,
                                              float* __restrict__ T, int R, int L, int JK, int batch)
{
    __shared__ float sU[16 * 16];
    for (int t = threadIdx.x; t < R * L; t += blockDim.x) sU[t] = U[t];
    __syncthreads();
    long col = blockIdx.x * (long)blockDim.x + threadIdx.x;
    long total = (long)batch * JK;
    if (col >= total) return;
    int b = (int)(col / JK), jk = (int)(col % JK);
    float v[16];
#pragma unroll
    for (int l = 0; l < 16; ++l) v[l] = (l < L) ? V[((long)b * L + l) * JK + jk] : 0.f;
    for (int i = 0; i < R; ++i) {
        float s = 0.f;
#pragma unroll
        for (int l = 0; l < 16; ++l) s = fmaf(sU[i * 16 + l], v[l], s);
        T[((long)b * R + i) * JK + jk] = s;
    }
}
