// Domain: image convolution (SDK convolutionSeparable rows, 2-D constant-memory filters, median and box filters)

#define KR 8
#define KL (2 * KR + 1)
__constant__ float c_Kernel[KL];
__constant__ float c_Kernel2D[7 * 7];

#define ROWS_BLOCKDIM_X 16
#define ROWS_BLOCKDIM_Y 4
#define ROWS_RESULT_STEPS 8
#define ROWS_HALO_STEPS 1

extern "C" __global__ void convolution_rows(float* __restrict__ d_Dst, const float* __restrict__ d_Src,
                                            int imageW, int imageH, int pitch)
{
    __shared__ float s_Data[ROWS_BLOCKDIM_Y][(ROWS_RESULT_STEPS + 2 * ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X];
    const int baseX = (blockIdx.x * ROWS_RESULT_STEPS - ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X + threadIdx.x;
    const int baseY = blockIdx.y * ROWS_BLOCKDIM_Y + threadIdx.y;
    d_Src += baseY * pitch + baseX;
    d_Dst += baseY * pitch + baseX;
#pragma unroll
    for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i++)
        s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] = d_Src[i * ROWS_BLOCKDIM_X];
#pragma unroll
    for (int i = 0; i < ROWS_HALO_STEPS; i++)
        s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] = (baseX >= -i * ROWS_BLOCKDIM_X) ? d_Src[i * ROWS_BLOCKDIM_X] : 0;
#pragma unroll
    for (int i = ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS + ROWS_HALO_STEPS; i++)
        s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] = (imageW - baseX > i * ROWS_BLOCKDIM_X) ? d_Src[i * ROWS_BLOCKDIM_X] : 0;
    __syncthreads();
#pragma unroll
    for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i++) {
        float sum = 0;
#pragma unroll
        for (int j = -KR; j <= KR; j++)
            sum += c_Kernel[KR - j] * s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X + j];
        d_Dst[i * ROWS_BLOCKDIM_X] = sum;
    }
}

// Direct 7x7 2-D convolution of RGBA (float4) images, clamp-to-edge, constant-memory weights
extern "C" __global__ void conv2d_7x7_rgba(const float4* __restrict__ src, float4* __restrict__ dst, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
    for (int dy = -3; dy <= 3; ++dy) {
        int yy = min(max(y + dy, 0), h - 1);
#pragma unroll
        for (int dx = -3; dx <= 3; ++dx) {
            int xx = min(max(x + dx, 0), w - 1);
            float k = c_Kernel2D[(dy + 3) * 7 + dx + 3];
            float4 p = src[yy * w + xx];
            acc.x += k * p.x; acc.y += k * p.y; acc.z += k * p.z; acc.w += k * p.w;
        }
    }
    dst[y * w + x] = acc;
}

// Median-of-9 filter with runtime-variable window gathering into a local array then partial
// selection sort with dynamic indexing (stack frame)
extern "C" __global__ void median_filter_dyn(const float* __restrict__ src, float* __restrict__ dst,
                                             int w, int h, int radius)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float win[25];
    int r = min(radius, 2);
    int cnt = 0;
    for (int dy = -r; dy <= r; ++dy)
        for (int dx = -r; dx <= r; ++dx) {
            int xx = min(max(x + dx, 0), w - 1), yy = min(max(y + dy, 0), h - 1);
            win[cnt++] = src[yy * w + xx];
        }
    int half = cnt / 2;
    for (int i = 0; i <= half; ++i) {
        int m = i;
        for (int j = i + 1; j < cnt; ++j) if (win[j] < win[m]) m = j;
        float t = win[i]; win[i] = win[m]; win[m] = t;
    }
    dst[y * w + x] = win[half];
}

// Box filter via sliding running sum along rows (SDK boxFilter), one thread per row
extern "C" __global__ void box_filter_rows(const float* __restrict__ id, float* __restrict__ od, int w, int h, int r)
{
    int y = blockIdx.x * blockDim.x + threadIdx.x;
    if (y >= h) return;
    const float* row = id + y * w;
    float* orow = od + y * w;
    float scale = 1.0f / (2 * r + 1);
    float t = row[0] * r;
    for (int x = 0; x < r + 1; x++) t += row[x];
    orow[0] = t * scale;
    for (int x = 1; x < r + 1; x++) { t += row[x + r]; t -= row[0]; orow[x] = t * scale; }
    for (int x = r + 1; x < w - r; x++) { t += row[x + r]; t -= row[x - r - 1]; orow[x] = t * scale; }
    for (int x = w - r; x < w; x++) { t += row[w - 1]; t -= row[x - r - 1]; orow[x] = t * scale; }
}
