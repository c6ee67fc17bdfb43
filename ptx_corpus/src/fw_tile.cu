// One phase of blocked Floyd-Warshall: a TILE x TILE block of the distance matrix relaxes
// through every intermediate vertex of its own tile. Each step reads row ty and column tx of the
// tile, waits, then each thread updates its own element, and waits again.
// Corpus mutants: without the barrier after reading row ty and column tx (fw_tile_nobar2) a
// thread's update races with the reads of the others; without the one ending a step
// (fw_tile_nobar3) the next step's reads race with this step's updates.
#ifndef TILE
#define TILE 32
#endif
extern "C" __global__ void fw_tile(int *dist, unsigned n, unsigned tile_index)
{
    __shared__ int s[TILE][TILE];
    unsigned tx = threadIdx.x, ty = threadIdx.y;
    unsigned row = tile_index * TILE + ty, col = tile_index * TILE + tx;
    bool inside = row < n && col < n;
    s[ty][tx] = inside ? dist[row * n + col] : 0x3fffffff;
    __syncthreads();
    for (unsigned k = 0; k < TILE; k++) {
        int via = s[ty][k] + s[k][tx];
        __syncthreads();
        if (via < s[ty][tx])
            s[ty][tx] = via;
        __syncthreads();
    }
    if (inside)
        dist[row * n + col] = s[ty][tx];
}
