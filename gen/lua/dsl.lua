-- The description language: op and target constructors, expression nodes, primitives.
--
-- tngen loads this file first, then mathlib.lua, every target in targets/ and every op in
-- ops/. Op files see the functions exported in `api` below; the math an op writes
-- (x + y, fma(a, x, y), exp(x)) builds a tree of nodes that tngen (C) turns into its IR and
-- lowers for each target. Everything that can be checked here is checked here, so that an
-- error names the Lua file and line the author has to fix.

local dsl = { ops = {}, targets = {} }

-- Primitives: the only operations a kernel may use. Each target spells every one of them.
-- `args` are operand types ("imm" is a small integer known at generation time).
-- ORDER: tngen reads this table by name; adding a primitive means adding its spelling to
-- every target in targets/ (a missing one is reported at generation time).
local PRIMS = {
  add = { args = { "f32", "f32" }, ret = "f32", doc = "a + b, rounded once" },
  sub = { args = { "f32", "f32" }, ret = "f32", doc = "a - b, rounded once" },
  mul = { args = { "f32", "f32" }, ret = "f32", doc = "a * b, rounded once" },
  div = { args = { "f32", "f32" }, ret = "f32", doc = "a / b, rounded once where the target says so" },
  fma = { args = { "f32", "f32", "f32" }, ret = "f32", doc = "a * b + c; fused where the target has it" },
  neg = { args = { "f32" }, ret = "f32", doc = "-a (sign flip, also of NaN and 0)" },
  abs = { args = { "f32" }, ret = "f32", doc = "|a| (clears the sign bit)" },
  sqrt = { args = { "f32" }, ret = "f32", doc = "square root, rounded once where the target says so" },
  max = { args = { "f32", "f32" }, ret = "f32", doc = "a > b ? a : b (b when either is NaN)" },
  min = { args = { "f32", "f32" }, ret = "f32", doc = "a < b ? a : b (b when either is NaN)" },
  cmp_lt = { args = { "f32", "f32" }, ret = "mask", doc = "a < b (false for NaN)" },
  cmp_le = { args = { "f32", "f32" }, ret = "mask", doc = "a <= b (false for NaN)" },
  cmp_gt = { args = { "f32", "f32" }, ret = "mask", doc = "a > b (false for NaN)" },
  cmp_ge = { args = { "f32", "f32" }, ret = "mask", doc = "a >= b (false for NaN)" },
  select = { args = { "mask", "f32", "f32" }, ret = "f32", doc = "m ? a : b, per lane" },
  as_i32 = { args = { "f32" }, ret = "i32", doc = "the bits of a float as an integer" },
  as_f32 = { args = { "i32" }, ret = "f32", doc = "the bits of an integer as a float" },
  iadd = { args = { "i32", "i32" }, ret = "i32", doc = "a + b modulo 2^32" },
  isub = { args = { "i32", "i32" }, ret = "i32", doc = "a - b modulo 2^32" },
  shl = { args = { "i32", "imm" }, ret = "i32", doc = "a << k" },
  sra = { args = { "i32", "imm" }, ret = "i32", doc = "a >> k, arithmetic" },
  to_i32 = { args = { "f32" }, ret = "i32", doc = "an integer-valued float as an integer" },
  -- Composite: targets with a native instruction spell it; the others get `expand` below.
  scalb = { args = { "f32", "f32" }, ret = "f32", doc = "a * 2^b for integer-valued b in [-151, 129], rounded once" },
}
dsl.prims = PRIMS

-- Expression nodes -------------------------------------------------------------------------

local Node = {}
Node.__index = Node

local function is_node(v)
  return getmetatable(v) == Node
end

-- Where an error inside an op's math should point: the first caller outside this file.
local function blame_level()
  local level = 3
  while true do
    local info = debug.getinfo(level, "S")
    if not info then
      return 2
    end
    if info.short_src ~= "gen/lua/dsl.lua" and info.what ~= "C" then
      return level - 1
    end
    level = level + 1
  end
end

-- While an op's math runs (see trace), the last line it executed outside this file: a tail
-- call such as `return add(x, "one")` leaves no frame behind to blame.
local traced = nil

local function fail(msg)
  if traced and traced.file then
    error(string.format("%s:%d: %s", traced.file, traced.line, msg), 0)
  end
  error(msg, blame_level())
