// Warp-group specialisation with register reallocation (sm_90a): of three warp groups, the first
// only moves data (it gives registers back with setmaxnreg.dec), the other two compute with a
// register-hungry unrolled polynomial (setmaxnreg.inc). The producer hands each chunk over with
// block barriers, as simple kernels of this shape do.
// Corpus mutant sm90_setmaxnreg_nobar1 deletes the barrier after the producer's stores: the
// consumers read the stage while it is being written (a race).
#define THREADS 384
#define CHUNK 256
extern "C" __global__ void __launch_bounds__(THREADS, 1) sm90_setmaxnreg(const float *in, float *out, int nchunks)
{
    __shared__ float stage[CHUNK];
    int wg = threadIdx.x / 128;
    const float *src = in + (size_t)blockIdx.x * nchunks * CHUNK;
    float *dst = out + (size_t)blockIdx.x * nchunks * CHUNK;
    if (wg == 0)
        asm volatile("setmaxnreg.dec.sync.aligned.u32 40;\n" ::);
    else
        asm volatile("setmaxnreg.inc.sync.aligned.u32 232;\n" ::);
    for (int c = 0; c < nchunks; c++) {
        if (wg == 0) {
            for (int j = threadIdx.x; j < CHUNK; j += 128)
                stage[j] = src[c * CHUNK + j];
        }
        __syncthreads();
        if (wg > 0) {
            int j = threadIdx.x - 128;
            float x = stage[j];
            float p = 1.0f;
#pragma unroll
            for (int k = 0; k < 16; k++)
                p = p * x + (float)(k + 1);
            dst[c * CHUNK + j] = p;
        }
        __syncthreads();
    }
}
