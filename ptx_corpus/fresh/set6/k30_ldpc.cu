// LDPC decoding (5G NR style, flooding schedule, normalised/offset min-sum):
//  * check-node update (row-wise, messages kept in a local array)
//  * variable-node update + a-posteriori LLR + hard decision
//  * syndrome check with early termination flag
#include <stdint.h>

#define LDPC_MAX_ROW_DEG 32

// H in CSR (row_ptr / col_idx); edge e corresponds to one nonzero.
// v2c[e]: variable-to-check message, c2v[e]: check-to-variable message.
extern "C" __global__ void ldpc_check_node_minsum(const int* __restrict__ row_ptr,
                                                  const float* __restrict__ v2c,
                                                  float* __restrict__ c2v,
                                                  int num_checks,
                                                  int num_codewords,
                                                  int edges_per_codeword,
                                                  float alpha,     // normalisation
                                                  float beta)      // offset
{
    int chk = blockIdx.x * blockDim.x + threadIdx.x;
    int cw = blockIdx.y;
    if (chk >= num_checks || cw >= num_codewords) return;
    int b = row_ptr[chk], e = row_ptr[chk + 1];
    int deg = min(e - b, LDPC_MAX_ROW_DEG);
    long long base = (long long)cw * edges_per_codeword + b;
    float msg[LDPC_MAX_ROW_DEG];
    float min1 = 1e30f, min2 = 1e30f;
    int min_pos = 0;
    unsigned int sign_bits = 0;
    for (int k = 0; k < deg; ++k) {
        float m = v2c[base + k];
        msg[k] = m;
        float a = fabsf(m);
        sign_bits ^= (m < 0.f) ? (1u << k) : 0u;
        if (a < min1) { min2 = min1; min1 = a; min_pos = k; }
        else if (a < min2) { min2 = a; }
    }
    unsigned int total_sign = __popc(sign_bits) & 1u;
    float m1 = fmaxf(alpha * min1 - beta, 0.f);
    float m2 = fmaxf(alpha * min2 - beta, 0.f);
    for (int k = 0; k < deg; ++k) {
        float mag = (k == min_pos) ? m2 : m1;
        unsigned int s = total_sign ^ ((msg[k] < 0.f) ? 1u : 0u);
        c2v[base + k] = s ? -mag : mag;
    }
}

// Variable nodes through the transposed structure (CSC). Edge ids of the
// column map back into the CSR edge order via col_edge.
extern "C" __global__ void ldpc_variable_node(const int* __restrict__ col_ptr,
                                              const int* __restrict__ col_edge,
                                              const float* __restrict__ channel_llr,   // [num_codewords, n]
                                              const float* __restrict__ c2v,
                                              float* __restrict__ v2c,
                                              float* __restrict__ app_llr,
                                              unsigned char* __restrict__ hard_bits,
                                              int n, int num_codewords, int edges_per_codeword,
                                              float llr_clip)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    int cw = blockIdx.y;
    if (v >= n || cw >= num_codewords) return;
    int b = col_ptr[v], e = col_ptr[v + 1];
    long long eb = (long long)cw * edges_per_codeword;
    float L = channel_llr[(long long)cw * n + v];
    float total = L;
    for (int k = b; k < e; ++k) total += c2v[eb + col_edge[k]];
    for (int k = b; k < e; ++k) {
        int edge = col_edge[k];
        float m = total - c2v[eb + edge];
        v2c[eb + edge] = fminf(fmaxf(m, -llr_clip), llr_clip);
    }
    app_llr[(long long)cw * n + v] = total;
    hard_bits[(long long)cw * n + v] = total < 0.f ? 1 : 0;
}

// One block per codeword: every thread computes parities of some checks,
// the block counts unsatisfied checks. converged[cw] = 1 if all zero.
extern "C" __global__ void ldpc_syndrome(const int* __restrict__ row_ptr,
                                         const int* __restrict__ col_idx,
                                         const unsigned char* __restrict__ hard_bits,
                                         int num_checks, int n,
                                         int* __restrict__ unsatisfied,
                                         unsigned char* __restrict__ converged,
                                         int* __restrict__ active_codewords)
{
    __shared__ int s_cnt[32];
    int cw = blockIdx.x;
    const unsigned char* hb = hard_bits + (long long)cw * n;
    int cnt = 0;
    for (int c = threadIdx.x; c < num_checks; c += blockDim.x) {
        unsigned int par = 0;
        int b = row_ptr[c], e = row_ptr[c + 1];
        for (int k = b; k < e; ++k) par ^= hb[col_idx[k]];
        cnt += par & 1u;
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) cnt += __shfl_xor_sync(0xffffffffu, cnt, off);
    if ((threadIdx.x & 31) == 0) s_cnt[threadIdx.x >> 5] = cnt;
    __syncthreads();
    if (threadIdx.x == 0) {
        int t = 0;
        for (int w = 0; w < (int)(blockDim.x >> 5); ++w) t += s_cnt[w];
        unsatisfied[cw] = t;
        converged[cw] = t == 0;
        if (t != 0) atomicAdd(active_codewords, 1);
    }
}
