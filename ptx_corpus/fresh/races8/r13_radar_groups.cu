// r13_radar_groups.cu
//
// Radar pulse compression (matched filtering), two receive channels per
// block (signal processing / sensing). The block is split into two
// independent thread groups (one per channel); each group walks the pulses
// of its channel, staging a range window (+ NTAPS-1 halo samples) of the
// current pulse in its own shared buffer and correlating it with the
// conjugated chirp replica. The two groups synchronise independently with
// named barriers (bar.sync 1 / bar.sync 2) so one channel never stalls on the
// other. The chirp replica is staged once for the whole block.
//
// Launch configuration:
//   blockDim = (512,1,1)  -> 2 groups of blockDim.x/2 = 256 threads (8 warps each)
//   gridDim  = (nrange/256, nchan/2, 1), nrange = 8192, nchan = 16
//   npulses = 128, each pulse row padded with NTAPS-1 samples
//   (row stride = nrange + NTAPS - 1), static shared memory only.

#define MAX_GROUP 256
#define NTAPS 32
#define CHANNEL_THREADS 128   // named-barrier participant count per channel group

__device__ __forceinline__ void group_bar(int group, unsigned nthreads)
{
    asm volatile("bar.sync %0, %1;" :: "r"(group + 1), "r"(nthreads) : "memory");
}

extern "C" __global__ void __launch_bounds__(512)
radar_groups_race(const float2* __restrict__ rx, const float2* __restrict__ chirp,
                  float* __restrict__ power, int nrange, int npulses)
{
    __shared__ float2 s_h[NTAPS];
    __shared__ float2 s_x[2][MAX_GROUP + NTAPS - 1];
    const int gsize = blockDim.x / 2;
    const int group = threadIdx.x / gsize;
    const int gtid = threadIdx.x % gsize;
    const int chan = blockIdx.y * 2 + group;
    const int r0 = blockIdx.x * gsize;
    const int stride = nrange + NTAPS - 1;

    if (threadIdx.x < NTAPS) {
        const float2 c = chirp[threadIdx.x];
        s_h[threadIdx.x] = make_float2(c.x, -c.y);      // conjugate replica
    }
    __syncthreads();

    float2* xs = s_x[group];
    for (int p = 0; p < npulses; ++p) {
        const float2* row = rx + ((size_t)chan * npulses + p) * stride + r0;
        xs[gtid] = row[gtid];
        if (gtid < NTAPS - 1) xs[gsize + gtid] = row[gsize + gtid];
        group_bar(group, CHANNEL_THREADS);

        float re = 0.f, im = 0.f;
#pragma unroll 8
        for (int k = 0; k < NTAPS; ++k) {
            const float2 a = xs[gtid + k], h = s_h[k];
            re += a.x * h.x - a.y * h.y;
            im += a.x * h.y + a.y * h.x;
        }
        power[((size_t)chan * npulses + p) * nrange + r0 + gtid] = re * re + im * im;
        group_bar(group, CHANNEL_THREADS);
    }
}

extern "C" __global__ void __launch_bounds__(512)
radar_groups_ok(const float2* __restrict__ rx, const float2* __restrict__ chirp,
                float* __restrict__ power, int nrange, int npulses)
{
    __shared__ float2 s_h[NTAPS];
    __shared__ float2 s_x[2][MAX_GROUP + NTAPS - 1];
    const int gsize = blockDim.x / 2;
    const int group = threadIdx.x / gsize;
    const int gtid = threadIdx.x % gsize;
    const int chan = blockIdx.y * 2 + group;
    const int r0 = blockIdx.x * gsize;
    const int stride = nrange + NTAPS - 1;

    if (threadIdx.x < NTAPS) {
        const float2 c = chirp[threadIdx.x];
        s_h[threadIdx.x] = make_float2(c.x, -c.y);      // conjugate replica
    }
    __syncthreads();

    float2* xs = s_x[group];
    for (int p = 0; p < npulses; ++p) {
        const float2* row = rx + ((size_t)chan * npulses + p) * stride + r0;
        xs[gtid] = row[gtid];
        if (gtid < NTAPS - 1) xs[gsize + gtid] = row[gsize + gtid];
        group_bar(group, (unsigned)gsize);

        float re = 0.f, im = 0.f;
#pragma unroll 8
        for (int k = 0; k < NTAPS; ++k) {
            const float2 a = xs[gtid + k], h = s_h[k];
            re += a.x * h.x - a.y * h.y;
            im += a.x * h.y + a.y * h.x;
        }
        power[((size_t)chan * npulses + p) * nrange + r0 + gtid] = re * re + im * im;
        group_bar(group, (unsigned)gsize);
    }
}
