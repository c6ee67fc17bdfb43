// 3D Gaussian splatting (EWA splatting):
//  * preprocessing/projection: quaternion+scale -> 3D covariance -> 2D conic
//  * tile-based front-to-back alpha compositing
//  * backward of the projection (conic -> cov2d -> cov3d -> scale/quat, mean)
#include <stdint.h>

#define GS_BLOCK_X 16
#define GS_BLOCK_Y 16
#define GS_BLOCK (GS_BLOCK_X * GS_BLOCK_Y)

struct GsCamera {
    float view[12];      // row-major 3x4 world->camera
    float fx, fy, cx, cy;
    float tan_fovx, tan_fovy;
    int img_w, img_h;
    int tiles_x, tiles_y;
    float near_clip;
};

__device__ __forceinline__ void gs_quat_to_rot(float4 q, float R[9])
{
    float inv = rsqrtf(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    float w = q.x * inv, x = q.y * inv, y = q.z * inv, z = q.w * inv;
    R[0] = 1.f - 2.f * (y * y + z * z); R[1] = 2.f * (x * y - w * z);       R[2] = 2.f * (x * z + w * y);
    R[3] = 2.f * (x * y + w * z);       R[4] = 1.f - 2.f * (x * x + z * z); R[5] = 2.f * (y * z - w * x);
    R[6] = 2.f * (x * z - w * y);       R[7] = 2.f * (y * z + w * x);       R[8] = 1.f - 2.f * (x * x + y * y);
}

extern "C" __global__ void gs_project_gaussians(const float3* __restrict__ means,
                                                const float3* __restrict__ log_scales,
                                                const float4* __restrict__ quats,
                                                const float* __restrict__ opacities_logit,
                                                int num_points,
                                                float glob_scale,
                                                GsCamera cam,
                                                float* __restrict__ cov3d_out,    // [N, 6]
                                                float2* __restrict__ xys,
                                                float* __restrict__ depths,
                                                int* __restrict__ radii,
                                                float4* __restrict__ conic_opacity,
                                                int* __restrict__ tiles_touched)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= num_points) return;
    radii[i] = 0;
    tiles_touched[i] = 0;
    float3 p = means[i];
    const float* V = cam.view;
    float tx = V[0] * p.x + V[1] * p.y + V[2] * p.z + V[3];
    float ty = V[4] * p.x + V[5] * p.y + V[6] * p.z + V[7];
    float tz = V[8] * p.x + V[9] * p.y + V[10] * p.z + V[11];
    if (tz <= cam.near_clip) return;

    float3 ls = log_scales[i];
    float s[3] = {glob_scale * __expf(ls.x), glob_scale * __expf(ls.y), glob_scale * __expf(ls.z)};
    float R[9];
    gs_quat_to_rot(quats[i], R);
    // M = R * S ; Sigma = M M^T
    float M[9];
#pragma unroll
    for (int r = 0; r < 3; ++r)
#pragma unroll
        for (int c = 0; c < 3; ++c) M[r * 3 + c] = R[r * 3 + c] * s[c];
    float Sig[6];
    Sig[0] = M[0] * M[0] + M[1] * M[1] + M[2] * M[2];
    Sig[1] = M[0] * M[3] + M[1] * M[4] + M[2] * M[5];
    Sig[2] = M[0] * M[6] + M[1] * M[7] + M[2] * M[8];
    Sig[3] = M[3] * M[3] + M[4] * M[4] + M[5] * M[5];
    Sig[4] = M[3] * M[6] + M[4] * M[7] + M[5] * M[8];
    Sig[5] = M[6] * M[6] + M[7] * M[7] + M[8] * M[8];
#pragma unroll
    for (int k = 0; k < 6; ++k) cov3d_out[i * 6 + k] = Sig[k];

    // EWA: cov2d = J W Sigma W^T J^T, with clamped tx/tz, ty/tz
    float limx = 1.3f * cam.tan_fovx, limy = 1.3f * cam.tan_fovy;
    float txz = fminf(limx, fmaxf(-limx, tx / tz)) * tz;
    float tyz = fminf(limy, fmaxf(-limy, ty / tz)) * tz;
    float rz = 1.f / tz, rz2 = rz * rz;
    float J00 = cam.fx * rz, J02 = -cam.fx * txz * rz2;
    float J11 = cam.fy * rz, J12 = -cam.fy * tyz * rz2;
    // T = J * W (2x3), W = rotation part of view
    float T0[3], T1[3];
