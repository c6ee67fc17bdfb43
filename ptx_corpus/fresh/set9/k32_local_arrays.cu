// Per-thread arrays indexed dynamically (stay in local memory): median filter with insertion sort,
// per-thread top-K selection, per-thread histogram, and a small stack-based flood-fill/DFS.
extern "C" __global__ void median_filter_5x5(const float *in, float *out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float win[25];
    int n = 0;
    for (int dy = -2; dy <= 2; ++dy)
        for (int dx = -2; dx <= 2; ++dx) {
            int xx = min(max(x + dx, 0), w - 1), yy = min(max(y + dy, 0), h - 1);
            float v = in[yy * w + xx];
            int j = n - 1;
            while (j >= 0 && win[j] > v) { win[j + 1] = win[j]; --j; }
            win[j + 1] = v;
            ++n;
        }
    out[y * w + x] = win[12];
}

// Each thread keeps the K smallest distances (and indices) seen so far in a sorted local list.
#define TOPK 16
extern "C" __global__ void knn_topk_local(const float4 *queries, const float4 *refs, int *outIdx, float *outDist,
                                          int nq, int nr)
{
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= nq) return;
    float4 a = queries[q];
    float bestD[TOPK];
    int bestI[TOPK];
    for (int k = 0; k < TOPK; ++k) { bestD[k] = 3.4e38f; bestI[k] = -1; }
    for (int r = 0; r < nr; ++r) {
        float4 b = __ldg(&refs[r]);
        float dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z, dw = a.w - b.w;
        float d = dx * dx + dy * dy + dz * dz + dw * dw;
        if (d < bestD[TOPK - 1]) {
            int pos = TOPK - 1;
            while (pos > 0 && bestD[pos - 1] > d) {
                bestD[pos] = bestD[pos - 1];
                bestI[pos] = bestI[pos - 1];
                --pos;
            }
            bestD[pos] = d;
            bestI[pos] = r;
        }
    }
    for (int k = 0; k < TOPK; ++k) {
        outIdx[q * TOPK + k] = bestI[k];
        outDist[q * TOPK + k] = bestD[k];
    }
}

// Per-thread 32-bin histogram of a strip of bytes, then dumped (data-dependent indexing).
extern "C" __global__ void per_thread_histogram32(const unsigned char *data, unsigned int *out, int stripLen, int nStrips)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= nStrips) return;
    unsigned int hist[32];
#pragma unroll
    for (int b = 0; b < 32; ++b) hist[b] = 0;
    const unsigned char *p = data + (size_t)s * stripLen;
    for (int i = 0; i < stripLen; ++i) hist[p[i] >> 3]++;
#pragma unroll
    for (int b = 0; b < 32; ++b) out[(size_t)s * 32 + b] = hist[b];
}

// Connected-component size from a seed inside a 16x16 tile, using an explicit per-thread stack and visited bitmap.
extern "C" __global__ void tile_flood_fill(const unsigned char *mask, int *compSize, int w, int h)
{
    int tileX = blockIdx.x * blockDim.x + threadIdx.x;
    int tilesX = (w + 15) / 16, tilesY = (h + 15) / 16;
    if (tileX >= tilesX * tilesY) return;
    int ox = (tileX % tilesX) * 16, oy = (tileX / tilesX) * 16;
    unsigned int visited[8];   // 256 bits
    for (int i = 0; i < 8; ++i) visited[i] = 0;
    unsigned short stack[64];
    int sp = 0, count = 0;
    int seed = 8 * 16 + 8;
    if (oy + 8 < h && ox + 8 < w && mask[(oy + 8) * w + ox + 8]) {
        stack[sp++] = seed;
        visited[seed >> 5] |= 1u << (seed & 31);
    }
    while (sp > 0) {
        int c = stack[--sp];
        ++count;
        int cx = c & 15, cy = c >> 4;
        const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
        for (int k = 0; k < 4; ++k) {
            int nx = cx + dx[k], ny = cy + dy[k];
            if (nx < 0 || ny < 0 || nx > 15 || ny > 15) continue;
            int gx = ox + nx, gy = oy + ny;
            if (gx >= w || gy >= h || !mask[gy * w + gx]) continue;
            int id = ny * 16 + nx;
            if (visited[id >> 5] & (1u << (id & 31))) continue;
            visited[id >> 5] |= 1u << (id & 31);
            if (sp < 64) stack[sp++] = (unsigned short)id;
        }
    }
    compSize[tileX] = count;
}
