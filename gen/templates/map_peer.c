
/* ${op.name}: ${op.doc} */
static void peer_${op.name}(const tn_call *c)
{
    const size_t n = c->dim[0];
|for _, a in ipairs(op.args) do
|  if a.role == "scalar" then
    const float ${a.name} = c->scalar[${a.index}];
|  else
    ${a.role == "in" and "const " or ""}float *restrict p_${a.name} = c->ptr[${a.index}];
|  end
|end
    for (size_t i = 0; i < n; i++) {
|local vecs = {}
|for _, a in ipairs(inputs) do if a.role ~= "scalar" then vecs[#vecs + 1] = a end end
        const float ${list(vecs, function(a) return a.name .. " = p_" .. a.name .. "[i]" end)};
        p_${out.name}[i] = ${op.reference};
    }
}
