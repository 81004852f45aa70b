-- wow-sim built-in base: the client's named font objects that addons use (by name in XML
-- `font=`/`inherits=`, `SetFontObject`, `CreateFontString(name, layer, font)`), as a data
-- table: the face (a file under Fonts\\), height, outline, text colour, whether it has the
-- client's drop shadow (offset 1, -1, black) and the horizontal justification. Rows under
-- [retail] or [classic] hold for that flavour only (Mists Classic and Classic Era share the
-- Classic rows). Facts of the client's fonts (names, sizes, colours), written as our own table.
-- Loaded first, before the base's templates use them.
local FONTS = [[
[common]
ChatFontNormal                     ARIALN     14 -             1,1,1              shadow -
ChatFontSmall                      ARIALN     12 -             1,1,1              shadow -
Fancy14Font                        MORPHEUS   14 -             1,1,1              -      -
Fancy22Font                        MORPHEUS   22 -             1,1,1              -      -
Game13FontShadow                   FRIZQT__   13 -             1,1,1              shadow -
GameFontBlack                      FRIZQT__   12 -             0,0,0              -      -
GameFontBlackMedium                FRIZQT__   14 -             0,0,0              -      -
GameFontBlackSmall                 FRIZQT__   10 -             0,0,0              -      -
GameFontDisable                    FRIZQT__   12 -             0.5,0.5,0.5        shadow -
GameFontDisableLarge               FRIZQT__   16 -             0.5,0.5,0.5        shadow -
GameFontDisableLeft                FRIZQT__   12 -             0.5,0.5,0.5        shadow LEFT
GameFontDisableSmall               FRIZQT__   10 -             0.5,0.5,0.5        shadow -
GameFontDisableSmallLeft           FRIZQT__   10 -             0.5,0.5,0.5        shadow LEFT
GameFontGreen                      FRIZQT__   12 -             0.1,1,0.1          shadow -
GameFontHighlight                  FRIZQT__   12 -             1,1,1              shadow -
GameFontHighlightHuge              FRIZQT__   20 -             1,1,1              shadow -
GameFontHighlightLarge             FRIZQT__   16 -             1,1,1              shadow -
GameFontHighlightLeft              FRIZQT__   12 -             1,1,1              shadow LEFT
GameFontHighlightMed2              FRIZQT__   14 -             1,1,1              shadow -
GameFontHighlightMedium            FRIZQT__   14 -             1,1,1              shadow -
GameFontHighlightOutline           FRIZQT__   12 OUTLINE       1,1,1              shadow -
GameFontHighlightSmall             FRIZQT__   10 -             1,1,1              shadow -
GameFontHighlightSmallLeft         FRIZQT__   10 -             1,1,1              shadow LEFT
GameFontHighlightSmallOutline      FRIZQT__   10 -             1,1,1              shadow -
GameFontNormal                     FRIZQT__   12 -             1,0.82,0           shadow -
SystemFont_LargeNamePlate          FRIZQT__   12 -             1,1,1              -      -
SystemFont_LargeNamePlateFixed     FRIZQT__   20 -             1,1,1              shadow -
SystemFont_NamePlate               FRIZQT__   9  -             1,1,1              -      -
SystemFont_NamePlateFixed          FRIZQT__   14 -             1,1,1              shadow -
GameFontNormalHuge                 FRIZQT__   20 -             1,0.82,0           shadow -
GameFontNormalHuge3                FRIZQT__   25 -             1,0.82,0           shadow -
GameFontNormalLarge                FRIZQT__   16 -             1,0.82,0           shadow -
GameFontNormalLarge2               FRIZQT__   18 -             1,0.82,0           shadow -
GameFontNormalLargeOutline         FRIZQT__   16 OUTLINE       1,0.82,0           shadow -
GameFontNormalLeft                 FRIZQT__   12 -             1,0.82,0           shadow LEFT
GameFontNormalMed1                 FRIZQT__   13 -             1,0.82,0           shadow -
GameFontNormalMed2                 FRIZQT__   14 -             1,0.82,0           shadow -
GameFontNormalMed3                 FRIZQT__   14 -             1,0.82,0           shadow -
GameFontNormalOutline              FRIZQT__   12 OUTLINE       1,0.82,0           shadow -
GameFontNormalSmall                FRIZQT__   10 -             1,0.82,0           shadow -
GameFontNormalSmall2               FRIZQT__   11 -             1,0.82,0           shadow -
GameFontNormalSmallLeft            FRIZQT__   10 -             1,0.82,0           shadow LEFT
GameFontRed                        FRIZQT__   12 -             1,0.1,0.1          shadow -
GameFontWhite                      FRIZQT__   12 -             1,1,1              -      -
GameTooltipHeaderText              FRIZQT__   14 -             1,1,1              -      LEFT
GameTooltipText                    FRIZQT__   12 -             1,1,1              -      LEFT
GameTooltipTextSmall               FRIZQT__   10 -             1,1,1              -      LEFT
NumberFontNormalLarge              ARIALN     16 OUTLINE       1,1,1              -      -
NumberFont_Normal_Med              ARIALN     14 -             1,1,1              -      -
NumberFont_Outline_Large           ARIALN     16 OUTLINE       1,1,1              -      -
NumberFont_Shadow_Small            ARIALN     12 -             1,1,1              shadow -
QuestFont                          FRIZQT__   13 -             0,0,0              -      -
QuestFontNormalSmall               FRIZQT__   12 -             0.3,0.18,0         -      -
QuestFont_Huge                     MORPHEUS   18 -             1,1,1              -      -
QuestFont_Large                    MORPHEUS   15 -             1,1,1              -      -
QuestTitleFont                     MORPHEUS   18 -             0,0,0              shadow -
SystemFont_Huge1_Outline           FRIZQT__   20 OUTLINE       1,1,1              -      -
SystemFont_Outline_Small           FRIZQT__   10 OUTLINE       1,1,1              -      -
SystemFont_Shadow_Huge1            FRIZQT__   20 -             1,1,1              shadow -
SystemFont_Shadow_Huge3            FRIZQT__   25 -             1,1,1              shadow -
SystemFont_Shadow_Large            FRIZQT__   16 -             1,1,1              shadow -
SystemFont_Shadow_Large_Outline    FRIZQT__   16 OUTLINE       1,1,1              shadow -
SystemFont_Shadow_Med1             FRIZQT__   12 -             1,1,1              shadow -
SystemFont_Shadow_Med1_Outline     FRIZQT__   12 OUTLINE       1,1,1              shadow -
SystemFont_Shadow_Med2             FRIZQT__   14 -             1,1,1              shadow -
SystemFont_Shadow_Small            FRIZQT__   10 -             1,1,1              shadow -
SystemFont_Small                   FRIZQT__   10 -             1,1,1              -      -
SystemFont_Small2                  FRIZQT__   11 -             1,1,1              -      -
SystemFont_Tiny                    FRIZQT__    9 -             1,1,1              -      -
ZoneTextFont                       FRIZQT__   12 THICKOUTLINE  1,0.9294,0.7607    -      -
[retail]
SystemFont_NamePlate_Outlined      FRIZQT__   9  OUTLINE       1,1,1              -      -
Game15Font_Shadow                  FRIZQT__   15 -             1,1,1              shadow -
Number12Font                       ARIALN     12 -             1,1,1              -      -
NumberFontNormal                   ARIALN     14 OUTLINE       1,1,1              -      -
NumberFontNormalRight              ARIALN     14 OUTLINE       1,1,1              -      RIGHT
NumberFontNormalSmall              ARIALN     12 OUTLINE       1,1,1              -      -
NumberFontNormalSmallGray          ARIALN     12 OUTLINE       0.6,0.6,0.6        -      -
ObjectiveTrackerFont12             FRIZQT__   12 -             1,1,1              -      -
ObjectiveTrackerFont13             FRIZQT__   13 -             1,1,1              -      -
ObjectiveTrackerFont14             FRIZQT__   14 -             1,1,1              -      -
ObjectiveTrackerFont15             FRIZQT__   15 -             1,1,1              -      -
ObjectiveTrackerFont16             FRIZQT__   16 -             1,1,1              -      -
ObjectiveTrackerFont17             FRIZQT__   17 -             1,1,1              -      -
ObjectiveTrackerFont18             FRIZQT__   18 -             1,1,1              -      -
ObjectiveTrackerFont19             FRIZQT__   19 -             1,1,1              -      -
ObjectiveTrackerFont20             FRIZQT__   20 -             1,1,1              -      -
ObjectiveTrackerFont21             FRIZQT__   21 -             1,1,1              -      -
ObjectiveTrackerFont22             FRIZQT__   22 -             1,1,1              -      -
SystemFont16_Shadow_ThickOutline   ARIALN     16 THICKOUTLINE  1,1,1              -      -
TextStatusBarText                  FRIZQT__   10 OUTLINE       1,1,1              -      -
[classic_era]
NumberFontNormal                   ARIALN     14 THICKOUTLINE  1,1,1              -      -
NumberFontNormalRight              ARIALN     14 THICKOUTLINE  1,1,1              -      RIGHT
NumberFontNormalSmall              ARIALN     12 THICKOUTLINE  1,1,1              -      -
NumberFontNormalSmallGray          ARIALN     12 THICKOUTLINE  0.6,0.6,0.6        -      -
TextStatusBarText                  ARIALN     14 THICKOUTLINE  1,1,1              -      -
]]

