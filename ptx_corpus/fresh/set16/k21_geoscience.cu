// Domain: geoscience (seismic acoustic wave propagation, geodesic distances, inverse-distance-weighted gridding, layered-earth ray tracing)

// acoustic2d_8th_order_leapfrog: 2-D acoustic wave equation, 8th-order spatial Laplacian from 17 independent global loads, 2nd-order time
extern "C" __global__ void acoustic2d_8th_order_leapfrog(const float* __restrict__ p0, const float* __restrict__ p1, float* __restrict__ p2,
                                                         const float* __restrict__ vel2dt2, int nx, int nz, float invh2)
{
    int ix = blockIdx.x * blockDim.x + threadIdx.x;
    int iz = blockIdx.y * blockDim.y + threadIdx.y;
    if (ix < 4 || iz < 4 || ix >= nx - 4 || iz >= nz - 4) return;
    const float c0 = -205.f / 72.f, c1 = 8.f / 5.f, c2 = -1.f / 5.f, c3 = 8.f / 315.f, c4 = -1.f / 560.f;
    int i = iz * nx + ix;
    float xm4 = p1[i - 4], xm3 = p1[i - 3], xm2 = p1[i - 2], xm1 = p1[i - 1], ctr = p1[i];
    float xp1 = p1[i + 1], xp2 = p1[i + 2], xp3 = p1[i + 3], xp4 = p1[i + 4];
    float zm4 = p1[i - 4 * nx], zm3 = p1[i - 3 * nx], zm2 = p1[i - 2 * nx], zm1 = p1[i - nx];
    float zp1 = p1[i + nx], zp2 = p1[i + 2 * nx], zp3 = p1[i + 3 * nx], zp4 = p1[i + 4 * nx];
    float lap = 2.f * c0 * ctr + c1 * (xm1 + xp1 + zm1 + zp1) + c2 * (xm2 + xp2 + zm2 + zp2) + c3 * (xm3 + xp3 + zm3 + zp3) +
                c4 * (xm4 + xp4 + zm4 + zp4);
    p2[i] = 2.f * ctr - p0[i] + vel2dt2[i] * lap * invh2;
}

// haversine_nearest4_stations_double: double-precision great-circle distance from each event to all stations, keeping the 4 nearest
extern "C" __global__ void haversine_nearest4_stations_double(const double2* __restrict__ events, const double2* __restrict__ stations,
                                                              int nEvents, int nStations, int* __restrict__ nearIdx, double* __restrict__ nearKm)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= nEvents) return;
    const double R = 6371.0088, D2R = 0.017453292519943295;
    double2 ev = events[e];
    double lat1 = ev.x * D2R, lon1 = ev.y * D2R, cl1 = cos(lat1);
    double bd[4] = {1e300, 1e300, 1e300, 1e300};
    int bi[4] = {-1, -1, -1, -1};
    for (int s = 0; s < nStations; ++s) {
        double2 st = stations[s];
        double lat2 = st.x * D2R, dlat = lat2 - lat1, dlon = st.y * D2R - lon1;
        double a = sin(0.5 * dlat), b = sin(0.5 * dlon);
        double h = a * a + cl1 * cos(lat2) * b * b;
        double d = 2.0 * R * asin(sqrt(fmin(1.0, h)));
        if (d < bd[3]) {
            bd[3] = d; bi[3] = s;
#pragma unroll
            for (int k = 3; k > 0; --k)
                if (bd[k] < bd[k - 1]) {
                    double t = bd[k]; bd[k] = bd[k - 1]; bd[k - 1] = t;
                    int u = bi[k]; bi[k] = bi[k - 1]; bi[k - 1] = u;
                }
        }
    }
#pragma unroll
    for (int k = 0; k < 4; ++k) { nearIdx[e * 4 + k] = bi[k]; nearKm[e * 4 + k] = bd[k]; }
}

// idw_gridding_smem_tiles: inverse-distance-weighted (power 2) interpolation of scattered borehole samples onto a grid, samples tiled through shared memory
extern "C" __global__ void idw_gridding_smem_tiles(const float4* __restrict__ samples, int nSamples, float* __restrict__ grid,
                                                   int gw, int gh, float x0, float y0, float dx, float radius2)
{
    __shared__ float4 sh[256];
    int gx = blockIdx.x * blockDim.x + threadIdx.x, gy = blockIdx.y * blockDim.y + threadIdx.y;
    float px = x0 + gx * dx, py = y0 + gy * dx;
    float num = 0.f, den = 0.f, exact = 0.f;
    bool hasExact = false;
    int tid = threadIdx.y * blockDim.x + threadIdx.x, nt = blockDim.x * blockDim.y;
    for (int base = 0; base < nSamples; base += 256) {
        __syncthreads();
        for (int i = tid; i < 256; i += nt) sh[i] = (base + i < nSamples) ? samples[base + i] : make_float4(0, 0, 0, 0);
        __syncthreads();
        int cnt = min(256, nSamples - base);
        for (int k = 0; k < cnt; ++k) {
            float4 s = sh[k];   // x, y, value, weight multiplier
            float ddx = s.x - px, ddy = s.y - py;
            float d2 = ddx * ddx + ddy * ddy;
            if (d2 < 1e-12f) { hasExact = true; exact = s.z; }
            else if (d2 < radius2) { float w = s.w / d2; num += w * s.z; den += w; }
        }
    }
    if (gx < gw && gy < gh) grid[gy * gw + gx] = hasExact ? exact : (den > 0.f ? num / den : __int_as_float(0x7fc00000));
}

