// Chess move generation on bitboards: pseudo-legal move counting, sliding attacks
// with classical ray loops, and a small recursive perft over a simplified move set.
#include <cuda_runtime.h>
#include <stdint.h>

typedef unsigned long long u64;

struct Position {
    u64 pieces[2][6];   // [color][pawn,knight,bishop,rook,queen,king]
    int side;           // 0 white, 1 black
    int ep;             // en-passant square or -1
    int castle;         // KQkq bits
    int pad;
};

__constant__ u64 c_knight[64];
__constant__ u64 c_king[64];

#define FILE_A 0x0101010101010101ULL
#define FILE_H 0x8080808080808080ULL

__device__ __forceinline__ u64 occ_of(const Position &p, int c)
{
    return p.pieces[c][0] | p.pieces[c][1] | p.pieces[c][2] | p.pieces[c][3] | p.pieces[c][4] | p.pieces[c][5];
}

__device__ __forceinline__ u64 ray_attacks(int sq, u64 occ, int dr, int df)
{
    u64 att = 0;
    int r = sq >> 3, f = sq & 7;
    for (;;) {
        r += dr; f += df;
        if ((unsigned)r > 7u || (unsigned)f > 7u) break;
        u64 b = 1ULL << (r * 8 + f);
        att |= b;
        if (occ & b) break;
    }
    return att;
}

__device__ __forceinline__ u64 bishop_att(int sq, u64 occ)
{
    return ray_attacks(sq, occ, 1, 1) | ray_attacks(sq, occ, 1, -1) | ray_attacks(sq, occ, -1, 1) | ray_attacks(sq, occ, -1, -1);
}

__device__ __forceinline__ u64 rook_att(int sq, u64 occ)
{
    return ray_attacks(sq, occ, 1, 0) | ray_attacks(sq, occ, -1, 0) | ray_attacks(sq, occ, 0, 1) | ray_attacks(sq, occ, 0, -1);
}

__device__ __forceinline__ u64 pawn_attacks_bb(u64 pawns, int side)
{
    if (side == 0) return ((pawns << 7) & ~FILE_H) | ((pawns << 9) & ~FILE_A);
    return ((pawns >> 9) & ~FILE_H) | ((pawns >> 7) & ~FILE_A);
}

__device__ u64 attacked_by(const Position &p, int c, u64 occ)
{
    u64 att = pawn_attacks_bb(p.pieces[c][0], c);
    u64 b = p.pieces[c][1];
    while (b) { int s = __ffsll(b) - 1; b &= b - 1; att |= c_knight[s]; }
    b = p.pieces[c][2] | p.pieces[c][4];
    while (b) { int s = __ffsll(b) - 1; b &= b - 1; att |= bishop_att(s, occ); }
    b = p.pieces[c][3] | p.pieces[c][4];
    while (b) { int s = __ffsll(b) - 1; b &= b - 1; att |= rook_att(s, occ); }
    b = p.pieces[c][5];
    if (b) att |= c_king[__ffsll(b) - 1];
    return att;
}

// Count pseudo-legal moves and compute mobility/attack features for many positions.
extern "C" __global__ void chess_mobility(const Position *__restrict__ pos, int npos,
                                          int *__restrict__ nmoves, int4 *__restrict__ features)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= npos) return;
    Position p = pos[i];
    int us = p.side, them = us ^ 1;
    u64 own = occ_of(p, us), opp = occ_of(p, them), occ = own | opp;
    int count = 0, mob_minor = 0, mob_major = 0;

    u64 pw = p.pieces[us][0];
    u64 empty = ~occ;
    u64 push1 = us == 0 ? (pw << 8) & empty : (pw >> 8) & empty;
    u64 rank3 = us == 0 ? 0x0000000000FF0000ULL : 0x0000FF0000000000ULL;
    u64 push2 = us == 0 ? ((push1 & rank3) << 8) & empty : ((push1 & rank3) >> 8) & empty;
    u64 epbb = p.ep >= 0 ? (1ULL << p.ep) : 0ULL;
    u64 caps = pawn_attacks_bb(pw, us) & (opp | epbb);
    u64 promo = us == 0 ? 0xFF00000000000000ULL : 0xFFULL;
    count += __popcll(push1 & ~promo) + __popcll(push2) + __popcll(caps & ~promo);
    count += 4 * (__popcll(push1 & promo) + __popcll(caps & promo));

    u64 b = p.pieces[us][1];
    while (b) { int s = __ffsll(b) - 1; b &= b - 1; int m = __popcll(c_knight[s] & ~own); count += m; mob_minor += m; }
    b = p.pieces[us][2];
    while (b) { int s = __ffsll(b) - 1; b &= b - 1; int m = __popcll(bishop_att(s, occ) & ~own); count += m; mob_minor += m; }
    b = p.pieces[us][3];
    while (b) { int s = __ffsll(b) - 1; b &= b - 1; int m = __popcll(rook_att(s, occ) & ~own); count += m; mob_major += m; }
    b = p.pieces[us][4];
    while (b) { int s = __ffsll(b) - 1; b &= b - 1; int m = __popcll((rook_att(s, occ) | bishop_att(s, occ)) & ~own); count += m; mob_major += m; }

    int ksq = __ffsll(p.pieces[us][5]) - 1;
    u64 enemyAtt = attacked_by(p, them, occ);
    count += __popcll(c_king[ksq] & ~own & ~enemyAtt);
    // castling availability (squares empty and not attacked)
    if (us == 0) {
        if ((p.castle & 1) && !(occ & 0x60ULL) && !(enemyAtt & 0x70ULL)) ++count;
        if ((p.castle & 2) && !(occ & 0x0EULL) && !(enemyAtt & 0x1CULL)) ++count;
    } else {
        if ((p.castle & 4) && !(occ & 0x6000000000000000ULL) && !(enemyAtt & 0x7000000000000000ULL)) ++count;
        if ((p.castle & 8) && !(occ & 0x0E00000000000000ULL) && !(enemyAtt & 0x1C00000000000000ULL)) ++count;
    }
    int inCheck = (enemyAtt >> ksq) & 1;
    nmoves[i] = count;
    features[i] = make_int4(mob_minor, mob_major, inCheck, __popcll(enemyAtt & own));
}

