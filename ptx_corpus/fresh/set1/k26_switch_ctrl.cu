// Complex control flow: switch on opcode, early returns, data dependent while loops
extern "C" __global__ void tiny_vm(const int* __restrict__ code, int code_len, const float* __restrict__ inputs,
                                   float* __restrict__ outputs, int nprog)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= nprog) return;
    float stack[8];
    int sp = 0;
    float x = inputs[p];
    int pc = 0, steps = 0;
    while (pc < code_len && steps < 256) {
        int ins = code[pc];
        int op = ins & 0xff;
        int arg = ins >> 8;
        ++steps;
        switch (op) {
        case 0: if (sp < 8) stack[sp++] = x; break;
        case 1: if (sp < 8) stack[sp++] = (float)arg; break;
        case 2: if (sp >= 2) { stack[sp - 2] += stack[sp - 1]; --sp; } break;
        case 3: if (sp >= 2) { stack[sp - 2] *= stack[sp - 1]; --sp; } break;
        case 4: if (sp >= 1) stack[sp - 1] = sinf(stack[sp - 1]); break;
        case 5: if (sp >= 1) stack[sp - 1] = sqrtf(fabsf(stack[sp - 1])); break;
        case 6: if (sp >= 1 && stack[sp - 1] < 0.f) { pc = arg; continue; } break;
        case 7: pc = arg; continue;
        case 8: if (sp >= 2) { float t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; } break;
        default: outputs[p] = NAN; return;
        }
        ++pc;
    }
    outputs[p] = sp > 0 ? stack[sp - 1] : 0.f;
}

extern "C" __global__ void collatz_steps(const unsigned long long* __restrict__ start, int* __restrict__ steps, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long v = start[i];
    if (v == 0) { steps[i] = -1; return; }
    int s = 0;
    while (v != 1 && s < 100000) {
        if (v & 1) v = 3 * v + 1; else v >>= __ffsll(v) - 1;
        ++s;
    }
    steps[i] = s;
}

extern "C" __global__ void mandelbrot_escape(float* __restrict__ out, int w, int h, float x0, float y0, float dx, float dy, int maxit)
{
    int px = blockIdx.x * blockDim.x + threadIdx.x, py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= w || py >= h) return;
    float cr = x0 + px * dx, ci = y0 + py * dy;
    float zr = 0.f, zi = 0.f;
    int it = 0;
    while (zr * zr + zi * zi < 4.f && it < maxit) {
        float t = zr * zr - zi * zi + cr;
        zi = 2.f * zr * zi + ci; zr = t; ++it;
    }
    float smooth = it < maxit ? it + 1 - __log2f(__logf(sqrtf(zr * zr + zi * zi))) : (float)maxit;
    out[py * w + px] = smooth;
}
