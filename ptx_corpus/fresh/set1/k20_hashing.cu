// Integer hashing: murmur3 finalizer, xorshift PRNG, FNV-1a over strings
#include <stdint.h>
__device__ __forceinline__ uint32_t fmix32(uint32_t h)
{
    h ^= h >> 16; h *= 0x85ebca6bu; h ^= h >> 13; h *= 0xc2b2ae35u; h ^= h >> 16; return h;
}

extern "C" __global__ void murmur3_32_keys(const uint32_t* __restrict__ keys, int words_per_key,
                                           uint32_t seed, uint32_t* __restrict__ hashes, int nkeys)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= nkeys) return;
    const uint32_t* p = keys + (size_t)k * words_per_key;
    uint32_t h = seed;
    for (int i = 0; i < words_per_key; ++i) {
        uint32_t x = p[i];
        x *= 0xcc9e2d51u; x = (x << 15) | (x >> 17); x *= 0x1b873593u;
        h ^= x; h = (h << 13) | (h >> 19); h = h * 5u + 0xe6546b64u;
    }
    h ^= (uint32_t)(words_per_key * 4);
    hashes[k] = fmix32(h);
}

extern "C" __global__ void xorshift128p_uniform(uint64_t* __restrict__ state, float* __restrict__ out, int per_thread, int nthreads)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nthreads) return;
    uint64_t s0 = state[2 * t], s1 = state[2 * t + 1];
    for (int i = 0; i < per_thread; ++i) {
        uint64_t x = s0, y = s1;
        s0 = y; x ^= x << 23; s1 = x ^ y ^ (x >> 17) ^ (y >> 26);
        uint64_t r = s1 + y;
        out[(size_t)i * nthreads + t] = (r >> 40) * (1.0f / 16777216.0f);
    }
    state[2 * t] = s0; state[2 * t + 1] = s1;
}

extern "C" __global__ void fnv1a64_strings(const char* __restrict__ buf, const int* __restrict__ offsets,
                                           unsigned long long* __restrict__ out, int nstr)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= nstr) return;
    unsigned long long h = 1469598103934665603ull;
    for (int i = offsets[s]; i < offsets[s + 1]; ++i) { h ^= (unsigned char)buf[i]; h *= 1099511628211ull; }
    out[s] = h;
}
