/* The CUDA names the corpus kernels use, for clang's NVPTX back end without the CUDA headers
 * (clang 14 cannot read CUDA 13's): qualifiers, the thread indices, barriers, shuffles, votes,
 * atomics and a few math functions, each mapped to clang's NVVM builtins.
 * Used by check_llvm.py: clang -x cuda --cuda-device-only -nocudainc -nocudalib -include cuda_shim.h */
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __constant__ __attribute__((constant))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __restrict__ __restrict
typedef unsigned long size_t;
struct __tn_dim3 { unsigned x, y, z; };
struct __tn_tid { __device__ unsigned get_x() const { return __nvvm_read_ptx_sreg_tid_x(); } __declspec(property(get = get_x)) unsigned x;
  __device__ unsigned get_y() const { return __nvvm_read_ptx_sreg_tid_y(); } __declspec(property(get = get_y)) unsigned y;
  __device__ unsigned get_z() const { return __nvvm_read_ptx_sreg_tid_z(); } __declspec(property(get = get_z)) unsigned z; };
struct __tn_ctaid { __device__ unsigned get_x() const { return __nvvm_read_ptx_sreg_ctaid_x(); } __declspec(property(get = get_x)) unsigned x;
  __device__ unsigned get_y() const { return __nvvm_read_ptx_sreg_ctaid_y(); } __declspec(property(get = get_y)) unsigned y;
  __device__ unsigned get_z() const { return __nvvm_read_ptx_sreg_ctaid_z(); } __declspec(property(get = get_z)) unsigned z; };
struct __tn_ntid { __device__ unsigned get_x() const { return __nvvm_read_ptx_sreg_ntid_x(); } __declspec(property(get = get_x)) unsigned x;
  __device__ unsigned get_y() const { return __nvvm_read_ptx_sreg_ntid_y(); } __declspec(property(get = get_y)) unsigned y;
  __device__ unsigned get_z() const { return __nvvm_read_ptx_sreg_ntid_z(); } __declspec(property(get = get_z)) unsigned z; };
struct __tn_nctaid { __device__ unsigned get_x() const { return __nvvm_read_ptx_sreg_nctaid_x(); } __declspec(property(get = get_x)) unsigned x;
  __device__ unsigned get_y() const { return __nvvm_read_ptx_sreg_nctaid_y(); } __declspec(property(get = get_y)) unsigned y; };
