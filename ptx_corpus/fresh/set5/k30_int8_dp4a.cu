// Int8 inference kernels: register-tiled int8 GEMM with __dp4a (8x8 per thread of int32 accumulators
// over packed K), per-channel requantisation with rounding shift, and depthwise int8 conv1d.
#include <stdint.h>

// C[M,N] = A[M,K] * B[N,K]^T, K multiple of 16, A,B packed as int32 (4 x int8).
// Block 16x16 threads, tile 128x128, each thread 8x8 outputs (strided by 16 to avoid bank conflicts).
extern "C" __global__ void __launch_bounds__(256)
gemm_s8_dp4a_8x8(const int* __restrict__ A4, const int* __restrict__ B4, int* __restrict__ C,
                 int M, int N, int K4 /* K/4 */)
{
    __shared__ int sA[4][128 + 4];
    __shared__ int sB[4][128 + 4];
    int tx = threadIdx.x, ty = threadIdx.y;
    int tid = ty * 16 + tx;
    int m0 = blockIdx.y * 128, n0 = blockIdx.x * 128;
    int acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0;
    for (int k = 0; k < K4; k += 4) {
        // 256 threads load 128 rows x 4 words for A and B (2 each), stored k-major
#pragma unroll
        for (int l = 0; l < 2; ++l) {
            int e = l * 256 + tid;
            int r = e >> 2, c = e & 3;
            sA[c][r] = (m0 + r < M && k + c < K4) ? A4[(long)(m0 + r) * K4 + k + c] : 0;
            sB[c][r] = (n0 + r < N && k + c < K4) ? B4[(long)(n0 + r) * K4 + k + c] : 0;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < 4; ++kk) {
            int a[8], b[8];
#pragma unroll
            for (int i = 0; i < 8; ++i) a[i] = sA[kk][ty + 16 * i];
#pragma unroll
            for (int j = 0; j < 8; ++j) b[j] = sB[kk][tx + 16 * j];
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = __dp4a(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        int m = m0 + ty + 16 * i;
        if (m >= M) continue;
#pragma unroll
        for (int j = 0; j < 8; ++j) {
            int n = n0 + tx + 16 * j;
            if (n < N) C[(long)m * N + n] = acc[i][j];
        }
    }
}

// Requantise int32 accumulators -> int8 with per-output-channel multiplier/shift (gemmlowp style),
// bias add, zero point, ReLU6-style clamp. Processes 4 outputs per thread, packed store.
extern "C" __global__ void requant_per_channel_s8(const int* __restrict__ acc, const int* __restrict__ bias,
                                                  const int* __restrict__ mult, const signed char* __restrict__ shift,
                                                  int out_zp, int qmin, int qmax, int M, int N,
                                                  char4* __restrict__ out)
{
    long t = blockIdx.x * (long)blockDim.x + threadIdx.x;
    long total4 = (long)M * N / 4;
    if (t >= total4) return;
    long e = t * 4;
    int n = (int)(e % N);
    int4 a = reinterpret_cast<const int4*>(acc)[t];
    int v[4] = {a.x, a.y, a.z, a.w};
    signed char o[4];
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        int ch = n + q;
        long long x = (long long)(v[q] + bias[ch]) * mult[ch];
        // rounding doubling high multiply
        int hi = (int)((x + (1ll << 30)) >> 31);
        int s = shift[ch];
        int res;
        if (s > 0) {
            int mask = (1 << s) - 1;
            int rem = hi & mask;
            int thr = (mask >> 1) + (hi < 0 ? 1 : 0);
            res = (hi >> s) + (rem > thr ? 1 : 0);
        } else res = hi << (-s);
        res += out_zp;
        o[q] = (signed char)min(max(res, qmin), qmax);
    }
    out[t] = make_char4(o[0], o[1], o[2], o[3]);
}

// Depthwise int8 1D convolution (kernel 7) over [C, T] with 4 channels packed per int32 lane via byte perms.
extern "C" __global__ void dwconv1d_s8_k7(const signed char* __restrict__ x, const signed char* __restrict__ w /*C x 7*/,
                                          const int* __restrict__ bias, int C, int T, int* __restrict__ y)
{
    __shared__ signed char sx[256 + 6];
    int c = blockIdx.y;
    int t0 = blockIdx.x * 256;
    for (int i = threadIdx.x; i < 256 + 6; i += blockDim.x) {
        int t = t0 + i - 3;
        sx[i] = (t >= 0 && t < T) ? x[(long)c * T + t] : 0;
    }
    __syncthreads();
    int t = t0 + threadIdx.x;
    if (t >= T) return;
    int wk[7];
#pragma unroll
    for (int k = 0; k < 7; ++k) wk[k] = w[c * 7 + k];
    int wpack0 = (wk[0] & 0xff) | ((wk[1] & 0xff) << 8) | ((wk[2] & 0xff) << 16) | ((wk[3] & 0xff) << 24);
    int wpack1 = (wk[4] & 0xff) | ((wk[5] & 0xff) << 8) | ((wk[6] & 0xff) << 16);
    int i = threadIdx.x;
    int xp0 = (sx[i] & 0xff) | ((sx[i + 1] & 0xff) << 8) | ((sx[i + 2] & 0xff) << 16) | ((sx[i + 3] & 0xff) << 24);
    int xp1 = (sx[i + 4] & 0xff) | ((sx[i + 5] & 0xff) << 8) | ((sx[i + 6] & 0xff) << 16);
    int s = __dp4a(xp0, wpack0, bias[c]);
    s = __dp4a(xp1, wpack1, s);
    y[(long)c * T + t] = s;
}
