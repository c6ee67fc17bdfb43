// A kernel calling non-inlined device functions several times: nvcc wraps every call in its own
// { } scope that declares the same .reg and .param names again (legal PTX: each scope is new).
__device__ __noinline__ float smoothstep_f(float e0, float e1, float x)
{
    float t = fminf(fmaxf((x - e0) / (e1 - e0), 0.0f), 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

__device__ __noinline__ int clamp_index(int i, int n) { return i < 0 ? 0 : (i >= n ? n - 1 : i); }

extern "C" __global__ void device_calls(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float l = in[clamp_index(i - 1, n)], c = in[i], r = in[clamp_index(i + 1, n)];
    out[i] = smoothstep_f(0.0f, 1.0f, c) + 0.5f * (smoothstep_f(-1.0f, 1.0f, l) + smoothstep_f(-1.0f, 1.0f, r));
}
