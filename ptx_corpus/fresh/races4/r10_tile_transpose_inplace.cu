// Out-of-place matrix transpose by 16x16 tiles. The tile is transposed *in place* in shared
// memory so that both the global load and the global store are row-major / coalesced.
// in is h x w (row-major), out is w x h.
// Assumed launch: blockDim = (16,16), grid = (ceil(w/16), ceil(h/16)); any w, h.

#define TT 16

extern "C" __global__ void __launch_bounds__(TT * TT)
tile_transpose_inplace_race(const float* __restrict__ in, float* __restrict__ out, int w, int h)
{
    if (blockDim.x != TT || blockDim.y != TT) return;
    __shared__ float tile[TT][TT];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x = blockIdx.x * TT + tx, y = blockIdx.y * TT + ty;

    tile[ty][tx] = (x < w && y < h) ? in[(size_t)y * w + x] : 0.f;
    __syncthreads();

    // transpose the tile in place: swap mirrored elements
    if (tx != ty) {
        const float t = tile[ty][tx];
        tile[ty][tx] = tile[tx][ty];
        tile[tx][ty] = t;
    }
    __syncthreads();

    const int ox = blockIdx.y * TT + tx, oy = blockIdx.x * TT + ty;
    if (ox < h && oy < w) out[(size_t)oy * h + ox] = tile[ty][tx];
}

extern "C" __global__ void __launch_bounds__(TT * TT)
tile_transpose_inplace_ok(const float* __restrict__ in, float* __restrict__ out, int w, int h)
{
    if (blockDim.x != TT || blockDim.y != TT) return;
    __shared__ float tile[TT][TT];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x = blockIdx.x * TT + tx, y = blockIdx.y * TT + ty;

    tile[ty][tx] = (x < w && y < h) ? in[(size_t)y * w + x] : 0.f;
    __syncthreads();

    if (tx > ty) {
        const float t = tile[ty][tx];
        tile[ty][tx] = tile[tx][ty];
        tile[tx][ty] = t;
    }
    __syncthreads();

    const int ox = blockIdx.y * TT + tx, oy = blockIdx.x * TT + ty;
    if (ox < h && oy < w) out[(size_t)oy * h + ox] = tile[ty][tx];
}
