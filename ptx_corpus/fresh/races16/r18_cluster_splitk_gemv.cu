// arch: sm_90a
// Launch: blockDim = (256,1,1), gridDim = (2, M/128, 1), cluster dims (2,1,1)
//         (compile-time __cluster_dims__), K % 16 == 0, A is MxK row-major, 16-byte
//         aligned. Split-K GEMV y = A x: the two CTAs of a cluster handle the two K
//         halves of the same 128 rows. Thread t works on row t/2, half-lane h = t&1
//         takes every other float4 of the K half. CTA rank 1 pushes its per-row
//         partials into CTA rank 0's shared memory (distributed shared memory),
//         then the cluster synchronises and rank 0 finishes the rows.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define SK_ROWS 128

__device__ __forceinline__ float sk_partial(const float* __restrict__ a, const float* __restrict__ xv,
                                            int khalf, int h)
{
    float p = 0.0f;
    for (int k = h * 4; k < khalf; k += 8) {
        const float4 av = *reinterpret_cast<const float4*>(a + k);
        const float4 xx = *reinterpret_cast<const float4*>(xv + k);
        p += av.x * xx.x + av.y * xx.y + av.z * xx.z + av.w * xx.w;
    }
    return p;
}

extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(256)
gemv_splitk_cluster_race(const float* __restrict__ A, const float* __restrict__ x,
                         float* __restrict__ y, int K)
{
    __shared__ float recv[SK_ROWS];
    cg::cluster_group cluster = cg::this_cluster();
    const unsigned rank = cluster.block_rank();
    const int tid = threadIdx.x, rl = tid >> 1, h = tid & 1;
    const int row = blockIdx.y * SK_ROWS + rl;
    const int khalf = K / 2;

    float p = sk_partial(A + (size_t)row * K + rank * khalf, x + rank * khalf, khalf, h);

    if (rank == 1) {
        float* remote = cluster.map_shared_rank(recv, 0);
        remote[rl] = p;
    }
    cluster.sync();
    if (rank == 0) {
        p += __shfl_xor_sync(0xffffffffu, p, 1);
        if (h == 0) y[row] = p + recv[rl];
    }
}

extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(256)
gemv_splitk_cluster_ok(const float* __restrict__ A, const float* __restrict__ x,
                       float* __restrict__ y, int K)
{
    __shared__ float recv[SK_ROWS];
    cg::cluster_group cluster = cg::this_cluster();
    const unsigned rank = cluster.block_rank();
    const int tid = threadIdx.x, rl = tid >> 1, h = tid & 1;
    const int row = blockIdx.y * SK_ROWS + rl;
    const int khalf = K / 2;

    float p = sk_partial(A + (size_t)row * K + rank * khalf, x + rank * khalf, khalf, h);
    p += __shfl_xor_sync(0xffffffffu, p, 1);

    if (rank == 1 && h == 0) {
        float* remote = cluster.map_shared_rank(recv, 0);
        remote[rl] = p;
    }
    cluster.sync();
    if (rank == 0 && h == 0) y[row] = p + recv[rl];
}
