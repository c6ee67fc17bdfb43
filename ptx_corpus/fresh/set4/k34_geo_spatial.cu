// Geospatial kernels: geohash encode (base32, 12 chars) and decode, haversine k-nearest (k=4) against shared-memory station tiles, and Vincenty inverse distance on WGS-84 in double.
#include <cuda_runtime.h>
#include <stdint.h>

__constant__ char c_b32[33] = "0123456789bcdefghjkmnpqrstuvwxyz";

__device__ __forceinline__ uint32_t spread32(uint32_t x)
{
    uint64_t v = x;
    v = (v | (v << 16)) & 0x0000FFFF0000FFFFull;
    v = (v | (v << 8)) & 0x00FF00FF00FF00FFull;
    v = (v | (v << 4)) & 0x0F0F0F0F0F0F0F0Full;
    v = (v | (v << 2)) & 0x3333333333333333ull;
    v = (v | (v << 1)) & 0x5555555555555555ull;
    return (uint32_t)v;  // caller uses low 30 bits inputs only
}

extern "C" __global__ void
geohash_encode12(const double* __restrict__ lat, const double* __restrict__ lon, char* __restrict__ out /*12 per point*/, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    // 60 bits: 30 lon bits interleaved with 30 lat bits (lon first)
    uint32_t qlat = (uint32_t)fmin((lat[i] + 90.0) / 180.0 * 1073741824.0, 1073741823.0);
    uint32_t qlon = (uint32_t)fmin((lon[i] + 180.0) / 360.0 * 1073741824.0, 1073741823.0);
    uint64_t hlo = 0;
    // interleave via two halves of 15 bits to keep spread in 32-bit
    uint64_t a = ((uint64_t)spread32(qlon >> 15) << 1) | spread32(qlat >> 15);
    uint64_t b = ((uint64_t)spread32(qlon & 0x7fff) << 1) | spread32(qlat & 0x7fff);
    hlo = (a << 30) | b;
    char buf[12];
#pragma unroll
    for (int c = 0; c < 12; ++c) buf[c] = c_b32[(hlo >> (55 - 5 * c)) & 31];
#pragma unroll
    for (int c = 0; c < 12; ++c) out[(size_t)i * 12 + c] = buf[c];
}

extern "C" __global__ void
geohash_decode(const char* __restrict__ hashes, int len, int n, double2* __restrict__ center, double2* __restrict__ err)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double lat0 = -90, lat1 = 90, lon0 = -180, lon1 = 180;
    bool even = true;
    for (int c = 0; c < len; ++c) {
        char ch = hashes[(size_t)i * len + c];
        int v = ch <= '9' ? ch - '0' : ch <= 'h' ? ch - 'b' + 10 : ch <= 'k' ? ch - 'j' + 17 : ch <= 'n' ? ch - 'm' + 19 : ch - 'p' + 21;
        for (int b = 4; b >= 0; --b) {
            int bit = (v >> b) & 1;
            if (even) { double m = 0.5 * (lon0 + lon1); if (bit) lon0 = m; else lon1 = m; }
            else { double m = 0.5 * (lat0 + lat1); if (bit) lat0 = m; else lat1 = m; }
            even = !even;
        }
    }
    center[i] = make_double2(0.5 * (lat0 + lat1), 0.5 * (lon0 + lon1));
    err[i] = make_double2(0.5 * (lat1 - lat0), 0.5 * (lon1 - lon0));
}

