// N-body force tiles (GPU Gems 3 ch. 31 style) and k-means assignment (Rodinia style).

#define NB_BS 256

// Launch: blockDim = 256, gridDim = ceil(n/256)
extern "C" __global__ void __launch_bounds__(NB_BS)
nbody_tile(const float4* __restrict__ pos, float4* __restrict__ acc_out, int n, float soft2)
{
    __shared__ float4 sh[NB_BS];
    int i = blockIdx.x * NB_BS + threadIdx.x;
    float4 me = (i < n) ? pos[i] : make_float4(0.f, 0.f, 0.f, 0.f);
    float ax = 0.f, ay = 0.f, az = 0.f;
    for (int base = 0; base < n; base += NB_BS) {
        int j = base + threadIdx.x;
        sh[threadIdx.x] = (j < n) ? pos[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
        int cnt = min(NB_BS, n - base);
        for (int k = 0; k < cnt; ++k) {
            float4 o = sh[k];
            float dx = o.x - me.x, dy = o.y - me.y, dz = o.z - me.z;
            float r2 = dx * dx + dy * dy + dz * dz + soft2;
            float inv = rsqrtf(r2);
            float s = o.w * inv * inv * inv;
            ax += dx * s; ay += dy * s; az += dz * s;
        }
        __syncthreads();
    }
    if (i < n) acc_out[i] = make_float4(ax, ay, az, 0.f);
}

#define KM_MAXC 4096
#define KM_MAXK 256

// Launch: blockDim = 128, gridDim = any; 1 <= k <= 256, dim >= 1, k * dim <= 4096
extern "C" __global__ void __launch_bounds__(128)
kmeans_assign(const float* __restrict__ pts, const float* __restrict__ cent, int* __restrict__ member,
              unsigned* __restrict__ counts, int npts, int dim, int k)
{
    __shared__ float sc[KM_MAXC];
    __shared__ unsigned scount[KM_MAXK];
    for (int i = threadIdx.x; i < k * dim; i += blockDim.x) sc[i] = cent[i];
    for (int i = threadIdx.x; i < k; i += blockDim.x) scount[i] = 0;
    __syncthreads();
    for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < npts; p += blockDim.x * gridDim.x) {
        const float* x = pts + (size_t)p * dim;
        int best = 0;
        float bestd = 3.402823466e38f;
        for (int c = 0; c < k; ++c) {
            float d = 0.f;
            for (int j = 0; j < dim; ++j) {
                float t = x[j] - sc[c * dim + j];
                d += t * t;
                if (d >= bestd) break;
            }
            if (d < bestd) {
                bestd = d;
                best = c;
                if (d == 0.f) break;
            }
        }
        member[p] = best;
        atomicAdd(&scount[best], 1u);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < k; i += blockDim.x) {
        unsigned c = scount[i];
        if (c) atomicAdd(&counts[i], c);
    }
}
