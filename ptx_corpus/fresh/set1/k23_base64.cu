// Base64 encode/decode with table lookups (constant and shared tables)
#include <stdint.h>
__constant__ char c_b64enc[64];

extern "C" __global__ void base64_encode(const uint8_t* __restrict__ in, char* __restrict__ out, int ngroups)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= ngroups) return;
    uint32_t v = ((uint32_t)in[3 * g] << 16) | ((uint32_t)in[3 * g + 1] << 8) | in[3 * g + 2];
    char4 o;
    o.x = c_b64enc[(v >> 18) & 63];
    o.y = c_b64enc[(v >> 12) & 63];
    o.z = c_b64enc[(v >> 6) & 63];
    o.w = c_b64enc[v & 63];
    reinterpret_cast<char4*>(out)[g] = o;
}

extern "C" __global__ void base64_decode(const char* __restrict__ in, uint8_t* __restrict__ out,
                                         const uint8_t* __restrict__ dectab, int* __restrict__ err, int ngroups)
{
    __shared__ uint8_t tab[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) tab[i] = dectab[i];
    __syncthreads();
    for (int g = blockIdx.x * blockDim.x + threadIdx.x; g < ngroups; g += gridDim.x * blockDim.x) {
        uint32_t w = reinterpret_cast<const uint32_t*>(in)[g];
        uint32_t a = tab[w & 0xff], b = tab[(w >> 8) & 0xff], c = tab[(w >> 16) & 0xff], d = tab[w >> 24];
        if ((a | b | c | d) & 0x80) { atomicOr(err, 1); continue; }
        uint32_t v = (a << 18) | (b << 12) | (c << 6) | d;
        out[3 * g] = v >> 16; out[3 * g + 1] = (v >> 8) & 0xff; out[3 * g + 2] = v & 0xff;
    }
}
