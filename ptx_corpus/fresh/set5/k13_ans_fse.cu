// Asymmetric numeral systems: interleaved rANS decoding (32-way), tANS/FSE table-driven
// decoding, and static rANS encoding of independent chunks.

#define RANS_L (1u << 23)
#define PROB_BITS 12
#define PROB_SCALE (1u << PROB_BITS)

// Interleaved rANS: one warp decodes one stream where lane l owns state l; renormalisation
// words are read from a shared cursor using ballot + popc.
extern "C" __global__ void rans32_interleaved_decode(const unsigned short* __restrict__ words, const unsigned long long* __restrict__ stream_off,
                                                     const unsigned int* __restrict__ init_states, int nstreams,
                                                     const unsigned int* __restrict__ freq_cum /* (freq<<16)|cum, per symbol */,
                                                     const unsigned char* __restrict__ slot2sym /* PROB_SCALE */,
                                                     int nsym_per_stream, unsigned char* __restrict__ out)
{
    __shared__ unsigned char s_slot[PROB_SCALE];
    __shared__ unsigned int s_fc[256];
    for (int i = threadIdx.x; i < PROB_SCALE; i += blockDim.x) s_slot[i] = slot2sym[i];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) s_fc[i] = freq_cum[i];
    __syncthreads();
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
    if (warp >= nstreams) return;
    unsigned x = init_states[warp * 32 + lane];
    unsigned long long cursor = stream_off[warp];
    unsigned char* o = out + (long)warp * nsym_per_stream;
    for (int k = lane; k < nsym_per_stream; k += 32) {
        unsigned slot = x & (PROB_SCALE - 1);
        unsigned s = s_slot[slot];
        unsigned fc = s_fc[s];
        unsigned f = fc >> 16, c = fc & 0xffff;
        x = f * (x >> PROB_BITS) + slot - c;
        o[k] = (unsigned char)s;
        // renormalise: lanes needing a 16-bit word take them in lane order
        bool need = x < RANS_L;
        unsigned ballot = __ballot_sync(__activemask(), need);
        if (need) {
            unsigned rank = __popc(ballot & ((1u << lane) - 1u));
            x = (x << 16) | words[cursor + rank];
        }
        cursor += __popc(ballot);
    }
}

// tANS (FSE) decode: one thread per independent block; table entries packed as
// {symbol:8, nbBits:8, newStateBase:16}.
extern "C" __global__ void fse_decode_blocks(const unsigned long long* __restrict__ bitstream, const unsigned long long* __restrict__ blk_end_bit,
                                             const unsigned short* __restrict__ init_state, const int* __restrict__ blk_nsym,
                                             const int* __restrict__ blk_outoff, int nblk,
                                             const unsigned int* __restrict__ dtable, int table_log,
                                             unsigned char* __restrict__ out)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nblk) return;
    long long bitpos = (long long)blk_end_bit[b];   // read backward
    unsigned state = init_state[b];
    int n = blk_nsym[b];
    unsigned char* o = out + blk_outoff[b];
    for (int k = 0; k < n; ++k) {
        unsigned e = __ldg(&dtable[state]);
        unsigned sym = e & 0xff, nb = (e >> 8) & 0xff, base = e >> 16;
        o[k] = (unsigned char)sym;
        unsigned bitsval = 0;
        if (nb) {
            bitpos -= nb;
            long long w = bitpos >> 6;
            int sh = (int)(bitpos & 63);
            unsigned long long lo = bitstream[w] >> sh;
            unsigned long long hi = (sh + nb > 64) ? (bitstream[w + 1] << (64 - sh)) : 0ull;
            bitsval = (unsigned)((lo | hi) & ((1ull << nb) - 1ull));
        }
        state = (base + bitsval) & ((1u << table_log) - 1u);
    }
}

// Static rANS encoder: each thread encodes a chunk backwards into its own output slot (max 2*len bytes).
extern "C" __global__ void rans_encode_chunks(const unsigned char* __restrict__ in, int chunk, long n,
                                              const unsigned int* __restrict__ freq_cum, const unsigned int* __restrict__ rcp_freq,
                                              const unsigned char* __restrict__ rcp_shift,
                                              unsigned short* __restrict__ out_words, int* __restrict__ out_nwords,
                                              unsigned int* __restrict__ final_state)
{
    long c = blockIdx.x * (long)blockDim.x + threadIdx.x;
    long beg = c * chunk;
    if (beg >= n) return;
    long end = min(n, beg + chunk);
    unsigned short* dst = out_words + c * (long)chunk;  // worst-case one word per symbol
    int nw = 0;
    unsigned x = RANS_L;
    for (long i = end - 1; i >= beg; --i) {
        unsigned s = in[i];
        unsigned fc = __ldg(&freq_cum[s]);
        unsigned f = fc >> 16, cum = fc & 0xffff;
        unsigned x_max = ((RANS_L >> PROB_BITS) << 16) * f;
        if (x >= x_max) { dst[nw++] = (unsigned short)(x & 0xffff); x >>= 16; }
        // x / f via reciprocal (Alverson)
        unsigned q = (unsigned)(((unsigned long long)x * __ldg(&rcp_freq[s])) >> 32) >> rcp_shift[s];
        x = x + cum + q * (PROB_SCALE - f);
    }
    out_nwords[c] = nw;
    final_state[c] = x;
}
