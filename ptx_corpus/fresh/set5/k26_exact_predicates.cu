// Robust geometric predicates (Shewchuk-style): adaptive orient2d with error-free
// transformations, exact incircle via expansion arithmetic, and a Delaunay edge-flip test.

__device__ __forceinline__ void two_sum(double a, double b, double& s, double& e)
{
    s = a + b;
    double bv = s - a;
    double av = s - bv;
    e = (a - av) + (b - bv);
}
__device__ __forceinline__ void two_diff(double a, double b, double& s, double& e)
{
    s = a - b;
    double bv = a - s;
    double av = s + bv;
    e = (a - av) + (bv - b);
}
__device__ __forceinline__ void two_prod(double a, double b, double& p, double& e)
{
    p = a * b;
    e = fma(a, b, -p);
}

// grow-expansion-zeroelim of h (length n) by b; returns new length
__device__ __forceinline__ int grow_expansion(int n, const double* e, double b, double* h)
{
    double q = b;
    int hn = 0;
    for (int i = 0; i < n; ++i) {
        double s, err;
        two_sum(q, e[i], s, err);
        q = s;
        if (err != 0.0) h[hn++] = err;
    }
    if (q != 0.0 || hn == 0) h[hn++] = q;
    return hn;
}

// fast-expansion-sum-zeroelim (simple: grow one element at a time, keeps it correct)
__device__ __noinline__ int expansion_sum(int en, const double* e, int fn, const double* f, double* h)
{
    double tmp[64];
    int n = en;
    for (int i = 0; i < en; ++i) tmp[i] = e[i];
    for (int j = 0; j < fn; ++j) {
        double out[64];
        n = grow_expansion(n, tmp, f[j], out);
        for (int i = 0; i < n; ++i) tmp[i] = out[i];
    }
    for (int i = 0; i < n; ++i) h[i] = tmp[i];
    return n;
}

// scale-expansion-zeroelim: h = e * b
__device__ __noinline__ int scale_expansion(int en, const double* e, double b, double* h)
{
    double q, hh;
    two_prod(e[0], b, q, hh);
    int hn = 0;
    if (hh != 0.0) h[hn++] = hh;
    for (int i = 1; i < en; ++i) {
        double p1, p0, sum, t;
        two_prod(e[i], b, p1, p0);
        two_sum(q, p0, sum, hh);
        if (hh != 0.0) h[hn++] = hh;
        two_sum(p1, sum, q, t);
        if (t != 0.0) h[hn++] = t;
    }
    if (q != 0.0 || hn == 0) h[hn++] = q;
    return hn;
}

extern "C" __global__ void orient2d_adaptive(const double2* __restrict__ pa, const double2* __restrict__ pb,
                                             const double2* __restrict__ pc, int n, signed char* __restrict__ sign,
                                             int* __restrict__ n_exact)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double2 a = pa[i], b = pb[i], c = pc[i];
    double acx = a.x - c.x, bcx = b.x - c.x, acy = a.y - c.y, bcy = b.y - c.y;
    double detleft = acx * bcy, detright = acy * bcx;
    double det = detleft - detright;
    double detsum = fabs(detleft) + fabs(detright);
    const double eps = 1.1102230246251565e-16;
    const double ccwerrA = (3.0 + 16.0 * eps) * eps;
    signed char s;
    if (fabs(det) >= ccwerrA * detsum) {
        s = det > 0 ? 1 : (det < 0 ? -1 : 0);
    } else {
        atomicAdd(n_exact, 1);
        // exact: all terms as expansions
        double acxt, bcxt, acyt, bcyt;
        double ax = a.x, ay = a.y;
        double t0, t1;
        two_diff(ax, c.x, t0, acxt); acx = t0;
        two_diff(b.x, c.x, t0, bcxt); bcx = t0;
        two_diff(ay, c.y, t0, acyt); acy = t0;
        two_diff(b.y, c.y, t0, bcyt); bcy = t0;
        // det = (acx+acxt)(bcy+bcyt) - (acy+acyt)(bcx+bcxt), expand exactly into <= 16 terms
        double e1[2] = {acxt, acx}, e2[2] = {acyt, acy};
        double p1[4], p2[4], p3[4], p4[4], m1[8], m2[8], d[16];
        int n1 = scale_expansion(2, e1, bcy, p1);
        int n2 = scale_expansion(2, e1, bcyt, p2);
        int n3 = scale_expansion(2, e2, -bcx, p3);
        int n4 = scale_expansion(2, e2, -bcxt, p4);
        int k1 = expansion_sum(n1, p1, n2, p2, m1);
        int k2 = expansion_sum(n3, p3, n4, p4, m2);
        int kd = expansion_sum(k1, m1, k2, m2, d);
        double top = d[kd - 1];
        s = top > 0 ? 1 : (top < 0 ? -1 : 0);
        (void)t1;
    }
    sign[i] = s;
}

