// Quantum circuit state-vector simulation kernels (double-precision complex).

struct cplx { double re, im; };

__device__ __forceinline__ double2 cmul(double2 a, double2 b) {
    return make_double2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
__device__ __forceinline__ double2 cadd(double2 a, double2 b) { return make_double2(a.x + b.x, a.y + b.y); }

__device__ __forceinline__ unsigned long long insert_zero_bit(unsigned long long x, int q) {
    unsigned long long lo = x & ((1ull << q) - 1ull);
    return ((x >> q) << (q + 1)) | lo;
}

// Apply an arbitrary single-qubit unitary (2x2 complex) to qubit `target`.
extern "C" __global__ void qsim_apply_1q(double2* __restrict__ psi, int nqubits, int target,
                                         double2 u00, double2 u01, double2 u10, double2 u11)
{
    unsigned long long half = 1ull << (nqubits - 1);
    for (unsigned long long t = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; t < half;
         t += (unsigned long long)gridDim.x * blockDim.x) {
        unsigned long long i0 = insert_zero_bit(t, target);
        unsigned long long i1 = i0 | (1ull << target);
        double2 a = psi[i0], b = psi[i1];
        psi[i0] = cadd(cmul(u00, a), cmul(u01, b));
        psi[i1] = cadd(cmul(u10, a), cmul(u11, b));
    }
}

// Apply a general two-qubit unitary (4x4 complex) held in constant-like argument memory.
extern "C" __global__ void qsim_apply_2q(double2* __restrict__ psi, int nqubits, int qa, int qb,
                                         const double2* __restrict__ U)
{
    __shared__ double2 su[16];
    if (threadIdx.x < 16) su[threadIdx.x] = U[threadIdx.x];
    __syncthreads();
    int lo = min(qa, qb), hi = max(qa, qb);
    unsigned long long quarter = 1ull << (nqubits - 2);
    for (unsigned long long t = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; t < quarter;
         t += (unsigned long long)gridDim.x * blockDim.x) {
        unsigned long long base = insert_zero_bit(insert_zero_bit(t, lo), hi);
        unsigned long long idx[4];
        idx[0] = base;
        idx[1] = base | (1ull << qb);
        idx[2] = base | (1ull << qa);
        idx[3] = base | (1ull << qa) | (1ull << qb);
        double2 v[4];
#pragma unroll
        for (int k = 0; k < 4; ++k) v[k] = psi[idx[k]];
#pragma unroll
        for (int r = 0; r < 4; ++r) {
            double2 acc = make_double2(0.0, 0.0);
#pragma unroll
            for (int c = 0; c < 4; ++c) acc = cadd(acc, cmul(su[r * 4 + c], v[c]));
            psi[idx[r]] = acc;
        }
    }
}

// Fused diagonal phase layer: applies exp(i * sum_k theta_k Z_k) and ZZ couplings (QAOA cost layer).
extern "C" __global__ void qsim_qaoa_cost_phase(double2* __restrict__ psi, int nqubits,
                                                const int2* __restrict__ edges, const double* __restrict__ w,
                                                int nedges, double gamma)
{
    extern __shared__ int2 s_edges[];
    double* s_w = (double*)(s_edges + nedges);
    for (int e = threadIdx.x; e < nedges; e += blockDim.x) { s_edges[e] = edges[e]; s_w[e] = w[e]; }
    __syncthreads();
    unsigned long long dim = 1ull << nqubits;
    for (unsigned long long s = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; s < dim;
         s += (unsigned long long)gridDim.x * blockDim.x) {
        double cost = 0.0;
        for (int e = 0; e < nedges; ++e) {
            int2 ed = s_edges[e];
            int za = (int)((s >> ed.x) & 1ull), zb = (int)((s >> ed.y) & 1ull);
            cost += (za ^ zb) ? -s_w[e] : s_w[e];
        }
        double sn, cs;
        sincos(-gamma * cost, &sn, &cs);
        double2 a = psi[s];
        psi[s] = make_double2(a.x * cs - a.y * sn, a.x * sn + a.y * cs);
    }
}

// Probability of measuring |1> on each of the first 16 qubits, block reduction in double.
extern "C" __global__ void qsim_marginal_probs16(const double2* __restrict__ psi, int nqubits,
                                                double* __restrict__ probs)
{
    __shared__ double sh[16][33];
    double acc[16];
#pragma unroll
    for (int q = 0; q < 16; ++q) acc[q] = 0.0;
    unsigned long long dim = 1ull << nqubits;
    for (unsigned long long s = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; s < dim;
         s += (unsigned long long)gridDim.x * blockDim.x) {
        double2 a = psi[s];
        double p = a.x * a.x + a.y * a.y;
#pragma unroll
        for (int q = 0; q < 16; ++q) acc[q] += ((s >> q) & 1ull) ? p : 0.0;
    }
#pragma unroll
    for (int q = 0; q < 16; ++q) {
        double v = acc[q];
        for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
        if ((threadIdx.x & 31) == 0) sh[q][threadIdx.x >> 5] = v;
    }
    __syncthreads();
    if (threadIdx.x < 16) {
        double v = 0.0;
        for (int wp = 0; wp < (int)(blockDim.x >> 5); ++wp) v += sh[threadIdx.x][wp];
        atomicAdd(&probs[threadIdx.x], v);
    }
}
