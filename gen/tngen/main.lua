-- tngen's driver: loads the description (primitives, language, math, targets, schedules, ops),
-- asks each op's schedule for its code on every target, has the C side validate PTX and compile
-- GLSL, and hands every file to the C side, which writes them only when all succeeded.
--
-- `tngen` (a table from the C side) offers: read(path), list(folder), output(path, text),
-- check_ptx(path, text, sm, archs) -> findings, compile_glsl(path, text) -> words, disassembly.

local function load_file(path, env, ...)
  local chunk, err = load(tngen.read(path), "@" .. path, "t", env)
  if not chunk then
    error(err, 0)
  end
  return chunk(...)
end

local registry = load_file("gen/lua/prims.lua", {
  ipairs = ipairs, pairs = pairs, assert = assert })
local dsl = load_file("gen/lua/dsl.lua", _ENV, registry)
dsl.export(load_file("gen/lua/mathlib.lua", dsl.env()))

local lower = load_file("gen/tngen/lower.lua", _ENV)
local template = load_file("gen/tngen/template.lua", _ENV)
local gen = load_file("gen/tngen/gen.lua", _ENV, lower, template)
gen.helpers.dsl = dsl

-- One definition per file, named for the file: you know your room from the file name.
local function load_folder(folder, registry_of, kind, env_of)
  for _, file in ipairs(tngen.list("gen/lua/" .. folder)) do
    local path = "gen/lua/" .. folder .. "/" .. file
    local stem = file:sub(1, -5)
    local before = 0
    for _ in pairs(registry_of) do
      before = before + 1
    end
    load_file(path, env_of())
    local after = 0
    for _ in pairs(registry_of) do
      after = after + 1
    end
    if after ~= before + 1 or not registry_of[stem] then
      error(string.format("%s:1: expected exactly one %s named '%s' in this file", path, kind, stem), 0)
    end
  end
end

load_folder("targets", dsl.targets, "target", dsl.env)
dsl.resolve_targets()
load_folder("schedules", dsl.schedules, "schedule", function()
  return dsl.schedule_env({ gen = gen, debug = debug })
end)
load_folder("ops", dsl.ops, "op", dsl.env)

