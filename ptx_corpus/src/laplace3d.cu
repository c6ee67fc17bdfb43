// One Jacobi iteration of the 3-D Laplace equation: a 2-D block of threads covers an (x, y)
// column set and marches along z, reading the six neighbours straight from global memory.
// Boundary points keep their value.
#define BLOCK_X 32
#define BLOCK_Y 4
extern "C" __global__ void laplace3d(int NX, int NY, int NZ, const float *__restrict__ u1, float *__restrict__ u2)
{
    int i = threadIdx.x + blockIdx.x * BLOCK_X;
    int j = threadIdx.y + blockIdx.y * BLOCK_Y;
    if (i >= NX || j >= NY)
        return;
    long plane = (long)NX * NY;
    long idx = i + (long)j * NX;
    for (int k = 0; k < NZ; k++, idx += plane) {
        float v;
        if (i == 0 || i == NX - 1 || j == 0 || j == NY - 1 || k == 0 || k == NZ - 1)
            v = u1[idx];
        else
            v = (u1[idx - 1] + u1[idx + 1] + u1[idx - NX] + u1[idx + NX] + u1[idx - plane] + u1[idx + plane]) *
                (1.0f / 6.0f);
        u2[idx] = v;
    }
}
