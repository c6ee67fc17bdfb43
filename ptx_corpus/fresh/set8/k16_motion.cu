// Video motion estimation: full-search block matching (16x16 SAD with the reference
// window in shared memory), diamond search with predictor candidates per macroblock thread,
// quarter-pel refinement with the H.264 6-tap interpolation filter, and SATD (Hadamard 4x4)
// cost for mode decision.
#include <cuda_runtime.h>
#include <stdint.h>

#define MB 16
#define SR 16   // search range +-16

// One block per macroblock, 256 threads: each thread evaluates a subset of the 33x33 candidates.
extern "C" __global__ void __launch_bounds__(256)
me_full_search(const uint8_t *__restrict__ cur, const uint8_t *__restrict__ ref, int W, int H, int stride,
               short2 *__restrict__ mv_out, unsigned *__restrict__ sad_out)
{
    __shared__ uint8_t win[MB + 2 * SR][MB + 2 * SR];
    __shared__ uint8_t blk[MB][MB];
    __shared__ unsigned bestv[8];
    __shared__ int besti[8];
    int mbx = blockIdx.x, mby = blockIdx.y;
    int x0 = mbx * MB, y0 = mby * MB;
    const int WS = MB + 2 * SR;
    for (int i = threadIdx.x; i < WS * WS; i += blockDim.x) {
        int wy = i / WS, wx = i % WS;
        int gx = min(max(x0 - SR + wx, 0), W - 1), gy = min(max(y0 - SR + wy, 0), H - 1);
        win[wy][wx] = ref[gy * stride + gx];
    }
    {
        int by = threadIdx.x >> 4, bx = threadIdx.x & 15;
        blk[by][bx] = cur[min(y0 + by, H - 1) * stride + min(x0 + bx, W - 1)];
    }
    __syncthreads();
    unsigned best = 0xFFFFFFFFu; int bidx = 0;
    const int NC = (2 * SR + 1) * (2 * SR + 1);
    for (int cand = threadIdx.x; cand < NC; cand += blockDim.x) {
        int dy = cand / (2 * SR + 1), dx = cand % (2 * SR + 1);
        unsigned sad = 0;
#pragma unroll 4
        for (int y = 0; y < MB; ++y) {
#pragma unroll
            for (int x = 0; x < MB; x += 4) {
                unsigned a = blk[y][x] | (blk[y][x + 1] << 8) | (blk[y][x + 2] << 16) | (blk[y][x + 3] << 24);
                unsigned b = win[dy + y][dx + x] | (win[dy + y][dx + x + 1] << 8) |
                             (win[dy + y][dx + x + 2] << 16) | (win[dy + y][dx + x + 3] << 24);
                sad = __vsadu4(a, b) + sad;
            }
        }
        // small penalty on MV length (lambda * bits approximation)
        sad += 4 * (abs(dx - SR) + abs(dy - SR));
        if (sad < best) { best = sad; bidx = cand; }
    }
    for (int o = 16; o; o >>= 1) {
        unsigned ob = __shfl_down_sync(~0u, best, o);
        int oi = __shfl_down_sync(~0u, bidx, o);
        if (ob < best || (ob == best && oi < bidx)) { best = ob; bidx = oi; }
    }
    if ((threadIdx.x & 31) == 0) { bestv[threadIdx.x >> 5] = best; besti[threadIdx.x >> 5] = bidx; }
    __syncthreads();
    if (threadIdx.x == 0) {
        best = bestv[0]; bidx = besti[0];
        for (int w = 1; w < 8; ++w) if (bestv[w] < best) { best = bestv[w]; bidx = besti[w]; }
        mv_out[mby * gridDim.x + mbx] = make_short2(bidx % (2 * SR + 1) - SR, bidx / (2 * SR + 1) - SR);
        sad_out[mby * gridDim.x + mbx] = best;
    }
}

__device__ __forceinline__ unsigned sad16(const uint8_t *cur, const uint8_t *ref, int stride, int W, int H,
                                          int x0, int y0, int dx, int dy)
{
    int rx = x0 + dx, ry = y0 + dy;
    if (rx < 0 || ry < 0 || rx + MB > W || ry + MB > H) return 0x00FFFFFFu;
    unsigned s = 0;
    for (int y = 0; y < MB; ++y) {
        const uint32_t *c = (const uint32_t *)(cur + (y0 + y) * stride + x0);
        const uint8_t *r = ref + (ry + y) * stride + rx;
#pragma unroll
        for (int x = 0; x < 4; ++x) {
            uint32_t rv = r[4 * x] | (r[4 * x + 1] << 8) | (r[4 * x + 2] << 16) | (r[4 * x + 3] << 24);
            s = __vsadu4(__ldg(c + x), rv) + s;
        }
    }
    return s;
}

