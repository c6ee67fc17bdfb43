// Regular-expression matching over a column of log lines.
//  * bit-parallel Shift-And (Glushkov NFA up to 64 positions) with char classes
//  * generic Thompson NFA simulation with epsilon closure (sets in local mem)
//  * table-driven DFA with the transition table cached in shared memory
#include <stdint.h>

// Shift-And: masks[c] has bit j set if position j accepts char c.
// loop_mask marks positions with a Kleene star (self-loop), used to support
// patterns such as "ab*c" in the Glushkov construction restricted to
// single-position loops.
extern "C" __global__ void regex_shift_and(const unsigned char* __restrict__ text,
                                           const int* __restrict__ line_offsets,
                                           int num_lines,
                                           const unsigned long long* __restrict__ char_masks,  // [256]
                                           unsigned long long loop_mask,
                                           unsigned long long optional_mask,
                                           int pattern_len,
                                           int anchored_start,
                                           int* __restrict__ match_pos)
{
    __shared__ unsigned long long s_masks[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) s_masks[i] = char_masks[i];
    __syncthreads();

    int line = blockIdx.x * blockDim.x + threadIdx.x;
    if (line >= num_lines) return;
    int b = line_offsets[line], e = line_offsets[line + 1];
    unsigned long long accept = 1ull << (pattern_len - 1);
    unsigned long long D = 0;
    int found = -1;
    for (int p = b; p < e; ++p) {
        unsigned long long m = s_masks[text[p]];
        unsigned long long init = (anchored_start && p != b) ? 0ull : 1ull;
        unsigned long long next = ((D << 1) | init) & m;
        next |= D & loop_mask & m;                      // stay on starred positions
        // epsilon skip over optional positions (x? / x*): propagate forward
        unsigned long long eps = next;
        for (int it = 0; it < 4; ++it) {
            unsigned long long adv = (eps & optional_mask) << 1;
            if ((adv & ~eps) == 0) break;
            eps |= adv;
        }
        D = eps;
        if (D & accept) { found = p - b; break; }
    }
    match_pos[line] = found;
}

#define NFA_MAX_STATES 128
#define NFA_WORDS (NFA_MAX_STATES / 32)

// Thompson NFA: state s has either a char-range transition
// (lo[s]..hi[s] -> out1[s]) or epsilon edges to out1/out2 (type 1),
// or is the accept state (type 2).
struct NfaProgram {
    const unsigned char* type;
    const unsigned char* lo;
    const unsigned char* hi;
    const short* out1;
    const short* out2;
    int start;
    int num_states;
};

__device__ void nfa_add_closure(const NfaProgram& prog, unsigned int* set, int s, short* stack)
{
    int sp = 0;
    stack[sp++] = (short)s;
    while (sp > 0) {
        int st = stack[--sp];
        unsigned int bit = 1u << (st & 31);
        if (set[st >> 5] & bit) continue;
        set[st >> 5] |= bit;
        if (prog.type[st] == 1) {
            short a = prog.out1[st], c = prog.out2[st];
            if (a >= 0 && sp < NFA_MAX_STATES) stack[sp++] = a;
            if (c >= 0 && sp < NFA_MAX_STATES) stack[sp++] = c;
        }
    }
}

extern "C" __global__ void regex_thompson_nfa(const unsigned char* __restrict__ text,
                                              const int* __restrict__ rec_offsets,
                                              int num_records,
                                              NfaProgram prog,
                                              int* __restrict__ match_end,
                                              int* __restrict__ match_count)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= num_records) return;
    unsigned int cur[NFA_WORDS], nxt[NFA_WORDS];
    short stack[NFA_MAX_STATES];
#pragma unroll
    for (int w = 0; w < NFA_WORDS; ++w) cur[w] = 0;
    nfa_add_closure(prog, cur, prog.start, stack);

    int b = rec_offsets[r], e = rec_offsets[r + 1];
    int last = -1, count = 0;
    for (int p = b; p <= e; ++p) {
        // check acceptance
        bool acc = false;
        for (int w = 0; w < NFA_WORDS && !acc; ++w) {
            unsigned int bits = cur[w];
            while (bits) {
                int s = (w << 5) + __ffs(bits) - 1;
                bits &= bits - 1;
                if (prog.type[s] == 2) { acc = true; break; }
            }
        }
        if (acc) { last = p - b; ++count; }
        if (p == e) break;
        unsigned char c = text[p];
#pragma unroll
        for (int w = 0; w < NFA_WORDS; ++w) nxt[w] = 0;
        for (int w = 0; w < NFA_WORDS; ++w) {
            unsigned int bits = cur[w];
            while (bits) {
                int s = (w << 5) + __ffs(bits) - 1;
                bits &= bits - 1;
                if (prog.type[s] == 0 && c >= prog.lo[s] && c <= prog.hi[s]) {
                    nfa_add_closure(prog, nxt, prog.out1[s], stack);
                }
            }
        }
        // unanchored search: restart from the start state every position
        nfa_add_closure(prog, nxt, prog.start, stack);
#pragma unroll
        for (int w = 0; w < NFA_WORDS; ++w) cur[w] = nxt[w];
    }
    match_end[r] = last;
    if (count) atomicAdd(match_count, 1);
}

// DFA with up to 64 states; table[state*256 + byte] -> next state, bit 7 of
// the entry marks an accepting target. Whole table goes to shared memory.
extern "C" __global__ void __launch_bounds__(128, 8)
regex_dfa_count(const unsigned char* __restrict__ text,
                const long long* __restrict__ rec_offsets,
                int num_records,
                const unsigned char* __restrict__ dfa_table,
                int num_states,
                unsigned int* __restrict__ matches_per_record)
{
    __shared__ unsigned char s_table[64 * 256];
    int n = num_states * 256;
    for (int i = threadIdx.x * 4; i < n; i += blockDim.x * 4)
        *reinterpret_cast<unsigned int*>(&s_table[i]) = *reinterpret_cast<const unsigned int*>(&dfa_table[i]);
    __syncthreads();

    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= num_records) return;
    long long b = rec_offsets[r], e = rec_offsets[r + 1];
    unsigned int state = 0, hits = 0;
    long long p = b;
    // aligned 4-byte reads when possible
    while (p < e && (p & 3)) {
        unsigned char nx = s_table[(state << 8) | text[p++]];
        hits += nx >> 7; state = nx & 0x7f;
    }
    for (; p + 4 <= e; p += 4) {
        unsigned int w = *reinterpret_cast<const unsigned int*>(text + p);
#pragma unroll
        for (int k = 0; k < 4; ++k) {
            unsigned char nx = s_table[(state << 8) | ((w >> (8 * k)) & 0xFF)];
            hits += nx >> 7;
            state = nx & 0x7f;
        }
    }
    for (; p < e; ++p) {
        unsigned char nx = s_table[(state << 8) | text[p]];
        hits += nx >> 7; state = nx & 0x7f;
    }
    matches_per_record[r] = hits;
}
