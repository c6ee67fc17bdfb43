// r26_groupby_hash.cu
//
// Hash aggregation SELECT store_id, SUM(amount), COUNT(*) GROUP BY store_id
// (databases). Each block aggregates a grid-stride slice of the fact table
// into a shared-memory open-addressing hash table (linear probing, slots
// claimed with atomicCAS, aggregates updated with shared atomics); the probe
// loop first peeks at the slot so that the common "key already present" case
// avoids the CAS. At the end each block merges its table into a global hash
// table with global atomics.
//
// Launch configuration:
//   blockDim = (256,1,1)
//   gridDim  = (1024,1,1), grid-stride over n = 1<<24 rows
//   ~500 distinct store ids (table never fills), g_slots = 4096 (power of 2),
//   g_keys initialised to -1; static shared memory (1024 slots).

#define BLOCK 256
#define SLOTS 1024
#define EMPTY_KEY (-1)

__device__ __forceinline__ unsigned hash32(unsigned k)
{
    k ^= k >> 16; k *= 0x7feb352du;
    k ^= k >> 15; k *= 0x846ca68bu;
    k ^= k >> 16;
    return k;
}

__device__ __forceinline__ void flush_table(const int* s_keys, const float* s_sum, const unsigned* s_cnt,
                                            int* g_keys, float* g_sum, unsigned* g_cnt, int g_slots)
{
    for (int i = threadIdx.x; i < SLOTS; i += BLOCK) {
        const int k = s_keys[i];
        if (k == EMPTY_KEY) continue;
        unsigned gs = hash32((unsigned)k) & (unsigned)(g_slots - 1);
        while (true) {
            const int prev = atomicCAS(&g_keys[gs], EMPTY_KEY, k);
            if (prev == EMPTY_KEY || prev == k) break;
            gs = (gs + 1) & (unsigned)(g_slots - 1);
        }
        atomicAdd(&g_sum[gs], s_sum[i]);
        atomicAdd(&g_cnt[gs], s_cnt[i]);
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
groupby_hash_race(const int* __restrict__ store_id, const float* __restrict__ amount, int n,
                  int* __restrict__ g_keys, float* __restrict__ g_sum,
                  unsigned* __restrict__ g_cnt, int g_slots)
{
    __shared__ int s_keys[SLOTS];
    __shared__ float s_sum[SLOTS];
    __shared__ unsigned s_cnt[SLOTS];

    for (int i = threadIdx.x; i < SLOTS; i += BLOCK) { s_keys[i] = EMPTY_KEY; s_sum[i] = 0.f; s_cnt[i] = 0u; }
    __syncthreads();

    for (int r = blockIdx.x * BLOCK + threadIdx.x; r < n; r += gridDim.x * BLOCK) {
        const int k = store_id[r];
        unsigned slot = hash32((unsigned)k) & (SLOTS - 1);
        while (true) {
            const int cur = s_keys[slot];
            if (cur == k) break;
            if (cur == EMPTY_KEY) {
                const int prev = atomicCAS(&s_keys[slot], EMPTY_KEY, k);
                if (prev == EMPTY_KEY || prev == k) break;
            }
            slot = (slot + 1) & (SLOTS - 1);
        }
        atomicAdd(&s_sum[slot], amount[r]);
        atomicAdd(&s_cnt[slot], 1u);
    }
    __syncthreads();

    flush_table(s_keys, s_sum, s_cnt, g_keys, g_sum, g_cnt, g_slots);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
groupby_hash_ok(const int* __restrict__ store_id, const float* __restrict__ amount, int n,
                int* __restrict__ g_keys, float* __restrict__ g_sum,
                unsigned* __restrict__ g_cnt, int g_slots)
{
    __shared__ int s_keys[SLOTS];
    __shared__ float s_sum[SLOTS];
    __shared__ unsigned s_cnt[SLOTS];

    for (int i = threadIdx.x; i < SLOTS; i += BLOCK) { s_keys[i] = EMPTY_KEY; s_sum[i] = 0.f; s_cnt[i] = 0u; }
    __syncthreads();

    for (int r = blockIdx.x * BLOCK + threadIdx.x; r < n; r += gridDim.x * BLOCK) {
        const int k = store_id[r];
        unsigned slot = hash32((unsigned)k) & (SLOTS - 1);
        while (true) {
            const int prev = atomicCAS(&s_keys[slot], EMPTY_KEY, k);
            if (prev == EMPTY_KEY || prev == k) break;
            slot = (slot + 1) & (SLOTS - 1);
        }
        atomicAdd(&s_sum[slot], amount[r]);
        atomicAdd(&s_cnt[slot], 1u);
    }
    __syncthreads();

    flush_table(s_keys, s_sum, s_cnt, g_keys, g_sum, g_cnt, g_slots);
}
