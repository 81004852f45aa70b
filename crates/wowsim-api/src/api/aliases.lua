-- wow-sim: the short global aliases of the Lua library (tinsert, strlower, floor, ...) and the
-- client's degree-based trigonometry. Classic clients define them on the C side; retail's own UI
-- code defines them (Compat.lua), so for retail they load only with the built-in base.
-- Written for wow-sim; it is not client code.
tinsert, tremove, wipe, sort, tconcat = table.insert, table.remove, table.wipe, table.sort, table.concat
getn, foreach, foreachi = table.getn, table.foreach, table.foreachi
format, gsub, strbyte, strchar, strfind = string.format, string.gsub, string.byte, string.char, string.find
strlen, strlower, strmatch, strrep, strrev = string.len, string.lower, string.match, string.rep, string.reverse
strsub, strupper, gmatch = string.sub, string.upper, string.gmatch
abs, ceil, floor, max, min = math.abs, math.ceil, math.floor, math.max, math.min
mod, random, sqrt, exp, log, log10 = math.fmod, math.random, math.sqrt, math.exp, math.log, math.log10
frexp, ldexp, deg, rad, PI = math.frexp, math.ldexp, math.deg, math.rad, math.pi
-- The client's global trigonometry works in degrees.
local msin, mcos, mtan, masin, macos, matan, matan2 = math.sin, math.cos, math.tan, math.asin, math.acos, math.atan, math.atan2
local torad, todeg = math.pi / 180, 180 / math.pi
sin = function(x) return msin(x * torad) end
cos = function(x) return mcos(x * torad) end
tan = function(x) return mtan(x * torad) end
asin = function(x) return masin(x) * todeg end
acos = function(x) return macos(x) * todeg end
atan = function(x) return matan(x) * todeg end
atan2 = function(y, x) return matan2(y, x) * todeg end

