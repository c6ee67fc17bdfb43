// sincosf / powf / atan2f; rotary position embedding style
extern "C" __global__ void rope_apply(float* __restrict__ q, const int* __restrict__ pos,
                                      int heads, int head_dim, float base)
{
    int tok = blockIdx.x;
    int p = pos[tok];
    int half = head_dim / 2;
    for (int idx = threadIdx.x; idx < heads * half; idx += blockDim.x) {
        int h = idx / half;
        int d = idx % half;
        float inv = powf(base, -2.0f * d / (float)head_dim);
        float s, c;
        sincosf(p * inv, &s, &c);
        float* row = q + ((size_t)tok * heads + h) * head_dim;
        float a = row[d];
        float b = row[d + half];
        row[d] = a * c - b * s;
        row[d + half] = a * s + b * c;
    }
}

extern "C" __global__ void cart_to_polar(const float2* __restrict__ in, float2* __restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float2 v = in[i];
        out[i] = make_float2(hypotf(v.x, v.y), atan2f(v.y, v.x));
    }
}
