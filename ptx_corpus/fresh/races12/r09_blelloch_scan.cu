// Work-efficient exclusive scan (Blelloch / GPU Gems 3 ch.39) of 512-element segments with
// bank-conflict-avoiding padding. Each block scans in[b*512 .. b*512+511] into out[] (exclusive).
// Launch: blockDim = (256,1,1) (compile-time BLOCK, two elements per thread), gridDim = (n/512,1,1),
// no dynamic shared memory; n multiple of 512.
#define BLOCK 256
#define N (2 * BLOCK)
#define LOG_NUM_BANKS 5
#define CFO(i) ((i) >> LOG_NUM_BANKS)

extern "C" __global__ void __launch_bounds__(BLOCK)
blelloch_race(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float temp[N + N / 32];
    const int thid = threadIdx.x;
    const float* gin = in + blockIdx.x * N;
    float* gout = out + blockIdx.x * N;

    const int ai0 = thid, bi0 = thid + N / 2;
    temp[ai0 + CFO(ai0)] = gin[ai0];
    temp[bi0 + CFO(bi0)] = gin[bi0];

    int offset = 1;
    for (int d = N >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1, bi = offset * (2 * thid + 2) - 1;
            ai += CFO(ai); bi += CFO(bi);
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    if (thid == 0) temp[N - 1 + CFO(N - 1)] = 0.f;
    for (int d = 1; d < N; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1, bi = offset * (2 * thid + 2) - 1;
            ai += CFO(ai); bi += CFO(bi);
            float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    gout[ai0] = temp[ai0 + CFO(ai0)];
    gout[bi0] = temp[bi0 + CFO(bi0)];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
blelloch_ok(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float temp[N + N / 32];
    const int thid = threadIdx.x;
    const float* gin = in + blockIdx.x * N;
    float* gout = out + blockIdx.x * N;

    const int ai0 = thid, bi0 = thid + N / 2;
    temp[ai0 + CFO(ai0)] = gin[ai0];
    temp[bi0 + CFO(bi0)] = gin[bi0];

    int offset = 1;
    for (int d = N >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1, bi = offset * (2 * thid + 2) - 1;
            ai += CFO(ai); bi += CFO(bi);
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    if (thid == 0) temp[N - 1 + CFO(N - 1)] = 0.f;
    for (int d = 1; d < N; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1, bi = offset * (2 * thid + 2) - 1;
            ai += CFO(ai); bi += CFO(bi);
            float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();
    gout[ai0] = temp[ai0 + CFO(ai0)];
    gout[bi0] = temp[bi0 + CFO(bi0)];
}
