// k03_salsa_chacha.cu
// Cryptography: Salsa20/20 and ChaCha20 keystream generation, XChaCha-style HChaCha,
// and a Salsa20/8-based scrypt BlockMix (ROMix inner step) with a runtime-indexed scratch.
//  - salsa20_keystream:  16-word state fully unrolled in registers
//  - chacha20_xor:       ChaCha20 counter mode, 4 blocks per thread, launch bounds (1024)
//  - hchacha20_subkeys:  HChaCha20 subkey derivation (small)
//  - scrypt_romix_local: scrypt ROMix with N=16 entries kept in a thread-local array
//                        indexed by Integerify() (data-dependent -> local memory)
#include <stdint.h>

#define ROTL(a, b) (((a) << (b)) | ((a) >> (32 - (b))))
#define QR_S(a, b, c, d) ( b ^= ROTL(a + d, 7), c ^= ROTL(b + a, 9), d ^= ROTL(c + b, 13), a ^= ROTL(d + c, 18))
#define QR_C(a, b, c, d) ( a += b, d ^= a, d = ROTL(d, 16), c += d, b ^= c, b = ROTL(b, 12), \
                           a += b, d ^= a, d = ROTL(d, 8),  c += d, b ^= c, b = ROTL(b, 7))

__device__ __forceinline__ void salsa_core(uint32_t out[16], const uint32_t in[16], int rounds)
{
    uint32_t x[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) x[i] = in[i];
#pragma unroll 1
    for (int i = 0; i < rounds; i += 2) {
        QR_S(x[0], x[4], x[8], x[12]);  QR_S(x[5], x[9], x[13], x[1]);
        QR_S(x[10], x[14], x[2], x[6]); QR_S(x[15], x[3], x[7], x[11]);
        QR_S(x[0], x[1], x[2], x[3]);   QR_S(x[5], x[6], x[7], x[4]);
        QR_S(x[10], x[11], x[8], x[9]); QR_S(x[15], x[12], x[13], x[14]);
    }
#pragma unroll
    for (int i = 0; i < 16; ++i) out[i] = x[i] + in[i];
}

extern "C" __global__ void salsa20_keystream(const uint32_t* __restrict__ key, const uint32_t* __restrict__ nonce,
                                             uint64_t counter0, uint32_t* __restrict__ ks, int nblocks)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nblocks) return;
    uint64_t ctr = counter0 + (uint64_t)b;
    uint32_t in[16];
    in[0] = 0x61707865u; in[5] = 0x3320646eu; in[10] = 0x79622d32u; in[15] = 0x6b206574u;
    in[1] = key[0]; in[2] = key[1]; in[3] = key[2]; in[4] = key[3];
    in[11] = key[4]; in[12] = key[5]; in[13] = key[6]; in[14] = key[7];
    in[6] = nonce[0]; in[7] = nonce[1];
    in[8] = (uint32_t)ctr; in[9] = (uint32_t)(ctr >> 32);
    uint32_t out[16];
    salsa_core(out, in, 20);
    uint4* dst = reinterpret_cast<uint4*>(ks + (size_t)b * 16);
#pragma unroll
    for (int i = 0; i < 4; ++i) dst[i] = make_uint4(out[4 * i], out[4 * i + 1], out[4 * i + 2], out[4 * i + 3]);
}

