#include <climits>
#define CT 16

extern "C" __global__ void __launch_bounds__(CT * CT)
ccl_tile_race(const unsigned char* __restrict__ mask, int* __restrict__ labels, int w, int h)
{
    __shared__ int L[CT][CT];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * CT + tx, y = blockIdx.y * CT + ty;
    bool fg = (x < w && y < h) && mask[y * w + x] != 0;
    int cur = fg ? ty * CT + tx : INT_MAX;
    L[ty][tx] = cur;
    __syncthreads();

    int again;
    do {
        int m = cur;
        if (fg) {
            if (tx > 0)      m = min(m, L[ty][tx - 1]);
            if (tx < CT - 1) m = min(m, L[ty][tx + 1]);
            if (ty > 0)      m = min(m, L[ty - 1][tx]);
            if (ty < CT - 1) m = min(m, L[ty + 1][tx]);
        }
        bool ch = m < cur;
        if (ch) { L[ty][tx] = m; cur = m; }
        again = __syncthreads_or(ch);
    } while (again);

    if (x < w && y < h) {
        int out = -1;
        if (fg) {
            int ly = cur / CT, lx = cur % CT;
            out = (blockIdx.y * CT + ly) * w + (blockIdx.x * CT + lx);
        }
        labels[y * w + x] = out;
    }
}

extern "C" __global__ void __launch_bounds__(CT * CT)
ccl_tile_ok(const unsigned char* __restrict__ mask, int* __restrict__ labels, int w, int h)
{
    __shared__ int L[CT][CT];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * CT + tx, y = blockIdx.y * CT + ty;
    bool fg = (x < w && y < h) && mask[y * w + x] != 0;
    int cur = fg ? ty * CT + tx : INT_MAX;
    L[ty][tx] = cur;
    __syncthreads();

    int again;
    do {
        int m = cur;
        if (fg) {
            if (tx > 0)      m = min(m, L[ty][tx - 1]);
            if (tx < CT - 1) m = min(m, L[ty][tx + 1]);
            if (ty > 0)      m = min(m, L[ty - 1][tx]);
            if (ty < CT - 1) m = min(m, L[ty + 1][tx]);
        }
        __syncthreads();
        bool ch = m < cur;
        if (ch) { L[ty][tx] = m; cur = m; }
        again = __syncthreads_or(ch);
    } while (again);

    if (x < w && y < h) {
        int out = -1;
        if (fg) {
            int ly = cur / CT, lx = cur % CT;
            out = (blockIdx.y * CT + ly) * w + (blockIdx.x * CT + lx);
        }
        labels[y * w + x] = out;
    }
}
