// arch: sm_80
// r10_dyn_carve.cu
// Block-local key/value permutation.  One dynamic shared allocation is
// carved into three 256-element arrays (keys: uint32, vals: float,
// perm: int) with a bump-pointer helper.  Phase 1 fills all three arrays,
// phase 2 gathers through the permutation (bit-reversal of the thread id).
//
// Launch (both kernels): blockDim = (256,1,1), gridDim = (n/256,1,1),
//   n = 1<<20, dynamic shared memory = 3 * 256 * 4 = 3072 bytes.

#define R10_B 256

// bump allocators over the dynamic shared segment
template <typename T>
__device__ __forceinline__ T* r10_take_bytes(unsigned char*& p, int count)
{
    T* r = reinterpret_cast<T*>(p);
    p += count;
    return r;
}
template <typename T>
__device__ __forceinline__ T* r10_take(unsigned char*& p, int count)
{
    T* r = reinterpret_cast<T*>(p);
    p += count * sizeof(T);
    return r;
}

extern "C" __global__ void __launch_bounds__(R10_B)
kv_permute_race(const unsigned* __restrict__ kin, const float* __restrict__ vin,
                unsigned* __restrict__ kout, float* __restrict__ vout)
{
    extern __shared__ __align__(16) unsigned char r10_smem_a[];
    unsigned char* p = r10_smem_a;
    unsigned* keys = r10_take_bytes<unsigned>(p, R10_B);
    float*    vals = r10_take_bytes<float>(p, R10_B);
    int*      perm = r10_take_bytes<int>(p, R10_B);

    const int tid = threadIdx.x;
    const int g   = blockIdx.x * R10_B + tid;
    keys[tid] = kin[g];
    vals[tid] = vin[g];
    perm[tid] = (int)(__brev((unsigned)tid) >> 24);
    __syncthreads();

    const int j = perm[tid] & (R10_B - 1);
    kout[g] = keys[j];
    vout[g] = vals[j];
}

extern "C" __global__ void __launch_bounds__(R10_B)
kv_permute_ok(const unsigned* __restrict__ kin, const float* __restrict__ vin,
              unsigned* __restrict__ kout, float* __restrict__ vout)
{
    extern __shared__ __align__(16) unsigned char r10_smem_b[];
    unsigned char* p = r10_smem_b;
    unsigned* keys = r10_take<unsigned>(p, R10_B);
    float*    vals = r10_take<float>(p, R10_B);
    int*      perm = r10_take<int>(p, R10_B);

    const int tid = threadIdx.x;
    const int g   = blockIdx.x * R10_B + tid;
    keys[tid] = kin[g];
    vals[tid] = vin[g];
    perm[tid] = (int)(__brev((unsigned)tid) >> 24);
    __syncthreads();

    const int j = perm[tid] & (R10_B - 1);
    kout[g] = keys[j];
    vout[g] = vals[j];
}
