// Tuning kernel for SHARED_RACE: warps 0-1 produce and warps 2-3 consume, taking turns on named
// barriers. Producers store a tile and signal with bar.arrive 1, 128; consumers bar.sync 1, 128
// (the two sets of 64 threads complete the barrier's phase together) and then read it, a
// neighbour's element included. Before the next tile the consumers bar.arrive 2, 128 and the
// producers bar.sync 2, 128, so the tile is not overwritten while it is read. Per the PTX ISA,
// memory accesses before bar.arrive are ordered before those after the bar.sync that completes the
// same barrier's phase: no race.
// RACE=1: the producers store after their bar.arrive 1.
// RACE=2: the consumers read before their bar.sync 1.
// RACE=3: the producers do not wait on barrier 2 (and the consumers do not arrive on it): the next
//         tile overwrites the one being read.
#define TILE 64
__device__ __forceinline__ void named_sync(int id) { asm volatile("bar.sync %0, 128;\n" ::"r"(id) : "memory"); }
__device__ __forceinline__ void named_arrive(int id) { asm volatile("bar.arrive %0, 128;\n" ::"r"(id) : "memory"); }

extern "C" __global__ void __launch_bounds__(128) named_bar(const float *in, float *out, int tiles)
{
    __shared__ float tile[TILE];
    int t = threadIdx.x;
    const float *src = in + (size_t)blockIdx.x * tiles * TILE;
    if (t < 64) {
        for (int k = 0; k < tiles; k++) {
#if RACE != 3
            if (k > 0)
                named_sync(2);
#endif
#if RACE == 1
            named_arrive(1);
            tile[t] = src[(size_t)k * TILE + t];
#else
            tile[t] = src[(size_t)k * TILE + t];
            named_arrive(1);
#endif
        }
    } else {
        int c = t - 64;
        float acc = 0.0f;
        for (int k = 0; k < tiles; k++) {
#if RACE == 2
            float v = tile[c] * tile[(c + 1) % TILE];
            named_sync(1);
#else
            named_sync(1);
            float v = tile[c] * tile[(c + 1) % TILE];
#endif
            acc += v;
#if RACE != 3
            if (k + 1 < tiles)
                named_arrive(2);
#endif
        }
        out[blockIdx.x * 64 + c] = acc;
    }
}
