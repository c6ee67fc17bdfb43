// __noinline__ device functions and recursion: recursive quicksort of small per-thread segments,
// recursive BVH-like tree traversal, recursive Ackermann-limited fib, and noinline helpers in a loop.
__device__ __noinline__ float noinline_smoothstep_poly(float a, float b, float x, int order)
{
    float t = fminf(fmaxf((x - a) / (b - a), 0.0f), 1.0f);
    float r = t;
    for (int k = 1; k < order; ++k) r = r * t * (3.0f - 2.0f * t);
    return r;
}

__device__ __noinline__ float4 noinline_quat_mul(float4 p, float4 q)
{
    return make_float4(p.w * q.x + p.x * q.w + p.y * q.z - p.z * q.y,
                       p.w * q.y - p.x * q.z + p.y * q.w + p.z * q.x,
                       p.w * q.z + p.x * q.y - p.y * q.x + p.z * q.w,
                       p.w * q.w - p.x * q.x - p.y * q.y - p.z * q.z);
}

extern "C" __global__ void noinline_quat_chain(const float4 *q, float4 *out, const float *x, int n, int chain)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 acc = make_float4(0.f, 0.f, 0.f, 1.f);
    for (int k = 0; k < chain; ++k) {
        float4 r = q[(i + k) % n];
        float s = noinline_smoothstep_poly(0.0f, 1.0f, x[(i + k) % n], 3);
        r.x *= s; r.y *= s; r.z *= s;
        acc = noinline_quat_mul(acc, r);
    }
    out[i] = acc;
}

__device__ int recursive_partition(int *a, int lo, int hi)
{
    int pivot = a[hi];
    int i = lo - 1;
    for (int j = lo; j < hi; ++j) {
        if (a[j] <= pivot) { ++i; int t = a[i]; a[i] = a[j]; a[j] = t; }
    }
    int t = a[i + 1]; a[i + 1] = a[hi]; a[hi] = t;
    return i + 1;
}

__device__ void recursive_quicksort(int *a, int lo, int hi, int depth)
{
    if (lo >= hi) return;
    if (depth > 16) {  // fall back to insertion sort
        for (int i = lo + 1; i <= hi; ++i) {
            int v = a[i], j = i - 1;
            while (j >= lo && a[j] > v) { a[j + 1] = a[j]; --j; }
            a[j + 1] = v;
        }
        return;
    }
    int p = recursive_partition(a, lo, hi);
    recursive_quicksort(a, lo, p - 1, depth + 1);
    recursive_quicksort(a, p + 1, hi, depth + 1);
}

// Each thread sorts a 32-element segment copied into a local array with recursive quicksort.
extern "C" __global__ void segment_quicksort_recursive(int *data, int nSegments)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= nSegments) return;
    int buf[32];
    for (int i = 0; i < 32; ++i) buf[i] = data[s * 32 + i];
    recursive_quicksort(buf, 0, 31, 0);
    for (int i = 0; i < 32; ++i) data[s * 32 + i] = buf[i];
}

struct Node { float3 bmin; int left; float3 bmax; int right; };  // leaf if left < 0: primitive = ~left

__device__ bool rayBox(float3 o, float3 invd, float3 bmin, float3 bmax, float tmax)
{
    float tx1 = (bmin.x - o.x) * invd.x, tx2 = (bmax.x - o.x) * invd.x;
    float tmin = fminf(tx1, tx2), tm = fmaxf(tx1, tx2);
    float ty1 = (bmin.y - o.y) * invd.y, ty2 = (bmax.y - o.y) * invd.y;
    tmin = fmaxf(tmin, fminf(ty1, ty2)); tm = fminf(tm, fmaxf(ty1, ty2));
    float tz1 = (bmin.z - o.z) * invd.z, tz2 = (bmax.z - o.z) * invd.z;
    tmin = fmaxf(tmin, fminf(tz1, tz2)); tm = fminf(tm, fmaxf(tz1, tz2));
    return tm >= fmaxf(tmin, 0.0f) && tmin < tmax;
}

__device__ float traverse_recursive(const Node *nodes, const float4 *spheres, int nodeIdx, float3 o, float3 d,
                                    float3 invd, float tbest, int *hitId)
{
    Node nd = nodes[nodeIdx];
    if (!rayBox(o, invd, nd.bmin, nd.bmax, tbest)) return tbest;
    if (nd.left < 0) {
        int prim = ~nd.left;
        float4 s = spheres[prim];
        float3 oc = make_float3(o.x - s.x, o.y - s.y, o.z - s.z);
        float b = oc.x * d.x + oc.y * d.y + oc.z * d.z;
        float c = oc.x * oc.x + oc.y * oc.y + oc.z * oc.z - s.w * s.w;
        float disc = b * b - c;
        if (disc > 0.0f) {
            float t = -b - sqrtf(disc);
            if (t > 1e-4f && t < tbest) { tbest = t; *hitId = prim; }
        }
        return tbest;
    }
    tbest = traverse_recursive(nodes, spheres, nd.left, o, d, invd, tbest, hitId);
    tbest = traverse_recursive(nodes, spheres, nd.right, o, d, invd, tbest, hitId);
    return tbest;
}

extern "C" __global__ void bvh_trace_recursive(const Node *nodes, const float4 *spheres, const float3 *rayO,
                                               const float3 *rayD, float *tHit, int *primHit, int nRays)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nRays) return;
    float3 o = rayO[i], d = rayD[i];
    float3 invd = make_float3(1.0f / d.x, 1.0f / d.y, 1.0f / d.z);
    int hit = -1;
    float t = traverse_recursive(nodes, spheres, 0, o, d, invd, 1e30f, &hit);
    tHit[i] = t;
    primHit[i] = hit;
}

__device__ unsigned long long binom_recursive(int n, int k)
{
    if (k == 0 || k == n) return 1ull;
    if (k == 1) return (unsigned long long)n;
    return binom_recursive(n - 1, k - 1) + binom_recursive(n - 1, k);
}

extern "C" __global__ void binomial_recursive(const int2 *nk, unsigned long long *out, int count)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) out[i] = binom_recursive(nk[i].x, nk[i].y);
}
