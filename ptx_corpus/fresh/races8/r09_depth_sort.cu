// r09_depth_sort.cu
//
// Per-bucket depth sort of particles for back-to-front alpha blending
// (graphics). Each block bitonic-sorts SORT_N = 1024 (view depth, particle
// index) pairs in shared memory, two elements per thread, following the CUDA
// SDK bitonicSortShared kernel. As an optimisation, compare-exchange steps
// whose stride keeps every pair inside one warp's 64-element segment are
// separated only by __syncwarp(); wider strides use __syncthreads().
//
// Launch configuration:
//   blockDim = (512,1,1)   (16 warps, must equal SORT_N/2)
//   gridDim  = (nparticles/1024,1,1), nparticles = 1<<20
//   dir = 0 -> descending depth (far to near); static shared memory only.

#define SORT_N 1024
#define BLOCK (SORT_N / 2)

__device__ __forceinline__ void cmp_swap(float& ka, unsigned& va, float& kb, unsigned& vb, bool dir)
{
    if ((ka > kb) == dir) {
        const float tk = ka; ka = kb; kb = tk;
        const unsigned tv = va; va = vb; vb = tv;
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
depth_sort_race(const float4* __restrict__ pos, float3 view_dir,
                float* __restrict__ sorted_depth, unsigned* __restrict__ sorted_idx,
                unsigned dir)
{
    __shared__ float s_key[SORT_N];
    __shared__ unsigned s_val[SORT_N];
    const unsigned tid = threadIdx.x;
    const unsigned base = blockIdx.x * SORT_N;

#pragma unroll
    for (int h = 0; h < 2; ++h) {
        const unsigned i = tid + h * BLOCK;
        const float4 p = pos[base + i];
        s_key[i] = p.x * view_dir.x + p.y * view_dir.y + p.z * view_dir.z;
        s_val[i] = base + i;
    }
    __syncthreads();

    for (unsigned size = 2; size <= SORT_N; size <<= 1) {
        const bool ddd = (dir != 0) ^ ((tid & (size / 2)) != 0);
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            if (stride > 32) __syncthreads();
            else             __syncwarp();
            const unsigned p = 2 * tid - (tid & (stride - 1));
            cmp_swap(s_key[p], s_val[p], s_key[p + stride], s_val[p + stride], ddd);
        }
    }
    __syncthreads();

    sorted_depth[base + tid] = s_key[tid];
    sorted_idx[base + tid] = s_val[tid];
    sorted_depth[base + tid + BLOCK] = s_key[tid + BLOCK];
    sorted_idx[base + tid + BLOCK] = s_val[tid + BLOCK];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
depth_sort_ok(const float4* __restrict__ pos, float3 view_dir,
              float* __restrict__ sorted_depth, unsigned* __restrict__ sorted_idx,
              unsigned dir)
{
    __shared__ float s_key[SORT_N];
    __shared__ unsigned s_val[SORT_N];
    const unsigned tid = threadIdx.x;
    const unsigned base = blockIdx.x * SORT_N;

#pragma unroll
    for (int h = 0; h < 2; ++h) {
        const unsigned i = tid + h * BLOCK;
        const float4 p = pos[base + i];
        s_key[i] = p.x * view_dir.x + p.y * view_dir.y + p.z * view_dir.z;
        s_val[i] = base + i;
    }
    __syncthreads();

    for (unsigned size = 2; size <= SORT_N; size <<= 1) {
        const bool ddd = (dir != 0) ^ ((tid & (size / 2)) != 0);
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            if (stride >= 32) __syncthreads();
            else              __syncwarp();
            const unsigned p = 2 * tid - (tid & (stride - 1));
            cmp_swap(s_key[p], s_val[p], s_key[p + stride], s_val[p + stride], ddd);
        }
    }
    __syncthreads();

    sorted_depth[base + tid] = s_key[tid];
    sorted_idx[base + tid] = s_val[tid];
    sorted_depth[base + tid + BLOCK] = s_key[tid + BLOCK];
    sorted_idx[base + tid + BLOCK] = s_val[tid + BLOCK];
}
