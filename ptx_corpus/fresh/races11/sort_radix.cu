// Block-local sorts: 1-bit split radix sort and odd-even transposition sort.

#define RB 256

// Each block sorts its 256-key chunk on bits [startBit, endBit).
// Launch: blockDim = 256, gridDim = ceil(n/256); 0 <= startBit <= endBit <= 32
extern "C" __global__ void __launch_bounds__(RB)
radix_sort_block(unsigned* __restrict__ keys_io, int n, int startBit, int endBit)
{
    __shared__ unsigned keys[RB];
    __shared__ unsigned sc[RB];
    int tid = threadIdx.x;
    int g = blockIdx.x * RB + tid;
    keys[tid] = (g < n) ? keys_io[g] : 0xFFFFFFFFu;
    __syncthreads();
    for (int bit = startBit; bit < endBit; ++bit) {
        unsigned k = keys[tid];
        unsigned isZero = ((k >> bit) & 1u) ^ 1u;
        sc[tid] = isZero;
        __syncthreads();
        for (int off = 1; off < RB; off <<= 1) {
            unsigned v = (tid >= off) ? sc[tid - off] : 0u;
            __syncthreads();
            sc[tid] += v;
            __syncthreads();
        }
        unsigned incl = sc[tid];
        unsigned totalZeros = sc[RB - 1];
        unsigned excl = incl - isZero;
        unsigned dest = isZero ? excl : totalZeros + ((unsigned)tid - excl);
        keys[dest] = k;
        __syncthreads();
    }
    if (g < n) keys_io[g] = keys[tid];
}

#define OET_MAX 1024

// Odd-even transposition sort of independent segments.
// Launch: blockDim = 256, gridDim = number of segments; 128 <= seglen <= 1024
extern "C" __global__ void __launch_bounds__(256)
oddeven_transposition_sort(float* __restrict__ data, int seglen)
{
    __shared__ float s[OET_MAX];
    float* g = data + (size_t)blockIdx.x * seglen;
    for (int i = threadIdx.x; i < seglen; i += blockDim.x) s[i] = g[i];
    __syncthreads();
    for (int phase = 0; phase < seglen; ++phase) {
        for (int i = 2 * threadIdx.x + (phase & 1); i + 1 < seglen; i += 2 * blockDim.x) {
            float a = s[i], b = s[i + 1];
            s[i] = fminf(a, b);
            s[i + 1] = fmaxf(a, b);
        }
    }
    __syncthreads();
    for (int i = threadIdx.x; i < seglen; i += blockDim.x) g[i] = s[i];
}
