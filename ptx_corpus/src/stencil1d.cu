// 1-D stencil of radius 3 with a shared halo; blockDim.x == 256, n a multiple of 256.
#define R 3
extern "C" __global__ void stencil1d(const float *in, float *out, int n)
{
    __shared__ float s[256 + 2 * R];
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int l = threadIdx.x + R;
    s[l] = in[g];
    if (threadIdx.x < R) {
        s[l - R] = g >= R ? in[g - R] : 0.0f;
        s[l + 256] = g + 256 < n ? in[g + 256] : 0.0f;
    }
    __syncthreads();
    float v = 0.0f;
    for (int o = -R; o <= R; o++)
        v += s[l + o];
    out[g] = v;
}
