// Domain: histograms (SDK histogram64/256 style and variants)
// hist256_global_atomic - byte histogram, one global atomicAdd per input byte (uchar4 loads)
// hist256_shared_priv   - per-block privatized 256-bin histogram in shared memory, merged with atomics
// hist16_thread_local   - each thread keeps a private 16-bin histogram in a local array indexed by data
// hist_float_bins_w     - weighted histogram of floats into runtime bin count with range clamp

extern "C" __global__ void hist256_global_atomic(const uchar4 *data, unsigned *hist, int n4)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += blockDim.x * gridDim.x) {
        uchar4 v = data[i];
        atomicAdd(&hist[v.x], 1u);
        atomicAdd(&hist[v.y], 1u);
        atomicAdd(&hist[v.z], 1u);
        atomicAdd(&hist[v.w], 1u);
    }
}

extern "C" __global__ void hist256_shared_priv(const unsigned *__restrict__ data, unsigned *__restrict__ hist,
                                               int nwords)
{
    __shared__ unsigned sh[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) sh[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < nwords; i += blockDim.x * gridDim.x) {
        unsigned w = __ldg(&data[i]);
        atomicAdd(&sh[w & 0xffu], 1u);
        atomicAdd(&sh[(w >> 8) & 0xffu], 1u);
        atomicAdd(&sh[(w >> 16) & 0xffu], 1u);
        atomicAdd(&sh[w >> 24], 1u);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < 256; i += blockDim.x)
        if (sh[i]) atomicAdd(&hist[i], sh[i]);
}

extern "C" __global__ void hist16_thread_local(const unsigned char *data, unsigned *partial, int n,
                                               int per_thread)
{
    unsigned h[16];
#pragma unroll
    for (int b = 0; b < 16; ++b) h[b] = 0;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int start = t * per_thread;
    int end = min(start + per_thread, n);
    for (int i = start; i < end; ++i) {
        unsigned char c = data[i];
        h[c >> 4]++;
    }
    for (int b = 0; b < 16; ++b) partial[t * 16 + b] = h[b];
}

extern "C" __global__ void hist_float_bins_w(const float *x, const float *w, float *hist, int n,
                                             int nbins, float lo, float hi)
{
    extern __shared__ float sh_f[];
    for (int i = threadIdx.x; i < nbins; i += blockDim.x) sh_f[i] = 0.f;
    __syncthreads();
    float scale = nbins / (hi - lo);
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float v = x[i];
        int b = (int)floorf((v - lo) * scale);
        b = max(0, min(nbins - 1, b));
        atomicAdd(&sh_f[b], w[i]);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < nbins; i += blockDim.x) atomicAdd(&hist[i], sh_f[i]);
}

