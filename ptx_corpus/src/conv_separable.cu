// Separable convolution in the style of the classic samples: a row pass and a column pass, each
// block staging its RESULT_STEPS tiles plus one halo tile on each side in shared memory; the
// filter of 2 * RADIUS + 1 taps sits in constant memory. The image width is a multiple of the
// tile, height of the column tile (no bounds checks).
//   COLUMNS 0: row pass (threads along x);  COLUMNS 1: column pass.
//   PAD 1 adds one word per shared row in the column pass (without it the transposed reads of a
//   warp fall on a few banks).
// Corpus mutant conv_separable_rows_nobar deletes the barrier: the taps read other threads'
// staged pixels before they are stored (a race).
#ifndef COLUMNS
#define COLUMNS 0
#endif
#ifndef PAD
#define PAD 1
#endif
#define RADIUS 8
__constant__ float c_filter[2 * RADIUS + 1];

#if COLUMNS == 0
#define BDX 32
#define BDY 4
#define STEPS 8
#define HALO 1
extern "C" __global__ void conv_separable(float *d_dst, const float *d_src, int w, int h, int pitch)
{
    __shared__ float s[BDY][(STEPS + 2 * HALO) * BDX];
    const int x0 = (blockIdx.x * STEPS - HALO) * BDX + threadIdx.x;
    const int y0 = blockIdx.y * BDY + threadIdx.y;
    d_src += y0 * pitch + x0;
    d_dst += y0 * pitch + x0;
#pragma unroll
    for (int i = HALO; i < HALO + STEPS; i++)
        s[threadIdx.y][threadIdx.x + i * BDX] = d_src[i * BDX];
#pragma unroll
    for (int i = 0; i < HALO; i++)
        s[threadIdx.y][threadIdx.x + i * BDX] = x0 >= -i * BDX ? d_src[i * BDX] : 0.0f;
#pragma unroll
    for (int i = HALO + STEPS; i < HALO + STEPS + HALO; i++)
        s[threadIdx.y][threadIdx.x + i * BDX] = w - x0 > i * BDX ? d_src[i * BDX] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int i = HALO; i < HALO + STEPS; i++) {
        float sum = 0.0f;
#pragma unroll
        for (int j = -RADIUS; j <= RADIUS; j++)
            sum += c_filter[RADIUS - j] * s[threadIdx.y][threadIdx.x + i * BDX + j];
        d_dst[i * BDX] = sum;
    }
}
#else
#define BDX 32
#define BDY 8
#define STEPS 8
#define HALO 1
extern "C" __global__ void conv_separable(float *d_dst, const float *d_src, int w, int h, int pitch)
{
    __shared__ float s[BDX][(STEPS + 2 * HALO) * BDY + PAD];
    const int x0 = blockIdx.x * BDX + threadIdx.x;
    const int y0 = (blockIdx.y * STEPS - HALO) * BDY + threadIdx.y;
    d_src += y0 * pitch + x0;
    d_dst += y0 * pitch + x0;
#pragma unroll
    for (int i = HALO; i < HALO + STEPS; i++)
        s[threadIdx.x][threadIdx.y + i * BDY] = d_src[i * BDY * pitch];
#pragma unroll
    for (int i = 0; i < HALO; i++)
        s[threadIdx.x][threadIdx.y + i * BDY] = y0 >= -i * BDY ? d_src[i * BDY * pitch] : 0.0f;
#pragma unroll
    for (int i = HALO + STEPS; i < HALO + STEPS + HALO; i++)
        s[threadIdx.x][threadIdx.y + i * BDY] = h - y0 > i * BDY ? d_src[i * BDY * pitch] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int i = HALO; i < HALO + STEPS; i++) {
        float sum = 0.0f;
#pragma unroll
        for (int j = -RADIUS; j <= RADIUS; j++)
            sum += c_filter[RADIUS - j] * s[threadIdx.x][threadIdx.y + i * BDY + j];
        d_dst[i * BDY * pitch] = sum;
    }
}
#endif
