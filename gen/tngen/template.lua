-- Templates: files that read as the language they produce, with a one-character escape to Lua.
--
--   | for k = 0, lanes - 1 do          a line whose first non-blank character is | is Lua,
--       vf acc${k} = v_splat(0.0f);      run while the template expands; other lines are text
--   | end                                in which ${expr} is the value of a Lua expression.
--
-- A ${expr} alone on its line is a block: every line of its value is indented like the
-- placeholder, and an empty value leaves no line behind. A template compiles to a Lua chunk with
-- one line per template line, named for the template file, so that an error anywhere in it
-- (Lua syntax, an unknown name, a failing helper) points at the template's file and line.

local template = {}

local function quote(s)
  return string.format("%q", s)
end

-- The Lua source of a template's text line: _line(literal, (expr), literal ...).
local function text_line(line, path, number)
  local only_indent, only_expr = line:match("^(%s*)%${(.*)}%s*$")
  if only_expr and not only_expr:find("}", 1, true) then
    return string.format("_block(%s, (%s))", quote(only_indent), only_expr)
  end
  local parts, pos = {}, 1
  while true do
    local start = line:find("${", pos, true)
    if not start then
      break
    end
    if start > pos then
      parts[#parts + 1] = quote(line:sub(pos, start - 1))
    end
    local depth, i = 1, start + 2
    while i <= #line and depth > 0 do
      local c = line:sub(i, i)
      depth = depth + (c == "{" and 1 or c == "}" and -1 or 0)
      i = i + 1
    end
    if depth > 0 then
      error(string.format("%s:%d: unterminated ${", path, number), 0)
    end
    parts[#parts + 1] = "(" .. line:sub(start + 2, i - 2) .. ")"
    pos = i
  end
  if pos <= #line then
    parts[#parts + 1] = quote(line:sub(pos))
  end
  return "_line(" .. table.concat(parts, ", ") .. ")"
end

local compiled = {}

-- The Lua source of the template at path, read and translated once per run.
local function compile(path)
  if compiled[path] then
    return compiled[path]
  end
  local text = tngen.read(path)
  local lines = {}
  for line in (text:sub(-1) == "\n" and text or text .. "\n"):gmatch("(.-)\n") do
    lines[#lines + 1] = line
  end
  local code = {}
  for i, line in ipairs(lines) do
    local lua = line:match("^%s*|(.*)$")
    code[i] = lua or text_line(line, path, i)
  end
  code[1] = "local _line, _block = ...; " .. (code[1] or "")
  compiled[path] = table.concat(code, "\n")
  return compiled[path]
end

local function as_text(v)
  local t = type(v)
  if t == "string" then
    return v
  elseif math.type(v) == "integer" then
    return tostring(v)
  end
  error(string.format("a template value must be a string or an integer, got %s%s", t,
    t == "number" and " (format it first)" or ""), 3)
end

-- Renders gen/templates/<name> with vars (a table); names not in vars are looked up in helpers,
-- then are an error. Returns the text.
function template.render(name, vars, helpers)
  local path = "gen/templates/" .. name
  local source = compile(path)
  local out, deferred = {}, {}
  local env = {}
  local lookups = { vars or {}, helpers or {}, template.base }
  setmetatable(env, {
    __index = function(_, k)
      for _, t in ipairs(lookups) do
        local v = t[k]
        if v ~= nil then
          return v
        end
      end
      error(string.format("unknown name '%s'", tostring(k)), 2)
    end,
    __newindex = function(_, k)
      error(string.format("assignment to '%s': declare it local", tostring(k)), 2)
    end,
  })
  local chunk, err = load(source, "@" .. path, "t", env)
  if not chunk then
    error(err, 0)
  end
  rawset(env, "defer", function(fn)
    deferred[#deferred + 1] = fn
    return "\1" .. #deferred .. "\1"
  end)
  local function line(...)
    local parts = table.pack(...)
    for i = 1, parts.n do
      parts[i] = as_text(parts[i])
    end
    out[#out + 1] = table.concat(parts, "", 1, parts.n) .. "\n"
  end
  local function block(indent, v)
    v = as_text(v)
    if v == "" then
      return
    end
    if v:sub(-1) == "\n" then
      v = v:sub(1, -2)
    end
    for l in (v .. "\n"):gmatch("(.-)\n") do
      out[#out + 1] = (l == "" and "" or indent .. l) .. "\n"
    end
  end
  chunk(line, block)
  local text = table.concat(out)
  return (text:gsub("\1(%d+)\1", function(k)
    return as_text(deferred[tonumber(k)]())
  end))
end

-- What every template sees besides its own variables.
template.base = {
  ipairs = ipairs, pairs = pairs, string = string, table = table, math = math, tostring = tostring,
  type = type, error = error, assert = assert, select = select, next = next,
  -- "a, b, c" from a list, each through fn when given
  list = function(items, fn, sep)
    local out = {}
    for i, v in ipairs(items) do
      out[i] = fn and fn(v, i) or v
    end
    return table.concat(out, sep or ", ")
  end,
}
-- one item a line
template.base.lines = function(items, fn)
  return template.base.list(items, fn, "\n")
end

return template
