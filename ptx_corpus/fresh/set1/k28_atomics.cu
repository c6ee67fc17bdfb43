// Atomics: float/int/double atomicAdd, CAS loops
__device__ float atomicMaxFloat(float* addr, float val)
{
    int* ai = reinterpret_cast<int*>(addr);
    int old = *ai, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= val) break;
        old = atomicCAS(ai, assumed, __float_as_int(val));
    } while (assumed != old);
    return __int_as_float(old);
}

__device__ double atomicMulDouble(double* addr, double val)
{
    unsigned long long* a = reinterpret_cast<unsigned long long*>(addr);
    unsigned long long old = *a, assumed;
    do {
        assumed = old;
        old = atomicCAS(a, assumed, __double_as_longlong(__longlong_as_double(assumed) * val));
    } while (assumed != old);
    return __longlong_as_double(old);
}

extern "C" __global__ void scatter_add_mixed(const int* __restrict__ idx, const float* __restrict__ valf,
                                             const double* __restrict__ vald, float* accf, double* accd,
                                             int* counts, float* maxv, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        int j = idx[i];
        atomicAdd(accf + j, valf[i]);
        atomicAdd(accd + j, vald[i]);
        atomicAdd(counts + j, 1);
        atomicMaxFloat(maxv + j, valf[i]);
    }
}

extern "C" __global__ void product_reduce_cas(const double* __restrict__ x, double* prod, int n)
{
    __shared__ double sp;
    if (threadIdx.x == 0) sp = 1.0;
    __syncthreads();
    double local = 1.0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) local *= x[i];
    atomicMulDouble(&sp, local);
    __syncthreads();
    if (threadIdx.x == 0) atomicMulDouble(prod, sp);
}

extern "C" __global__ void hash_insert_linear(const unsigned int* __restrict__ keys, const unsigned int* __restrict__ vals,
                                              unsigned int* table_keys, unsigned int* table_vals, unsigned int cap_mask, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned int k = keys[i];
    unsigned int slot = (k * 2654435761u) & cap_mask;
    for (unsigned int probe = 0; probe <= cap_mask; ++probe) {
        unsigned int prev = atomicCAS(table_keys + slot, 0xffffffffu, k);
        if (prev == 0xffffffffu || prev == k) { atomicExch(table_vals + slot, vals[i]); return; }
        slot = (slot + 1) & cap_mask;
    }
}
