// Monte Carlo kernels with block reductions (SDK MonteCarlo style).

#define MC_BS 256

// One block per option (block-stride over options); paths are strided over threads.
// Launch: blockDim = 256, gridDim = any
extern "C" __global__ void __launch_bounds__(MC_BS)
mc_option_reduce(const float* __restrict__ z, int pathN, const float* __restrict__ S,
                 const float* __restrict__ X, const float* __restrict__ T, float r, float v,
                 float* __restrict__ callValue, float* __restrict__ confidence, int optN)
{
    __shared__ float s_sum[MC_BS];
    __shared__ float s_sum2[MC_BS];
    int tid = threadIdx.x;
    for (int opt = blockIdx.x; opt < optN; opt += gridDim.x) {
        float Sv = S[opt], Xv = X[opt], Tv = T[opt];
        float mu = (r - 0.5f * v * v) * Tv;
        float sig = v * sqrtf(Tv);
        float sum = 0.0f, sum2 = 0.0f;
        for (int i = tid; i < pathN; i += MC_BS) {
            float payoff = fmaxf(Sv * __expf(mu + sig * z[i]) - Xv, 0.0f);
            sum += payoff;
            sum2 += payoff * payoff;
        }
        s_sum[tid] = sum;
        s_sum2[tid] = sum2;
        __syncthreads();
        for (int s = MC_BS / 2; s > 32; s >>= 1) {
            if (tid < s) {
                s_sum[tid] += s_sum[tid + s];
                s_sum2[tid] += s_sum2[tid + s];
            }
            __syncthreads();
        }
        if (tid < 32) {
            float a = s_sum[tid] + s_sum[tid + 32];
            float b = s_sum2[tid] + s_sum2[tid + 32];
            for (int o = 16; o > 0; o >>= 1) {
                a += __shfl_down_sync(0xffffffffu, a, o);
                b += __shfl_down_sync(0xffffffffu, b, o);
            }
            if (tid == 0) {
                float disc = __expf(-r * Tv);
                float mean = a / pathN;
                float stdDev = sqrtf(fmaxf((b - a * mean) / fmaxf((float)(pathN - 1), 1.0f), 0.0f));
                callValue[opt] = disc * mean;
                confidence[opt] = disc * 1.96f * stdDev / sqrtf((float)pathN);
            }
        }
        __syncthreads();
    }
}

// Estimate pi: count random points inside the unit quarter circle.
// Launch: blockDim = 256, gridDim = any
extern "C" __global__ void __launch_bounds__(256)
mc_pi_count(unsigned long long* __restrict__ hitsOut, long long ntrials, unsigned seed)
{
    __shared__ unsigned s_hits;
    if (threadIdx.x == 0) s_hits = 0;
    __syncthreads();
    unsigned gtid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned state = seed ^ (gtid * 2654435761u);
    if (state == 0) state = 0x9E3779B9u;
    unsigned mine = 0;
    long long stride = (long long)blockDim.x * gridDim.x;
    for (long long i = gtid; i < ntrials; i += stride) {
        state ^= state << 13; state ^= state >> 17; state ^= state << 5;
        float px = (state >> 8) * (1.0f / 16777216.0f);
        state ^= state << 13; state ^= state >> 17; state ^= state << 5;
        float py = (state >> 8) * (1.0f / 16777216.0f);
        if (px * px + py * py > 1.0f) continue;
        ++mine;
    }
    unsigned w = __reduce_add_sync(0xffffffffu, mine);
    if ((threadIdx.x & 31) == 0) atomicAdd(&s_hits, w);
    __syncthreads();
    if (threadIdx.x == 0) atomicAdd(hitsOut, (unsigned long long)s_hits);
}
