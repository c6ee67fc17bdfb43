// arch: sm_80
// Launch: blockDim = (256,1,1), gridDim = (n/512,1,1), n a multiple of 512,
//         no dynamic shared memory. Each block scans 512 floats (two per thread)
//         with the work-efficient (Blelloch) exclusive scan from GPU Gems 3 ch.39,
//         using the bank-conflict-avoiding padding. block_sums has gridDim.x entries.

#define SCAN_N        512
#define LOG_NUM_BANKS 5
#define CF_OFFSET(n)  ((n) >> LOG_NUM_BANKS)

extern "C" __global__ void __launch_bounds__(256)
scan_blelloch_race(const float* __restrict__ in, float* __restrict__ out,
                   float* __restrict__ block_sums)
{
    __shared__ float temp[SCAN_N + SCAN_N / 32];
    const int tid  = threadIdx.x;
    const int base = blockIdx.x * SCAN_N;

    const int ai = tid;
    const int bi = tid + SCAN_N / 2;
    temp[ai + CF_OFFSET(ai)] = in[base + ai];
    temp[bi + CF_OFFSET(bi)] = in[base + bi];

    int offset = 1;
    for (int d = SCAN_N >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (tid < d) {
            int a = offset * (2 * tid + 1) - 1;
            int b = offset * (2 * tid + 2) - 1;
            a += CF_OFFSET(a);
            b += CF_OFFSET(b);
            temp[b] += temp[a];
        }
        offset <<= 1;
    }

    if (tid == 0) {
        const int last = SCAN_N - 1 + CF_OFFSET(SCAN_N - 1);
        block_sums[blockIdx.x] = temp[last];
        temp[last] = 0.0f;
    }

    for (int d = 1; d < SCAN_N; d <<= 1) {
        offset >>= 1;
        __syncthreads();
        if (tid < d) {
            int a = offset * (2 * tid + 1) - 1;
            int b = offset * (2 * tid + 2) - 1;
            a += CF_OFFSET(a);
            b += CF_OFFSET(b);
            float t = temp[a];
            temp[a] = temp[b];
            temp[b] += t;
        }
    }

    out[base + ai] = temp[ai + CF_OFFSET(ai)];
    out[base + bi] = temp[bi + CF_OFFSET(bi)];
}

extern "C" __global__ void __launch_bounds__(256)
scan_blelloch_ok(const float* __restrict__ in, float* __restrict__ out,
                 float* __restrict__ block_sums)
{
    __shared__ float temp[SCAN_N + SCAN_N / 32];
    const int tid  = threadIdx.x;
    const int base = blockIdx.x * SCAN_N;

    const int ai = tid;
    const int bi = tid + SCAN_N / 2;
    temp[ai + CF_OFFSET(ai)] = in[base + ai];
    temp[bi + CF_OFFSET(bi)] = in[base + bi];

    int offset = 1;
    for (int d = SCAN_N >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (tid < d) {
            int a = offset * (2 * tid + 1) - 1;
            int b = offset * (2 * tid + 2) - 1;
            a += CF_OFFSET(a);
            b += CF_OFFSET(b);
            temp[b] += temp[a];
        }
        offset <<= 1;
    }

    if (tid == 0) {
        const int last = SCAN_N - 1 + CF_OFFSET(SCAN_N - 1);
        block_sums[blockIdx.x] = temp[last];
        temp[last] = 0.0f;
    }

    for (int d = 1; d < SCAN_N; d <<= 1) {
        offset >>= 1;
        __syncthreads();
        if (tid < d) {
            int a = offset * (2 * tid + 1) - 1;
            int b = offset * (2 * tid + 2) - 1;
            a += CF_OFFSET(a);
            b += CF_OFFSET(b);
            float t = temp[a];
            temp[a] = temp[b];
            temp[b] += t;
        }
    }

    const int e0 = 2 * tid;
    const int e1 = 2 * tid + 1;
    out[base + e0] = temp[e0 + CF_OFFSET(e0)];
    out[base + e1] = temp[e1 + CF_OFFSET(e1)];
}
