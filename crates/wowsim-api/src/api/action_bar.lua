-- The action bar page, which the client keeps in C: `C_ActionBar.GetActionBarPage()` is a Lua
-- index (the documentation's type is luaIndex): page 1 at log-in, 1 to 6 (NUM_ACTIONBAR_PAGES)
-- after `C_ActionBar.SetActionBarPage(page)`, which fires ACTIONBAR_PAGE_CHANGED when the page
-- changes. Blizzard's action buttons compute their action slot from it ((page - 1) * 12 + id),
-- so a stub's 0 put every main bar button on slots -11 to 0. Only the functions the flavour's
-- reference lists are defined (`define`, from no_database.lua).
local define, fire = ...

local PAGES = 6
local page = 1

define({
  ["C_ActionBar.GetActionBarPage"] = function()
    return page
  end,
  ["C_ActionBar.SetActionBarPage"] = function(index)
    local n = tonumber(index)
    if not n then
      error("Usage: C_ActionBar.SetActionBarPage(pageIndex)", 2)
    end
    n = math.floor(n)
    if n >= 1 and n <= PAGES and n ~= page then
      page = n
      fire("ACTIONBAR_PAGE_CHANGED")
    end
  end,
})
