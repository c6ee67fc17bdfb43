/* Known bits: integers of which only some bits are known, and PTX's integer operations on them
 * (inline: they run once per thread and node in the evaluation of ptx_threads.c). */
#ifndef TRUENO_PTX_KBITS_H
#define TRUENO_PTX_KBITS_H

#include "ptx_analysis.h"

/* A value of width w (1 to 64 bits) keeps the bits above w known zero; signed operations look at
 * bit w - 1. Every operation is exact when its inputs are fully known, and otherwise keeps the
 * bits it can still prove (the low bits of sums and products, the high zeros of products that
 * cannot wrap, masked bits, shifted-in zeros). */

static inline uint64_t kb_width_mask(int w)
{
    return w >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
}

static inline ptx_kb kb_fit(ptx_kb a, int w)
{
    uint64_t m = kb_width_mask(w);
    return (ptx_kb){a.one & m, a.zero | ~m};
}

static inline ptx_kb ptx_kb_const(uint64_t v, int w)
{
    return kb_fit((ptx_kb){v, ~v}, w);
}

static inline ptx_kb ptx_kb_unknown(int w)
{
    return kb_fit((ptx_kb){0, 0}, w);
}

static inline bool ptx_kb_known(ptx_kb a)
{
    return (a.one | a.zero) == ~(uint64_t)0;
}

/* The smallest and largest unsigned values a may hold. */
static inline uint64_t ptx_kb_min(ptx_kb a)
{
    return a.one;
}

static inline uint64_t ptx_kb_max(ptx_kb a)
{
    return ~a.zero;
}

/* Could a and b be equal? (no bit known in both with different values) */
static inline bool ptx_kb_may_equal(ptx_kb a, ptx_kb b)
{
    return !((a.one & b.zero) | (a.zero & b.one));
}

static inline int kb_trailing_known(ptx_kb a)
{
    uint64_t k = a.one | a.zero;
    return k == ~(uint64_t)0 ? 64 : __builtin_ctzll(~k);
}

static inline int kb_trailing_zeros(ptx_kb a)
{
    return a.zero == ~(uint64_t)0 ? 64 : __builtin_ctzll(~a.zero);
}

/* a + b + carry_in, the carry known one (carry = 1), known zero (0) or unknown (-1); from the
 * classic formulation: the carries of the smallest and of the largest possible sums agree where
 * the carry is known. */
static inline ptx_kb kb_add_carry(ptx_kb a, ptx_kb b, int carry, int w)
{
    uint64_t sum_zero = ~a.zero + ~b.zero + (uint64_t)(carry != 0); /* largest sum */
    uint64_t sum_one = a.one + b.one + (uint64_t)(carry == 1);      /* smallest sum */
    uint64_t carry_zero = ~(sum_zero ^ a.zero ^ b.zero), carry_one = sum_one ^ a.one ^ b.one;
    uint64_t known = (a.zero | a.one) & (b.zero | b.one) & (carry_zero | carry_one);
    return kb_fit((ptx_kb){sum_one & known, ~sum_zero & known}, w);
}

static inline ptx_kb ptx_kb_add(ptx_kb a, ptx_kb b, int w)
{
    return kb_add_carry(a, b, 0, w);
}

static inline ptx_kb ptx_kb_sub(ptx_kb a, ptx_kb b, int w)
{
    b = kb_fit((ptx_kb){b.zero, b.one}, w); /* ~b within the width */
    return kb_add_carry(a, b, 1, w);
}

/* The bits shared by every value in [lo, hi]: the common prefix, the rest unknown. */
static inline ptx_kb kb_from_range(uint64_t lo, uint64_t hi, int w)
{
    if (lo > hi)
        return ptx_kb_unknown(w);
    uint64_t diff = lo ^ hi;
    uint64_t unknown = diff ? (~(uint64_t)0 >> __builtin_clzll(diff)) : 0;
    return kb_fit((ptx_kb){lo & ~unknown, ~lo & ~unknown}, w);
}

static inline ptx_kb ptx_kb_mul(ptx_kb a, ptx_kb b, int w)
{
    if (ptx_kb_known(a) && ptx_kb_known(b))
        return ptx_kb_const(a.one * b.one, w);
    /* the low k bits of a product depend only on the low k bits of its factors */
    int k = kb_trailing_known(a) < kb_trailing_known(b) ? kb_trailing_known(a) : kb_trailing_known(b);
    int tz = kb_trailing_zeros(a) + kb_trailing_zeros(b);
    if (tz > k)
        k = tz > 64 ? 64 : tz;
    uint64_t low = kb_width_mask(k), p = a.one * b.one;
    ptx_kb r = kb_fit((ptx_kb){p & low, ~p & low}, w);
    /* the high bits, when no product of the factors' ranges wraps: a masked index times a stride
     * stays below the stride times the mask, and so keeps out of the next slice */
    uint64_t hi;
    if (!__builtin_mul_overflow(ptx_kb_max(a), ptx_kb_max(b), &hi) && hi <= kb_width_mask(w)) {
        ptx_kb range = kb_from_range(ptx_kb_min(a) * ptx_kb_min(b), hi, w);
        r = (ptx_kb){r.one | range.one, r.zero | range.zero};
    }
    return r;
}

