// Inclusive Hillis-Steele scan of one 256-element block.
#define N 256

// RACE: in-place update temp[t] += temp[t-off]: thread t reads temp[t-off] while thread t-off writes it in the same step; no double buffer or barriers between read and write.
extern "C" __global__ void __launch_bounds__(N) hs_scan_race(const int* in, int* out)
{
    __shared__ int temp[N];
    int t = threadIdx.x;
    int g = blockIdx.x * N + t;
    temp[t] = in[g];
    __syncthreads();
    for (int off = 1; off < N; off <<= 1) {
        if (t >= off)
            temp[t] += temp[t - off];
        __syncthreads();
    }
    out[g] = temp[t];
}

// OK: double-buffered (ping-pong) scan; each step reads buf[pin] and writes buf[pout], with a barrier per step.
extern "C" __global__ void __launch_bounds__(N) hs_scan_ok(const int* in, int* out)
{
    __shared__ int temp[2][N];
    int t = threadIdx.x;
    int g = blockIdx.x * N + t;
    int pout = 0, pin = 1;
    temp[pout][t] = in[g];
    __syncthreads();
    for (int off = 1; off < N; off <<= 1) {
        pout = 1 - pout;
        pin = 1 - pout;
        if (t >= off)
            temp[pout][t] = temp[pin][t] + temp[pin][t - off];
        else
            temp[pout][t] = temp[pin][t];
        __syncthreads();
    }
    out[g] = temp[pout][t];
}
