// Floyd-Warshall step k over the whole matrix, one thread per element: reads the k-th row and
// column from global memory (a separate launch per k orders the steps).
extern "C" __global__ void fw_global(int *dist, unsigned n, unsigned k)
{
    unsigned col = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned row = blockIdx.y;
    if (col >= n)
        return;
    int ik = dist[row * n + k];
    int kj = dist[k * n + col];
    int ij = dist[row * n + col];
    if (ik + kj < ij)
        dist[row * n + col] = ik + kj;
}
