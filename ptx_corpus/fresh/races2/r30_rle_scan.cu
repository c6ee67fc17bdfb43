#define RL_T 256
#define RL_W (RL_T / 32)

extern "C" __global__ void __launch_bounds__(RL_T)
rle_block_race(const int* __restrict__ in, int* __restrict__ run_vals,
               int* __restrict__ run_lens, int* __restrict__ nruns, int n)
{
    __shared__ int s_wt[RL_W];
    __shared__ int s_start[RL_T + 1];
    int tid = threadIdx.x, lane = tid & 31, w = tid >> 5;
    int base = blockIdx.x * RL_T;
    int i = base + tid;
    bool valid = i < n;
    int v = valid ? in[i] : 0;
    bool head = valid && (tid == 0 || v != in[i - 1]);

    unsigned bal = __ballot_sync(0xffffffffu, head);
    if (lane == 0) s_wt[w] = __popc(bal);
    int total = __syncthreads_count(head);

    int off = 0;
#pragma unroll
    for (int k = 0; k < RL_W; ++k) off += (k < w) ? s_wt[k] : 0;
    int r = off + __popc(bal & ((1u << lane) - 1u));
    if (head) s_start[r] = tid;
    if (tid == 0) s_start[total] = min(RL_T, n - base);

    if (head) {
        run_vals[base + r] = v;
        run_lens[base + r] = s_start[r + 1] - tid;
    }
    if (tid == 0) nruns[blockIdx.x] = total;
}

extern "C" __global__ void __launch_bounds__(RL_T)
rle_block_ok(const int* __restrict__ in, int* __restrict__ run_vals,
             int* __restrict__ run_lens, int* __restrict__ nruns, int n)
{
    __shared__ int s_wt[RL_W];
    __shared__ int s_start[RL_T + 1];
    int tid = threadIdx.x, lane = tid & 31, w = tid >> 5;
    int base = blockIdx.x * RL_T;
    int i = base + tid;
    bool valid = i < n;
    int v = valid ? in[i] : 0;
    bool head = valid && (tid == 0 || v != in[i - 1]);

    unsigned bal = __ballot_sync(0xffffffffu, head);
    if (lane == 0) s_wt[w] = __popc(bal);
    int total = __syncthreads_count(head);

    int off = 0;
#pragma unroll
    for (int k = 0; k < RL_W; ++k) off += (k < w) ? s_wt[k] : 0;
    int r = off + __popc(bal & ((1u << lane) - 1u));
    if (head) s_start[r] = tid;
    if (tid == 0) s_start[total] = min(RL_T, n - base);
    __syncthreads();

    if (head) {
        run_vals[base + r] = v;
        run_lens[base + r] = s_start[r + 1] - tid;
    }
    if (tid == 0) nruns[blockIdx.x] = total;
}
