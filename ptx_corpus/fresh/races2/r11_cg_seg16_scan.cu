#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define SEG 16

extern "C" __global__ void __launch_bounds__(256)
seg16_scan_race(const int* __restrict__ in, int* __restrict__ out, int n)
{
    __shared__ int s[SEG];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<SEG> t = cg::tiled_partition<SEG>(block);
    int lane = t.thread_rank();
    int g = blockIdx.x * blockDim.x + block.thread_rank();

    s[lane] = (g < n) ? in[g] : 0;
    t.sync();
    for (int d = 1; d < SEG; d <<= 1) {
        int v = s[lane];
        if (lane >= d) v += s[lane - d];
        t.sync();
        s[lane] = v;
        t.sync();
    }
    if (g < n) out[g] = s[lane];
}

extern "C" __global__ void __launch_bounds__(256)
seg16_scan_ok(const int* __restrict__ in, int* __restrict__ out, int n)
{
    __shared__ int s[256];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<SEG> t = cg::tiled_partition<SEG>(block);
    int lane = t.thread_rank();
    int* seg = s + t.meta_group_rank() * SEG;
    int g = blockIdx.x * blockDim.x + block.thread_rank();

    seg[lane] = (g < n) ? in[g] : 0;
    t.sync();
    for (int d = 1; d < SEG; d <<= 1) {
        int v = seg[lane];
        if (lane >= d) v += seg[lane - d];
        t.sync();
        seg[lane] = v;
        t.sync();
    }
    if (g < n) out[g] = seg[lane];
}
