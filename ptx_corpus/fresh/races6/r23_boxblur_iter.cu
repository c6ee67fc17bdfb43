// r23: iterated 3x3 box blur of a 16x16 image tile kept in shared memory, ping-ponging
// between two buffers (tile-local: the blur window is clipped at the tile border).
// Launch: blockDim = (256,1,1) (tx = tid % 16, ty = tid / 16), grid = (ceil(W/16), ceil(H/16)), iters >= 2.
#define TS 16

extern "C" __global__ void __launch_bounds__(256)
boxblur_iter_race(const float* __restrict__ in, float* __restrict__ out, int W, int H, int iters)
{
    __shared__ float bufA[TS * TS];
    __shared__ float bufB[TS * TS];
    const int tx = threadIdx.x % TS, ty = threadIdx.x / TS;
    const int gx = blockIdx.x * TS + tx, gy = blockIdx.y * TS + ty;
    float* src = bufA;
    float* dst = bufB;
    src[ty * TS + tx] = (gx < W && gy < H) ? in[(size_t)gy * W + gx] : 0.f;
    __syncthreads();
    for (int it = 0; it < iters; ++it) {
        float acc = 0.f;
        int cnt = 0;
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const int yy = ty + dy, xx = tx + dx;
                if (yy >= 0 && yy < TS && xx >= 0 && xx < TS) { acc += src[yy * TS + xx]; ++cnt; }
            }
        dst[ty * TS + tx] = acc / cnt;
        __syncthreads();
        src = dst;                     // swap buffers
    }
    if (gx < W && gy < H) out[(size_t)gy * W + gx] = src[ty * TS + tx];
}

extern "C" __global__ void __launch_bounds__(256)
boxblur_iter_ok(const float* __restrict__ in, float* __restrict__ out, int W, int H, int iters)
{
    __shared__ float bufA[TS * TS];
    __shared__ float bufB[TS * TS];
    const int tx = threadIdx.x % TS, ty = threadIdx.x / TS;
    const int gx = blockIdx.x * TS + tx, gy = blockIdx.y * TS + ty;
    float* src = bufA;
    float* dst = bufB;
    src[ty * TS + tx] = (gx < W && gy < H) ? in[(size_t)gy * W + gx] : 0.f;
    __syncthreads();
    for (int it = 0; it < iters; ++it) {
        float acc = 0.f;
        int cnt = 0;
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const int yy = ty + dy, xx = tx + dx;
                if (yy >= 0 && yy < TS && xx >= 0 && xx < TS) { acc += src[yy * TS + xx]; ++cnt; }
            }
        dst[ty * TS + tx] = acc / cnt;
        __syncthreads();
        float* tmp = src; src = dst; dst = tmp;   // swap buffers
    }
    if (gx < W && gy < H) out[(size_t)gy * W + gx] = src[ty * TS + tx];
}
