// Domain: batched small-matrix operations, one matrix problem per thread
// batched_inv4x4: inverse of a 4x4 float matrix via cofactors/adjugate (fully unrolled).
// batched_matmul8x8: per-thread 8x8 float matrix product C = A*B, A kept in registers.
// batched_solve3x3_dp: double-precision 3x3 solve by Cramer's rule with singularity check.
// batched_trsv_lower: per-thread forward substitution for lower-triangular n x n (n <= 16, runtime).
// batched_matmul8x8_lb: same 8x8 product under __launch_bounds__(128,16).

extern "C" __global__ void batched_inv4x4(int batch, const float* __restrict__ in,
                                          float* __restrict__ out, int* __restrict__ singular)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= batch) return;
    const float4* p = reinterpret_cast<const float4*>(in + (size_t)t * 16);
    float4 r0 = p[0], r1 = p[1], r2 = p[2], r3 = p[3];
    float m[16] = {r0.x, r0.y, r0.z, r0.w, r1.x, r1.y, r1.z, r1.w,
                   r2.x, r2.y, r2.z, r2.w, r3.x, r3.y, r3.z, r3.w};
    float inv[16];
    inv[0] = m[5] * m[10] * m[15] - m[5] * m[11] * m[14] - m[9] * m[6] * m[15] + m[9] * m[7] * m[14] + m[13] * m[6] * m[11] - m[13] * m[7] * m[10];
    inv[4] = -m[4] * m[10] * m[15] + m[4] * m[11] * m[14] + m[8] * m[6] * m[15] - m[8] * m[7] * m[14] - m[12] * m[6] * m[11] + m[12] * m[7] * m[10];
    inv[8] = m[4] * m[9] * m[15] - m[4] * m[11] * m[13] - m[8] * m[5] * m[15] + m[8] * m[7] * m[13] + m[12] * m[5] * m[11] - m[12] * m[7] * m[9];
    inv[12] = -m[4] * m[9] * m[14] + m[4] * m[10] * m[13] + m[8] * m[5] * m[14] - m[8] * m[6] * m[13] - m[12] * m[5] * m[10] + m[12] * m[6] * m[9];
    inv[1] = -m[1] * m[10] * m[15] + m[1] * m[11] * m[14] + m[9] * m[2] * m[15] - m[9] * m[3] * m[14] - m[13] * m[2] * m[11] + m[13] * m[3] * m[10];
    inv[5] = m[0] * m[10] * m[15] - m[0] * m[11] * m[14] - m[8] * m[2] * m[15] + m[8] * m[3] * m[14] + m[12] * m[2] * m[11] - m[12] * m[3] * m[10];
    inv[9] = -m[0] * m[9] * m[15] + m[0] * m[11] * m[13] + m[8] * m[1] * m[15] - m[8] * m[3] * m[13] - m[12] * m[1] * m[11] + m[12] * m[3] * m[9];
    inv[13] = m[0] * m[9] * m[14] - m[0] * m[10] * m[13] - m[8] * m[1] * m[14] + m[8] * m[2] * m[13] + m[12] * m[1] * m[10] - m[12] * m[2] * m[9];
    inv[2] = m[1] * m[6] * m[15] - m[1] * m[7] * m[14] - m[5] * m[2] * m[15] + m[5] * m[3] * m[14] + m[13] * m[2] * m[7] - m[13] * m[3] * m[6];
    inv[6] = -m[0] * m[6] * m[15] + m[0] * m[7] * m[14] + m[4] * m[2] * m[15] - m[4] * m[3] * m[14] - m[12] * m[2] * m[7] + m[12] * m[3] * m[6];
    inv[10] = m[0] * m[5] * m[15] - m[0] * m[7] * m[13] - m[4] * m[1] * m[15] + m[4] * m[3] * m[13] + m[12] * m[1] * m[7] - m[12] * m[3] * m[5];
    inv[14] = -m[0] * m[5] * m[14] + m[0] * m[6] * m[13] + m[4] * m[1] * m[14] - m[4] * m[2] * m[13] - m[12] * m[1] * m[6] + m[12] * m[2] * m[5];
    inv[3] = -m[1] * m[6] * m[11] + m[1] * m[7] * m[10] + m[5] * m[2] * m[11] - m[5] * m[3] * m[10] - m[9] * m[2] * m[7] + m[9] * m[3] * m[6];
    inv[7] = m[0] * m[6] * m[11] - m[0] * m[7] * m[10] - m[4] * m[2] * m[11] + m[4] * m[3] * m[10] + m[8] * m[2] * m[7] - m[8] * m[3] * m[6];
    inv[11] = -m[0] * m[5] * m[11] + m[0] * m[7] * m[9] + m[4] * m[1] * m[11] - m[4] * m[3] * m[9] - m[8] * m[1] * m[7] + m[8] * m[3] * m[5];
    inv[15] = m[0] * m[5] * m[10] - m[0] * m[6] * m[9] - m[4] * m[1] * m[10] + m[4] * m[2] * m[9] + m[8] * m[1] * m[6] - m[8] * m[2] * m[5];
    float det = m[0] * inv[0] + m[1] * inv[4] + m[2] * inv[8] + m[3] * inv[12];
    bool sing = fabsf(det) < 1e-20f;
    singular[t] = sing ? 1 : 0;
    float rd = sing ? 0.f : 1.f / det;
    float4* q = reinterpret_cast<float4*>(out + (size_t)t * 16);
