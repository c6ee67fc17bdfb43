// Thread 0 computes a per-block scale factor; all threads apply it.
// launched with 256 threads

// RACE: thread 0 writes s_scale and other threads read it without a barrier in between.
extern "C" __global__ void __launch_bounds__(256) scale_rows_race(const float* in, const float* norms, float* out, int cols)
{
    __shared__ float s_scale;
    int row = blockIdx.x;
    if (threadIdx.x == 0) {
        float nrm = norms[row];
        s_scale = (nrm > 0.f) ? 1.0f / nrm : 0.f;
    }
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        out[row * cols + c] = in[row * cols + c] * s_scale;
}

// OK: __syncthreads() after thread 0 publishes s_scale.
extern "C" __global__ void __launch_bounds__(256) scale_rows_ok(const float* in, const float* norms, float* out, int cols)
{
    __shared__ float s_scale;
    int row = blockIdx.x;
    if (threadIdx.x == 0) {
        float nrm = norms[row];
        s_scale = (nrm > 0.f) ? 1.0f / nrm : 0.f;
    }
    __syncthreads();
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        out[row * cols + c] = in[row * cols + c] * s_scale;
}