local interface = select(4, GetBuildInfo()) or 0
local section = interface >= 100000 and "retail" or "classic"

local function parse(text)
  local rows, current = {}, nil
  for line in text:gmatch("[^\n]+") do
    local s = line:match("^%[([%w_]+)%]$")
    if s then
      current = s == "classic_era" and "classic" or s
    elseif current == "common" or current == section then
      local name, face, size, outline, colour, shadow, justify =
        line:match("^(%S+)%s+(%S+)%s+(%S+)%s+(%S+)%s+(%S+)%s+(%S+)%s+(%S+)$")
      if not name then
        error("base_fonts.lua: bad font row: " .. line)
      end
      local r, g, b = colour:match("^([%d.]+),([%d.]+),([%d.]+)$")
      rows[#rows + 1] = {
        name = name,
        file = "Fonts\\" .. face .. ".TTF",
        size = tonumber(size),
        flags = outline ~= "-" and outline or "",
        r = tonumber(r), g = tonumber(g), b = tonumber(b),
        shadow = shadow == "shadow",
        justify = justify ~= "-" and justify or nil,
      }
    end
  end
  return rows
end

for _, f in ipairs(parse(FONTS)) do
  local font = CreateFont(f.name)
  font:SetFont(f.file, f.size, f.flags)
  font:SetTextColor(f.r, f.g, f.b)
  if f.shadow then
    font:SetShadowColor(0, 0, 0, 1)
    font:SetShadowOffset(1, -1)
  end
  if f.justify then
    font:SetJustifyH(f.justify)
  end
end
