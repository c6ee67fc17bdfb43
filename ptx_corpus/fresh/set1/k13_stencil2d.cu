// 2D 5-point and 9-point stencils; register queue along y
extern "C" __global__ void jacobi5_2d(const float* __restrict__ in, float* __restrict__ out, int nx, int ny)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1) return;
    int i = y * nx + x;
    out[i] = 0.25f * (in[i - 1] + in[i + 1] + in[i - nx] + in[i + nx]);
}

// Each thread marches in y keeping a 3x3 window in registers
extern "C" __global__ void stencil9_regqueue(const float* __restrict__ in, float* __restrict__ out,
                                             int nx, int ny, const float* __restrict__ w)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x < 1 || x >= nx - 1) return;
    float w00 = w[0], w01 = w[1], w02 = w[2], w10 = w[3], w11 = w[4], w12 = w[5], w20 = w[6], w21 = w[7], w22 = w[8];
    float a0 = in[x - 1], a1 = in[x], a2 = in[x + 1];
    float b0 = in[nx + x - 1], b1 = in[nx + x], b2 = in[nx + x + 1];
    for (int y = 1; y < ny - 1; ++y) {
        const float* r = in + (size_t)(y + 1) * nx + x;
        float c0 = r[-1], c1 = r[0], c2 = r[1];
        out[(size_t)y * nx + x] = w00 * a0 + w01 * a1 + w02 * a2 + w10 * b0 + w11 * b1 + w12 * b2
                                + w20 * c0 + w21 * c1 + w22 * c2;
        a0 = b0; a1 = b1; a2 = b2;
        b0 = c0; b1 = c1; b2 = c2;
    }
}
