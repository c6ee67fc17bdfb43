// Per-block work list: threads whose element passes a threshold append it to a shared queue,
// then the block flushes the queue to global memory. 256 threads.
#define NT 256

// RACE: the queue tail is read and then incremented non-atomically (pos = s_tail; s_tail = pos + 1) so two threads can get the same pos and both write s_queue[pos] and s_tail.
extern "C" __global__ void __launch_bounds__(NT) filter_queue_race(const int* in, int n, int thresh, int* out, int* out_count)
{
    __shared__ int s_queue[NT];
    __shared__ int s_tail;
    __shared__ int s_base;
    int tid = threadIdx.x;
    if (tid == 0) s_tail = 0;
    __syncthreads();
    int i = blockIdx.x * NT + tid;
    if (i < n) {
        int v = in[i];
        if (v > thresh) {
            int pos = s_tail;
            s_tail = pos + 1;
            s_queue[pos] = v;
        }
    }
    __syncthreads();
    if (tid == 0) s_base = atomicAdd(out_count, s_tail);
    __syncthreads();
    if (tid < s_tail) out[s_base + tid] = s_queue[tid];
}

// OK: the slot is reserved with atomicAdd on the shared tail, so every writer gets a distinct pos.
extern "C" __global__ void __launch_bounds__(NT) filter_queue_ok(const int* in, int n, int thresh, int* out, int* out_count)
{
    __shared__ int s_queue[NT];
    __shared__ int s_tail;
    __shared__ int s_base;
    int tid = threadIdx.x;
    if (tid == 0) s_tail = 0;
    __syncthreads();
    int i = blockIdx.x * NT + tid;
    if (i < n) {
        int v = in[i];
        if (v > thresh) {
            int pos = atomicAdd(&s_tail, 1);
            s_queue[pos] = v;
        }
    }
    __syncthreads();
    if (tid == 0) s_base = atomicAdd(out_count, s_tail);
    __syncthreads();
    if (tid < s_tail) out[s_base + tid] = s_queue[tid];
}
