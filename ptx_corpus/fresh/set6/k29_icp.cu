// Point-to-plane ICP (KinectFusion-style):
//  * projective data association against a target vertex/normal map
//  * 6x6 normal-equation accumulation (21 JtJ + 6 Jtr + err + count) with
//    per-thread register accumulators in double and warp-shuffle reduction
//  * rigid transform application with 3x4 pose
#include <stdint.h>

struct Pose34 { float m[12]; };
struct Intrinsics { float fx, fy, cx, cy; int w, h; };

extern "C" __global__ void icp_projective_association(const float4* __restrict__ src_vmap,   // camera frame, w=valid
                                                      const float4* __restrict__ src_nmap,
                                                      const float4* __restrict__ tgt_vmap,   // world frame
                                                      const float4* __restrict__ tgt_nmap,
                                                      Pose34 src_to_world,
                                                      Pose34 world_to_tgtcam,
                                                      Intrinsics K,
                                                      float dist_thresh, float cos_angle_thresh,
                                                      int* __restrict__ corr_idx,            // -1: none
                                                      float4* __restrict__ src_world)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= K.w || y >= K.h) return;
    int id = y * K.w + x;
    float4 v = src_vmap[id];
    corr_idx[id] = -1;
    if (v.w == 0.f) return;
    const float* A = src_to_world.m;
    float3 pw = make_float3(A[0] * v.x + A[1] * v.y + A[2] * v.z + A[3],
                            A[4] * v.x + A[5] * v.y + A[6] * v.z + A[7],
                            A[8] * v.x + A[9] * v.y + A[10] * v.z + A[11]);
    float4 n = src_nmap[id];
    float3 nw = make_float3(A[0] * n.x + A[1] * n.y + A[2] * n.z,
                            A[4] * n.x + A[5] * n.y + A[6] * n.z,
                            A[8] * n.x + A[9] * n.y + A[10] * n.z);
    src_world[id] = make_float4(pw.x, pw.y, pw.z, 1.f);
    const float* B = world_to_tgtcam.m;
    float3 pc = make_float3(B[0] * pw.x + B[1] * pw.y + B[2] * pw.z + B[3],
                            B[4] * pw.x + B[5] * pw.y + B[6] * pw.z + B[7],
                            B[8] * pw.x + B[9] * pw.y + B[10] * pw.z + B[11]);
    if (pc.z <= 0.f) return;
    int u = __float2int_rn(K.fx * pc.x / pc.z + K.cx);
    int vv = __float2int_rn(K.fy * pc.y / pc.z + K.cy);
    if (u < 0 || vv < 0 || u >= K.w || vv >= K.h) return;
    int tid = vv * K.w + u;
    float4 q = tgt_vmap[tid];
    float4 qn = tgt_nmap[tid];
    if (q.w == 0.f) return;
    float dx = q.x - pw.x, dy = q.y - pw.y, dz = q.z - pw.z;
    if (dx * dx + dy * dy + dz * dz > dist_thresh * dist_thresh) return;
    float c = nw.x * qn.x + nw.y * qn.y + nw.z * qn.z;
    if (c < cos_angle_thresh) return;
    corr_idx[id] = tid;
}

#define ICP_NVALS 29   // 21 upper-triangular JtJ, 6 Jtr, sum r^2, count

// r = n_q . (p - q), J = [ (p x n_q)^T  n_q^T ] (small-angle linearisation).
// Huber weighting on r. Each thread accumulates over a grid-stride range,
// then warps reduce with shuffles and one atomic per value per warp.
extern "C" __global__ void __launch_bounds__(256)
icp_reduce_normal_equations(const int* __restrict__ corr_idx,
                            const float4* __restrict__ src_world,
                            const float4* __restrict__ tgt_vmap,
                            const float4* __restrict__ tgt_nmap,
                            int num_pixels,
                            float huber_delta,
                            double* __restrict__ out)   // [ICP_NVALS]
{
    double acc[ICP_NVALS];
#pragma unroll
    for (int k = 0; k < ICP_NVALS; ++k) acc[k] = 0.0;
    for (int id = blockIdx.x * blockDim.x + threadIdx.x; id < num_pixels; id += gridDim.x * blockDim.x) {
        int t = corr_idx[id];
        if (t < 0) continue;
        float4 p = src_world[id];
        float4 q = tgt_vmap[t];
        float4 n = tgt_nmap[t];
        float r = n.x * (p.x - q.x) + n.y * (p.y - q.y) + n.z * (p.z - q.z);
        float ar = fabsf(r);
        float w = ar <= huber_delta ? 1.f : huber_delta / ar;
        double J[6];
        J[0] = p.y * n.z - p.z * n.y;
        J[1] = p.z * n.x - p.x * n.z;
        J[2] = p.x * n.y - p.y * n.x;
        J[3] = n.x; J[4] = n.y; J[5] = n.z;
        double wr = (double)w * r;
        int k = 0;
#pragma unroll
        for (int i = 0; i < 6; ++i) {
#pragma unroll
            for (int j = i; j < 6; ++j) acc[k++] += (double)w * J[i] * J[j];
        }
#pragma unroll
        for (int i = 0; i < 6; ++i) acc[21 + i] += J[i] * wr;
        acc[27] += wr * r;
        acc[28] += 1.0;
    }
    __shared__ double s_acc[8][ICP_NVALS];
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
#pragma unroll
    for (int k = 0; k < ICP_NVALS; ++k) {
        double v = acc[k];
#pragma unroll
        for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
        if (lane == 0) s_acc[wid][k] = v;
    }
    __syncthreads();
    if (threadIdx.x < ICP_NVALS) {
        double v = 0.0;
        for (int w = 0; w < (int)(blockDim.x >> 5); ++w) v += s_acc[w][threadIdx.x];
        atomicAdd(&out[threadIdx.x], v);
    }
}

