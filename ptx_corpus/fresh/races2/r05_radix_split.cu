#define RS_THREADS 256
#define RS_WARPS (RS_THREADS / 32)

extern "C" __global__ void __launch_bounds__(RS_THREADS)
radix_split_sort_race(unsigned* __restrict__ keys, int nbits)
{
    __shared__ unsigned s_k[RS_THREADS];
    __shared__ unsigned s_zero[2][RS_WARPS];
    unsigned tid = threadIdx.x, lane = tid & 31, w = tid >> 5;
    unsigned* kb = keys + (size_t)blockIdx.x * RS_THREADS;

    s_k[tid] = kb[tid];

    for (int b = 0; b < nbits; ++b) {
        unsigned k = s_k[tid];
        unsigned isz = ((k >> b) & 1u) ^ 1u;
        unsigned bal = __ballot_sync(0xffffffffu, isz);
        unsigned wpre = __popc(bal & ((1u << lane) - 1u));
        if (lane == 0) s_zero[b & 1][w] = __popc(bal);
        __syncthreads();

        unsigned before = 0, total = 0;
#pragma unroll
        for (int i = 0; i < RS_WARPS; ++i) {
            unsigned c = s_zero[b & 1][i];
            before += (i < (int)w) ? c : 0u;
            total += c;
        }
        unsigned zr = before + wpre;
        unsigned dst = isz ? zr : total + (tid - zr);
        s_k[dst] = k;
    }
    __syncthreads();
    kb[tid] = s_k[tid];
}

extern "C" __global__ void __launch_bounds__(RS_THREADS)
radix_split_sort_ok(unsigned* __restrict__ keys, int nbits)
{
    __shared__ unsigned s_k[RS_THREADS];
    __shared__ unsigned s_zero[2][RS_WARPS];
    unsigned tid = threadIdx.x, lane = tid & 31, w = tid >> 5;
    unsigned* kb = keys + (size_t)blockIdx.x * RS_THREADS;

    s_k[tid] = kb[tid];

    for (int b = 0; b < nbits; ++b) {
        __syncthreads();
        unsigned k = s_k[tid];
        unsigned isz = ((k >> b) & 1u) ^ 1u;
        unsigned bal = __ballot_sync(0xffffffffu, isz);
        unsigned wpre = __popc(bal & ((1u << lane) - 1u));
        if (lane == 0) s_zero[b & 1][w] = __popc(bal);
        __syncthreads();

        unsigned before = 0, total = 0;
#pragma unroll
        for (int i = 0; i < RS_WARPS; ++i) {
            unsigned c = s_zero[b & 1][i];
            before += (i < (int)w) ? c : 0u;
            total += c;
        }
        unsigned zr = before + wpre;
        unsigned dst = isz ? zr : total + (tid - zr);
        s_k[dst] = k;
    }
    __syncthreads();
    kb[tid] = s_k[tid];
}
