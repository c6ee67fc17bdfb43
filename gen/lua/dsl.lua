-- The description language: op, target and schedule constructors, expression nodes, checked tables.
--
-- tngen loads this file first (with the primitive registry, prims.lua), then mathlib.lua, every
-- target in targets/, every schedule in schedules/ and every op in ops/. Op files see the
-- functions exported in `api` below; the math an op writes (x + y, fma(a, x, y), exp(x)) builds a
-- graph of nodes that the generator (gen/tngen/) lowers for each target. Everything that can be
-- checked here is checked here, so that an error names the Lua file and line the author must fix.

local registry = ...
local PRIMS, TYPES = registry.prims, registry.types

local dsl = { ops = {}, targets = {}, schedules = {}, prims = PRIMS, types = TYPES }

-- Errors --------------------------------------------------------------------------------------

local function fail_at(file, line, fmt, ...)
  error(string.format("%s:%d: " .. fmt, file, line, ...), 0)
end
dsl.fail_at = fail_at

local function where_called(level)
  local info = debug.getinfo(level + 1, "Sl")
  return info.short_src, info.currentline
end

-- While an op's math runs (see trace), tngen.traced() gives the last line it executed outside
-- this file: a tail call such as `return add(x, "one")` leaves no frame behind to blame.
local tracing = false

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

local function fail(msg)
  local file, line
  if tracing then
    file, line = tngen.traced()
  end
  if file then
    error(string.format("%s:%d: %s", file, line, msg), 0)
  end
  error(msg, blame_level())
end

-- Checked tables: every field named in the schema, of the type it says --------------------------

