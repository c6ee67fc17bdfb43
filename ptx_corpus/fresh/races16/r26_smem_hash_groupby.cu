// arch: sm_80
// Launch: blockDim = (256,1,1), gridDim = (ceil(n/1024),1,1); each block aggregates
//         1024 consecutive (key, value) pairs. Keys != 0xffffffff.
//         Group-by-sum with an open-addressing (linear probing) hash table in shared
//         memory: slots are claimed with atomicCAS on the key array, values are summed
//         into a parallel float array. The per-block table is dumped to
//         out_keys/out_sums[blockIdx.x*1024 ..]. Pair base+j*256+t is handled by thread t.
//         Labels hold for inputs in which one key occurs in a block at two positions
//         handled by different threads (positions not congruent mod 256).

#define HT_SIZE  1024
#define HT_EMPTY 0xffffffffu
#define HT_ITEMS 4

extern "C" __global__ void
smem_groupby_sum_race(const unsigned* __restrict__ keys, const float* __restrict__ vals, int n,
                      unsigned* __restrict__ out_keys, float* __restrict__ out_sums)
{
    __shared__ unsigned s_keys[HT_SIZE];
    __shared__ float    s_sums[HT_SIZE];
    const int tid = threadIdx.x;

    for (int i = tid; i < HT_SIZE; i += blockDim.x) { s_keys[i] = HT_EMPTY; s_sums[i] = 0.0f; }
    __syncthreads();

    const int base = blockIdx.x * blockDim.x * HT_ITEMS;
    for (int j = 0; j < HT_ITEMS; ++j) {
        const int i = base + j * blockDim.x + tid;
        if (i < n) {
            const unsigned key = keys[i];
            const float v = vals[i];
            unsigned h = (key * 2654435761u) & (HT_SIZE - 1);
            while (true) {
                const unsigned prev = atomicCAS(&s_keys[h], HT_EMPTY, key);
                if (prev == HT_EMPTY) { s_sums[h] = v; break; }          // new group
                if (prev == key)      { atomicAdd(&s_sums[h], v); break; }
                h = (h + 1) & (HT_SIZE - 1);
            }
        }
    }
    __syncthreads();

    for (int s = tid; s < HT_SIZE; s += blockDim.x) {
        out_keys[(size_t)blockIdx.x * HT_SIZE + s] = s_keys[s];
        out_sums[(size_t)blockIdx.x * HT_SIZE + s] = s_sums[s];
    }
}

extern "C" __global__ void
smem_groupby_sum_ok(const unsigned* __restrict__ keys, const float* __restrict__ vals, int n,
                    unsigned* __restrict__ out_keys, float* __restrict__ out_sums)
{
    __shared__ unsigned s_keys[HT_SIZE];
    __shared__ float    s_sums[HT_SIZE];
    const int tid = threadIdx.x;

    for (int i = tid; i < HT_SIZE; i += blockDim.x) { s_keys[i] = HT_EMPTY; s_sums[i] = 0.0f; }
    __syncthreads();

    const int base = blockIdx.x * blockDim.x * HT_ITEMS;
    for (int j = 0; j < HT_ITEMS; ++j) {
        const int i = base + j * blockDim.x + tid;
        if (i < n) {
            const unsigned key = keys[i];
            const float v = vals[i];
            unsigned h = (key * 2654435761u) & (HT_SIZE - 1);
            while (true) {
                const unsigned prev = atomicCAS(&s_keys[h], HT_EMPTY, key);
                if (prev == HT_EMPTY || prev == key) { atomicAdd(&s_sums[h], v); break; }
                h = (h + 1) & (HT_SIZE - 1);
            }
        }
    }
    __syncthreads();

    for (int s = tid; s < HT_SIZE; s += blockDim.x) {
        out_keys[(size_t)blockIdx.x * HT_SIZE + s] = s_keys[s];
        out_sums[(size_t)blockIdx.x * HT_SIZE + s] = s_sums[s];
    }
}
