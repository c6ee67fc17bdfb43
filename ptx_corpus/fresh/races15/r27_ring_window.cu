// arch: sm_80
// r27_ring_window.cu
// Temporal moving average over the last W frames of a 128-channel stream.
// Frames are staged in a 4-slot shared ring (slot = frame & 3) with one
// barrier per frame; output channel t of frame k mixes channel (t+j) of
// frame k-j for j = 0..W-1 (a skewed window).
//
// Launch: blockDim = (128,1,1), gridDim = (1024,1,1), nframes = 64
//   (in/out hold 1024*64*128 floats).  No dynamic shared memory.
//   movavg_w4_race uses W = 4, movavg_w3_ok uses W = 3.

#define R27_C    128
#define R27_RING 4

template <int W>
__device__ __forceinline__ void r27_body(const float* __restrict__ in, float* __restrict__ out,
                                         int nframes, float (*ring)[R27_C])
{
    const int t = threadIdx.x;
    const size_t base = (size_t)blockIdx.x * nframes * R27_C;
    for (int k = 0; k < nframes; ++k) {
        ring[k & (R27_RING - 1)][t] = in[base + (size_t)k * R27_C + t];
        __syncthreads();
        float acc = 0.0f;
#pragma unroll
        for (int j = 0; j < W; ++j)
            if (j <= k)
                acc += ring[(k - j) & (R27_RING - 1)][(t + j) & (R27_C - 1)];
        out[base + (size_t)k * R27_C + t] = acc * (1.0f / W);
    }
}

extern "C" __global__ void __launch_bounds__(R27_C)
movavg_w4_race(const float* __restrict__ in, float* __restrict__ out, int nframes)
{
    __shared__ float ring[R27_RING][R27_C];
    r27_body<4>(in, out, nframes, ring);
}

extern "C" __global__ void __launch_bounds__(R27_C)
movavg_w3_ok(const float* __restrict__ in, float* __restrict__ out, int nframes)
{
    __shared__ float ring[R27_RING][R27_C];
    r27_body<3>(in, out, nframes, ring);
}
