-- rows: per row of a matrix, phases over the row's elements (softmax, norms, row reductions).
--
--   dims = { "rows", "cols" },
--   args = { vec "x", vec "w" { "cols" }, scalar "eps", out "y" },
--   rows = {
--     reduce "ss" { init = 0, step = function(ss, x) return fma(x, x, ss) end, combine = add },
--     let "inv" { function(ss, eps, cols) return 1 / sqrt(ss / cols + eps) end },
--     map "y" { function(x, w, inv) return x * inv * w end },
--   },
--
-- Phases run in order; each names the values it takes by parameter name:
--   reduce "s" { init, step, combine }   a row scalar (or several: reduce { "m", "s" } { ... },
--                                         a tuple) from every element of the row, as the reduce
--                                         schedule does it (masked tails, combined in a tree);
--                                         its step takes elements, row scalars so far, and index
--                                         (the column, i32)
--   let "inv" { function(...) }          a row scalar from row scalars, scalars and cols
--   map "y" { function(...) }            an output: a matrix output element by element (from
--                                         elements, row scalars, scalars), or an output of one
--                                         value per row ({ "rows" }) from row scalars
-- Elements are the matrix inputs and the vectors of cols (w[j]) at the element, and outputs
-- already mapped (their latest value). Phases are grouped into passes over the row: a pass ends
-- where a phase needs a row scalar reduced in it. On a CPU each pass is a loop over the row
-- (rows stay in cache); on a GPU the row stays in registers where it fits (one pass over
-- memory), a warp per row for short rows and a block per row for long ones; longer rows
-- stream, a block per row.

local Phase = {}
Phase.__index = Phase

local function phase_kind(kind)
  return function(names)
    local info = debug.getinfo(2, "Sl")
    local list = type(names) == "table" and names or { names }
    for i, n in ipairs(list) do
      if type(n) ~= "string" or not n:match("^[a-z][a-z0-9_]*$") or dsl.reserved_name(n) then
        error(string.format("%s:%d: %s: name %d must be an identifier that is not reserved, got %s", info.short_src,
          info.currentline, kind, i, tostring(n)), 0)
      end
    end
    return function(spec)
      if type(spec) ~= "table" then
        error(string.format("%s:%d: %s \"%s\" takes a table", info.short_src, info.currentline, kind, list[1]), 0)
      end
      return setmetatable({ kind = kind, names = list, spec = spec, file = info.short_src, line = info.currentline },
        Phase)
    end
  end
end

dsl.export({ reduce = phase_kind("reduce"), map = phase_kind("map"), let = phase_kind("let") })

-- Building ---------------------------------------------------------------------------------