// Predictive diamond search: candidates from left/top/top-right neighbours' MVs (previous pass)
// and zero, then large/small diamond refinement. One thread per macroblock.
extern "C" __global__ void me_diamond_search(const uint8_t *__restrict__ cur, const uint8_t *__restrict__ ref,
                                             int W, int H, int stride, const short2 *__restrict__ mv_prev,
                                             short2 *__restrict__ mv_out, unsigned *__restrict__ cost_out)
{
    int mbx = blockIdx.x * blockDim.x + threadIdx.x;
    int mby = blockIdx.y;
    int mbw = W / MB;
    if (mbx >= mbw) return;
    int x0 = mbx * MB, y0 = mby * MB;
    short2 cands[5];
    int nc = 0;
    cands[nc++] = make_short2(0, 0);
    if (mbx > 0) cands[nc++] = mv_prev[mby * mbw + mbx - 1];
    if (mby > 0) cands[nc++] = mv_prev[(mby - 1) * mbw + mbx];
    if (mby > 0 && mbx + 1 < mbw) cands[nc++] = mv_prev[(mby - 1) * mbw + mbx + 1];
    cands[nc++] = mv_prev[mby * mbw + mbx];
    int bx = 0, by = 0;
    unsigned best = 0xFFFFFFFFu;
    for (int k = 0; k < nc; ++k) {
        unsigned s = sad16(cur, ref, stride, W, H, x0, y0, cands[k].x, cands[k].y);
        if (s < best) { best = s; bx = cands[k].x; by = cands[k].y; }
    }
    const int ldx[8] = {0, 1, 2, 1, 0, -1, -2, -1};
    const int ldy[8] = {-2, -1, 0, 1, 2, 1, 0, -1};
    for (int it = 0; it < 32; ++it) {
        int nbx = bx, nby = by;
        for (int k = 0; k < 8; ++k) {
            unsigned s = sad16(cur, ref, stride, W, H, x0, y0, bx + ldx[k], by + ldy[k]);
            if (s < best) { best = s; nbx = bx + ldx[k]; nby = by + ldy[k]; }
        }
        if (nbx == bx && nby == by) break;
        bx = nbx; by = nby;
    }
    const int sdx[4] = {0, 1, 0, -1}, sdy[4] = {-1, 0, 1, 0};
    int fbx = bx, fby = by;
    for (int k = 0; k < 4; ++k) {
        unsigned s = sad16(cur, ref, stride, W, H, x0, y0, bx + sdx[k], by + sdy[k]);
        if (s < best) { best = s; fbx = bx + sdx[k]; fby = by + sdy[k]; }
    }
    mv_out[mby * mbw + mbx] = make_short2(fbx, fby);
    cost_out[mby * mbw + mbx] = best;
}

__device__ __forceinline__ int tap6(int a, int b, int c, int d, int e, int f)
{
    return a - 5 * b + 20 * c + 20 * d - 5 * e + f;
}

__device__ __forceinline__ int ref_px(const uint8_t *ref, int stride, int W, int H, int x, int y)
{
    x = min(max(x, 0), W - 1); y = min(max(y, 0), H - 1);
    return __ldg(ref + y * stride + x);
}

