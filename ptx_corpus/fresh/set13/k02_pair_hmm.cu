// k02_pair_hmm.cu
// Bioinformatics: pair hidden Markov model (GATK-style) likelihoods and Smith-Waterman.
//  - pairhmm_forward_local:  one thread per (read,haplotype) pair, forward algorithm with
//                            M/I/D rows stored in thread-local arrays (run-time indexed)
//  - pairhmm_antidiag_shared: one block per pair, anti-diagonal wavefront in shared memory
//  - sw_score_affine:        Smith-Waterman with affine gaps, one thread per pair
//  - phred_to_prob:          tiny kernel converting base qualities into error probabilities
#include <stdint.h>

#define MAX_HAP 128

extern "C" __global__ void phred_to_prob(const uint8_t* __restrict__ q, float* __restrict__ p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = exp10f(-0.1f * (float)q[i]);
}

extern "C" __global__ void pairhmm_forward_local(const uint8_t* __restrict__ reads, const uint8_t* __restrict__ quals,
                                                 const uint8_t* __restrict__ haps, const int* __restrict__ readLen,
                                                 const int* __restrict__ hapLen, int maxRead, int numPairs,
                                                 float gapOpen, float gapExt, double* __restrict__ outLogLik)
{
    float Mprev[MAX_HAP + 1], Iprev[MAX_HAP + 1], Dprev[MAX_HAP + 1];
    int pr = blockIdx.x * blockDim.x + threadIdx.x;
    if (pr >= numPairs) return;
    int R = readLen[pr];
    int H = min(hapLen[pr], MAX_HAP);
    const uint8_t* rd = reads + (size_t)pr * maxRead;
    const uint8_t* qu = quals + (size_t)pr * maxRead;
    const uint8_t* hp = haps + (size_t)pr * MAX_HAP;
    float mm = 1.0f - 2.0f * gapOpen, gm = 1.0f - gapExt;
    float init = 1.0e32f / (float)H;
    for (int j = 0; j <= H; ++j) { Mprev[j] = 0.f; Iprev[j] = 0.f; Dprev[j] = init; }
    float sum = 0.f;
    for (int i = 1; i <= R; ++i) {
        float e = exp10f(-0.1f * qu[i - 1]);
        uint8_t rb = rd[i - 1];
        float mDiag = Mprev[0], iDiag = Iprev[0], dDiag = Dprev[0];
        float mLeft = 0.f, dLeft = 0.f;
        Mprev[0] = 0.f; Iprev[0] = 0.f; Dprev[0] = 0.f;
        for (int j = 1; j <= H; ++j) {
            float prior = (rb == hp[j - 1] || rb == 'N') ? 1.0f - e : e * (1.0f / 3.0f);
            float mUp = Mprev[j], iUp = Iprev[j], dUp = Dprev[j];
            float m = prior * (mm * mDiag + gm * (iDiag + dDiag));
            float ins = gapOpen * mUp + gapExt * iUp;
            float del = gapOpen * mLeft + gapExt * dLeft;
            mDiag = mUp; iDiag = iUp; dDiag = dUp;
            Mprev[j] = m; Iprev[j] = ins; Dprev[j] = del;
            mLeft = m; dLeft = del;
        }
        if (i == R) {
            for (int j = 1; j <= H; ++j) sum += Mprev[j] + Iprev[j];
        }
    }
    outLogLik[pr] = log10((double)sum) - 32.0;
}

extern "C" __global__ void pairhmm_antidiag_shared(const uint8_t* __restrict__ reads, const float* __restrict__ errp,
                                                   const uint8_t* __restrict__ haps, int R, int H,
                                                   float gapOpen, float gapExt, float* __restrict__ out)
{
    extern __shared__ float sm[];
    float* M = sm;              // 3 diagonals each of length R+1
    float* I = sm + 3 * (R + 1);
    float* D = sm + 6 * (R + 1);
    int pr = blockIdx.x;
    const uint8_t* rd = reads + (size_t)pr * R;
    const float* ep = errp + (size_t)pr * R;
    const uint8_t* hp = haps + (size_t)pr * H;
    float mm = 1.0f - 2.0f * gapOpen, gm = 1.0f - gapExt;
    for (int k = threadIdx.x; k < 9 * (R + 1); k += blockDim.x) sm[k] = 0.f;
    __syncthreads();
    float acc = 0.f;
    for (int d = 2; d <= R + H; ++d) {
        int cur = d % 3, p1 = (d - 1) % 3, p2 = (d - 2) % 3;
        for (int i = 1 + threadIdx.x; i <= R; i += blockDim.x) {
            int j = d - i;
            float m = 0.f, in = 0.f, de = 0.f;
            if (j >= 1 && j <= H) {
                float e = ep[i - 1];
                float prior = rd[i - 1] == hp[j - 1] ? 1.f - e : e / 3.f;
                float md = M[p2 * (R + 1) + i - 1], id = I[p2 * (R + 1) + i - 1], dd = D[p2 * (R + 1) + i - 1];
                if (i == 1) dd = 1.0e32f / H;
                m = prior * (mm * md + gm * (id + dd));
                in = gapOpen * M[p1 * (R + 1) + i - 1] + gapExt * I[p1 * (R + 1) + i - 1];
                de = gapOpen * M[p1 * (R + 1) + i] + gapExt * D[p1 * (R + 1) + i];
                if (i == R) acc += m + in;
            }
            M[cur * (R + 1) + i] = m; I[cur * (R + 1) + i] = in; D[cur * (R + 1) + i] = de;
        }
        __syncthreads();
    }
    if (threadIdx.x == (R - 1) % blockDim.x) out[pr] = log10f(acc) - 32.f;
}

extern "C" __global__ void sw_score_affine(const uint8_t* __restrict__ q, const uint8_t* __restrict__ t,
                                           int qlen, int tlen, int numPairs, int match, int mismatch,
                                           int gapO, int gapE, int* __restrict__ bestScore, int* __restrict__ bestPos)
{
    short Hrow[256], Erow[256];
    int pr = blockIdx.x * blockDim.x + threadIdx.x;
    if (pr >= numPairs) return;
    const uint8_t* qq = q + (size_t)pr * qlen;
    const uint8_t* tt = t + (size_t)pr * tlen;
    int L = min(qlen, 256);
    for (int j = 0; j < L; ++j) { Hrow[j] = 0; Erow[j] = 0; }
    int best = 0, bpos = 0;
    for (int i = 0; i < tlen; ++i) {
        int F = 0, Hdiag = 0, Hleft = 0;
        uint8_t tb = tt[i];
        for (int j = 0; j < L; ++j) {
            int Hup = Hrow[j];
            int E = max(Erow[j] - gapE, Hup - gapO);
            F = max(F - gapE, Hleft - gapO);
            int h = Hdiag + (qq[j] == tb ? match : -mismatch);
            h = max(max(h, 0), max(E, F));
            Hdiag = Hup;
            Hrow[j] = (short)h; Erow[j] = (short)E;
            Hleft = h;
            if (h > best) { best = h; bpos = i * L + j; }
        }
    }
    bestScore[pr] = best;
    bestPos[pr] = bpos;
}