extern "C" __global__ void __launch_bounds__(1024)
chacha20_xor(const uint32_t* __restrict__ key, const uint32_t* __restrict__ nonce, uint32_t counter0,
             const uint4* __restrict__ in, uint4* __restrict__ out, int nquads)
{
    uint32_t k[8];
#pragma unroll
    for (int i = 0; i < 8; ++i) k[i] = key[i];
    uint32_t n0 = nonce[0], n1 = nonce[1], n2 = nonce[2];
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    // 4 independent blocks per thread to expose ILP
    uint32_t x[4][16];
#pragma unroll
    for (int s = 0; s < 4; ++s) {
        x[s][0] = 0x61707865u; x[s][1] = 0x3320646eu; x[s][2] = 0x79622d32u; x[s][3] = 0x6b206574u;
#pragma unroll
        for (int i = 0; i < 8; ++i) x[s][4 + i] = k[i];
        x[s][12] = counter0 + 4u * t + s; x[s][13] = n0; x[s][14] = n1; x[s][15] = n2;
    }
#pragma unroll 1
    for (int r = 0; r < 10; ++r) {
#pragma unroll
        for (int s = 0; s < 4; ++s) {
            QR_C(x[s][0], x[s][4], x[s][8], x[s][12]);  QR_C(x[s][1], x[s][5], x[s][9], x[s][13]);
            QR_C(x[s][2], x[s][6], x[s][10], x[s][14]); QR_C(x[s][3], x[s][7], x[s][11], x[s][15]);
            QR_C(x[s][0], x[s][5], x[s][10], x[s][15]); QR_C(x[s][1], x[s][6], x[s][11], x[s][12]);
            QR_C(x[s][2], x[s][7], x[s][8], x[s][13]);  QR_C(x[s][3], x[s][4], x[s][9], x[s][14]);
        }
    }
#pragma unroll
    for (int s = 0; s < 4; ++s) {
        uint32_t o[16];
        o[0] = x[s][0] + 0x61707865u; o[1] = x[s][1] + 0x3320646eu; o[2] = x[s][2] + 0x79622d32u; o[3] = x[s][3] + 0x6b206574u;
#pragma unroll
        for (int i = 0; i < 8; ++i) o[4 + i] = x[s][4 + i] + k[i];
        o[12] = x[s][12] + counter0 + 4u * t + s; o[13] = x[s][13] + n0; o[14] = x[s][14] + n1; o[15] = x[s][15] + n2;
#pragma unroll
        for (int q = 0; q < 4; ++q) {
            int idx = (4 * t + s) * 4 + q;
            if (idx < nquads) {
                uint4 v = in[idx];
                v.x ^= o[4 * q]; v.y ^= o[4 * q + 1]; v.z ^= o[4 * q + 2]; v.w ^= o[4 * q + 3];
                out[idx] = v;
            }
        }
    }
}

extern "C" __global__ void hchacha20_subkeys(const uint32_t* __restrict__ keys, const uint32_t* __restrict__ nonces,
                                             uint32_t* __restrict__ subkeys, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    uint32_t x0 = 0x61707865u, x1 = 0x3320646eu, x2 = 0x79622d32u, x3 = 0x6b206574u;
    uint32_t x4 = keys[8 * t + 0], x5 = keys[8 * t + 1], x6 = keys[8 * t + 2], x7 = keys[8 * t + 3];
    uint32_t x8 = keys[8 * t + 4], x9 = keys[8 * t + 5], x10 = keys[8 * t + 6], x11 = keys[8 * t + 7];
    uint32_t x12 = nonces[4 * t], x13 = nonces[4 * t + 1], x14 = nonces[4 * t + 2], x15 = nonces[4 * t + 3];
    for (int r = 0; r < 10; ++r) {
        QR_C(x0, x4, x8, x12); QR_C(x1, x5, x9, x13); QR_C(x2, x6, x10, x14); QR_C(x3, x7, x11, x15);
        QR_C(x0, x5, x10, x15); QR_C(x1, x6, x11, x12); QR_C(x2, x7, x8, x13); QR_C(x3, x4, x9, x14);
    }
    uint32_t* o = subkeys + 8 * t;
    o[0] = x0; o[1] = x1; o[2] = x2; o[3] = x3; o[4] = x12; o[5] = x13; o[6] = x14; o[7] = x15;
}

extern "C" __global__ void scrypt_romix_local(const uint32_t* __restrict__ input, uint32_t* __restrict__ output, int n)
{
    const int N = 16;
    uint32_t V[N][32];
    uint32_t X[32];
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
#pragma unroll
    for (int i = 0; i < 32; ++i) X[i] = input[32 * t + i];
    for (int i = 0; i < N; ++i) {
#pragma unroll
        for (int k = 0; k < 32; ++k) V[i][k] = X[k];
        uint32_t B[16];
#pragma unroll
        for (int k = 0; k < 16; ++k) B[k] = X[k] ^ X[16 + k];
        salsa_core(X, B, 8);
#pragma unroll
        for (int k = 0; k < 16; ++k) B[k] = X[k] ^ X[16 + k];
        salsa_core(X + 16, B, 8);
    }
    for (int i = 0; i < N; ++i) {
        int j = X[16] & (N - 1);
#pragma unroll
        for (int k = 0; k < 32; ++k) X[k] ^= V[j][k];
        uint32_t B[16];
#pragma unroll
        for (int k = 0; k < 16; ++k) B[k] = X[k] ^ X[16 + k];
        salsa_core(X, B, 8);
#pragma unroll
        for (int k = 0; k < 16; ++k) B[k] = X[k] ^ X[16 + k];
        salsa_core(X + 16, B, 8);
    }
#pragma unroll
    for (int i = 0; i < 32; ++i) output[32 * t + i] = X[i];
}
