-- C_ColorUtil: colour codes for text and the conversions between colour models, as the 12.x
-- client does them in C (Blizzard's ColorMixin:GenerateHexColor, WrapTextInColor and GetHSL
-- call these). The text colour code is "ff" and the bytes of red, green and blue in lower-case
-- hex ("ffc41e3a"), as the client's Lua ColorMixin made it before the function moved to C;
-- alpha is not part of it. Hue is in degrees (0 to 360), as the ColorSelect widget's, and
-- saturation, value and lightness from 0 to 1. Only the functions the flavour's reference
-- lists are defined (`define`, from lua/no_database.lua).
local define = ...

local function byte(v, name)
  if type(v) ~= "number" then
    error(("Usage: C_ColorUtil.%s(color): the colour needs numbers r, g and b"):format(name), 3)
  end
  return math.floor(math.min(math.max(v, 0), 1) * 255 + 0.5)
end

local function code(color, name)
  if type(color) ~= "table" then
    error(("Usage: C_ColorUtil.%s(color)"):format(name), 3)
  end
  return ("ff%02x%02x%02x"):format(byte(color.r, name), byte(color.g, name), byte(color.b, name))
end

local function text(v, name)
  if type(v) ~= "string" and type(v) ~= "number" then
    error(("Usage: C_ColorUtil.%s(text, ...): text must be a string"):format(name), 3)
  end
  return tostring(v)
end

local function rgb_to_hsv(r, g, b)
  local max, min = math.max(r, g, b), math.min(r, g, b)
  local d = max - min
  local h = 0
  if d > 0 then
    if max == r then
      h = 60 * (((g - b) / d) % 6)
    elseif max == g then
      h = 60 * ((b - r) / d + 2)
    else
      h = 60 * ((r - g) / d + 4)
    end
  end
  return h, max > 0 and d / max or 0, max
end

local function hsv_to_rgb(h, s, v)
  local c = v * s
  local hp = (h % 360) / 60
  local x = c * (1 - math.abs(hp % 2 - 1))
  local r, g, b
  if hp < 1 then r, g, b = c, x, 0
  elseif hp < 2 then r, g, b = x, c, 0
  elseif hp < 3 then r, g, b = 0, c, x
  elseif hp < 4 then r, g, b = 0, x, c
  elseif hp < 5 then r, g, b = x, 0, c
  else r, g, b = c, 0, x end
  local m = v - c
  return r + m, g + m, b + m
end

local function hsv_to_hsl(h, s, v)
  local l = v * (1 - s / 2)
  local sl = (l > 0 and l < 1) and (v - l) / math.min(l, 1 - l) or 0
  return h, sl, l
end

local function hsl_to_hsv(h, s, l)
  local v = l + s * math.min(l, 1 - l)
  return h, v > 0 and 2 * (1 - l / v) or 0, v
end

local function numbers(name, f)
  return function(a, b, c)
    if type(a) ~= "number" or type(b) ~= "number" or type(c) ~= "number" then
      error(("Usage: C_ColorUtil.%s(number, number, number)"):format(name), 2)
    end
    return f(a, b, c)
  end
end

define({
  ["C_ColorUtil.GenerateTextColorCode"] = function(color)
    return code(color, "GenerateTextColorCode")
  end,
  ["C_ColorUtil.WrapTextInColor"] = function(s, color)
    return "|c" .. code(color, "WrapTextInColor") .. text(s, "WrapTextInColor") .. "|r"
  end,
  ["C_ColorUtil.WrapTextInColorCode"] = function(s, colorCode)
    return "|c" .. text(colorCode, "WrapTextInColorCode") .. text(s, "WrapTextInColorCode") .. "|r"
  end,
  ["C_ColorUtil.ConvertRGBToHSV"] = numbers("ConvertRGBToHSV", rgb_to_hsv),
  ["C_ColorUtil.ConvertHSVToRGB"] = numbers("ConvertHSVToRGB", hsv_to_rgb),
  ["C_ColorUtil.ConvertHSVToHSL"] = numbers("ConvertHSVToHSL", hsv_to_hsl),
  ["C_ColorUtil.ConvertHSLToHSV"] = numbers("ConvertHSLToHSV", hsl_to_hsv),
})
