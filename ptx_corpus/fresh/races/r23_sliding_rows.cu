// Vertical 3-tap filter marching down the image: each iteration loads one row strip of 256 columns into shared,
// then each thread combines its column with the neighbouring columns of that row. 256 threads.
#define W 256

// RACE: missing barrier at the end of the row loop: a fast thread stores row[t] for row y+1 while a slower thread still reads row[t-1]/row[t+1] of row y (WAR).
extern "C" __global__ void __launch_bounds__(W) row_march_race(const float* img, float* out, int width, int height)
{
    __shared__ float row[W + 2];
    int t = threadIdx.x;
    int x = blockIdx.x * W + t;
    float prev = 0.f;
    for (int y = 0; y < height; ++y) {
        row[t + 1] = (x < width) ? img[(size_t)y * width + x] : 0.f;
        if (t == 0)     row[0]     = (x > 0) ? img[(size_t)y * width + x - 1] : 0.f;
        if (t == W - 1) row[W + 1] = (x + 1 < width) ? img[(size_t)y * width + x + 1] : 0.f;
        __syncthreads();
        float cur = 0.25f * row[t] + 0.5f * row[t + 1] + 0.25f * row[t + 2];
        if (x < width) out[(size_t)y * width + x] = 0.5f * (cur + prev);
        prev = cur;
    }
}

// OK: a second __syncthreads() at the end of each row iteration before the strip is overwritten.
extern "C" __global__ void __launch_bounds__(W) row_march_ok(const float* img, float* out, int width, int height)
{
    __shared__ float row[W + 2];
    int t = threadIdx.x;
    int x = blockIdx.x * W + t;
    float prev = 0.f;
    for (int y = 0; y < height; ++y) {
        row[t + 1] = (x < width) ? img[(size_t)y * width + x] : 0.f;
        if (t == 0)     row[0]     = (x > 0) ? img[(size_t)y * width + x - 1] : 0.f;
        if (t == W - 1) row[W + 1] = (x + 1 < width) ? img[(size_t)y * width + x + 1] : 0.f;
        __syncthreads();
        float cur = 0.25f * row[t] + 0.5f * row[t + 1] + 0.25f * row[t + 2];
        if (x < width) out[(size_t)y * width + x] = 0.5f * (cur + prev);
        prev = cur;
        __syncthreads();
    }
}
