// arch: sm_80
// Launch: blockDim = (128,1,1), gridDim = (npairs,1,1). Block b merges the sorted runs
//         a[b*512 .. +512) and bsrc[b*512 .. +512) into out[b*1024 .. +1024)
//         (one pass of a merge sort). 8 outputs per thread (merge path partition on
//         diagonal 8*tid, then a serial merge). Dynamic shared memory = 8192 bytes
//         (both kernels), carved into keys[1024] (A run followed by B run) and, in the
//         _ok kernel, stage[1024].

#include <climits>

#define MP_NT 128
#define MP_VT 8
#define MP_NV (MP_NT * MP_VT)
#define MP_RUN (MP_NV / 2)

__device__ __forceinline__ int mp_search(const int* keys, int aCount, int bCount, int diag)
{
    int lo = max(0, diag - bCount), hi = min(diag, aCount);
    while (lo < hi) {
        const int mid = (lo + hi) >> 1;
        if (keys[mid] <= keys[aCount + diag - 1 - mid]) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

__device__ __forceinline__ void mp_serial_merge(const int* keys, int a, int aEnd, int b, int bEnd,
                                                int (&res)[MP_VT])
{
    int ak = (a < aEnd) ? keys[a] : INT_MAX;
    int bk = (b < bEnd) ? keys[b] : INT_MAX;
#pragma unroll
    for (int i = 0; i < MP_VT; ++i) {
        const bool takeA = (b >= bEnd) || (a < aEnd && ak <= bk);
        res[i] = takeA ? ak : bk;
        if (takeA) { ++a; ak = (a < aEnd) ? keys[a] : INT_MAX; }
        else       { ++b; bk = (b < bEnd) ? keys[b] : INT_MAX; }
    }
}

extern "C" __global__ void __launch_bounds__(MP_NT)
merge_path_block_race(const int* __restrict__ a_src, const int* __restrict__ b_src,
                      int* __restrict__ out)
{
    extern __shared__ int mp_smem[];
    int* keys  = mp_smem;            // [0, 512): A run, [512, 1024): B run
    const int tid = threadIdx.x;

    for (int i = tid; i < MP_RUN; i += MP_NT) {
        keys[i]          = a_src[(size_t)blockIdx.x * MP_RUN + i];
        keys[MP_RUN + i] = b_src[(size_t)blockIdx.x * MP_RUN + i];
    }
    __syncthreads();

    const int diag = MP_VT * tid;
    const int mp = mp_search(keys, MP_RUN, MP_RUN, diag);
    int res[MP_VT];
    mp_serial_merge(keys, mp, MP_RUN, MP_RUN + diag - mp, MP_NV, res);

#pragma unroll
    for (int i = 0; i < MP_VT; ++i) keys[MP_VT * tid + i] = res[i];
    __syncthreads();

#pragma unroll
    for (int i = 0; i < MP_VT; ++i)
        out[(size_t)blockIdx.x * MP_NV + tid + MP_NT * i] = keys[tid + MP_NT * i];
}

extern "C" __global__ void
merge_path_block_ok(const int* __restrict__ a_src, const int* __restrict__ b_src,
                    int* __restrict__ out)
{
    extern __shared__ int mp_smem[];
    int* keys  = mp_smem;            // [0, 512): A run, [512, 1024): B run
    int* stage = mp_smem + MP_NV;    // merged output staging
    const int tid = threadIdx.x;

    for (int i = tid; i < MP_RUN; i += MP_NT) {
        keys[i]          = a_src[(size_t)blockIdx.x * MP_RUN + i];
        keys[MP_RUN + i] = b_src[(size_t)blockIdx.x * MP_RUN + i];
    }
    __syncthreads();

    const int diag = MP_VT * tid;
    const int mp = mp_search(keys, MP_RUN, MP_RUN, diag);
    int res[MP_VT];
    mp_serial_merge(keys, mp, MP_RUN, MP_RUN + diag - mp, MP_NV, res);

#pragma unroll
    for (int i = 0; i < MP_VT; ++i) stage[MP_VT * tid + i] = res[i];
    __syncthreads();

#pragma unroll
    for (int i = 0; i < MP_VT; ++i)
        out[(size_t)blockIdx.x * MP_NV + tid + MP_NT * i] = stage[tid + MP_NT * i];
}