// Incircle with a filtered fast path and exact fallback through expansions.
extern "C" __global__ void incircle_exact(const double2* __restrict__ P, const int4* __restrict__ quads, int n,
                                          signed char* __restrict__ sign)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int4 q = quads[i];
    double2 a = P[q.x], b = P[q.y], c = P[q.z], d = P[q.w];
    double adx = a.x - d.x, bdx = b.x - d.x, cdx = c.x - d.x;
    double ady = a.y - d.y, bdy = b.y - d.y, cdy = c.y - d.y;
    double bdxcdy = bdx * cdy, cdxbdy = cdx * bdy, alift = adx * adx + ady * ady;
    double cdxady = cdx * ady, adxcdy = adx * cdy, blift = bdx * bdx + bdy * bdy;
    double adxbdy = adx * bdy, bdxady = bdx * ady, clift = cdx * cdx + cdy * cdy;
    double det = alift * (bdxcdy - cdxbdy) + blift * (cdxady - adxcdy) + clift * (adxbdy - bdxady);
    double permanent = (fabs(bdxcdy) + fabs(cdxbdy)) * alift + (fabs(cdxady) + fabs(adxcdy)) * blift +
                       (fabs(adxbdy) + fabs(bdxady)) * clift;
    const double eps = 1.1102230246251565e-16;
    double errbound = (10.0 + 96.0 * eps) * eps * permanent;
    if (det > errbound || -det > errbound) { sign[i] = det > 0 ? 1 : -1; return; }
    // exact path: differences are assumed exact (inputs on a snapped grid), products expanded
    double bc[4], ca[4], ab[4];
    double p, e, p2, e2;
    two_prod(bdx, cdy, p, e); two_prod(-cdx, bdy, p2, e2);
    double t1[2] = {e, p}, t2[2] = {e2, p2};
    int nbc = expansion_sum(2, t1, 2, t2, bc);
    two_prod(cdx, ady, p, e); two_prod(-adx, cdy, p2, e2);
    t1[0] = e; t1[1] = p; t2[0] = e2; t2[1] = p2;
    int nca = expansion_sum(2, t1, 2, t2, ca);
    two_prod(adx, bdy, p, e); two_prod(-bdx, ady, p2, e2);
    t1[0] = e; t1[1] = p; t2[0] = e2; t2[1] = p2;
    int nab = expansion_sum(2, t1, 2, t2, ab);
    double ta[8], tb[8], tc[8], tt[16], u1[32], u2[32], u3[32], r1[64];
    // adet = bc * adx * adx + bc * ady * ady
    int n1 = scale_expansion(nbc, bc, adx, ta);  int n2 = scale_expansion(n1, ta, adx, tt);
    int n3 = scale_expansion(n1 = scale_expansion(nbc, bc, ady, tb), tb, ady, tc);
    int na = expansion_sum(n2, tt, n3, tc, u1);
    n1 = scale_expansion(nca, ca, bdx, ta); n2 = scale_expansion(n1, ta, bdx, tt);
    n1 = scale_expansion(nca, ca, bdy, tb); n3 = scale_expansion(n1, tb, bdy, tc);
    int nb = expansion_sum(n2, tt, n3, tc, u2);
    n1 = scale_expansion(nab, ab, cdx, ta); n2 = scale_expansion(n1, ta, cdx, tt);
    n1 = scale_expansion(nab, ab, cdy, tb); n3 = scale_expansion(n1, tb, cdy, tc);
    int nc = expansion_sum(n2, tt, n3, tc, u3);
    int nr = expansion_sum(na, u1, nb, u2, r1);
    double fin[64];
    int nf = expansion_sum(nr, r1, nc, u3, fin);
    double top = fin[nf - 1];
    sign[i] = top > 0 ? 1 : (top < 0 ? -1 : 0);
}

// Lawson flip marking: for each interior edge with opposite vertices, flag illegal edges
// using the fast filtered incircle (fallback marks "uncertain" for the exact kernel).
extern "C" __global__ void delaunay_flip_candidates(const double2* __restrict__ P, const int4* __restrict__ edge_quads,
                                                    int nedges, int* __restrict__ flip_flag, int* __restrict__ uncertain_list,
                                                    int* __restrict__ n_uncertain)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nedges) return;
    int4 q = edge_quads[i];       // (a, b) edge, c and d opposite vertices; a,b,c CCW
    if (q.w < 0) { flip_flag[i] = 0; return; }
    double2 a = P[q.x], b = P[q.y], c = P[q.z], d = P[q.w];
    double adx = a.x - d.x, ady = a.y - d.y, bdx = b.x - d.x, bdy = b.y - d.y, cdx = c.x - d.x, cdy = c.y - d.y;
    double al = adx * adx + ady * ady, bl = bdx * bdx + bdy * bdy, cl = cdx * cdx + cdy * cdy;
    double det = adx * (bdy * cl - bl * cdy) - ady * (bdx * cl - bl * cdx) + al * (bdx * cdy - bdy * cdx);
    double perm = (fabs(bdy * cl) + fabs(bl * cdy)) * fabs(adx) + (fabs(bdx * cl) + fabs(bl * cdx)) * fabs(ady) +
                  (fabs(bdx * cdy) + fabs(bdy * cdx)) * al;
    double err = 1.1102230246251565e-15 * perm;
    int flag = det > err ? 1 : 0;
    if (fabs(det) <= err) {
        int slot = atomicAdd(n_uncertain, 1);
        uncertain_list[slot] = i;
    }
    flip_flag[i] = flag;
}
