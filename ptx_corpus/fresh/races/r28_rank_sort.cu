// Rank (counting) sort of 128 key/value pairs per block, 128 threads: each thread computes the final
// position of its pair and scatters it into shared arrays.
#define N 128

// RACE: rank = #keys strictly smaller; equal keys get the same rank, so two threads store to sk[rank]/sv[rank] (different payloads) concurrently.
extern "C" __global__ void __launch_bounds__(N) rank_sort_race(const int* keys, const float* vals, int* keys_out, float* vals_out)
{
    __shared__ int k_in[N];
    __shared__ int sk[N];
    __shared__ float sv[N];
    int t = threadIdx.x;
    int g = blockIdx.x * N + t;
    int my = keys[g];
    float mv = vals[g];
    k_in[t] = my;
    __syncthreads();
    int rank = 0;
    for (int j = 0; j < N; ++j) rank += (k_in[j] < my);
    sk[rank] = my;
    sv[rank] = mv;
    __syncthreads();
    keys_out[g] = sk[t];
    vals_out[g] = sv[t];
}

// OK: ties broken by thread index (stable rank), so every thread gets a distinct slot.
extern "C" __global__ void __launch_bounds__(N) rank_sort_ok(const int* keys, const float* vals, int* keys_out, float* vals_out)
{
    __shared__ int k_in[N];
    __shared__ int sk[N];
    __shared__ float sv[N];
    int t = threadIdx.x;
    int g = blockIdx.x * N + t;
    int my = keys[g];
    float mv = vals[g];
    k_in[t] = my;
    __syncthreads();
    int rank = 0;
    for (int j = 0; j < N; ++j) {
        int kj = k_in[j];
        rank += (kj < my) || (kj == my && j < t);
    }
    sk[rank] = my;
    sv[rank] = mv;
    __syncthreads();
    keys_out[g] = sk[t];
    vals_out[g] = sv[t];
}
