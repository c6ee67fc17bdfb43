// Radar signal processing:
//  * cell-averaging CFAR along range with a shared-memory window
//  * ordered-statistic CFAR on a range-Doppler map (per-thread sorting)
//  * SAR time-domain backprojection with double-precision range
#include <stdint.h>

#define CA_TILE 256
#define CA_MAX_HALF 64    // guard + train cells per side

// One block per (pulse/Doppler row, tile of range cells). Window sums come
// from a prefix sum over the shared tile, so the cost per cell is O(1).
// Launch with blockDim.x == CA_TILE (each thread scans <= 2 prefix entries).
extern "C" __global__ void cfar_ca_range(const float* __restrict__ power,   // [rows, nr]
                                         int rows, int nr,
                                         int guard, int train,
                                         float pfa_scale,                  // alpha(Pfa, 2*train)
                                         unsigned char* __restrict__ detections,
                                         float* __restrict__ threshold_out,
                                         int* __restrict__ det_count)
{
    __shared__ float s_p[CA_TILE + 2 * CA_MAX_HALF + 1];
    int row = blockIdx.y;
    int r0 = blockIdx.x * CA_TILE;
    int half = guard + train;
    int span = CA_TILE + 2 * half;
    const float* p = power + (long long)row * nr;
    // load with halo; out-of-range cells mirrored
    for (int i = threadIdx.x; i < span; i += blockDim.x) {
        int g = r0 - half + i;
        if (g < 0) g = -g;
        if (g >= nr) g = 2 * nr - 2 - g;
        g = min(max(g, 0), nr - 1);
        s_p[i + 1] = p[g];
    }
    if (threadIdx.x == 0) s_p[0] = 0.f;
    __syncthreads();
    // inclusive prefix (Hillis-Steele in place, block-wide)
    for (int off = 1; off <= span; off <<= 1) {
        float vals[2];
        int cnt = 0;
        for (int i = threadIdx.x + 1; i <= span && cnt < 2; i += blockDim.x, ++cnt)
            vals[cnt] = (i - off >= 1) ? s_p[i - off] : 0.f;
        __syncthreads();
        cnt = 0;
        for (int i = threadIdx.x + 1; i <= span && cnt < 2; i += blockDim.x, ++cnt) s_p[i] += vals[cnt];
        __syncthreads();
    }
    int c = threadIdx.x;
    int r = r0 + c;
    if (c >= CA_TILE || r >= nr) return;
    int ci = c + half + 1;      // 1-based index of cell under test in prefix array
    float lead = s_p[ci - guard - 1] - s_p[ci - half - 1];
    float lag = s_p[ci + half] - s_p[ci + guard];
    float cut = s_p[ci] - s_p[ci - 1];
    // greatest-of CA (GO-CFAR) is more robust at clutter edges
    float noise = fmaxf(lead, lag) / train;
    float thr = pfa_scale * noise;
    bool det = cut > thr;
    long long o = (long long)row * nr + r;
    detections[o] = det;
    threshold_out[o] = thr;
    if (det) atomicAdd(det_count, 1);
}

#define OS_MAX_TRAIN 96
// OS-CFAR in 2D: training cells of a (2*wr+1)x(2*wd+1) window minus the
// guard region are gathered, partially sorted (selection of the k-th
// smallest by insertion into a local array), threshold = alpha * x_(k).
extern "C" __global__ void cfar_os_2d(const float* __restrict__ rd_map,   // [ndop, nr]
                                      int ndop, int nr,
                                      int wr, int wd, int gr, int gd,
                                      int k_rank,
                                      float alpha,
                                      unsigned char* __restrict__ det,
                                      float* __restrict__ snr_db)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    int d = blockIdx.y * blockDim.y + threadIdx.y;
    if (r >= nr || d >= ndop) return;
    float buf[OS_MAX_TRAIN];
    int n = 0;
    for (int dd = -wd; dd <= wd; ++dd) {
        int di = d + dd;
        di = (di + ndop) % ndop;          // Doppler wraps around
        for (int rr = -wr; rr <= wr; ++rr) {
            if (abs(dd) <= gd && abs(rr) <= gr) continue;
            int ri = r + rr;
            if (ri < 0 || ri >= nr) continue;
            if (n >= OS_MAX_TRAIN) break;
            float v = rd_map[(long long)di * nr + ri];
            // insertion keeps buf[0..n) sorted ascending
            int j = n++;
            while (j > 0 && buf[j - 1] > v) { buf[j] = buf[j - 1]; --j; }
            buf[j] = v;
        }
    }
    long long o = (long long)d * nr + r;
    if (n == 0) { det[o] = 0; snr_db[o] = 0.f; return; }
    int k = min(max(k_rank * n / OS_MAX_TRAIN, 0), n - 1);
    float noise = buf[k];
    float cut = rd_map[o];
    det[o] = cut > alpha * noise;
    snr_db[o] = 10.f * log10f(fmaxf(cut, 1e-30f) / fmaxf(noise, 1e-30f));
}

// Backprojection: for each image pixel, sum over pulses the range-compressed
// sample at the two-way range, times exp(+j 4 pi R / lambda). Ranges and
// phases are computed in double to avoid catastrophic cancellation at long
// stand-off distances.
extern "C" __global__ void
sar_backprojection(const float2* __restrict__ rc_data,      // [num_pulses, num_bins]
                   const double3* __restrict__ ant_pos,     // [num_pulses]
                   int num_pulses, int num_bins,
                   double r0, double dr,                    // range of bin 0, bin spacing
                   double k_phase,                          // 4*pi/lambda
                   const double* __restrict__ pix_x,
                   const double* __restrict__ pix_y,
                   double pix_z,
                   int nx, int ny,
                   float2* __restrict__ image)
{
    __shared__ double3 s_pos[128];
    int ix = blockIdx.x * 16 + (threadIdx.x & 15);
    int iy = blockIdx.y * 16 + (threadIdx.x >> 4);
    bool valid = ix < nx && iy < ny;
    double px = valid ? pix_x[ix] : 0.0;
    double py = valid ? pix_y[iy] : 0.0;
    float acc_re = 0.f, acc_im = 0.f;
    for (int p0 = 0; p0 < num_pulses; p0 += 128) {
        __syncthreads();
        if (threadIdx.x < 128 && p0 + threadIdx.x < num_pulses) s_pos[threadIdx.x] = ant_pos[p0 + threadIdx.x];
        __syncthreads();
        int cnt = min(128, num_pulses - p0);
        for (int k = 0; k < cnt; ++k) {
            double3 a = s_pos[k];
            double dx = px - a.x, dy = py - a.y, dz = pix_z - a.z;
            double R = sqrt(dx * dx + dy * dy + dz * dz);
            double fb = (R - r0) / dr;
            int b = (int)floor(fb);
            if (b < 0 || b >= num_bins - 1) continue;
            float w = (float)(fb - b);
            const float2* row = rc_data + (long long)(p0 + k) * num_bins;
            float2 s0 = row[b], s1 = row[b + 1];
            float sr = s0.x + w * (s1.x - s0.x);
            float si = s0.y + w * (s1.y - s0.y);
            // reduce the phase argument in double before converting
            double ph = k_phase * R;
            ph -= 6.283185307179586 * floor(ph * 0.15915494309189535);
            float sp, cp;
            __sincosf((float)ph, &sp, &cp);
            acc_re += sr * cp - si * sp;
            acc_im += sr * sp + si * cp;
        }
    }
    if (valid) image[(long long)iy * nx + ix] = make_float2(acc_re, acc_im);
}
