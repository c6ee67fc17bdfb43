// r26_warp_specialized_q8gemv.cu
// Weight-only int8 GEMV with group-wise scales, y = dequant(Wq) * x, where Wq is an
// M x K row-major int8 matrix and scale[row][g] applies to columns g*128 .. g*128+127.
// Warp-specialised: warps 0-3 are producers that copy 32x128 int8 tiles and their 32
// scales into a double-buffered shared ring; warps 4-7 are consumers (8 rows per warp,
// 4 columns per lane) that dequantise and accumulate.  Hand-off uses named barriers with
// 256 participants: FULL[b] = 1+b (producers bar.arrive, consumers bar.sync) and
// EMPTY[b] = 3+b (consumers bar.arrive, producers bar.sync before refilling buffer b).
// Launch: blockDim = (256,1,1), gridDim = (M/32,1,1), M multiple of 32, K multiple of 128
//         with K >= 384, Wq and x 16-byte aligned, no dynamic shared memory.
#define BR      32
#define BK      128
#define THREADS 256

static __device__ __forceinline__ void bar_sync(int id, int n)
{
    asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(n) : "memory");
}
static __device__ __forceinline__ void bar_arrive(int id, int n)
{
    asm volatile("bar.arrive %0, %1;" :: "r"(id), "r"(n) : "memory");
}
static __device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}
enum { BAR_FULL0 = 1, BAR_EMPTY0 = 3 };

extern "C" __global__ void __launch_bounds__(THREADS)
q8_gemv_ws_race(const signed char* __restrict__ Wq, const float* __restrict__ scale,
                const float* __restrict__ x, float* __restrict__ y, int K)
{
    __shared__ __align__(16) signed char sW[2][BR][BK];
    __shared__ float sScale[2][BR];
    const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    const int row0 = blockIdx.x * BR;
    const int KT = K / BK;

    if (warp < 4) {                                        // ---- producers
        const int ptid = threadIdx.x;                      // 0..127
        for (int t = 0; t < KT; ++t) {
            const int b = t & 1;
            if (t >= 2) bar_sync(BAR_EMPTY0 + b, THREADS); // consumers released buffer b
#pragma unroll
            for (int j = 0; j < 2; ++j) {
                const int c = ptid + 128 * j;              // 256 chunks of 16 bytes
                const int r = c >> 3, col = (c & 7) * 16;
                *reinterpret_cast<int4*>(&sW[b][r][col]) = __ldg(reinterpret_cast<const int4*>(
                    Wq + (size_t)(row0 + r) * K + (size_t)t * BK + col));
            }
            if (ptid < BR) sScale[b][ptid] = scale[(size_t)(row0 + ptid) * KT + t];
            bar_arrive(BAR_FULL0 + b, THREADS);            // buffer b is ready
        }
    } else {                                               // ---- consumers
        const int cw = warp - 4;                           // rows cw*8 .. cw*8+7
        float acc[8];
#pragma unroll
        for (int rr = 0; rr < 8; ++rr) acc[rr] = 0.f;
        for (int t = 0; t < KT; ++t) {
            const int b = t & 1;
            bar_sync(BAR_FULL0 + b, THREADS);
            const float4 xv = __ldg(reinterpret_cast<const float4*>(x + (size_t)t * BK) + lane);
            char4 q[8];
#pragma unroll
            for (int rr = 0; rr < 8; ++rr)
                q[rr] = *reinterpret_cast<const char4*>(&sW[b][cw * 8 + rr][lane * 4]);
            // int8 data is in registers now: let the producers refill buffer b early
            if (t + 2 < KT) bar_arrive(BAR_EMPTY0 + b, THREADS);
#pragma unroll
            for (int rr = 0; rr < 8; ++rr) {
                const float d = q[rr].x * xv.x + q[rr].y * xv.y + q[rr].z * xv.z + q[rr].w * xv.w;
                acc[rr] += sScale[b][cw * 8 + rr] * d;
            }
        }
#pragma unroll
        for (int rr = 0; rr < 8; ++rr) {
            const float s = warp_sum(acc[rr]);
            if (lane == 0) y[row0 + cw * 8 + rr] = s;
        }
    }
}

extern "C" __global__ void __launch_bounds__(THREADS)
q8_gemv_ws_ok(const signed char* __restrict__ Wq, const float* __restrict__ scale,
              const float* __restrict__ x, float* __restrict__ y, int K)
{
    __shared__ __align__(16) signed char sW[2][BR][BK];
    __shared__ float sScale[2][BR];
    const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    const int row0 = blockIdx.x * BR;
    const int KT = K / BK;

    if (warp < 4) {                                        // ---- producers
        const int ptid = threadIdx.x;                      // 0..127
        for (int t = 0; t < KT; ++t) {
            const int b = t & 1;
            if (t >= 2) bar_sync(BAR_EMPTY0 + b, THREADS); // consumers released buffer b
#pragma unroll
            for (int j = 0; j < 2; ++j) {
                const int c = ptid + 128 * j;              // 256 chunks of 16 bytes
                const int r = c >> 3, col = (c & 7) * 16;
                *reinterpret_cast<int4*>(&sW[b][r][col]) = __ldg(reinterpret_cast<const int4*>(
                    Wq + (size_t)(row0 + r) * K + (size_t)t * BK + col));
            }
            if (ptid < BR) sScale[b][ptid] = scale[(size_t)(row0 + ptid) * KT + t];
            bar_arrive(BAR_FULL0 + b, THREADS);            // buffer b is ready
        }
    } else {                                               // ---- consumers
        const int cw = warp - 4;                           // rows cw*8 .. cw*8+7
        float acc[8];
#pragma unroll
        for (int rr = 0; rr < 8; ++rr) acc[rr] = 0.f;
        for (int t = 0; t < KT; ++t) {
            const int b = t & 1;
            bar_sync(BAR_FULL0 + b, THREADS);
            const float4 xv = __ldg(reinterpret_cast<const float4*>(x + (size_t)t * BK) + lane);
            char4 q[8];
            float sc[8];
#pragma unroll
            for (int rr = 0; rr < 8; ++rr) {
                q[rr]  = *reinterpret_cast<const char4*>(&sW[b][cw * 8 + rr][lane * 4]);
                sc[rr] = sScale[b][cw * 8 + rr];
            }
            // everything needed from buffer b (data and scales) is in registers now
            if (t + 2 < KT) bar_arrive(BAR_EMPTY0 + b, THREADS);
#pragma unroll
            for (int rr = 0; rr < 8; ++rr) {
                const float d = q[rr].x * xv.x + q[rr].y * xv.y + q[rr].z * xv.z + q[rr].w * xv.w;
                acc[rr] += sc[rr] * d;
            }
        }
#pragma unroll
        for (int rr = 0; rr < 8; ++rr) {
            const float s = warp_sum(acc[rr]);
            if (lane == 0) y[row0 + cw * 8 + rr] = s;
        }
    }
}
