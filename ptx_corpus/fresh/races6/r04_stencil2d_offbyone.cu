// r04: 2-D 5-point (explicit diffusion) stencil, 32x8 tile with a 1-cell halo.
// Launch: blockDim = (256,1,1) (tx = tid % 32, ty = tid / 32), grid = (ceil(W/32), ceil(H/8)).
#define TW 32
#define TH 8

__device__ __forceinline__ float ld_clamp(const float* __restrict__ in, int x, int y, int W, int H)
{
    x = min(max(x, 0), W - 1);
    y = min(max(y, 0), H - 1);
    return in[(size_t)y * W + x];
}

extern "C" __global__ void __launch_bounds__(256)
stencil2d_offbyone_race(const float* __restrict__ in, float* __restrict__ out, int W, int H, float alpha)
{
    __shared__ float s[TH + 2][TW + 2];
    const int tx = threadIdx.x % TW, ty = threadIdx.x / TW;
    const int gx = blockIdx.x * TW + tx, gy = blockIdx.y * TH + ty;
    s[ty + 1][tx + 1] = ld_clamp(in, gx, gy, W, H);
    if (tx == 0)      s[ty + 1][0]      = ld_clamp(in, gx - 1, gy, W, H);
    if (tx == TW - 1) s[ty + 1][TW + 1] = ld_clamp(in, gx + 1, gy, W, H);
    if (ty == 0) {
        s[0][tx + 1]  = ld_clamp(in, gx, gy - 1, W, H);
        s[TH][tx + 1] = ld_clamp(in, gx, blockIdx.y * TH + TH, W, H);   // bottom halo row
    }
    __syncthreads();
    if (gx < W && gy < H) {
        const float c = s[ty + 1][tx + 1];
        out[(size_t)gy * W + gx] = c + alpha * (s[ty][tx + 1] + s[ty + 2][tx + 1] +
                                                s[ty + 1][tx] + s[ty + 1][tx + 2] - 4.f * c);
    }
}

extern "C" __global__ void __launch_bounds__(256)
stencil2d_offbyone_ok(const float* __restrict__ in, float* __restrict__ out, int W, int H, float alpha)
{
    __shared__ float s[TH + 2][TW + 2];
    const int tx = threadIdx.x % TW, ty = threadIdx.x / TW;
    const int gx = blockIdx.x * TW + tx, gy = blockIdx.y * TH + ty;
    s[ty + 1][tx + 1] = ld_clamp(in, gx, gy, W, H);
    if (tx == 0)      s[ty + 1][0]      = ld_clamp(in, gx - 1, gy, W, H);
    if (tx == TW - 1) s[ty + 1][TW + 1] = ld_clamp(in, gx + 1, gy, W, H);
    if (ty == 0) {
        s[0][tx + 1]      = ld_clamp(in, gx, gy - 1, W, H);
        s[TH + 1][tx + 1] = ld_clamp(in, gx, blockIdx.y * TH + TH, W, H);   // bottom halo row
    }
    __syncthreads();
    if (gx < W && gy < H) {
        const float c = s[ty + 1][tx + 1];
        out[(size_t)gy * W + gx] = c + alpha * (s[ty][tx + 1] + s[ty + 2][tx + 1] +
                                                s[ty + 1][tx] + s[ty + 1][tx + 2] - 4.f * c);
    }
}