// Compose the incremental twist (computed on the host from the 6x6 solve)
// with the current pose using Rodrigues in double precision, then transform
// a point cloud.
extern "C" __global__ void icp_apply_increment(const float4* __restrict__ pts_in,
                                               int n,
                                               const double* __restrict__ twist,   // [6]: omega, v
                                               const double* __restrict__ pose_in, // [12]
                                               double* __restrict__ pose_out,      // [12] (thread 0)
                                               float4* __restrict__ pts_out)
{
    double wx = twist[0], wy = twist[1], wz = twist[2];
    double th = sqrt(wx * wx + wy * wy + wz * wz);
    double a, b;
    if (th < 1e-10) { a = 1.0 - th * th / 6.0; b = 0.5 - th * th / 24.0; }
    else { a = sin(th) / th; b = (1.0 - cos(th)) / (th * th); }
    double R[9] = {1.0 - b * (wy * wy + wz * wz), -a * wz + b * wx * wy, a * wy + b * wx * wz,
                   a * wz + b * wx * wy, 1.0 - b * (wx * wx + wz * wz), -a * wx + b * wy * wz,
                   -a * wy + b * wx * wz, a * wx + b * wy * wz, 1.0 - b * (wx * wx + wy * wy)};
    double P[12];
#pragma unroll
    for (int r = 0; r < 3; ++r) {
#pragma unroll
        for (int c = 0; c < 3; ++c)
            P[r * 4 + c] = R[r * 3 + 0] * pose_in[0 * 4 + c] + R[r * 3 + 1] * pose_in[1 * 4 + c] + R[r * 3 + 2] * pose_in[2 * 4 + c];
        P[r * 4 + 3] = R[r * 3 + 0] * pose_in[3] + R[r * 3 + 1] * pose_in[7] + R[r * 3 + 2] * pose_in[11] + twist[3 + r];
    }
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i == 0) {
#pragma unroll
        for (int k = 0; k < 12; ++k) pose_out[k] = P[k];
    }
    if (i >= n) return;
    float4 p = pts_in[i];
    float M[12];
#pragma unroll
    for (int k = 0; k < 12; ++k) M[k] = (float)P[k];
    pts_out[i] = make_float4(M[0] * p.x + M[1] * p.y + M[2] * p.z + M[3],
                             M[4] * p.x + M[5] * p.y + M[6] * p.z + M[7],
                             M[8] * p.x + M[9] * p.y + M[10] * p.z + M[11], p.w);
}

// Batched Levenberg-Marquardt step for many independent ICP problems (e.g.
// one per fragment pair in multiway registration). Each thread loads its
// packed normal equations, applies damping, factorises A = L D L^T in double
// and solves for the 6-dof twist; also reports the predicted cost reduction.
extern "C" __global__ void icp_batched_lm_solve(const double* __restrict__ systems,   // [num, ICP_NVALS]
                                                int num_systems,
                                                const double* __restrict__ lambda,    // per-system damping
                                                double* __restrict__ twists,          // [num, 6]
                                                double* __restrict__ predicted_gain,
                                                int* __restrict__ status)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= num_systems) return;
    const double* in = systems + (long long)s * ICP_NVALS;
    double A[6][6], b[6];
    int k = 0;
#pragma unroll
    for (int i = 0; i < 6; ++i)
#pragma unroll
        for (int j = i; j < 6; ++j) { A[i][j] = in[k]; A[j][i] = in[k]; ++k; }
#pragma unroll
    for (int i = 0; i < 6; ++i) b[i] = -in[21 + i];
    double lam = lambda[s];
    double diag_orig[6];
#pragma unroll
    for (int i = 0; i < 6; ++i) { diag_orig[i] = A[i][i]; A[i][i] += lam * fmax(A[i][i], 1e-9); }

    double L[6][6], D[6];
    int ok = 1;
#pragma unroll
    for (int j = 0; j < 6; ++j) {
        double dj = A[j][j];
#pragma unroll
        for (int q = 0; q < j; ++q) dj -= L[j][q] * L[j][q] * D[q];
        if (!(dj > 1e-18)) { ok = 0; dj = 1e-18; }
        D[j] = dj;
        double inv = 1.0 / dj;
        L[j][j] = 1.0;
#pragma unroll
        for (int i = j + 1; i < 6; ++i) {
            double v = A[i][j];
#pragma unroll
            for (int q = 0; q < j; ++q) v -= L[i][q] * L[j][q] * D[q];
            L[i][j] = v * inv;
        }
    }
    double y[6], x[6];
#pragma unroll
    for (int i = 0; i < 6; ++i) {
        double v = b[i];
#pragma unroll
        for (int q = 0; q < i; ++q) v -= L[i][q] * y[q];
        y[i] = v;
    }
#pragma unroll
    for (int i = 0; i < 6; ++i) y[i] /= D[i];
#pragma unroll
    for (int i = 5; i >= 0; --i) {
        double v = y[i];
#pragma unroll
        for (int q = i + 1; q < 6; ++q) v -= L[q][i] * x[q];
        x[i] = v;
    }
    // predicted gain of the LM model: 0.5 * x^T (lam*diag*x + b)
    double gain = 0.0;
#pragma unroll
    for (int i = 0; i < 6; ++i) gain += x[i] * (lam * fmax(diag_orig[i], 1e-9) * x[i] + b[i]);
#pragma unroll
    for (int i = 0; i < 6; ++i) twists[(long long)s * 6 + i] = ok ? x[i] : 0.0;
    predicted_gain[s] = 0.5 * gain;
    status[s] = ok;
}
