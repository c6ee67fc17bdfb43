// k25_fem_assembly.cu
// Physics/engineering: finite element assembly for linear elasticity.
//  - tet4_stiffness_assemble:   linear tetrahedron 12x12 element stiffness (B^T D B V), scattered
//                               into a CSR global matrix with atomics via a precomputed map
//  - hex8_stiffness_lb:         trilinear hexahedron 24x24 stiffness with 2x2x2 Gauss quadrature,
//                               upper triangle accumulated in registers, __launch_bounds__(256, 4)
//  - tri3_mass_lumped:          lumped mass for linear triangles (small)
//  - tet4_strain_stress:        post-processing: element strain and von Mises stress

extern "C" __global__ void tet4_stiffness_assemble(const float* __restrict__ xyz, const int4* __restrict__ conn,
                                                   const int* __restrict__ csrMap /* 144 per element */,
                                                   float E, float nu, int nElem, float* __restrict__ Kval)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= nElem) return;
    int4 c = conn[e];
    int nd[4] = {c.x, c.y, c.z, c.w};
    float X[4][3];
#pragma unroll
    for (int a = 0; a < 4; ++a)
#pragma unroll
        for (int d = 0; d < 3; ++d) X[a][d] = xyz[3 * nd[a] + d];
    float J[3][3];
#pragma unroll
    for (int d = 0; d < 3; ++d) { J[0][d] = X[1][d] - X[0][d]; J[1][d] = X[2][d] - X[0][d]; J[2][d] = X[3][d] - X[0][d]; }
    float det = J[0][0] * (J[1][1] * J[2][2] - J[1][2] * J[2][1]) - J[0][1] * (J[1][0] * J[2][2] - J[1][2] * J[2][0]) +
                J[0][2] * (J[1][0] * J[2][1] - J[1][1] * J[2][0]);
    float id = 1.f / det;
    float Ji[3][3];
    Ji[0][0] = (J[1][1] * J[2][2] - J[1][2] * J[2][1]) * id; Ji[0][1] = (J[0][2] * J[2][1] - J[0][1] * J[2][2]) * id;
    Ji[0][2] = (J[0][1] * J[1][2] - J[0][2] * J[1][1]) * id; Ji[1][0] = (J[1][2] * J[2][0] - J[1][0] * J[2][2]) * id;
    Ji[1][1] = (J[0][0] * J[2][2] - J[0][2] * J[2][0]) * id; Ji[1][2] = (J[0][2] * J[1][0] - J[0][0] * J[1][2]) * id;
    Ji[2][0] = (J[1][0] * J[2][1] - J[1][1] * J[2][0]) * id; Ji[2][1] = (J[0][1] * J[2][0] - J[0][0] * J[2][1]) * id;
    Ji[2][2] = (J[0][0] * J[1][1] - J[0][1] * J[1][0]) * id;
    float dN[4][3];
#pragma unroll
    for (int d = 0; d < 3; ++d) {
        dN[1][d] = Ji[d][0]; dN[2][d] = Ji[d][1]; dN[3][d] = Ji[d][2];
        dN[0][d] = -(Ji[d][0] + Ji[d][1] + Ji[d][2]);
    }
    float vol = fabsf(det) / 6.f;
    float lam = E * nu / ((1.f + nu) * (1.f - 2.f * nu)), G = E / (2.f * (1.f + nu));
    const int* map = csrMap + (size_t)e * 144;
#pragma unroll
    for (int a = 0; a < 4; ++a)
#pragma unroll
        for (int b = 0; b < 4; ++b) {
            float ga[3] = {dN[a][0], dN[a][1], dN[a][2]}, gb[3] = {dN[b][0], dN[b][1], dN[b][2]};
            float gg = ga[0] * gb[0] + ga[1] * gb[1] + ga[2] * gb[2];
#pragma unroll
            for (int i = 0; i < 3; ++i)
#pragma unroll
                for (int j = 0; j < 3; ++j) {
                    float k = lam * ga[i] * gb[j] + G * ga[j] * gb[i] + (i == j ? G * gg : 0.f);
                    atomicAdd(&Kval[map[(3 * a + i) * 12 + 3 * b + j]], k * vol);
                }
        }
}

