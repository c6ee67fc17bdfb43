// Domain: batched small dense linear algebra
// bgemm_4x4_thread  - one thread per 4x4 matrix product (batched), data read with float4
// bgemm_6x6_thread  - one thread per 6x6 product C = A*B + C, all 108 inputs held in registers
// bgemm_strided     - batched GEMM with runtime sizes and strides, one thread per output element
// bgemv_3x3_double  - batch of 3x3 double matrix-vector products plus determinant

extern "C" __global__ void bgemm_4x4_thread(const float4 *__restrict__ A, const float4 *__restrict__ B,
                                            float4 *__restrict__ C, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    float4 a0 = A[b * 4 + 0], a1 = A[b * 4 + 1], a2 = A[b * 4 + 2], a3 = A[b * 4 + 3];
    float4 b0 = B[b * 4 + 0], b1 = B[b * 4 + 1], b2 = B[b * 4 + 2], b3 = B[b * 4 + 3];
    float4 r[4];
    float4 ar[4] = {a0, a1, a2, a3};
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        float4 a = ar[i];
        r[i].x = a.x * b0.x + a.y * b1.x + a.z * b2.x + a.w * b3.x;
        r[i].y = a.x * b0.y + a.y * b1.y + a.z * b2.y + a.w * b3.y;
        r[i].z = a.x * b0.z + a.y * b1.z + a.z * b2.z + a.w * b3.z;
        r[i].w = a.x * b0.w + a.y * b1.w + a.z * b2.w + a.w * b3.w;
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) C[b * 4 + i] = r[i];
}

extern "C" __global__ void bgemm_6x6_thread(const float *__restrict__ A, const float *__restrict__ B,
                                            float *__restrict__ C, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    float a[36], bm[36], c[36];
    const float2 *a2 = reinterpret_cast<const float2 *>(A + 36 * b);
    const float2 *b2 = reinterpret_cast<const float2 *>(B + 36 * b);
    const float2 *c2 = reinterpret_cast<const float2 *>(C + 36 * b);
#pragma unroll
    for (int i = 0; i < 18; ++i) {
        float2 va = a2[i], vb = b2[i], vc = c2[i];
        a[2 * i] = va.x; a[2 * i + 1] = va.y;
        bm[2 * i] = vb.x; bm[2 * i + 1] = vb.y;
        c[2 * i] = vc.x; c[2 * i + 1] = vc.y;
    }
#pragma unroll
    for (int i = 0; i < 6; ++i)
#pragma unroll
        for (int j = 0; j < 6; ++j) {
            float s = c[i * 6 + j];
#pragma unroll
            for (int k = 0; k < 6; ++k) s = fmaf(a[i * 6 + k], bm[k * 6 + j], s);
            c[i * 6 + j] = s;
        }
    float2 *o2 = reinterpret_cast<float2 *>(C + 36 * b);
#pragma unroll
    for (int i = 0; i < 18; ++i) o2[i] = make_float2(c[2 * i], c[2 * i + 1]);
}

extern "C" __global__ void bgemm_strided(const float *A, const float *B, float *C,
                                         int m, int n, int k,
                                         long long strideA, long long strideB, long long strideC,
                                         int lda, int ldb, int ldc, int batch)
{
    int bid = blockIdx.z;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (bid >= batch || row >= m || col >= n) return;
    const float *a = A + bid * strideA + row * lda;
    const float *bb = B + bid * strideB + col;
    float s = 0.f;
    for (int p = 0; p < k; ++p)
        s += a[p] * bb[p * ldb];
    C[bid * strideC + row * ldc + col] = s;
}

extern "C" __global__ void bgemv_3x3_double(const double *__restrict__ M, const double *__restrict__ x,
                                            double *__restrict__ y, double *__restrict__ det, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    const double *m = M + 9 * b;
    double m00 = m[0], m01 = m[1], m02 = m[2];
    double m10 = m[3], m11 = m[4], m12 = m[5];
    double m20 = m[6], m21 = m[7], m22 = m[8];
    double x0 = x[3 * b], x1 = x[3 * b + 1], x2 = x[3 * b + 2];
    y[3 * b + 0] = m00 * x0 + m01 * x1 + m02 * x2;
    y[3 * b + 1] = m10 * x0 + m11 * x1 + m12 * x2;
    y[3 * b + 2] = m20 * x0 + m21 * x1 + m22 * x2;
    det[b] = m00 * (m11 * m22 - m12 * m21) - m01 * (m10 * m22 - m12 * m20) + m02 * (m10 * m21 - m11 * m20);
}
