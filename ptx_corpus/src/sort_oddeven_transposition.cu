// Odd-even transposition sort of blockDim.x keys, one key per thread: in even phases thread 2i
// compares with 2i+1, in odd phases 2i+1 with 2i+2; a thread reads its partner's key, waits,
// then keeps the smaller or larger one.
// Corpus mutant sort_oddeven_transposition_nobar2 deletes the barrier between reading the
// partner's key and overwriting one's own: the partner may read the new value (a race).
extern "C" __global__ void sort_oddeven_transposition(int *keys, unsigned n)
{
    __shared__ int s[1024];
    unsigned t = threadIdx.x;
    unsigned g = blockIdx.x * blockDim.x + t;
    s[t] = g < n ? keys[g] : 0x7fffffff;
    __syncthreads();
    for (unsigned phase = 0; phase < blockDim.x; phase++) {
        unsigned partner = ((t & 1) == (phase & 1)) ? t + 1 : t - 1;
        int mine = s[t];
        int other = partner < blockDim.x ? s[partner] : mine;
        __syncthreads();
        bool low = partner > t;
        s[t] = low ? min(mine, other) : max(mine, other);
        __syncthreads();
    }
    if (g < n)
        keys[g] = s[t];
}
