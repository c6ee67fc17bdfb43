|local rows_dim, cols_dim = op.dims[1], op.dims[2]

/* ${op.name}: ${op.doc} */
static void peer_${op.name}(const tn_call *c)
{
    typedef float real;
    const size_t ${rows_dim} = c->dim[0], ${cols_dim} = c->dim[1];
|for _, a in ipairs(op.scalars) do
    const real ${a.name} = c->scalar[${a.index}];
|end
|for _, a in ipairs(op.vectors) do
    const float *restrict ${a.name} = c->ptr[${a.index}];
|end
    for (size_t tn_r = 0; tn_r < ${rows_dim}; tn_r++) {
|for _, a in ipairs(op.matrices) do
        ${a.role == "in" and "const " or ""}float *restrict ${a.name} = (${a.role == "in" and "const " or ""}float *)c->ptr[${a.index}] + tn_r * c->ld[${a.index}];
|end
|for _, a in ipairs(op.row_outputs) do
        real ${a.name};
|end
        {
            ${op.reference}
        }
|for _, a in ipairs(op.row_outputs) do
        ((${a.dtype == "i32" and "int32_t" or "float"} *)c->ptr[${a.index}])[tn_r] = (${a.dtype == "i32" and "int32_t" or "float"})${a.name};
|end
    }
}
