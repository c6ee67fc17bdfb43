// Warp-aggregated counting with elect.sync (sm_90a): the warp counts its matching elements with
// a ballot, and one elected lane adds the count to the block's shared counter; after a barrier
// one thread publishes the block total.
#include <cstdint>
extern "C" __global__ void sm90_elect_atomics(const int *keys, unsigned *counts, int n, int wanted)
{
    __shared__ unsigned block_count;
    if (threadIdx.x == 0)
        block_count = 0;
    __syncthreads();
    for (int base = blockIdx.x * blockDim.x; base < n; base += blockDim.x * gridDim.x) {
        int i = base + threadIdx.x;
        bool match = i < n && keys[i] == wanted;
        unsigned ballot = __ballot_sync(0xffffffffu, match);
        uint32_t elected;
        asm volatile("{\n"
                     ".reg .pred p;\n"
                     ".reg .b32 leader;\n"
                     "elect.sync leader|p, 0xffffffff;\n"
                     "selp.u32 %0, 1, 0, p;\n"
                     "}\n"
                     : "=r"(elected));
        if (elected && ballot)
            atomicAdd(&block_count, __popc(ballot));
    }
    __syncthreads();
    if (threadIdx.x == 0)
        atomicAdd(&counts[blockIdx.x & 63], block_count);
}
