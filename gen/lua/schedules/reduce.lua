-- reduce: one result from the n elements of the op's vector arguments.
--
--   reduce = {
--     acc = { "best", "at" },          -- the accumulator's parts (default { "acc" })
--     init = { -inf, i32(0) },         -- their values before any element (their types: f32 or i32)
--     step = function(best, at, x, index) ... return best', at' end,  -- by name: the parts, the
--                                      -- vector arguments at the element, index (its position, i32)
--     combine = function(b1, i1, b2, i2) ... end,  -- two partial results, in order: a then b
--     final = function(best, at) return at end,    -- the result (default: the only part)
--   }
--
-- combine must be associative and, with init, have an identity: lanes, blocks, warps and
-- threads each reduce a share and their results are combined in a tree. Tails are masked: the
-- step never sees an element that does not exist, so a step that changes the accumulator for
-- any input (a sum of exp(x)) is right at every n. The op's result is its one argument of no
-- dims (`result "r"`, or `result("index", "i32")`, returned as size_t).

local function result_arg(op)
  for _, a in ipairs(op.args) do
    if gen.is_host_result(a) then
      return a
    end
  end
end

local function uses_index(op)
  for _, p in ipairs(op.fns.step.params) do
    if p.name == "index" then
      return true
    end
  end
  return false
end

