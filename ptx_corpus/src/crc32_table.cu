// CRC-32 of fixed-size records, one record per thread, with the 256-entry table staged in shared
// memory by the block (the lookups are data-dependent). Records are RECORD bytes, read four at a
// time.
#ifndef RECORD
#define RECORD 64
#endif
extern "C" __global__ void crc32_table(const unsigned *table, const unsigned *records, unsigned *crcs, unsigned n)
{
    __shared__ unsigned s_table[256];
    for (unsigned j = threadIdx.x; j < 256; j += blockDim.x)
        s_table[j] = table[j];
    __syncthreads();
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    const unsigned *r = records + (size_t)i * (RECORD / 4);
    unsigned crc = 0xffffffffu;
    for (int w = 0; w < RECORD / 4; w++) {
        unsigned word = r[w];
#pragma unroll
        for (int b = 0; b < 4; b++) {
            crc = s_table[(crc ^ word) & 0xffu] ^ (crc >> 8);
            word >>= 8;
        }
    }
    crcs[i] = ~crc;
}
