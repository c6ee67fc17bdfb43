// r17_sep_blur.cu
//
// Separable Gaussian blur (radius 4) of a single-channel float image
// (image processing). Each block loads a (TH+2R) x (TW+2R) apron tile with
// clamp-to-edge addressing, runs the horizontal 9-tap pass over every tile
// row (including the vertical apron rows) writing the result back into the
// interior columns of the same shared tile, then runs the vertical pass and
// writes the TH x TW output tile.
//
// Launch configuration:
//   blockDim = (64,4,1)   (8 warps; a tile row of 64 columns spans 2 warps)
//   gridDim  = (ceil(w/64), ceil(h/16), 1), image 4096 x 4096
//   weights: 9 normalized taps, static shared memory only.

#define TW 64
#define TH 16
#define R 4
#define BX 64
#define BY 4
#define SROWS (TH + 2 * R)        // 24 tile rows
#define HROWS (SROWS / BY)        // 6 rows per thread in the horizontal pass

extern "C" __global__ void __launch_bounds__(BX * BY)
sep_blur_race(const float* __restrict__ img, float* __restrict__ out,
              int w, int h, const float* __restrict__ weights)
{
    __shared__ float s[SROWS][TW + 2 * R + 1];
    __shared__ float s_w[2 * R + 1];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * BX + tx;
    const int x0 = blockIdx.x * TW - R, y0 = blockIdx.y * TH - R;

    if (tid < 2 * R + 1) s_w[tid] = weights[tid];
    for (int i = tid; i < SROWS * (TW + 2 * R); i += BX * BY) {
        const int ly = i / (TW + 2 * R), lx = i % (TW + 2 * R);
        const int gx = min(max(x0 + lx, 0), w - 1), gy = min(max(y0 + ly, 0), h - 1);
        s[ly][lx] = img[(size_t)gy * w + gx];
    }
    __syncthreads();

    // horizontal pass, in place on the interior columns
#pragma unroll
    for (int r = 0; r < HROWS; ++r) {
        const int ly = ty + r * BY;
        float acc = 0.f;
#pragma unroll
        for (int k = -R; k <= R; ++k) acc += s_w[k + R] * s[ly][tx + R + k];
        s[ly][tx + R] = acc;
    }
    __syncthreads();

    // vertical pass
    for (int ly = ty; ly < TH; ly += BY) {
        float acc = 0.f;
#pragma unroll
        for (int k = -R; k <= R; ++k) acc += s_w[k + R] * s[ly + R + k][tx + R];
        const int gx = blockIdx.x * TW + tx, gy = blockIdx.y * TH + ly;
        if (gx < w && gy < h) out[(size_t)gy * w + gx] = acc;
    }
}

extern "C" __global__ void __launch_bounds__(BX * BY)
sep_blur_ok(const float* __restrict__ img, float* __restrict__ out,
            int w, int h, const float* __restrict__ weights)
{
    __shared__ float s[SROWS][TW + 2 * R + 1];
    __shared__ float s_w[2 * R + 1];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * BX + tx;
    const int x0 = blockIdx.x * TW - R, y0 = blockIdx.y * TH - R;

    if (tid < 2 * R + 1) s_w[tid] = weights[tid];
    for (int i = tid; i < SROWS * (TW + 2 * R); i += BX * BY) {
        const int ly = i / (TW + 2 * R), lx = i % (TW + 2 * R);
        const int gx = min(max(x0 + lx, 0), w - 1), gy = min(max(y0 + ly, 0), h - 1);
        s[ly][lx] = img[(size_t)gy * w + gx];
    }
    __syncthreads();

    // horizontal pass, in place on the interior columns
    float hacc[HROWS];
#pragma unroll
    for (int r = 0; r < HROWS; ++r) {
        const int ly = ty + r * BY;
        float acc = 0.f;
#pragma unroll
        for (int k = -R; k <= R; ++k) acc += s_w[k + R] * s[ly][tx + R + k];
        hacc[r] = acc;
    }
    __syncthreads();
#pragma unroll
    for (int r = 0; r < HROWS; ++r) s[ty + r * BY][tx + R] = hacc[r];
    __syncthreads();

    // vertical pass
    for (int ly = ty; ly < TH; ly += BY) {
        float acc = 0.f;
#pragma unroll
        for (int k = -R; k <= R; ++k) acc += s_w[k + R] * s[ly + R + k][tx + R];
        const int gx = blockIdx.x * TW + tx, gy = blockIdx.y * TH + ly;
        if (gx < w && gy < h) out[(size_t)gy * w + gx] = acc;
    }
}