#pragma unroll
    for (int c = 0; c < 3; ++c) {
        T0[c] = J00 * V[0 * 4 + c] + J02 * V[2 * 4 + c];
        T1[c] = J11 * V[1 * 4 + c] + J12 * V[2 * 4 + c];
    }
    float S00 = Sig[0], S01 = Sig[1], S02 = Sig[2], S11 = Sig[3], S12 = Sig[4], S22 = Sig[5];
    float u0 = T0[0] * S00 + T0[1] * S01 + T0[2] * S02;
    float u1 = T0[0] * S01 + T0[1] * S11 + T0[2] * S12;
    float u2 = T0[0] * S02 + T0[1] * S12 + T0[2] * S22;
    float w0 = T1[0] * S00 + T1[1] * S01 + T1[2] * S02;
    float w1 = T1[0] * S01 + T1[1] * S11 + T1[2] * S12;
    float w2 = T1[0] * S02 + T1[1] * S12 + T1[2] * S22;
    float a = u0 * T0[0] + u1 * T0[1] + u2 * T0[2] + 0.3f;   // low-pass dilation
    float b = u0 * T1[0] + u1 * T1[1] + u2 * T1[2];
    float c = w0 * T1[0] + w1 * T1[1] + w2 * T1[2] + 0.3f;
    float det = a * c - b * b;
    if (det <= 0.f) return;
    float inv_det = 1.f / det;
    float3 conic = make_float3(c * inv_det, -b * inv_det, a * inv_det);
    float mid = 0.5f * (a + c);
    float lam1 = mid + sqrtf(fmaxf(0.1f, mid * mid - det));
    float radius = ceilf(3.f * sqrtf(lam1));
    float px = cam.fx * tx * rz + cam.cx;
    float py = cam.fy * ty * rz + cam.cy;
    int minx = min(cam.tiles_x, max(0, (int)((px - radius) / GS_BLOCK_X)));
    int maxx = min(cam.tiles_x, max(0, (int)((px + radius + GS_BLOCK_X - 1) / GS_BLOCK_X)));
    int miny = min(cam.tiles_y, max(0, (int)((py - radius) / GS_BLOCK_Y)));
    int maxy = min(cam.tiles_y, max(0, (int)((py + radius + GS_BLOCK_Y - 1) / GS_BLOCK_Y)));
    int touched = (maxx - minx) * (maxy - miny);
    if (touched <= 0) return;
    float opac = 1.f / (1.f + __expf(-opacities_logit[i]));
    xys[i] = make_float2(px, py);
    depths[i] = tz;
    radii[i] = (int)radius;
    conic_opacity[i] = make_float4(conic.x, conic.y, conic.z, opac);
    tiles_touched[i] = touched;
}

// One block per tile; tile_ranges[t] = [start, end) into sorted gaussian ids.
extern "C" __global__ void
gs_rasterize_tiles(const int2* __restrict__ tile_ranges,
                   const int* __restrict__ point_list,
                   const float2* __restrict__ xys,
                   const float4* __restrict__ conic_opacity,
                   const float3* __restrict__ colors,
                   int img_w, int img_h, int tiles_x,
                   float3 background,
                   float3* __restrict__ out_img,
                   float* __restrict__ final_T,
                   int* __restrict__ n_contrib)
{
    __shared__ int s_id[GS_BLOCK];
    __shared__ float2 s_xy[GS_BLOCK];
    __shared__ float4 s_co[GS_BLOCK];
    int tile = blockIdx.y * tiles_x + blockIdx.x;
    int px = blockIdx.x * GS_BLOCK_X + threadIdx.x;
    int py = blockIdx.y * GS_BLOCK_Y + threadIdx.y;
    int tid = threadIdx.y * GS_BLOCK_X + threadIdx.x;
    bool inside = px < img_w && py < img_h;
    bool done = !inside;
    float fx = (float)px + 0.5f, fy = (float)py + 0.5f;
    int2 range = tile_ranges[tile];
    int rounds = (range.y - range.x + GS_BLOCK - 1) / GS_BLOCK;
    int todo = range.y - range.x;
    float T = 1.f;
    float3 C = make_float3(0.f, 0.f, 0.f);
    int contributor = 0, last_contributor = 0;
    for (int r = 0; r < rounds; ++r, todo -= GS_BLOCK) {
        if (__syncthreads_count(done) == GS_BLOCK) break;
        int k = range.x + r * GS_BLOCK + tid;
        if (k < range.y) {
            int id = point_list[k];
            s_id[tid] = id;
            s_xy[tid] = xys[id];
            s_co[tid] = conic_opacity[id];
        }
        __syncthreads();
        int cnt = min(GS_BLOCK, todo);
        for (int j = 0; !done && j < cnt; ++j) {
            ++contributor;
            float2 d = make_float2(s_xy[j].x - fx, s_xy[j].y - fy);
            float4 co = s_co[j];
            float power = -0.5f * (co.x * d.x * d.x + co.z * d.y * d.y) - co.y * d.x * d.y;
            if (power > 0.f) continue;
            float alpha = fminf(0.99f, co.w * __expf(power));
            if (alpha < 1.f / 255.f) continue;
            float nT = T * (1.f - alpha);
            if (nT < 1e-4f) { done = true; continue; }
            float3 col = colors[s_id[j]];
            float w = alpha * T;
            C.x += col.x * w; C.y += col.y * w; C.z += col.z * w;
            T = nT;
            last_contributor = contributor;
        }
    }
    if (inside) {
        int pix = py * img_w + px;
        final_T[pix] = T;
        n_contrib[pix] = last_contributor;
        out_img[pix] = make_float3(C.x + T * background.x, C.y + T * background.y, C.z + T * background.z);
    }
}

