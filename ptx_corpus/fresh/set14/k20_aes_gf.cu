// Domain: block ciphers and finite-field arithmetic
// aes128_ttable_ecb     - AES-128 encryption of one 16-byte block per thread with T-tables in shared memory
// aes128_keyexp_local   - per-thread AES-128 key expansion (44-word local schedule, __noinline__ SubWord), runtime round pick
// gf128_mul_ghash       - GHASH accumulation: carry-less 128-bit multiply by H (uint64 bit loop)
// gf256_rs_syndromes    - Reed-Solomon syndrome computation over GF(2^8) with log/exp tables in shared

__constant__ unsigned char c_sbox[256];

extern "C" __global__ void aes128_ttable_ecb(const uint4 *__restrict__ in, uint4 *__restrict__ out,
                                             const unsigned *__restrict__ rk /*44 words*/,
                                             const unsigned *__restrict__ Te0g, int nblk)
{
    __shared__ unsigned Te0[256], Te1[256], Te2[256], Te3[256];
    __shared__ unsigned srk[44];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) {
        unsigned v = Te0g[i];
        Te0[i] = v;
        Te1[i] = __funnelshift_r(v, v, 8);
        Te2[i] = __funnelshift_r(v, v, 16);
        Te3[i] = __funnelshift_r(v, v, 24);
    }
    for (int i = threadIdx.x; i < 44; i += blockDim.x) srk[i] = rk[i];
    __syncthreads();
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nblk) return;
    uint4 p = in[b];
    unsigned s0 = p.x ^ srk[0], s1 = p.y ^ srk[1], s2 = p.z ^ srk[2], s3 = p.w ^ srk[3];
    for (int r = 1; r < 10; ++r) {
        unsigned t0 = Te0[s0 >> 24] ^ Te1[(s1 >> 16) & 0xff] ^ Te2[(s2 >> 8) & 0xff] ^ Te3[s3 & 0xff] ^ srk[4 * r];
        unsigned t1 = Te0[s1 >> 24] ^ Te1[(s2 >> 16) & 0xff] ^ Te2[(s3 >> 8) & 0xff] ^ Te3[s0 & 0xff] ^ srk[4 * r + 1];
        unsigned t2 = Te0[s2 >> 24] ^ Te1[(s3 >> 16) & 0xff] ^ Te2[(s0 >> 8) & 0xff] ^ Te3[s1 & 0xff] ^ srk[4 * r + 2];
        unsigned t3 = Te0[s3 >> 24] ^ Te1[(s0 >> 16) & 0xff] ^ Te2[(s1 >> 8) & 0xff] ^ Te3[s2 & 0xff] ^ srk[4 * r + 3];
        s0 = t0; s1 = t1; s2 = t2; s3 = t3;
    }
    unsigned o0 = ((unsigned)c_sbox[s0 >> 24] << 24) | ((unsigned)c_sbox[(s1 >> 16) & 0xff] << 16) |
                  ((unsigned)c_sbox[(s2 >> 8) & 0xff] << 8) | c_sbox[s3 & 0xff];
    unsigned o1 = ((unsigned)c_sbox[s1 >> 24] << 24) | ((unsigned)c_sbox[(s2 >> 16) & 0xff] << 16) |
                  ((unsigned)c_sbox[(s3 >> 8) & 0xff] << 8) | c_sbox[s0 & 0xff];
    unsigned o2 = ((unsigned)c_sbox[s2 >> 24] << 24) | ((unsigned)c_sbox[(s3 >> 16) & 0xff] << 16) |
                  ((unsigned)c_sbox[(s0 >> 8) & 0xff] << 8) | c_sbox[s1 & 0xff];
    unsigned o3 = ((unsigned)c_sbox[s3 >> 24] << 24) | ((unsigned)c_sbox[(s0 >> 16) & 0xff] << 16) |
                  ((unsigned)c_sbox[(s1 >> 8) & 0xff] << 8) | c_sbox[s2 & 0xff];
    out[b] = make_uint4(o0 ^ srk[40], o1 ^ srk[41], o2 ^ srk[42], o3 ^ srk[43]);
}

