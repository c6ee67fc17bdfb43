// Domain: N-body simulation and parallel reductions (SDK / textbook style)
// nbody_tiled_accel: all-pairs gravitational acceleration, float4 body tiles staged in shared memory.
// nbody_4bodies_per_thread: each thread integrates 4 bodies against shared tiles (12 live accumulators + positions).
// reduce_sum_8acc: grid-stride float4 sum with 8 independent accumulators, warp-shuffle + shared finish.
// reduce_kahan_double: double-precision compensated (Kahan) sum with block tree reduction of (sum, comp).

extern "C" __global__ void nbody_tiled_accel(const float4* __restrict__ pos, float4* __restrict__ acc,
                                             int n, float eps2)
{
    extern __shared__ float4 sh[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 pi = (i < n) ? pos[i] : make_float4(0.f, 0.f, 0.f, 0.f);
    float ax = 0.f, ay = 0.f, az = 0.f;
    for (int tile = 0; tile < n; tile += blockDim.x) {
        int j = tile + threadIdx.x;
        sh[threadIdx.x] = (j < n) ? pos[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
        int cnt = min((int)blockDim.x, n - tile);
#pragma unroll 8
        for (int k = 0; k < cnt; k++) {
            float4 pj = sh[k];
            float dx = pj.x - pi.x, dy = pj.y - pi.y, dz = pj.z - pi.z;
            float r2 = dx * dx + dy * dy + dz * dz + eps2;
            float inv = rsqrtf(r2);
            float s = pj.w * inv * inv * inv;
            ax = fmaf(dx, s, ax); ay = fmaf(dy, s, ay); az = fmaf(dz, s, az);
        }
        __syncthreads();
    }
    if (i < n) acc[i] = make_float4(ax, ay, az, 0.f);
}

extern "C" __global__ void nbody_4bodies_per_thread(const float4* __restrict__ pos, float4* __restrict__ vel,
                                                    float4* __restrict__ newpos, int n, float dt, float eps2)
{
    __shared__ float4 sh[256];
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
    float4 p[4];
    float a[4][3];
#pragma unroll
    for (int b = 0; b < 4; b++) {
        p[b] = (base + b < n) ? pos[base + b] : make_float4(0.f, 0.f, 0.f, 0.f);
        a[b][0] = a[b][1] = a[b][2] = 0.f;
    }
    for (int tile = 0; tile < n; tile += 256) {
        for (int t = threadIdx.x; t < 256; t += blockDim.x) {
            int j = tile + t;
            sh[t] = (j < n) ? pos[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        }
        __syncthreads();
#pragma unroll 4
        for (int k = 0; k < 256; k++) {
            float4 pj = sh[k];
#pragma unroll
            for (int b = 0; b < 4; b++) {
                float dx = pj.x - p[b].x, dy = pj.y - p[b].y, dz = pj.z - p[b].z;
                float r2 = fmaf(dx, dx, fmaf(dy, dy, fmaf(dz, dz, eps2)));
                float inv = rsqrtf(r2);
                float s = pj.w * inv * inv * inv;
                a[b][0] = fmaf(dx, s, a[b][0]);
                a[b][1] = fmaf(dy, s, a[b][1]);
                a[b][2] = fmaf(dz, s, a[b][2]);
            }
        }
        __syncthreads();
    }
#pragma unroll
    for (int b = 0; b < 4; b++) {
        int i = base + b;
        if (i >= n) break;
        float4 v = vel[i];
        v.x += a[b][0] * dt; v.y += a[b][1] * dt; v.z += a[b][2] * dt;
        vel[i] = v;
        newpos[i] = make_float4(p[b].x + v.x * dt, p[b].y + v.y * dt, p[b].z + v.z * dt, p[b].w);
    }
}

extern "C" __global__ void reduce_sum_8acc(const float* __restrict__ x, size_t n, float* __restrict__ out)
{
    __shared__ float warp_sums[32];
    float s[8];
#pragma unroll
    for (int k = 0; k < 8; k++) s[k] = 0.f;
    size_t n4 = n / 4;
    const float4* x4 = reinterpret_cast<const float4*>(x);
    size_t stride = (size_t)gridDim.x * blockDim.x;
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    for (; i + stride < n4; i += 2 * stride) {
        float4 a = x4[i], b = x4[i + stride];
        s[0] += a.x; s[1] += a.y; s[2] += a.z; s[3] += a.w;
        s[4] += b.x; s[5] += b.y; s[6] += b.z; s[7] += b.w;
    }
    if (i < n4) { float4 a = x4[i]; s[0] += a.x; s[1] += a.y; s[2] += a.z; s[3] += a.w; }
    size_t t = n4 * 4 + (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (t < n) s[4] += x[t];
    float v = ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) warp_sums[wid] = v;
    __syncthreads();
    if (wid == 0) {
        v = (lane < (blockDim.x + 31) / 32) ? warp_sums[lane] : 0.f;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
        if (lane == 0) atomicAdd(out, v);
    }
}

extern "C" __global__ void reduce_kahan_double(const double* __restrict__ x, long long n,
                                               double* __restrict__ partial)
{
    __shared__ double ssum[256];
    __shared__ double scomp[256];
    double sum = 0.0, c = 0.0;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (long long)gridDim.x * blockDim.x) {
        double y = x[i] - c;
        double t = sum + y;
        c = (t - sum) - y;
        sum = t;
    }
    ssum[threadIdx.x] = sum;
    scomp[threadIdx.x] = c;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) {
            // two-sum merge of (a, ca) and (b, cb)
            double a = ssum[threadIdx.x], b = ssum[threadIdx.x + s];
            double t = a + b;
            double bp = t - a;
            double err = (a - (t - bp)) + (b - bp);
            ssum[threadIdx.x] = t;
            scomp[threadIdx.x] = scomp[threadIdx.x] + scomp[threadIdx.x + s] - err;
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = ssum[0] - scomp[0];
}
