// r30_ccl_labels.cu
//
// Tile-local connected-component labelling of a binary mask (computer
// vision, first pass of a two-pass CCL). Each block labels a 32x32 tile:
// every foreground pixel starts with its own linear index as label and the
// block iterates 4-connected min-label propagation in shared memory until no
// label changes (__syncthreads_or as the convergence test). A later kernel
// merges labels across tile borders.
//
// Launch configuration:
//   blockDim = (32,8,1)   (8 warps; warp = threadIdx.y, 4 rows per thread)
//   gridDim  = (ceil(w/32), ceil(h/32), 1), mask 2048 x 2048 bytes
//   static shared memory only.

#define TS 32
#define BY 8
#define RPT (TS / BY)
#define BG 0x7fffffff

__device__ __forceinline__ void write_labels(const int (*s_lab)[TS + 1], int* labels, int w, int h)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int gx = blockIdx.x * TS + tx;
    for (int r = 0; r < RPT; ++r) {
        const int y = ty + r * BY, gy = blockIdx.y * TS + y;
        if (gx >= w || gy >= h) continue;
        const int lab = s_lab[y][tx];
        labels[(size_t)gy * w + gx] =
            (lab == BG) ? -1 : (int)(blockIdx.y * TS + lab / TS) * w + (int)(blockIdx.x * TS) + lab % TS;
    }
}

extern "C" __global__ void __launch_bounds__(TS * BY)
ccl_labels_race(const unsigned char* __restrict__ mask, int* __restrict__ labels, int w, int h)
{
    __shared__ int s_lab[TS][TS + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int gx = blockIdx.x * TS + tx;

#pragma unroll
    for (int r = 0; r < RPT; ++r) {
        const int y = ty + r * BY, gy = blockIdx.y * TS + y;
        const bool fg = gx < w && gy < h && mask[(size_t)gy * w + gx] != 0;
        s_lab[y][tx] = fg ? y * TS + tx : BG;
    }
    __syncthreads();

    bool changed;
    do {
        changed = false;
#pragma unroll
        for (int r = 0; r < RPT; ++r) {
            const int y = ty + r * BY;
            const int me = s_lab[y][tx];
            if (me == BG) continue;
            int m = me;
            if (tx > 0)      m = min(m, s_lab[y][tx - 1]);
            if (tx < TS - 1) m = min(m, s_lab[y][tx + 1]);
            if (y > 0)       m = min(m, s_lab[y - 1][tx]);
            if (y < TS - 1)  m = min(m, s_lab[y + 1][tx]);
            if (m < me) { s_lab[y][tx] = m; changed = true; }
        }
    } while (__syncthreads_or(changed));

    write_labels(s_lab, labels, w, h);
}

extern "C" __global__ void __launch_bounds__(TS * BY)
ccl_labels_ok(const unsigned char* __restrict__ mask, int* __restrict__ labels, int w, int h)
{
    __shared__ int s_lab[TS][TS + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int gx = blockIdx.x * TS + tx;

#pragma unroll
    for (int r = 0; r < RPT; ++r) {
        const int y = ty + r * BY, gy = blockIdx.y * TS + y;
        const bool fg = gx < w && gy < h && mask[(size_t)gy * w + gx] != 0;
        s_lab[y][tx] = fg ? y * TS + tx : BG;
    }
    __syncthreads();

    bool changed;
    do {
        changed = false;
        int nl[RPT], old[RPT];
#pragma unroll
        for (int r = 0; r < RPT; ++r) {
            const int y = ty + r * BY;
            const int me = s_lab[y][tx];
            old[r] = me;
            nl[r] = me;
            if (me == BG) continue;
            int m = me;
            if (tx > 0)      m = min(m, s_lab[y][tx - 1]);
            if (tx < TS - 1) m = min(m, s_lab[y][tx + 1]);
            if (y > 0)       m = min(m, s_lab[y - 1][tx]);
            if (y < TS - 1)  m = min(m, s_lab[y + 1][tx]);
            nl[r] = m;
        }
        __syncthreads();
#pragma unroll
        for (int r = 0; r < RPT; ++r) {
            if (nl[r] < old[r]) { s_lab[ty + r * BY][tx] = nl[r]; changed = true; }
        }
    } while (__syncthreads_or(changed));

    write_labels(s_lab, labels, w, h);
}
