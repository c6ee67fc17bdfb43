// 2D/3D Ising model Metropolis updates with checkerboard decomposition and counter-based RNG.
#include <cuda_runtime.h>
#include <stdint.h>

__device__ __forceinline__ uint32_t pcg_hash(uint32_t v)
{
    uint32_t state = v * 747796405u + 2891336453u;
    uint32_t word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

// Checkerboard update of one colour on an L x L lattice with int8 spins, precomputed boltzmann table.
extern "C" __global__ void ising2d_checkerboard(signed char* __restrict__ spins, int L, int color,
                                                const float* __restrict__ boltz, uint32_t seed, uint32_t sweep)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= L || y >= L || ((x + y) & 1) != color) return;
    int xm = x == 0 ? L - 1 : x - 1, xp = x == L - 1 ? 0 : x + 1;
    int ym = y == 0 ? L - 1 : y - 1, yp = y == L - 1 ? 0 : y + 1;
    int s = spins[y * L + x];
    int nb = spins[y * L + xm] + spins[y * L + xp] + spins[ym * L + x] + spins[yp * L + x];
    int dE_idx = (s * nb + 4) >> 1;  // 0..4
    uint32_t r = pcg_hash((uint32_t)(y * L + x) ^ pcg_hash(seed + sweep));
    float u = (r >> 8) * (1.f / 16777216.f);
    if (u < boltz[dE_idx]) spins[y * L + x] = (signed char)(-s);
}

// Multi-spin coding: 32 independent replicas packed in a word; bitwise neighbour counting.
extern "C" __global__ void ising2d_multispin(uint32_t* __restrict__ lat, int L, int color,
                                             uint32_t p4_threshold, uint32_t p8_threshold, uint32_t seed)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x >= L || y >= L || ((x + y) & 1) != color) return;
    int xm = (x + L - 1) % L, xp = (x + 1) % L, ym = (y + L - 1) % L, yp = (y + 1) % L;
    uint32_t s = lat[y * L + x];
    uint32_t a = s ^ lat[y * L + xm], b = s ^ lat[y * L + xp], c = s ^ lat[ym * L + x], d = s ^ lat[yp * L + x];
    // count anti-aligned neighbours bitwise: flip if >=2 anti-aligned, or with probability otherwise
    uint32_t ab_and = a & b, ab_xor = a ^ b, cd_and = c & d, cd_xor = c ^ d;
    uint32_t ge2 = ab_and | cd_and | (ab_xor & cd_xor);
    uint32_t eq1 = (ab_xor ^ cd_xor) & ~ge2;
    uint32_t eq0 = ~(a | b | c | d);
    uint32_t h = pcg_hash(seed ^ (uint32_t)(y * L + x));
    uint32_t m4 = 0, m8 = 0;
#pragma unroll
    for (int bit = 0; bit < 32; ++bit) {
        h = pcg_hash(h + bit);
        m4 |= (uint32_t)(h < p4_threshold) << bit;
        m8 |= (uint32_t)((h ^ 0x5bd1e995u) < p8_threshold) << bit;
    }
    uint32_t flip = ge2 | (eq1 & m4) | (eq0 & m8);
    lat[y * L + x] = s ^ flip;
}
