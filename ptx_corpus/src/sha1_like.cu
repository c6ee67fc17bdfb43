// SHA-1-like compression, one 64-byte message block per thread (a hash-cracking style kernel):
// 80 rounds over a 16-word circular message schedule W[t & 15].
//   UNROLL 1: the round loop is fully unrolled, every W index is a constant: W lives in registers.
//   UNROLL 0: the loop is kept (#pragma unroll 1): W[t & 15] is indexed at run time, so the
//             schedule stays in a local-memory array.
#ifndef UNROLL
#define UNROLL 1
#endif
__device__ __forceinline__ unsigned rotl(unsigned x, int k) { return (x << k) | (x >> (32 - k)); }

extern "C" __global__ void sha1_like(const unsigned *msgs, unsigned *digests, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned W[16];
    const uint4 *m = reinterpret_cast<const uint4 *>(msgs + 16 * (size_t)i);
#pragma unroll
    for (int q = 0; q < 4; q++) {
        uint4 v = m[q];
        W[4 * q] = v.x; W[4 * q + 1] = v.y; W[4 * q + 2] = v.z; W[4 * q + 3] = v.w;
    }
    unsigned a = 0x67452301u, b = 0xEFCDAB89u, c = 0x98BADCFEu, d = 0x10325476u, e = 0xC3D2E1F0u;
#if UNROLL
#pragma unroll
#else
#pragma unroll 1
#endif
    for (int t = 0; t < 80; t++) {
        unsigned w;
        if (t < 16) {
            w = W[t & 15];
        } else {
            w = rotl(W[(t - 3) & 15] ^ W[(t - 8) & 15] ^ W[(t - 14) & 15] ^ W[t & 15], 1);
            W[t & 15] = w;
        }
        unsigned f, k;
        if (t < 20) { f = (b & c) | (~b & d); k = 0x5A827999u; }
        else if (t < 40) { f = b ^ c ^ d; k = 0x6ED9EBA1u; }
        else if (t < 60) { f = (b & c) | (b & d) | (c & d); k = 0x8F1BBCDCu; }
        else { f = b ^ c ^ d; k = 0xCA62C1D6u; }
        unsigned tmp = rotl(a, 5) + f + e + k + w;
        e = d; d = c; c = rotl(b, 30); b = a; a = tmp;
    }
    uint4 *out = reinterpret_cast<uint4 *>(digests + 8 * (size_t)i);
    out[0] = make_uint4(a + 0x67452301u, b + 0xEFCDAB89u, c + 0x98BADCFEu, d + 0x10325476u);
    out[1] = make_uint4(e + 0xC3D2E1F0u, 0u, 0u, 0u);
}