__device__ __noinline__ unsigned sub_word(unsigned w)
{
    return ((unsigned)c_sbox[w >> 24] << 24) | ((unsigned)c_sbox[(w >> 16) & 0xff] << 16) |
           ((unsigned)c_sbox[(w >> 8) & 0xff] << 8) | c_sbox[w & 0xff];
}

extern "C" __global__ void aes128_keyexp_local(const uint4 *keys, const int *round_sel, unsigned *mix_out, int nkeys)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nkeys) return;
    unsigned w[44];
    uint4 k = keys[t];
    w[0] = k.x; w[1] = k.y; w[2] = k.z; w[3] = k.w;
    unsigned rcon = 0x01000000u;
    for (int i = 4; i < 44; ++i) {
        unsigned tmp = w[i - 1];
        if ((i & 3) == 0) {
            tmp = sub_word(__funnelshift_l(tmp, tmp, 8)) ^ rcon;
            rcon = (rcon << 1) ^ ((rcon & 0x80000000u) ? 0x1b000000u : 0u);
        }
        w[i] = w[i - 4] ^ tmp;
    }
    // round keys selected at run time (e.g. for a side-channel test vector)
    int r = round_sel[t] % 11;
    unsigned acc = 0;
    for (int j = 0; j < 4; ++j) acc ^= w[4 * r + j] * (j + 1);
    mix_out[2 * t] = acc;
    mix_out[2 * t + 1] = w[43];
}

extern "C" __global__ void gf128_mul_ghash(const unsigned long long *blocks, const unsigned long long *Hkey,
                                           unsigned long long *tags, int nblk_per_msg, int nmsg)
{
    int m = blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= nmsg) return;
    unsigned long long hh = Hkey[0], hl = Hkey[1];
    unsigned long long yh = 0, yl = 0;
    for (int b = 0; b < nblk_per_msg; ++b) {
        yh ^= blocks[2 * ((size_t)m * nblk_per_msg + b)];
        yl ^= blocks[2 * ((size_t)m * nblk_per_msg + b) + 1];
        unsigned long long zh = 0, zl = 0, vh = hh, vl = hl;
        for (int i = 0; i < 128; ++i) {
            unsigned long long bit = (i < 64) ? (yh >> (63 - i)) & 1ull : (yl >> (127 - i)) & 1ull;
            unsigned long long mask = 0ull - bit;
            zh ^= vh & mask;
            zl ^= vl & mask;
            unsigned long long lsb = vl & 1ull;
            vl = (vl >> 1) | (vh << 63);
            vh = (vh >> 1) ^ (lsb ? 0xe100000000000000ull : 0ull);
        }
        yh = zh; yl = zl;
    }
    tags[2 * m] = yh;
    tags[2 * m + 1] = yl;
}

extern "C" __global__ void gf256_rs_syndromes(const unsigned char *cw, const unsigned char *gexp,
                                              const unsigned char *glog, unsigned char *synd, int n, int nsym,
                                              int ncw)
{
    __shared__ unsigned char sexp[512];
    __shared__ unsigned char slog[256];
    for (int i = threadIdx.x; i < 512; i += blockDim.x) sexp[i] = gexp[i];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) slog[i] = glog[i];
    __syncthreads();
    int c = blockIdx.x;
    if (c >= ncw) return;
    for (int s = threadIdx.x; s < nsym; s += blockDim.x) {
        unsigned char acc = 0;
        for (int i = 0; i < n; ++i) {
            unsigned char v = cw[(size_t)c * n + i];
            // acc = acc * alpha^s + v
            if (acc) acc = sexp[slog[acc] + s];
            acc ^= v;
        }
        synd[c * nsym + s] = acc;
    }
}
