// Domain: histograms (global atomics, shared privatisation, per-warp sub-histograms, packed byte counters)

// hist256_global_atomic: naive 256-bin histogram of bytes with global atomicAdd
extern "C" __global__ void hist256_global_atomic(const unsigned char* __restrict__ data, unsigned* __restrict__ hist, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&hist[data[i]], 1u);
}

// hist256_shared_uint4: shared-memory privatised 256-bin histogram, 16 bytes per load via uint4
extern "C" __global__ void hist256_shared_uint4(const uint4* __restrict__ data, unsigned* __restrict__ hist, int n16)
{
    __shared__ unsigned sh[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) sh[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n16; i += blockDim.x * gridDim.x) {
        uint4 v = data[i];
        unsigned w[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
        for (int k = 0; k < 4; ++k) {
#pragma unroll
            for (int b = 0; b < 4; ++b) atomicAdd(&sh[(w[k] >> (8 * b)) & 0xFF], 1u);
        }
    }
    __syncthreads();
    for (int i = threadIdx.x; i < 256; i += blockDim.x) if (sh[i]) atomicAdd(&hist[i], sh[i]);
}

// hist64_per_warp_float: per-warp 64-bin sub-histograms of float values in [lo,hi) with weights, merged at block end
extern "C" __global__ void hist64_per_warp_float(const float* __restrict__ x, const float* __restrict__ w, float* __restrict__ hist,
                                                 int n, float lo, float hi)
{
    __shared__ float sub[8][64];
    int wid = threadIdx.x >> 5;
    for (int i = threadIdx.x; i < 8 * 64; i += blockDim.x) (&sub[0][0])[i] = 0.f;
    __syncthreads();
    float scale = 64.f / (hi - lo);
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float v = x[i];
        if (v >= lo && v < hi) {
            int b = min(63, (int)((v - lo) * scale));
            atomicAdd(&sub[wid & 7][b], w[i]);
        }
    }
    __syncthreads();
    if (threadIdx.x < 64) {
        float s = 0.f;
#pragma unroll
        for (int k = 0; k < 8; ++k) s += sub[k][threadIdx.x];
        atomicAdd(&hist[threadIdx.x], s);
    }
}

// hist64_packed_byte_counters: SDK histogram64-style thread-private byte counters packed 4 per word in shared memory
extern "C" __global__ void hist64_packed_byte_counters(const unsigned* __restrict__ data, unsigned* __restrict__ partial, int nWords)
{
    // 64 threads per block; each thread owns one byte column of 64 bins
    __shared__ unsigned char s_Hist[64 * 64];
    const int tid = threadIdx.x;
    for (int i = 0; i < 64; ++i) s_Hist[i * 64 + tid] = 0;
    __syncthreads();
    int chunkEnd = min(nWords, (int)((blockIdx.x + 1) * 63 * 64));
    for (int pos = blockIdx.x * 63 * 64 + tid; pos < chunkEnd; pos += 64) {
        unsigned d = data[pos];
        s_Hist[((d >> 2) & 0x3F) * 64 + tid]++;
        s_Hist[((d >> 10) & 0x3F) * 64 + tid]++;
        s_Hist[((d >> 18) & 0x3F) * 64 + tid]++;
        s_Hist[((d >> 26) & 0x3F) * 64 + tid]++;
    }
    __syncthreads();
    unsigned sum = 0;
    const unsigned* row = reinterpret_cast<const unsigned*>(s_Hist + tid * 64);
#pragma unroll
    for (int i = 0; i < 16; ++i) {
        unsigned v = row[(i + tid) & 15];
        sum += (v & 0xFF) + ((v >> 8) & 0xFF) + ((v >> 16) & 0xFF) + (v >> 24);
    }
    partial[blockIdx.x * 64 + tid] = sum;
}

// hist8_thread_private_mode: each thread keeps 8 private bin counters indexed by a run-time bin inside the loop, and also scans all 8 counters each iteration to track the running mode; counters merged with warp shuffles at the end
extern "C" __global__ void hist8_thread_private_mode(const float* __restrict__ x, int n, float lo, float invWidth,
                                                       unsigned* __restrict__ hist, unsigned char* __restrict__ modeTrace)
{
    unsigned c[8];
#pragma unroll
    for (int b = 0; b < 8; ++b) c[b] = 0;
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = tid; i < n; i += blockDim.x * gridDim.x) {
        int bin = min(7, max(0, (int)((x[i] - lo) * invWidth)));
        c[bin]++;                                   // dynamic index
        int mode = 0;
        for (int b = 1; b < 8; ++b) if (c[b] > c[mode]) mode = b;   // reads every element
        modeTrace[i] = (unsigned char)mode;
    }
#pragma unroll
    for (int b = 0; b < 8; ++b) {
        unsigned v = c[b];
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
        if ((threadIdx.x & 31) == 0) atomicAdd(&hist[b], v);
    }
}