extern "C" __global__ void __launch_bounds__(256, 4)
hex8_stiffness_lb(const float* __restrict__ xyz, const int* __restrict__ conn, float E, float nu, int nElem,
                  float* __restrict__ Ke /* 300 upper-tri entries per element */)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= nElem) return;
    const float xi[8] = {-1, 1, 1, -1, -1, 1, 1, -1}, et[8] = {-1, -1, 1, 1, -1, -1, 1, 1}, ze[8] = {-1, -1, -1, -1, 1, 1, 1, 1};
    float X[8], Y[8], Z[8];
#pragma unroll
    for (int a = 0; a < 8; ++a) { int n = conn[8 * e + a]; X[a] = xyz[3 * n]; Y[a] = xyz[3 * n + 1]; Z[a] = xyz[3 * n + 2]; }
    float lam = E * nu / ((1.f + nu) * (1.f - 2.f * nu)), G = E / (2.f * (1.f + nu));
    float K[300];
#pragma unroll
    for (int i = 0; i < 300; ++i) K[i] = 0.f;
    const float g = 0.57735026919f;
#pragma unroll 1
    for (int qp = 0; qp < 8; ++qp) {
        float qx = (qp & 1) ? g : -g, qy = (qp & 2) ? g : -g, qz = (qp & 4) ? g : -g;
        float dr[8], ds[8], dt[8];
#pragma unroll
        for (int a = 0; a < 8; ++a) {
            dr[a] = 0.125f * xi[a] * (1 + et[a] * qy) * (1 + ze[a] * qz);
            ds[a] = 0.125f * et[a] * (1 + xi[a] * qx) * (1 + ze[a] * qz);
            dt[a] = 0.125f * ze[a] * (1 + xi[a] * qx) * (1 + et[a] * qy);
        }
        float J00 = 0, J01 = 0, J02 = 0, J10 = 0, J11 = 0, J12 = 0, J20 = 0, J21 = 0, J22 = 0;
#pragma unroll
        for (int a = 0; a < 8; ++a) {
            J00 += dr[a] * X[a]; J01 += dr[a] * Y[a]; J02 += dr[a] * Z[a];
            J10 += ds[a] * X[a]; J11 += ds[a] * Y[a]; J12 += ds[a] * Z[a];
            J20 += dt[a] * X[a]; J21 += dt[a] * Y[a]; J22 += dt[a] * Z[a];
        }
        float det = J00 * (J11 * J22 - J12 * J21) - J01 * (J10 * J22 - J12 * J20) + J02 * (J10 * J21 - J11 * J20);
        float id = 1.f / det;
        float I00 = (J11 * J22 - J12 * J21) * id, I01 = (J02 * J21 - J01 * J22) * id, I02 = (J01 * J12 - J02 * J11) * id;
        float I10 = (J12 * J20 - J10 * J22) * id, I11 = (J00 * J22 - J02 * J20) * id, I12 = (J02 * J10 - J00 * J12) * id;
        float I20 = (J10 * J21 - J11 * J20) * id, I21 = (J01 * J20 - J00 * J21) * id, I22 = (J00 * J11 - J01 * J10) * id;
        float gx[8], gy[8], gz[8];
#pragma unroll
        for (int a = 0; a < 8; ++a) {
            gx[a] = I00 * dr[a] + I01 * ds[a] + I02 * dt[a];
            gy[a] = I10 * dr[a] + I11 * ds[a] + I12 * dt[a];
            gz[a] = I20 * dr[a] + I21 * ds[a] + I22 * dt[a];
        }
        float w = fabsf(det);
        int idx = 0;
#pragma unroll
        for (int p = 0; p < 24; ++p)
#pragma unroll
            for (int q = p; q < 24; ++q) {
                int a = p / 3, i = p % 3, b = q / 3, j = q % 3;
                float ga[3] = {gx[a], gy[a], gz[a]}, gb[3] = {gx[b], gy[b], gz[b]};
                float gg = ga[0] * gb[0] + ga[1] * gb[1] + ga[2] * gb[2];
                float k = lam * ga[i] * gb[j] + G * ga[j] * gb[i] + (i == j ? G * gg : 0.f);
                K[idx++] += w * k;
            }
    }
#pragma unroll
    for (int i = 0; i < 300; ++i) Ke[(size_t)e * 300 + i] = K[i];
}