end

local function const(value, type)
  if type == "i32" then
    if math.type(value) ~= "integer" or value < -2147483648 or value > 4294967295 then
      fail(string.format("expected a 32-bit integer constant, got %s", tostring(value)))
    end
  end
  return setmetatable({ prim = "const", type = type, value = value }, Node)
end

-- Turn an operand into a node of the expected type (numbers become constants).
local function operand(v, want, prim, pos)
  if want == "imm" then
    if math.type(v) ~= "integer" or v < 0 or v > 31 then
      fail(string.format("%s: operand %d must be an integer from 0 to 31, got %s", prim, pos, tostring(v)))
    end
    return v
  end
  if type(v) == "number" then
    if want == "mask" then
      fail(string.format("%s: operand %d must be a comparison result, got the number %s", prim, pos, tostring(v)))
    end
    return const(v, want)
  end
  if not is_node(v) then
    fail(string.format("%s: operand %d must be a value (%s), got %s", prim, pos, want, type(v)))
  end
  if v.type ~= want then
    fail(string.format("%s: operand %d must be %s, got %s", prim, pos, want, v.type))
  end
  return v
end

local function apply(name, ...)
  local sig = PRIMS[name]
  local n = select("#", ...)
  if n ~= #sig.args then
    fail(string.format("%s takes %d operands, got %d", name, #sig.args, n))
  end
  local args = {}
  for i = 1, n do
    args[i] = operand((select(i, ...)), sig.args[i], name, i)
  end
  local node = setmetatable({ prim = name, type = sig.ret, args = args }, Node)
  if sig.expand then -- the same value from other primitives, for targets that do not spell this one
    node.fallback = sig.expand(table.unpack(args))
  end
  return node
end

-- scalb without a native instruction: 2^b as two factors that are each a normal float, so that
-- a * s1 * s2 rounds once even when the result is subnormal or overflows.
PRIMS.scalb.expand = function(a, b)
  local n = apply("to_i32", b)
  local n1 = apply("sra", n, 1)
  local n2 = apply("isub", n, n1)
  local s1 = apply("as_f32", apply("shl", apply("iadd", n1, 127), 23))
  local s2 = apply("as_f32", apply("shl", apply("iadd", n2, 127), 23))
  return apply("mul", apply("mul", a, s1), s2)
end

local prim_fns = {}
for name in pairs(PRIMS) do
  prim_fns[name] = function(...)
    return apply(name, ...)
  end
end

-- Operators pick the float or the integer primitive from the operands' type.
local function typed(fname, iname)
  return function(a, b)
    local t = (is_node(a) and a.type) or (is_node(b) and b.type) or "f32"
    if t == "i32" then
      if not iname then
        fail(string.format("operator for %s has no integer form", fname))
      end
      return apply(iname, a, b)
    end
    return apply(fname, a, b)
  end
end
Node.__add = typed("add", "iadd")
Node.__sub = typed("sub", "isub")
Node.__mul = typed("mul")
Node.__div = typed("div")
Node.__unm = function(a)
  return apply("neg", a)
end
Node.__tostring = function(n)
  return string.format("<%s %s>", n.type, n.prim)
end

local function param(name, type)
  return setmetatable({ prim = "param", type = type or "f32", name = name }, Node)
end

-- Op specs ---------------------------------------------------------------------------------

local function where_called(level)
  local info = debug.getinfo(level + 1, "Sl")
  return info.short_src, info.currentline
end

-- Names the templates use for their own variables.
local RESERVED = { n = true, i = true, k = true, pad = true, result = true, index = true, acc = true }

-- Argument constructors: vec "x" (read), out "z" (written), inout "y" (both), scalar "a".
local function arg_kind(role)
  return function(name, dtype)
    if type(name) ~= "string" or not name:match("^[a-z][a-z0-9_]*$") then
      fail(string.format("%s: expected an argument name like \"x\", got %s", role, tostring(name)))
    end
    if RESERVED[name] or name:match("^t%d+$") then
      fail(string.format("%s \"%s\": the name is reserved for generated code; choose another", role, name))
    end
    dtype = dtype or "f32"
    if dtype ~= "f32" then
      fail(string.format("%s \"%s\": element type %s is not supported yet (only f32)", role, name, dtype))
    end
    return { role = role, name = name, dtype = dtype }
  end
end

local OP_FIELDS = {
  doc = "string", args = "table", map = "function", reduce = "table", argreduce = "table",
  accuracy = "table", reference = "any", domain = "table", targets = "table", bench = "table",
}

local function op_error(file, line, name, fmt, ...)
  error(string.format("%s:%d: op '%s': " .. fmt, file, line, name, ...), 0)
end

-- Calls an op's math with symbolic parameters; errors keep the file:line of the math.
local function trace(fn, params)
  local where = {}
  debug.sethook(function(_, line)
    local src = debug.getinfo(2, "S").short_src
    if src ~= "gen/lua/dsl.lua" then
      where.file, where.line = src, line
    end
  end, "l")
  traced = where
  local ok, res = pcall(function()
    return table.pack(fn(table.unpack(params)))
  end)
  debug.sethook()
  traced = nil
  if not ok then
    error(res, 0)
  end
  return res
end

local function check_values(file, line, name, what, values, want_n, want_type)
  if values.n ~= want_n then
    op_error(file, line, name, "%s must return %d value(s), returned %d", what, want_n, values.n)
  end
  for i = 1, values.n do
    local v = values[i]
    if type(v) == "number" then
      v = const(v, want_type)
      values[i] = v
    end
    if not is_node(v) or v.type ~= want_type then
      op_error(file, line, name, "%s: result %d must be %s, got %s", what, i,
        want_type, is_node(v) and v.type or type(v))
    end
  end
  return values
end

local function check_number(file, line, name, what, v)
  if type(v) ~= "number" then
    op_error(file, line, name, "%s must be a number, got %s", what, type(v))
  end
end

local function build_map(s, spec, inputs, outputs)
  local params = {}
  for i, a in ipairs(inputs) do
    params[i] = param(a.name)
  end
  local res = trace(spec.map, params)
  s.outputs = check_values(s.file, s.line, s.name, "map", res, #outputs, "f32")
  if type(spec.reference) ~= "string" then
    op_error(s.file, s.line, s.name, "reference must be a C expression in double over %s, e.g. \"x + y\"",
      #inputs > 0 and inputs[1].name or "the arguments")
  end
  local acc = spec.accuracy
  if acc.ulp == nil and acc.rel == nil then
    op_error(s.file, s.line, s.name, "accuracy of a map op needs ulp = N or rel = R with of = \"C expr\"")
  end
end

local function build_reduce(s, spec, inputs)
  local r = spec.reduce
  local file, line, name = s.file, s.line, s.name
  check_number(file, line, name, "reduce.init", r.init)
  if type(r.step) ~= "function" or type(r.combine) ~= "function" then
    op_error(file, line, name, "reduce needs step = function(acc, ...) and combine = function(a, b)")
  end
  local params = { param("acc") }
  for _, a in ipairs(inputs) do
    params[#params + 1] = param(a.name)
  end
  s.init = r.init
  s.step = check_values(file, line, name, "reduce.step", trace(r.step, params), 1, "f32")[1]
  s.combine = check_values(file, line, name, "reduce.combine",
    trace(r.combine, { param("a"), param("b") }), 1, "f32")[1]
  if r.final ~= nil then
    s.final = check_values(file, line, name, "reduce.final", trace(r.final, { param("acc") }), 1, "f32")[1]
  end
  local ref = spec.reference
  if type(ref) ~= "table" or type(ref.step) ~= "string" then
    op_error(file, line, name, "reference of a reduce op must be { step = \"C expr over acc, %s\", final = ... }",
      inputs[1] and inputs[1].name or "x")
  end
end

local function build_argreduce(s, spec, inputs)
  local r = spec.argreduce
  check_number(s.file, s.line, s.name, "argreduce.init", r.init)
  if type(r.better) ~= "function" then
    op_error(s.file, s.line, s.name, "argreduce needs better = function(x, best) returning a comparison")
  end
  if #inputs ~= 1 then
    op_error(s.file, s.line, s.name, "argreduce takes exactly one vec argument, got %d", #inputs)
  end
  s.init = r.init
  s.better = check_values(s.file, s.line, s.name, "argreduce.better",
    trace(r.better, { param("x"), param("best") }), 1, "mask")[1]
  if type(spec.reference) ~= "table" or type(spec.reference.better) ~= "string" then
    op_error(s.file, s.line, s.name, "reference of an argreduce op must be { better = \"C expr over x, best\" }")
  end
end

-- bench = { sizes = { n, ... }, gpu_sizes = { n, ... }, domain = { lo, hi } }: what the benchmarks
-- time (each optional; domain defaults to the op's own, and suits inputs that take no special path).
local function check_bench(file, line, name, bench)
  if bench == nil then
    return
  end
  for k, v in pairs(bench) do
    if k ~= "sizes" and k ~= "gpu_sizes" and k ~= "domain" then
      op_error(file, line, name, "bench: unknown field '%s' (expected sizes, gpu_sizes, domain)", tostring(k))
    end
    if k == "domain" and (type(v) ~= "table" or type(v[1]) ~= "number" or type(v[2]) ~= "number"
        or v[1] >= v[2]) then
      op_error(file, line, name, "bench.domain must be { lo, hi } with lo < hi")
    elseif k == "domain" then
      goto continue
    end
    if type(v) ~= "table" or #v == 0 then
      op_error(file, line, name, "bench.%s must be a non-empty list of sizes", k)
    end
    for i, n in ipairs(v) do
      if math.type(n) ~= "integer" or n < 1 then
        op_error(file, line, name, "bench.%s[%d] must be a positive integer, got %s", k, i, tostring(n))
      end
    end
    ::continue::
  end
end

function dsl.op(name)
  local file, line = where_called(2)
  if type(name) ~= "string" or not name:match("^[a-z][a-z0-9_]*$") then
    error(string.format("%s:%d: op name must be a lower-case identifier, got %s", file, line, tostring(name)), 0)
  end
  return function(spec)
    if type(spec) ~= "table" then
      op_error(file, line, name, "expected a table after op \"%s\"", name)
    end
    for k, v in pairs(spec) do
      local want = OP_FIELDS[k]
      if not want then
        op_error(file, line, name, "unknown field '%s' (expected one of: doc, args, map, reduce, argreduce, "
          .. "accuracy, reference, domain, targets, bench)", tostring(k))
      end
      if want ~= "any" and type(v) ~= want then
        op_error(file, line, name, "field '%s' must be a %s, got %s", k, want, type(v))
      end
    end
    local prev = dsl.ops[name]
    if prev then
      op_error(file, line, name, "defined twice (first at %s:%d)", prev.file, prev.line)
    end
    for _, k in ipairs({ "doc", "args", "accuracy", "reference" }) do
      if spec[k] == nil then
        op_error(file, line, name, "missing field '%s'", k)
      end
    end
    local shapes = (spec.map and 1 or 0) + (spec.reduce and 1 or 0) + (spec.argreduce and 1 or 0)
    if shapes ~= 1 then
      op_error(file, line, name, "needs exactly one of map, reduce, argreduce (got %d)", shapes)
    end
    local s = { name = name, file = file, line = line, doc = spec.doc, args = {},
      accuracy = spec.accuracy, reference = spec.reference, domain = spec.domain, targets = spec.targets,
      bench = spec.bench }
    local inputs, outputs, seen = {}, {}, {}
    for i, a in ipairs(spec.args) do
      if type(a) ~= "table" or not a.role then
        op_error(file, line, name, "args[%d] must be vec \"x\", out \"z\", inout \"y\" or scalar \"a\"", i)
      end
      if seen[a.name] then
        op_error(file, line, name, "argument '%s' appears twice", a.name)
      end
      seen[a.name] = true
      s.args[i] = a
      if a.role ~= "out" then
        inputs[#inputs + 1] = a
      end
      if a.role == "out" or a.role == "inout" then
        outputs[#outputs + 1] = a
      end
    end
    if spec.map then
      s.kind = "map"
      if #outputs ~= 1 then
        op_error(file, line, name, "a map op writes exactly one out or inout argument, got %d", #outputs)
      end
      build_map(s, spec, inputs, outputs)
    else
      if #outputs > 0 then
        op_error(file, line, name, "a reduction returns its result; '%s' cannot be out or inout", outputs[1].name)
      end
      for _, a in ipairs(inputs) do
        if a.role ~= "vec" then
          op_error(file, line, name, "reductions take vec arguments only; '%s' is %s", a.name, a.role)
        end
      end
      if spec.reduce then
        s.kind = "reduce"
        build_reduce(s, spec, inputs)
      else
        s.kind = "argreduce"
        build_argreduce(s, spec, inputs)
      end
    end
    if spec.domain ~= nil and (type(spec.domain[1]) ~= "number" or type(spec.domain[2]) ~= "number"
        or spec.domain[1] >= spec.domain[2]) then
      op_error(file, line, name, "domain must be { lo, hi } with lo < hi")
    end
    check_bench(file, line, name, spec.bench)
    dsl.ops[name] = s
  end
end

-- Target tables ----------------------------------------------------------------------------

local TARGET_KINDS = { cpu = true, ptx = true, glsl = true }

function dsl.target(name)
  local file, line = where_called(2)
  return function(t)
    local function terr(fmt, ...)
      error(string.format("%s:%d: target '%s': " .. fmt, file, line, name, ...), 0)
    end
    if type(t) ~= "table" then
      terr("expected a table")
    end
    if not TARGET_KINDS[t.kind] then
      terr("kind must be \"cpu\", \"ptx\" or \"glsl\", got %s", tostring(t.kind))
    end
    if type(t.prims) ~= "table" then
      terr("missing table 'prims' (how each primitive is spelled)")
    end
    for p, spelling in pairs(t.prims) do
      if type(spelling) ~= "string" then
        terr("prims.%s must be a string, got %s", tostring(p), type(spelling))
      end
    end
    if t.kind == "cpu" then
      if math.type(t.lanes) ~= "integer" or t.lanes < 1 then
        terr("lanes must be a positive integer")
      end
      if type(t.types) ~= "table" or type(t.cflags) ~= "table" or type(t.needs) ~= "table" then
        terr("a cpu target needs types, cflags and needs tables")
      end
      if math.type(t.rank) ~= "integer" then
        terr("rank (preference order, higher wins) must be an integer")
      end
    end
    if t.relaxed ~= nil then -- what the target may do beyond IEEE: { ulp = { prim = N, ... }, subnormals = "may flush" }
      if type(t.relaxed) ~= "table" then
        terr("relaxed must be a table, got %s", type(t.relaxed))
      end
      for k, v in pairs(t.relaxed) do
        if k == "ulp" then
          if type(v) ~= "table" then
            terr("relaxed.ulp must be a table { primitive = extra ulp, ... }, got %s", type(v))
          end
          for p, n in pairs(v) do
            if not PRIMS[p] then
              terr("relaxed.ulp.%s: '%s' is not a primitive", tostring(p), tostring(p))
            end
            if math.type(n) ~= "integer" or n < 0 then
              terr("relaxed.ulp.%s must be a non-negative integer", p)
            end
          end
        elseif k == "subnormals" then
          if v ~= "may flush" and v ~= "kept" then
            terr("relaxed.subnormals must be \"may flush\" or \"kept\", got %s", tostring(v))
          end
        else
          terr("relaxed.%s: unknown field (expected ulp, subnormals)", tostring(k))
        end
      end
    end
    if dsl.targets[name] then
      terr("defined twice (first at %s:%d)", dsl.targets[name].file, dsl.targets[name].line)
    end
    t.name, t.file, t.line = name, file, line
    dsl.targets[name] = t
  end
end

-- What op and target files see ---------------------------------------------------------------

local api = {
  op = dsl.op, target = dsl.target,
  vec = arg_kind("vec"), out = arg_kind("out"), inout = arg_kind("inout"), scalar = arg_kind("scalar"),
  f32 = function(v)
    return const(v, "f32")
  end,
  i32 = function(v)
    return const(v, "i32")
  end,
  inf = math.huge,
  math = math, string = string, table = table, ipairs = ipairs, pairs = pairs, type = type,
  tostring = tostring, error = error, assert = assert,
}
for k, f in pairs(prim_fns) do
  api[k] = f
end
dsl.api = api

-- Math libraries (mathlib.lua) add their functions here, next to the primitives.
function dsl.export(functions)
  for k, f in pairs(functions) do
    if api[k] ~= nil then
      error(string.format("library function '%s' would hide a primitive or builtin", k), 2)
    end
    api[k] = f
  end
end

-- A fresh environment per loaded file: its globals stay its own.
function dsl.env()
  return setmetatable({}, { __index = api })
end

return dsl
