// Cellular automata and reaction-diffusion: bit-packed Game of Life (64 cells per word with
// carry-save adders), Gray-Scott reaction-diffusion with a shared-memory 9-point Laplacian,
// generic outer-totalistic CA rule lookup on byte grids, and the Greenberg-Hastings excitable medium.
#include <cuda_runtime.h>
#include <stdint.h>

typedef unsigned long long u64;

__device__ __forceinline__ void add3(u64 a, u64 b, u64 c, u64 &s0, u64 &s1)
{
    u64 t = a ^ b;
    s0 = t ^ c;
    s1 = (a & b) | (t & c);
}

// World is H rows of Wwords 64-bit words (toroidal).
extern "C" __global__ void life_bitpacked(const u64 *__restrict__ in, u64 *__restrict__ out, int Wwords, int H)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= Wwords || y >= H) return;
    int xl = x == 0 ? Wwords - 1 : x - 1, xr = x == Wwords - 1 ? 0 : x + 1;
    int yu = y == 0 ? H - 1 : y - 1, yd = y == H - 1 ? 0 : y + 1;
    u64 r[3][3];
    int rows[3] = {yu, y, yd};
#pragma unroll
    for (int k = 0; k < 3; ++k) {
        r[k][0] = __ldg(in + rows[k] * Wwords + xl);
        r[k][1] = __ldg(in + rows[k] * Wwords + x);
        r[k][2] = __ldg(in + rows[k] * Wwords + xr);
    }
    u64 nb[8];
#pragma unroll
    for (int k = 0; k < 3; ++k) {
        u64 c = r[k][1];
        u64 left = (c << 1) | (r[k][0] >> 63);
        u64 right = (c >> 1) | (r[k][2] << 63);
        if (k == 1) { nb[6] = left; nb[7] = right; }
        else { nb[k == 0 ? 0 : 3] = left; nb[k == 0 ? 1 : 4] = c; nb[k == 0 ? 2 : 5] = right; }
    }
    // sum 8 one-bit inputs into a 4-bit count (bit planes s0..s2, s3 for 8)
    u64 a0, a1, b0, b1;
    add3(nb[0], nb[1], nb[2], a0, a1);
    add3(nb[3], nb[4], nb[5], b0, b1);
    u64 d0 = nb[6] ^ nb[7], d1 = nb[6] & nb[7];
    u64 e0, e1;
    add3(a0, b0, d0, e0, e1);            // ones
    u64 f0, f1;
    add3(a1, b1, d1, f0, f1);            // twos partial
    u64 twos = f0 ^ e1, fours = f1 | (f0 & e1);
    u64 cur = r[1][1];
    // alive next if count == 3, or count == 2 and alive
    u64 eq3 = e0 & twos & ~fours;
    u64 eq2 = ~e0 & twos & ~fours;
    out[y * Wwords + x] = eq3 | (eq2 & cur);
}

extern "C" __global__ void gray_scott_step(const float2 *__restrict__ uv, float2 *__restrict__ uv_out,
                                           int W, int H, float Du, float Dv, float F, float k, float dt)
{
    __shared__ float2 t[18][34];
    int tx = threadIdx.x, ty = threadIdx.y;          // block 32x16
    int x = blockIdx.x * 32 + tx, y = blockIdx.y * 16 + ty;
    for (int j = ty; j < 18; j += 16)
        for (int i = tx; i < 34; i += 32) {
            int gx = (blockIdx.x * 32 + i - 1 + W) % W, gy = (blockIdx.y * 16 + j - 1 + H) % H;
            t[j][i] = uv[gy * W + gx];
        }
    __syncthreads();
    if (x >= W || y >= H) return;
    int i = tx + 1, j = ty + 1;
    float2 c = t[j][i];
    float lu = -c.x, lv = -c.y;
    // weights: 0.2 edge neighbours, 0.05 diagonals, -1 centre
    lu += 0.2f * (t[j][i - 1].x + t[j][i + 1].x + t[j - 1][i].x + t[j + 1][i].x)
        + 0.05f * (t[j - 1][i - 1].x + t[j - 1][i + 1].x + t[j + 1][i - 1].x + t[j + 1][i + 1].x);
    lv += 0.2f * (t[j][i - 1].y + t[j][i + 1].y + t[j - 1][i].y + t[j + 1][i].y)
        + 0.05f * (t[j - 1][i - 1].y + t[j - 1][i + 1].y + t[j + 1][i - 1].y + t[j + 1][i + 1].y);
    float uvv = c.x * c.y * c.y;
    float u = c.x + dt * (Du * lu - uvv + F * (1.f - c.x));
    float v = c.y + dt * (Dv * lv + uvv - (F + k) * c.y);
    uv_out[y * W + x] = make_float2(fminf(fmaxf(u, 0.f), 1.f), fminf(fmaxf(v, 0.f), 1.f));
}

// Multi-state outer-totalistic CA ("Generations" family): rule given as birth/survive bitmasks
// and a number of decay states.
extern "C" __global__ void generations_ca(const uint8_t *__restrict__ in, uint8_t *__restrict__ out, int W, int H,
                                          unsigned birth_mask, unsigned survive_mask, int nstates)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= W || y >= H) return;
    int cnt = 0;
#pragma unroll
    for (int dy = -1; dy <= 1; ++dy)
#pragma unroll
        for (int dx = -1; dx <= 1; ++dx) {
            if (!dx && !dy) continue;
            int xx = x + dx, yy = y + dy;
            xx = xx < 0 ? xx + W : (xx >= W ? xx - W : xx);
            yy = yy < 0 ? yy + H : (yy >= H ? yy - H : yy);
            cnt += __ldg(in + yy * W + xx) == 1;
        }
    uint8_t s = in[y * W + x], ns;
    if (s == 0) ns = (birth_mask >> cnt) & 1;
    else if (s == 1) ns = ((survive_mask >> cnt) & 1) ? 1 : (nstates > 2 ? 2 : 0);
    else ns = (s + 1 < nstates) ? s + 1 : 0;
    out[y * W + x] = ns;
}

// Greenberg-Hastings with a randomised excitation threshold using a counter-based hash.
extern "C" __global__ void greenberg_hastings(const uint8_t *__restrict__ in, uint8_t *__restrict__ out, int W, int H,
                                              int nrefrac, int radius, int threshold, uint32_t step)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= W || y >= H) return;
    uint8_t s = in[y * W + x];
    uint8_t ns;
    if (s == 0) {
        int excited = 0;
        for (int dy = -radius; dy <= radius; ++dy)
            for (int dx = -radius; dx <= radius; ++dx) {
                if (dx * dx + dy * dy > radius * radius) continue;
                int xx = (x + dx + W) % W, yy = (y + dy + H) % H;
                excited += __ldg(in + yy * W + xx) == 1;
            }
        uint32_t h = (uint32_t)(y * W + x) * 0x9E3779B1u ^ step * 0x85EBCA77u;
        h ^= h >> 15; h *= 0x2C1B3C6Du; h ^= h >> 12;
        int thr = threshold + (int)(h & 1);
        ns = excited >= thr ? 1 : 0;
    } else {
        ns = s + 1 > nrefrac + 1 ? 0 : s + 1;
    }
    out[y * W + x] = ns;
}
