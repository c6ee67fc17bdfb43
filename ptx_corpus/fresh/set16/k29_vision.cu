// Domain: computer vision (Harris corners, census transform, stereo block matching, median filtering, gradient-orientation histograms)

// harris_response_sobel_5x5: Sobel gradients and 5x5 box-summed structure tensor from global memory, Harris response det - k*trace^2
extern "C" __global__ void harris_response_sobel_5x5(const float* __restrict__ img, float* __restrict__ R, int w, int h, float k)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < 3 || y < 3 || x >= w - 3 || y >= h - 3) { if (x < w && y < h) R[y * w + x] = 0.f; return; }
    float sxx = 0.f, syy = 0.f, sxy = 0.f;
#pragma unroll
    for (int dy = -2; dy <= 2; ++dy)
#pragma unroll
        for (int dx = -2; dx <= 2; ++dx) {
            int cx = x + dx, cy = y + dy;
            const float* p = img + cy * w + cx;
            float gx = (p[-w + 1] + 2.f * p[1] + p[w + 1]) - (p[-w - 1] + 2.f * p[-1] + p[w - 1]);
            float gy = (p[w - 1] + 2.f * p[w] + p[w + 1]) - (p[-w - 1] + 2.f * p[-w] + p[-w + 1]);
            sxx += gx * gx; syy += gy * gy; sxy += gx * gy;
        }
    float tr = sxx + syy;
    R[y * w + x] = sxx * syy - sxy * sxy - k * tr * tr;
}

// census7x9_64bit: 7x9 census transform (62 comparisons packed into a 64-bit signature) with the window loaded into shared memory
extern "C" __global__ void census7x9_64bit(const unsigned char* __restrict__ img, unsigned long long* __restrict__ census, int w, int h)
{
    __shared__ unsigned char tile[16 + 6][32 + 8];
    int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
    for (int ty = threadIdx.y; ty < 22; ty += 16)
        for (int tx = threadIdx.x; tx < 40; tx += 32) {
            int gx = min(max((int)blockIdx.x * 32 + tx - 4, 0), w - 1), gy = min(max((int)blockIdx.y * 16 + ty - 3, 0), h - 1);
            tile[ty][tx] = img[gy * w + gx];
        }
    __syncthreads();
    if (x >= w || y >= h) return;
    unsigned char c = tile[threadIdx.y + 3][threadIdx.x + 4];
    unsigned long long sig = 0;
#pragma unroll
    for (int dy = -3; dy <= 3; ++dy)
#pragma unroll
        for (int dx = -4; dx <= 4; ++dx) {
            if (dx == 0 && dy == 0) continue;
            sig = (sig << 1) | (tile[threadIdx.y + 3 + dy][threadIdx.x + 4 + dx] < c);
        }
    census[y * w + x] = sig;
}

// stereo_sad_wta_64disp: 5x5 SAD block matching over 64 disparities, cost volume kept in a per-thread local array, then winner-take-all with uniqueness ratio and sub-pixel parabola fit (cost[] indexed at run time)
extern "C" __global__ void stereo_sad_wta_64disp(const unsigned char* __restrict__ L, const unsigned char* __restrict__ Rimg,
                                                       float* __restrict__ disp, int w, int h, float uniq)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < 2 || y < 2 || x >= w - 2 || y >= h - 2) return;
    unsigned short cost[64];
    int best = 0;
    for (int d = 0; d < 64; ++d) {
        int s = 0;
        if (x - d - 2 < 0) s = 0xFFFF;
        else {
#pragma unroll
            for (int dy = -2; dy <= 2; ++dy)
#pragma unroll
                for (int dx = -2; dx <= 2; ++dx) s += abs((int)L[(y + dy) * w + x + dx] - (int)Rimg[(y + dy) * w + x + dx - d]);
        }
        cost[d] = (unsigned short)min(s, 0xFFFF);
        if (cost[d] < cost[best]) best = d;
    }
    int second = 0xFFFF;
    for (int d = 0; d < 64; ++d) if (abs(d - best) > 1) second = min(second, (int)cost[d]);
    float out = -1.f;
    if (cost[best] * uniq < second) {
        out = (float)best;
        if (best > 0 && best < 63) {
            float c0 = cost[best - 1], c1 = cost[best], c2 = cost[best + 1];
            float den = c0 - 2.f * c1 + c2;
            if (den > 0.f) out += 0.5f * (c0 - c2) / den;
        }
    }
    disp[y * w + x] = out;
}

