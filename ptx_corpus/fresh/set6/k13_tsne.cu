// t-SNE gradient descent in 2D (exact repulsion for moderate N):
//  * attractive forces from the sparse symmetric P (CSR), double accumulation
//  * repulsive forces + normalisation Z with shared-memory tiles
//  * gains/momentum update (delta-bar-delta)
#include <stdint.h>

extern "C" __global__ void tsne_attractive(const int* __restrict__ row_ptr,
                                           const int* __restrict__ col_idx,
                                           const float* __restrict__ pij,
                                           const double* __restrict__ Y,    // [N, 2]
                                           int N,
                                           double exaggeration,
                                           double* __restrict__ attr_force)  // [N, 2]
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N) return;
    double yx = Y[2 * i], yy = Y[2 * i + 1];
    double fx = 0.0, fy = 0.0;
    int b = row_ptr[i], e = row_ptr[i + 1];
    for (int k = b; k < e; ++k) {
        int j = col_idx[k];
        double dx = yx - Y[2 * j];
        double dy = yy - Y[2 * j + 1];
        double q = 1.0 / (1.0 + dx * dx + dy * dy);
        double w = exaggeration * (double)pij[k] * q;
        fx += w * dx;
        fy += w * dy;
    }
    attr_force[2 * i] = fx;
    attr_force[2 * i + 1] = fy;
}

#define TSNE_TILE 256

// Repulsive term: F_rep_i = sum_j q_ij^2 (y_i - y_j) / Z,  Z = sum_{i!=j} q_ij.
// Positions are cast to float inside a tile for throughput; accumulation in
// double. Each thread owns one point; Z partials reduced per block.
extern "C" __global__ void
tsne_repulsive_tiled(const double* __restrict__ Y,
                     int N,
                     double* __restrict__ rep_force,   // unnormalised
                     double* __restrict__ Z)
{
    __shared__ float2 s_y[TSNE_TILE];
    __shared__ double s_z[TSNE_TILE / 32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float xi = 0.f, yi = 0.f;
    if (i < N) { xi = (float)Y[2 * i]; yi = (float)Y[2 * i + 1]; }
    double fx = 0.0, fy = 0.0, z = 0.0;
    for (int tile = 0; tile < N; tile += TSNE_TILE) {
        int j = tile + threadIdx.x;
        s_y[threadIdx.x] = j < N ? make_float2((float)Y[2 * j], (float)Y[2 * j + 1]) : make_float2(1e30f, 1e30f);
        __syncthreads();
        float tfx = 0.f, tfy = 0.f, tz = 0.f;
#pragma unroll 8
        for (int k = 0; k < TSNE_TILE; ++k) {
            float2 p = s_y[k];
            float dx = xi - p.x, dy = yi - p.y;
            float q = __frcp_rn(1.f + dx * dx + dy * dy);
            // self-interaction: dx=dy=0 -> q=1; removed below
            tz += q;
            float q2 = q * q;
            tfx += q2 * dx;
            tfy += q2 * dy;
        }
        fx += tfx; fy += tfy; z += tz;
        __syncthreads();
    }
    if (i < N) {
        z -= 1.0;  // remove j == i
        rep_force[2 * i] = fx;
        rep_force[2 * i + 1] = fy;
    } else {
        z = 0.0;
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) z += __shfl_xor_sync(0xffffffffu, z, off);
    if ((threadIdx.x & 31) == 0) s_z[threadIdx.x >> 5] = z;
    __syncthreads();
    if (threadIdx.x == 0) {
        double t = 0.0;
        for (int w = 0; w < TSNE_TILE / 32; ++w) t += s_z[w];
        atomicAdd(Z, t);
    }
}

// grad = 4 (F_attr - F_rep / Z); update with adaptive gains and momentum,
// then re-centre (mean subtraction happens in a separate reduction).
extern "C" __global__ void tsne_apply_gradient(double* __restrict__ Y,
                                               double* __restrict__ velocity,
                                               double* __restrict__ gains,
                                               const double* __restrict__ attr_force,
                                               const double* __restrict__ rep_force,
                                               const double* __restrict__ Zp,
                                               int N,
                                               double learning_rate,
                                               double momentum,
                                               double min_gain,
                                               double* __restrict__ grad_norm_sq)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    double gsq = 0.0;
    if (k < 2 * N) {
        double Zinv = 1.0 / fmax(*Zp, 1e-300);
        double grad = 4.0 * (attr_force[k] - rep_force[k] * Zinv);
        double v = velocity[k];
        double gain = gains[k];
        gain = (signbit(grad) != signbit(v)) ? gain + 0.2 : gain * 0.8;
        gain = fmax(gain, min_gain);
        v = momentum * v - learning_rate * gain * grad;
        gains[k] = gain;
        velocity[k] = v;
        Y[k] += v;
        gsq = grad * grad;
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) gsq += __shfl_xor_sync(0xffffffffu, gsq, off);
    if ((threadIdx.x & 31) == 0 && gsq != 0.0) atomicAdd(grad_norm_sq, gsq);
}