// ray_layered_earth_travel_time: shoot rays through up to 64 flat layers by Snell's law (slowness/thickness copied into a run-time indexed local array), recording offset and travel time for the reflection off a chosen interface
extern "C" __global__ void ray_layered_earth_travel_time(const float* __restrict__ vLayer, const float* __restrict__ hLayer, int nLayers,
                                                         const float* __restrict__ takeoff, const int* __restrict__ reflector,
                                                         float2* __restrict__ result, int nRays)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nRays) return;
    float v[64], h[64];
    int nl = min(nLayers, 64);
    for (int i = 0; i < nl; ++i) { v[i] = vLayer[i]; h[i] = hLayer[i]; }
    float p = __sinf(takeoff[r]) / v[0];       // ray parameter
    int refl = min(reflector[r], nl - 1);
    float x = 0.f, t = 0.f;
    bool turned = false;
    for (int i = 0; i <= refl; ++i) {
        float s = p * v[i];
        if (s >= 1.f) { turned = true; break; }
        float c = sqrtf(1.f - s * s);
        x += h[i] * s / c;
        t += h[i] / (v[i] * c);
    }
    result[r] = turned ? make_float2(-1.f, -1.f) : make_float2(2.f * x, 2.f * t);
}

// vti_zmarch_regqueue_lb: 3-D pseudo-acoustic VTI wave step (coupled p/q fields) marching in z with 9-plane register queues for both fields (8th-order vertical derivative from registers, horizontal from global loads), per-cell epsilon/delta/vp, under __launch_bounds__(256,8)
extern "C" __global__ void __launch_bounds__(256, 8)
vti_zmarch_regqueue_lb(const float* __restrict__ p0, const float* __restrict__ p1, const float* __restrict__ q0, const float* __restrict__ q1,
                             float* __restrict__ p2, float* __restrict__ q2, const float* __restrict__ vp, const float* __restrict__ epsl,
                             const float* __restrict__ dlt, int nx, int ny, int nz, float dt2_h2)
{
    int ix = blockIdx.x * blockDim.x + threadIdx.x, iy = blockIdx.y * blockDim.y + threadIdx.y;
    if (ix < 4 || iy < 4 || ix >= nx - 4 || iy >= ny - 4) return;
    const float c0 = -205.f / 72.f, c1 = 8.f / 5.f, c2 = -1.f / 5.f, c3 = 8.f / 315.f, c4 = -1.f / 560.f;
    size_t sy = nx, sz = (size_t)nx * ny;
    size_t col = iy * sy + ix;
    float pq[9], qq[9];   // planes z-4 .. z+4
#pragma unroll
    for (int k = 0; k < 8; ++k) { pq[k + 1] = p1[col + k * sz]; qq[k + 1] = q1[col + k * sz]; }
    for (int iz = 4; iz < nz - 4; ++iz) {
#pragma unroll
        for (int k = 0; k < 8; ++k) { pq[k] = pq[k + 1]; qq[k] = qq[k + 1]; }
        size_t i = col + iz * sz;
        pq[8] = p1[i + 4 * sz]; qq[8] = q1[i + 4 * sz];
        float pc = pq[4], qc = qq[4];
        float ph = 2.f * c0 * pc + c1 * (p1[i - 1] + p1[i + 1] + p1[i - sy] + p1[i + sy]) + c2 * (p1[i - 2] + p1[i + 2] + p1[i - 2 * sy] + p1[i + 2 * sy]) +
                   c3 * (p1[i - 3] + p1[i + 3] + p1[i - 3 * sy] + p1[i + 3 * sy]) + c4 * (p1[i - 4] + p1[i + 4] + p1[i - 4 * sy] + p1[i + 4 * sy]);
        float qzz = c0 * qc + c1 * (qq[3] + qq[5]) + c2 * (qq[2] + qq[6]) + c3 * (qq[1] + qq[7]) + c4 * (qq[0] + qq[8]);
        float pzz = c0 * pc + c1 * (pq[3] + pq[5]) + c2 * (pq[2] + pq[6]) + c3 * (pq[1] + pq[7]) + c4 * (pq[0] + pq[8]);
        float v2 = vp[i] * vp[i] * dt2_h2;
        float e = epsl[i], d = dlt[i];
        float sq = sqrtf(1.f + 2.f * d);
        p2[i] = 2.f * pc - p0[i] + v2 * ((1.f + 2.f * e) * ph + sq * qzz);
        q2[i] = 2.f * qc - q0[i] + v2 * (sq * ph + qzz) + 1e-3f * v2 * (pzz - qzz);   // small coupling damping term
    }
}
