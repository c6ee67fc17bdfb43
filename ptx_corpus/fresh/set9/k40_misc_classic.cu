// Assorted classic GPU kernels: 8x8 DCT (SDK dct8x8 style), Sobol quasirandom generator, segmented
// reduction with head flags, and a vector add grid-stride loop.
#define BLOCK_SIZE 8
#define C_a 1.387039845322148f
#define C_b 1.306562964876377f
#define C_c 1.175875602419359f
#define C_d 0.785694958387102f
#define C_e 0.541196100146197f
#define C_f 0.275899379282943f
#define C_norm 0.3535533905932737f

__device__ void CUDAsubroutineInplaceDCTvector(float *Vect0, int Step)
{
    float *Vect1 = Vect0 + Step, *Vect2 = Vect1 + Step, *Vect3 = Vect2 + Step;
    float *Vect4 = Vect3 + Step, *Vect5 = Vect4 + Step, *Vect6 = Vect5 + Step, *Vect7 = Vect6 + Step;
    float X07P = (*Vect0) + (*Vect7);
    float X16P = (*Vect1) + (*Vect6);
    float X25P = (*Vect2) + (*Vect5);
    float X34P = (*Vect3) + (*Vect4);
    float X07M = (*Vect0) - (*Vect7);
    float X61M = (*Vect6) - (*Vect1);
    float X25M = (*Vect2) - (*Vect5);
    float X43M = (*Vect4) - (*Vect3);
    float X07P34PP = X07P + X34P;
    float X07P34PM = X07P - X34P;
    float X16P25PP = X16P + X25P;
    float X16P25PM = X16P - X25P;
    (*Vect0) = C_norm * (X07P34PP + X16P25PP);
    (*Vect2) = C_norm * (C_b * X07P34PM + C_e * X16P25PM);
    (*Vect4) = C_norm * (X07P34PP - X16P25PP);
    (*Vect6) = C_norm * (C_e * X07P34PM - C_b * X16P25PM);
    (*Vect1) = C_norm * (C_a * X07M - C_c * X61M + C_d * X25M - C_f * X43M);
    (*Vect3) = C_norm * (C_c * X07M + C_f * X61M - C_a * X25M + C_d * X43M);
    (*Vect5) = C_norm * (C_d * X07M + C_a * X61M + C_f * X25M - C_c * X43M);
    (*Vect7) = C_norm * (C_f * X07M + C_d * X61M + C_c * X25M + C_a * X43M);
}

#define KER2_BLOCK_WIDTH 32
#define KER2_BLOCK_HEIGHT 16
#define KER2_SMEMBLOCK_STRIDE (KER2_BLOCK_WIDTH + 1)

extern "C" __global__ void CUDAkernel2DCT(float *dst, const float *src, int ImgStride)
{
    __shared__ float block[KER2_BLOCK_HEIGHT * KER2_SMEMBLOCK_STRIDE];
    int OffsThreadInRow = threadIdx.y * BLOCK_SIZE + threadIdx.x;
    int OffsThreadInCol = threadIdx.z * BLOCK_SIZE;
    src += ((blockIdx.y * KER2_BLOCK_HEIGHT + OffsThreadInCol) * ImgStride) + blockIdx.x * KER2_BLOCK_WIDTH + OffsThreadInRow;
    dst += ((blockIdx.y * KER2_BLOCK_HEIGHT + OffsThreadInCol) * ImgStride) + blockIdx.x * KER2_BLOCK_WIDTH + OffsThreadInRow;
    float *bl_ptr = block + OffsThreadInCol * KER2_SMEMBLOCK_STRIDE + OffsThreadInRow;
#pragma unroll
    for (unsigned int i = 0; i < BLOCK_SIZE; i++) bl_ptr[i * KER2_SMEMBLOCK_STRIDE] = src[i * ImgStride];
    __syncthreads();
    CUDAsubroutineInplaceDCTvector(block + (OffsThreadInCol + threadIdx.x) * KER2_SMEMBLOCK_STRIDE + OffsThreadInRow - threadIdx.x, 1);
    __syncthreads();
    CUDAsubroutineInplaceDCTvector(bl_ptr, KER2_SMEMBLOCK_STRIDE);
    __syncthreads();
#pragma unroll
    for (unsigned int i = 0; i < BLOCK_SIZE; i++) dst[i * ImgStride] = bl_ptr[i * KER2_SMEMBLOCK_STRIDE];
}

#define n_directions 32
#define k_2powneg32 2.3283064E-10F

extern "C" __global__ void sobolGPU_kernel(unsigned n_vectors, unsigned n_dimensions, unsigned *d_directions, float *d_output)
{
    __shared__ unsigned int v[n_directions];
    d_directions = d_directions + n_directions * blockIdx.y;
    d_output = d_output + n_vectors * blockIdx.y;
    if (threadIdx.x < n_directions) v[threadIdx.x] = d_directions[threadIdx.x];
    __syncthreads();
    int i0 = threadIdx.x + blockIdx.x * blockDim.x;
    int stride = gridDim.x * blockDim.x;
    unsigned int g = i0 ^ (i0 >> 1);
    unsigned int X = 0;
    unsigned int mask;
    for (unsigned int k = 0; k < __ffs(stride) - 1; k++) {
        mask = -(g & 1);
        X ^= mask & v[k];
        g = g >> 1;
    }
    if (i0 < n_vectors) d_output[i0] = (float)X * k_2powneg32;
    unsigned int v_log2stridem1 = v[__ffs(stride) - 2];
    unsigned int v_stridemask = stride - 1;
    for (unsigned int i = i0 + stride; i < n_vectors; i += stride) {
        X ^= v_log2stridem1 ^ v[__ffs(~((i - stride) | v_stridemask)) - 1];
        d_output[i] = (float)X * k_2powneg32;
    }
}

// Segmented sum within a block: head flags mark segment starts; result written at segment tails.
extern "C" __global__ void segmented_reduce_flags(const float *vals, const unsigned char *headFlags, float *out, int n)
{
    __shared__ float sv[256];
    __shared__ unsigned char sf[256];
    int tid = threadIdx.x;
    int i = blockIdx.x * 256 + tid;
    float v = (i < n) ? vals[i] : 0.f;
    unsigned char f = (i < n) ? headFlags[i] : 1;
    if (tid == 0) f = 1;
    sv[tid] = v;
    sf[tid] = f;
    __syncthreads();
    for (int off = 1; off < 256; off <<= 1) {
        float pv = 0.f;
        unsigned char pf = 0;
        if (tid >= off) { pv = sv[tid - off]; pf = sf[tid - off]; }
        __syncthreads();
        if (tid >= off) {
            if (!sf[tid]) sv[tid] += pv;
            sf[tid] |= pf;
        }
        __syncthreads();
    }
    bool tail = (i < n) && (tid == 255 || i + 1 >= n || headFlags[i + 1]);
    if (i < n) out[i] = tail ? sv[tid] : 0.f;
}

extern "C" __global__ void vectorAdd_gridstride(const float *A, const float *B, float *C, int numElements)
{
    for (int i = blockDim.x * blockIdx.x + threadIdx.x; i < numElements; i += blockDim.x * gridDim.x)
        C[i] = A[i] + B[i];
}
