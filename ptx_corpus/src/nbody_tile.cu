// All-pairs gravitational forces: each thread integrates one body, the block stages TILE bodies
// at a time in shared memory and every thread sweeps the tile (UNROLL-way unrolled inner loop).
// Launch-bound variants: LB_THREADS / LB_BLOCKS when defined.
#ifndef TILE
#define TILE 256
#endif
#ifndef UNROLL
#define UNROLL 4
#endif
#ifdef LB_THREADS
#ifdef LB_BLOCKS
#define BOUNDS __launch_bounds__(LB_THREADS, LB_BLOCKS)
#else
#define BOUNDS __launch_bounds__(LB_THREADS)
#endif
#else
#define BOUNDS
#endif
constexpr int kUnroll = UNROLL;

extern "C" __global__ void BOUNDS nbody_tile(const float4 *pos, float4 *acc_out, int n, float eps2)
{
    __shared__ float4 sh[TILE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 me = i < n ? pos[i] : make_float4(0.f, 0.f, 0.f, 0.f);
    float ax = 0.f, ay = 0.f, az = 0.f;
    for (int base = 0; base < n; base += TILE) {
        int j = base + threadIdx.x;
        sh[threadIdx.x] = j < n ? pos[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
#pragma unroll kUnroll
        for (int k = 0; k < TILE; k++) {
            float4 o = sh[k];
            float dx = o.x - me.x, dy = o.y - me.y, dz = o.z - me.z;
            float r2 = dx * dx + dy * dy + dz * dz + eps2;
            float inv = rsqrtf(r2);
            float s = o.w * inv * inv * inv;
            ax += dx * s;
            ay += dy * s;
            az += dz * s;
        }
        __syncthreads();
    }
    if (i < n)
        acc_out[i] = make_float4(ax, ay, az, 0.f);
}