extern const __device__ __tn_tid threadIdx; extern const __device__ __tn_ctaid blockIdx;
extern const __device__ __tn_ntid blockDim; extern const __device__ __tn_nctaid gridDim;
#define warpSize 32
#define __syncthreads() __nvvm_bar_sync(0)
#define __syncwarp(...) __nvvm_bar_warp_sync(0xffffffffu)
static __device__ __inline__ float __shfl_xor_sync(unsigned m, float v, int l, int w = 32) { return __nvvm_shfl_sync_bfly_f32(m, v, l, ((32 - w) << 8) | 0x1f); }
static __device__ __inline__ int __shfl_xor_sync(unsigned m, int v, int l, int w = 32) { return __nvvm_shfl_sync_bfly_i32(m, v, l, ((32 - w) << 8) | 0x1f); }
static __device__ __inline__ float __shfl_down_sync(unsigned m, float v, unsigned d, int w = 32) { return __nvvm_shfl_sync_down_f32(m, v, d, ((32 - w) << 8) | 0x1f); }
static __device__ __inline__ int __shfl_down_sync(unsigned m, int v, unsigned d, int w = 32) { return __nvvm_shfl_sync_down_i32(m, v, d, ((32 - w) << 8) | 0x1f); }
static __device__ __inline__ float __shfl_up_sync(unsigned m, float v, unsigned d, int w = 32) { return __nvvm_shfl_sync_up_f32(m, v, d, ((32 - w) << 8)); }
static __device__ __inline__ int __shfl_up_sync(unsigned m, int v, unsigned d, int w = 32) { return __nvvm_shfl_sync_up_i32(m, v, d, ((32 - w) << 8)); }
static __device__ __inline__ float __shfl_sync(unsigned m, float v, int s, int w = 32) { return __nvvm_shfl_sync_idx_f32(m, v, s, ((32 - w) << 8) | 0x1f); }
static __device__ __inline__ int __shfl_sync(unsigned m, int v, int s, int w = 32) { return __nvvm_shfl_sync_idx_i32(m, v, s, ((32 - w) << 8) | 0x1f); }
static __device__ __inline__ float atomicAdd(float *p, float v) { return __nvvm_atom_add_gen_f(p, v); }
static __device__ __inline__ int atomicAdd(int *p, int v) { return __nvvm_atom_add_gen_i(p, v); }
static __device__ __inline__ unsigned atomicAdd(unsigned *p, unsigned v) { return (unsigned)__nvvm_atom_add_gen_i((int *)p, (int)v); }
static __device__ __inline__ float fmaxf(float a, float b) { return __builtin_fmaxf(a, b); }
static __device__ __inline__ float fminf(float a, float b) { return __builtin_fminf(a, b); }
static __device__ __inline__ float sqrtf(float a) { return __builtin_sqrtf(a); }
static __device__ __inline__ float fabsf(float a) { return __builtin_fabsf(a); }
static __device__ __inline__ float __expf(float a) { return __nvvm_ex2_approx_f(a * 1.4426950408889634f); }
static __device__ __inline__ float expf(float a) { return __nvvm_ex2_approx_f(a * 1.4426950408889634f); }
static __device__ __inline__ unsigned __ballot_sync(unsigned m, int p) { return __nvvm_vote_ballot_sync(m, p); }
static __device__ __inline__ int __popc(unsigned x) { return __builtin_popcount(x); }
static __device__ __inline__ float rsqrtf(float a) { return __nvvm_rsqrt_approx_f(a); }
#define __noinline__ __attribute__((noinline))
struct __attribute__((aligned(16))) float4 { float x, y, z, w; };
struct __attribute__((aligned(8))) float2 { float x, y; };
struct __attribute__((aligned(16))) uint4 { unsigned x, y, z, w; };
struct __attribute__((aligned(16))) int4 { int x, y, z, w; };
struct __attribute__((aligned(8))) uint2 { unsigned x, y; };
static __device__ __inline__ unsigned __shfl_xor_sync(unsigned m, unsigned v, int l, int w = 32) { return (unsigned)__nvvm_shfl_sync_bfly_i32(m, (int)v, l, ((32 - w) << 8) | 0x1f); }
static __device__ __inline__ unsigned __shfl_down_sync(unsigned m, unsigned v, unsigned d, int w = 32) { return (unsigned)__nvvm_shfl_sync_down_i32(m, (int)v, d, ((32 - w) << 8) | 0x1f); }
static __device__ __inline__ unsigned __shfl_sync(unsigned m, unsigned v, int s, int w = 32) { return (unsigned)__nvvm_shfl_sync_idx_i32(m, (int)v, s, ((32 - w) << 8) | 0x1f); }
static __device__ __inline__ float __ldg(const float *p) { return __nvvm_ldg_f(p); }
static __device__ __inline__ int __ldg(const int *p) { return __nvvm_ldg_i(p); }
static __device__ __inline__ unsigned __ldg(const unsigned *p) { return (unsigned)__nvvm_ldg_i((const int *)p); }
static __device__ __inline__ unsigned __brev(unsigned x) { return __builtin_bitreverse32(x); }
static __device__ __inline__ float fmaf(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
static __device__ __inline__ int min(int a, int b) { return a < b ? a : b; }
static __device__ __inline__ int max(int a, int b) { return a > b ? a : b; }
static __device__ __inline__ unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
static __device__ __inline__ unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }
static __device__ __inline__ int __all_sync(unsigned m, int p) { return __nvvm_vote_all_sync(m, p); }
static __device__ __inline__ int __any_sync(unsigned m, int p) { return __nvvm_vote_any_sync(m, p); }
static __device__ __inline__ unsigned __match_any_sync(unsigned m, unsigned v) { return __nvvm_match_any_sync_i32(m, v); }
static __device__ __inline__ size_t __cvta_generic_to_shared(const void *p) { return (size_t)(__attribute__((address_space(3))) const char *)p; }
#define __align__(n) __attribute__((aligned(n)))
static __device__ __inline__ double __ldg(const double *p) { return __nvvm_ldg_d(p); }
static __device__ __inline__ float4 __ldg(const float4 *p) { return *p; }
static __device__ __inline__ float4 make_float4(float x, float y, float z, float w) { float4 r = {x, y, z, w}; return r; }
static __device__ __inline__ uint4 make_uint4(unsigned x, unsigned y, unsigned z, unsigned w) { uint4 r = {x, y, z, w}; return r; }
static __device__ __inline__ void __sincosf(float a, float *s, float *c) { *s = __nvvm_sin_approx_f(a); *c = __nvvm_cos_approx_f(a); }
static __device__ __inline__ int __ffs(int x) { return __builtin_ffs(x); }
