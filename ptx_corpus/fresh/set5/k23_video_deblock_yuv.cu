// Video pipeline pieces: H.264-style luma deblocking of vertical edges (bS<4 and bS=4 filters)
// and RGB -> YUV420 planar conversion with 2x2 chroma averaging.

__constant__ unsigned char c_alpha_tab[52];
__constant__ unsigned char c_beta_tab[52];
__constant__ unsigned char c_tc0_tab[52][3];

__device__ __forceinline__ int clip3(int lo, int hi, int v) { return min(max(v, lo), hi); }

// One thread per row segment of a vertical 4x4-block edge (4 rows per edge segment handled by 4 threads).
extern "C" __global__ void h264_deblock_luma_vertical(unsigned char* __restrict__ Y, int pitch, int width, int height,
                                                      const unsigned char* __restrict__ bS /* per 4x4 edge */,
                                                      const unsigned char* __restrict__ qp /* per MB */, int mb_w,
                                                      int alpha_off, int beta_off)
{
    int edge_x = (blockIdx.x * blockDim.x + threadIdx.x) * 4 + 4;   // skip picture edge x=0
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (edge_x >= width || y >= height) return;
    int bs = bS[(y >> 2) * (width >> 2) + (edge_x >> 2)];
    if (bs == 0) return;
    int mbq = qp[(y >> 4) * mb_w + (edge_x >> 4)];
    int mbp = qp[(y >> 4) * mb_w + ((edge_x - 1) >> 4)];
    int qpav = (mbq + mbp + 1) >> 1;
    int ia = clip3(0, 51, qpav + alpha_off), ib = clip3(0, 51, qpav + beta_off);
    int alpha = c_alpha_tab[ia], beta = c_beta_tab[ib];
    unsigned char* row = Y + (long)y * pitch + edge_x;
    int p0 = row[-1], p1 = row[-2], p2 = row[-3], p3 = row[-4];
    int q0 = row[0], q1 = row[1], q2 = row[2], q3 = row[3];
    if (abs(p0 - q0) >= alpha || abs(p1 - p0) >= beta || abs(q1 - q0) >= beta) return;
    int ap = abs(p2 - p0), aq = abs(q2 - q0);
    if (bs < 4) {
        int tc0 = c_tc0_tab[ia][bs - 1];
        int tc = tc0 + (ap < beta) + (aq < beta);
        int delta = clip3(-tc, tc, (((q0 - p0) << 2) + (p1 - q1) + 4) >> 3);
        row[-1] = (unsigned char)clip3(0, 255, p0 + delta);
        row[0] = (unsigned char)clip3(0, 255, q0 - delta);
        if (ap < beta) row[-2] = (unsigned char)(p1 + clip3(-tc0, tc0, (p2 + ((p0 + q0 + 1) >> 1) - (p1 << 1)) >> 1));
        if (aq < beta) row[1] = (unsigned char)(q1 + clip3(-tc0, tc0, (q2 + ((p0 + q0 + 1) >> 1) - (q1 << 1)) >> 1));
    } else {
        bool strong = abs(p0 - q0) < ((alpha >> 2) + 2);
        if (strong && ap < beta) {
            row[-1] = (unsigned char)((p2 + 2 * p1 + 2 * p0 + 2 * q0 + q1 + 4) >> 3);
            row[-2] = (unsigned char)((p2 + p1 + p0 + q0 + 2) >> 2);
            row[-3] = (unsigned char)((2 * p3 + 3 * p2 + p1 + p0 + q0 + 4) >> 3);
        } else {
            row[-1] = (unsigned char)((2 * p1 + p0 + q1 + 2) >> 2);
        }
        if (strong && aq < beta) {
            row[0] = (unsigned char)((p1 + 2 * p0 + 2 * q0 + 2 * q1 + q2 + 4) >> 3);
            row[1] = (unsigned char)((p0 + q0 + q1 + q2 + 2) >> 2);
            row[2] = (unsigned char)((2 * q3 + 3 * q2 + q1 + q0 + p0 + 4) >> 3);
        } else {
            row[0] = (unsigned char)((2 * q1 + q0 + p1 + 2) >> 2);
        }
    }
}

// RGB(A) -> I420 with 2x2 box-filtered chroma, BT.601 full->limited.
extern "C" __global__ void rgba_to_i420_bt601(const uchar4* __restrict__ rgba, int width, int height, int pitch_in_px,
                                              unsigned char* __restrict__ Yp, unsigned char* __restrict__ Up,
                                              unsigned char* __restrict__ Vp, int pitch_y, int pitch_c)
{
    int cx = blockIdx.x * blockDim.x + threadIdx.x;
    int cy = blockIdx.y * blockDim.y + threadIdx.y;
    if (2 * cx >= width || 2 * cy >= height) return;
    float rs = 0.f, gs = 0.f, bs = 0.f;
    int cnt = 0;
#pragma unroll
    for (int dy = 0; dy < 2; ++dy)
#pragma unroll
        for (int dx = 0; dx < 2; ++dx) {
            int x = 2 * cx + dx, y = 2 * cy + dy;
            if (x >= width || y >= height) continue;
            uchar4 p = rgba[(long)y * pitch_in_px + x];
            float r = p.x, g = p.y, b = p.z;
            Yp[(long)y * pitch_y + x] = (unsigned char)__float2int_rn(16.f + 0.2568f * r + 0.5041f * g + 0.0979f * b);
            rs += r; gs += g; bs += b; ++cnt;
        }
    float inv = 1.f / cnt;
    rs *= inv; gs *= inv; bs *= inv;
    Up[(long)cy * pitch_c + cx] = (unsigned char)__float2int_rn(128.f - 0.1482f * rs - 0.2910f * gs + 0.4392f * bs);
    Vp[(long)cy * pitch_c + cx] = (unsigned char)__float2int_rn(128.f + 0.4392f * rs - 0.3678f * gs - 0.0714f * bs);
}