static inline ptx_kb ptx_kb_shl(ptx_kb a, int s, int w)
{
    if (s >= w)
        return ptx_kb_const(0, w);
    return kb_fit((ptx_kb){a.one << s, (a.zero << s) | kb_width_mask(s)}, w);
}

/* Shift right by s; arith: the sign bit (bit w - 1) fills in. */
static inline ptx_kb ptx_kb_shr(ptx_kb a, int s, int w, bool arith)
{
    uint64_t m = kb_width_mask(w);
    if (s >= w && !arith)
        return ptx_kb_const(0, w);
    if (s >= w)
        s = w - 1;
    uint64_t fill = m & ~(m >> s);
    ptx_kb r = {(a.one & m) >> s, ((a.zero & m) >> s) | ~m};
    uint64_t sign = (uint64_t)1 << (w - 1);
    if (!arith || (a.zero & sign))
        r.zero |= fill;
    else if (a.one & sign)
        r.one |= fill;
    return kb_fit(r, w);
}

static inline ptx_kb ptx_kb_and(ptx_kb a, ptx_kb b)
{
    return (ptx_kb){a.one & b.one, a.zero | b.zero};
}

static inline ptx_kb ptx_kb_or(ptx_kb a, ptx_kb b)
{
    return (ptx_kb){a.one | b.one, a.zero & b.zero};
}

static inline ptx_kb ptx_kb_xor(ptx_kb a, ptx_kb b)
{
    uint64_t known = (a.one | a.zero) & (b.one | b.zero), v = a.one ^ b.one;
    return (ptx_kb){v & known, ~v & known};
}

static inline ptx_kb ptx_kb_not(ptx_kb a, int w)
{
    return kb_fit((ptx_kb){a.zero, a.one}, w);
}

/* Both candidates: the bits they agree on (a select with an unknown condition). */
static inline ptx_kb ptx_kb_merge(ptx_kb a, ptx_kb b)
{
    return (ptx_kb){a.one & b.one, a.zero & b.zero};
}

static inline int64_t kb_sign_extend(uint64_t v, int w)
{
    return w >= 64 ? (int64_t)v : (int64_t)(v << (64 - w)) >> (64 - w);
}

/* Is the value non-negative when read as signed w bits? */
static inline bool kb_non_negative(ptx_kb a, int w)
{
    return w >= 64 ? (a.zero >> 63) & 1 : (a.zero >> (w - 1)) & 1;
}

/* rem and div; signed ones only where both operands are known, or non-negative. */
static inline ptx_kb ptx_kb_divrem(ptx_kb a, ptx_kb b, int w, bool is_signed, bool rem)
{
    uint64_t m = kb_width_mask(w), d = b.one & m;
    if (!ptx_kb_known(b) || d == 0) /* zero in the operation's width (a wider register's high bits) */
        return ptx_kb_unknown(w);
    if (is_signed && ptx_kb_known(a)) {
        int64_t x = kb_sign_extend(a.one, w), y = kb_sign_extend(d, w);
        if (y == -1 || (w >= 64 && x == INT64_MIN))
            return ptx_kb_unknown(w);
        return ptx_kb_const((uint64_t)(rem ? x % y : x / y), w);
    }
    if (is_signed && !(kb_non_negative(a, w) && kb_non_negative(b, w)))
        return ptx_kb_unknown(w);
    if (ptx_kb_known(a))
        return ptx_kb_const(rem ? (a.one & m) % d : (a.one & m) / d, w);
    if ((d & (d - 1)) == 0) {
        int s = __builtin_ctzll(d);
        return rem ? ptx_kb_and(a, ptx_kb_const(d - 1, w)) : ptx_kb_shr(a, s, w, false);
    }
    return rem ? kb_from_range(0, d - 1, w) : kb_from_range(ptx_kb_min(a) / d, (ptx_kb_max(a) & m) / d, w);
}

/* The smallest and largest values of a read as signed w bits. */
static inline void kb_signed_range(ptx_kb a, int w, int64_t *lo, int64_t *hi)
{
    uint64_t m = kb_width_mask(w), sign = (uint64_t)1 << (w - 1);
    bool may_pos = !(a.one & sign), may_neg = !(a.zero & sign);
    uint64_t low = a.one & m, high = ~a.zero & m;
    *lo = may_neg ? kb_sign_extend(low | sign, w) : kb_sign_extend(low, w);
    *hi = may_pos ? kb_sign_extend(high & ~sign, w) : kb_sign_extend(high, w);
}

