// Domain: sorting (bitonic sort in shared memory, global bitonic merge step, register sorting networks, radix digit counting)

// bitonic_sort_smem_kv: full bitonic sort of 2*blockDim key/value pairs in shared memory (SDK sortingNetworks style)
extern "C" __global__ void bitonic_sort_smem_kv(unsigned* __restrict__ keys, unsigned* __restrict__ vals, unsigned dir)
{
    extern __shared__ unsigned sh[];
    unsigned L = blockDim.x * 2;
    unsigned* sk = sh;
    unsigned* sv = sh + L;
    keys += blockIdx.x * L; vals += blockIdx.x * L;
    sk[threadIdx.x] = keys[threadIdx.x]; sv[threadIdx.x] = vals[threadIdx.x];
    sk[threadIdx.x + blockDim.x] = keys[threadIdx.x + blockDim.x];
    sv[threadIdx.x + blockDim.x] = vals[threadIdx.x + blockDim.x];
    for (unsigned size = 2; size <= L; size <<= 1) {
        unsigned ddd = dir ^ ((threadIdx.x & (size / 2)) != 0);
        if (size == L) ddd = dir;
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
            unsigned ka = sk[pos], kb = sk[pos + stride];
            if ((ka > kb) == ddd) {
                sk[pos] = kb; sk[pos + stride] = ka;
                unsigned t = sv[pos]; sv[pos] = sv[pos + stride]; sv[pos + stride] = t;
            }
        }
    }
    __syncthreads();
    keys[threadIdx.x] = sk[threadIdx.x]; vals[threadIdx.x] = sv[threadIdx.x];
    keys[threadIdx.x + blockDim.x] = sk[threadIdx.x + blockDim.x];
    vals[threadIdx.x + blockDim.x] = sv[threadIdx.x + blockDim.x];
}

// bitonic_merge_global_step: one global compare-exchange step of bitonic sort on 64-bit keys (j, k passed from host)
extern "C" __global__ void bitonic_merge_global_step(unsigned long long* __restrict__ data, unsigned j, unsigned k, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned ixj = i ^ j;
    if (i < n && ixj > i && ixj < n) {
        unsigned long long a = data[i], b = data[ixj];
        bool up = (i & k) == 0;
        if ((a > b) == up) { data[i] = b; data[ixj] = a; }
    }
}

// sortnet32_registers_oddeven: Batcher odd-even merge sort of 32 floats per thread, fully unrolled into registers
template <int N, int P, int K>
__device__ __forceinline__ void oe_pass(float (&v)[N])
{
#pragma unroll
    for (int j = K % P; j + K < N; j += 2 * K)
#pragma unroll
        for (int i = 0; i < K; ++i)
            if (i + j + K < N && (i + j) / (2 * P) == (i + j + K) / (2 * P)) {
                float a = v[i + j], b = v[i + j + K];
                v[i + j] = fminf(a, b); v[i + j + K] = fmaxf(a, b);
            }
    if constexpr (K > 1) oe_pass<N, P, K / 2>(v);
    else if constexpr (2 * P < N) oe_pass<N, 2 * P, 2 * P>(v);
}
extern "C" __global__ void sortnet32_registers_oddeven(float* __restrict__ data, int nGroups)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= nGroups) return;
    float v[32];
#pragma unroll
    for (int i = 0; i < 32; ++i) v[i] = data[(size_t)i * nGroups + g];
    oe_pass<32, 1, 1>(v);
#pragma unroll
    for (int i = 0; i < 32; ++i) data[(size_t)i * nGroups + g] = v[i];
}

// radix_digit_count_4bit: per-block counts of a 4-bit radix digit using warp ballots/popc (digit = (key >> shift) & 15)
extern "C" __global__ void radix_digit_count_4bit(const unsigned* __restrict__ keys, unsigned* __restrict__ counts, int n, int shift)
{
    __shared__ unsigned sc[16];
    if (threadIdx.x < 16) sc[threadIdx.x] = 0;
    __syncthreads();
    unsigned local[16];
#pragma unroll
    for (int d = 0; d < 16; ++d) local[d] = 0;
    int lane = threadIdx.x & 31;
    for (int base = blockIdx.x * blockDim.x; base < n; base += blockDim.x * gridDim.x) {
        int i = base + threadIdx.x;
        bool ok = i < n;
        unsigned dgt = ok ? (keys[i] >> shift) & 15u : 16u;
#pragma unroll
        for (int d = 0; d < 16; ++d) {
            unsigned m = __ballot_sync(0xffffffffu, dgt == (unsigned)d);
            local[d] += (lane == 0) ? __popc(m) : 0u;
        }
    }
    if (lane == 0) {
#pragma unroll
        for (int d = 0; d < 16; ++d) atomicAdd(&sc[d], local[d]);
    }
    __syncthreads();
    if (threadIdx.x < 16) counts[threadIdx.x * gridDim.x + blockIdx.x] = sc[threadIdx.x];
}

// bitonic64_registers_keys: full bitonic sorting network over 64 uint32 keys per thread held in registers (all 672 compare-exchanges unrolled with compile-time indices), ascending
template <int K, int J>
__device__ __forceinline__ void bitonic_step64(unsigned (&v)[64])
{
#pragma unroll
    for (int i = 0; i < 64; ++i) {
        const int l = i ^ J;
        if (l > i) {
            unsigned a = v[i], b = v[l];
            bool up = (i & K) == 0;
            v[i] = up ? min(a, b) : max(a, b);
            v[l] = up ? max(a, b) : min(a, b);
        }
    }
    if constexpr (J > 1) bitonic_step64<K, J / 2>(v);
    else if constexpr (K < 64) bitonic_step64<K * 2, K>(v);
}
extern "C" __global__ void bitonic64_registers_keys(unsigned* __restrict__ keys, int nGroups)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= nGroups) return;
    unsigned v[64];
#pragma unroll
    for (int i = 0; i < 64; ++i) v[i] = keys[(size_t)i * nGroups + g];
    bitonic_step64<2, 1>(v);
#pragma unroll
    for (int i = 0; i < 64; ++i) keys[(size_t)i * nGroups + g] = v[i];
}