// ---------------- Recursive perft over a reduced "knights and kings" variant ----------------
struct KK { u64 n[2]; u64 k[2]; };

__device__ __noinline__ unsigned long long perft_kk(KK p, int side, int depth)
{
    if (depth == 0) return 1ULL;
    u64 own = p.n[side] | p.k[side];
    unsigned long long nodes = 0;
    u64 b = p.n[side];
    while (b) {
        int s = __ffsll(b) - 1; b &= b - 1;
        u64 t = c_knight[s] & ~own & ~p.k[side ^ 1];
        while (t) {
            int d = __ffsll(t) - 1; t &= t - 1;
            KK q = p;
            u64 mv = (1ULL << s) | (1ULL << d);
            q.n[side] ^= mv;
            q.n[side ^ 1] &= ~(1ULL << d);
            nodes += perft_kk(q, side ^ 1, depth - 1);
        }
    }
    int ks = __ffsll(p.k[side]) - 1;
    u64 t = c_king[ks] & ~own & ~c_king[__ffsll(p.k[side ^ 1]) - 1];
    while (t) {
        int d = __ffsll(t) - 1; t &= t - 1;
        KK q = p;
        q.k[side] = 1ULL << d;
        q.n[side ^ 1] &= ~(1ULL << d);
        nodes += perft_kk(q, side ^ 1, depth - 1);
    }
    return nodes;
}

extern "C" __global__ void chess_perft_kk(const KK *__restrict__ roots, const int *__restrict__ side,
                                          int n, int depth, unsigned long long *__restrict__ out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[i] = perft_kk(roots[i], side[i], depth);
}

// Static exchange evaluation on a target square: swap-list algorithm with a small local array.
extern "C" __global__ void chess_see(const Position *__restrict__ pos, const int2 *__restrict__ moves,
                                     int n, int *__restrict__ see_out)
{
    const int val[6] = {100, 320, 330, 500, 900, 20000};
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Position p = pos[i];
    int from = moves[i].x, to = moves[i].y;
    int gain[32];
    u64 occ = occ_of(p, 0) | occ_of(p, 1);
    int side = p.side;
    int attackerPiece = 0, captured = -1;
    for (int t = 0; t < 6; ++t) {
        if (p.pieces[side][t] >> from & 1) attackerPiece = t;
        if (p.pieces[side ^ 1][t] >> to & 1) captured = t;
    }
    int d = 0;
    gain[0] = captured >= 0 ? val[captured] : 0;
    u64 fromBB = 1ULL << from;
    u64 tobb = 1ULL << to;
    while (fromBB && d < 31) {
        ++d;
        side ^= 1;
        gain[d] = val[attackerPiece] - gain[d - 1];
        if (max(-gain[d - 1], gain[d]) < 0) break;
        occ ^= fromBB;
        // find least valuable attacker of side onto `to`
        fromBB = 0;
        u64 att;
        for (int t = 0; t < 6 && !fromBB; ++t) {
            u64 pcs = p.pieces[side][t] & occ;
            if (!pcs) continue;
            switch (t) {
                case 0: att = pawn_attacks_bb(tobb, side ^ 1) & pcs; break;
                case 1: att = c_knight[to] & pcs; break;
                case 2: att = bishop_att(to, occ) & pcs; break;
                case 3: att = rook_att(to, occ) & pcs; break;
                case 4: att = (bishop_att(to, occ) | rook_att(to, occ)) & pcs; break;
                default: att = c_king[to] & pcs; break;
            }
            if (att) { fromBB = att & (0 - att); attackerPiece = t; }
        }
    }
    while (--d > 0) gain[d - 1] = -max(-gain[d - 1], gain[d]);
    see_out[i] = gain[0];
}
