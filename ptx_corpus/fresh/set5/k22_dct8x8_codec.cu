// JPEG-style 8x8 block transform coding: forward DCT (separable, float, fully in registers),
// quantisation with zigzag reorder, and dequantise + integer IDCT (AAN-like, fixed point).

__constant__ float c_dct[8][8];          // DCT-II basis c[u][x]
__constant__ unsigned char c_zigzag[64];

// One thread per 8x8 block; transform in registers, zigzag gather from constant table forces a local copy.
extern "C" __global__ void dct8x8_forward_quant(const unsigned char* __restrict__ img, int width, int height, int pitch,
                                                const unsigned short* __restrict__ qtable,
                                                short* __restrict__ coeffs /* blocks x 64, zigzag */)
{
    int bx = blockIdx.x * blockDim.x + threadIdx.x;
    int by = blockIdx.y * blockDim.y + threadIdx.y;
    int nbx = (width + 7) >> 3, nby = (height + 7) >> 3;
    if (bx >= nbx || by >= nby) return;
    float blk[8][8];
#pragma unroll
    for (int y = 0; y < 8; ++y) {
        int yy = min(by * 8 + y, height - 1);
#pragma unroll
        for (int x = 0; x < 8; ++x) {
            int xx = min(bx * 8 + x, width - 1);
            blk[y][x] = (float)img[(long)yy * pitch + xx] - 128.f;
        }
    }
    // rows
#pragma unroll
    for (int y = 0; y < 8; ++y) {
        float t[8];
#pragma unroll
        for (int u = 0; u < 8; ++u) {
            float s = 0.f;
#pragma unroll
            for (int x = 0; x < 8; ++x) s = fmaf(c_dct[u][x], blk[y][x], s);
            t[u] = s;
        }
#pragma unroll
        for (int u = 0; u < 8; ++u) blk[y][u] = t[u];
    }
    // columns
#pragma unroll
    for (int u = 0; u < 8; ++u) {
        float t[8];
#pragma unroll
        for (int v = 0; v < 8; ++v) {
            float s = 0.f;
#pragma unroll
            for (int y = 0; y < 8; ++y) s = fmaf(c_dct[v][y], blk[y][u], s);
            t[v] = s;
        }
#pragma unroll
        for (int v = 0; v < 8; ++v) blk[v][u] = t[v];
    }
    short* out = coeffs + ((long)by * nbx + bx) * 64;
#pragma unroll
    for (int k = 0; k < 64; ++k) {
        int idx = c_zigzag[k];
        float q = (float)qtable[idx];
        out[k] = (short)__float2int_rn(blk[idx >> 3][idx & 7] / q);
    }
}

// Dequantise + IDCT using 8 threads per block (one row each) with shared-memory transpose.
extern "C" __global__ void idct8x8_dequant_rows(const short* __restrict__ coeffs, const unsigned short* __restrict__ qtable,
                                                unsigned char* __restrict__ img, int width, int height, int pitch)
{
    __shared__ float sblk[16][8][9];     // 16 blocks per CTA (128 threads)
    int lb = threadIdx.x >> 3, row = threadIdx.x & 7;
    int nbx = (width + 7) >> 3, nby = (height + 7) >> 3;
    int blkid = blockIdx.x * 16 + lb;
    bool valid = blkid < nbx * nby;
    const short* in = coeffs + (long)blkid * 64;
    if (valid) {
#pragma unroll
        for (int k = 0; k < 8; ++k) {
            int zz = row * 8 + k;
            int idx = c_zigzag[zz];
            sblk[lb][idx >> 3][idx & 7] = (float)in[zz] * (float)qtable[idx];
        }
    }
    __syncthreads();
    // row IDCT: row 'row' of frequency -> spatial
    float t[8];
#pragma unroll
    for (int x = 0; x < 8; ++x) {
        float s = 0.f;
#pragma unroll
        for (int u = 0; u < 8; ++u) s = fmaf(c_dct[u][x], sblk[lb][row][u], s);
        t[x] = s;
    }
    __syncthreads();
#pragma unroll
    for (int x = 0; x < 8; ++x) sblk[lb][row][x] = t[x];
    __syncthreads();
    // column IDCT: this thread handles column 'row'
    int col = row;
#pragma unroll
    for (int y = 0; y < 8; ++y) {
        float s = 0.f;
#pragma unroll
        for (int v = 0; v < 8; ++v) s = fmaf(c_dct[v][y], sblk[lb][v][col], s);
        t[y] = s;
    }
    if (valid) {
        int bx = blkid % nbx, by = blkid / nbx;
#pragma unroll
        for (int y = 0; y < 8; ++y) {
            int yy = by * 8 + y, xx = bx * 8 + col;
            if (yy < height && xx < width)
                img[(long)yy * pitch + xx] = (unsigned char)min(max(__float2int_rn(t[y] + 128.f), 0), 255);
        }
    }
}

// Run-length / category statistics for entropy coding: per block count of nonzero AC and
// (run, size) symbol histogram accumulated in shared memory.
extern "C" __global__ void jpeg_rle_symbol_histogram(const short* __restrict__ coeffs, int nblocks,
                                                     unsigned int* __restrict__ ac_hist /*256*/, unsigned int* __restrict__ dc_hist /*16*/,
                                                     short* __restrict__ prev_dc_delta)
{
    __shared__ unsigned int h_ac[256], h_dc[16];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) h_ac[i] = 0;
    if (threadIdx.x < 16) h_dc[threadIdx.x] = 0;
    __syncthreads();
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b < nblocks) {
        const short* c = coeffs + (long)b * 64;
        int dc = c[0] - (b > 0 ? coeffs[(long)(b - 1) * 64] : 0);
        prev_dc_delta[b] = (short)dc;
        int adc = abs(dc);
        int sz = adc ? 32 - __clz(adc) : 0;
        atomicAdd(&h_dc[sz], 1u);
        int run = 0;
        int last_nz = 0;
        for (int k = 63; k >= 1; --k) if (c[k]) { last_nz = k; break; }
        for (int k = 1; k <= last_nz; ++k) {
            int v = c[k];
            if (v == 0) { ++run; if (run == 16) { atomicAdd(&h_ac[0xF0], 1u); run = 0; } continue; }
            int av = abs(v);
            int s = 32 - __clz(av);
            atomicAdd(&h_ac[(run << 4) | s], 1u);
            run = 0;
        }
        if (last_nz < 63) atomicAdd(&h_ac[0x00], 1u);   // EOB
    }
    __syncthreads();
    for (int i = threadIdx.x; i < 256; i += blockDim.x) if (h_ac[i]) atomicAdd(&ac_hist[i], h_ac[i]);
    if (threadIdx.x < 16 && h_dc[threadIdx.x]) atomicAdd(&dc_hist[threadIdx.x], h_dc[threadIdx.x]);
}
