// Block-local Bloom filter (32768 bits in shared): insert keys with 3 hashes, then answer membership queries. blockDim = 256.
#define NWORDS 1024
__device__ __forceinline__ unsigned mix(unsigned k, unsigned seed)
{
    k ^= seed; k *= 0x9E3779B1u; k ^= k >> 15; k *= 0x85EBCA77u; k ^= k >> 13;
    return k & (NWORDS * 32 - 1);
}
template <bool FIX>
__device__ __forceinline__ void bloom_body(const unsigned* __restrict__ keys, int nkeys,
                                           const unsigned* __restrict__ qs, int* __restrict__ hit, int nq)
{
    __shared__ unsigned bits[NWORDS];
    int t = threadIdx.x;
    for (int i = t; i < NWORDS; i += 256) bits[i] = 0u;
    __syncthreads();
    for (int i = t; i < nkeys; i += 256) {
        unsigned k = keys[i];
#pragma unroll
        for (int hsh = 0; hsh < 3; hsh++) {
            unsigned b = mix(k, 0x1234567u * (hsh + 1));
            if (FIX) atomicOr(&bits[b >> 5], 1u << (b & 31));
            else     bits[b >> 5] |= 1u << (b & 31);          // bug: non-atomic read-modify-write
        }
    }
    __syncthreads();
    for (int i = blockIdx.x * 256 + t; i < nq; i += gridDim.x * 256) {
        unsigned k = qs[i];
        int in = 1;
#pragma unroll
        for (int hsh = 0; hsh < 3; hsh++) {
            unsigned b = mix(k, 0x1234567u * (hsh + 1));
            in &= (bits[b >> 5] >> (b & 31)) & 1u;
        }
        hit[i] = in;
    }
}
extern "C" __global__ void __launch_bounds__(256) bloom_filter_race(const unsigned* keys, int nkeys, const unsigned* qs, int* hit, int nq)
{ bloom_body<false>(keys, nkeys, qs, hit, nq); }
extern "C" __global__ void __launch_bounds__(256) bloom_filter_ok(const unsigned* keys, int nkeys, const unsigned* qs, int* hit, int nq)
{ bloom_body<true>(keys, nkeys, qs, hit, nq); }