local function build(op, r)
  local where = "op '" .. op.name .. "'"
  local function err(fmt, ...)
    dsl.fail_at(op.file, op.line, where .. ": " .. fmt, ...)
  end
  dsl.check_fields(r, { acc = "table", init = "any", step = "function", combine = "function", final = "function" },
    op.file, op.line, where .. ": reduce")
  if #op.dims ~= 1 then
    err("a reduce op has one dim (n), got %d", #op.dims)
  end
  local names = r.acc or { "acc" }
  local init = type(r.init) == "table" and not dsl.is_node(r.init) and r.init or { r.init }
  if #init ~= #names then
    err("reduce: init has %d value(s) for %d accumulator part(s) (%s)", #init, #names, table.concat(names, ", "))
  end
  op.acc = {}
  for i, name in ipairs(names) do
    local v = init[i]
    if type(v) == "number" then
      v = dsl.const(v, "f32")
    end
    if not dsl.is_node(v) or v.prim ~= "const" then
      err("reduce: init[%d] must be a number or i32(k), got %s", i, type(init[i]))
    end
    if type(name) ~= "string" or not name:match("^[a-z][a-z0-9_]*$") or (dsl.reserved_name(name) and name ~= "acc") then
      err("reduce: acc[%d] must be a name that is not reserved, got %s", i, tostring(name))
    end
    op.acc[i] = { name = name, type = v.type, init = v.value }
  end
  local inputs, result = {}, nil
  for _, a in ipairs(op.args) do
    if gen.is_host_result(a) then
      if result then
        err("reduce: one result argument, got '%s' and '%s'", result.name, a.name)
      end
      result = a
    elseif a.role ~= "in" or a.dtype ~= "f32" then
      err("reduce: argument '%s' must be an f32 vec of n (or the result)", a.name)
    else
      inputs[#inputs + 1] = a
    end
  end
  if not result then
    err("reduce: needs a result argument (result \"r\", or result(\"index\", \"i32\"))")
  end
  local offer, types, pair, parts = {}, {}, {}, {}
  for _, a in ipairs(op.acc) do
    offer[#offer + 1] = { name = a.name, type = a.type }
    parts[#parts + 1] = { name = a.name, type = a.type }
    types[#types + 1] = a.type
  end
  for _, a in ipairs(inputs) do
    offer[#offer + 1] = { name = a.name, type = "f32" }
  end
  offer[#offer + 1] = { name = "index", type = "i32" }
  for side = 1, 2 do
    for _, a in ipairs(op.acc) do
      pair[#pair + 1] = { name = a.name .. "_" .. side, type = a.type }
    end
  end
  op.fns = {
    step = dsl.build(r.step, offer, where .. ": reduce.step", op.file, op.line),
    combine = dsl.build(r.combine, pair, where .. ": reduce.combine", op.file, op.line, "all"),
  }
  dsl.expect_results(op.fns.step, types)
  dsl.expect_results(op.fns.combine, types)
  if r.final then
    op.fns.final = dsl.build(r.final, parts, where .. ": reduce.final", op.file, op.line, true)
    dsl.expect_results(op.fns.final, { result.dtype })
  elseif #op.acc ~= 1 or op.acc[1].type ~= result.dtype then
    err("reduce: needs final = function(...) returning the %s result", result.dtype)
  end
  local ref = op.reference
  if type(ref) ~= "table" or type(ref.step) ~= "string" then
    err("reference of a reduce op must be { step = \"C over %s and the inputs\", final = ... }",
      table.concat(names, ", "))
  end
  dsl.check_fields(ref, { step = "string", final = "string" }, op.file, op.line, where .. ": reference")
  local acc = op.accuracy
  if acc.ulp then
    err("a reduction's accuracy is rel = R with of = \"C expr\", or exact = true")
  end
  if not acc.rel and not acc.exact then
    err("accuracy needs rel = R (of the result, or with of = \"C expr\" of the sum of those), or exact = true")
  end
  if acc.of and #op.acc ~= 1 then
    err("a bound relative to a sum (of = ...) needs a single accumulator; use rel alone (of the result)")
  end
  if acc.abs and (type(acc.abs) ~= "number" or not acc.rel) then
    err("accuracy.abs is a number added to a rel bound")
  end
  if type(acc.rel) == "string" and acc.of then
    err("accuracy.rel as a C expression (over n) bounds the error relative to the result: drop of")
  end
  op.inputs, op.result = inputs, result
  op.rules = {}
  if result.dtype == "i32" then
    op.rules[#op.rules + 1] = { dim = 0, min = 1, why = "an empty vector (n = 0) has no index" }
  end
  if uses_index(op) or result.dtype == "i32" then
    op.rules[#op.rules + 1] = { dim = 0, max = 2147483647, why = "element indices are 32-bit" }
  end
end

-- CPU: the step, combine and final as vector and scalar functions, and the blocked loop.
local function cpu(op, t, ctx)
  local vs, ss = gen.vector_style(), gen.scalar_style(ctx.scalar)
  local parts = {}
  parts[#parts + 1] = gen.c_function(op.fns.step, t, vs, op.name .. "_step")
  parts[#parts + 1] = gen.c_function(op.fns.combine, t, vs, op.name .. "_combine")
  parts[#parts + 1] = gen.c_function(op.fns.combine, ctx.scalar, ss, op.name .. "_combine_s")
  if op.fns.final then
    parts[#parts + 1] = gen.c_function(op.fns.final, ctx.scalar, ss, op.name .. "_final_s")
  end
  return gen.render("reduce.c", { op = op, t = t, params = gen.c_params(op, "host"), kernel = table.concat(parts, "\n\n"),
    uses_index = uses_index(op) })
end

-- Blocks (workgroups) of a launch at most: the partials' room, and what the last block reads.
local MAX_GROUPS = 1024
-- PTX: 16-byte vectors each thread loads before it reduces them (more in flight, fewer waits),
-- and the registers a thread may use so that 8 blocks of 256 threads fit on an SM. Measured on
-- the H100 at 16M floats: 4 vectors under 32 registers took 25.7-27.0 us, 2 vectors 26.1-27.6,
-- 4 vectors with the registers ptxas chose (up to 34) 26.0-30.0; loading the next vectors before
-- reducing these (in registers) was no faster at 4 vectors and too many registers at 8.
local PTX_UNROLL = 4
local PTX_MAX_REGISTERS = 32

local function ptx(op, t)
  return { text = gen.render("reduce.ptx", { op = op, t = t, uses_index = uses_index(op), max_groups = MAX_GROUPS, unroll = PTX_UNROLL, max_registers = PTX_MAX_REGISTERS }),
    entries = { "tn_" .. op.name } }
end

local function glsl(op, t)
  local st = gen.glsl_style(t)
  local parts = { gen.c_function(op.fns.step, t, st, op.name .. "_step"),
    gen.c_function(op.fns.combine, t, st, op.name .. "_combine") }
  if op.fns.final then
    parts[#parts + 1] = gen.c_function(op.fns.final, t, st, op.name .. "_final")
  end
  return { { text = gen.render("reduce.comp", { op = op, t = t, kernel = table.concat(parts, "\n\n"),
    uses_index = uses_index(op) }), bindings = #op.inputs + #op.acc + 1 } }
end

-- Launches. CUDA: one kernel; each block reduces a grid-stride share per thread and then the
-- block into partials (one per part of the accumulator) and counts itself in a counter; the
-- block that counts last reduces the partials into the result. Vulkan: two stages, the partials
-- and then a single workgroup that reduces them. The runtime copies the result to the host.
local function launch(op, backend, t)
  local width = backend == "cuda" and t.block or t.local_size
  local scratch, partials = {}, {}
  for i = 1, #op.acc do
    scratch[#scratch + 1] = { name = "partial" .. (i - 1), bytes = tostring(4 * MAX_GROUPS) }
    partials[#partials + 1] = { "scratch", "partial" .. (i - 1) }
  end
  scratch[#scratch + 1] = { name = "result", bytes = "8" }
  -- a group's threads take four elements each (16-byte loads) before the grid strides on
  local groups = string.format("tn_umin3(tn_umax(tn_ucdiv(n, %d), 1), %s, %d)", 4 * width,
    backend == "cuda" and "g->sms * 8" or "g->max_groups", MAX_GROUPS)
  local desc = { let = { { "groups", groups } }, scratch = scratch,
    results = { { arg = op.result.index, scratch = "result" } } }
  if backend == "cuda" then
    local params = { { "u64", "n" } }
    for _, a in ipairs(op.inputs) do
      params[#params + 1] = { "buffer", a.index }
    end
    for _, p in ipairs(partials) do
      params[#params + 1] = p
    end
    params[#params + 1] = { "counter", "arrived" }
    params[#params + 1] = { "scratch", "result" }
    desc.counters = { { name = "arrived", bytes = "4" } }
    desc.stages = { { entry = 0, block = t.block, grid = "groups", params = params } }
  else
    local bindings = {}
    for _, a in ipairs(op.inputs) do
      bindings[#bindings + 1] = { "buffer", a.index }
    end
    for _, p in ipairs(partials) do
      bindings[#bindings + 1] = p
    end
    bindings[#bindings + 1] = { "scratch", "result" }
    desc.stages = { { entry = 0, grid = "groups", params = { { "u32", "n" }, { "u32", "0" } }, bindings = bindings },
      { entry = 0, grid = "1", params = { { "u32", "groups" }, { "u32", "1" } }, bindings = bindings } }
  end
  return desc
end

local function tests(op)
  local acc = op.accuracy
  return { code = gen.render("reduce_test.c", { op = op }),
    tolerance = { [op.result.index] = acc.exact and "TEST_EXACT" or "TEST_ABS" } }
end

local function bench(op)
  return { flops = string.format("%d.0 * d[0]", gen.lower.flops(op.fns.step)),
    bytes = string.format("%d.0 * d[0]", 4 * #op.inputs),
    peer = gen.render("reduce_peer.c", { op = op }) }
end

local function contract(op)
  local a = op.accuracy
  if a.exact then
    return "exact"
  end
  local abs = (a.abs or 0) > 0 and string.format(" + %g", a.abs) or ""
  if not a.of then
    local rel = type(a.rel) == "number" and string.format("%g", a.rel) or a.rel
    return string.format("error <= %s * |result|%s", rel, abs)
  end
  local sum = string.format("sum(%s)", a.of)
  if op.reference.final then -- the bound is in the result's units: the final applied to the sum
    sum = op.reference.final:gsub("%f[%w_]" .. op.acc[1].name .. "%f[^%w_]", sum)
  end
  return string.format("error <= %g * %s%s, where sum(%s) < FLT_MAX", a.rel, sum, abs, a.of)
end

schedule "reduce" {
  doc = "one result from n elements: a step per element, partial results combined in a tree",
  build = build,
  contract = contract,
  rel_of_result = true,
  backends = { cpu = cpu, ptx = ptx, glsl = glsl },
  launch = launch,
  tests = tests,
  bench = bench,
}
