|local rows_dim, cols_dim = op.dims[1], op.dims[2]
|local arrays = {}
|for _, a in ipairs(op.matrices) do if a.role ~= "out" then arrays[#arrays + 1] = a end end
|for _, a in ipairs(op.vectors) do arrays[#arrays + 1] = a end

static void reference_${op.name}(const test_call *tn_c, test_want *tn_w)
{
    typedef double real;
    const size_t ${rows_dim} = tn_c->dim[0], ${cols_dim} = tn_c->dim[1];
    (void)${rows_dim};
|for _, a in ipairs(op.scalars) do
    const real ${a.name} = tn_c->scalar[${a.index}];
|end
|for _, a in ipairs(arrays) do
    real *${a.name} = malloc((${cols_dim} ? ${cols_dim} : 1) * sizeof(real));
    if (!${a.name})
        abort(); /* a reference without memory cannot judge anything */
|  if #a.shape == 1 then
    for (size_t j = 0; j < ${cols_dim}; j++)
        ${a.name}[j] = tn_c->in[${a.index}][j];
|  end
|end
    for (size_t tn_r = 0; tn_r < ${rows_dim}; tn_r++) {
|for _, a in ipairs(op.matrices) do
|  if a.role ~= "out" then
        for (size_t j = 0; j < ${cols_dim}; j++)
            ${a.name}[j] = tn_c->in[${a.index}][tn_r * tn_c->ld[${a.index}] + j];
|  end
|  if a.role ~= "in" then
        real *${a.name} = tn_w->want[${a.index}] + tn_r * ${cols_dim};
|  end
|end
|for _, a in ipairs(op.row_outputs) do
        real ${a.name} = NAN;
|end
        {
            ${op.reference}
|for _, a in ipairs(op.matrices) do
|  if a.role ~= "in" then
            for (size_t j = 0; j < ${cols_dim}; j++)
                tn_w->tol[${a.index}][tn_r * ${cols_dim} + j] = ${tol[a.name]};
|  end
|end
|for _, a in ipairs(op.row_outputs) do
            tn_w->want[${a.index}][tn_r] = ${a.name};
            tn_w->tol[${a.index}][tn_r] = ${tol[a.name]};
|end
        }
    }
|for _, a in ipairs(arrays) do
    free(${a.name});
|end
}
