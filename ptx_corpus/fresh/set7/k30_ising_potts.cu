// Statistical-physics Monte Carlo: checkerboard Metropolis for 2D Ising with Philox4x32-10
// counter-based RNG, heat-bath for the q-state Potts model with a local weight table, and
// per-agent SIR epidemic updates on a contact list.
#include <cuda_runtime.h>
#include <stdint.h>

__device__ __forceinline__ uint4 philox4x32_10(uint4 ctr, uint2 key)
{
    const uint32_t M0 = 0xD2511F53u, M1 = 0xCD9E8D57u, W0 = 0x9E3779B9u, W1 = 0xBB67AE85u;
#pragma unroll
    for (int r = 0; r < 10; ++r) {
        uint32_t hi0 = __umulhi(M0, ctr.x), lo0 = M0 * ctr.x;
        uint32_t hi1 = __umulhi(M1, ctr.z), lo1 = M1 * ctr.z;
        ctr = make_uint4(hi1 ^ ctr.y ^ key.x, lo1, hi0 ^ ctr.w ^ key.y, lo0);
        key.x += W0; key.y += W1;
    }
    return ctr;
}
__device__ __forceinline__ float u01(uint32_t x) { return (x >> 8) * (1.0f / 16777216.0f); }

// Spins stored as int8 (+1/-1); lattice L x L periodic; color = (x + y) & 1.
extern "C" __global__ void ising_checkerboard(int8_t* __restrict__ spin, int L, int color,
                                              float beta, float h_field, uint2 seed, uint32_t sweep,
                                              int* __restrict__ accepted)
{
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int xh = blockIdx.x * blockDim.x + threadIdx.x;   // half-row index
    if (y >= L || xh >= L / 2) return;
    int x = 2 * xh + ((y + color) & 1);
    int idx = y * L + x;
    int s = spin[idx];
    int nb = spin[y * L + (x + 1) % L] + spin[y * L + (x + L - 1) % L] +
             spin[((y + 1) % L) * L + x] + spin[((y + L - 1) % L) * L + x];
    float dE = 2.f * s * (nb + h_field);
    uint4 r = philox4x32_10(make_uint4((uint32_t)idx, sweep, (uint32_t)color, 0u), seed);
    bool acc = dE <= 0.f || u01(r.x) < __expf(-beta * dE);
    if (acc) spin[idx] = (int8_t)(-s);
    unsigned mask = __ballot_sync(__activemask(), acc);
    if ((threadIdx.x & 31) == 0 && threadIdx.y == threadIdx.y) atomicAdd(accepted, __popc(mask));
}

#define QMAX 16
extern "C" __global__ void potts_heatbath(uint8_t* __restrict__ state, int L, int color, int q, float beta,
                                          uint2 seed, uint32_t sweep)
{
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int xh = blockIdx.x * blockDim.x + threadIdx.x;
    if (y >= L || xh >= L / 2) return;
    int x = 2 * xh + ((y + color) & 1);
    int idx = y * L + x;
    int nbr[4] = {state[y * L + (x + 1) % L], state[y * L + (x + L - 1) % L],
                  state[((y + 1) % L) * L + x], state[((y + L - 1) % L) * L + x]};
    int count[QMAX];
    for (int k = 0; k < q; ++k) count[k] = 0;
#pragma unroll
    for (int j = 0; j < 4; ++j) count[nbr[j]]++;       // dynamic index -> local memory
    float w[QMAX];
    float Z = 0.f;
    for (int k = 0; k < q; ++k) { w[k] = __expf(beta * count[k]); Z += w[k]; }
    uint4 r = philox4x32_10(make_uint4((uint32_t)idx, sweep, 1u, (uint32_t)color), seed);
    float u = u01(r.y) * Z;
    int pick = q - 1;
    float c = 0.f;
    for (int k = 0; k < q; ++k) { c += w[k]; if (u < c) { pick = k; break; } }
    state[idx] = (uint8_t)pick;
}

struct Agent {
    uint8_t status;      // 0 S, 1 E, 2 I, 3 R
    uint8_t age_group;
    uint16_t days_in_state;
    float susceptibility;
    float infectivity;
    int household;
};

extern "C" __global__ void sir_agent_step(Agent* __restrict__ agents, const int* __restrict__ contact_ptr,
                                          const int* __restrict__ contacts, const float* __restrict__ contact_w,
                                          int n, float beta, float sigma_days, float gamma_days,
                                          const float* __restrict__ age_ifr, uint2 seed, uint32_t day,
                                          int* __restrict__ new_inf, int* __restrict__ deaths)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Agent a = agents[i];
    uint4 r = philox4x32_10(make_uint4((uint32_t)i, day, 7u, 0u), seed);
    if (a.status == 0) {
        float force = 0.f;
        for (int k = contact_ptr[i]; k < contact_ptr[i + 1]; ++k) {
            const Agent& b = agents[contacts[k]];
            if (b.status == 2) force += contact_w[k] * b.infectivity * (agents[contacts[k]].household == a.household ? 2.f : 1.f);
        }
        float p = 1.f - __expf(-beta * a.susceptibility * force);
        if (u01(r.x) < p) { a.status = 1; a.days_in_state = 0; atomicAdd(new_inf, 1); }
    } else if (a.status == 1) {
        a.days_in_state++;
        if (u01(r.y) < 1.f - __expf(-a.days_in_state / sigma_days)) { a.status = 2; a.days_in_state = 0; }
    } else if (a.status == 2) {
        a.days_in_state++;
        if (u01(r.z) < 1.f / gamma_days) {
            if (u01(r.w) < age_ifr[a.age_group]) { a.status = 4; atomicAdd(deaths, 1); }
            else a.status = 3;
            a.days_in_state = 0;
        }
    }
    agents[i] = a;
}
