// r10_beam_topk.cu
//
// Candidate pruning for beam-search decoding (ML / NLP). For one beam and one
// vocabulary chunk of TILE = 1024 tokens, each block scores candidates
// (logit + beam log-prob), builds a 256-bin radix histogram of the top 8 bits
// of the order-preserving score key, picks the threshold bin that keeps at
// least k candidates, and emits all candidates at or above it.
// Dynamic shared memory is carved into four arrays:
//   float s_score[TILE] | int s_token[TILE] | unsigned s_hist[256] | int s_misc[2]
// Candidates are stored in a blocked arrangement (thread t owns t*4..t*4+3)
// and read back striped.
//
// Launch configuration:
//   blockDim = (256,1,1)   (8 warps, must equal BLOCK)
//   gridDim  = (ceil(vocab/1024), beams, 1), vocab = 32000, beams = 64
//   dynamic shared memory = (2*1024 + 256 + 2) * 4 = 9224 bytes
//   k = 32, max_out = 256 per (beam, chunk).

#include <math.h>

#define BLOCK 256
#define ITEMS 4
#define TILE (BLOCK * ITEMS)
#define RADIX_BINS 256

__device__ __forceinline__ unsigned order_key(float f)
{
    const unsigned u = __float_as_uint(f);
    return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
beam_topk_race(const float* __restrict__ logits, const float* __restrict__ beam_logprob,
               int vocab, int k, int max_out,
               float* __restrict__ out_score, int* __restrict__ out_token,
               int* __restrict__ out_count)
{
    extern __shared__ __align__(16) unsigned char smem[];
    float* s_score = reinterpret_cast<float*>(smem);
    int* s_token = reinterpret_cast<int*>(s_score + BLOCK);
    unsigned* s_hist = reinterpret_cast<unsigned*>(s_token + TILE);
    int* s_misc = reinterpret_cast<int*>(s_hist + RADIX_BINS);

    const int tid = threadIdx.x;
    const int beam = blockIdx.y;
    const int chunk = blockIdx.x;
    const float lp = beam_logprob[beam];
    const float* row = logits + (size_t)beam * vocab;

    s_hist[tid] = 0u;
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
        const int i = tid * ITEMS + j;
        const int tok = chunk * TILE + i;
        s_score[i] = (tok < vocab) ? row[tok] + lp : -INFINITY;
        s_token[i] = tok;
    }
    __syncthreads();

#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
        const int i = j * BLOCK + tid;
        atomicAdd(&s_hist[order_key(s_score[i]) >> 24], 1u);
    }
    __syncthreads();

    if (tid == 0) {
        unsigned acc = 0u;
        int b = RADIX_BINS - 1;
        for (; b > 0; --b) {
            acc += s_hist[b];
            if (acc >= (unsigned)k) break;
        }
        s_misc[0] = b;
        s_misc[1] = 0;
    }
    __syncthreads();

    const unsigned thr = (unsigned)s_misc[0];
    const size_t obase = ((size_t)beam * gridDim.x + chunk) * max_out;
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
        const int i = j * BLOCK + tid;
        const float sc = s_score[i];
        const int tok = s_token[i];
        if ((order_key(sc) >> 24) >= thr && tok < vocab) {
            const int p = atomicAdd(&s_misc[1], 1);
            if (p < max_out) { out_score[obase + p] = sc; out_token[obase + p] = tok; }
        }
    }
    __syncthreads();
    if (tid == 0) out_count[(size_t)beam * gridDim.x + chunk] = min(s_misc[1], max_out);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
beam_topk_ok(const float* __restrict__ logits, const float* __restrict__ beam_logprob,
             int vocab, int k, int max_out,
             float* __restrict__ out_score, int* __restrict__ out_token,
             int* __restrict__ out_count)
{
    extern __shared__ __align__(16) unsigned char smem[];
    float* s_score = reinterpret_cast<float*>(smem);
    int* s_token = reinterpret_cast<int*>(s_score + TILE);
    unsigned* s_hist = reinterpret_cast<unsigned*>(s_token + TILE);
    int* s_misc = reinterpret_cast<int*>(s_hist + RADIX_BINS);

    const int tid = threadIdx.x;
    const int beam = blockIdx.y;
    const int chunk = blockIdx.x;
    const float lp = beam_logprob[beam];
    const float* row = logits + (size_t)beam * vocab;

    s_hist[tid] = 0u;
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
        const int i = tid * ITEMS + j;
        const int tok = chunk * TILE + i;
        s_score[i] = (tok < vocab) ? row[tok] + lp : -INFINITY;
        s_token[i] = tok;
    }
    __syncthreads();

#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
        const int i = j * BLOCK + tid;
        atomicAdd(&s_hist[order_key(s_score[i]) >> 24], 1u);
    }
    __syncthreads();

    if (tid == 0) {
        unsigned acc = 0u;
        int b = RADIX_BINS - 1;
        for (; b > 0; --b) {
            acc += s_hist[b];
            if (acc >= (unsigned)k) break;
        }
        s_misc[0] = b;
        s_misc[1] = 0;
    }
    __syncthreads();

    const unsigned thr = (unsigned)s_misc[0];
    const size_t obase = ((size_t)beam * gridDim.x + chunk) * max_out;
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
        const int i = j * BLOCK + tid;
        const float sc = s_score[i];
        const int tok = s_token[i];
        if ((order_key(sc) >> 24) >= thr && tok < vocab) {
            const int p = atomicAdd(&s_misc[1], 1);
            if (p < max_out) { out_score[obase + p] = sc; out_token[obase + p] = tok; }
        }
    }
    __syncthreads();
    if (tid == 0) out_count[(size_t)beam * gridDim.x + chunk] = min(s_misc[1], max_out);
}
