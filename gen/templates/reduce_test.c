|local ref, acc, single = op.reference, op.accuracy, #op.acc == 1
|local step = ref.step:find(";", 1, true) and ref.step or (op.acc[1].name .. " = " .. ref.step .. ";")
|local value = ref.final or op.acc[1].name
|local abs = gen.c_double(acc.abs or 0)
|if single and ref.final and acc.of then

static double final_${op.name}(double ${op.acc[1].name})
{
    return ${ref.final};
}
|end

static void reference_${op.name}(const test_call *c, test_want *w)
{
    double ${list(op.acc, function(a) return a.name .. " = " .. gen.c_double(a.init) end)};
    double scale = 0;
    for (size_t e = 0; e < c->dim[0]; e++) {
        const double ${list(op.inputs, function(a) return a.name .. " = c->in[" .. a.index .. "][e]" end)}, index = (double)e;
        ${list(op.inputs, function(a) return "(void)" .. a.name .. ";" end, " ")} (void)index;
        ${step}
|if acc.of then
        scale += ${acc.of};
|end
    }
    (void)scale;
    ${list(op.acc, function(a) return "(void)" .. a.name .. ";" end, " ")}
    w->want[${op.result.index}][0] = ${value};
|if acc.of then
    /* beyond FLT_MAX the contract bounds nothing (partial sums may overflow) */
    w->tol[${op.result.index}][0] = scale < FLT_MAX ? ${gen.c_double(acc.rel)} * ${ref.final and ("final_" .. op.name .. "(scale)") or "scale"} + ${abs} : INFINITY;
|elseif acc.rel then
    const double n = (double)c->dim[0];
    (void)n;
    w->tol[${op.result.index}][0] = (${type(acc.rel) == "string" and acc.rel or gen.c_double(acc.rel)}) * fabs(w->want[${op.result.index}][0]) + ${abs};
|else
    w->tol[${op.result.index}][0] = 0;
|end
}
