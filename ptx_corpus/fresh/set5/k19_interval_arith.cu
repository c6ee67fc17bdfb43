// Interval arithmetic with directed rounding: interval Newton root isolation (polynomial
// natural extension in a non-inlined Horner routine) and verified matrix-vector enclosure.

struct ival { double lo, hi; };

__device__ __forceinline__ ival iv_add(ival a, ival b) { return {__dadd_rd(a.lo, b.lo), __dadd_ru(a.hi, b.hi)}; }
__device__ __forceinline__ ival iv_sub(ival a, ival b) { return {__dsub_rd(a.lo, b.hi), __dsub_ru(a.hi, b.lo)}; }
__device__ __forceinline__ ival iv_mul(ival a, ival b)
{
    double l1 = __dmul_rd(a.lo, b.lo), l2 = __dmul_rd(a.lo, b.hi), l3 = __dmul_rd(a.hi, b.lo), l4 = __dmul_rd(a.hi, b.hi);
    double h1 = __dmul_ru(a.lo, b.lo), h2 = __dmul_ru(a.lo, b.hi), h3 = __dmul_ru(a.hi, b.lo), h4 = __dmul_ru(a.hi, b.hi);
    return {fmin(fmin(l1, l2), fmin(l3, l4)), fmax(fmax(h1, h2), fmax(h3, h4))};
}
__device__ __forceinline__ ival iv_sqr(ival a)
{
    if (a.lo >= 0) return {__dmul_rd(a.lo, a.lo), __dmul_ru(a.hi, a.hi)};
    if (a.hi <= 0) return {__dmul_rd(a.hi, a.hi), __dmul_ru(a.lo, a.lo)};
    return {0.0, fmax(__dmul_ru(a.lo, a.lo), __dmul_ru(a.hi, a.hi))};
}

__device__ __noinline__ ival iv_poly_horner(const double* c, int deg, ival x)
{
    ival r = {c[deg], c[deg]};
    for (int k = deg - 1; k >= 0; --k) {
        r = iv_mul(r, x);
        r = iv_add(r, ival{c[k], c[k]});
    }
    return r;
}

// Interval Newton on f(x)=sum c_k x^k over each starting box; iterations narrow the box.
extern "C" __global__ void interval_newton_roots(const double* __restrict__ coef, int deg,
                                                 const double2* __restrict__ boxes, int nbox, int iters,
                                                 double2* __restrict__ out_boxes, int* __restrict__ status)
{
    __shared__ double c[32], dc[32];
    if (threadIdx.x <= deg) c[threadIdx.x] = coef[threadIdx.x];
    if (threadIdx.x < deg) dc[threadIdx.x] = coef[threadIdx.x + 1] * (threadIdx.x + 1);
    __syncthreads();
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nbox) return;
    ival X = {boxes[b].x, boxes[b].y};
    int st = 0;  // 0 unknown, 1 unique root verified, 2 no root
    for (int it = 0; it < iters; ++it) {
        double m = 0.5 * (X.lo + X.hi);
        ival fm = iv_poly_horner(c, deg, ival{m, m});
        ival dX = iv_poly_horner(dc, deg - 1, X);
        if (dX.lo <= 0.0 && dX.hi >= 0.0) break;   // derivative contains 0: give up (needs bisection)
        // N = m - f(m)/f'(X)
        double ql = fmin(fmin(__ddiv_rd(fm.lo, dX.lo), __ddiv_rd(fm.lo, dX.hi)), fmin(__ddiv_rd(fm.hi, dX.lo), __ddiv_rd(fm.hi, dX.hi)));
        double qh = fmax(fmax(__ddiv_ru(fm.lo, dX.lo), __ddiv_ru(fm.lo, dX.hi)), fmax(__ddiv_ru(fm.hi, dX.lo), __ddiv_ru(fm.hi, dX.hi)));
        ival N = {__dsub_rd(m, qh), __dsub_ru(m, ql)};
        if (N.lo > X.lo && N.hi < X.hi) st = 1;
        ival Xn = {fmax(N.lo, X.lo), fmin(N.hi, X.hi)};
        if (Xn.lo > Xn.hi) { st = 2; break; }
        if (Xn.hi - Xn.lo >= 0.999 * (X.hi - X.lo) && it > 2) { X = Xn; break; }
        X = Xn;
    }
    out_boxes[b] = make_double2(X.lo, X.hi);
    status[b] = st;
}

// Verified enclosure of y = A x with A given as midpoint/radius intervals, x as point vector.
// One warp computes 4 rows so each x element loaded is reused four times.
extern "C" __global__ void interval_matvec_midrad4(const double* __restrict__ Amid, const double* __restrict__ Arad,
                                                   const double* __restrict__ x, int rows, int cols,
                                                   double* __restrict__ ylo, double* __restrict__ yhi)
{
    int r0 = (blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5)) * 4;
    int lane = threadIdx.x & 31;
    if (r0 >= rows) return;
    double slo[4], shi[4], rad[4];
#pragma unroll
    for (int q = 0; q < 4; ++q) { slo[q] = 0.0; shi[q] = 0.0; rad[q] = 0.0; }
    for (int c = lane; c < cols; c += 32) {
        double xv = x[c], ax = fabs(xv);
#pragma unroll
        for (int q = 0; q < 4; ++q) {
            int r = min(r0 + q, rows - 1);
            double a = Amid[(long)r * cols + c], ar = Arad[(long)r * cols + c];
            slo[q] = __dadd_rd(slo[q], __dmul_rd(a, xv));
            shi[q] = __dadd_ru(shi[q], __dmul_ru(a, xv));
            rad[q] = __dadd_ru(rad[q], __dmul_ru(ar, ax));
        }
    }
#pragma unroll
    for (int q = 0; q < 4; ++q) {
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) {
            double a = __shfl_xor_sync(0xffffffffu, slo[q], o);
            double b = __shfl_xor_sync(0xffffffffu, shi[q], o);
            double c = __shfl_xor_sync(0xffffffffu, rad[q], o);
            slo[q] = __dadd_rd(slo[q], a); shi[q] = __dadd_ru(shi[q], b); rad[q] = __dadd_ru(rad[q], c);
        }
    }
    if (lane < 4 && r0 + lane < rows) {
        double lo = slo[0], hi = shi[0], rr = rad[0];
#pragma unroll
        for (int q = 1; q < 4; ++q) if (lane == q) { lo = slo[q]; hi = shi[q]; rr = rad[q]; }
        ylo[r0 + lane] = __dsub_rd(lo, rr);
        yhi[r0 + lane] = __dadd_ru(hi, rr);
    }
}
