-- Lowering: an op's function (a graph of primitive nodes) as C, GLSL or PTX for one target.
--
-- A function's graph becomes a DAG in topological order with equal nodes shared; per target,
-- nodes whose primitive the target does not spell are replaced by their fallback (the same value
-- from other primitives), and only nodes a result needs are emitted. Traversals are iterative:
-- a graph's depth never reaches the C stack.

local lower = {}

local function f32_bits(v)
  return string.unpack("<I4", string.pack("<f", v))
end
lower.f32_bits = f32_bits

-- The DAG of fn: { nodes = { ... }, roots = { index ... }, params = fn.params }. A node is
-- { prim, type, args = { index | { imm = k } }, value, name, fallback = index }.
local function dag_of(fn)
  if fn.dag then
    return fn.dag
  end
  local nodes, index_of, by_key = {}, {}, {}
  local function key_of(n, args)
    if n.prim == "const" then
      return "c|" .. n.type .. "|" .. (n.type == "f32" and f32_bits(n.value) or n.value)
    elseif n.prim == "param" then
      return "p|" .. n.name
    end
    local parts = { n.prim, n.type }
    for i, a in ipairs(args) do
      parts[#parts + 1] = type(a) == "table" and ("#" .. a.imm) or a
    end
    return table.concat(parts, "|")
  end
  -- Post-order over operands (and fallbacks), with an explicit stack.
  local function add(root)
    local stack = { { node = root, next = 1 } }
    while #stack > 0 do
      local top = stack[#stack]
      local n = top.node
      if index_of[n] then
        stack[#stack] = nil
      else
        local pending = nil
        local args = n.args or {}
        while top.next <= #args + 1 do
          local k = top.next
          top.next = k + 1
          local a = k <= #args and args[k] or n.fallback
          if type(a) == "table" and not index_of[a] then
            pending = a
            break
          end
        end
        if pending then
          stack[#stack + 1] = { node = pending, next = 1 }
        else
          local margs = {}
          for i, a in ipairs(args) do
            margs[i] = type(a) == "number" and { imm = a } or index_of[a]
          end
          local key = key_of(n, margs)
          local idx = by_key[key]
          if not idx then
            idx = #nodes + 1
            nodes[idx] = { prim = n.prim, type = n.type, args = margs, value = n.value, name = n.name,
              fallback = n.fallback and index_of[n.fallback] }
            by_key[key] = idx
          end
          index_of[n] = idx
          stack[#stack] = nil
        end
      end
    end
    return index_of[root]
  end
  local roots = {}
  for i, r in ipairs(fn.results) do
    roots[i] = add(r)
  end
  fn.dag = { nodes = nodes, roots = roots, params = fn.params }
  return fn.dag
end

local function spelled(t, prim)
  return t.prims[prim] ~= nil
end

-- Which node stands for each node on target t (alias), and which are needed (live).
local function plan(d, t)
  local alias, live = {}, {}
  for i, n in ipairs(d.nodes) do
    local native = n.fallback == nil or spelled(t, n.prim)
    alias[i] = native and i or alias[n.fallback]
  end
  for _, r in ipairs(d.roots) do
    live[alias[r]] = true
  end
  for i = #d.nodes, 1, -1 do
    if live[i] then
      for _, a in ipairs(d.nodes[i].args) do
        if type(a) == "number" then
          live[alias[a]] = true
        end
      end
    end
  end
  return alias, live
end

local function is_leaf(n)
  return n.prim == "param" or n.prim == "const"
end

-- Every primitive fn computes with on t; a missing spelling is an error naming t, prim and op.
function lower.primitives(fn, t)
  local d = dag_of(fn)
  local _, live = plan(d, t)
  local used = {}
  for i, n in ipairs(d.nodes) do
    if live[i] and not is_leaf(n) then
      used[n.prim] = true
    end
  end
  return used
end

local function no_spelling(t, prim, op)
  error(string.format("%s:%d: target '%s' has no spelling for primitive '%s', needed by op '%s' (%s:%d)",
    t.file, t.line, t.name, prim, op.name, op.file, op.line), 0)
end

function lower.require(fn, t, op)
  for prim in pairs(lower.primitives(fn, t)) do
    if not spelled(t, prim) then
      no_spelling(t, prim, op)
    end
  end
end

-- C and GLSL: one statement per node, "vf t7 = p_fma(t5, x, t6);".
-- style = { types = { f32 = , i32 = , mask = }, prefix = "p_", const = function(node) -> text }
-- names: parameter name -> its spelling (default: the name). Returns the statements and the
-- spellings of the results.
function lower.c(fn, t, style, names)
  local d = dag_of(fn)
  local alias, live = plan(d, t)
  names = names or {}
  local tmp = style.tmp or "t"
  local function ref(i)
    local n = d.nodes[alias[i]]
    if n.prim == "param" then
      return names[n.name] or n.name
    end
    return tmp .. (alias[i] - 1)
  end
  local lines = {}
  for i, n in ipairs(d.nodes) do
    if live[i] and n.prim ~= "param" then
      local value
      if n.prim == "const" then
        value = style.const(n)
      else
        local args = {}
        for k, a in ipairs(n.args) do
          args[k] = type(a) == "table" and tostring(a.imm) or ref(a)
        end
        value = string.format("%s%s(%s)", style.prefix, n.prim, table.concat(args, ", "))
      end
      lines[#lines + 1] = string.format("%s %s%d = %s;", style.types[n.type], tmp, i - 1, value)
    end
  end
  local results = {}
  for k, r in ipairs(d.roots) do
    results[k] = ref(r)
  end
  local used = {}
  for i, n in ipairs(d.nodes) do
    if live[i] and n.prim == "param" then
      used[n.name] = true
    end
  end
  return lines, results, used
end

-- PTX: the target's spelling of each node, %0 its register, %1.. its operands, %P the kernel's
-- scratch predicate. regs(type) allocates a register; params maps parameter names to registers.
-- Constants become registers set by mov. Returns the instructions and the result registers.
function lower.ptx(fn, t, regs, params, op)
  local d = dag_of(fn)
  local alias, live = plan(d, t)
  local reg_of = {}
  local function ref(i)
    local n = d.nodes[alias[i]]
    if n.prim == "param" then
      local r = params[n.name]
      if not r then
        error("internal: no register for parameter " .. n.name)
      end
      return r
    end
    return reg_of[alias[i]]
  end
  local movs = { f32 = "mov.f32", i32 = "mov.b32", mask = "mov.pred" }
  local lines = {}
  for i, n in ipairs(d.nodes) do
    if live[i] and n.prim ~= "param" then
      local r = regs(n.type)
      reg_of[i] = r
      if n.prim == "const" then
        local v = n.type == "f32" and string.format("0f%08X", f32_bits(n.value)) or string.format("%d", n.value)
        lines[#lines + 1] = string.format("%s %s, %s;", movs[n.type], r, v)
      else
        local text = t.prims[n.prim]
        if not text then
          no_spelling(t, n.prim, op)
        end
        text = text:gsub("%%([0-3P])", function(c)
          if c == "P" then
            return "%scratch"
          elseif c == "0" then
            return r
          end
          local a = n.args[tonumber(c)]
          return type(a) == "table" and tostring(a.imm) or ref(a)
        end)
        for ins in text:gmatch("[^\n]+") do
          lines[#lines + 1] = ins
        end
      end
    end
  end
  local results = {}
  for k, root in ipairs(d.roots) do
    results[k] = ref(root)
  end
  return lines, results
end

-- One function per primitive t spells, its body the spelling (a macro where an operand is an
-- immediate, so that it stays literal). style: types, prefix, qualifier, result_qualifier.
function lower.prim_functions(prims, t, style)
  local out = {}
  local params = { "a", "b", "c" }
  local names = {}
  for name, p in pairs(prims) do
    if not p.structural and t.prims[name] and style.types[p.ret] then
      names[#names + 1] = name
    end
  end
  table.sort(names)
  for _, name in ipairs(names) do
    local p, text = prims[name], t.prims[name]
    local has_imm, decl = false, {}
    for i, a in ipairs(p.args) do
      has_imm = has_imm or a == "imm"
      decl[i] = (style.types[a] or "int") .. " " .. params[i]
    end
    if has_imm then
      out[#out + 1] = string.format("#define %s%s(a, b) (%s)", style.prefix, name, text)
    elseif style.result_qualifier and p.ret == "f32" then
      out[#out + 1] = string.format("%s%s %s%s(%s) { %s %s r = %s; return r; }", style.qualifier,
        style.types[p.ret], style.prefix, name, table.concat(decl, ", "), style.result_qualifier,
        style.types[p.ret], text)
    else
      out[#out + 1] = string.format("%s%s %s%s(%s) { return %s; }", style.qualifier, style.types[p.ret],
        style.prefix, name, table.concat(decl, ", "), text)
    end
  end
  return table.concat(out, "\n")
end

-- Arithmetic of fn's math reachable from its results through operands (fma counts two), for
-- benchmark tables.
function lower.flops(fn)
  local d = dag_of(fn)
  local seen, stack, count = {}, {}, 0
  for _, r in ipairs(d.roots) do
    stack[#stack + 1] = r
  end
  while #stack > 0 do
    local i = table.remove(stack)
    if not seen[i] then
      seen[i] = true
      local n = d.nodes[i]
      if not is_leaf(n) then
        count = count + ((n.prim == "fma" or n.prim == "muladd") and 2 or 1)
        for _, a in ipairs(n.args) do
          if type(a) == "number" then
            stack[#stack + 1] = a
          end
        end
      end
    end
  end
  return count
end

return lower
