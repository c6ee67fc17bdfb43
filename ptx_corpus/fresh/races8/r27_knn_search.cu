// r27_knn_search.cu
//
// Brute-force k-nearest-neighbour search, k = 8 (ML / recommendation,
// point-cloud processing). One thread per query; reference points are
// streamed through shared memory in tiles of 256. To keep register pressure
// low, each thread's sorted k-best list (distances + indices) lives in
// shared memory (thread t owns entries t*K .. t*K+K-1) and is maintained by
// insertion sort. Dynamic shared memory layout:
//   float s_d[BLOCK*K] | int s_i[BLOCK*K] | float4 s_ref[RTILE]
//
// Launch configuration:
//   blockDim = (128,1,1)   (4 warps, must equal BLOCK)
//   gridDim  = (nq/128,1,1), nq = 65536 queries, nref = 1<<20 references
//   dynamic shared memory = 128*8*4*2 + 256*16 = 12288 bytes.

#include <math.h>

#define BLOCK 128
#define KNN 8
#define RTILE 256

extern "C" __global__ void __launch_bounds__(BLOCK)
knn_search_race(const float4* __restrict__ queries, const float4* __restrict__ refs, int nref,
                int* __restrict__ knn_idx, float* __restrict__ knn_dist)
{
    extern __shared__ __align__(16) unsigned char smem[];
    float* s_d = reinterpret_cast<float*>(smem);
    int* s_i = reinterpret_cast<int*>(s_d + BLOCK * KNN);
    float4* s_ref = reinterpret_cast<float4*>(s_i + BLOCK * KNN);

    const int tid = threadIdx.x;
    const int q = blockIdx.x * BLOCK + tid;
    const float4 qp = queries[q];
    float* my_d = s_d + tid * KNN;
    int* my_i = s_i + tid * KNN;
    for (int i = 0; i < KNN; ++i) { my_d[i] = INFINITY; my_i[i] = -1; }

    for (int base = 0; base < nref; base += RTILE) {
        __syncthreads();
        for (int j = tid; j < RTILE; j += BLOCK)
            s_ref[j] = (base + j < nref) ? refs[base + j] : make_float4(INFINITY, INFINITY, INFINITY, 0.f);
        __syncthreads();
        const int m = min(RTILE, nref - base);
        for (int j = 0; j < m; ++j) {
            const float4 r = s_ref[j];
            const float dx = qp.x - r.x, dy = qp.y - r.y, dz = qp.z - r.z;
            const float d = dx * dx + dy * dy + dz * dz;
            if (d < my_d[KNN - 1]) {
                int p = KNN;
                while (p > 0 && my_d[p - 1] > d) { my_d[p] = my_d[p - 1]; my_i[p] = my_i[p - 1]; --p; }
                my_d[p] = d;
                my_i[p] = base + j;
            }
        }
    }
    for (int i = 0; i < KNN; ++i) {
        knn_idx[(size_t)q * KNN + i] = my_i[i];
        knn_dist[(size_t)q * KNN + i] = my_d[i];
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
knn_search_ok(const float4* __restrict__ queries, const float4* __restrict__ refs, int nref,
              int* __restrict__ knn_idx, float* __restrict__ knn_dist)
{
    extern __shared__ __align__(16) unsigned char smem[];
    float* s_d = reinterpret_cast<float*>(smem);
    int* s_i = reinterpret_cast<int*>(s_d + BLOCK * KNN);
    float4* s_ref = reinterpret_cast<float4*>(s_i + BLOCK * KNN);

    const int tid = threadIdx.x;
    const int q = blockIdx.x * BLOCK + tid;
    const float4 qp = queries[q];
    float* my_d = s_d + tid * KNN;
    int* my_i = s_i + tid * KNN;
    for (int i = 0; i < KNN; ++i) { my_d[i] = INFINITY; my_i[i] = -1; }

    for (int base = 0; base < nref; base += RTILE) {
        __syncthreads();
        for (int j = tid; j < RTILE; j += BLOCK)
            s_ref[j] = (base + j < nref) ? refs[base + j] : make_float4(INFINITY, INFINITY, INFINITY, 0.f);
        __syncthreads();
        const int m = min(RTILE, nref - base);
        for (int j = 0; j < m; ++j) {
            const float4 r = s_ref[j];
            const float dx = qp.x - r.x, dy = qp.y - r.y, dz = qp.z - r.z;
            const float d = dx * dx + dy * dy + dz * dz;
            if (d < my_d[KNN - 1]) {
                int p = KNN - 1;
                while (p > 0 && my_d[p - 1] > d) { my_d[p] = my_d[p - 1]; my_i[p] = my_i[p - 1]; --p; }
                my_d[p] = d;
                my_i[p] = base + j;
            }
        }
    }
    for (int i = 0; i < KNN; ++i) {
        knn_idx[(size_t)q * KNN + i] = my_i[i];
        knn_dist[(size_t)q * KNN + i] = my_d[i];
    }
}
