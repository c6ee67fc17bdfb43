// Each thread sorts N values in a private array (insertion sort): data-dependent indices.
#ifndef N
#define N 16
#endif
extern "C" __global__ void local_sort(const float *in, float *out, int n)
{
    float v[N];
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n)
        return;
    for (int j = 0; j < N; j++)
        v[j] = in[j * n + t];
    for (int i = 1; i < N; i++) {
        float x = v[i];
        int j = i - 1;
        while (j >= 0 && v[j] > x) {
            v[j + 1] = v[j];
            j--;
        }
        v[j + 1] = x;
    }
    for (int j = 0; j < N; j++)
        out[j * n + t] = v[j];
}
