// AoS -> SoA conversion of records of 32 floats through per-warp 32x33 shared staging tiles
// (padding column avoids bank conflicts). Each warp converts 32 records at a time:
// coalesced row reads into the tile, __syncwarp, coalesced column writes out of the tile.
// out[f*nrec + i] = in[i*32 + f].
// Assumed launch: 1-D, blockDim.x == 256 (8 warps), any gridDim.x; any nrec.

#define AS_WARPS 8
#define AS_PITCH 33

extern "C" __global__ void __launch_bounds__(AS_WARPS * 32)
warp_stage_aos_race(const float* __restrict__ in, float* __restrict__ out, int nrec)
{
    if (blockDim.x != AS_WARPS * 32) return;
    __shared__ float s_stage[AS_WARPS * 32 * AS_PITCH];
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    float* st = s_stage + wid * 32 * 32;

    const int gw = blockIdx.x * AS_WARPS + wid;
    const int nw = gridDim.x * AS_WARPS;
    for (int base = gw * 32; base < nrec; base += nw * 32) {
        for (int k = 0; k < 32; ++k) {
            const int rec = base + k;
            st[k * AS_PITCH + lane] = (rec < nrec) ? in[(size_t)rec * 32 + lane] : 0.f;
        }
        __syncwarp();
        for (int f = 0; f < 32; ++f) {
            const float v = st[lane * AS_PITCH + f];
            if (base + lane < nrec) out[(size_t)f * nrec + base + lane] = v;
        }
        __syncwarp();
    }
}

extern "C" __global__ void __launch_bounds__(AS_WARPS * 32)
warp_stage_aos_ok(const float* __restrict__ in, float* __restrict__ out, int nrec)
{
    if (blockDim.x != AS_WARPS * 32) return;
    __shared__ float s_stage[AS_WARPS * 32 * AS_PITCH];
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    float* st = s_stage + wid * 32 * AS_PITCH;

    const int gw = blockIdx.x * AS_WARPS + wid;
    const int nw = gridDim.x * AS_WARPS;
    for (int base = gw * 32; base < nrec; base += nw * 32) {
        for (int k = 0; k < 32; ++k) {
            const int rec = base + k;
            st[k * AS_PITCH + lane] = (rec < nrec) ? in[(size_t)rec * 32 + lane] : 0.f;
        }
        __syncwarp();
        for (int f = 0; f < 32; ++f) {
            const float v = st[lane * AS_PITCH + f];
            if (base + lane < nrec) out[(size_t)f * nrec + base + lane] = v;
        }
        __syncwarp();
    }
}
