#define FD_T 256

extern "C" __global__ void __launch_bounds__(FD_T)
fwd_diff_race(const float* __restrict__ in, float* __restrict__ out, int n, int seg)
{
    __shared__ float s[FD_T + 1];
    int tid = threadIdx.x;
    int start = blockIdx.x * seg;
    int end = min(start + seg, n);

    for (int base = start; base < end; base += FD_T) {
        int i = base + tid;
        if (base + FD_T < end) {
            s[tid] = in[i];
            if (tid == 0) s[FD_T] = in[base + FD_T];
            __syncthreads();
            out[i] = s[tid + 1] - s[tid];
            __syncthreads();
        } else {
            int m = end - base;
            if (tid < m) s[tid] = in[i];
            if (tid == 0) s[m] = (end < n) ? in[end] : in[end - 1];
            if (tid < m) out[i] = s[tid + 1] - s[tid];
        }
    }
}

extern "C" __global__ void __launch_bounds__(FD_T)
fwd_diff_ok(const float* __restrict__ in, float* __restrict__ out, int n, int seg)
{
    __shared__ float s[FD_T + 1];
    int tid = threadIdx.x;
    int start = blockIdx.x * seg;
    int end = min(start + seg, n);

    for (int base = start; base < end; base += FD_T) {
        int i = base + tid;
        if (base + FD_T < end) {
            s[tid] = in[i];
            if (tid == 0) s[FD_T] = in[base + FD_T];
            __syncthreads();
            out[i] = s[tid + 1] - s[tid];
            __syncthreads();
        } else {
            int m = end - base;
            if (tid < m) s[tid] = in[i];
            if (tid == 0) s[m] = (end < n) ? in[end] : in[end - 1];
            __syncthreads();
            if (tid < m) out[i] = s[tid + 1] - s[tid];
        }
    }
}
