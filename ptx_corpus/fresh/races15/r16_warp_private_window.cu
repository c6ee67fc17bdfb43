// arch: sm_80
// r16_warp_private_window.cu
// Per-frame circular 4-tap FIR: the signal is cut into 32-sample frames and
// each warp processes whole frames on its own, using a 32-float slice of a
// shared array (slice w = s[32w .. 32w+31]) and only __syncwarp().
//
// Launch (both kernels): blockDim = (256,1,1) (8 warps), gridDim = (160,1,1),
//   nframes = 40960 (in/out hold nframes*32 floats).  No dynamic shared memory.

#define R16_THREADS 256
#define R16_NW      8
#define R16_TAPS    4

__constant__ float r16_h[R16_TAPS];

extern "C" __global__ void __launch_bounds__(R16_THREADS)
frame_fir_race(const float* __restrict__ in, float* __restrict__ out, int nframes)
{
    __shared__ float s[R16_NW * 32 + 32];
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    float* mine = s + warp * 32;

    for (int f = blockIdx.x * R16_NW + warp; f < nframes; f += gridDim.x * R16_NW) {
        mine[lane] = in[(size_t)f * 32 + lane];
        __syncwarp();
        float acc = 0.0f;
#pragma unroll
        for (int k = 0; k < R16_TAPS; ++k)
            acc += r16_h[k] * mine[lane + k];
        out[(size_t)f * 32 + lane] = acc;
        __syncwarp();
    }
}

extern "C" __global__ void __launch_bounds__(R16_THREADS)
frame_fir_ok(const float* __restrict__ in, float* __restrict__ out, int nframes)
{
    __shared__ float s[R16_NW * 32 + 32];
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    float* mine = s + warp * 32;

    for (int f = blockIdx.x * R16_NW + warp; f < nframes; f += gridDim.x * R16_NW) {
        mine[lane] = in[(size_t)f * 32 + lane];
        __syncwarp();
        float acc = 0.0f;
#pragma unroll
        for (int k = 0; k < R16_TAPS; ++k)
            acc += r16_h[k] * mine[(lane + k) & 31];
        out[(size_t)f * 32 + lane] = acc;
        __syncwarp();
    }
}
