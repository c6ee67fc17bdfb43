// r09_conv1d_stream.cu
// 1-D convolution with a 17-tap filter (radius 8).  Each block streams over its
// own contiguous segment of `seg_len` outputs in chunks of 256, keeping a
// sliding window s[0 .. 256+16) in shared memory: the last 2R samples of one
// window become the first 2R samples of the next, so every input is loaded once.
//
// Launch (both kernels): blockDim = 256 (BLOCK); gridDim = ceil(n / seg_len),
//   seg_len a multiple of 256 and >= 512 (at least two chunks per segment).  The chunk loop's trip count depends only on
//   blockIdx.x and seg_len, so it is uniform within a block.
#define BLOCK 256
#define R 8
#define TAPS (2 * R + 1)

extern "C" __global__ void __launch_bounds__(BLOCK)
conv1d_stream_race(const float* __restrict__ in, float* __restrict__ out,
                   const float* __restrict__ w, int n, int seg_len)
{
    __shared__ float s[BLOCK + 2 * R];      // s[i] = in[base - R + i]
    const int tid = threadIdx.x;
    float wr[TAPS];
    #pragma unroll
    for (int k = 0; k < TAPS; ++k) wr[k] = w[k];

    const int seg0 = blockIdx.x * seg_len;
    if (tid < 2 * R) {
        const int g = seg0 - R + tid;
        s[tid] = (g >= 0 && g < n) ? in[g] : 0.f;
    }
    for (int base = seg0; base < seg0 + seg_len; base += BLOCK) {
        const int g = base + R + tid;
        s[2 * R + tid] = (g < n) ? in[g] : 0.f;
        __syncthreads();

        float acc = 0.f;
        #pragma unroll
        for (int k = 0; k < TAPS; ++k) acc = fmaf(wr[k], s[tid + k], acc);
        if (base + tid < n) out[base + tid] = acc;
        __syncthreads();

        // slide the window: keep the last 2R samples
        if (tid < 2 * R) s[tid] = s[BLOCK + tid];
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
conv1d_stream_ok(const float* __restrict__ in, float* __restrict__ out,
                 const float* __restrict__ w, int n, int seg_len)
{
    __shared__ float s[BLOCK + 2 * R];
    const int tid = threadIdx.x;
    float wr[TAPS];
    #pragma unroll
    for (int k = 0; k < TAPS; ++k) wr[k] = w[k];

    const int seg0 = blockIdx.x * seg_len;
    if (tid < 2 * R) {
        const int g = seg0 - R + tid;
        s[tid] = (g >= 0 && g < n) ? in[g] : 0.f;
    }
    for (int base = seg0; base < seg0 + seg_len; base += BLOCK) {
        const int g = base + R + tid;
        s[2 * R + tid] = (g < n) ? in[g] : 0.f;
        __syncthreads();

        float acc = 0.f;
        #pragma unroll
        for (int k = 0; k < TAPS; ++k) acc = fmaf(wr[k], s[tid + k], acc);
        if (base + tid < n) out[base + tid] = acc;

        // Take the overlap into a register before the barrier and store it after:
        // the store to s[0..2R) needs no further barrier before the next chunk's
        // stores, which go to s[2R..) only.
        const float keep = (tid < 2 * R) ? s[BLOCK + tid] : 0.f;
        __syncthreads();
        if (tid < 2 * R) s[tid] = keep;
    }
}