// Backward of projection for the 2D covariance path. Inputs: dL/d(conic),
// dL/d(xy); outputs dL/d(mean3d), dL/d(log_scale), dL/d(quat).
// Constrained to 4 blocks/SM of 256 threads (64 regs) so the register
// allocator has to spill part of the 3x3 algebra.
extern "C" __global__ void __launch_bounds__(256, 4)
gs_project_backward(const float3* __restrict__ means,
                    const float3* __restrict__ log_scales,
                    const float4* __restrict__ quats,
                    const int* __restrict__ radii,
                    const float4* __restrict__ conic_opacity,
                    const float3* __restrict__ v_conic,
                    const float2* __restrict__ v_xy,
                    int num_points, float glob_scale,
                    GsCamera cam,
                    float3* __restrict__ v_mean,
                    float3* __restrict__ v_log_scale,
                    float4* __restrict__ v_quat)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= num_points || radii[i] <= 0) return;
    const float* V = cam.view;
    float3 p = means[i];
    float tx = V[0] * p.x + V[1] * p.y + V[2] * p.z + V[3];
    float ty = V[4] * p.x + V[5] * p.y + V[6] * p.z + V[7];
    float tz = V[8] * p.x + V[9] * p.y + V[10] * p.z + V[11];
    float rz = 1.f / tz, rz2 = rz * rz, rz3 = rz2 * rz;

    // conic = inverse(cov2d): dL/dcov = -conic * dL/dconic * conic
    float4 co = conic_opacity[i];
    float3 vc = v_conic[i];
    float X0 = co.x, X1 = co.y, X2 = co.z;   // [[X0, X1], [X1, X2]]
    float G0 = vc.x, G1 = 0.5f * vc.y, G2 = vc.z;
    float A0 = X0 * G0 + X1 * G1, A1 = X0 * G1 + X1 * G2;
    float A2 = X1 * G0 + X2 * G1, A3 = X1 * G1 + X2 * G2;
    float vcov00 = -(A0 * X0 + A1 * X1);
    float vcov01 = -(A0 * X1 + A1 * X2);
    float vcov11 = -(A2 * X1 + A3 * X2);

    // recompute Sigma
    float3 ls = log_scales[i];
    float s[3] = {glob_scale * __expf(ls.x), glob_scale * __expf(ls.y), glob_scale * __expf(ls.z)};
    float4 q = quats[i];
    float qn = rsqrtf(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    float qw = q.x * qn, qx = q.y * qn, qy = q.z * qn, qz = q.w * qn;
    float R[9];
    gs_quat_to_rot(q, R);
    float M[9];
#pragma unroll
    for (int r = 0; r < 3; ++r)
#pragma unroll
        for (int c = 0; c < 3; ++c) M[r * 3 + c] = R[r * 3 + c] * s[c];
    float Sig[9];
#pragma unroll
    for (int r = 0; r < 3; ++r)
#pragma unroll
        for (int c = 0; c < 3; ++c)
            Sig[r * 3 + c] = M[r * 3 + 0] * M[c * 3 + 0] + M[r * 3 + 1] * M[c * 3 + 1] + M[r * 3 + 2] * M[c * 3 + 2];

    float J[6] = {cam.fx * rz, 0.f, -cam.fx * tx * rz2, 0.f, cam.fy * rz, -cam.fy * ty * rz2};
    float T[6];
#pragma unroll
    for (int r = 0; r < 2; ++r)
#pragma unroll
        for (int c = 0; c < 3; ++c)
            T[r * 3 + c] = J[r * 3 + 0] * V[0 * 4 + c] + J[r * 3 + 1] * V[1 * 4 + c] + J[r * 3 + 2] * V[2 * 4 + c];
    // dL/dSigma = T^T dL/dcov2d T (symmetric)
    float Vc[4] = {vcov00, vcov01, vcov01, vcov11};
    float vSig[9];
#pragma unroll
    for (int r = 0; r < 3; ++r)
#pragma unroll
        for (int c = 0; c < 3; ++c) {
            float acc = 0.f;
#pragma unroll
            for (int a = 0; a < 2; ++a)
#pragma unroll
                for (int b = 0; b < 2; ++b) acc += T[a * 3 + r] * Vc[a * 2 + b] * T[b * 3 + c];
            vSig[r * 3 + c] = acc;
        }
    // dL/dT = 2 dL/dcov2d T Sigma  -> dL/dJ = dL/dT W^T
    float vT[6];
#pragma unroll
    for (int a = 0; a < 2; ++a)
#pragma unroll
        for (int c = 0; c < 3; ++c) {
            float acc = 0.f;
#pragma unroll
            for (int b = 0; b < 2; ++b)
#pragma unroll
                for (int k = 0; k < 3; ++k) acc += Vc[a * 2 + b] * T[b * 3 + k] * Sig[k * 3 + c];
            vT[a * 3 + c] = 2.f * acc;
        }
    float vJ[6];
#pragma unroll
    for (int a = 0; a < 2; ++a)
#pragma unroll
        for (int k = 0; k < 3; ++k)
            vJ[a * 3 + k] = vT[a * 3 + 0] * V[k * 4 + 0] + vT[a * 3 + 1] * V[k * 4 + 1] + vT[a * 3 + 2] * V[k * 4 + 2];
    // dJ/dt and projection gradient dxy/dt
    float2 gxy = v_xy[i];
    float vtx = -cam.fx * rz2 * vJ[2] + cam.fx * rz * gxy.x;
    float vty = -cam.fy * rz2 * vJ[5] + cam.fy * rz * gxy.y;
    float vtz = -cam.fx * rz2 * vJ[0] - cam.fy * rz2 * vJ[4] + 2.f * cam.fx * tx * rz3 * vJ[2] +
                2.f * cam.fy * ty * rz3 * vJ[5] - cam.fx * tx * rz2 * gxy.x - cam.fy * ty * rz2 * gxy.y;
    v_mean[i] = make_float3(V[0] * vtx + V[4] * vty + V[8] * vtz,
                            V[1] * vtx + V[5] * vty + V[9] * vtz,
                            V[2] * vtx + V[6] * vty + V[10] * vtz);
    // dL/dM = 2 dL/dSigma M ; dL/ds_j = sum_r dM_rj R_rj ; dL/dR = dM * s
    float vM[9];
#pragma unroll
    for (int r = 0; r < 3; ++r)
#pragma unroll
        for (int c = 0; c < 3; ++c)
            vM[r * 3 + c] = 2.f * (vSig[r * 3 + 0] * M[0 * 3 + c] + vSig[r * 3 + 1] * M[1 * 3 + c] + vSig[r * 3 + 2] * M[2 * 3 + c]);
    float vs[3];
#pragma unroll
    for (int c = 0; c < 3; ++c)
        vs[c] = (R[0 * 3 + c] * vM[0 * 3 + c] + R[1 * 3 + c] * vM[1 * 3 + c] + R[2 * 3 + c] * vM[2 * 3 + c]) * s[c];
    v_log_scale[i] = make_float3(vs[0], vs[1], vs[2]);
    float vR[9];
#pragma unroll
    for (int r = 0; r < 3; ++r)
#pragma unroll
        for (int c = 0; c < 3; ++c) vR[r * 3 + c] = vM[r * 3 + c] * s[c];
    float4 vq;
    vq.x = 2.f * (qz * (vR[3] - vR[1]) + qy * (vR[2] - vR[6]) + qx * (vR[7] - vR[5]));
    vq.y = 2.f * (qy * (vR[3] + vR[1]) + qz * (vR[6] + vR[2]) + qw * (vR[7] - vR[5]) - 2.f * qx * (vR[4] + vR[8]));
    vq.z = 2.f * (qx * (vR[3] + vR[1]) + qw * (vR[2] - vR[6]) + qz * (vR[7] + vR[5]) - 2.f * qy * (vR[0] + vR[8]));
    vq.w = 2.f * (qw * (vR[3] - vR[1]) + qx * (vR[6] + vR[2]) + qy * (vR[7] + vR[5]) - 2.f * qz * (vR[0] + vR[4]));
    // project through normalisation: (I - q q^T) / |q|
    float dotq = vq.x * qw + vq.y * qx + vq.z * qy + vq.w * qz;
    v_quat[i] = make_float4((vq.x - dotq * qw) * qn, (vq.y - dotq * qx) * qn,
                            (vq.z - dotq * qy) * qn, (vq.w - dotq * qz) * qn);
}
