// Domain: cryptography with 64-bit lanes and multi-precision integers
// keccak_f1600_sha3      - SHA3-256 of one 136-byte block per thread, 25 uint64 lanes, 24 rounds
// keccak_f1600_sha3_lb   - same permutation under __launch_bounds__(1024) (64-register cap)
// mont_mul_256           - 256-bit Montgomery modular multiplication (CIOS), 8x32-bit limbs in unrolled local arrays
// bigint_add_runtime     - variable-length multi-precision addition with carry, limbs in runtime-indexed local arrays

__constant__ unsigned long long c_RC[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808Aull, 0x8000000080008000ull,
    0x000000000000808Bull, 0x0000000080000001ull, 0x8000000080008081ull, 0x8000000000008009ull,
    0x000000000000008Aull, 0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000Aull,
    0x000000008000808Bull, 0x800000000000008Bull, 0x8000000000008089ull, 0x8000000000008003ull,
    0x8000000000008002ull, 0x8000000000000080ull, 0x000000000000800Aull, 0x800000008000000Aull,
    0x8000000080008081ull, 0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull};

#define ROL64(x, n) (((x) << (n)) | ((x) >> (64 - (n))))

__device__ __forceinline__ void keccak_f(unsigned long long A[25])
{
    const int rho[25] = {0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14};
    for (int round = 0; round < 24; ++round) {
        unsigned long long C[5], D[5], B[25];
#pragma unroll
        for (int x = 0; x < 5; ++x) C[x] = A[x] ^ A[x + 5] ^ A[x + 10] ^ A[x + 15] ^ A[x + 20];
#pragma unroll
        for (int x = 0; x < 5; ++x) D[x] = C[(x + 4) % 5] ^ ROL64(C[(x + 1) % 5], 1);
#pragma unroll
        for (int i = 0; i < 25; ++i) A[i] ^= D[i % 5];
#pragma unroll
        for (int x = 0; x < 5; ++x)
#pragma unroll
            for (int y = 0; y < 5; ++y) {
                int r = rho[x + 5 * y];
                unsigned long long v = A[x + 5 * y];
                B[y + 5 * ((2 * x + 3 * y) % 5)] = r ? ROL64(v, r) : v;
            }
#pragma unroll
        for (int x = 0; x < 5; ++x)
#pragma unroll
            for (int y = 0; y < 5; ++y)
                A[x + 5 * y] = B[x + 5 * y] ^ (~B[(x + 1) % 5 + 5 * y] & B[(x + 2) % 5 + 5 * y]);
        A[0] ^= c_RC[round];
    }
}

__device__ __forceinline__ void sha3_block_body(const unsigned long long *__restrict__ msg,
                                                unsigned long long *__restrict__ digest, int nmsg)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nmsg) return;
    unsigned long long A[25];
#pragma unroll
    for (int i = 0; i < 25; ++i) A[i] = 0;
#pragma unroll
    for (int i = 0; i < 17; ++i) A[i] = msg[(size_t)t * 17 + i];
    keccak_f(A);
#pragma unroll
    for (int i = 0; i < 4; ++i) digest[(size_t)t * 4 + i] = A[i];
}

extern "C" __global__ void keccak_f1600_sha3(const unsigned long long *__restrict__ msg,
                                             unsigned long long *__restrict__ digest, int nmsg)
{
    sha3_block_body(msg, digest, nmsg);
}

extern "C" __global__ void __launch_bounds__(1024)
keccak_f1600_sha3_lb(const unsigned long long *__restrict__ msg, unsigned long long *__restrict__ digest, int nmsg)
{
    sha3_block_body(msg, digest, nmsg);
}

#define NL 8
extern "C" __global__ void mont_mul_256(const unsigned *__restrict__ a, const unsigned *__restrict__ b,
                                        const unsigned *__restrict__ mod, unsigned n0inv,
                                        unsigned *__restrict__ r, int count)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= count) return;
    unsigned A[NL], B[NL], M[NL], T[NL + 2];
#pragma unroll
    for (int i = 0; i < NL; ++i) { A[i] = a[t * NL + i]; B[i] = b[t * NL + i]; M[i] = mod[i]; T[i] = 0; }
    T[NL] = 0; T[NL + 1] = 0;
#pragma unroll
    for (int i = 0; i < NL; ++i) {
        unsigned long long c = 0;
#pragma unroll
        for (int j = 0; j < NL; ++j) {
            unsigned long long p = (unsigned long long)A[j] * B[i] + T[j] + c;
            T[j] = (unsigned)p;
            c = p >> 32;
        }
        unsigned long long s = (unsigned long long)T[NL] + c;
        T[NL] = (unsigned)s;
        T[NL + 1] = (unsigned)(s >> 32);
        unsigned m = T[0] * n0inv;
        unsigned long long p = (unsigned long long)m * M[0] + T[0];
        c = p >> 32;
#pragma unroll
        for (int j = 1; j < NL; ++j) {
            p = (unsigned long long)m * M[j] + T[j] + c;
            T[j - 1] = (unsigned)p;
            c = p >> 32;
        }
        s = (unsigned long long)T[NL] + c;
        T[NL - 1] = (unsigned)s;
        T[NL] = T[NL + 1] + (unsigned)(s >> 32);
    }
    // conditional final subtraction
    unsigned D[NL];
    long long borrow = 0;
#pragma unroll
    for (int i = 0; i < NL; ++i) {
        long long d = (long long)T[i] - M[i] + borrow;
        D[i] = (unsigned)d;
        borrow = d >> 32;
    }
    bool use_d = (T[NL] != 0) || (borrow == 0);
#pragma unroll
    for (int i = 0; i < NL; ++i) r[t * NL + i] = use_d ? D[i] : T[i];
}

#define MAXL 32
extern "C" __global__ void bigint_add_runtime(const unsigned *a, const unsigned *b, const int *lens,
                                              const int *rot, unsigned *out, unsigned *carry_out, int count)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= count) return;
    unsigned x[MAXL], y[MAXL];
    int n = min(lens[t], MAXL);
    int k = rot[t] & (MAXL - 1);
    for (int i = 0; i < n; ++i) {
        x[i] = a[(size_t)t * MAXL + i];
        y[(i + k) % n] = b[(size_t)t * MAXL + i];  // operand stored rotated
    }
    unsigned c = 0;
    for (int i = 0; i < n; ++i) {
        unsigned yi = y[(i + k) % n];
        unsigned s = x[i] + yi;
        unsigned c1 = s < x[i];
        unsigned s2 = s + c;
        c = c1 | (s2 < s);
        x[i] = s2;
    }
    for (int i = 0; i < n; ++i) out[(size_t)t * MAXL + i] = x[i];
    carry_out[t] = c;
}
