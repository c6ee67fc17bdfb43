
static void reference_${op.name}(const test_call *c, test_want *w)
{
    for (size_t e = 0; e < c->dim[0]; e++) {
        const double ${list(inputs, function(a) return a.name .. " = " .. (a.role == "scalar" and ("c->scalar[" .. a.index .. "]") or ("c->in[" .. a.index .. "][e]")) end)};
        ${list(inputs, function(a) return "(void)" .. a.name .. ";" end, " ")}
        w->want[${out.index}][e] = ${op.reference};
        w->tol[${out.index}][e] = ${tol};
    }
}
