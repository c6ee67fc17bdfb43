// A 16-point complex FFT per thread, entirely in registers (radix-2, decimation in time, fully
// unrolled): 32 floats of data plus twiddles live at once. Launch-bound and register-cap variants
// make ptxas squeeze or spill them.
#ifndef POINTS
#define POINTS 16
#endif
#if defined(LB_THREADS) && defined(LB_BLOCKS)
#define BOUNDS __launch_bounds__(LB_THREADS, LB_BLOCKS)
#elif defined(LB_THREADS)
#define BOUNDS __launch_bounds__(LB_THREADS)
#elif defined(MAXNREG)
#define BOUNDS __maxnreg__(MAXNREG)
#else
#define BOUNDS
#endif
constexpr int kLog2 = POINTS == 32 ? 5 : POINTS == 16 ? 4 : 3;

__device__ __forceinline__ unsigned bit_reverse(unsigned i) { return __brev(i) >> (32 - kLog2); }

extern "C" __global__ void BOUNDS fft16_regs(const float2 *in, float2 *out, int nffts)
{
    int f = blockIdx.x * blockDim.x + threadIdx.x;
    if (f >= nffts)
        return;
    float re[POINTS], im[POINTS];
    // strided layout: element k of transform f at in[k * nffts + f], so a warp reads contiguously
#pragma unroll
    for (int k = 0; k < POINTS; k++) {
        float2 v = in[(size_t)bit_reverse(k) * nffts + f];
        re[k] = v.x;
        im[k] = v.y;
    }
#pragma unroll
    for (int half = 1; half < POINTS; half *= 2) {
#pragma unroll
        for (int start = 0; start < POINTS; start += 2 * half) {
#pragma unroll
            for (int j = 0; j < half; j++) {
                float s, c;
                __sincosf(-3.14159265f * j / half, &s, &c);
                int a = start + j, b = a + half;
                float tr = re[b] * c - im[b] * s, ti = re[b] * s + im[b] * c;
                re[b] = re[a] - tr;
                im[b] = im[a] - ti;
                re[a] += tr;
                im[a] += ti;
            }
        }
    }
#pragma unroll
    for (int k = 0; k < POINTS; k++)
        out[(size_t)k * nffts + f] = make_float2(re[k], im[k]);
}
