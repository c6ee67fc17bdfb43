// Per-thread top-K of a strided slice: keeps the K largest values seen, sorted.
//   SHIFT 1: insertion at a data-dependent position (a loop that shifts best[j] down until the
//            slot is found): a dynamically indexed local array.
//   SHIFT 0: a fully unrolled compare-exchange chain: every index constant, registers only.
#ifndef K
#define K 8
#endif
#ifndef SHIFT
#define SHIFT 1
#endif
extern "C" __global__ void topk_local(const float *in, float *out, int per_thread, int nthreads)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nthreads)
        return;
    float best[K];
#pragma unroll
    for (int j = 0; j < K; j++)
        best[j] = -3.0e38f;
    for (int e = 0; e < per_thread; e++) {
        float v = in[(size_t)e * nthreads + t];
#if SHIFT
        if (v > best[K - 1]) {
            int j = K - 1;
            while (j > 0 && best[j - 1] < v) {
                best[j] = best[j - 1];
                j--;
            }
            best[j] = v;
        }
#else
#pragma unroll
        for (int j = 0; j < K; j++) {
            float hi = fmaxf(best[j], v), lo = fminf(best[j], v);
            best[j] = hi;
            v = lo;
        }
#endif
    }
#pragma unroll
    for (int j = 0; j < K; j++)
        out[(size_t)j * nthreads + t] = best[j];
}
