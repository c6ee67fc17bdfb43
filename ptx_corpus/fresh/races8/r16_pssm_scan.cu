// r16_pssm_scan.cu
//
// Transcription-factor binding-site scan with a position-specific scoring
// matrix (bioinformatics). DNA is stored one base per byte (A,C,G,T = 0..3).
// Each block scores TILES_PER_BLOCK consecutive tiles of 4096 positions;
// tiles (+16 halo bases, keeping every copy 16-byte aligned) are
// double-buffered in shared memory with cooperative_groups::memcpy_async,
// and the PSSM (motif_len x 4 log-odds) is staged once. Every position's
// score sum_j pssm[j][base[pos+j]] is written out.
//
// Launch configuration:
//   blockDim = (256,1,1)   (16 positions per thread per tile)
//   gridDim  = (genome_len / (16*4096),1,1), genome_len = 3<<28 (padded by
//              >= 16 bytes at the end), TILES_PER_BLOCK = 16 (kernel arg)
//   motif_len <= 16, static shared memory only.

#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>

namespace cg = cooperative_groups;

#define BLOCK 256
#define TILE 4096
#define HALO 16
#define MOTIF_MAX 16
#define PER_THREAD (TILE / BLOCK)

extern "C" __global__ void __launch_bounds__(BLOCK)
pssm_scan_race(const unsigned char* __restrict__ seq, const float* __restrict__ pssm,
               int motif_len, int tiles_per_block, float* __restrict__ score)
{
    __shared__ __align__(16) unsigned char s_seq[2][TILE + HALO];
    __shared__ __align__(16) float s_pssm[MOTIF_MAX * 4];
    cg::thread_block block = cg::this_thread_block();
    const size_t base = (size_t)blockIdx.x * tiles_per_block * TILE;

    cg::memcpy_async(block, s_pssm, pssm, cuda::aligned_size_t<16>(sizeof(float) * MOTIF_MAX * 4));
    cg::memcpy_async(block, s_seq[0], seq + base, cuda::aligned_size_t<16>(TILE + HALO));

    for (int t = 0; t < tiles_per_block; ++t) {
        if (t + 1 < tiles_per_block)
            cg::memcpy_async(block, s_seq[(t + 1) & 1], seq + base + (size_t)(t + 1) * TILE,
                             cuda::aligned_size_t<16>(TILE + HALO));
        cg::wait_prior<1>(block);

        const unsigned char* s = s_seq[t & 1];
        for (int p = 0; p < PER_THREAD; ++p) {
            const int i = p * BLOCK + threadIdx.x;
            float sc = 0.f;
            for (int j = 0; j < motif_len; ++j) sc += s_pssm[j * 4 + (s[i + j] & 3)];
            score[base + (size_t)t * TILE + i] = sc;
        }
        block.sync();
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
pssm_scan_ok(const unsigned char* __restrict__ seq, const float* __restrict__ pssm,
             int motif_len, int tiles_per_block, float* __restrict__ score)
{
    __shared__ __align__(16) unsigned char s_seq[2][TILE + HALO];
    __shared__ __align__(16) float s_pssm[MOTIF_MAX * 4];
    cg::thread_block block = cg::this_thread_block();
    const size_t base = (size_t)blockIdx.x * tiles_per_block * TILE;

    cg::memcpy_async(block, s_pssm, pssm, cuda::aligned_size_t<16>(sizeof(float) * MOTIF_MAX * 4));
    cg::memcpy_async(block, s_seq[0], seq + base, cuda::aligned_size_t<16>(TILE + HALO));

    for (int t = 0; t < tiles_per_block; ++t) {
        if (t + 1 < tiles_per_block) {
            cg::memcpy_async(block, s_seq[(t + 1) & 1], seq + base + (size_t)(t + 1) * TILE,
                             cuda::aligned_size_t<16>(TILE + HALO));
            cg::wait_prior<1>(block);
        } else {
            cg::wait(block);
        }

        const unsigned char* s = s_seq[t & 1];
        for (int p = 0; p < PER_THREAD; ++p) {
            const int i = p * BLOCK + threadIdx.x;
            float sc = 0.f;
            for (int j = 0; j < motif_len; ++j) sc += s_pssm[j * 4 + (s[i + j] & 3)];
            score[base + (size_t)t * TILE + i] = sc;
        }
        block.sync();
    }
}
