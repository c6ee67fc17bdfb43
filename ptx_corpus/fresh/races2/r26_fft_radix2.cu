#define FFT_N 512
#define FFT_T (FFT_N / 2)

extern "C" __global__ void __launch_bounds__(FFT_T)
fft512_race(float2* __restrict__ data)
{
    __shared__ float2 s[FFT_N];
    int tid = threadIdx.x;
    float2* d = data + (size_t)blockIdx.x * FFT_N;

    for (int i = tid; i < FFT_N; i += FFT_T) s[__brev(i) >> 23] = d[i];
    __syncthreads();

    for (int half = 1; half < FFT_N; half <<= 1) {
        int pos = tid & (half - 1);
        int i0 = ((tid - pos) << 1) + pos;
        int i1 = i0 + half;
        float sn, cs;
        sincospif(-(float)pos / (float)half, &sn, &cs);
        float2 a = s[i0], b = s[i1];
        __syncthreads();
        float tr = b.x * cs - b.y * sn;
        float ti = b.x * sn + b.y * cs;
        s[i0] = make_float2(a.x + tr, a.y + ti);
        s[i1] = make_float2(a.x - tr, a.y - ti);
    }
    __syncthreads();

    for (int i = tid; i < FFT_N; i += FFT_T) d[i] = s[i];
}

extern "C" __global__ void __launch_bounds__(FFT_T)
fft512_ok(float2* __restrict__ data)
{
    __shared__ float2 s[FFT_N];
    int tid = threadIdx.x;
    float2* d = data + (size_t)blockIdx.x * FFT_N;

    for (int i = tid; i < FFT_N; i += FFT_T) s[__brev(i) >> 23] = d[i];
    __syncthreads();

    for (int half = 1; half < FFT_N; half <<= 1) {
        int pos = tid & (half - 1);
        int i0 = ((tid - pos) << 1) + pos;
        int i1 = i0 + half;
        float sn, cs;
        sincospif(-(float)pos / (float)half, &sn, &cs);
        float2 a = s[i0], b = s[i1];
        float tr = b.x * cs - b.y * sn;
        float ti = b.x * sn + b.y * cs;
        s[i0] = make_float2(a.x + tr, a.y + ti);
        s[i1] = make_float2(a.x - tr, a.y - ti);
        __syncthreads();
    }

    for (int i = tid; i < FFT_N; i += FFT_T) d[i] = s[i];
}