static inline int kb_order(bool surely, bool never)
{
    return surely ? 1 : never ? 0 : -1;
}

/* Comparison cmp (PTX_CMP_*) of a and b: 1 true, 0 false, -1 unknown. */
static inline int ptx_kb_compare(ptx_kb a, ptx_kb b, int cmp, int w, bool is_signed)
{
    if (cmp == PTX_CMP_EQ || cmp == PTX_CMP_NE) {
        int eq = ptx_kb_known(a) && ptx_kb_known(b) ? a.one == b.one : ptx_kb_may_equal(a, b) ? -1 : 0;
        return eq < 0 ? -1 : cmp == PTX_CMP_EQ ? eq : !eq;
    }
    if (cmp == PTX_CMP_GT || cmp == PTX_CMP_GE)
        return ptx_kb_compare(b, a, cmp == PTX_CMP_GT ? PTX_CMP_LT : PTX_CMP_LE, w, is_signed);
    bool lt = cmp == PTX_CMP_LT;
    if (!is_signed) {
        uint64_t m = kb_width_mask(w), alo = a.one & m, ahi = ~a.zero & m, blo = b.one & m, bhi = ~b.zero & m;
        return lt ? kb_order(ahi < blo, alo >= bhi) : kb_order(ahi <= blo, alo > bhi);
    }
    int64_t alo, ahi, blo, bhi;
    kb_signed_range(a, w, &alo, &ahi);
    kb_signed_range(b, w, &blo, &bhi);
    return lt ? kb_order(ahi < blo, alo >= bhi) : kb_order(ahi <= blo, alo > bhi);
}

static inline ptx_kb ptx_kb_minmax(ptx_kb a, ptx_kb b, int w, bool is_signed, bool max)
{
    int less = ptx_kb_compare(a, b, PTX_CMP_LT, w, is_signed);
    if (less < 0)
        return ptx_kb_merge(a, b);
    return (less == 1) == max ? b : a;
}

/* bfe: len bits of a from bit pos, sign-extended for signed types. */
static inline ptx_kb ptx_kb_bfe(ptx_kb a, int pos, int len, int w, bool is_signed)
{
    if (len <= 0)
        return ptx_kb_const(0, w);
    if (pos >= w)
        pos = w - 1;
    if (pos + len > w)
        len = w - pos;
    ptx_kb r = ptx_kb_and(ptx_kb_shr(a, pos, w, false), ptx_kb_const(kb_width_mask(len), w));
    if (!is_signed || len >= w)
        return r;
    return ptx_kb_shr(ptx_kb_shl(r, w - len, w), w - len, w, true);
}

/* bfi: b with len bits from bit pos replaced by the low bits of a. */
static inline ptx_kb ptx_kb_bfi(ptx_kb a, ptx_kb b, int pos, int len, int w)
{
    if (len <= 0 || pos >= w)
        return b;
    if (pos + len > w)
        len = w - pos;
    uint64_t field = kb_width_mask(len) << pos;
    ptx_kb ins = ptx_kb_shl(a, pos, w);
    return kb_fit((ptx_kb){(b.one & ~field) | (ins.one & field), (b.zero & ~field) | (ins.zero & field)}, w);
}

/* lop3: any function of three inputs given by its truth table, for the bits known in all three. */
static inline ptx_kb ptx_kb_lop3(ptx_kb a, ptx_kb b, ptx_kb c, unsigned lut, int w)
{
    uint64_t known = (a.one | a.zero) & (b.one | b.zero) & (c.one | c.zero), v = 0;
    for (unsigned t = 0; t < 8; t++)
        if (lut & (1u << t))
            v |= ((t & 4) ? a.one : ~a.one) & ((t & 2) ? b.one : ~b.one) & ((t & 1) ? c.one : ~c.one);
    return kb_fit((ptx_kb){v & known, ~v & known}, w);
}

/* Width conversion: the low from bits of a, sign- or zero-extended to w bits. */
static inline ptx_kb ptx_kb_convert(ptx_kb a, int from, int w, bool is_signed)
{
    a = kb_fit(a, from);
    if (is_signed && from < w) {
        uint64_t sign = (uint64_t)1 << (from - 1), fill = kb_width_mask(w) & ~kb_width_mask(from);
        if (a.one & sign)
            a.one |= fill, a.zero &= ~fill;
        else if (!(a.zero & sign))
            a.zero &= ~fill;
    }
    return kb_fit(a, w);
}

#endif