#pragma unroll
    for (int i = 0; i < 4; i++)
        q[i] = make_float4(inv[4 * i] * rd, inv[4 * i + 1] * rd, inv[4 * i + 2] * rd, inv[4 * i + 3] * rd);
}

__device__ __forceinline__ void matmul8x8_thread(int t, const float* __restrict__ A,
                                                 const float* __restrict__ B, float* __restrict__ C)
{
    const float4* pa = reinterpret_cast<const float4*>(A + (size_t)t * 64);
    const float4* pb = reinterpret_cast<const float4*>(B + (size_t)t * 64);
    float a[64];
#pragma unroll
    for (int i = 0; i < 16; i++) {
        float4 v = pa[i];
        a[4 * i] = v.x; a[4 * i + 1] = v.y; a[4 * i + 2] = v.z; a[4 * i + 3] = v.w;
    }
    float c[64];
#pragma unroll
    for (int i = 0; i < 64; i++) c[i] = 0.f;
#pragma unroll
    for (int k = 0; k < 8; k++) {
        float4 b0 = pb[2 * k], b1 = pb[2 * k + 1];
        float b[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
        for (int i = 0; i < 8; i++)
#pragma unroll
            for (int j = 0; j < 8; j++) c[i * 8 + j] = fmaf(a[i * 8 + k], b[j], c[i * 8 + j]);
    }
    float4* pc = reinterpret_cast<float4*>(C + (size_t)t * 64);
#pragma unroll
    for (int i = 0; i < 16; i++) pc[i] = make_float4(c[4 * i], c[4 * i + 1], c[4 * i + 2], c[4 * i + 3]);
}

extern "C" __global__ void batched_matmul8x8(int batch, const float* __restrict__ A,
                                             const float* __restrict__ B, float* __restrict__ C)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= batch) return;
    matmul8x8_thread(t, A, B, C);
}

extern "C" __global__ void __launch_bounds__(128, 16)
batched_matmul8x8_lb(int batch, const float* __restrict__ A,
                     const float* __restrict__ B, float* __restrict__ C)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= batch) return;
    matmul8x8_thread(t, A, B, C);
}

extern "C" __global__ void batched_solve3x3_dp(int batch, const double* __restrict__ A,
                                               const double* __restrict__ b, double* __restrict__ x,
                                               int* __restrict__ info)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= batch) return;
    const double* a = A + (size_t)t * 9;
    double a00 = a[0], a01 = a[1], a02 = a[2];
    double a10 = a[3], a11 = a[4], a12 = a[5];
    double a20 = a[6], a21 = a[7], a22 = a[8];
    double b0 = b[3 * t], b1 = b[3 * t + 1], b2 = b[3 * t + 2];
    double c00 = a11 * a22 - a12 * a21;
    double c01 = a12 * a20 - a10 * a22;
    double c02 = a10 * a21 - a11 * a20;
    double det = a00 * c00 + a01 * c01 + a02 * c02;
    double scale = fmax(fmax(fabs(a00), fabs(a11)), fabs(a22));
    if (fabs(det) <= 1e-14 * scale * scale * scale) {
        info[t] = 1;
        x[3 * t] = x[3 * t + 1] = x[3 * t + 2] = 0.0;
        return;
    }
    double inv = 1.0 / det;
    double x0 = (b0 * c00 + a01 * (a12 * b2 - b1 * a22) + a02 * (b1 * a21 - a11 * b2)) * inv;
    double x1 = (a00 * (b1 * a22 - a12 * b2) + b0 * c01 + a02 * (a10 * b2 - b1 * a20)) * inv;
    double x2 = (a00 * (a11 * b2 - b1 * a21) + a01 * (b1 * a20 - a10 * b2) + b0 * c02) * inv;
    info[t] = 0;
    x[3 * t] = x0; x[3 * t + 1] = x1; x[3 * t + 2] = x2;
}

extern "C" __global__ void batched_trsv_lower(int batch, int n, const float* __restrict__ L,
                                              const float* __restrict__ rhs, float* __restrict__ sol,
                                              int unit_diag)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= batch || n > 16 || n <= 0) return;
    const float* l = L + (size_t)t * n * n;
    const float* bb = rhs + (size_t)t * n;
    float x[16];
    for (int i = 0; i < n; i++) {
        float s = bb[i];
        for (int j = 0; j < i; j++) s -= l[i * n + j] * x[j];
        x[i] = unit_diag ? s : s / l[i * n + i];
    }
    for (int i = 0; i < n; i++) sol[(size_t)t * n + i] = x[i];
}
