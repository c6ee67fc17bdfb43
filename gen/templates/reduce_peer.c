|local ref = op.reference
|local step = ref.step:find(";", 1, true) and ref.step or (op.acc[1].name .. " = " .. ref.step .. ";")
|local uses_index = step:find("%f[%w_]index%f[^%w_]") ~= nil

/* ${op.name}: ${op.doc} */
static void peer_${op.name}(const tn_call *c)
{
    const size_t n = c->dim[0];
|for _, a in ipairs(op.inputs) do
    const float *restrict p_${a.name} = c->ptr[${a.index}];
|end
|for _, a in ipairs(op.acc) do
    ${a.type == "i32" and "size_t" or "float"} ${a.name} = ${a.type == "i32" and gen.c_const("i32", a.init) or gen.c_const("f32", a.init)};
|end
    for (size_t i = 0; i < n; i++) {
        const float ${list(op.inputs, function(a) return a.name .. " = p_" .. a.name .. "[i]" end)};
|if uses_index then
        const size_t index = i;
|end
        ${step}
    }
|if #op.acc > 1 then
    ${list(op.acc, function(a) return "(void)" .. a.name .. ";" end, " ")}
|end
    *(${op.result.dtype == "i32" and "size_t" or "float"} *)c->ptr[${op.result.index}] = ${ref.final or op.acc[1].name};
}
