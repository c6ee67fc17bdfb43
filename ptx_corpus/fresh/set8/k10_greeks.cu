// Option Greeks by finite differences: bump-and-reprice of American options on a CRR binomial
// tree (tree held in shared memory per option), central differences for delta/gamma/vega/theta/rho
// on a trinomial lattice with per-thread local arrays, and pathwise vs. bump Greeks for Asian
// options under GBM Monte Carlo in double precision.
#include <cuda_runtime.h>

struct OptionSpec { double S, K, r, q, sigma, T; int is_call, american; };

__device__ double crr_price_block(const OptionSpec &o, int nsteps, double *V)
{
    double dt = o.T / nsteps;
    double u = exp(o.sigma * sqrt(dt));
    double d = 1.0 / u;
    double disc = exp(-o.r * dt);
    double p = (exp((o.r - o.q) * dt) - d) / (u - d);
    double logu = log(u);
    for (int j = threadIdx.x; j <= nsteps; j += blockDim.x) {
        double ST = o.S * exp((2.0 * j - nsteps) * logu);
        V[j] = fmax(o.is_call ? ST - o.K : o.K - ST, 0.0);
    }
    __syncthreads();
    for (int n = nsteps - 1; n >= 0; --n) {
        double vals[4];
        int cnt = 0;
        for (int j = threadIdx.x; j <= n; j += blockDim.x) {
            double cont = disc * (p * V[j + 1] + (1.0 - p) * V[j]);
            if (o.american) {
                double S = o.S * exp((2.0 * j - n) * logu);
                cont = fmax(cont, o.is_call ? S - o.K : o.K - S);
            }
            vals[cnt++ & 3] = cont;
        }
        __syncthreads();
        cnt = 0;
        for (int j = threadIdx.x; j <= n; j += blockDim.x) V[j] = vals[cnt++ & 3];
        __syncthreads();
    }
    return V[0];
}

// One block per (option, bump) pair: blockIdx.y selects bump scenario 0..8.
extern "C" __global__ void __launch_bounds__(256)
crr_bump_reprice(const OptionSpec *__restrict__ opts, int nsteps, double hS, double hSig, double hT, double hR,
                 double *__restrict__ prices)
{
    extern __shared__ double V[];
    OptionSpec o = opts[blockIdx.x];
    int b = blockIdx.y;
    switch (b) {
        case 1: o.S *= 1.0 + hS; break;
        case 2: o.S *= 1.0 - hS; break;
        case 3: o.sigma += hSig; break;
        case 4: o.sigma -= hSig; break;
        case 5: o.T -= hT; break;
        case 6: o.r += hR; break;
        case 7: o.r -= hR; break;
        case 8: o.S *= 1.0 + 2.0 * hS; break;
        default: break;
    }
    double v = crr_price_block(o, nsteps, V);
    if (threadIdx.x == 0) prices[blockIdx.x * 9 + b] = v;
}

extern "C" __global__ void greeks_from_bumps(const OptionSpec *__restrict__ opts, const double *__restrict__ prices,
                                             int nopt, double hS, double hSig, double hT, double hR,
                                             double *__restrict__ greeks)   // [nopt][6]
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nopt) return;
    const double *p = prices + i * 9;
    double S = opts[i].S;
    double dS = S * hS;
    double delta = (p[1] - p[2]) / (2.0 * dS);
    double gamma = (p[1] - 2.0 * p[0] + p[2]) / (dS * dS);
    double vega = (p[3] - p[4]) / (2.0 * hSig);
    double theta = (p[5] - p[0]) / hT;
    double rho = (p[6] - p[7]) / (2.0 * hR);
    double speed = (p[8] - 3.0 * p[1] + 3.0 * p[0] - p[2]) / (dS * dS * dS);  // third derivative (forward-biased)
    double *g = greeks + i * 6;
    g[0] = delta; g[1] = gamma; g[2] = vega; g[3] = theta; g[4] = rho; g[5] = speed;
}

