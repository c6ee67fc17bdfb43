// Per-block maximum score (as bits of a non-negative float) plus the number of elements above a threshold. 256 threads.
#define NT 256

// RACE: check-then-act on shared s_best / s_cnt: many threads read s_best, compare, and store their own value, and s_cnt += 1 is a plain read-modify-write; concurrent writers of the same word.
extern "C" __global__ void __launch_bounds__(NT) best_score_race(const float* score, int n, float thresh, unsigned* gbest, int* gcount)
{
    __shared__ unsigned s_best;
    __shared__ int s_cnt;
    if (threadIdx.x == 0) { s_best = 0u; s_cnt = 0; }
    __syncthreads();
    for (int i = blockIdx.x * NT + threadIdx.x; i < n; i += gridDim.x * NT) {
        float v = fmaxf(score[i], 0.f);
        unsigned bits = __float_as_uint(v);
        if (bits > s_best) s_best = bits;
        if (v > thresh) s_cnt += 1;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        atomicMax(gbest, s_best);
        atomicAdd(gcount, s_cnt);
    }
}

// OK: atomicMax / atomicAdd on the shared variables.
extern "C" __global__ void __launch_bounds__(NT) best_score_ok(const float* score, int n, float thresh, unsigned* gbest, int* gcount)
{
    __shared__ unsigned s_best;
    __shared__ int s_cnt;
    if (threadIdx.x == 0) { s_best = 0u; s_cnt = 0; }
    __syncthreads();
    for (int i = blockIdx.x * NT + threadIdx.x; i < n; i += gridDim.x * NT) {
        float v = fmaxf(score[i], 0.f);
        unsigned bits = __float_as_uint(v);
        atomicMax(&s_best, bits);
        if (v > thresh) atomicAdd(&s_cnt, 1);
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        atomicMax(gbest, s_best);
        atomicAdd(gcount, s_cnt);
    }
}