#define KNN 4
#define STILE 256
// haversine distance (km) from each query to all stations, keep 4 nearest; stations as (sin lat, cos lat, lon) precomputed
extern "C" __global__ void __launch_bounds__(STILE)
haversine_knn4(const float2* __restrict__ q /*lat,lon rad*/, int nq, const float2* __restrict__ st, int ns,
               int* __restrict__ nnIdx, float* __restrict__ nnDist)
{
    __shared__ float sLat[STILE], sLon[STILE], sCos[STILE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float2 p = i < nq ? q[i] : make_float2(0.f, 0.f);
    float cp = __cosf(p.x);
    float bd[KNN]; int bi[KNN];
#pragma unroll
    for (int k = 0; k < KNN; ++k) { bd[k] = 1e30f; bi[k] = -1; }
    for (int base = 0; base < ns; base += STILE) {
        __syncthreads();
        if (base + threadIdx.x < ns) { float2 s = st[base + threadIdx.x]; sLat[threadIdx.x] = s.x; sLon[threadIdx.x] = s.y; sCos[threadIdx.x] = __cosf(s.x); }
        __syncthreads();
        int m = min(STILE, ns - base);
        for (int j = 0; j < m; ++j) {
            float sdl = __sinf(0.5f * (sLat[j] - p.x)), sdo = __sinf(0.5f * (sLon[j] - p.y));
            float a = sdl * sdl + cp * sCos[j] * sdo * sdo;   // compare on 'a' (monotone in distance)
            if (a < bd[KNN - 1]) {
                bd[KNN - 1] = a; bi[KNN - 1] = base + j;
#pragma unroll
                for (int k = KNN - 1; k > 0; --k)
                    if (bd[k] < bd[k - 1]) { float t = bd[k]; bd[k] = bd[k - 1]; bd[k - 1] = t; int u = bi[k]; bi[k] = bi[k - 1]; bi[k - 1] = u; }
            }
        }
    }
    if (i >= nq) return;
#pragma unroll
    for (int k = 0; k < KNN; ++k) {
        nnIdx[i * KNN + k] = bi[k];
        nnDist[i * KNN + k] = 2.f * 6371.0088f * asinf(sqrtf(fminf(bd[k], 1.f)));
    }
}

// Vincenty inverse on WGS-84 ellipsoid (double), iterative; returns metres and initial bearing
extern "C" __global__ void __launch_bounds__(128, 4)
vincenty_inverse_f64(const double* __restrict__ pairs /*n x (lat1,lon1,lat2,lon2) rad*/, int n, double* __restrict__ dist,
                     double* __restrict__ bearing)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const double a = 6378137.0, f = 1.0 / 298.257223563, b = (1 - f) * a;
    const double* pr = pairs + 4 * (size_t)i;
    double L = pr[3] - pr[1];
    double U1 = atan((1 - f) * tan(pr[0])), U2 = atan((1 - f) * tan(pr[2]));
    double sU1, cU1, sU2, cU2; sincos(U1, &sU1, &cU1); sincos(U2, &sU2, &cU2);
    double lam = L, lamP, sinS = 0, cosS = 1, sig = 0, cos2a = 1, cos2sm = 0, sinL = 0, cosL = 1;
    int it = 0;
    do {
        sincos(lam, &sinL, &cosL);
        double t1 = cU2 * sinL, t2 = cU1 * sU2 - sU1 * cU2 * cosL;
        sinS = sqrt(t1 * t1 + t2 * t2);
        if (sinS == 0) break;
        cosS = sU1 * sU2 + cU1 * cU2 * cosL;
        sig = atan2(sinS, cosS);
        double sina = cU1 * cU2 * sinL / sinS;
        cos2a = 1 - sina * sina;
        cos2sm = cos2a != 0 ? cosS - 2 * sU1 * sU2 / cos2a : 0;
        double C = f / 16 * cos2a * (4 + f * (4 - 3 * cos2a));
        lamP = lam;
        lam = L + (1 - C) * f * sina * (sig + C * sinS * (cos2sm + C * cosS * (-1 + 2 * cos2sm * cos2sm)));
    } while (fabs(lam - lamP) > 1e-12 && ++it < 200);
    double u2 = cos2a * (a * a - b * b) / (b * b);
    double A = 1 + u2 / 16384 * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)));
    double B = u2 / 1024 * (256 + u2 * (-128 + u2 * (74 - 47 * u2)));
    double dS = B * sinS * (cos2sm + B / 4 * (cosS * (-1 + 2 * cos2sm * cos2sm) - B / 6 * cos2sm * (-3 + 4 * sinS * sinS) * (-3 + 4 * cos2sm * cos2sm)));
    dist[i] = sinS == 0 ? 0.0 : b * A * (sig - dS);
    bearing[i] = atan2(cU2 * sinL, cU1 * sU2 - sU1 * cU2 * cosL);
}
