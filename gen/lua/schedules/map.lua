-- map: out[i] = f(inputs at i) for i < n. The op supplies f (`map = function(x, y, a) ... end`,
-- taking its inputs by name: vector arguments element by element, scalars as they are), a
-- reference expression in double over the same names, and an ulp or relative contract.

local function inputs_offer(op)
  local offer = {}
  for _, a in ipairs(gen.inputs(op)) do
    offer[#offer + 1] = { name = a.name, type = "f32" }
  end
  return offer
end

local function the_output(op)
  return gen.outputs(op)[1]
end

local function build(op, fn)
  local where = "op '" .. op.name .. "'"
  if #op.dims ~= 1 then
    dsl.fail_at(op.file, op.line, "%s: a map op has one dim (n), got %d", where, #op.dims)
  end
  local outs = gen.outputs(op)
  if #outs ~= 1 then
    dsl.fail_at(op.file, op.line, "%s: a map op writes exactly one out or inout argument, got %d", where, #outs)
  end
  for _, k in ipairs({ "ulp", "rel", "abs" }) do
    if op.accuracy[k] ~= nil and type(op.accuracy[k]) ~= "number" then
      dsl.fail_at(op.file, op.line, "%s: accuracy.%s of a map op is a number (the bound does not vary with n)", where, k)
    end
  end
  for _, a in ipairs(op.args) do
    if a.dtype ~= "f32" or (a.role ~= "scalar" and #a.shape ~= 1) then
      dsl.fail_at(op.file, op.line, "%s: argument '%s': a map op takes f32 vectors of n and scalars", where, a.name)
    end
  end
  op.fns = { map = dsl.build(fn, inputs_offer(op), where .. ": map", op.file, op.line) }
  dsl.expect_results(op.fns.map, { "f32" })
  if type(op.reference) ~= "string" then
    dsl.fail_at(op.file, op.line, "%s: reference must be a C expression in double over %s, e.g. \"x + y\"", where,
      gen.inputs(op)[1] and gen.inputs(op)[1].name or "the arguments")
  end
  local acc = op.accuracy
  if type(acc.ulp) ~= "number" and type(acc.rel) ~= "number" then
    dsl.fail_at(op.file, op.line, "%s: accuracy of a map op needs ulp = N or rel = R with of = \"C expr\"", where)
  end
  if acc.rel and not acc.of then
    dsl.fail_at(op.file, op.line, "%s: accuracy rel = %g needs of = \"C expression in double\" to scale it", where, acc.rel)
  end
end

-- CPU: the function over vectors, a full-vector step, a masked step for heads and tails, and
-- the loop.
local function cpu(op, t)
  local vs = gen.vector_style()
  return gen.render("map.c", {
    op = op, t = t, out = the_output(op).name, inputs = gen.inputs(op), params = gen.c_params(op, "host"),
    kernel = gen.c_function(op.fns.map, t, vs, op.name .. "_kernel"),
  })
end

local function ptx(op, t)
  local regs = gen.ptx_registers(t)
  return { text = gen.render("map.ptx", { op = op, t = t, regs = regs, fn = op.fns.map, out = the_output(op).name }),
    entries = { "tn_" .. op.name, "tn_" .. op.name .. "_guarded" } }
end

-- Two modules: the map (as it always was), and the map with its results checked (guards on,
-- docs/GUARDS.md), which binds the guard slot too; the launch plan picks one.
local function glsl(op, t)
  local shaders = {}
  for k, guarded in ipairs({ false, true }) do
    shaders[k] = { text = gen.render("map.comp", { op = op, t = t, out = the_output(op).name, guarded = guarded,
      kernel = gen.c_function(op.fns.map, t, gen.glsl_style(t), op.name .. "_kernel") }),
      bindings = #gen.arrays(op) + 1, suffix = guarded and "_guarded" or "" }
  end
  return shaders
end

-- Vulkan's grid: at most this many workgroups walk the arrays (about 8 per compute unit of a large
-- GPU; a grid of one workgroup per 1024 elements made tens of thousands of short workgroups whose
-- speed on NVIDIA's driver changed from process to process).
local GLSL_GROUPS = 1024

-- Launches: one kernel over a grid-stride loop; nothing to launch for n = 0.
local function launch(op, backend, t)
  local params, bindings = { { "u64", "n" } }, {}
  for _, a in ipairs(op.args) do
    if a.role == "scalar" then
      params[#params + 1] = { "f32", a.index }
    elseif backend == "cuda" then
      params[#params + 1] = { "buffer", a.index }
    else
      bindings[#bindings + 1] = { "buffer", a.index }
    end
  end
  -- The output's guard slot and what to check (0: guards off), last (docs/GUARDS.md): read by the
  -- guarded entry or module, which the plan picks when guards are on; the plain one declares
  -- neither (a kernel reads the parameters it declares, the first ones given).
  params[#params + 1] = backend == "cuda" and { "guard", the_output(op).index } or nil
  params[#params + 1] = { "guard_checks" }
  bindings[#bindings + 1] = backend ~= "cuda" and { "guard", the_output(op).index } or nil
  if backend == "cuda" then
    return { none_when = "n == 0",
      stages = { { entry = "c->guard_checks ? 1 : 0", block = t.block, grid = "tn_umin3(tn_ucdiv(n, " .. t.block .. "), g->sms * 8, 65536)",
        params = params } } }
  end
  params[1] = { "u32", "n" }
  return { none_when = "n == 0",
    stages = { { entry = "c->guard_checks ? 1 : 0",
      grid = "tn_umin3(tn_ucdiv(n, " .. 4 * t.local_size .. "), g->max_groups, " .. GLSL_GROUPS .. ")",
      params = params, bindings = bindings } } }
end

-- Tests: the reference in double at every element, and the contract's tolerance there.
local function tests(op)
  local acc, out = op.accuracy, the_output(op)
  local tol, kind
  if acc.ulp then
    tol, kind = gen.c_double(acc.ulp), "TEST_ULP"
  else
    tol, kind = string.format("%s * (%s) + %s", gen.c_double(acc.rel), acc.of, gen.c_double(acc.abs or 0)), "TEST_ABS"
  end
  return { code = gen.render("map_test.c", { op = op, out = out, inputs = gen.inputs(op), tol = tol }),
    tolerance = { [out.index] = kind } }
end

-- Benchmarks: work per element, and the reference as the plain C loop anyone would write.
local function bench(op)
  local bytes = 0
  for _, a in ipairs(op.args) do
    bytes = bytes + (a.role == "scalar" and 0 or a.role == "inout" and 8 or 4)
  end
  return { flops = string.format("%d.0 * d[0]", gen.lower.flops(op.fns.map)), bytes = string.format("%d.0 * d[0]", bytes),
    peer = gen.render("map_peer.c", { op = op, out = the_output(op), inputs = gen.inputs(op) }) }
end

local function contract(op)
  local a = op.accuracy
  if a.ulp then
    return string.format("%g ulp", a.ulp)
  end
  return string.format("error <= %g * (%s)%s", a.rel, a.of, (a.abs or 0) > 0 and string.format(" + %g", a.abs) or "")
end

schedule "map" {
  doc = "out[i] = f(inputs at i), i < n",
  build = build,
  contract = contract,
  cpu_guarded = true,
  backends = { cpu = cpu, ptx = ptx, glsl = glsl },
  launch = launch,
  tests = tests,
  bench = bench,
}