local function build(op, phases)
  local where = "op '" .. op.name .. "'"
  local function err(fmt, ...)
    dsl.fail_at(op.file, op.line, where .. ": " .. fmt, ...)
  end
  if #op.dims ~= 2 then
    err("a rows op has two dims (rows, cols), got %d", #op.dims)
  end
  local rows, cols = op.dims[1], op.dims[2]
  local by_name = {}
  op.matrices, op.vectors, op.scalars, op.row_outputs = {}, {}, {}, {}
  for _, a in ipairs(op.args) do
    by_name[a.name] = a
    local s = table.concat(a.shape or {}, ",")
    if a.role == "scalar" then
      op.scalars[#op.scalars + 1] = a
    elseif s == rows .. "," .. cols then
      op.matrices[#op.matrices + 1] = a
      if a.dtype ~= "f32" then
        err("argument '%s': matrices are f32", a.name)
      end
      if a.role == "inout" then -- the kernels load only inputs, and the tests' references copy them
        err("argument '%s': a rows op reads matrices (vec) and writes others (out); for in place, "
          .. "callers pass the same array as both", a.name)
      end
    elseif s == cols and a.role == "in" then
      op.vectors[#op.vectors + 1] = a
    elseif s == rows and a.role == "out" then
      op.row_outputs[#op.row_outputs + 1] = a
    else
      err("argument '%s': a rows op takes matrices { %s, %s }, input vectors { %s }, outputs { %s } and scalars",
        a.name, rows, cols, cols, rows)
    end
  end
  if type(phases) ~= "table" or #phases == 0 then
    err("rows must be a list of phases: reduce \"s\" { ... }, let \"inv\" { ... }, map \"y\" { ... }")
  end
  -- What each phase may take, as it goes: values by name with their level ("element" or "row").
  local known = {}
  local function offer_for(level)
    local offer = {}
    for _, n in ipairs(dsl.sorted_keys(known)) do
      local v = known[n]
      if level == "element" or v.level == "row" then
        offer[#offer + 1] = { name = n, type = v.type }
      end
    end
    return offer
  end
  for _, a in ipairs(op.matrices) do
    if a.role ~= "out" then
      known[a.name] = { level = "element", type = "f32", input = true }
    end
  end
  for _, a in ipairs(op.vectors) do
    known[a.name] = { level = "element", type = "f32", input = true }
  end
  for _, a in ipairs(op.scalars) do
    known[a.name] = { level = "row", type = "f32", scalar = true }
  end
  known[cols] = { level = "row", type = "f32", builtin = true }
  op.phases = {}
  local mapped = {}
  for k, p in ipairs(phases) do
    if getmetatable(p) ~= Phase then
      err("rows[%d] must be a phase: reduce \"s\" { ... }, let \"r\" { ... } or map \"y\" { ... }", k)
    end
    local what = string.format("%s: rows[%d] (%s \"%s\")", where, k, p.kind, table.concat(p.names, "\", \""))
    local ph = { kind = p.kind, names = p.names, index = k }
    if p.kind == "reduce" then
      dsl.check_fields(p.spec, { init = "any", step = "function", combine = "function" }, p.file, p.line, what)
      local init = type(p.spec.init) == "table" and not dsl.is_node(p.spec.init) and p.spec.init or { p.spec.init }
      if #init ~= #p.names then
        dsl.fail_at(p.file, p.line, "%s: init has %d value(s) for %d name(s)", what, #init, #p.names)
      end
      ph.acc = {}
      local types, pair, offer = {}, {}, offer_for("element")
      for i, n in ipairs(p.names) do
        if known[n] then
          dsl.fail_at(p.file, p.line, "%s: '%s' is already a name of this op", what, n)
        end
        local v = init[i]
        v = type(v) == "number" and dsl.const(v, "f32") or v
        if not dsl.is_node(v) or v.prim ~= "const" then
          dsl.fail_at(p.file, p.line, "%s: init[%d] must be a number or i32(k)", what, i)
        end
        ph.acc[i] = { name = n, type = v.type, init = v.value }
        types[i] = v.type
        offer[#offer + 1] = { name = n, type = v.type }
      end
      offer[#offer + 1] = { name = "index", type = "i32" }
      for side = 1, 2 do
        for _, a in ipairs(ph.acc) do
          pair[#pair + 1] = { name = a.name .. "_" .. side, type = a.type }
        end
      end
      ph.step = dsl.build(p.spec.step, offer, what .. ": step", p.file, p.line)
      ph.combine = dsl.build(p.spec.combine, pair, what .. ": combine", p.file, p.line, "all")
      dsl.expect_results(ph.step, types)
      dsl.expect_results(ph.combine, types)
      for _, a in ipairs(ph.acc) do
        known[a.name] = { level = "row", type = a.type, phase = k }
      end
    elseif p.kind == "let" or p.kind == "map" then
      if #p.names ~= 1 then
        dsl.fail_at(p.file, p.line, "%s: names one value", what)
      end
      local name = p.names[1]
      dsl.check_fields(p.spec, { [1] = "function" }, p.file, p.line, what)
      local target = by_name[name]
      local level = "row"
      if p.kind == "map" then
        if not target or (target.role ~= "out" and target.role ~= "inout") then
          dsl.fail_at(p.file, p.line, "%s: '%s' is not an output of the op", what, name)
        end
        level = #target.shape == 2 and "element" or "row"
      elseif known[name] then
        dsl.fail_at(p.file, p.line, "%s: '%s' is already a name of this op", what, name)
      end
      ph.fn = dsl.build(p.spec[1], offer_for(level), what, p.file, p.line)
      dsl.expect_results(ph.fn, { target and target.dtype or "f32" })
      ph.level, ph.output = level, target
      if p.kind == "map" then
        mapped[name] = true
        if level == "element" then
          known[name] = { level = "element", type = "f32", output = true }
        end
      else
        known[name] = { level = "row", type = "f32", phase = k }
      end
    else
      err("rows[%d]: unknown phase kind %s", k, tostring(p.kind))
    end
    op.phases[k] = ph
  end
  for _, a in ipairs(op.args) do
    if a.role == "out" and not mapped[a.name] then
      err("output '%s' is never written: add map \"%s\" { ... }", a.name, a.name)
    end
  end
  -- Passes: a pass ends where a phase needs a row scalar reduced in it (or a let computed from one).
  local passes = { { elements = {}, after = {} } }
  local produced = {} -- row scalar -> the pass after which it exists
  local function uses(ph)
    local fns = ph.kind == "reduce" and { ph.step } or { ph.fn }
    local out = {}
    for _, fn in ipairs(fns) do
      for _, prm in ipairs(fn.params) do
        out[#out + 1] = prm.name
      end
    end
    return out
  end
  for _, ph in ipairs(op.phases) do
    local last = 0
    for _, n in ipairs(uses(ph)) do
      if produced[n] and produced[n] > last then
        last = produced[n]
      end
    end
    if ph.kind == "reduce" or ph.level == "element" then
      if last >= #passes then
        passes[#passes + 1] = { elements = {}, after = {} }
      end
      local cur = #passes
      table.insert(passes[cur].elements, ph)
      if ph.kind == "reduce" then
        for _, a in ipairs(ph.acc) do
          produced[a.name] = cur
        end
      end
    else
      local at = last
      if at == 0 then
        passes[0] = passes[0] or { elements = {}, after = {} }
      end
      table.insert(passes[at].after, ph)
      if ph.kind == "let" then
        produced[ph.names[1]] = at
      end
    end
  end
  op.passes = passes
  -- Which element values each pass reads from memory (CPU, streaming GPU) and which outputs it writes.
  for pi, pass in ipairs(passes) do
    local mapped_here, needs, seen = {}, {}, {}
    for _, ph in ipairs(pass.elements) do
      for _, n in ipairs(uses(ph)) do
        local v = known[n]
        if v and v.level == "element" and not mapped_here[n] and not seen[n] then
          seen[n] = true
          needs[#needs + 1] = by_name[n]
        end
      end
      if ph.kind == "map" then
        mapped_here[ph.names[1]] = true
      end
    end
    pass.loads = needs
    pass.stores = {}
    for _, n in ipairs(dsl.sorted_keys(mapped_here)) do
      pass.stores[#pass.stores + 1] = by_name[n]
    end
    pass.index = pi
    -- the pass's reduces, their accumulators (parts) and whether a step takes the index
    pass.reduces, pass.parts, pass.uses_index = {}, {}, false
    for _, ph in ipairs(pass.elements) do
      if ph.kind == "reduce" then
        pass.reduces[#pass.reduces + 1] = ph
        for _, a in ipairs(ph.acc) do
          pass.parts[#pass.parts + 1] = a
        end
        for _, prm in ipairs(ph.step.params) do
          pass.uses_index = pass.uses_index or prm.name == "index"
        end
      end
    end
  end
  op.uses = uses
  op.fns = {} -- every function of the op, for spelling checks and the tests' relaxations
  for k, ph in ipairs(op.phases) do
    local key = string.format("%02d_", k)
    if ph.kind == "reduce" then
      op.fns[key .. "step"], op.fns[key .. "combine"] = ph.step, ph.combine
    else
      op.fns[key .. ph.kind] = ph.fn
    end
  end
  -- Reference and contract.
  if type(op.reference) ~= "string" then
    err("reference of a rows op is C code for one row (see docs/ADDING_AN_OP.md)")
  end
  op.rules = {}
  for _, a in ipairs(op.row_outputs) do
    if a.dtype == "i32" then
      op.rules[#op.rules + 1] = { dim = 1, min = 1, why = "an empty row (cols = 0) has no index" }
      op.rules[#op.rules + 1] = { dim = 1, max = 2147483647, why = "column indices are 32-bit" }
    end
  end
end

-- The contract of one output: the op's accuracy table, or its entry named for the output.
local function accuracy_of(op, a)
  local acc = op.accuracy
  return type(acc[a.name]) == "table" and acc[a.name] or acc
end

local function contract(op)
  local parts = {}
  for _, a in ipairs(gen.outputs(op)) do
    local acc = accuracy_of(op, a)
    local text
    if acc.exact then
      text = "exact"
    elseif acc.ulp then
      text = type(acc.ulp) == "number" and string.format("%g ulp", acc.ulp) or ("ulp <= " .. acc.ulp)
    else
      text = string.format("error <= %s * (%s)%s", type(acc.rel) == "number" and string.format("%g", acc.rel) or acc.rel,
        acc.of, acc.abs and (" + " .. (type(acc.abs) == "number" and string.format("%g", acc.abs) or acc.abs)) or "")
    end
    parts[#parts + 1] = (#gen.outputs(op) > 1 and (a.name .. ": ") or "") .. text
  end
  return table.concat(parts, "; ")
end

-- Backends ---------------------------------------------------------------------------------

local function cpu(op, t, ctx)
  return gen.render("rows.c", { op = op, t = t, params = gen.c_params(op, "host"), vs = gen.vector_style(),
    ss = gen.scalar_style(ctx.scalar), scalar = ctx.scalar })
end

-- GPU variants, smallest first: a warp per row while the row fits 32 threads' registers, a
-- block per row while it fits a block's; longer rows stream through a block per row.
local PTX_VARIANTS = {
  { name = "warp", threads = 32, groups = 8, chunks = 4 },   -- cols <= 512, 8 rows per block
  { name = "warp8", threads = 32, groups = 4, chunks = 8 },  -- cols <= 1024, 4 rows per block
  { name = "block4", threads = 256, groups = 1, chunks = 4 },  -- cols <= 4096
  { name = "block8", threads = 512, groups = 1, chunks = 4 },  -- cols <= 8192
  { name = "block16", threads = 1024, groups = 1, chunks = 4 }, -- cols <= 16384
  { name = "block32", threads = 1024, groups = 1, chunks = 8 }, -- cols <= 32768
}
local STREAM = { name = "stream", threads = 1024, groups = 1, stream = true }

-- PTX: helpers the kernel templates (rows_resident.ptx, rows_stream.ptx) share. A kernel's
-- context k holds its register allocator, the registers of row-level values by name, and the
-- variant (threads per row T, rows per block G, chunks of 4 columns per thread U).
local MOV = { f32 = "mov.f32", i32 = "mov.b32", mask = "mov.pred" }
local SELP = { f32 = "selp.f32", i32 = "selp.b32" }

local function ptx_context(op, t, v)
  local k = { op = op, t = t, v = v, regs = gen.ptx_registers(t), row = {}, shared = {}, outputs = {} }
  for _, a in ipairs(gen.outputs(op)) do
    k.outputs[a.name] = a
  end
  k.row[op.dims[2]] = "%cols_f"
  for _, a in ipairs(op.scalars) do
    k.row[a.name] = "%s_" .. a.name
  end
  return k
end

-- fn lowered with params by name through value(name); returns the code and the result registers.
local function ptx_call(k, fn, value)
  local params = {}
  for _, p in ipairs(fn.params) do
    params[p.name] = value(p.name) or error("internal: no register for " .. p.name)
  end
  return gen.lower.ptx(fn, k.t, k.regs.new, params, k.op)
end

-- An element phase at one element: values maps element names to registers (maps add theirs);
-- accs(part) names the accumulator the reduce steps update, under the predicate valid (or
-- always). index: the register of the column (i32).
local function ptx_element(k, ph, values, accs, valid, index)
  local function value(name)
    return values[name] or k.row[name] or (name == "index" and index) or (accs and accs(name))
  end
  if ph.kind == "map" then
    local code, res = ptx_call(k, ph.fn, value)
    values[ph.names[1]] = res[1]
    return table.concat(code, "\n")
  end
  local code, res = ptx_call(k, ph.step, value)
  for i, a in ipairs(ph.acc) do
    if valid then
      code[#code + 1] = string.format("%s %s, %s, %s, %s;", SELP[a.type], accs(a.name), res[i], accs(a.name), valid)
    else
      code[#code + 1] = string.format("%s %s, %s;", MOV[a.type], accs(a.name), res[i])
    end
  end
  return table.concat(code, "\n")
end

-- combine of the pass's reduces: x(part) = combine(x(part), y(part)) for every part.
local function ptx_combine(k, reduces, x, y)
  local out = {}
  for _, ph in ipairs(reduces) do
    local code, res = ptx_call(k, ph.combine, function(name)
      local base, side = name:match("^(.*)_([12])$")
      return side == "1" and x(base) or y(base)
    end)
    for i, a in ipairs(ph.acc) do
      code[#code + 1] = string.format("%s %s, %s;", MOV[a.type], x(a.name), res[i])
    end
    out[#out + 1] = table.concat(code, "\n")
  end
  return table.concat(out, "\n")
end

-- The group's value of every part, in x(part) of every thread of the group: butterfly shuffles
-- in the warp (each pair combined lower lane first, so that all lanes hold the same bits), then,
-- for a group of several warps, a tree over the warps' values through shared memory.
local function ptx_group_reduce(k, reduces, x, pass)
  local out, parts = {}, {}
  for _, ph in ipairs(reduces) do
    for _, a in ipairs(ph.acc) do
      parts[#parts + 1] = a
    end
  end
  local other, lo, hi = {}, {}, {}
  for _, a in ipairs(parts) do
    other[a.name], lo[a.name], hi[a.name] = k.regs.new(a.type), k.regs.new(a.type), k.regs.new(a.type)
  end
  local upper = k.regs.new("mask")
  local bit = k.regs.new("i32")
  local function shuffles()
    local code = {}
    for off = 16, 1, -1 do
      if off & (off - 1) == 0 then
        code[#code + 1] = string.format("and.b32 %s, %%lane, %d;\nsetp.ne.u32 %s, %s, 0;", bit, off, upper, bit)
        for _, a in ipairs(parts) do
          code[#code + 1] = string.format("shfl.sync.bfly.b32 %s, %s, %d, 31, 0xffffffff;", other[a.name], x(a.name), off)
          code[#code + 1] = string.format("%s %s, %s, %s, %s;\n%s %s, %s, %s, %s;", SELP[a.type], lo[a.name],
            other[a.name], x(a.name), upper, SELP[a.type], hi[a.name], x(a.name), other[a.name], upper)
        end
        code[#code + 1] = ptx_combine(k, reduces, function(n) return lo[n] end, function(n) return hi[n] end)
        for _, a in ipairs(parts) do
          code[#code + 1] = string.format("%s %s, %s;", MOV[a.type], x(a.name), lo[a.name])
        end
      end
    end
    return table.concat(code, "\n")
  end
  out[#out + 1] = shuffles()
  local warps = k.v.threads // 32
  if warps > 1 then
    local lane0 = k.regs.new("mask")
    out[#out + 1] = string.format("setp.eq.u32 %s, %%lane, 0;\nshl.b32 %%slot, %%warp, 2;", lane0)
    for _, a in ipairs(parts) do
      local sh = string.format("tn_%s_%s_%d_%s", k.op.name, k.v.name, pass.index, a.name)
      k.shared[#k.shared + 1] = string.format(".shared .align 4 .b32 %s[%d];", sh, warps)
      out[#out + 1] = string.format("mov.u32 %%base, %s;\nadd.u32 %%base, %%base, %%slot;\n@%s st.shared.b32 [%%base], %s;", sh,
        lane0, x(a.name))
    end
    out[#out + 1] = "bar.sync 0;"
    -- every warp reads the warps' values, one a lane (the identity where there are fewer warps
    -- than lanes), and shuffles them as above: every thread ends with the same bits
    local has = k.regs.new("mask")
    out[#out + 1] = string.format("setp.lt.u32 %s, %%lane, %d;\nshl.b32 %%slot, %%lane, 2;", has, warps)
    for _, a in ipairs(parts) do
      local sh = string.format("tn_%s_%s_%d_%s", k.op.name, k.v.name, pass.index, a.name)
      out[#out + 1] = string.format("%s %s, %s;\nmov.u32 %%base, %s;\nadd.u32 %%base, %%base, %%slot;\n@%s ld.shared.b32 %s, [%%base];",
        MOV[a.type], x(a.name), gen.ptx_const(a.type, a.init), sh, has, x(a.name))
    end
    out[#out + 1] = shuffles()
  end
  return table.concat(out, "\n")
end

-- Guarded kernels (docs/GUARDS.md): after a store of value (a register) to output a, test it and
-- fold the complement of its element index into a's guard slot with an atomic max, under the
-- predicate valid (or always). index: how to compute the element's index into %bad_index.
local function ptx_check(k, a, value, index, valid)
  if not k.v.guarded or a.dtype ~= "f32" then
    return ""
  end
  -- a finite value (nearly always) takes the branch past the precise checks
  k.guard_labels = (k.guard_labels or 0) + 1
  local label = "$guard_ok_" .. k.guard_labels
  local out = {
    "testp.finite.f32 %finite, " .. value .. ";",
    "@%finite bra " .. label .. ";",
    "testp.notanumber.f32 %is_nan, " .. value .. ";",
    "testp.infinite.f32 %is_inf, " .. value .. ";",
    "and.pred %is_nan, %is_nan, %want_nan;",
    "and.pred %is_inf, %is_inf, %want_inf;",
    "or.pred %bad, %is_nan, %is_inf;",
  }
  if valid then
    out[#out + 1] = "and.pred %bad, %bad, " .. valid .. ";"
  end
  out[#out + 1] = index
  out[#out + 1] = "not.b64 %bad_index, %bad_index;"
  out[#out + 1] = "@%bad red.global.max.u64 [%guard_" .. a.name .. "], %bad_index;"
  out[#out + 1] = label .. ":"
  return "\n" .. table.concat(out, "\n")
end

-- A matrix element's index from the address it was stored at (%address + byte offset).
local function ptx_check_stored(k, a, value, byte_offset, valid)
  local index = "sub.s64 %bad_index, %address, %ptr_" .. a.name .. ";\n"
    .. (byte_offset > 0 and ("add.s64 %bad_index, %bad_index, " .. byte_offset .. ";\n") or "")
    .. "shr.u64 %bad_index, %bad_index, 2;"
  return ptx_check(k, a, value, index, valid)
end

-- Lets and outputs of one value per row (written by the group's first thread).
local function ptx_row_phases(k, phases)
  local out = {}
  for _, ph in ipairs(phases) do
    local code, res = ptx_call(k, ph.fn, function(name)
      return k.row[name]
    end)
    out[#out + 1] = table.concat(code, "\n")
    if ph.kind == "let" then
      k.row[ph.names[1]] = res[1]
    else
      out[#out + 1] = string.format("@%%first st.global.b32 [%%ptr_%s], %s;", ph.names[1], res[1])
        .. ptx_check(k, k.outputs[ph.names[1]], res[1], "mov.b64 %bad_index, %row;", "%first")
    end
  end
  return table.concat(out, "\n")
end

local PTX_HELPERS = { context = ptx_context, element = ptx_element, combine = ptx_combine,
  group_reduce = ptx_group_reduce, row_phases = ptx_row_phases, check_stored = ptx_check_stored, MOV = MOV,
  SELP = SELP }

local function ptx(op, t)
  local kernels, entries = {}, {}
  for _, v in ipairs(PTX_VARIANTS) do
    kernels[#kernels + 1] = v
  end
  kernels[#kernels + 1] = STREAM
  -- Each kernel again with its outputs checked (guards on), entries count + 1 .. 2 count.
  local count = #kernels
  for i = 1, count do
    local g = { guarded = true }
    for key, value in pairs(kernels[i]) do
      g[key] = value
    end
    g.name = kernels[i].name .. "_guarded"
    kernels[count + i] = g
  end
  for i, v in ipairs(kernels) do
    entries[i] = "tn_" .. op.name .. "_" .. v.name
  end
  return { text = gen.render("rows.ptx", { op = op, t = t, variants = kernels, h = PTX_HELPERS }), entries = entries }
end

local GLSL_GROUP = 1024 -- invocations per row

local function glsl(op, t)
  -- Two modules: the op, and the op with its outputs checked (guards on, docs/GUARDS.md), which
  -- binds a guard slot per f32 output too; the launch plan picks one.
  local shaders = {}
  for k, guarded in ipairs({ false, true }) do
    shaders[k] = { text = gen.render("rows.comp", { op = op, t = t, group = GLSL_GROUP, guarded = guarded }),
      bindings = #op.matrices + #op.vectors + #op.row_outputs + #gen.guarded_outputs(op),
      suffix = guarded and "_guarded" or "" }
  end
  return shaders
end

-- Launches: CUDA picks the smallest variant whose rows fit in registers (matrices with ld a
-- multiple of 4, for 16-byte accesses), else streams; Vulkan runs a workgroup per row.
local function launch(op, backend, t)
  local rows, cols = op.dims[1], op.dims[2]
  local params, bindings = { { "u64", rows }, { "u64", cols } }, {}
  local aligned = {}
  for _, a in ipairs(op.args) do
    if a.role == "scalar" then
      params[#params + 1] = { "f32", a.index }
    elseif backend == "cuda" then
      params[#params + 1] = { "buffer", a.index }
      if gen.rank(a) == 2 then
        params[#params + 1] = { "u64", "ld" .. a.name }
        aligned[#aligned + 1] = "ld" .. a.name .. " % 4 == 0"
      end
    else
      bindings[#bindings + 1] = { "buffer", a.index }
    end
  end
  if backend == "cuda" then
    -- Guards (docs/GUARDS.md): a slot per f32 output and what to check, read by the guarded
    -- copies of the kernels, which the plan picks when guards are on.
    for _, a in ipairs(gen.guarded_outputs(op)) do
      params[#params + 1] = { "guard", a.index }
    end
    params[#params + 1] = { "guard_checks" }
    local expr = tostring(#PTX_VARIANTS) -- the streaming kernel
    for i = #PTX_VARIANTS, 1, -1 do
      local v = PTX_VARIANTS[i]
      expr = string.format("%s <= %d ? %d : %s", cols, v.threads * v.chunks * 4, i - 1, expr)
    end
    local fits = #aligned > 0 and table.concat(aligned, " && ") or "1"
    local threads, groups = {}, {}
    for i, v in ipairs(PTX_VARIANTS) do
      threads[i] = tostring(v.threads * v.groups)
      groups[i] = tostring(v.groups)
    end
    threads[#threads + 1] = tostring(STREAM.threads)
    groups[#groups + 1] = "1"
    local function pick(list)
      local e = list[#list]
      for i = #list - 1, 1, -1 do
        e = string.format("variant == %d ? %s : %s", i - 1, list[i], e)
      end
      return e
    end
    return { none_when = rows .. " == 0",
      let = { { "variant", string.format("(%s) ? (%s) : %d", fits, expr, #PTX_VARIANTS) },
        { "per_block", pick(groups) }, { "blocks", "tn_ucdiv(" .. rows .. ", per_block)" } },
      stages = { { entry = "variant + (c->guard_checks ? " .. (#PTX_VARIANTS + 1) .. " : 0)", block = pick(threads), grid = "tn_umin(blocks, 65535)",
        grid_y = "tn_ucdiv(blocks, 65535)", params = params } } }
  end
  params = { { "u32", rows }, { "u32", cols } }
  for _, a in ipairs(op.args) do
    if a.role == "scalar" then
      params[#params + 1] = { "f32", a.index }
    elseif gen.rank(a) == 2 then
      params[#params + 1] = { "u32", "ld" .. a.name }
    end
  end
  -- Guards (docs/GUARDS.md): what to check, and a slot per f32 output. The CUDA kernels do not
  -- check; guarded calls there read the outputs back.
  params[#params + 1] = { "guard_checks" }
  for _, a in ipairs(gen.guarded_outputs(op)) do
    bindings[#bindings + 1] = { "guard", a.index }
  end
  return { none_when = rows .. " == 0",
    stages = { { entry = "c->guard_checks ? 1 : 0", grid = "tn_umin(" .. rows .. ", 65535)", grid_y = "tn_ucdiv(" .. rows .. ", 65535)",
      params = params, bindings = bindings } } }
end

-- Tests: the reference for each row in double, and the contract's tolerance per element.
local function tests(op)
  local tolerance, tol = {}, {}
  for _, a in ipairs(gen.outputs(op)) do
    local acc = accuracy_of(op, a)
    if a.dtype == "i32" or acc.exact then
      tolerance[a.index], tol[a.name] = "TEST_EXACT", "0"
    elseif acc.ulp then
      tolerance[a.index], tol[a.name] = "TEST_ULP", tostring(acc.ulp)
    else
      tolerance[a.index], tol[a.name] = "TEST_ABS", string.format("(%s) * (%s) + (%s)", tostring(acc.rel), acc.of,
        tostring(acc.abs or 0))
    end
  end
  return { code = gen.render("rows_test.c", { op = op, tol = tol }), tolerance = tolerance }
end

local function bench(op)
  local rows, cols = "(double)d[0]", "(double)d[1]"
  local flops = 0
  for _, pass in ipairs(op.passes) do
    for _, ph in ipairs(pass.elements) do
      flops = flops + gen.lower.flops(ph.kind == "reduce" and ph.step or ph.fn)
    end
  end
  local per_element, per_row, per_col = 0, 0, 0
  for _, a in ipairs(op.args) do
    if a.role ~= "scalar" then
      local b = a.role == "inout" and 8 or 4
      if #a.shape == 2 then
        per_element = per_element + b
      elseif a.shape[1] == op.dims[1] then
        per_row = per_row + b
      else
        per_col = per_col + b
      end
    end
  end
  return { flops = string.format("%d.0 * %s * %s", flops, rows, cols),
    bytes = string.format("%d.0 * %s * %s + %d.0 * %s + %d.0 * %s", per_element, rows, cols, per_row, rows, per_col, cols),
    peer = gen.render("rows_peer.c", { op = op }) }
end

-- CPU: rows of 4096 in cache (L2), and streamed from DRAM; GPU: the shapes of large models.
local function bench_sizes(_, gpu)
  if gpu then
    return { { 8192, 8192 }, { 32768, 4096 }, { 4096, 32768 } }
  end
  return { { 16, 4096 }, { 4096, 4096 } }
end

schedule "rows" {
  doc = "per row of a matrix: reductions, row scalars and maps in passes over the row",
  cpu_guarded = true,
  build = build,
  contract = contract,
  backends = { cpu = cpu, ptx = ptx, glsl = glsl },
  launch = launch,
  tests = tests,
  bench = bench,
  bench_sizes = bench_sizes,
}
