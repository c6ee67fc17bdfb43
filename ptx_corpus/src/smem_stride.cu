// Reads shared memory STRIDE words apart per thread (bank conflicts of degree gcd(STRIDE, 32)).
#ifndef STRIDE
#define STRIDE 1
#endif
#ifndef TYPE
#define TYPE float
#endif
extern "C" __global__ void smem_stride(const TYPE *in, TYPE *out)
{
    __shared__ TYPE s[256 * STRIDE];
    int t = threadIdx.x;
    for (int k = t; k < 256 * STRIDE; k += 256)
        s[k] = in[blockIdx.x * 256 * STRIDE + k];
    __syncthreads();
    out[blockIdx.x * 256 + t] = s[t * STRIDE];
}
