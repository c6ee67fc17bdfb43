// Loads and stores with cache qualifiers and L2 policies, memory-model orders and scopes, multimem
// (NVLink SHARP) operations, and tensor-map updates in global and shared memory with the proxy
// fences that publish them (sm_90a).
#include <cstdint>

struct alignas(64) TensorMap {
    unsigned char bytes[128];
};

__device__ static inline uint32_t smem_addr(const void *p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__global__ void cached_access(float *out, const float *in, unsigned *flag)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    uint64_t keep, stream;
    asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(keep));
    asm volatile("createpolicy.fractional.L2::evict_first.L2::evict_unchanged.b64 %0, 0.25;" : "=l"(stream));
    float a, b;
    uint32_t v[4];
    asm volatile("ld.global.L2::cache_hint.f32 %0, [%1], %2;" : "=f"(a) : "l"(in + i), "l"(keep));
    asm volatile("ld.global.L2::256B.f32 %0, [%1];" : "=f"(b) : "l"(in + i + 1024));
    asm volatile("ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(v[0]), "=r"(v[1]), "=r"(v[2]), "=r"(v[3])
                 : "l"(in + 4 * i));
    asm volatile("st.global.L2::cache_hint.f32 [%0], %1, %2;" ::"l"(out + i), "f"(a + b), "l"(stream) : "memory");
    asm volatile("st.global.L1::no_allocate.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(out + 4 * i + 4096), "r"(v[0]),
                 "r"(v[1]), "r"(v[2]), "r"(v[3])
                 : "memory");
    unsigned seen;
    asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(seen) : "l"(flag) : "memory");
    asm volatile("red.release.gpu.global.add.u32 [%0], %1;" ::"l"(flag), "r"(seen) : "memory");
    asm volatile("st.relaxed.sys.global.u32 [%0], %1;" ::"l"(flag + 1), "r"(seen) : "memory");
    asm volatile("fence.sc.gpu;" ::: "memory");
}

__global__ void multimem_allreduce(float *mc, unsigned *mc_counts)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    float sum;
    float4 quad;
    unsigned lowest;
    asm volatile("multimem.ld_reduce.relaxed.sys.global.add.f32 %0, [%1];" : "=f"(sum) : "l"(mc + i) : "memory");
    asm volatile("multimem.ld_reduce.weak.global.add.v4.f32 {%0, %1, %2, %3}, [%4];"
                 : "=f"(quad.x), "=f"(quad.y), "=f"(quad.z), "=f"(quad.w)
                 : "l"(mc + 4 * i + 4096)
                 : "memory");
    asm volatile("multimem.ld_reduce.global.min.u32 %0, [%1];" : "=r"(lowest) : "l"(mc_counts + i) : "memory");
    asm volatile("multimem.st.relaxed.sys.global.f32 [%0], %1;" ::"l"(mc + i), "f"(sum + quad.x) : "memory");
    asm volatile("multimem.red.release.gpu.global.add.u32 [%0], %1;" ::"l"(mc_counts + i), "r"(lowest) : "memory");
}

__global__ void retarget_map(const __grid_constant__ TensorMap map, TensorMap *global_copy, const float *base,
                             int rows)
{
    __shared__ alignas(128) TensorMap staged;
    if (threadIdx.x < 32) {
        reinterpret_cast<uint32_t *>(&staged)[threadIdx.x] = reinterpret_cast<const uint32_t *>(&map)[threadIdx.x];
        __syncwarp();
        const uint32_t s = smem_addr(&staged);
        asm volatile("tensormap.replace.tile.global_address.shared::cta.b1024.b64 [%0], %1;" ::"r"(s), "l"(base)
                     : "memory");
        asm volatile("tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [%0], 1, %1;" ::"r"(s), "r"(rows)
                     : "memory");
        asm volatile("tensormap.replace.tile.rank.shared::cta.b1024.b32 [%0], 1;" ::"r"(s) : "memory");
        asm volatile("tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned"
                     " [%0], [%1], 128;" ::"l"(global_copy),
                     "r"(s)
                     : "memory");
    }
    if (threadIdx.x == 32) {
        asm volatile("tensormap.replace.tile.global_address.global.b1024.b64 [%0], %1;" ::"l"(global_copy + 1),
                     "l"(base + 64)
                     : "memory");
        asm volatile("tensormap.replace.tile.box_dim.global.b1024.b32 [%0], 0, %1;" ::"l"(global_copy + 1), "r"(32)
                     : "memory");
        asm volatile("fence.proxy.tensormap::generic.release.gpu;" ::: "memory");
    }
    __syncthreads();
    asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"(global_copy) : "memory");
    asm volatile("fence.proxy.async.global;" ::: "memory");
    asm volatile("cp.async.bulk.prefetch.tensor.1d.L2.global [%0, {%1}];" ::"l"(global_copy), "r"(0) : "memory");
}