-- Targets in a fixed order: cpu by rank, then ptx, then glsl; ops by name.
local KIND_ORDER = { cpu = 1, ptx = 2, glsl = 3 }
local targets, ops = {}, {}
for _, n in ipairs(dsl.sorted_keys(dsl.targets)) do
  targets[#targets + 1] = dsl.targets[n]
end
table.sort(targets, function(a, b)
  if a.kind ~= b.kind then
    return KIND_ORDER[a.kind] < KIND_ORDER[b.kind]
  end
  if (a.rank or 0) ~= (b.rank or 0) then
    return (a.rank or 0) < (b.rank or 0)
  end
  return a.name < b.name
end)
for _, n in ipairs(dsl.sorted_keys(dsl.ops)) do
  ops[#ops + 1] = dsl.ops[n]
end
for i, op in ipairs(ops) do
  op.position = i - 1
end

-- The runtime loads one PTX module and one set of shaders per op: one target of each GPU kind.
local gpu_target = {}
for _, t in ipairs(targets) do
  local other = gpu_target[t.kind]
  if other then
    dsl.fail_at(t.file, t.line, "target '%s' is a second target of kind '%s' (the first is '%s', %s:%d): the runtime "
      .. "loads one per kind", t.name, t.kind, other.name, other.file, other.line)
  end
  if t.kind ~= "cpu" then
    gpu_target[t.kind] = t
  end
end

local cpu_targets = {}
for _, t in ipairs(targets) do
  if t.kind == "cpu" then
    for _, other in ipairs(cpu_targets) do
      if other.rank == t.rank then
        dsl.fail_at(t.file, t.line, "target '%s' has the same rank (%d) as '%s' (%s:%d)", t.name, t.rank, other.name,
          other.file, other.line)
      end
    end
    cpu_targets[#cpu_targets + 1] = t
  end
end
if #cpu_targets == 0 or cpu_targets[1].lanes ~= 1 then
  error("gen/lua/targets/: the lowest-ranked cpu target must have lanes = 1 (plain C)", 0)
end
for _, op in ipairs(ops) do
  for _, n in ipairs(op.targets or {}) do
    if not dsl.targets[n] then
      dsl.fail_at(op.file, op.line, "op '%s': targets names '%s', which is not a target in gen/lua/targets/", op.name, n)
    end
  end
end

local function wants(op, t)
  if not op.targets then
    return true
  end
  for _, n in ipairs(op.targets) do
    if n == t.name then
      return true
    end
  end
  return false
end

-- The functions of an op, in a fixed order.
local function fns_of(op)
  local out = {}
  for _, k in ipairs(dsl.sorted_keys(op.fns)) do
    out[#out + 1] = op.fns[k]
  end
  return out
end

local function require_spellings(op, t)
  for _, fn in ipairs(fns_of(op)) do
    lower.require(fn, t, op)
  end
end

-- Emission ------------------------------------------------------------------------------------

-- Every file has one author: an op whose name makes one of its files another op's, or one of
-- tngen's own tables, is refused at the op's file and line.
local author_of = {}
local output = tngen.output
tngen.output = function(path, text, op)
  local first = author_of[path]
  if first and op then
    dsl.fail_at(op.file, op.line, "op '%s' would write %s, which op '%s' (%s:%d) writes too: rename one", op.name,
      path, first.name, first.file, first.line)
  elseif first then
    dsl.fail_at(first.file, first.line, "op '%s' would write %s, which tngen writes for its own tables: rename the op",
      first.name, path)
  end
  author_of[path] = op
  output(path, text)
end

local ctx = { scalar = cpu_targets[1], targets = targets, cpu_targets = cpu_targets, ops = ops, wants = wants,
  fns_of = fns_of }
local code = {} -- per op: { cpu = { [target] = true }, ptx = { entries }, shaders = { { words, bindings } } }

for _, op in ipairs(ops) do
  code[op.name] = { cpu = {}, shaders = {} }
end

for _, t in ipairs(cpu_targets) do
  for _, op in ipairs(ops) do
    if wants(op, t) then
      require_spellings(op, t)
      tngen.output(string.format("cpu/%s/%s.c", t.name, op.name), op.schedule.backends.cpu(op, t, ctx), op)
      code[op.name].cpu[t.name] = true
    end
  end
end

local findings = {}
for _, t in ipairs(targets) do
  if t.kind == "ptx" then
    for _, op in ipairs(ops) do
      if wants(op, t) then
        require_spellings(op, t)
        local m = op.schedule.backends.ptx(op, t, ctx)
        local path = "ptx/" .. op.name .. ".ptx"
        for _, f in ipairs(tngen.check_ptx(path, m.text, t.sm, t.check_archs or {})) do
          findings[#findings + 1] = f
        end
        tngen.output(path, m.text, op)
        code[op.name].ptx = { text = m.text, entries = m.entries, target = t }
      end
    end
  elseif t.kind == "glsl" then
    for _, op in ipairs(ops) do
      if wants(op, t) then
        require_spellings(op, t)
        local shaders = op.schedule.backends.glsl(op, t, ctx)
        for k, s in ipairs(shaders) do
          local stem = "spirv/" .. op.name .. (s.suffix or (#shaders > 1 and ("_" .. (k - 1)) or ""))
          local words, disassembly = tngen.compile_glsl(stem .. ".comp", s.text)
          tngen.output(stem .. ".comp", s.text, op)
          tngen.output(stem .. ".spvasm", string.format("; Generated by tngen: SPIR-V of %s.comp (from %s), compiled by glslang.\n%s",
            stem, op.file, disassembly), op)
          code[op.name].shaders[k] = { words = words, bindings = s.bindings, path = stem .. ".comp" }
        end
        code[op.name].glsl_target = t
      end
    end
  end
end

local tables = load_file("gen/tngen/tables.lua", _ENV, { dsl = dsl, gen = gen, lower = lower, ctx = ctx, code = code,
  findings = findings })
tables.emit()
