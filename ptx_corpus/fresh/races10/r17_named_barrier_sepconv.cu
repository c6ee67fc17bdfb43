// r17_named_barrier_sepconv.cu
// Separable 5x5 Gaussian blur of a single-channel float image (clamp-to-edge).  Each
// 256-thread block produces a 32x32 output tile: the 36x36 input tile (2-pixel halo) is
// loaded cooperatively, then the block splits into two independent 128-thread halves
// (warps 0-3 and warps 4-7) that run the horizontal and the vertical pass for the top and
// bottom 16 output rows, synchronising on their own named barriers (IDs 1 and 2) so that
// one half never stalls the other.
// Launch: blockDim = (256,1,1), gridDim = (W/32, H/32, 1), W and H multiples of 32,
//         no dynamic shared memory.
#define TW 32
#define TH 32
#define R  2
#define IN_W (TW + 2 * R)
#define IN_H (TH + 2 * R)

__constant__ float c_g[2 * R + 1];

static __device__ __forceinline__ void named_barrier_sync(int id, int nthreads)
{
    asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(nthreads) : "memory");
}

extern "C" __global__ void __launch_bounds__(256)
gauss_sep_race(const float* __restrict__ img, float* __restrict__ out, int W, int H)
{
    __shared__ float sIn[IN_H][IN_W];
    __shared__ float sH[IN_H][TW];            // horizontally filtered rows
    const int tid = threadIdx.x, group = tid >> 7, gtid = tid & 127;
    const int x0 = blockIdx.x * TW, y0 = blockIdx.y * TH;

    for (int i = tid; i < IN_H * IN_W; i += 256) {
        const int ly = i / IN_W, lx = i % IN_W;
        const int gx = min(max(x0 + lx - R, 0), W - 1);
        const int gy = min(max(y0 + ly - R, 0), H - 1);
        sIn[ly][lx] = img[(size_t)gy * W + gx];
    }
    __syncthreads();

    // horizontal pass: each half filters half of the 36 intermediate rows
    const int HR = IN_H / 2;                  // 18
    for (int i = gtid; i < HR * TW; i += 128) {
        const int r = group * HR + i / TW, c = i % TW;
        float a = 0.f;
#pragma unroll
        for (int k = 0; k <= 2 * R; ++k) a += c_g[k] * sIn[r][c + k];
        sH[r][c] = a;
    }
    named_barrier_sync(1 + group, 128);

    // vertical pass: each half produces 16 output rows
    for (int i = gtid; i < (TH / 2) * TW; i += 128) {
        const int r = group * (TH / 2) + i / TW, c = i % TW;
        float a = 0.f;
#pragma unroll
        for (int k = 0; k <= 2 * R; ++k) a += c_g[k] * sH[r + k][c];
        out[(size_t)(y0 + r) * W + x0 + c] = a;
    }
}

extern "C" __global__ void __launch_bounds__(256)
gauss_sep_ok(const float* __restrict__ img, float* __restrict__ out, int W, int H)
{
    __shared__ float sIn[IN_H][IN_W];
    // Each half keeps a private copy of the 20 intermediate rows it needs (the 4 rows in
    // the middle are filtered by both halves), so the halves never exchange data.
    __shared__ float sH[2][TH / 2 + 2 * R][TW];
    const int tid = threadIdx.x, group = tid >> 7, gtid = tid & 127;
    const int x0 = blockIdx.x * TW, y0 = blockIdx.y * TH;

    for (int i = tid; i < IN_H * IN_W; i += 256) {
        const int ly = i / IN_W, lx = i % IN_W;
        const int gx = min(max(x0 + lx - R, 0), W - 1);
        const int gy = min(max(y0 + ly - R, 0), H - 1);
        sIn[ly][lx] = img[(size_t)gy * W + gx];
    }
    __syncthreads();

    for (int i = gtid; i < (TH / 2 + 2 * R) * TW; i += 128) {
        const int lr = i / TW, c = i % TW;
        const int r = group * (TH / 2) + lr;  // row of sIn
        float a = 0.f;
#pragma unroll
        for (int k = 0; k <= 2 * R; ++k) a += c_g[k] * sIn[r][c + k];
        sH[group][lr][c] = a;
    }
    named_barrier_sync(1 + group, 128);

    for (int i = gtid; i < (TH / 2) * TW; i += 128) {
        const int lr = i / TW, c = i % TW;
        float a = 0.f;
#pragma unroll
        for (int k = 0; k <= 2 * R; ++k) a += c_g[k] * sH[group][lr + k][c];
        out[(size_t)(y0 + group * (TH / 2) + lr) * W + x0 + c] = a;
    }
}
