// Producer/consumer halves of a block: threads 0..127 compute squared inputs into shared,
// threads 128..255 consume them. 256 threads. (The barrier that used to sit inside the producer
// branch was deleted because it was divergent.)
#define NT 256
#define HALF (NT / 2)

// RACE: producers (tid < 128) store sq[tid] and consumers (tid >= 128) read sq[tid-128] and sq[tid-127] in the else-branch with no barrier between them.
extern "C" __global__ void __launch_bounds__(NT) split_roles_race(const float* in, float* out)
{
    __shared__ float sq[HALF + 1];
    int tid = threadIdx.x;
    const float* src = in + blockIdx.x * HALF;
    if (tid < HALF) {
        float v = src[tid];
        sq[tid] = v * v;
        if (tid == 0) sq[HALF] = 0.f;
    } else {
        int k = tid - HALF;
        out[blockIdx.x * HALF + k] = sqrtf(sq[k] + sq[k + 1]);
    }
}

// OK: the work is split into two phases with a __syncthreads() outside the divergent branches, reached by all threads.
extern "C" __global__ void __launch_bounds__(NT) split_roles_ok(const float* in, float* out)
{
    __shared__ float sq[HALF + 1];
    int tid = threadIdx.x;
    const float* src = in + blockIdx.x * HALF;
    if (tid < HALF) {
        float v = src[tid];
        sq[tid] = v * v;
        if (tid == 0) sq[HALF] = 0.f;
    }
    __syncthreads();
    if (tid >= HALF) {
        int k = tid - HALF;
        out[blockIdx.x * HALF + k] = sqrtf(sq[k] + sq[k + 1]);
    }
}