// median5x5_forgetful_selection: 5x5 median filter with all 25 window values in registers and a compile-time exchange network (forgetful selection)
__device__ __forceinline__ void cswap(float& a, float& b) { float t = fminf(a, b); b = fmaxf(a, b); a = t; }
extern "C" __global__ void median5x5_forgetful_selection(const float* __restrict__ in, float* __restrict__ out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float v[25];
#pragma unroll
    for (int dy = 0; dy < 5; ++dy)
#pragma unroll
        for (int dx = 0; dx < 5; ++dx)
            v[dy * 5 + dx] = in[min(max(y + dy - 2, 0), h - 1) * w + min(max(x + dx - 2, 0), w - 1)];
    // forgetful selection: start with 14 candidates v[0..13]; each round moves min to v[lo] (dropped), max to v[13] (overwritten by the
    // next unread element); after 11 rounds three candidates v[11..13] remain and their middle value is the median
#pragma unroll
    for (int r = 0; r < 11; ++r) {
        const int lo = r;
#pragma unroll
        for (int i = lo + 1; i <= 13; ++i) cswap(v[lo], v[i]);      // min to v[lo]
#pragma unroll
        for (int i = lo + 1; i < 13; ++i) cswap(v[i], v[13]);       // max to v[13]
        v[13] = v[14 + r];
    }
    cswap(v[11], v[12]); cswap(v[12], v[13]); cswap(v[11], v[12]);
    out[y * w + x] = v[12];
}

// orientation_hist36: SIFT-style 36-bin gradient orientation histogram over a 16x16 Gaussian-weighted patch per keypoint (bins indexed at run time), smoothed and the dominant orientation refined by parabola fit
extern "C" __global__ void orientation_hist36(const float* __restrict__ img, int w, int h, const float2* __restrict__ kp, int nKp,
                                                    float* __restrict__ orient)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= nKp) return;
    float hist[36];
#pragma unroll
    for (int b = 0; b < 36; ++b) hist[b] = 0.f;
    int cx = (int)kp[k].x, cy = (int)kp[k].y;
    for (int dy = -8; dy < 8; ++dy)
        for (int dx = -8; dx < 8; ++dx) {
            int x = min(max(cx + dx, 1), w - 2), y = min(max(cy + dy, 1), h - 2);
            float gx = img[y * w + x + 1] - img[y * w + x - 1];
            float gy = img[(y + 1) * w + x] - img[(y - 1) * w + x];
            float mag = sqrtf(gx * gx + gy * gy);
            float ang = atan2f(gy, gx) + 3.14159265f;
            int bin = min(35, (int)(ang * (36.f / 6.2831853f)));
            hist[bin] += mag * __expf(-(dx * dx + dy * dy) / 72.f);
        }
    float sm[36];
#pragma unroll
    for (int b = 0; b < 36; ++b) sm[b] = 0.25f * hist[(b + 35) % 36] + 0.5f * hist[b] + 0.25f * hist[(b + 1) % 36];
    int best = 0;
#pragma unroll
    for (int b = 1; b < 36; ++b) if (sm[b] > sm[best]) best = b;
    float l = sm[(best + 35) % 36], c = sm[best], r = sm[(best + 1) % 36];
    float off = 0.5f * (l - r) / (l - 2.f * c + r + 1e-12f);
    orient[k] = (best + 0.5f + off) * (6.2831853f / 36.f) - 3.14159265f;
}
