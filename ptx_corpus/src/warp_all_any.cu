// Early termination of an iterative per-element refinement once the whole warp has converged:
// __all_sync stops the loop for a warp only when every lane is done, __any_sync counts the
// warps that needed the slow path.
extern "C" __global__ void warp_all_any(const float *x0, float *x, unsigned *slow_warps, unsigned n, int max_iter)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    bool valid = i < n;
    float a = valid ? x0[i] : 1.0f;
    float r = a > 1.0f ? a : 1.0f;
    int it = 0;
    // Newton's iteration for sqrt(a); all lanes iterate together until all converge
    while (it < max_iter) {
        float next = 0.5f * (r + a / r);
        bool done = fabsf(next - r) <= 1e-6f * r;
        r = next;
        it++;
        if (__all_sync(0xffffffffu, done))
            break;
    }
    if (__any_sync(0xffffffffu, it > 8) && (threadIdx.x & 31) == 0)
        atomicAdd(slow_warps, 1u);
    if (valid)
        x[i] = r;
}