extern "C" __global__ void tri3_mass_lumped(const float2* __restrict__ xy, const int3* __restrict__ tri, float rho,
                                            int nTri, float* __restrict__ M)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nTri) return;
    int3 c = tri[t];
    float2 a = xy[c.x], b = xy[c.y], d = xy[c.z];
    float area = 0.5f * fabsf((b.x - a.x) * (d.y - a.y) - (d.x - a.x) * (b.y - a.y));
    float m = rho * area / 3.f;
    atomicAdd(&M[c.x], m); atomicAdd(&M[c.y], m); atomicAdd(&M[c.z], m);
}

extern "C" __global__ void tet4_strain_stress(const float* __restrict__ xyz, const float* __restrict__ u,
                                              const int4* __restrict__ conn, float E, float nu, int nElem,
                                              float* __restrict__ vonMises, float* __restrict__ strain6)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= nElem) return;
    int4 c = conn[e];
    int nd[4] = {c.x, c.y, c.z, c.w};
    float X[4][3], U[4][3];
#pragma unroll
    for (int a = 0; a < 4; ++a)
#pragma unroll
        for (int d = 0; d < 3; ++d) { X[a][d] = xyz[3 * nd[a] + d]; U[a][d] = u[3 * nd[a] + d]; }
    float J[3][3];
#pragma unroll
    for (int d = 0; d < 3; ++d) { J[0][d] = X[1][d] - X[0][d]; J[1][d] = X[2][d] - X[0][d]; J[2][d] = X[3][d] - X[0][d]; }
    float det = J[0][0] * (J[1][1] * J[2][2] - J[1][2] * J[2][1]) - J[0][1] * (J[1][0] * J[2][2] - J[1][2] * J[2][0]) +
                J[0][2] * (J[1][0] * J[2][1] - J[1][1] * J[2][0]);
    float id = 1.f / det;
    float Ji[3][3];
    Ji[0][0] = (J[1][1] * J[2][2] - J[1][2] * J[2][1]) * id; Ji[0][1] = (J[0][2] * J[2][1] - J[0][1] * J[2][2]) * id;
    Ji[0][2] = (J[0][1] * J[1][2] - J[0][2] * J[1][1]) * id; Ji[1][0] = (J[1][2] * J[2][0] - J[1][0] * J[2][2]) * id;
    Ji[1][1] = (J[0][0] * J[2][2] - J[0][2] * J[2][0]) * id; Ji[1][2] = (J[0][2] * J[1][0] - J[0][0] * J[1][2]) * id;
    Ji[2][0] = (J[1][0] * J[2][1] - J[1][1] * J[2][0]) * id; Ji[2][1] = (J[0][1] * J[2][0] - J[0][0] * J[2][1]) * id;
    Ji[2][2] = (J[0][0] * J[1][1] - J[0][1] * J[1][0]) * id;
    float gradU[3][3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
#pragma unroll
    for (int d = 0; d < 3; ++d) {
        float g[4] = {-(Ji[d][0] + Ji[d][1] + Ji[d][2]), Ji[d][0], Ji[d][1], Ji[d][2]};
#pragma unroll
        for (int a = 0; a < 4; ++a)
#pragma unroll
            for (int k = 0; k < 3; ++k) gradU[k][d] += g[a] * U[a][k];
    }
    float exx = gradU[0][0], eyy = gradU[1][1], ezz = gradU[2][2];
    float exy = 0.5f * (gradU[0][1] + gradU[1][0]), eyz = 0.5f * (gradU[1][2] + gradU[2][1]), exz = 0.5f * (gradU[0][2] + gradU[2][0]);
    float lam = E * nu / ((1.f + nu) * (1.f - 2.f * nu)), G = E / (2.f * (1.f + nu));
    float tr = exx + eyy + ezz;
    float sxx = lam * tr + 2 * G * exx, syy = lam * tr + 2 * G * eyy, szz = lam * tr + 2 * G * ezz;
    float sxy = 2 * G * exy, syz = 2 * G * eyz, sxz = 2 * G * exz;
    vonMises[e] = sqrtf(0.5f * ((sxx - syy) * (sxx - syy) + (syy - szz) * (syy - szz) + (szz - sxx) * (szz - sxx)) +
                        3.f * (sxy * sxy + syz * syz + sxz * sxz));
    float* s6 = strain6 + 6 * (size_t)e;
    s6[0] = exx; s6[1] = eyy; s6[2] = ezz; s6[3] = exy; s6[4] = eyz; s6[5] = exz;
}
