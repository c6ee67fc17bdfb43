// JPEG-style entropy stage: zigzag reorder + quantization, run-length/Huffman code-length accounting, and bit packing of precomputed codes.
#include <cuda_runtime.h>
#include <stdint.h>

__constant__ unsigned char c_zigzag[64] = {
     0, 1, 8,16, 9, 2, 3,10,17,24,32,25,18,11, 4, 5,12,19,26,33,40,48,41,34,27,20,13, 6, 7,14,21,28,
    35,42,49,56,57,50,43,36,29,22,15,23,30,37,44,51,58,59,52,45,38,31,39,46,53,60,61,54,47,55,62,63};

__device__ __forceinline__ int bitLength(int v) { v = v < 0 ? -v : v; return v ? 32 - __clz(v) : 0; }

// one thread per 8x8 block: quantize and zigzag into 64 int16
extern "C" __global__ void
jpeg_quant_zigzag(const float* __restrict__ dct, const unsigned short* __restrict__ qtable,
                  short* __restrict__ zz, int nBlocks)
{
    __shared__ float recip[64];
    if (threadIdx.x < 64) recip[threadIdx.x] = 1.f / (float)qtable[threadIdx.x];
    __syncthreads();
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nBlocks) return;
    const float* src = dct + (size_t)b * 64;
    short out[64];
#pragma unroll
    for (int k = 0; k < 64; ++k) {
        int n = c_zigzag[k];
        out[k] = (short)__float2int_rn(src[n] * recip[n]);
    }
    short2* dst = reinterpret_cast<short2*>(zz + (size_t)b * 64);
#pragma unroll
    for (int k = 0; k < 32; ++k) dst[k] = make_short2(out[2 * k], out[2 * k + 1]);
}

// count Huffman bits per block using DC/AC code-length tables; DC predicted from previous block in the same MCU row
extern "C" __global__ void
jpeg_block_bitcount(const short* __restrict__ zz, const unsigned char* __restrict__ dcLen /*12*/,
                    const unsigned char* __restrict__ acLen /*256*/, int blocksPerRow, int nBlocks,
                    unsigned int* __restrict__ bits, unsigned int* __restrict__ symFreq /*256 AC freq*/)
{
    __shared__ unsigned char sAc[256];
    __shared__ unsigned int sFreq[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) { sAc[i] = acLen[i]; sFreq[i] = 0; }
    __syncthreads();
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b < nBlocks) {
        const short* z = zz + (size_t)b * 64;
        int pred = (b % blocksPerRow) ? zz[(size_t)(b - 1) * 64] : 0;
        int diff = z[0] - pred;
        int cat = bitLength(diff);
        unsigned int nb = dcLen[cat] + cat;
        int run = 0;
        for (int k = 1; k < 64; ++k) {
            int v = z[k];
            if (v == 0) { ++run; continue; }
            while (run > 15) { nb += sAc[0xF0]; atomicAdd(&sFreq[0xF0], 1u); run -= 16; }
            int s = bitLength(v);
            int sym = (run << 4) | s;
            nb += sAc[sym] + s;
            atomicAdd(&sFreq[sym], 1u);
            run = 0;
        }
        if (run > 0) { nb += sAc[0x00]; atomicAdd(&sFreq[0], 1u); }
        bits[b] = nb;
    }
    __syncthreads();
    for (int i = threadIdx.x; i < 256; i += blockDim.x) if (sFreq[i]) atomicAdd(&symFreq[i], sFreq[i]);
}

// pack variable-length codes (code,len pairs) given exclusive bit offsets; writes 32-bit big-endian words with atomics at boundaries
extern "C" __global__ void
jpeg_pack_codes(const uint32_t* __restrict__ codes, const unsigned char* __restrict__ lens,
                const unsigned long long* __restrict__ bitOffset, int nCodes, unsigned int* __restrict__ out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nCodes) return;
    unsigned int len = lens[i];
    if (len == 0) return;
    unsigned long long off = bitOffset[i];
    unsigned long long word = off >> 5;
    unsigned int sh = (unsigned int)(off & 31);
    // code aligned to MSB of a 64-bit window
    unsigned long long v = (unsigned long long)(codes[i] & ((len == 32) ? 0xffffffffu : ((1u << len) - 1u))) << (64 - len - sh);
    unsigned int hi = (unsigned int)(v >> 32), lo = (unsigned int)v;
    if (hi) atomicOr(&out[word], hi);
    if (lo) atomicOr(&out[word + 1], lo);
}
