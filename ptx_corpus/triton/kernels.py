"""Triton kernels for the PTX analyzer's corpus (written for Triton 3.6, compiled for sm_90a).

Every kernel here is correct and race-free, and masks each thread-indexed load and store with a
predicate on its offsets (the labels in ../build_corpus.py rely on that). Each entry of LAUNCHES
builds small CUDA tensors and returns (jit function, grid, positional arguments, keyword
arguments); compile_triton.py compiles it for them and launches it once.
"""
import math

import torch
import triton
import triton.language as tl

# ---- element-wise ----


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, x + y, mask=mask)


@triton.jit
def mul_add_fused_kernel(a_ptr, b_ptr, c_ptr, out_ptr, alpha, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0.0)
    b = tl.load(b_ptr + offs, mask=mask, other=0.0)
    c = tl.load(c_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, a * b + alpha * c, mask=mask)


@triton.jit
def gelu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # tanh approximation, tanh(u) written as 2 * sigmoid(2u) - 1
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    u = 0.7978845608028654 * (x + 0.044715 * x * x * x)
    t = 2.0 * tl.sigmoid(2.0 * u) - 1.0
    tl.store(out_ptr + offs, 0.5 * x * (1.0 + t), mask=mask)


@triton.jit
def silu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    tl.store(out_ptr + offs, (x * tl.sigmoid(x)).to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def swiglu_kernel(gate_ptr, up_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mask = cols < n_cols
    g = tl.load(gate_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    u = tl.load(up_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    tl.store(out_ptr + row * stride + cols, (g * tl.sigmoid(g) * u).to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def dropout_kernel(x_ptr, out_ptr, n, p, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    r = tl.rand(seed, offs)
    keep = r > p
    tl.store(out_ptr + offs, tl.where(keep, x / (1.0 - p), 0.0), mask=mask)


@triton.jit
def rope_kernel(x_ptr, cos_ptr, sin_ptr, out_ptr, half, stride_t, HALF: tl.constexpr):
    # x is (tokens, heads, 2 * half); rotates the two halves of every head by the token's angles
    t = tl.program_id(0)
    h = tl.program_id(1)
    d = tl.arange(0, HALF)
    base = t * stride_t + h * (2 * half)
    mask = d < half
    x1 = tl.load(x_ptr + base + d, mask=mask, other=0.0)
    x2 = tl.load(x_ptr + base + half + d, mask=mask, other=0.0)
    c = tl.load(cos_ptr + t * half + d, mask=mask, other=1.0)
    s = tl.load(sin_ptr + t * half + d, mask=mask, other=0.0)
    tl.store(out_ptr + base + d, x1 * c - x2 * s, mask=mask)
    tl.store(out_ptr + base + half + d, x2 * c + x1 * s, mask=mask)


# ---- row-wise ----


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    e = tl.exp(x)
    tl.store(out_ptr + row * stride + cols, e / tl.sum(e, axis=0), mask=mask)


@triton.jit
def online_softmax_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    # one pass for the running max and sum, a second to write
    row = tl.program_id(0)
    m = tl.max(tl.full((BLOCK,), -float("inf"), tl.float32), axis=0)
    s = tl.sum(tl.zeros((BLOCK,), tl.float32), axis=0)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=-float("inf"))
        m_new = tl.maximum(m, tl.max(x, axis=0))
        s = s * tl.exp(m - m_new) + tl.sum(tl.exp(x - m_new), axis=0)
        m = m_new
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0)
        tl.store(out_ptr + row * stride + cols, tl.exp(x - m) / s, mask=mask)


@triton.jit
def log_softmax_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=-float("inf"))
    m = tl.max(x, axis=0)
    lse = m + tl.log(tl.sum(tl.exp(x - m), axis=0))
    tl.store(out_ptr + row * stride + cols, x - lse, mask=mask)


@triton.jit
def layernorm_kernel(x_ptr, w_ptr, b_ptr, out_ptr, n_cols, stride, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / n_cols
    d = tl.where(mask, x - mean, 0.0)
    var = tl.sum(d * d, axis=0) / n_cols
    w = tl.load(w_ptr + cols, mask=mask, other=1.0)
    b = tl.load(b_ptr + cols, mask=mask, other=0.0)
    tl.store(out_ptr + row * stride + cols, d * tl.rsqrt(var + eps) * w + b, mask=mask)


@triton.jit
def rmsnorm_kernel(x_ptr, w_ptr, out_ptr, n_cols, stride, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    r = tl.rsqrt(tl.sum(x * x, axis=0) / n_cols + eps)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0)
    tl.store(out_ptr + row * stride + cols, (x * r * w).to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def sum_rows_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=0.0)
    tl.store(out_ptr + row, tl.sum(acc, axis=0))


@triton.jit
def max_rows_kernel(x_ptr, out_ptr, n_rows, n_cols, stride, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    # a block of rows per program, reduced along the columns
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    cols = tl.arange(0, BLOCK_C)
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    x = tl.load(x_ptr + rows[:, None] * stride + cols[None, :], mask=mask, other=-float("inf"))
    tl.store(out_ptr + rows, tl.max(x, axis=1), mask=rows < n_rows)


@triton.jit
def cross_entropy_kernel(logits_ptr, target_ptr, loss_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(logits_ptr + row * stride + cols, mask=mask, other=-float("inf")).to(tl.float32)
    m = tl.max(x, axis=0)
    lse = m + tl.log(tl.sum(tl.exp(x - m), axis=0))
    target = tl.load(target_ptr + row)
    picked = tl.load(logits_ptr + row * stride + target).to(tl.float32)
    tl.store(loss_ptr + row, lse - picked)


# ---- matrix products ----


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr):
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    group = GROUP_M * num_n
    first_m = (pid // group) * GROUP_M
    size_m = min(num_m - first_m, GROUP_M)
    pid_m = first_m + (pid % group) % size_m
    pid_n = (pid % group) // size_m
    offs_m = pid_m * BM + tl.arange(0, BM)
    offs_n = pid_n * BN + tl.arange(0, BN)
    offs_k = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + offs_m[:, None] * stride_am + (k + offs_k)[None, :] * stride_ak,
                    mask=(offs_m[:, None] < M) & ((k + offs_k)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + offs_k)[:, None] * stride_bk + offs_n[None, :] * stride_bn,
                    mask=((k + offs_k)[:, None] < K) & (offs_n[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    c_mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    tl.store(c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn,
             acc.to(c_ptr.dtype.element_ty), mask=c_mask)


@triton.jit
def batched_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_ab, stride_bb, stride_cb,
                          BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # contiguous (B, M, K) x (B, K, N) -> (B, M, N); the batch is grid axis 2
    bid = tl.program_id(2)
    offs_m = tl.program_id(0) * BM + tl.arange(0, BM)
    offs_n = tl.program_id(1) * BN + tl.arange(0, BN)
    offs_k = tl.arange(0, BK)
    a_ptr += bid * stride_ab
    b_ptr += bid * stride_bb
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + offs_m[:, None] * K + (k + offs_k)[None, :],
                    mask=(offs_m[:, None] < M) & ((k + offs_k)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + offs_k)[:, None] * N + offs_n[None, :],
                    mask=((k + offs_k)[:, None] < K) & (offs_n[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    tl.store(c_ptr + bid * stride_cb + offs_m[:, None] * N + offs_n[None, :], acc.to(c_ptr.dtype.element_ty),
             mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


@triton.jit
def int8_dequant_matmul_kernel(a_ptr, w_ptr, scale_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                               BK: tl.constexpr):
    # fp16 activations (M, K) times int8 weights (K, N) with one fp16 scale per output column
    offs_m = tl.program_id(0) * BM + tl.arange(0, BM)
    offs_n = tl.program_id(1) * BN + tl.arange(0, BN)
    offs_k = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + offs_m[:, None] * K + (k + offs_k)[None, :],
                    mask=(offs_m[:, None] < M) & ((k + offs_k)[None, :] < K), other=0.0)
        w = tl.load(w_ptr + (k + offs_k)[:, None] * N + offs_n[None, :],
                    mask=((k + offs_k)[:, None] < K) & (offs_n[None, :] < N), other=0)
        acc += tl.dot(a, w.to(tl.float16))
    scale = tl.load(scale_ptr + offs_n, mask=offs_n < N, other=0.0).to(tl.float32)
    tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], (acc * scale[None, :]).to(tl.float16),
             mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


@triton.jit
def flash_attention_fwd_kernel(q_ptr, k_ptr, v_ptr, o_ptr, seq_len, sm_scale, stride_bh,
                               BM: tl.constexpr, BN: tl.constexpr, D: tl.constexpr):
    # (batch * heads, seq, D) contiguous; non-causal; online softmax over key blocks
    bh = tl.program_id(1)
    offs_m = tl.program_id(0) * BM + tl.arange(0, BM)
    offs_d = tl.arange(0, D)
    base = bh * stride_bh
    q = tl.load(q_ptr + base + offs_m[:, None] * D + offs_d[None, :], mask=offs_m[:, None] < seq_len, other=0.0)
    m_i = tl.full((BM,), -float("inf"), dtype=tl.float32)
    l_i = tl.zeros((BM,), dtype=tl.float32)
    acc = tl.zeros((BM, D), dtype=tl.float32)
    for start in range(0, seq_len, BN):
        offs_n = start + tl.arange(0, BN)
        kmask = offs_n[:, None] < seq_len
        k = tl.load(k_ptr + base + offs_n[:, None] * D + offs_d[None, :], mask=kmask, other=0.0)
        v = tl.load(v_ptr + base + offs_n[:, None] * D + offs_d[None, :], mask=kmask, other=0.0)
        s = tl.dot(q, tl.trans(k)) * sm_scale
        s = tl.where(offs_n[None, :] < seq_len, s, -float("inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        alpha = tl.exp(m_i - m_new)
        p = tl.exp(s - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, axis=1)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v)
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(o_ptr + base + offs_m[:, None] * D + offs_d[None, :], out.to(o_ptr.dtype.element_ty),
             mask=offs_m[:, None] < seq_len)


@triton.jit
def persistent_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, NUM_SMS: tl.constexpr, BM: tl.constexpr,
                             BN: tl.constexpr, BK: tl.constexpr):
    # a fixed grid of NUM_SMS programs walks the output tiles; row-major fp16 inputs
    num_n = tl.cdiv(N, BN)
    num_tiles = tl.cdiv(M, BM) * num_n
    for tile in range(tl.program_id(0), num_tiles, NUM_SMS):
        offs_m = (tile // num_n) * BM + tl.arange(0, BM)
        offs_n = (tile % num_n) * BN + tl.arange(0, BN)
        offs_k = tl.arange(0, BK)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, K, BK):
            a = tl.load(a_ptr + offs_m[:, None] * K + (k + offs_k)[None, :],
                        mask=(offs_m[:, None] < M) & ((k + offs_k)[None, :] < K), other=0.0)
            b = tl.load(b_ptr + (k + offs_k)[:, None] * N + offs_n[None, :],
                        mask=((k + offs_k)[:, None] < K) & (offs_n[None, :] < N), other=0.0)
            acc += tl.dot(a, b)
        tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], acc.to(tl.float16),
                 mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


@triton.jit
def tma_matmul_kernel(a_desc, b_desc, c_desc, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # operands through host-built TMA tensor descriptors (TensorDescriptor.from_tensor); B is (N, K)
    off_m = tl.program_id(0) * BM
    off_n = tl.program_id(1) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = a_desc.load([off_m, k])
        b = b_desc.load([off_n, k])
        acc += tl.dot(a, tl.trans(b))
    c_desc.store([off_m, off_n], acc.to(tl.float16))


# ---- data movement ----


@triton.jit
def transpose_kernel(x_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    offs_m = tl.program_id(0) * BM + tl.arange(0, BM)
    offs_n = tl.program_id(1) * BN + tl.arange(0, BN)
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    x = tl.load(x_ptr + offs_m[:, None] * N + offs_n[None, :], mask=mask, other=0.0)
    tl.store(y_ptr + offs_n[:, None] * M + offs_m[None, :], tl.trans(x), mask=tl.trans(mask))


@triton.jit
def embedding_gather_kernel(ids_ptr, table_ptr, out_ptr, dim, BLOCK: tl.constexpr):
    tok = tl.program_id(0)
    idx = tl.load(ids_ptr + tok)
    cols = tl.arange(0, BLOCK)
    mask = cols < dim
    row = tl.load(table_ptr + idx * dim + cols, mask=mask, other=0.0)
    tl.store(out_ptr + tok * dim + cols, row, mask=mask)


# ---- launch specs: small tensors; compile_triton.py compiles, then launches each once ----


def _f32(*shape):
    return torch.randn(*shape, device="cuda", dtype=torch.float32)


def _f16(*shape):
    return torch.randn(*shape, device="cuda", dtype=torch.float16)


def launch_add():
    n = 5000
    x, y, out = _f32(n), _f32(n), torch.empty(n, device="cuda")
    return (add_kernel, (triton.cdiv(n, 1024),),
            (x, y, out, n),
            dict(BLOCK=1024, num_warps=4))


def launch_mul_add_fused():
    n = 5000
    a, b, c, out = _f32(n), _f32(n), _f32(n), torch.empty(n, device="cuda")
    return (mul_add_fused_kernel, (triton.cdiv(n, 1024),),
            (a, b, c, out, 0.5, n),
            dict(BLOCK=1024, num_warps=4))


def launch_gelu():
    n = 5000
    x, out = _f32(n), torch.empty(n, device="cuda")
    return (gelu_kernel, (triton.cdiv(n, 1024),),
            (x, out, n),
            dict(BLOCK=1024, num_warps=4))


def launch_silu():
    n = 5000
    x = _f16(n)
    out = torch.empty_like(x)
    return (silu_kernel, (triton.cdiv(n, 2048),),
            (x, out, n),
            dict(BLOCK=2048, num_warps=8))


def launch_swiglu():
    rows, cols = 16, 1000
    g, u = _f16(rows, cols), _f16(rows, cols)
    out = torch.empty_like(g)
    return (swiglu_kernel, (rows, triton.cdiv(cols, 512)),
            (g, u, out, cols, g.stride(0)),
            dict(BLOCK=512, num_warps=4))


def launch_dropout():
    n = 5000
    x, out = _f32(n), torch.empty(n, device="cuda")
    return (dropout_kernel, (triton.cdiv(n, 1024),),
            (x, out, n, 0.1, 1234),
            dict(BLOCK=1024, num_warps=4))


def launch_rope():
    tokens, heads, half = 8, 4, 32
    x = _f32(tokens, heads, 2 * half)
    ang = torch.rand(tokens, half, device="cuda")
    out = torch.empty_like(x)
    return (rope_kernel, (tokens, heads),
            (x, torch.cos(ang), torch.sin(ang), out, half, x.stride(0)),
            dict(HALF=half, num_warps=1))


def launch_softmax():
    rows, cols = 32, 1000
    x = _f32(rows, cols)
    out = torch.empty_like(x)
    return (softmax_kernel, (rows,),
            (x, out, cols, x.stride(0)),
            dict(BLOCK=1024, num_warps=4))


def launch_online_softmax():
    rows, cols = 8, 5000
    x = _f32(rows, cols)
    out = torch.empty_like(x)
    return (online_softmax_kernel, (rows,),
            (x, out, cols, x.stride(0)),
            dict(BLOCK=1024, num_warps=4))


def launch_log_softmax():
    rows, cols = 32, 700
    x = _f32(rows, cols)
    out = torch.empty_like(x)
    return (log_softmax_kernel, (rows,),
            (x, out, cols, x.stride(0)),
            dict(BLOCK=1024, num_warps=8))


def launch_layernorm():
    rows, cols = 32, 768
    x, w, b = _f32(rows, cols), _f32(cols), _f32(cols)
    out = torch.empty_like(x)
    return (layernorm_kernel, (rows,),
            (x, w, b, out, cols, x.stride(0), 1e-5),
            dict(BLOCK=1024, num_warps=4))


def launch_rmsnorm():
    rows, cols = 32, 1000
    x = _f16(rows, cols)
    w = _f16(cols)
    out = torch.empty_like(x)
    return (rmsnorm_kernel, (rows,),
            (x, w, out, cols, x.stride(0), 1e-6),
            dict(BLOCK=1024, num_warps=4))


def launch_sum_rows():
    rows, cols = 16, 3000
    x = _f32(rows, cols)
    out = torch.empty(rows, device="cuda")
    return (sum_rows_kernel, (rows,),
            (x, out, cols, x.stride(0)),
            dict(BLOCK=512, num_warps=4))


def launch_max_rows():
    rows, cols = 100, 60
    x = _f32(rows, cols)
    out = torch.empty(rows, device="cuda")
    return (max_rows_kernel, (triton.cdiv(rows, 16),),
            (x, out, rows, cols, x.stride(0)),
            dict(BLOCK_R=16, BLOCK_C=64, num_warps=4))


def launch_cross_entropy():
    rows, cols = 16, 1000
    logits = _f16(rows, cols)
    target = torch.randint(0, cols, (rows,), device="cuda", dtype=torch.int64)
    loss = torch.empty(rows, device="cuda")
    return (cross_entropy_kernel, (rows,),
            (logits, target, loss, cols, logits.stride(0)),
            dict(BLOCK=1024, num_warps=4))


def _matmul(bm, bn, bk, dtype, warps, stages):
    M, N, K = 200, 192, 160
    a = torch.randn(M, K, device="cuda", dtype=dtype)
    b = torch.randn(K, N, device="cuda", dtype=dtype)
    c = torch.empty(M, N, device="cuda", dtype=torch.float32 if dtype == torch.float32 else torch.float16)
    grid = (triton.cdiv(M, bm) * triton.cdiv(N, bn),)
    return (matmul_kernel, grid,
            (a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1)),
            dict(BM=bm, BN=bn, BK=bk, GROUP_M=4, num_warps=warps, num_stages=stages))


def launch_matmul_64x64x32():
    return _matmul(64, 64, 32, torch.float16, 4, 3)


def launch_matmul_128x128x32():
    return _matmul(128, 128, 32, torch.float16, 8, 3)


def launch_matmul_128x64x64():
    return _matmul(128, 64, 64, torch.float16, 4, 2)


def launch_matmul_tf32():
    # fp32 inputs (tf32 tensor cores), fp32 output
    return _matmul(64, 64, 32, torch.float32, 4, 2)


def launch_batched_matmul():
    B, M, N, K = 3, 96, 80, 64
    a, b = _f16(B, M, K), _f16(B, K, N)
    c = torch.empty(B, M, N, device="cuda", dtype=torch.float16)
    grid = (triton.cdiv(M, 64), triton.cdiv(N, 64), B)
    return (batched_matmul_kernel, grid,
            (a, b, c, M, N, K, a.stride(0), b.stride(0), c.stride(0)),
            dict(BM=64, BN=64, BK=32, num_warps=4, num_stages=2))


def launch_int8_dequant_matmul():
    M, N, K = 64, 128, 256
    a = _f16(M, K)
    w = torch.randint(-127, 128, (K, N), device="cuda", dtype=torch.int8)
    scale = torch.rand(N, device="cuda", dtype=torch.float16)
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    grid = (triton.cdiv(M, 64), triton.cdiv(N, 64))
    return (int8_dequant_matmul_kernel, grid,
            (a, w, scale, c, M, N, K),
            dict(BM=64, BN=64, BK=64, num_warps=4, num_stages=2))


def launch_flash_attention_fwd():
    bh, seq, d = 4, 200, 64
    q, k, v = _f16(bh, seq, d), _f16(bh, seq, d), _f16(bh, seq, d)
    o = torch.empty_like(q)
    grid = (triton.cdiv(seq, 64), bh)
    return (flash_attention_fwd_kernel, grid,
            (q, k, v, o, seq, 1.0 / math.sqrt(d), q.stride(0)),
            dict(BM=64, BN=64, D=d, num_warps=4, num_stages=2))


def launch_persistent_matmul():
    M, N, K = 256, 256, 128
    a, b = _f16(M, K), _f16(K, N)
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    tiles = triton.cdiv(M, 64) * triton.cdiv(N, 64)
    return (persistent_matmul_kernel, (min(sms, tiles),),
            (a, b, c, M, N, K),
            dict(NUM_SMS=min(sms, tiles), BM=64, BN=64, BK=32, num_warps=4, num_stages=3))


def launch_tma_matmul():
    from triton.tools.tensor_descriptor import TensorDescriptor
    M, N, K = 256, 128, 128
    a, b = _f16(M, K), _f16(N, K)
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    bm, bn, bk = 128, 64, 64
    a_desc = TensorDescriptor.from_tensor(a, [bm, bk])
    b_desc = TensorDescriptor.from_tensor(b, [bn, bk])
    c_desc = TensorDescriptor.from_tensor(c, [bm, bn])
    return (tma_matmul_kernel, (M // bm, N // bn),
            (a_desc, b_desc, c_desc, K),
            dict(BM=bm, BN=bn, BK=bk, num_warps=4, num_stages=3))


def launch_transpose():
    M, N = 100, 130
    x = _f32(M, N)
    y = torch.empty(N, M, device="cuda")
    return (transpose_kernel, (triton.cdiv(M, 32), triton.cdiv(N, 32)),
            (x, y, M, N),
            dict(BM=32, BN=32, num_warps=4))


def launch_embedding_gather():
    vocab, dim, tokens = 1000, 300, 24
    table = _f32(vocab, dim)
    ids = torch.randint(0, vocab, (tokens,), device="cuda", dtype=torch.int64)
    out = torch.empty(tokens, dim, device="cuda")
    return (embedding_gather_kernel, (tokens,),
            (ids, table, out, dim),
            dict(BLOCK=512, num_warps=4))


# name -> (launch spec, the @triton.jit kernel); the names match TRITON_KERNELS in build_corpus.py
LAUNCHES = {
    "add": (launch_add, add_kernel),
    "mul_add_fused": (launch_mul_add_fused, mul_add_fused_kernel),
    "gelu": (launch_gelu, gelu_kernel),
    "silu": (launch_silu, silu_kernel),
    "swiglu": (launch_swiglu, swiglu_kernel),
    "dropout": (launch_dropout, dropout_kernel),
    "rope": (launch_rope, rope_kernel),
    "softmax": (launch_softmax, softmax_kernel),
    "online_softmax": (launch_online_softmax, online_softmax_kernel),
    "log_softmax": (launch_log_softmax, log_softmax_kernel),
    "layernorm": (launch_layernorm, layernorm_kernel),
    "rmsnorm": (launch_rmsnorm, rmsnorm_kernel),
    "sum_rows": (launch_sum_rows, sum_rows_kernel),
    "max_rows": (launch_max_rows, max_rows_kernel),
    "cross_entropy": (launch_cross_entropy, cross_entropy_kernel),
    "matmul_64x64x32": (launch_matmul_64x64x32, matmul_kernel),
    "matmul_128x128x32": (launch_matmul_128x128x32, matmul_kernel),
    "matmul_128x64x64": (launch_matmul_128x64x64, matmul_kernel),
    "matmul_tf32": (launch_matmul_tf32, matmul_kernel),
    "batched_matmul": (launch_batched_matmul, batched_matmul_kernel),
    "int8_dequant_matmul": (launch_int8_dequant_matmul, int8_dequant_matmul_kernel),
    "flash_attention_fwd": (launch_flash_attention_fwd, flash_attention_fwd_kernel),
    "persistent_matmul": (launch_persistent_matmul, persistent_matmul_kernel),
    "transpose": (launch_transpose, transpose_kernel),
    "embedding_gather": (launch_embedding_gather, embedding_gather_kernel),
    # last: the one most likely to fail on a given Triton build (host tensor descriptors)
    "tma_matmul": (launch_tma_matmul, tma_matmul_kernel),
}
