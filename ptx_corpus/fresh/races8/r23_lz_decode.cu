// r23_lz_decode.cu
//
// LZ77-style block decompression (compression). Each block decodes one
// 4 KiB chunk into a shared-memory window. The chunk's token stream was
// pre-split by the encoder into NWARP segments (one per warp) with known
// token ranges, literal offsets and output offsets. Phase A: all warps copy
// their literal runs in parallel. Phase B: match copies are resolved in
// segment order, because a match may reference bytes produced by a match of
// an earlier segment: warp w spins on a shared "segment done" flag of warp
// w-1 before resolving its matches and raises its own flag afterwards.
// Overlapping matches (offset < 32) are copied in rounds of `offset` bytes
// separated by __syncwarp(). Finally the window is written out.
//
// Launch configuration:
//   blockDim = (256,1,1)   (8 warps = 8 segments)
//   gridDim  = (nchunks,1,1), nchunks = 16384 (64 MiB of output)
//   seg: int4 {tok_begin, tok_end, lit_begin, out_begin} per (chunk, warp);
//   input is ordinary text (matches frequently chain across segments).

#define BLOCK 256
#define NWARP (BLOCK / 32)
#define CHUNK 4096

extern "C" __global__ void __launch_bounds__(BLOCK)
lz_decode_race(const int4* __restrict__ seg, const unsigned short* __restrict__ lit_len,
               const unsigned short* __restrict__ match_len,
               const unsigned short* __restrict__ match_off,
               const unsigned char* __restrict__ literals, unsigned char* __restrict__ out)
{
    __shared__ unsigned char s_win[CHUNK];
    __shared__ int s_ready[NWARP];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int4 d = seg[blockIdx.x * NWARP + warp];

    if (threadIdx.x < NWARP) s_ready[threadIdx.x] = 0;

    // phase A: literals
    int pos = d.w, lp = d.z;
    for (int t = d.x; t < d.y; ++t) {
        const int ll = lit_len[t];
        for (int i = lane; i < ll; i += 32) s_win[pos + i] = literals[lp + i];
        pos += ll + match_len[t];
        lp += ll;
    }
    __syncthreads();

    // phase B: matches, in segment order
    if (warp > 0) {
        if (lane == 0) {
            while (*(volatile int*)&s_ready[warp - 1] == 0) { }
        }
        __syncwarp();
    }
    pos = d.w;
    for (int t = d.x; t < d.y; ++t) {
        pos += lit_len[t];
        const int ml = match_len[t], off = match_off[t];
        const int step = min(off, 32);
        for (int b = 0; b < ml; b += step) {
            if (lane < step && b + lane < ml) s_win[pos + b + lane] = s_win[pos - off + b + lane];
            __syncwarp();
        }
        pos += ml;
    }
    __syncwarp();
    if (lane == 0) {
        *(volatile int*)&s_ready[warp] = 1;
    }
    __syncthreads();

    for (int i = threadIdx.x; i < CHUNK; i += BLOCK) out[(size_t)blockIdx.x * CHUNK + i] = s_win[i];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
lz_decode_ok(const int4* __restrict__ seg, const unsigned short* __restrict__ lit_len,
             const unsigned short* __restrict__ match_len,
             const unsigned short* __restrict__ match_off,
             const unsigned char* __restrict__ literals, unsigned char* __restrict__ out)
{
    __shared__ unsigned char s_win[CHUNK];
    __shared__ int s_ready[NWARP];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int4 d = seg[blockIdx.x * NWARP + warp];

    if (threadIdx.x < NWARP) s_ready[threadIdx.x] = 0;

    // phase A: literals
    int pos = d.w, lp = d.z;
    for (int t = d.x; t < d.y; ++t) {
        const int ll = lit_len[t];
        for (int i = lane; i < ll; i += 32) s_win[pos + i] = literals[lp + i];
        pos += ll + match_len[t];
        lp += ll;
    }
    __syncthreads();

    // phase B: matches, in segment order
    if (warp > 0) {
        if (lane == 0) {
            while (*(volatile int*)&s_ready[warp - 1] == 0) { }
            __threadfence_block();
        }
        __syncwarp();
    }
    pos = d.w;
    for (int t = d.x; t < d.y; ++t) {
        pos += lit_len[t];
        const int ml = match_len[t], off = match_off[t];
        const int step = min(off, 32);
        for (int b = 0; b < ml; b += step) {
            if (lane < step && b + lane < ml) s_win[pos + b + lane] = s_win[pos - off + b + lane];
            __syncwarp();
        }
        pos += ml;
    }
    __syncwarp();
    if (lane == 0) {
        __threadfence_block();
        *(volatile int*)&s_ready[warp] = 1;
    }
    __syncthreads();

    for (int i = threadIdx.x; i < CHUNK; i += BLOCK) out[(size_t)blockIdx.x * CHUNK + i] = s_win[i];
}
