// Keccak-f[1600] based hashing: SHA3-256 of fixed-size messages (one thread per message),
// SHAKE128 squeeze for matrix expansion (lattice-crypto style), and a lane-parallel variant
// where 25 threads share one state through shared memory.
#include <stdint.h>

__constant__ uint64_t KECCAK_RC[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808Aull, 0x8000000080008000ull,
    0x000000000000808Bull, 0x0000000080000001ull, 0x8000000080008081ull, 0x8000000000008009ull,
    0x000000000000008Aull, 0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000Aull,
    0x000000008000808Bull, 0x800000000000008Bull, 0x8000000000008089ull, 0x8000000000008003ull,
    0x8000000000008002ull, 0x8000000000000080ull, 0x000000000000800Aull, 0x800000008000000Aull,
    0x8000000080008081ull, 0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull};

__device__ __forceinline__ uint64_t rotl64(uint64_t x, int n) { return (x << n) | (x >> (64 - n)); }

__device__ __forceinline__ void keccak_f1600(uint64_t* a)
{
#pragma unroll 1
    for (int round = 0; round < 24; ++round) {
        uint64_t c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20];
        uint64_t c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21];
        uint64_t c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22];
        uint64_t c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23];
        uint64_t c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];
        uint64_t d0 = c4 ^ rotl64(c1, 1), d1 = c0 ^ rotl64(c2, 1), d2 = c1 ^ rotl64(c3, 1);
        uint64_t d3 = c2 ^ rotl64(c4, 1), d4 = c3 ^ rotl64(c0, 1);
#pragma unroll
        for (int y = 0; y < 25; y += 5) { a[y] ^= d0; a[y + 1] ^= d1; a[y + 2] ^= d2; a[y + 3] ^= d3; a[y + 4] ^= d4; }
        // rho + pi
        uint64_t b[25];
        b[0] = a[0];
        b[10] = rotl64(a[1], 1);  b[7] = rotl64(a[10], 3);  b[11] = rotl64(a[7], 6);  b[17] = rotl64(a[11], 10);
        b[18] = rotl64(a[17], 15); b[3] = rotl64(a[18], 21); b[5] = rotl64(a[3], 28);  b[16] = rotl64(a[5], 36);
        b[8] = rotl64(a[16], 45); b[21] = rotl64(a[8], 55); b[24] = rotl64(a[21], 2);  b[4] = rotl64(a[24], 14);
        b[15] = rotl64(a[4], 27); b[23] = rotl64(a[15], 41); b[19] = rotl64(a[23], 56); b[13] = rotl64(a[19], 8);
        b[12] = rotl64(a[13], 25); b[2] = rotl64(a[12], 43); b[20] = rotl64(a[2], 62); b[14] = rotl64(a[20], 18);
        b[22] = rotl64(a[14], 39); b[9] = rotl64(a[22], 61); b[6] = rotl64(a[9], 20);  b[1] = rotl64(a[6], 44);
        // chi
#pragma unroll
        for (int y = 0; y < 25; y += 5) {
            uint64_t t0 = b[y], t1 = b[y + 1], t2 = b[y + 2], t3 = b[y + 3], t4 = b[y + 4];
            a[y] = t0 ^ (~t1 & t2); a[y + 1] = t1 ^ (~t2 & t3); a[y + 2] = t2 ^ (~t3 & t4);
            a[y + 3] = t3 ^ (~t4 & t0); a[y + 4] = t4 ^ (~t0 & t1);
        }
        a[0] ^= KECCAK_RC[round];
    }
}

// SHA3-256 of messages of fixed length `len` bytes (len < 136 for one block).
extern "C" __global__ void sha3_256_short_msgs(const uint8_t* __restrict__ msgs, int len, int count,
                                               uint64_t* __restrict__ digests)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= count) return;
    uint64_t a[25];
#pragma unroll
    for (int i = 0; i < 25; ++i) a[i] = 0;
    const uint8_t* m = msgs + (long)t * len;
    for (int i = 0; i < len; ++i) {
        uint64_t byte = m[i];
        int lane = i >> 3;
        // unrolled select avoids a runtime-indexed local array
#pragma unroll
        for (int L = 0; L < 17; ++L) if (L == lane) a[L] ^= byte << (8 * (i & 7));
    }
    int pl = len >> 3;