// Trinomial lattice (Boyle) with per-thread local value array and 5 simultaneous bumps.
#define TRI_MAX 129
extern "C" __global__ void trinomial_greeks(const OptionSpec *__restrict__ opts, int nopt, int nsteps,
                                            double hS, double4_16a *__restrict__ out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nopt) return;
    OptionSpec o = opts[i];
    nsteps = min(nsteps, (TRI_MAX - 1) / 2);
    double dt = o.T / nsteps;
    double dx = o.sigma * sqrt(3.0 * dt);
    double nu = o.r - o.q - 0.5 * o.sigma * o.sigma;
    double pu = 0.5 * ((o.sigma * o.sigma * dt + nu * nu * dt * dt) / (dx * dx) + nu * dt / dx);
    double pd = 0.5 * ((o.sigma * o.sigma * dt + nu * nu * dt * dt) / (dx * dx) - nu * dt / dx);
    double pm = 1.0 - pu - pd;
    double disc = exp(-o.r * dt);
    double V[TRI_MAX];
    int M = 2 * nsteps + 1;
    for (int j = 0; j < M; ++j) {
        double ST = o.S * exp((j - nsteps) * dx);
        V[j] = fmax(o.is_call ? ST - o.K : o.K - ST, 0.0);
    }
    double v1m = 0, v10 = 0, v1p = 0;
    for (int n = nsteps - 1; n >= 0; --n) {
        int lo = nsteps - n, hi = nsteps + n;
        for (int j = lo; j <= hi; ++j) {
            double c = disc * (pu * V[j + 1] + pm * V[j] + pd * V[j - 1]);
            if (o.american) {
                double S = o.S * exp((j - nsteps) * dx);
                c = fmax(c, o.is_call ? S - o.K : o.K - S);
            }
            V[j - 1] = c;   // shift down by one so the window stays at [lo-1, hi-1]
        }
        // undo the shift so indices remain centred
        for (int j = hi; j >= lo; --j) V[j] = V[j - 1];
        if (n == 1) { v1m = V[nsteps - 1]; v10 = V[nsteps]; v1p = V[nsteps + 1]; }
    }
    double price = V[nsteps];
    double Su = o.S * exp(dx), Sd = o.S * exp(-dx);
    double delta = (v1p - v1m) / (Su - Sd);
    double gamma = ((v1p - v10) / (Su - o.S) - (v10 - v1m) / (o.S - Sd)) / (0.5 * (Su - Sd));
    double theta = (v10 - price) / dt;
    (void)hS;
    out[i] = make_double4_16a(price, delta, gamma, theta);
}

// Arithmetic Asian call: pathwise delta and vega alongside bump-and-reprice with common random numbers.
extern "C" __global__ void asian_mc_greeks(const OptionSpec *__restrict__ opt, const double *__restrict__ normals,
                                           int npaths, int nfix, double hS, double hSig,
                                           double *__restrict__ acc)   // [8] sums
{
    OptionSpec o = *opt;
    double dt = o.T / nfix;
    double sq = sqrt(dt);
    double s_pv = 0, s_pw_delta = 0, s_pw_vega = 0, s_up = 0, s_dn = 0, s_vup = 0, s_vdn = 0, s_pv2 = 0;
    double disc = exp(-o.r * o.T);
    for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < npaths; p += gridDim.x * blockDim.x) {
        double lnS = 0.0, W = 0.0;
        double sum = 0.0, sumdv = 0.0, sumvu = 0.0, sumvd = 0.0;
        double lnSu = 0.0, lnSd = 0.0;
        double sigu = o.sigma + hSig, sigd = o.sigma - hSig;
        for (int k = 0; k < nfix; ++k) {
            double z = __ldg(normals + (size_t)k * npaths + p);
            W += z * sq;
            double t = (k + 1) * dt;
            lnS = (o.r - o.q - 0.5 * o.sigma * o.sigma) * t + o.sigma * W;
            lnSu = (o.r - o.q - 0.5 * sigu * sigu) * t + sigu * W;
            lnSd = (o.r - o.q - 0.5 * sigd * sigd) * t + sigd * W;
            double S = o.S * exp(lnS);
            sum += S;
            sumdv += S * (W - o.sigma * t);   // dS/dsigma
            sumvu += o.S * exp(lnSu);
            sumvd += o.S * exp(lnSd);
        }
        double A = sum / nfix;
        double pay = fmax(A - o.K, 0.0);
        s_pv += pay; s_pv2 += pay * pay;
        if (A > o.K) { s_pw_delta += A / o.S; s_pw_vega += sumdv / nfix; }
        s_up += fmax(A * (1.0 + hS) - o.K, 0.0);
        s_dn += fmax(A * (1.0 - hS) - o.K, 0.0);
        s_vup += fmax(sumvu / nfix - o.K, 0.0);
        s_vdn += fmax(sumvd / nfix - o.K, 0.0);
    }
    double vals[8] = {s_pv, s_pv2, s_pw_delta, s_pw_vega, s_up, s_dn, s_vup, s_vdn};
#pragma unroll
    for (int k = 0; k < 8; ++k) {
        double v = vals[k] * (k == 1 ? disc * disc : disc);
        for (int o2 = 16; o2; o2 >>= 1) v += __shfl_down_sync(~0u, v, o2);
        if ((threadIdx.x & 31) == 0) atomicAdd(acc + k, v);
    }
}
