// r06_rle_decode.cu
//
// Run-length decoding (compression). Each block takes BLOCK consecutive runs
// (symbol, length); an inclusive Hillis-Steele scan of the run lengths in
// shared memory gives every run its end position inside the block's output
// window, and each thread then expands its own run. The per-block output
// base offsets come from a previous (block-level) scan pass.
//
// Launch configuration:
//   blockDim = (512,1,1)   (16 warps, must equal BLOCK)
//   gridDim  = (ceil(nruns/512),1,1), nruns = 1<<20
//   run lengths <= 65535, static shared memory only.

#define BLOCK 512

extern "C" __global__ void __launch_bounds__(BLOCK)
rle_decode_race(const unsigned char* __restrict__ sym,
                const unsigned short* __restrict__ run_len,
                const unsigned* __restrict__ block_out_offset,
                unsigned char* __restrict__ out, int nruns)
{
    __shared__ unsigned s_scan[BLOCK];
    const int tid = threadIdx.x;
    const int r = blockIdx.x * BLOCK + tid;
    const unsigned len = (r < nruns) ? (unsigned)run_len[r] : 0u;

    s_scan[tid] = len;
    for (int off = 1; off < BLOCK; off <<= 1) {
        __syncthreads();
        if (tid >= off) s_scan[tid] += s_scan[tid - off];
    }
    __syncthreads();

    const unsigned end = block_out_offset[blockIdx.x] + s_scan[tid];
    const unsigned begin = end - len;
    if (r < nruns) {
        const unsigned char c = sym[r];
        for (unsigned i = begin; i < end; ++i) out[i] = c;
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
rle_decode_ok(const unsigned char* __restrict__ sym,
              const unsigned short* __restrict__ run_len,
              const unsigned* __restrict__ block_out_offset,
              unsigned char* __restrict__ out, int nruns)
{
    __shared__ unsigned s_scan[BLOCK];
    const int tid = threadIdx.x;
    const int r = blockIdx.x * BLOCK + tid;
    const unsigned len = (r < nruns) ? (unsigned)run_len[r] : 0u;

    s_scan[tid] = len;
    for (int off = 1; off < BLOCK; off <<= 1) {
        __syncthreads();
        const unsigned add = (tid >= off) ? s_scan[tid - off] : 0u;
        __syncthreads();
        s_scan[tid] += add;
    }
    __syncthreads();

    const unsigned end = block_out_offset[blockIdx.x] + s_scan[tid];
    const unsigned begin = end - len;
    if (r < nruns) {
        const unsigned char c = sym[r];
        for (unsigned i = begin; i < end; ++i) out[i] = c;
    }
}