#pragma unroll
    for (int L = 0; L < 17; ++L) {
        if (L == pl) a[L] ^= 0x06ull << (8 * (len & 7));
    }
    a[16] ^= 0x8000000000000000ull;
    keccak_f1600(a);
#pragma unroll
    for (int i = 0; i < 4; ++i) digests[t * 4 + i] = a[i];
}

// SHAKE128(seed || i || j) squeezed into 12-bit coefficients mod q = 3329 (Kyber matrix expansion).
extern "C" __global__ void shake128_expand_matrix(const uint64_t* __restrict__ seed /*4 words*/, int k,
                                                  uint16_t* __restrict__ coeffs /* k*k*256 */)
{
    int ij = blockIdx.x * blockDim.x + threadIdx.x;
    if (ij >= k * k) return;
    int i = ij / k, j = ij % k;
    uint64_t a[25];
#pragma unroll
    for (int q = 0; q < 25; ++q) a[q] = 0;
    a[0] = seed[0]; a[1] = seed[1]; a[2] = seed[2]; a[3] = seed[3];
    a[4] = (uint64_t)j | ((uint64_t)i << 8) | (0x1Full << 16);
    a[20] ^= 0x8000000000000000ull;   // rate 168 bytes = 21 lanes
    int ncoef = 0;
    uint16_t* out = coeffs + (long)ij * 256;
    while (ncoef < 256) {
        keccak_f1600(a);
        // 168 bytes -> 56 groups of 3 bytes -> 112 candidates
        for (int g = 0; g < 56 && ncoef < 256; ++g) {
            int byte = 3 * g;
            uint32_t b0 = (uint32_t)(a[byte >> 3] >> (8 * (byte & 7))) & 0xff;
            uint32_t b1 = (uint32_t)(a[(byte + 1) >> 3] >> (8 * ((byte + 1) & 7))) & 0xff;
            uint32_t b2 = (uint32_t)(a[(byte + 2) >> 3] >> (8 * ((byte + 2) & 7))) & 0xff;
            uint32_t d1 = b0 | ((b1 & 0x0f) << 8);
            uint32_t d2 = (b1 >> 4) | (b2 << 4);
            if (d1 < 3329) out[ncoef++] = (uint16_t)d1;
            if (d2 < 3329 && ncoef < 256) out[ncoef++] = (uint16_t)d2;
        }
    }
}

// Lane-parallel Keccak: 25 threads per state (blockDim.x = 25 * statesPerBlock), shared-memory exchange.
extern "C" __global__ void keccak_lane_parallel_permute(uint64_t* __restrict__ states, int nstates, int nrounds_mult)
{
    extern __shared__ uint64_t sA[];
    const int rho_off[25] = {0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14};
    int local = threadIdx.x % 25, sidx = threadIdx.x / 25;
    int st = blockIdx.x * (blockDim.x / 25) + sidx;
    bool active = st < nstates && sidx < (int)(blockDim.x / 25);
    uint64_t* A = sA + sidx * 50;
    uint64_t* B = A + 25;
    int x = local % 5, y = local / 5;
    uint64_t v = active ? states[(long)st * 25 + local] : 0ull;
    for (int rep = 0; rep < nrounds_mult; ++rep)
        for (int round = 0; round < 24; ++round) {
            if (active) A[local] = v;
            __syncthreads();
            uint64_t c_xm1 = 0, c_xp1 = 0;
            if (active) {
#pragma unroll
                for (int yy = 0; yy < 5; ++yy) { c_xm1 ^= A[yy * 5 + (x + 4) % 5]; c_xp1 ^= A[yy * 5 + (x + 1) % 5]; }
                v ^= c_xm1 ^ rotl64(c_xp1, 1);
                int r = rho_off[local];
                uint64_t rv = r ? rotl64(v, r) : v;
                // pi: (x,y) -> (y, 2x+3y)
                int nx = y, ny = (2 * x + 3 * y) % 5;
                B[ny * 5 + nx] = rv;
            }
            __syncthreads();
            if (active) {
                v = B[local] ^ (~B[y * 5 + (x + 1) % 5] & B[y * 5 + (x + 2) % 5]);
                if (local == 0) v ^= KECCAK_RC[round];
            }
            __syncthreads();
        }
    if (active) states[(long)st * 25 + local] = v;
}
