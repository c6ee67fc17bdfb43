// Bit-packed 2D cellular automata and binary morphology: Conway's Life on 32-cell words
// using bit-sliced full adders, and binary erosion/dilation with a 3x3 structuring element.

__device__ __forceinline__ unsigned int ld_wrap(const unsigned int* g, int wx, int wy, int words_x, int h)
{
    wx = (wx + words_x) % words_x;
    wy = (wy + h) % h;
    return g[wy * words_x + wx];
}

// Life (B3/S23), toroidal. Each thread updates one 32-cell word using bit-sliced neighbour counting.
extern "C" __global__ void life_bitsliced(const unsigned int* __restrict__ in, unsigned int* __restrict__ out,
                                          int words_x, int h, unsigned int* __restrict__ pop)
{
    int wx = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    unsigned int live = 0;
    if (wx < words_x && y < h) {
        unsigned int n[9];
        int k = 0;
#pragma unroll
        for (int dy = -1; dy <= 1; ++dy) {
            unsigned int c = ld_wrap(in, wx, y + dy, words_x, h);
            unsigned int l = ld_wrap(in, wx - 1, y + dy, words_x, h);
            unsigned int r = ld_wrap(in, wx + 1, y + dy, words_x, h);
            // bit i of word = cell x = 32*wx + i
            unsigned int west = (c << 1) | (l >> 31);
            unsigned int east = (c >> 1) | (r << 31);
            n[k++] = west; n[k++] = east;
            if (dy != 0) n[k++] = c; else n[8] = c;
        }
        // sum 8 neighbour bitmasks into 4-bit counters (s0..s3) with carry-save adders
        unsigned int s0 = 0, s1 = 0, s2 = 0, s3 = 0;
#pragma unroll
        for (int i = 0; i < 8; ++i) {
            unsigned int x = n[i];
            unsigned int c0 = s0 & x; s0 ^= x;
            unsigned int c1 = s1 & c0; s1 ^= c0;
            unsigned int c2 = s2 & c1; s2 ^= c1;
            s3 |= c2;
        }
        unsigned int self = n[8];
        // count == 3 or (count == 2 and alive)
        unsigned int eq3 = s0 & s1 & ~s2 & ~s3;
        unsigned int eq2 = ~s0 & s1 & ~s2 & ~s3;
        live = eq3 | (eq2 & self);
        out[y * words_x + wx] = live;
    }
    unsigned int c = __popc(live);
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) c += __shfl_xor_sync(0xffffffffu, c, o);
    if (((threadIdx.y * blockDim.x + threadIdx.x) & 31) == 0 && c) atomicAdd(pop, c);
}

// Binary erosion (op=0) or dilation (op=1) with a 3x3 square element on a
// single word column strip held in registers (32 rows per thread).
extern "C" __global__ void morph3x3_bitpacked(const unsigned int* __restrict__ in, unsigned int* __restrict__ out,
                                              int words_x, int h, int op)
{
    int wx = blockIdx.x * blockDim.x + threadIdx.x;
    int y0 = (blockIdx.y * blockDim.y + threadIdx.y) * 32;
    if (wx >= words_x || y0 >= h) return;
    unsigned int rowh[34];
#pragma unroll
    for (int r = 0; r < 34; ++r) {
        int y = y0 + r - 1;
        unsigned int fill = op == 0 ? 0xffffffffu : 0u;
        if (y < 0 || y >= h) { rowh[r] = fill; continue; }
        unsigned int c = in[y * words_x + wx];
        unsigned int l = wx > 0 ? in[y * words_x + wx - 1] : fill;
        unsigned int rr = wx + 1 < words_x ? in[y * words_x + wx + 1] : fill;
        unsigned int w = (c << 1) | (l >> 31), e = (c >> 1) | (rr << 31);
        rowh[r] = op == 0 ? (c & w & e) : (c | w | e);
    }
#pragma unroll
    for (int r = 0; r < 32; ++r) {
        int y = y0 + r;
        if (y >= h) break;
        unsigned int v = op == 0 ? (rowh[r] & rowh[r + 1] & rowh[r + 2]) : (rowh[r] | rowh[r + 1] | rowh[r + 2]);
        out[y * words_x + wx] = v;
    }
}
