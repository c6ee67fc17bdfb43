// r21_radix_sort.cu
//
// Block-local LSD radix sort of (key, row id) pairs, one bit per pass
// (databases: ORDER BY / sort-merge join run generation). Each pass splits
// the keys on one bit: zero-bit keys keep their relative order and go first.
// Ranks come from warp ballots plus per-warp zero counts exchanged through
// shared memory; the pairs are then scattered in place in shared memory.
// After 32 passes the sorted run is written out.
//
// Launch configuration:
//   blockDim = (512,1,1)   (16 warps, must equal BLOCK)
//   gridDim  = (n/512,1,1), n = 1<<22 32-bit keys
//   static shared memory only.

#define BLOCK 512
#define NW (BLOCK / 32)

extern "C" __global__ void __launch_bounds__(BLOCK)
radix_sort_race(const unsigned* __restrict__ keys_in, const unsigned* __restrict__ rowid_in,
                unsigned* __restrict__ keys_out, unsigned* __restrict__ rowid_out)
{
    __shared__ unsigned s_keys[BLOCK];
    __shared__ unsigned s_vals[BLOCK];
    __shared__ unsigned s_wz[NW];
    const unsigned tid = threadIdx.x, lane = tid & 31u, warp = tid >> 5;
    const size_t g = (size_t)blockIdx.x * BLOCK + tid;
    const unsigned lt_mask = (1u << lane) - 1u;

    s_keys[tid] = keys_in[g];
    s_vals[tid] = rowid_in[g];
    __syncthreads();

    for (int bit = 0; bit < 32; ++bit) {
        const unsigned key = s_keys[tid], val = s_vals[tid];
        const bool zero = ((key >> bit) & 1u) == 0u;
        const unsigned bal = __ballot_sync(0xffffffffu, zero);
        if (lane == 0) s_wz[warp] = __popc(bal);
        __syncthreads();

        unsigned zb = 0u, zt = 0u;
#pragma unroll
        for (int w = 0; w < NW; ++w) {
            const unsigned z = s_wz[w];
            zb += (w < (int)warp) ? z : 0u;
            zt += z;
        }
        const unsigned zeros_before = zb + __popc(bal & lt_mask);
        const unsigned rank = zero ? zeros_before : zt + (tid - zeros_before);
        s_keys[rank] = key;
        s_vals[rank] = val;
        if (bit < 31) __syncthreads();
    }

    keys_out[g] = s_keys[tid];
    rowid_out[g] = s_vals[tid];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
radix_sort_ok(const unsigned* __restrict__ keys_in, const unsigned* __restrict__ rowid_in,
              unsigned* __restrict__ keys_out, unsigned* __restrict__ rowid_out)
{
    __shared__ unsigned s_keys[BLOCK];
    __shared__ unsigned s_vals[BLOCK];
    __shared__ unsigned s_wz[NW];
    const unsigned tid = threadIdx.x, lane = tid & 31u, warp = tid >> 5;
    const size_t g = (size_t)blockIdx.x * BLOCK + tid;
    const unsigned lt_mask = (1u << lane) - 1u;

    s_keys[tid] = keys_in[g];
    s_vals[tid] = rowid_in[g];
    __syncthreads();

    for (int bit = 0; bit < 32; ++bit) {
        const unsigned key = s_keys[tid], val = s_vals[tid];
        const bool zero = ((key >> bit) & 1u) == 0u;
        const unsigned bal = __ballot_sync(0xffffffffu, zero);
        if (lane == 0) s_wz[warp] = __popc(bal);
        __syncthreads();

        unsigned zb = 0u, zt = 0u;
#pragma unroll
        for (int w = 0; w < NW; ++w) {
            const unsigned z = s_wz[w];
            zb += (w < (int)warp) ? z : 0u;
            zt += z;
        }
        const unsigned zeros_before = zb + __popc(bal & lt_mask);
        const unsigned rank = zero ? zeros_before : zt + (tid - zeros_before);
        s_keys[rank] = key;
        s_vals[rank] = val;
        __syncthreads();
    }

    keys_out[g] = s_keys[tid];
    rowid_out[g] = s_vals[tid];
}
