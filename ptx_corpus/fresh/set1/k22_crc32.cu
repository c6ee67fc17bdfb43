// CRC32 with shared-memory table, and bitwise CRC32C with no table
#include <stdint.h>
extern "C" __global__ void crc32_table_blocks(const uint8_t* __restrict__ data, const uint32_t* __restrict__ table,
                                              uint32_t* __restrict__ crcs, int block_len, int nblocks)
{
    __shared__ uint32_t t[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) t[i] = table[i];
    __syncthreads();
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nblocks) return;
    const uint32_t* p = reinterpret_cast<const uint32_t*>(data + (size_t)b * block_len);
    uint32_t crc = 0xffffffffu;
    for (int w = 0; w < block_len / 4; ++w) {
        uint32_t v = p[w];
#pragma unroll
        for (int k = 0; k < 4; ++k) {
            crc = t[(crc ^ (v >> (8 * k))) & 0xff] ^ (crc >> 8);
        }
    }
    crcs[b] = ~crc;
}

extern "C" __global__ void crc32c_bitwise(const uint32_t* __restrict__ words, uint32_t* __restrict__ crcs, int nwords, int nmsg)
{
    int m = blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= nmsg) return;
    uint32_t crc = ~0u;
    for (int w = 0; w < nwords; ++w) {
        crc ^= words[(size_t)w * nmsg + m];
#pragma unroll
        for (int b = 0; b < 32; ++b) crc = (crc >> 1) ^ (0x82f63b78u & (0u - (crc & 1u)));
    }
    crcs[m] = ~crc;
}
