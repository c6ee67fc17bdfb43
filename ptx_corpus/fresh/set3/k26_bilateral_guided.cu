// Edge-preserving smoothing: bilateral filter (grayscale and RGB) and guided filter coefficients.
#include <cuda_runtime.h>

// Grayscale bilateral with a runtime radius and range LUT in shared memory.
extern "C" __global__ void bilateral_gray(const float* __restrict__ in, float* __restrict__ out, int W, int H,
                                          int radius, float inv_2ss, const float* __restrict__ range_lut, int lut_n)
{
    extern __shared__ float lut[];
    for (int i = threadIdx.y * blockDim.x + threadIdx.x; i < lut_n; i += blockDim.x * blockDim.y) lut[i] = range_lut[i];
    __syncthreads();
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= W || y >= H) return;
    float c = in[y * W + x];
    float num = 0.f, den = 0.f;
    for (int dy = -radius; dy <= radius; ++dy) {
        int yy = min(max(y + dy, 0), H - 1);
        for (int dx = -radius; dx <= radius; ++dx) {
            int xx = min(max(x + dx, 0), W - 1);
            float v = in[yy * W + xx];
            int li = min((int)(fabsf(v - c) * (lut_n - 1)), lut_n - 1);
            float w = __expf(-(dx * dx + dy * dy) * inv_2ss) * lut[li];
            num += w * v; den += w;
        }
    }
    out[y * W + x] = num / den;
}

// RGB bilateral, fixed 5x5 window fully unrolled, uchar4 pixels; two horizontally adjacent
// outputs per thread share one 5x6 neighbourhood.
extern "C" __global__ void __launch_bounds__(256)
bilateral_rgb5x5_x2(const uchar4* __restrict__ in, uchar4* __restrict__ out, int W, int H,
                    float inv_2ss, float inv_2sr)
{
    int x0 = (blockIdx.x * blockDim.x + threadIdx.x) * 2, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x0 >= W || y >= H) return;
    float3 win[5][6];
#pragma unroll
    for (int dy = 0; dy < 5; ++dy) {
        int yy = min(max(y + dy - 2, 0), H - 1);
#pragma unroll
        for (int dx = 0; dx < 6; ++dx) {
            int xx = min(max(x0 + dx - 2, 0), W - 1);
            uchar4 p = in[yy * W + xx];
            win[dy][dx] = make_float3(p.x, p.y, p.z);
        }
    }
#pragma unroll
    for (int o = 0; o < 2; ++o) {
        float3 c = win[2][2 + o];
        float sr = 0.f, sg = 0.f, sb = 0.f, sw = 0.f;
#pragma unroll
        for (int dy = 0; dy < 5; ++dy)
#pragma unroll
            for (int dx = 0; dx < 5; ++dx) {
                float3 p = win[dy][dx + o];
                float dr = p.x - c.x, dg = p.y - c.y, db = p.z - c.z;
                float w = __expf(-(float)((dx - 2) * (dx - 2) + (dy - 2) * (dy - 2)) * inv_2ss - (dr * dr + dg * dg + db * db) * inv_2sr);
                sr += w * p.x; sg += w * p.y; sb += w * p.z; sw += w;
            }
        float iw = 1.f / sw;
        if (x0 + o < W)
            out[y * W + x0 + o] = make_uchar4((unsigned char)fminf(sr * iw + 0.5f, 255.f), (unsigned char)fminf(sg * iw + 0.5f, 255.f),
                                              (unsigned char)fminf(sb * iw + 0.5f, 255.f), in[y * W + x0 + o].w);
    }
}

// Guided filter linear coefficients a,b from box-filtered moments (mean_I, mean_p, corr_I, corr_Ip), RGB guide.
extern "C" __global__ void guided_coeffs_rgb(const float4* __restrict__ meanI, const float* __restrict__ meanP,
                                             const float* __restrict__ covI, // 6 per pixel: rr rg rb gg gb bb
                                             const float4* __restrict__ corrIp, float eps,
                                             float4* __restrict__ a_out, float* __restrict__ b_out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 mI = meanI[i]; float mp = meanP[i]; float4 cIp = corrIp[i];
    const float* cv = covI + (size_t)i * 6;
    float rr = cv[0] + eps, rg = cv[1], rb = cv[2], gg = cv[3] + eps, gb = cv[4], bb = cv[5] + eps;
    float cx = cIp.x - mI.x * mp, cy = cIp.y - mI.y * mp, cz = cIp.z - mI.z * mp;
    float i00 = gg * bb - gb * gb, i01 = gb * rb - rg * bb, i02 = rg * gb - gg * rb;
    float i11 = rr * bb - rb * rb, i12 = rb * rg - rr * gb, i22 = rr * gg - rg * rg;
    float det = rr * i00 + rg * i01 + rb * i02;
    float id = 1.f / det;
    float ax = (i00 * cx + i01 * cy + i02 * cz) * id;
    float ay = (i01 * cx + i11 * cy + i12 * cz) * id;
    float az = (i02 * cx + i12 * cy + i22 * cz) * id;
    a_out[i] = make_float4(ax, ay, az, 0.f);
    b_out[i] = mp - ax * mI.x - ay * mI.y - az * mI.z;
}
