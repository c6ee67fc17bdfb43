// Each warp loads a 32 x 32 tile into shared memory, then every lane reduces one line of it.
//   WALK 0: lane l sums column l (tile[k][l]): the warp reads one row at a time, conflict-free.
//   WALK 1: the planted bug, lane l sums row l (tile[l][k]): the warp walks a column of a 32-wide
//           tile, all 32 lanes in the same bank, a 32-way conflict on every read.
//   WALK 2: the same row walk on a tile padded to 33 words per row: conflict-free again.
#ifndef WALK
#define WALK 1
#endif
#if WALK == 2
#define W 33
#else
#define W 32
#endif
#define WARPS 4
extern "C" __global__ void tile_column_walk(const float *in, float *out)
{
    __shared__ float tile[WARPS][32][W];
    unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const float *src = in + ((size_t)blockIdx.x * WARPS + warp) * 1024;
    for (int r = 0; r < 32; r++)
        tile[warp][r][lane] = src[r * 32 + lane];
    __syncwarp();
    float s = 0.0f;
    for (int k = 0; k < 32; k++)
#if WALK == 0
        s += tile[warp][k][lane];
#else
        s += tile[warp][lane][k];
#endif
    out[((size_t)blockIdx.x * WARPS + warp) * 32 + lane] = s;
}
