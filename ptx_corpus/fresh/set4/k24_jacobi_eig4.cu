// Symmetric eigen-decomposition by cyclic Jacobi rotations: 4x4 float fully unrolled (static indices, register resident), 3x3 double with eigenvectors, and NxN (N<=8) with dynamic pivot indices in local memory.
#include <cuda_runtime.h>

template <int N, typename T>
__device__ __forceinline__ void jacobi_rotate(T (&a)[N][N], T (&v)[N][N], int p, int q)
{
    T apq = a[p][q];
    if (apq == T(0)) return;
    T theta = (a[q][q] - a[p][p]) / (T(2) * apq);
    T t = (theta >= T(0) ? T(1) : T(-1)) / (fabs(theta) + sqrt(theta * theta + T(1)));
    T c = T(1) / sqrt(t * t + T(1)), s = t * c;
#pragma unroll
    for (int k = 0; k < N; ++k) {
        T akp = a[k][p], akq = a[k][q];
        a[k][p] = c * akp - s * akq; a[k][q] = s * akp + c * akq;
    }
#pragma unroll
    for (int k = 0; k < N; ++k) {
        T apk = a[p][k], aqk = a[q][k];
        a[p][k] = c * apk - s * aqk; a[q][k] = s * apk + c * aqk;
    }
#pragma unroll
    for (int k = 0; k < N; ++k) {
        T vkp = v[k][p], vkq = v[k][q];
        v[k][p] = c * vkp - s * vkq; v[k][q] = s * vkp + c * vkq;
    }
}

// 4x4 float, packed upper-triangle input (10 floats), 6 sweeps x 6 pairs unrolled
extern "C" __global__ void
jacobi_eig4x4_f32(const float* __restrict__ packed, float* __restrict__ evals, float* __restrict__ evecs, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float* m = packed + (size_t)i * 10;
    float a[4][4] = {{m[0], m[1], m[2], m[3]}, {m[1], m[4], m[5], m[6]}, {m[2], m[5], m[7], m[8]}, {m[3], m[6], m[8], m[9]}};
    float v[4][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
#pragma unroll
    for (int sweep = 0; sweep < 6; ++sweep) {
#pragma unroll
        for (int p = 0; p < 3; ++p)
#pragma unroll
            for (int q = p + 1; q < 4; ++q) jacobi_rotate<4, float>(a, v, p, q);
    }
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        evals[(size_t)i * 4 + k] = a[k][k];
#pragma unroll
        for (int r = 0; r < 4; ++r) evecs[(size_t)i * 16 + k * 4 + r] = v[r][k];
    }
}

// 3x3 double (structure tensors / inertia tensors), sorted descending
extern "C" __global__ void
jacobi_eig3x3_f64(const double* __restrict__ sym6, double* __restrict__ evals, double* __restrict__ evecs, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const double* m = sym6 + (size_t)i * 6;  // xx, xy, xz, yy, yz, zz
    double a[3][3] = {{m[0], m[1], m[2]}, {m[1], m[3], m[4]}, {m[2], m[4], m[5]}};
    double v[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    for (int sweep = 0; sweep < 10; ++sweep) {
        double off = a[0][1] * a[0][1] + a[0][2] * a[0][2] + a[1][2] * a[1][2];
        if (off < 1e-30) break;
        jacobi_rotate<3, double>(a, v, 0, 1);
        jacobi_rotate<3, double>(a, v, 0, 2);
        jacobi_rotate<3, double>(a, v, 1, 2);
    }
    double e[3] = {a[0][0], a[1][1], a[2][2]};
    int o[3] = {0, 1, 2};
#pragma unroll
    for (int p = 0; p < 2; ++p)
#pragma unroll
        for (int q = 0; q < 2 - p; ++q)
            if (e[o[q]] < e[o[q + 1]]) { int t = o[q]; o[q] = o[q + 1]; o[q + 1] = t; }
    for (int k = 0; k < 3; ++k) {
        int c = o[k];
        evals[(size_t)i * 3 + k] = e[c];
        for (int r = 0; r < 3; ++r) evecs[(size_t)i * 9 + k * 3 + r] = v[r][c];
    }
}

// classical Jacobi (largest off-diagonal pivot) for N<=8 matrices: runtime N and data-dependent pivot -> local memory arrays
#define JMAX 8
extern "C" __global__ void
jacobi_eig_classic_small(const float* __restrict__ A, int N, int maxRot, float tol, float* __restrict__ evals, int nMat)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nMat) return;
    float a[JMAX][JMAX];
    for (int r = 0; r < N; ++r)
        for (int c = 0; c < N; ++c) a[r][c] = A[(size_t)i * N * N + r * N + c];
    for (int it = 0; it < maxRot; ++it) {
        int p = 0, q = 1; float mx = 0.f;
        for (int r = 0; r < N; ++r)
            for (int c = r + 1; c < N; ++c) if (fabsf(a[r][c]) > mx) { mx = fabsf(a[r][c]); p = r; q = c; }
        if (mx < tol) break;
        float theta = (a[q][q] - a[p][p]) / (2.f * a[p][q]);
        float t = copysignf(1.f, theta) / (fabsf(theta) + sqrtf(theta * theta + 1.f));
        float c = rsqrtf(t * t + 1.f), s = t * c;
        for (int k = 0; k < N; ++k) { float akp = a[k][p], akq = a[k][q]; a[k][p] = c * akp - s * akq; a[k][q] = s * akp + c * akq; }
        for (int k = 0; k < N; ++k) { float apk = a[p][k], aqk = a[q][k]; a[p][k] = c * apk - s * aqk; a[q][k] = s * apk + c * aqk; }
    }
    for (int k = 0; k < N; ++k) evals[(size_t)i * N + k] = a[k][k];
}
