// r25_fir_filter.cu
//
// 64-tap FIR low-pass filter over a mono audio stream (audio DSP):
// y[n] = sum_m h[m] x[n-m]. Each block produces BLOCK output samples; it
// stages the (time-reversed) taps, the TAPS-1 history samples preceding its
// range and its own BLOCK input samples in shared memory. The stream length
// is not a multiple of the block size, so the last block is partial.
//
// Launch configuration:
//   blockDim = (256,1,1)   (must equal BLOCK)
//   gridDim  = (ceil(n/256),1,1), n = 2,880,040 samples (60 s @ 48 kHz + 40),
//              so the last block has only 40 valid outputs
//   static shared memory only.

#define BLOCK 256
#define TAPS 64

extern "C" __global__ void __launch_bounds__(BLOCK)
fir_filter_race(const float* __restrict__ x, const float* __restrict__ h,
                float* __restrict__ y, int n)
{
    __shared__ float s_h[TAPS];
    __shared__ float s_x[BLOCK + TAPS - 1];
    const int tid = threadIdx.x;
    const int g = blockIdx.x * BLOCK + tid;

    if (tid < TAPS) s_h[tid] = h[TAPS - 1 - tid];
    if (tid < TAPS - 1) s_x[tid] = (g >= TAPS - 1) ? x[g - (TAPS - 1)] : 0.f;   // history
    if (g < n) {
        s_x[tid + TAPS - 1] = x[g];
        __syncthreads();
        float acc = 0.f;
#pragma unroll 16
        for (int k = 0; k < TAPS; ++k) acc += s_h[k] * s_x[tid + k];
        y[g] = acc;
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
fir_filter_ok(const float* __restrict__ x, const float* __restrict__ h,
              float* __restrict__ y, int n)
{
    __shared__ float s_h[TAPS];
    __shared__ float s_x[BLOCK + TAPS - 1];
    const int tid = threadIdx.x;
    const int g = blockIdx.x * BLOCK + tid;

    if (tid < TAPS) s_h[tid] = h[TAPS - 1 - tid];
    if (tid < TAPS - 1) s_x[tid] = (g >= TAPS - 1) ? x[g - (TAPS - 1)] : 0.f;   // history
    if (g < n) s_x[tid + TAPS - 1] = x[g];
    __syncthreads();
    if (g < n) {
        float acc = 0.f;
#pragma unroll 16
        for (int k = 0; k < TAPS; ++k) acc += s_h[k] * s_x[tid + k];
        y[g] = acc;
    }
}