// Quarter-pel refinement around an integer MV with SATD cost on 4x4 Hadamard; one thread per
// (macroblock, 4x4 sub-block), 9 fractional candidates evaluated in registers.
extern "C" __global__ void me_qpel_satd(const uint8_t *__restrict__ cur, const uint8_t *__restrict__ ref,
                                        int W, int H, int stride, const short2 *__restrict__ mv_int,
                                        short2 *__restrict__ mv_qpel, unsigned *__restrict__ satd_out)
{
    int mb = blockIdx.x;
    int sub = threadIdx.x;          // 16 sub-blocks
    int mbw = W / MB;
    int mbx = mb % mbw, mby = mb / mbw;
    int x0 = mbx * MB + (sub & 3) * 4, y0 = mby * MB + (sub >> 2) * 4;
    short2 mv = mv_int[mb];
    int curpix[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) curpix[i] = cur[(y0 + (i >> 2)) * stride + x0 + (i & 3)];
    unsigned best = 0xFFFFFFFFu; int bqx = 0, bqy = 0;
    for (int qy = -2; qy <= 2; qy += 2)
        for (int qx = -2; qx <= 2; qx += 2) {
            // half-pel positions (qx, qy in quarter units; only halves evaluated here)
            int d[16];
#pragma unroll
            for (int i = 0; i < 16; ++i) {
                int px = x0 + mv.x + (i & 3), py = y0 + mv.y + (i >> 2);
                int v;
                if (qx == 0 && qy == 0) v = ref_px(ref, stride, W, H, px, py);
                else if (qy == 0) {
                    int ox = qx > 0 ? 0 : -1;
                    v = tap6(ref_px(ref, stride, W, H, px + ox - 2, py), ref_px(ref, stride, W, H, px + ox - 1, py),
                             ref_px(ref, stride, W, H, px + ox, py), ref_px(ref, stride, W, H, px + ox + 1, py),
                             ref_px(ref, stride, W, H, px + ox + 2, py), ref_px(ref, stride, W, H, px + ox + 3, py));
                    v = min(max((v + 16) >> 5, 0), 255);
                } else if (qx == 0) {
                    int oy = qy > 0 ? 0 : -1;
                    v = tap6(ref_px(ref, stride, W, H, px, py + oy - 2), ref_px(ref, stride, W, H, px, py + oy - 1),
                             ref_px(ref, stride, W, H, px, py + oy), ref_px(ref, stride, W, H, px, py + oy + 1),
                             ref_px(ref, stride, W, H, px, py + oy + 2), ref_px(ref, stride, W, H, px, py + oy + 3));
                    v = min(max((v + 16) >> 5, 0), 255);
                } else {
                    int ox = qx > 0 ? 0 : -1, oy = qy > 0 ? 0 : -1;
                    int col[6];
#pragma unroll
                    for (int t = 0; t < 6; ++t) {
                        int yy = py + oy - 2 + t;
                        col[t] = tap6(ref_px(ref, stride, W, H, px + ox - 2, yy), ref_px(ref, stride, W, H, px + ox - 1, yy),
                                      ref_px(ref, stride, W, H, px + ox, yy), ref_px(ref, stride, W, H, px + ox + 1, yy),
                                      ref_px(ref, stride, W, H, px + ox + 2, yy), ref_px(ref, stride, W, H, px + ox + 3, yy));
                    }
                    v = tap6(col[0], col[1], col[2], col[3], col[4], col[5]);
                    v = min(max((v + 512) >> 10, 0), 255);
                }
                d[i] = curpix[i] - v;
            }
            // 4x4 Hadamard
            int m[16];
#pragma unroll
            for (int r = 0; r < 4; ++r) {
                int s01 = d[r * 4] + d[r * 4 + 1], d01 = d[r * 4] - d[r * 4 + 1];
                int s23 = d[r * 4 + 2] + d[r * 4 + 3], d23 = d[r * 4 + 2] - d[r * 4 + 3];
                m[r * 4] = s01 + s23; m[r * 4 + 1] = s01 - s23; m[r * 4 + 2] = d01 - d23; m[r * 4 + 3] = d01 + d23;
            }
            unsigned satd = 0;
#pragma unroll
            for (int cc = 0; cc < 4; ++cc) {
                int s01 = m[cc] + m[4 + cc], d01 = m[cc] - m[4 + cc];
                int s23 = m[8 + cc] + m[12 + cc], d23 = m[8 + cc] - m[12 + cc];
                satd += abs(s01 + s23) + abs(s01 - s23) + abs(d01 - d23) + abs(d01 + d23);
            }
            satd = (satd + 1) >> 1;
            satd += 2 * (abs(qx) + abs(qy));
            if (satd < best) { best = satd; bqx = qx; bqy = qy; }
        }
    // sum SATD of the 16 sub-blocks per candidate is approximated by per-sub-block decisions
    mv_qpel[mb * 16 + sub] = make_short2(mv.x * 4 + bqx, mv.y * 4 + bqy);
    satd_out[mb * 16 + sub] = best;
}
