extern "C" __global__ void rgb_to_hsv(const float4* __restrict__ in, float4* __restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = in[i];
    float mx = fmaxf(p.x, fmaxf(p.y, p.z));
    float mn = fminf(p.x, fminf(p.y, p.z));
    float d = mx - mn;
    float h = 0.f;
    if (d > 1e-6f) {
        if (mx == p.x) h = fmodf((p.y - p.z) / d, 6.f);
        else if (mx == p.y) h = (p.z - p.x) / d + 2.f;
        else h = (p.x - p.y) / d + 4.f;
        h *= 60.f;
        if (h < 0.f) h += 360.f;
    }
    float s = mx > 0.f ? d / mx : 0.f;
    out[i] = make_float4(h, s, mx, p.w);
}

extern "C" __global__ void reinhard_tonemap(const float4* __restrict__ hdr, uchar4* __restrict__ ldr,
    const float* __restrict__ logAvgLum, float key, float white, float gamma, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float la = expf(*logAvgLum);
    float4 c = hdr[i];
    float L = 0.2126f * c.x + 0.7152f * c.y + 0.0722f * c.z;
    float Ls = key / la * L;
    float Ld = Ls * (1.f + Ls / (white * white)) / (1.f + Ls);
    float scale = L > 0.f ? Ld / L : 0.f;
    float ig = 1.f / gamma;
    float r = powf(fminf(c.x * scale, 1.f), ig);
    float g = powf(fminf(c.y * scale, 1.f), ig);
    float b = powf(fminf(c.z * scale, 1.f), ig);
    ldr[i] = make_uchar4((unsigned char)(r * 255.f + 0.5f), (unsigned char)(g * 255.f + 0.5f),
                         (unsigned char)(b * 255.f + 0.5f), 255);
}

extern "C" __global__ void log_luminance_reduce(const float4* __restrict__ hdr, float* __restrict__ partial, int n)
{
    __shared__ float sdata[256];
    float acc = 0.f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        float4 c = hdr[i];
        acc += logf(1e-4f + 0.2126f * c.x + 0.7152f * c.y + 0.0722f * c.z);
    }
    sdata[threadIdx.x] = acc;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) sdata[threadIdx.x] += sdata[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = sdata[0];
}
