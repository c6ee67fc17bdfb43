// Tuning kernel for SHARED_RACE: a three-stage cp.async pipeline whose copies are conditional.
// Two tiles are copied ahead; step i copies tile i + 2 only when there is one
// (if (i + 2 < tiles)), commits a group either way, waits until at most two groups are pending
// (cp.async.wait_group 2: tile i has landed), and a barrier makes tile i visible to the block; a
// barrier at the end of the step keeps stage i % 3 from being refilled while it is read. nvcc
// peels the last steps, where the condition is known false, into a loop of their own: no race.
// RACE=1: the step waits with cp.async.wait_group 3, which lets tile i still be in flight.
// RACE=2: no barrier ends the step: tile i + 3 refills the stage others still read.
#define TILE 256
__device__ __forceinline__ void cp4(void *smem, const void *gmem)
{
    unsigned s = (unsigned)__cvta_generic_to_shared(smem);
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(s), "l"(gmem) : "memory");
}

#if RACE == 1
#define PENDING "3"
#else
#define PENDING "2"
#endif

extern "C" __global__ void __launch_bounds__(256) cp_async_tail(const float *in, float *out, int tiles)
{
    __shared__ float buf[3][TILE];
    int t = threadIdx.x;
    const float *src = in + (size_t)blockIdx.x * tiles * TILE;
    for (int i = 0; i < 2; i++) {
        if (i < tiles)
            cp4(&buf[i][t], &src[(size_t)i * TILE + t]);
        asm volatile("cp.async.commit_group;\n" ::: "memory");
    }
    float acc = 0.0f;
    for (int i = 0; i < tiles; i++) {
        if (i + 2 < tiles)
            cp4(&buf[(i + 2) % 3][t], &src[(size_t)(i + 2) * TILE + t]);
        asm volatile("cp.async.commit_group;\n" ::: "memory");
        asm volatile("cp.async.wait_group " PENDING ";\n" ::: "memory");
        __syncthreads();
        acc += buf[i % 3][t] * buf[i % 3][(t + 1) % TILE];
#if RACE != 2
        __syncthreads();
#endif
    }
    out[blockIdx.x * TILE + t] = acc;
}
