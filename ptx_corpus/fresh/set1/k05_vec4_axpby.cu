// float4/int4 vectorised loads and stores
extern "C" __global__ void axpby_vec4(const float4* __restrict__ x, const float4* __restrict__ y,
                                      float4* __restrict__ z, float a, float b, int n4)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += blockDim.x * gridDim.x) {
        float4 xv = x[i];
        float4 yv = y[i];
        float4 r;
        r.x = a * xv.x + b * yv.x;
        r.y = a * xv.y + b * yv.y;
        r.z = a * xv.z + b * yv.z;
        r.w = a * xv.w + b * yv.w;
        z[i] = r;
    }
}

extern "C" __global__ void int4_clamp_add(const int4* __restrict__ a, const int4* __restrict__ b,
                                          int4* __restrict__ c, int lo, int hi, int n4)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n4) return;
    int4 u = __ldg(a + i), v = __ldg(b + i);
    int4 r;
    r.x = min(max(u.x + v.x, lo), hi);
    r.y = min(max(u.y + v.y, lo), hi);
    r.z = min(max(u.z + v.z, lo), hi);
    r.w = min(max(u.w + v.w, lo), hi);
    c[i] = r;
}

extern "C" __global__ void copy_vec4_tail(const float* __restrict__ src, float* __restrict__ dst, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int n4 = n >> 2;
    if (tid < n4) {
        reinterpret_cast<float4*>(dst)[tid] = reinterpret_cast<const float4*>(src)[tid];
    }
    int tail = (n4 << 2) + tid;
    if (tid < 4 && tail < n) dst[tail] = src[tail];
}