-- schema: field -> "string" | "number" | "integer" | "boolean" | "table" | "function" | "any"
-- | a function(value) returning nil or a message. Unknown fields are an error.
function dsl.check_fields(t, schema, file, line, what)
  local names = {}
  for k in pairs(schema) do
    names[#names + 1] = k
  end
  table.sort(names)
  for k, v in pairs(t) do
    local want = schema[k]
    if want == nil then
      fail_at(file, line, "%s: unknown field '%s' (expected one of: %s)", what, tostring(k), table.concat(names, ", "))
    end
    local problem
    if type(want) == "function" then
      problem = want(v)
    elseif want == "integer" then
      problem = math.type(v) ~= "integer" and "must be an integer" or nil
    elseif want ~= "any" and type(v) ~= want then
      problem = string.format("must be a %s, got %s", want, type(v))
    end
    if problem then
      fail_at(file, line, "%s: field '%s' %s", what, k, problem)
    end
  end
end

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do
    keys[#keys + 1] = k
  end
  table.sort(keys)
  return keys
end
dsl.sorted_keys = sorted_keys

-- Expression nodes -------------------------------------------------------------------------

local Node = {}
Node.__index = Node
dsl.Node = Node

local function is_node(v)
  return getmetatable(v) == Node
end
dsl.is_node = is_node

local function const(value, type)
  if type == "i32" then
    if math.type(value) ~= "integer" or value < -2147483648 or value > 4294967295 then
      fail(string.format("expected a 32-bit integer constant, got %s", tostring(value)))
    end
  elseif type == "f32" then
    value = string.unpack("<f", string.pack("<f", value)) -- rounded to float, as every target stores it
  end
  return setmetatable({ prim = "const", type = type, value = value }, Node)
end
dsl.const = const

local function operand(v, want, prim, pos)
  if want == "imm" then
    if math.type(v) ~= "integer" or v < 0 or v > 31 then
      fail(string.format("%s: operand %d must be an integer from 0 to 31, got %s", prim, pos, tostring(v)))
    end
    return v
  end
  if type(v) == "number" then
    if want ~= "f32" and want ~= "i32" then
      fail(string.format("%s: operand %d must be %s, got the number %s", prim, pos, want, tostring(v)))
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

-- Nodes count how deep their operands go, so that lowering never recurses, and an op's function
-- counts the nodes it builds: a graph far larger than any kernel needs is refused where it is
-- built (the committed ops reach a depth of 23 and 38 nodes in one function; glslang and
-- SPIRV-Tools slow down with the square of a shader's size: 10 s more at 1000 nodes, 34 at 2000).
local MAX_DEPTH, MAX_NODES = 1000, 1000
local built = 0 -- nodes built by the function being traced

local function apply(name, ...)
  local sig = PRIMS[name]
  local n = select("#", ...)
  if n ~= #sig.args then
    fail(string.format("%s takes %d operands, got %d", name, #sig.args, n))
  end
  local args, depth = {}, 0
  for i = 1, n do
    local a = operand((select(i, ...)), sig.args[i], name, i)
    args[i] = a
    if is_node(a) and (a.depth or 0) > depth then
      depth = a.depth
    end
  end
  if depth >= MAX_DEPTH then
    fail(string.format("%s: the expression is %d operations deep (at most %d)", name, depth + 1, MAX_DEPTH))
  end
  built = built + (tracing and 1 or 0)
  if built > MAX_NODES then
    fail(string.format("%s: the function builds more than %d operations", name, MAX_NODES))
  end
  local node = setmetatable({ prim = name, type = sig.ret, args = args, depth = depth + 1 }, Node)
  if sig.expand then -- the same value from other primitives, for targets that do not spell this one
    node.fallback = sig.expand(table.unpack(args))
  end
  return node
end
dsl.apply = apply

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

-- muladd without a fused fma: the product rounds first and may overflow where the result fits
-- (then |a * b| < 2 FLT_MAX); such a lane is computed again from halves, a * 0.5 * b + c * 0.5
-- (no overflow; a power-of-two scaling rounds alike), and doubled.
PRIMS.muladd.expand = function(a, b, c)
  local r = apply("fma", a, b, c)
  local halves = apply("mul", apply("fma", apply("mul", a, 0.5), b, apply("mul", c, 0.5)), 2)
  return apply("select", apply("cmp_lt", apply("abs", r), math.huge), r, halves)
end

local prim_fns = {}
for name, p in pairs(PRIMS) do
  if not p.structural then
    prim_fns[name] = function(...)
      return apply(name, ...)
    end
  end
end
dsl.prim_fns = prim_fns

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
  return setmetatable({ prim = "param", type = type, name = name, depth = 0 }, Node)
end
dsl.param = param

-- Functions: an op's math, called with symbolic parameters -------------------------------------

-- Calls fn with params; errors keep the file:line of the math (an error value that is not a
-- string is described where it was raised).
local function trace(fn, params)
  tngen.trace_lines("gen/lua/dsl.lua")
  tracing, built = true, 0
  local ok, res = xpcall(function()
    return table.pack(fn(table.unpack(params)))
  end, tngen.error_message)
  tngen.trace_lines(nil)
  tracing = false
  if not ok then
    error(res, 0)
  end
  return res
end

-- The parameter names of a Lua function, or nil for a vararg one (a primitive like `add`).
local function param_names(fn)
  local info = debug.getinfo(fn, "u")
  if info.isvararg and info.nparams == 0 then
    return nil
  end
  local names = {}
  for i = 1, info.nparams do
    names[i] = debug.getlocal(fn, i)
  end
  return names
end

-- Builds a function of an op. `offer` lists the values it may take, { { name = , type = }, ... }:
-- a Lua function takes them by parameter name (any subset, any order); a primitive used as a
-- function (combine = add) takes them in the offered order. positional: every function takes
-- them in order, the first ones (true) or all of them ("all": a combine that dropped one side
-- would be wrong for any input). Returns
-- { params = { {name, type}... }, results = { node... }, what = }.
function dsl.build(fn, offer, what, file, line, positional)
  if type(fn) ~= "function" then
    fail_at(file, line, "%s must be a function, got %s", what, type(fn))
  end
  local by_name, names = {}, {}
  for _, o in ipairs(offer) do
    by_name[o.name] = o
    names[#names + 1] = o.name
  end
  local wanted = (not positional) and param_names(fn) or nil
  local params = {}
  if wanted then
    for _, n in ipairs(wanted) do
      local o = by_name[n]
      if not o then
        fail_at(file, line, "%s: parameter '%s' is not one of the values it can take (%s)", what, n,
          table.concat(names, ", "))
      end
      params[#params + 1] = o
    end
  else
    local info = debug.getinfo(fn, "u")
    local count = (info.isvararg or info.nparams >= #offer) and #offer or info.nparams
    if info.nparams > #offer or (positional == "all" and count < #offer) then
      fail_at(file, line, "%s takes %d values, got a function of %d parameters", what, #offer, info.nparams)
    end
    for i = 1, count do
      params[i] = offer[i]
    end
  end
  local nodes = {}
  for i, p in ipairs(params) do
    nodes[i] = param(p.name, p.type)
  end
  local res = trace(fn, nodes)
  local results = {}
  for i = 1, res.n do
    local v = res[i]
    if type(v) == "number" then
      local literal = v
      v = const(v, "f32")
      v.literal = literal -- an integer literal may still be an i32 result (expect_results)
    end
    if not is_node(v) then
      fail_at(file, line, "%s: result %d must be a value, got %s", what, i, type(v))
    end
    results[i] = v
  end
  return { params = params, results = results, what = what, file = file, line = line }
end

-- Checks that a built function returns values of the given types.
function dsl.expect_results(f, want_types)
  if #f.results ~= #want_types then
    fail_at(f.file, f.line, "%s must return %d value(s), returned %d", f.what, #want_types, #f.results)
  end
  for i, t in ipairs(want_types) do
    local r = f.results[i]
    if r.type ~= t then
      if r.literal and t == "i32" and math.type(r.literal) == "integer" then
        f.results[i] = const(r.literal, "i32")
      else
        fail_at(f.file, f.line, "%s: result %d must be %s, got %s", f.what, i, t, r.type)
      end
    end
  end
end

-- Arguments -----------------------------------------------------------------------------------

-- Names that generated C, GLSL or PTX cannot use for an argument: C keywords (C17 and C23),
-- GLSL 4.50 keywords and reserved words, types, and the templates' own variables.
local RESERVED = {}
for w in ([[auto break case char const continue default do double else enum extern float for goto if
  inline int long register restrict return short signed sizeof static struct switch typedef union unsigned
  void volatile while bool true false alignas alignof constexpr nullptr static_assert thread_local typeof
  typeof_unqual
  attribute uniform varying buffer shared coherent readonly writeonly atomic_uint layout centroid flat
  smooth noperspective patch sample subroutine in out inout invariant precise discard lowp mediump highp
  precision uint sampler common partition active asm class template this resource noinline public extern
  external interface half fixed superp input output filter cast namespace using demote
  barrier main size_t ptrdiff_t
  n i j k r c row col rows cols pad acc result_ptr lanes tid lane warp block grid stride offset index_base
  params device]]):gmatch("%S+") do
  RESERVED[w] = true
end
-- Families of GLSL types (vec2, i64vec4, dmat3x2, float16_t ...) and the prefixes of generated
-- names (p_ and s_ primitives, v_ structural functions, tn_ the runtime, gl_ and spirv_ GLSL's).
local RESERVED_PATTERNS = { "^[biudhf]?vec[234]$", "^[iuf]%d+vec[234]$", "^d?mat[234]$", "^d?mat[234]x[234]$",
  "^f%d+mat[234]", "^u?int%d+_t$", "^float%d+_t$", "^t%d+$", "^vf$", "^vi$", "^vm$", "^p_", "^s_", "^v_", "^tn_",
  "^gl_", "^spirv_", "__" }
local function reserved_name(name)
  if RESERVED[name] then
    return true
  end
  for _, p in ipairs(RESERVED_PATTERNS) do
    if name:match(p) then
      return true
    end
  end
  return false
end
dsl.reserved_name = reserved_name

local Arg = {}
Arg.__index = Arg
-- vec "w" { "cols" }: the argument's shape, as a list of the op's dims.
Arg.__call = function(a, shape)
  if type(shape) ~= "table" then
    fail(string.format("%s \"%s\": a shape is a list of dims, e.g. { \"cols\" }", a.role, a.name))
  end
  a.shape = {}
  for i, d in ipairs(shape) do
    if type(d) ~= "string" then
      fail(string.format("%s \"%s\": shape[%d] must be a dim name", a.role, a.name, i))
    end
    a.shape[i] = d
  end
  return a
end

local ROLES = { vec = "in", out = "out", inout = "inout", scalar = "scalar", result = "out" }

local function arg_kind(role)
  return function(name, dtype)
    if type(name) ~= "string" or not name:match("^[a-z][a-z0-9_]*$") then
      fail(string.format("%s: expected an argument name like \"x\", got %s", role, tostring(name)))
    end
    if reserved_name(name) or PRIMS[name] then
      fail(string.format("%s \"%s\": the name is reserved (a keyword, primitive or generated name); choose another",
        role, name))
    end
    dtype = dtype or "f32"
    if dtype ~= "f32" and dtype ~= "i32" then
      fail(string.format("%s \"%s\": element type %s is not supported (f32, i32)", role, name, tostring(dtype)))
    end
    if role == "scalar" and dtype ~= "f32" then
      fail(string.format("scalar \"%s\": scalars are f32", name))
    end
    local a = setmetatable({ role = ROLES[role], name = name, dtype = dtype }, Arg)
    if role == "result" then
      a.shape = {} -- one value, returned to a host pointer
    end
    return a
  end
end

-- Ops --------------------------------------------------------------------------------------

-- File names tngen writes for itself: an op may not take one.
local RESERVED_OP_NAMES = { all_ops = true, op_table = true, trueno_ops = true, manifest = true, op_specs = true,
  bench_ops = true }

-- A bound: a finite number >= 0, or a C expression over the op's dims (the test computes it).
local BOUND_FUNCTIONS = { log2 = true, log = true, sqrt = true, fabs = true, fmax = true, fmin = true }
local function bound_problem(v, dims)
  if type(v) == "number" then
    if v ~= v or v < 0 or v == math.huge then
      return "must be a finite number >= 0, got " .. tostring(v)
    end
    return nil
  end
  if type(v) ~= "string" then
    return "must be a number >= 0 or a C expression of the op's dims (a string), got a " .. type(v)
  end
  if not v:find("%S") or v:find("[^%w_%s%.%+%-%*/%(%),]") then
    return string.format("'%s' is not an expression of numbers, dims, + - * / and ( )", v)
  end
  for id in v:gmatch("%f[%w_][%a_][%w_]*") do
    local is_dim = false
    for _, d in ipairs(dims) do
      is_dim = is_dim or d == id
    end
    if not is_dim and not BOUND_FUNCTIONS[id] then
      return string.format("'%s': '%s' is neither a dim of the op (%s) nor a function (%s)", v, id,
        table.concat(dims, ", "), table.concat(sorted_keys(BOUND_FUNCTIONS), ", "))
    end
  end
end

-- The fields of a contract, for an op of the given dims.
local function accuracy_fields(dims)
  local function bound(v)
    return bound_problem(v, dims)
  end
  return {
    ulp = bound, rel = bound, abs = bound, of = "string",
    exact = function(v)
      return v ~= true and "must be true (bit-exact), or absent" or nil
    end,
  }
end

local function check_domain(v)
  if type(v) ~= "table" or #v ~= 2 or type(v[1]) ~= "number" or type(v[2]) ~= "number" or not (v[1] < v[2])
    or v[1] == -math.huge or v[2] == math.huge then
    return "must be { lo, hi }: finite numbers with lo < hi"
  end
end

local OP_FIELDS = {
  doc = "string", dims = "table", args = "table", accuracy = "table", reference = "any", domain = check_domain,
  targets = "table", bench = "table", domains = "table",
}

-- bench = { sizes = { n, ... }, gpu_sizes = ..., domain = { lo, hi } }; an op of two dims lists
-- { rows, cols } pairs instead of n.
local function check_bench(op, bench)
  local file, line = op.file, op.line
  dsl.check_fields(bench, { sizes = "table", gpu_sizes = "table", domain = check_domain }, file, line,
    "op '" .. op.name .. "': bench")
  for _, k in ipairs({ "sizes", "gpu_sizes" }) do
    local list = bench[k]
    if list and #list == 0 then
      fail_at(file, line, "op '%s': bench.%s must be a non-empty list", op.name, k)
    end
    for i, s in ipairs(list or {}) do
      local shape = #op.dims == 1 and { s } or s
      local ok = type(shape) == "table" and #shape == #op.dims
      for _, v in ipairs(type(shape) == "table" and shape or {}) do
        ok = ok and math.type(v) == "integer" and v >= 1
      end
      if not ok then
        fail_at(file, line, "op '%s': bench.%s[%d] must be %s, got %s", op.name, k, i,
          #op.dims == 1 and "a positive integer" or ("{ " .. table.concat(op.dims, ", ") .. " } of positive integers"),
          type(s) == "table" and "a table" or tostring(s))
      end
    end
  end
end

local function read_args(op, spec)
  local seen = {}
  op.args = {}
  for i, a in ipairs(spec.args) do
    if getmetatable(a) ~= Arg then
      fail_at(op.file, op.line, "op '%s': args[%d] must be vec \"x\", out \"y\", inout \"y\", scalar \"a\" or result \"r\"",
        op.name, i)
    end
    if seen[a.name] then
      fail_at(op.file, op.line, "op '%s': argument '%s' appears twice", op.name, a.name)
    end
    seen[a.name] = true
    local shape = a.shape
    if not shape and a.role ~= "scalar" then
      shape = op.dims
    end
    for _, d in ipairs(shape or {}) do
      local known = false
      for _, od in ipairs(op.dims) do
        known = known or od == d
      end
      if not known then
        fail_at(op.file, op.line, "op '%s': argument '%s' has the dim '%s', which is not one of dims (%s)", op.name,
          a.name, d, table.concat(op.dims, ", "))
      end
    end
    op.args[i] = { name = a.name, role = a.role, dtype = a.dtype, shape = shape, index = i - 1 }
  end
end

function dsl.op(name)
  local file, line = where_called(2)
  if type(name) ~= "string" or not name:match("^[a-z][a-z0-9_]*$") then
    fail_at(file, line, "op name must be a lower-case identifier, got %s", tostring(name))
  end
  if RESERVED_OP_NAMES[name] then
    fail_at(file, line, "op name '%s' is reserved: tngen writes a file of that name", name)
  end
  return function(spec)
    if type(spec) ~= "table" then
      fail_at(file, line, "op '%s': expected a table after op \"%s\"", name, name)
    end
    local fields, chosen = {}, {}
    for k, v in pairs(OP_FIELDS) do
      fields[k] = v
    end
    for sname in pairs(dsl.schedules) do
      fields[sname] = "any" -- the schedule checks its own field
      if spec[sname] ~= nil then
        chosen[#chosen + 1] = sname
      end
    end
    dsl.check_fields(spec, fields, file, line, "op '" .. name .. "'")
    local prev = dsl.ops[name]
    if prev then
      fail_at(file, line, "op '%s': defined twice (first at %s:%d)", name, prev.file, prev.line)
    end
    for _, k in ipairs({ "doc", "args", "accuracy", "reference" }) do
      if spec[k] == nil then
        fail_at(file, line, "op '%s': missing field '%s'", name, k)
      end
    end
    if #chosen ~= 1 then
      table.sort(chosen)
      fail_at(file, line, "op '%s': needs exactly one schedule field (%s), got %d%s", name,
        table.concat(sorted_keys(dsl.schedules), ", "), #chosen, #chosen > 0 and (": " .. table.concat(chosen, ", ")) or "")
    end
    local op = { name = name, file = file, line = line, doc = spec.doc, dims = spec.dims or { "n" },
      accuracy = spec.accuracy, reference = spec.reference, domain = spec.domain, -- nil: the contract holds on every f32 input
      domains = spec.domains or {}, targets = spec.targets, bench = spec.bench or {},
      schedule = dsl.schedules[chosen[1]] }
    for i, d in ipairs(op.dims) do
      if type(d) ~= "string" or not d:match("^[a-z][a-z0-9_]*$") then
        fail_at(file, line, "op '%s': dims[%d] must be a lower-case name", name, i)
      end
    end
    read_args(op, spec)
    -- the contract: one for every output, or an entry per output named for it
    local ACCURACY = accuracy_fields(op.dims)
    local schema = {}
    for k, v in pairs(ACCURACY) do
      schema[k] = v
    end
    for _, a in ipairs(op.args) do
      if a.role == "out" or a.role == "inout" then
        schema[a.name] = function(v)
          if type(v) ~= "table" then
            return "must be a table (the contract of output " .. a.name .. ")"
          end
          dsl.check_fields(v, ACCURACY, file, line, "op '" .. name .. "': accuracy." .. a.name)
        end
      end
    end
    dsl.check_fields(op.accuracy, schema, file, line, "op '" .. name .. "': accuracy")
    -- each contract is one kind: exact, ulp, or rel of an expression (plus abs)
    local function check_contract(c, where)
      local kinds = (c.exact and 1 or 0) + (c.ulp and 1 or 0) + (c.rel and 1 or 0)
      if kinds ~= 1 then
        fail_at(file, line, "op '%s': %s needs exactly one of exact, ulp or rel, got %d", name, where, kinds)
      end
      if c.rel and not c.of and not op.schedule.rel_of_result then
        fail_at(file, line, "op '%s': %s: rel needs of (the expression the error is relative to)", name, where)
      end
      if (c.of or c.abs) and not c.rel then
        fail_at(file, line, "op '%s': %s: of and abs go with rel", name, where)
      end
    end
    local per_output = false
    for _, a in ipairs(op.args) do
      if op.accuracy[a.name] then
        per_output = true
        check_contract(op.accuracy[a.name], "accuracy." .. a.name)
      end
    end
    if not per_output then
      check_contract(op.accuracy, "accuracy")
    end
    local arg_names = {}
    for _, a in ipairs(op.args) do
      arg_names[a.name] = a.role ~= "out"
    end
    for k, d in pairs(op.domains) do
      local problem = check_domain(d)
      if not arg_names[k] then
        problem = "names no input of the op"
      end
      if problem then
        fail_at(file, line, "op '%s': domains.%s %s", name, tostring(k), problem)
      end
    end
    check_bench(op, op.bench)
    op.schedule.build(op, spec[chosen[1]])
    dsl.ops[name] = op
  end
end

-- Targets ------------------------------------------------------------------------------------

local TARGET_FIELDS = {
  kind = function(v)
    return (v ~= "cpu" and v ~= "ptx" and v ~= "glsl") and ("must be \"cpu\", \"ptx\" or \"glsl\", got " .. tostring(v)) or nil
  end,
  base = "string", doc = "string", rank = "integer", lanes = "integer", cflags = "table", needs = "table",
  types = "table", prelude = "string", prims = "table", backend = "string", version = "string", sm = "string",
  check_archs = "table", block = "integer", regs = "table", decl = "table", local_size = "integer",
  relaxed = "table",
}

local function check_target(t)
  local function terr(fmt, ...)
    fail_at(t.file, t.line, "target '%s': " .. fmt, t.name, ...)
  end
  for _, p in ipairs(sorted_keys(t.prims)) do
    local s = t.prims[p]
    if not PRIMS[p] then
      terr("prims.%s: '%s' is not a primitive (see gen/lua/prims.lua)", tostring(p), tostring(p))
    end
    if type(s) ~= "string" then
      terr("prims.%s must be a string, got %s", p, type(s))
    end
  end
  -- lists of strings, tables of spellings per type, positive sizes
  for _, k in ipairs({ "cflags", "needs", "check_archs" }) do
    for i, v in pairs(t[k] or {}) do
      if math.type(i) ~= "integer" or type(v) ~= "string" or v == "" then
        terr("%s must be a list of non-empty strings (entry %s: %s)", k, tostring(i), tostring(v))
      end
    end
  end
  for _, a in ipairs(t.check_archs or {}) do
    if not (a:match("^compute_%d+a?$") or a:match("^sm_%d+a?$")) then
      terr("check_archs: '%s' is not an arch (compute_NN or sm_NN)", a)
    end
  end
  if t.sm and not t.sm:match("^sm_%d+a?$") then
    terr("sm must be like \"sm_75\", got '%s'", t.sm)
  end
  if t.version and not t.version:match("^%d+%.%d+$") then
    terr("version must be like \"6.3\", got '%s'", t.version)
  end
  for _, k in ipairs({ "types", "regs", "decl" }) do
    for ty, v in pairs(t[k] or {}) do
      if not TYPES[ty] and ty ~= "mask" then
        terr("%s.%s: '%s' is not a type", k, tostring(ty), tostring(ty))
      end
      if type(v) ~= "string" then
        terr("%s.%s must be a string, got %s", k, ty, type(v))
      end
    end
  end
  for _, k in ipairs({ "lanes", "block", "local_size" }) do
    if t[k] ~= nil and t[k] < 1 then
      terr("%s must be a positive integer, got %d", k, t[k])
    end
  end
  if t.kind == "cpu" then
    if not t.lanes or t.lanes < 1 then
      terr("lanes must be a positive integer")
    end
    if type(t.types) ~= "table" or type(t.cflags) ~= "table" or type(t.needs) ~= "table" then
      terr("a cpu target needs types, cflags and needs tables")
    end
    if not t.rank then
      terr("rank (preference order, higher wins) must be an integer")
    end
  elseif t.kind == "ptx" then
    if not (t.version and t.sm and t.regs and t.decl and t.block) then
      terr("a ptx target needs version, sm, block, regs and decl")
    end
  elseif not (t.types and t.local_size) then
    terr("a glsl target needs types and local_size")
  end
  if t.relaxed ~= nil then -- what the target may do beyond IEEE: { ulp = { prim = N, ... }, subnormals = "may flush" }
    for _, k in ipairs(sorted_keys(t.relaxed)) do
      local v = t.relaxed[k]
      if k == "ulp" then
        if type(v) ~= "table" then
          terr("relaxed.ulp must be a table { primitive = extra ulp, ... }, got %s", type(v))
        end
        for _, p in ipairs(sorted_keys(v)) do
          if not PRIMS[p] then
            terr("relaxed.ulp.%s: '%s' is not a primitive", tostring(p), tostring(p))
          end
          if math.type(v[p]) ~= "integer" or v[p] < 0 then
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
end

function dsl.target(name)
  local file, line = where_called(2)
  return function(t)
    if type(t) ~= "table" then
      fail_at(file, line, "target '%s': expected a table", name)
    end
    dsl.check_fields(t, TARGET_FIELDS, file, line, "target '" .. name .. "'")
    if dsl.targets[name] then
      fail_at(file, line, "target '%s': defined twice (first at %s:%d)", name, dsl.targets[name].file,
        dsl.targets[name].line)
    end
    t.name, t.file, t.line = name, file, line
    t.prims = t.prims or {}
    dsl.targets[name] = t
  end
end

-- A target with `base = "other"` takes every field of the other target it does not set itself;
-- its prims table adds to (and overrides) the other's. Resolved once every target is loaded.
function dsl.resolve_targets()
  local done = {}
  local function resolve(t, chain)
    if done[t.name] then
      return
    end
    if t.base then
      local b = dsl.targets[t.base]
      if not b then
        fail_at(t.file, t.line, "target '%s': base '%s' is not a target", t.name, t.base)
      end
      if chain[b.name] then
        fail_at(t.file, t.line, "target '%s': base '%s' derives from it in turn", t.name, t.base)
      end
      chain[t.name] = true
      resolve(b, chain)
      for k, v in pairs(b) do
        if t[k] == nil and k ~= "name" and k ~= "file" and k ~= "line" and k ~= "doc" then
          t[k] = v
        end
      end
      local prims = {}
      for k, v in pairs(b.prims) do
        prims[k] = v
      end
      for k, v in pairs(t.prims) do
        prims[k] = v
      end
      t.prims = prims
    end
    if not t.kind then
      fail_at(t.file, t.line, "target '%s': kind must be \"cpu\", \"ptx\" or \"glsl\"", t.name)
    end
    check_target(t)
    done[t.name] = true
  end
  for _, n in ipairs(sorted_keys(dsl.targets)) do
    resolve(dsl.targets[n], {})
  end
end

-- Schedules ----------------------------------------------------------------------------------

local SCHEDULE_FIELDS = {
  doc = "string", build = "function", contract = "function", backends = "table", launch = "function",
  tests = "function", bench = "function", bench_sizes = "function",
  rel_of_result = "boolean", -- an accuracy rel without of bounds the error relative to the result
  cpu_guarded = "boolean", -- its CPU template also writes tn_cpu_<op>_<target>_guarded (docs/GUARDS.md)
}

function dsl.schedule(name)
  local file, line = where_called(2)
  return function(s)
    if type(s) ~= "table" then
      fail_at(file, line, "schedule '%s': expected a table", name)
    end
    dsl.check_fields(s, SCHEDULE_FIELDS, file, line, "schedule '" .. name .. "'")
    for _, k in ipairs({ "doc", "build", "contract", "backends", "launch", "tests", "bench" }) do
      if s[k] == nil then
        fail_at(file, line, "schedule '%s': missing field '%s'", name, k)
      end
    end
    if dsl.schedules[name] then
      fail_at(file, line, "schedule '%s': defined twice", name)
    end
    s.name, s.file, s.line = name, file, line
    dsl.schedules[name] = s
  end
end

-- What op, target and schedule files see -------------------------------------------------------

local api = {
  op = dsl.op, target = dsl.target, schedule = dsl.schedule,
  vec = arg_kind("vec"), out = arg_kind("out"), inout = arg_kind("inout"), scalar = arg_kind("scalar"),
  result = arg_kind("result"),
  f32 = function(v)
    return const(v, "f32")
  end,
  i32 = function(v)
    return const(v, "i32")
  end,
  inf = math.huge,
  math = math, string = string, table = table, ipairs = ipairs, pairs = pairs, type = type,
  tostring = tostring, error = error, assert = assert, select = select, setmetatable = setmetatable,
  getmetatable = getmetatable,
  next = next, tonumber = tonumber,
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

-- Schedules see the language itself, to build the functions of the ops they serve.
function dsl.schedule_env(extra)
  local env = { dsl = dsl }
  for k, v in pairs(extra or {}) do
    env[k] = v
  end
  return setmetatable(env, { __index = api })
end

-- A fresh environment per loaded file: its globals stay its own.
function dsl.env()
  return setmetatable({}, { __index = api })
end

return dsl
