// Reed-Solomon RS(255,223) over GF(256): systematic encoding via LFSR, syndrome computation, and Berlekamp-Massey error locator.
#include <cuda_runtime.h>
#include <stdint.h>

#define NSYM 32
#define NN 255

__device__ __forceinline__ uint8_t gf_mul(const uint8_t* lg, const uint8_t* ex, uint8_t a, uint8_t b)
{
    if (a == 0 || b == 0) return 0;
    int s = lg[a] + lg[b];
    return ex[s >= 255 ? s - 255 : s];
}

// one thread per codeword; parity register kept in a local array (dynamically shifted)
extern "C" __global__ void
rs_encode(const uint8_t* __restrict__ msg, const uint8_t* __restrict__ genPoly /*NSYM+1*/, const uint8_t* __restrict__ gfLog,
          const uint8_t* __restrict__ gfExp, uint8_t* __restrict__ parity, int nWords, int k)
{
    __shared__ uint8_t lg[256], ex[512], gen[NSYM + 1];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) lg[i] = gfLog[i];
    for (int i = threadIdx.x; i < 512; i += blockDim.x) ex[i] = gfExp[i % 255];
    if (threadIdx.x <= NSYM) gen[threadIdx.x] = genPoly[threadIdx.x];
    __syncthreads();
    int w = blockIdx.x * blockDim.x + threadIdx.x;
    if (w >= nWords) return;
    uint8_t reg[NSYM];
#pragma unroll
    for (int i = 0; i < NSYM; ++i) reg[i] = 0;
    const uint8_t* m = msg + (size_t)w * k;
    for (int i = 0; i < k; ++i) {
        uint8_t fb = m[i] ^ reg[0];
        if (fb) {
            int lf = lg[fb];
#pragma unroll
            for (int j = 0; j < NSYM - 1; ++j) {
                uint8_t g = gen[j + 1];
                reg[j] = reg[j + 1] ^ (g ? ex[lf + lg[g]] : 0);
            }
            reg[NSYM - 1] = gen[NSYM] ? ex[lf + lg[gen[NSYM]]] : 0;
        } else {
#pragma unroll
            for (int j = 0; j < NSYM - 1; ++j) reg[j] = reg[j + 1];
            reg[NSYM - 1] = 0;
        }
    }
    uint8_t* p = parity + (size_t)w * NSYM;
#pragma unroll
    for (int i = 0; i < NSYM; ++i) p[i] = reg[i];
}

// syndromes S_j = r(alpha^j), j=0..NSYM-1; block of 32 threads per codeword, thread j evaluates one syndrome via Horner
extern "C" __global__ void __launch_bounds__(NSYM)
rs_syndromes(const uint8_t* __restrict__ cw, const uint8_t* __restrict__ gfLog, const uint8_t* __restrict__ gfExp,
             uint8_t* __restrict__ synd, int nWords)
{
    __shared__ uint8_t lg[256], ex[256];
    __shared__ uint8_t r[NN];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) { lg[i] = gfLog[i]; ex[i] = gfExp[i]; }
    int w = blockIdx.x;
    for (int i = threadIdx.x; i < NN; i += blockDim.x) r[i] = cw[(size_t)w * NN + i];
    __syncthreads();
    int j = threadIdx.x;
    uint8_t s = 0;
    for (int i = 0; i < NN; ++i) {
        // s = s*alpha^j + r[i]
        uint8_t t = 0;
        if (s) { int e = lg[s] + j; t = ex[e % 255]; }
        s = t ^ r[i];
    }
    synd[(size_t)w * NSYM + j] = s;
    unsigned nz = __ballot_sync(0xffffffffu, s != 0);
    if (j == 0 && nz == 0) synd[(size_t)w * NSYM] = 0;
}

// Berlekamp-Massey: one thread per codeword, locator polynomials kept in local arrays with data-dependent indices
extern "C" __global__ void
rs_berlekamp_massey(const uint8_t* __restrict__ synd, const uint8_t* __restrict__ gfLog, const uint8_t* __restrict__ gfExp,
                    uint8_t* __restrict__ lambdaOut, int* __restrict__ nErr, int nWords)
{
    __shared__ uint8_t lg[256], ex[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) { lg[i] = gfLog[i]; ex[i] = gfExp[i]; }
    __syncthreads();
    int w = blockIdx.x * blockDim.x + threadIdx.x;
    if (w >= nWords) return;
    uint8_t S[NSYM], C[NSYM + 1], B[NSYM + 1], T[NSYM + 1];
    for (int i = 0; i < NSYM; ++i) S[i] = synd[(size_t)w * NSYM + i];
    for (int i = 0; i <= NSYM; ++i) { C[i] = 0; B[i] = 0; }
    C[0] = 1; B[0] = 1;
    int L = 0, m = 1; uint8_t b = 1;
    for (int n = 0; n < NSYM; ++n) {
        uint8_t d = S[n];
        for (int i = 1; i <= L; ++i) d ^= gf_mul(lg, ex, C[i], S[n - i]);
        if (d == 0) { ++m; continue; }
        uint8_t coef = ex[(lg[d] + 255 - lg[b]) % 255];
        if (2 * L <= n) {
            for (int i = 0; i <= NSYM; ++i) T[i] = C[i];
            for (int i = m; i <= NSYM; ++i) C[i] ^= gf_mul(lg, ex, coef, B[i - m]);
            L = n + 1 - L;
            for (int i = 0; i <= NSYM; ++i) B[i] = T[i];
            b = d; m = 1;
        } else {
            for (int i = m; i <= NSYM; ++i) C[i] ^= gf_mul(lg, ex, coef, B[i - m]);
            ++m;
        }
    }
    for (int i = 0; i <= NSYM; ++i) lambdaOut[(size_t)w * (NSYM + 1) + i] = C[i];
    nErr[w] = L > NSYM / 2 ? -1 : L;
}
