// Transitive closure of a graph of 32 * WORDS vertices held as bit rows in shared memory
// (Warshall): step k, every vertex i that reaches k gains k's row. Thread i owns row i; the k-th
// row is read by everyone before a barrier, and rows are written only after it.
// Corpus mutant closure_bits_nobar2 deletes the barrier after the k-th row is read: rows are then
// rewritten while others still read them (a race).
#ifndef WORDS
#define WORDS 2
#endif
#define V (32 * WORDS)
extern "C" __global__ void closure_bits(unsigned *adj)
{
    __shared__ unsigned rows[V][WORDS];
    unsigned i = threadIdx.x;
    unsigned *g = adj + blockIdx.x * V * WORDS;
    unsigned mine[WORDS];
#pragma unroll
    for (int w = 0; w < WORDS; w++)
        rows[i][w] = mine[w] = g[i * WORDS + w];
    __syncthreads();
    for (unsigned k = 0; k < V; k++) {
        unsigned rk[WORDS];
#pragma unroll
        for (int w = 0; w < WORDS; w++)
            rk[w] = rows[k][w];
        __syncthreads();
        if ((mine[k / 32] >> (k % 32)) & 1u) {
#pragma unroll
            for (int w = 0; w < WORDS; w++)
                mine[w] |= rk[w];
#pragma unroll
            for (int w = 0; w < WORDS; w++)
                rows[i][w] = mine[w];
        }
        __syncthreads();
    }
#pragma unroll
    for (int w = 0; w < WORDS; w++)
        g[i * WORDS + w] = mine[w];
}
