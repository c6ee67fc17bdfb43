// Bit and string manipulation: naive substring search, bit reversal permutation, base64 encode, popcount-based
// Hamming distance matrix.
extern "C" __global__ void string_match_naive(const char *text, int textLen, const char *pattern, int patLen, int *matches)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > textLen - patLen) return;
    int j = 0;
    while (j < patLen && text[i + j] == pattern[j]) ++j;
    matches[i] = (j == patLen);
}

extern "C" __global__ void bit_reverse_permute(const float2 *in, float2 *out, int logN)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= (1u << logN)) return;
    unsigned int r = __brev(i) >> (32 - logN);
    out[r] = in[i];
}

__constant__ char c_b64[64] = {'A','B','C','D','E','F','G','H','I','J','K','L','M','N','O','P','Q','R','S','T','U','V','W','X','Y','Z',
                               'a','b','c','d','e','f','g','h','i','j','k','l','m','n','o','p','q','r','s','t','u','v','w','x','y','z',
                               '0','1','2','3','4','5','6','7','8','9','+','/'};

extern "C" __global__ void base64_encode(const unsigned char *in, char *out, int nBytes)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;  // one 3-byte group per thread
    int i = g * 3;
    if (i >= nBytes) return;
    unsigned int b0 = in[i];
    unsigned int b1 = (i + 1 < nBytes) ? in[i + 1] : 0;
    unsigned int b2 = (i + 2 < nBytes) ? in[i + 2] : 0;
    unsigned int triple = (b0 << 16) | (b1 << 8) | b2;
    char *o = out + g * 4;
    o[0] = c_b64[(triple >> 18) & 63];
    o[1] = c_b64[(triple >> 12) & 63];
    o[2] = (i + 1 < nBytes) ? c_b64[(triple >> 6) & 63] : '=';
    o[3] = (i + 2 < nBytes) ? c_b64[triple & 63] : '=';
}

// Hamming distances between 256-bit binary descriptors; each thread holds its query descriptor in registers.
extern "C" __global__ void hamming_distance_256(const uint4 *queries, const uint4 *db, int *bestIdx, int *bestDist,
                                                int nq, int ndb)
{
    __shared__ uint4 sdb[128][2];
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    uint4 a0 = make_uint4(0, 0, 0, 0), a1 = a0;
    if (q < nq) { a0 = queries[2 * q]; a1 = queries[2 * q + 1]; }
    int best = 257, bi = -1;
    for (int t = 0; t < ndb; t += 128) {
        if (threadIdx.x < 128) {
            int j = t + threadIdx.x;
            sdb[threadIdx.x][0] = (j < ndb) ? db[2 * j] : make_uint4(0, 0, 0, 0);
            sdb[threadIdx.x][1] = (j < ndb) ? db[2 * j + 1] : make_uint4(0, 0, 0, 0);
        }
        __syncthreads();
        int lim = min(128, ndb - t);
        for (int k = 0; k < lim; ++k) {
            uint4 b0 = sdb[k][0], b1 = sdb[k][1];
            int d = __popc(a0.x ^ b0.x) + __popc(a0.y ^ b0.y) + __popc(a0.z ^ b0.z) + __popc(a0.w ^ b0.w) +
                    __popc(a1.x ^ b1.x) + __popc(a1.y ^ b1.y) + __popc(a1.z ^ b1.z) + __popc(a1.w ^ b1.w);
            if (d < best) { best = d; bi = t + k; }
        }
        __syncthreads();
    }
    if (q < nq) { bestIdx[q] = bi; bestDist[q] = best; }
}
