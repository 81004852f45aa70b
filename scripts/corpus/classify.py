#!/usr/bin/env python3
"""Attributes every record of a corpus run (scripts/corpus/run.sh RESULTS) to its cause.

Each rule of RULES below is our judgement of one record pattern, made by reading the addon's code,
the Blizzard UI and the reference: `own` (the client would do the same; the evidence is in the
note), `input` (the inputs are not what users install: a library without a public copy, the
translation site), or `ours` (wow-sim lacks or gets wrong something the client has; the cause id
names the entry of docs/real-addons.md, "Ours: causes"). A record no rule matches is printed as
UNCLASSIFIED, so a refreshed corpus shows what needs reading. Records of a built-in base run that
the same set's Blizzard UI run does not have are the base's (`ours`, cause BASE) unless a rule
says otherwise.

Usage: classify.py RESULTS [--records]   (per run: records, ours, own, input; --records lists each)
"""
import json
import os
import re
import sys
from collections import Counter, defaultdict

# (set regex, flavour regex, mode regex, message regex, class, cause, note); first match wins.
# `*` in the set/flavour/mode columns means any.
RULES = [
    # ---- addon's own: the current client does the same ----
    ("BugSack|BugGrabber", "retail", "*", r"global 'GetNumAddOns'", "own", "",
     "the only public !BugGrabber (2021) calls GetNumAddOns, which 11.0 moved to C_AddOns"),
    ("Altoholic", "*", "*", r"global '(GetNumAddOns|GetSpellInfo|GetFactionInfoByID|InterfaceOptions_AddCategory)'",
     "own", "", "Altoholic (2023) calls globals 11.0 removed (C_AddOns, C_Spell, C_Reputation, Settings)"),
    ("Altoholic", "*", "*", r"unknown event \"(LEARNED_SPELL_IN_TAB|PLAYERREAGENTBANKSLOTS_CHANGED)\"", "own", "",
     "events renamed or removed in 11.0; the 12.x client refuses them"),
    ("Altoholic", "*", "*", r"Couldn't find inherited node \"(CharacterFrameTabButtonTemplate|InterfaceOptionsSmallCheckButtonTemplate)\"",
     "own", "", "templates the 12.x UI no longer has"),
    ("Altoholic", "*", "*", r"DeleteCraftInfo|field 'TradeSkills'|field 'Enum' \(a function|local 'enum' \(a function|method 'AddData'|SharedUIPanelTemplates.lua:524|TabOptions.xml:576",
     "own", "", "follow-ups of the records above"),
    (r".*", "retail", "*", r"unknown event \"LEARNED_SPELL_IN_TAB\"", "own", "",
     "11.0 renamed it LEARNED_SPELL_IN_SKILL_LINE (Blizzard_Deprecated/11_0_0_SpellBookAPITransitionGuide.lua); "
     "12.x players report the same error (AutoBar#111, ElvUI_WindTools#581)"),
    ("AtlasLootClassic", "classic_era", "*", r"does not have a \"OnTooltipSetQuest\" script", "own", "",
     "the 1.15.9 reference has no OnTooltipSetQuest script (OnTooltipSetItem only); the 1.15.4 UI never sets it"),
    ("ElvUI", "*", "*", r"hooksecurefunc\(\): ObjectiveTracker_Update is not a function", "input", "",
     "TaintLess: only an older public copy"),
    # ---- ours ----
    ("Auctionator", "*", "*", r"AUCTIONATOR_LOCALES_OVERRIDE' \(a string value\)", "ours", "GS-NAMES",
     "its own optional global, tested `~= nil`, got a global-string stand-in"),
    ("Auctionator", "*", "*", r"Mixins/DropDown.lua:10: attempt to call field 'Apply'", "ours", "GS-NAMES",
     "follow-up: Locales/Main.lua stopped at line 23"),
    (r".*", "*", "*", r"global 'GetAutoCompleteRealms'", "ours", "C-GLOBALS",
     "Blizzard's own AutoComplete.lua (12.0.1 and 1.15.4) calls it; the reference has only C_AutoComplete.GetAutoCompleteRealms"),
    ("AdvancedInterfaceOptions", "classic_era", "ui", r"'name' for variable 'floatingCombatTextCombatLogPeriodicSpells'",
     "ours", "GS-NAMES", "Blizzard's CombatOverrides.lua:97 reads LOG_PERIODIC_EFFECTS_TEXT, nil because AIO tests it (`X or Y`)"),
    ("Baganator|Syndicator", "*", "*", r"Search/Constants.lua:15\d: script ran too long", "ours", "STUB-INDEX",
     "GetSpecializationInfoForClassID(class, i) answers for every i; the client answers nothing past the class's specs"),
    ("Baganator|Syndicator", "*", "*", r"CheckItem.lua:1046: item_unique", "ours", "GS-TEXT",
     "assert(GetLocale() ~= 'enUS') when ITEM_UNIQUE's text differs from the English keyword: the stand-in is the key's name. "
     "With the user's real strings (--global-strings, BlizzardInterfaceResources enUS) the record is gone (branch fidel4: "
     "0 records in both flavours, after the item class/subclass names per flavour); a stand-in cannot pass without Blizzard's text"),
    ("Baganator|Syndicator", "*", "*", r"InitializeSearchEngine|field 'Constants'|local 'Refresh'|field 'Options'|field 'InitializeData'|field 'Get' \(a nil",
     "ours", "GS-TEXT", "follow-ups: Syndicator's Search files stopped (GS-TEXT; before the 19:00 refresh also STUB-INDEX)"),
    ("Cell", "*", "*", r"Utils.lua:857: bad argument #1 to 'strfind'|concatenate field '(INVTYPE_FINGER|BATTLEGROUND_INSTANCE)'",
     "ours", "GS-NAMES", "_G.SPELL_DURATION_SEC, _G.INVTYPE_FINGER, _G.BATTLEGROUND_INSTANCE: reads through _G are not counted"),
    ("Cell", "*", "ui", r".", "ours", "GS-NAMES", "follow-ups: Utils.lua stopped at line 857 before it defines F.GetSpellInfo and the rest"),
    ("Chattynator", "*", "*", r"Overrides.lua:146: attempt to index field '\?'", "ours", "STUB-OBJECTS",
     "CreateFontFamily is a typed stub: no named font object, so _G[name] is nil"),
    ("Chattynator", "retail", "ui", r"ChatFrameOverrides.lua:677: attempt to index field 'ScrollToBottomButton'", "ours", "XML-EMPTY-SCRIPT",
     "Chattynator's <OnUpdate></OnUpdate> must replace ChatFrameTemplate's OnUpdate (HyperlinkHandler.xml)"),
    ("AtlasLootClassic", "*", "*", r"ItemInfo.lua:346: table index is nil", "ours", "STUB-FACTS",
     "C_Item.GetItemClassInfo answers nil for every class id (game_data_csv.rs has the names)"),
    ("ElvUI", "*", "*", r"API.lua:272: attempt to compare number with nil", "ours", "COLOR-UTIL",
     "C_ColorUtil.GenerateTextColorCode was a typed stub answering \"\", so RAID_CLASS_COLORS[*].colorStr "
     "(ColorMixin:GenerateHexColor) was empty. Fixed on branch fidel2 (fixture api/color_util)"),
    ("ElvUI", "*", "*", r"Initialize.lua:413: attempt to index local 'obj'", "ours", "STUB-OBJECTS",
     "CreateFontFamily answers nil (typed stub, nilable output)"),
    ("ElvUI", "*", "*", r"ITEM_MIN_LEVEL|DATE_COMPLETED|TOOLTIP_UNIT_LEVEL|field 'DND'|Guild.lua:54|Time.lua:31|Chat.lua:4019|Crests.lua:10|SpecSwitch.lua:38",
     "ours", "GS-NAMES", "client global strings left nil: read through _G, or with a string method (`X:gsub`), or nil-tested elsewhere"),
    (r".*", "*", "*", r"TaintLess.xml:23: Usage: C_AddOns.GetAddOnMetadata", "ours", "TAINT",
     "TaintLess reads the tainting addon from issecurevariable(t, k) after writing t.k; wow-sim answers no addon"),
    ("ElvUI", "classic_era", "*", r"hooksecurefunc\(\): InsertLink is not a function", "input", "",
     "ElvUI (2026) hooks ChatFrameUtil.InsertLink of newer Classic Era UIs; the Classic Era UI input is 1.15.4 (2024)"),
    ("ElvUI", "classic_era", "*", r"ITEM_LEVEL' \(a nil|Tags/API.lua:23: bad argument #1 to 'strlower'|Tags.lua:92: attempt to call method 'AddTag'",
     "ours", "GS-NAMES", "ITEM_LEVEL:gsub (a string method) and `local LEVEL = strlower(LEVEL)` (a local of the same name) hide the reads"),
    ("ElvUI", "classic_era", "*", r"Usage: Texture:SetColorTexture\(r, g, b \[, a\]\)", "ours", "XML-SCRIPT-ARGS",
     "ColorPickerFrame.xml's inline <OnColorSelect> uses r, g, b; wow-sim declares it function(self, ...)"),
    ("ElvUI", "classic_era", "*", r"the run timed out", "ours", "XML-SCRIPT-ARGS",
     "ElvUI's colour probe (Core.lua:248) ran into the 240 OnColorSelect errors and did not finish in 300 s"),
    ("Grid2", "*", "*", r"StatusColor.lua:265: bad argument #1 to 'pairs' \(table expected, got string\)", "ours", "GS-NAMES",
     "pairs(CUSTOM_CLASS_COLORS or RAID_CLASS_COLORS): an optional global of other addons, tested inside a call, got a string stand-in"),
    ("Hekili", "*", "*", r"Utils.lua:917: bad argument #2 to 'format'", "ours", "STUB-FACTS",
     "C_Texture.GetAtlasInfo's stand-in (no atlas data) had no `file`; the client's atlases all have one. "
     "Fixed on branch fidel3 (fixture api/atlas_info)"),
    ("Hekili", "*", "*", r"GetDefaults|TotalRefresh|field 'DB'", "ours", "STUB-FACTS", "follow-ups: Utils.lua stopped at line 917"),
    ("HandyNotes_Cities", "*", "*", r"Missing world coords", "ours", "MAP-DATA",
     "HereBeDragons has world rectangles only for the character's zone without the user's map tables "
     "(--game-data UiMap.csv, UiMapAssignment.csv: with them every map has its rectangle, fixture "
     "api/c_map_game_data_retail)"),
    ("HandyNotes_Cities", "*", "*", r"global '(Transmog|map)'", "own", "",
     "the 2023 repository is unfinished: boralus.lua uses Transmog, dalaran_wotlk.lua `map`, neither defined anywhere"),
    ("HandyNotes_Cities", "*", "*", r"local 'expansion_name'", "ours", "STUB-FACTS",
     "EJ_GetTierInfo answers nothing; the client names every expansion tier"),
    ("Pawn", "*", "*", r"Unrecognized XML: (FontHeight|AbsValue)|Unrecognized XML attribute: val", "ours", "XSD",
     "<Font><FontHeight><AbsValue val=\"8\"/></FontHeight>: the client's UI.xsd (FontType) has FontHeight of type Value"),
    (r".*", "*", "*", r"Invalid justifyH value: MIDDLE", "own", "",
     "the client's UI.xsd JUSTIFYHTYPE is LEFT, CENTER, RIGHT: its FrameXML.log has the same warning"),
    ("Plumber", "*", "*", r"Unrecognized XML: TextureSlice(Mode|Margins)|Unrecognized XML attribute: (mode|left|right|top|bottom)$",
     "ours", "XSD", "<TextureSliceMode>, <TextureSliceMargins> are in the client's UI.xsd (TextureField group)"),
    ("Plumber", "*", "*", r"Unknown region point TOPELFT", "own", "",
     "SharedWidgets.xml:511 relativePoint=\"TOPELFT\" (a typo): the client's UI.xsd FRAMEPOINT refuses it; "
     "its FrameXML.log has a warning with the file and line, where wow-sim records an error without them (part 5)"),
    ("Plumber", "*", "*", r"ChatFrameConstants.lua:52: bad argument #1 to 'strlower'|'name' for variable 'lootUnderMouse'",
     "ours", "GS-NAMES", "Blizzard's own code reads ICON_TAG_RAID_TARGET_DIAMOND3 / LOOT_UNDER_MOUSE_TEXT, nil once Plumber is loaded"),
    ("Postal", "retail", "*", r"global '(GetAddOnMetadata|GetSpellTexture)'|BlackBook.lua:46: attempt to index field 'db'", "own", "",
     "Postal (2022) calls globals 11.0 moved to C_AddOns / C_Spell; BlackBook is a follow-up"),
    ("QUI", "*", "*", r"Unknown frame type 'AuraContainer'", "input", "",
     "QUI (Interface 120100) creates a 12.1 frame type with a 12.1 template (CustomAuraContainerTemplate); the UI input is 12.0.1"),
    ("QUI", "*", "*", r"popups.lua:251: 'for' limit must be a number", "ours", "GS-NAMES",
     "_G.STATICPOPUP_NUMDIALOGS or 4: the 12.x UI has no such global, wow-sim gave it a string stand-in"),
    ("QUI", "*", "*", r"unitframes.lua:980: Usage: SetAlpha", "ours", "STUB-FACTS",
     "UnitHealPredictionCalculator:EvaluateCurrentHealthPercent(curve) answers a table; the client answers the curve's value. "
     "Fixed on branch fidel4 (fixture api/curve_evaluated_results)"),
    ("QUI", "*", "*", r"^bad argument #3 to 'format' \(number expected, got table\)|not enough memory", "ours", "UNTRACED",
     "no location (the first) / the run reached the 1024 MB Lua cap in QUI's infobar state-driver refresh; the first was "
     "UnitHealthPercent's typed stub answering a table (LuaCurveEvaluatedResult), fixed on branch fidel4"),
    ("Quartz", "*", "*", r"Attempt to hook secure function", "ours", "TAINT",
     "AceHook asks issecurevariable(obj, method) of Quartz's own table; wow-sim answers secure (the client: false, \"Quartz\")"),
    ("RXPGuides", "classic_era", "*", r"hooksecurefunc\(\): SendChatMessage is not a function", "ours", "C-GLOBALS",
     "the 1.15.4 UI calls SendChatMessage (ChatFrame.lua:1961); the 1.15.9 reference has only C_ChatInfo.SendChatMessage"),
    ("RXPGuides", "*", "*", r"COMBATLOG_XPGAIN_FIRSTPERSON_UNNAMED|RXPGuides.lua:121: bad argument #2 to 'format'", "ours", "GS-NAMES",
     "_G.COMBATLOG_XPGAIN_FIRSTPERSON_UNNAMED, _G.GAME_VERSION_LABEL: reads through _G are not counted"),
    ("RXPGuides", "*", "ui", r".", "ours", "GS-NAMES", "follow-ups: RXPGuides.lua stopped at line 121 (addon.gameVersion, RXP unset)"),
    ("SavedInstances", "*", "*", r"WorldBoss.lua:22", "ours", "STUB-FACTS",
     "EJ_GetCreatureInfo answers nothing; the client has the encounter journal's creatures"),
    ("SavedInstances", "*", "ui", r".", "input", "", "LibQTip-1.0 has no public copy with its lib.xml; the rest follow from Init.lua:10"),
    ("ShadowedUnitFrames", "*", "*", r"ShadowedUnitFrames.lua:273: attempt to index field '\?'", "ours", "STUB-FACTS",
     "IsInInstance() answers false, \"\"; the client answers false, \"none\" outside instances"),
    ("SpellActivationOverlay", "*", "*", r"Cannot find a library instance of \"CallbackHandler-1.0\"|glow.lua:730", "input", "",
     "the repository has no CallbackHandler-1.0 and no .pkgmeta naming it (its release adds it)"),
    ("SpellActivationOverlay", "*", "*", r"arithmetic on global 'value'", "ours", "XML-SCRIPT-ARGS",
     "inline <OnValueChanged> uses `value`; wow-sim declares function(self, ...)"),
    (r".*", "*", "*", r"Invalid justifyV value: CENTER", "own", "",
     "the client's UI.xsd JUSTIFYVTYPE is TOP, MIDDLE, BOTTOM: the same FrameXML.log warning"),
    ("Syndicator", "*", "*", r"global 'SYNDICATOR_DATA' \(a string value\)", "ours", "GS-NAMES",
     "`BAGANATOR_DATA ~= nil`: another addon's SavedVariables name (Baganator absent) got a string stand-in"),
    ("WeakAuras", "*", "*", r"Profiling.xml:\d+:\d+: Unrecognized XML attribute: val", "own", "",
     "<FontHeight val=\"12\"/>: the client's UI.xsd gives FontHeight (type Value) only AbsValue/RelValue children"),
    ("XLoot", "*", "*", r"events.lua:161: String does not exist|Options.lua:442: bad argument #3 to 'format'", "ours", "GS-NAMES",
     "_G[str] for LOOT_ITEM_* patterns and _G[\"ITEM_QUALITY\"..i..\"_DESC\"]: names built at run time get no stand-in"),
    ("XLoot", "retail", "*", r"global 'IsAddOnLoaded'", "own", "", "XLoot (2023) calls IsAddOnLoaded, moved to C_AddOns in 11.0"),
    ("Narcissus", "*", "*", r"global 'DRESSUP_FRAME'|TimeUtil.lua:327: attempt to index global 'D_DAYS'|Blizzard_PagingControls.lua:120|TooltipParser.lua:104|EquipmentSetManager.xml:336: Usage: EditBox:SetText",
     "ours", "GS-NAMES", "DRESSUP_FRAME, D_DAYS (`D_DAYS:format`, Blizzard's TimeUtil.lua), ON_USE, PAPERDOLL_NEWEQUIPMENTSET (read in an XML script) "
     "and the paging text are nil with Narcissus loaded"),
    ("Narcissus", "*", "*", r"field '(Auto-play|Cannot Inspect Target)'", "ours", "GS-NAMES", "follow-ups: Locales/enUS.lua stopped at line 119"),
    ("Narcissus", "retail", "*", r"ItemType.lua:58: Invalid inventory slot in GetInventorySlotInfo", "ours", "STUB-FACTS",
     "GetInventorySlotInfo(\"AmmoSlot\") at load: the 12.x UI keeps INVSLOT_AMMO = 0 (Constants.lua:152) and Narcissus (2026) calls it unguarded; wow-sim knows the ammo slot on Classic Era only"),
    (r".*", "*", "*", r"(Unknown|Invalid) region point (BOTTOMIRIGHT|TOBOTTOMRIGHTPRIGHT|BOTTOMRLEFT|TOPTIGHT|TOPELFT)$", "own", "",
     "a misspelt point in the addon's XML: the client's UI.xsd FRAMEPOINT refuses it and FrameXML.log warns (with the file and line, which wow-sim's record lacks: part 5)"),
    (r".*", "*", "*", r"Invalid alphaMode value: NORMAL|Anchor Anchor: Invalid x value: $", "own", "",
     "not a value of the client's UI.xsd (ALPHAMODE; an empty number): the same FrameXML.log warning"),
    ("Bagnon", "*", "*", r"BagBrother/(core|frames)/.*Couldn't open", "ours", "XML-PATH",
     "<Include file=\"..\\..\\BagBrother\\core\\core.xml\"/> leaves the addon folder; wow-sim files the included file under Bagnon/ and resolves its includes from there"),
    ("Bagnon", "*", "*", r"field '(Tipped|ItemGroup|Skins)'|global 'LibStub'", "ours", "XML-PATH",
     "follow-ups: BagBrother's files did not load"),
    # ---- new in the 19:00 refresh of Dec 1 2026 (branch fidel) ----
    (r"BetterBags", "*", "*", r"data/items.lua:302: table index is nil", "ours", "STUB-FACTS",
     "C_Item.GetItemSubClassInfo(Enum.ItemClass.Container, 0) answered nothing: wow-sim knew weapon and "
     "armour subclasses only (the client: \"Bag\"); containers added on branch fidel after this run"),
    ("AtlasLootClassic", "*", "*", r"ItemInfo.lua:353: attempt to concatenate local 'name'", "ours", "STUB-FACTS",
     "GetItemSubClassInfo(class, sub) answered nothing for a pair wow-sim does not know; the client names every pair. "
     "Fixed on branch fidel4: Classic Era's names of every class (item_classes.rs)"),
    # ---- read in the 22:00 refresh of Dec 1 2026 (branch fidel2; newest snapshots) ----
    ("Bagnon", "*", "*", r"playerMoney.lua:18: Attempt to find 'this'", "ours", "LINE-POINTS",
     "Line:SetStartPoint('LEFT', 0, -5): the client takes SetPoint's forms (the relative region left out); "
     "wow-sim read 0 as the region. Fixed on branch fidel2 (fixture widgets/line_points)"),
    ("Bagnon", "*", "*", r"MutexDelay-1.0.lua:30: Usage: C_Timer.After|CustomSearch-1.0.lua:235", "input", "",
     "BagBrother's submodule commits are not in the libraries' snapshots, so pack.py used their HEAD, whose "
     "API differs from the one BagBrother calls (Delay('Method') vs Delay(time, 'Method'); Clean(nil))"),
    ("Baganator", "*", "*", r"ImportExport.lua:246: attempt to index local 'import'", "ours", "JSON",
     "C_EncodingUtil.DeserializeJSON was a typed stub answering nil; the client parses the default categories. "
     "Fixed on branch fidel2 (fixture api/json_deserialize)"),
    (r"Baganator|Narcissus", "*", "*", r"Invalid inventory slot in GetInventorySlotInfo", "ours", "SLOT-NAMES",
     "GetInventorySlotInfo knows the paper doll's slot names only; the client looks names up in its "
     "PaperDollItemFrame table, which answers Baganator's \"Bag1\" (live code at load in a popular addon) "
     "and Narcissus's \"AmmoSlot\". Fixed on branch fidel3 from a public dump of the table's rows "
     "(fixtures api/inventory_slots, api/inventory_slots_classic_era)"),
    ("ElvUI", "*", "*", r"Toolkit.lua:151: bad argument #1 to 'unpack'", "ours", "COLOR-UTIL",
     "follow-up: UpdateMedia stopped at API.lua:272 before it sets E.media's colours"),
    ("ElvUI", "*", "*", r"API.lua:735: attempt to call method 'SetRGBA'", "input", "",
     "ElvUI (2026) calls SetRGBA on DebuffTypeColor's entries and its own; the 1.15.4 UI input defines them as "
     "plain tables (AuraUtil.lua:5) and the 12.0.1 one not at all, so with these UIs the client fails the same "
     "(probable: newer UIs make them ColorMixin objects; not confirmed)"),
    ("ElvUI", "retail", "*", r"Unknown frame type 'AuraContainer'", "input", "",
     "ElvUI (2026) creates the 12.1 frame type AuraContainer (as QUI); the UI input is 12.0.1"),
    ("QUI", "*", "*", r"keybinds.lua:483: attempt to call method 'GetName'|^bad argument #3 to 'format' \(number expected, got table\)",
     "ours", "UNTRACED",
     "no stack (a timer and an ADDON_LOADED handler of QUI's); keybinds.lua:483 traced on branch fidel4: C_Widget.IsFrameWidget's "
     "reference stub answered true for C_TooltipInfo (it has GetAction), so QUI's _G sweep took it for a button; fixed "
     "(fixture widgets/c_widget_tests)"),
    # ---- read on Dec 3 2026 (fifth batch; branch fidel8) ----
    ("AdiBags", "retail", "*", r"Constants.lua:63: attempt to perform arithmetic on local 'NUM_BANKBAGSLOTS'", "own", "",
     "NUM_BANKBAGSLOTS is gone since 11.2 (the 12.0.1 UI and the 12.1 reference lack it); AdiBags' Constants.lua stops"),
    ("AdiBags", "retail", "*", r"BAG_IDS|DEFAULT_SETTINGS|field 'db'|local 'ITEM_SIZE'|Core.lua:340: table index is nil|method 'BAG_UPDATE' not found|section key with no name",
     "own", "", "follow-ups of Constants.lua:63 (its constants never defined)"),
    ("CraftSim", "*", "*", r"LibGraph-2\.0|GetLocalizer|RegisterRepository|upvalue 'LibLog'|field '(CRAFT_BUFFS|CRAFTQ)'|GUTIL.lua:239|Const.lua:689",
     "input", "", "LibGraph-2.0 (a .pkgmeta external) has no public copy the pack can take; GLibs.lua:14 stops and every "
     "module's library handle is nil after it"),
    ("SexyMap|Capping", "*", "*", r"LibDDI-1\.0", "input", "", "LibDDI-1.0 (a .pkgmeta external) has no public copy the pack can take"),
    ("TellMeWhen", "*", "*", r"LibBabble-(CreatureType|Race)-3\.0", "input", "",
     "LibBabble-CreatureType/Race-3.0 (.pkgmeta externals on wowace) have no public copy the pack can take"),
    ("TotalRP3", "*", "*", r"LibChatFilter", "input", "", "LibChatFilter (a .pkgmeta external) has no public copy the pack can take"),
    ("TellMeWhen", "*", "*", r"Invalid justifyV value: CENTER|MainConfig.xml:\d+:\d+: Unrecognized XML attribute: justify[HV]",
     "own", "", "UI.xsd's JUSTIFYVTYPE is TOP|MIDDLE|BOTTOM, and SimpleHTMLType has no justifyH/justifyV: the client's FrameXML.log "
     "has these warnings (records of severity warning)"),
    ("TellMeWhen", "retail", "*", r"buffcontainer.lua:183: attempt to index local 'AuraContainerSortMethod'", "input", "",
     "buffcontainer.lua runs only on 12.1 (TMW.wowMajorMinor >= 12.1, as GetBuildInfo reports the 12.1 reference's version) "
     "and reads 12.1's AuraContainerSortMethod, which neither the 12.0.1 UI input nor the reference defines"),
    ("NDui|ElvUI|QUI", "retail", "*", r"Unknown frame type 'AuraContainer'|field 'fontStringPool'|MovieFrame.lua:30: attempt to index field 'Buttons'|field 'FlowLayoutAxis'",
     "input", "", "a client newer than the 12.0.1 UI input: the AuraContainer frame type (12.1), RaidWarningFrame's fontStringPool "
     "(in neither 12.0.1 nor 12.0.5 PTR), CinematicFrame's closeDialog.Buttons (not in 12.0.1), Enum.FlowLayoutAxis (in neither the 12.0.1 UI nor the 12.1 reference)"),
    ("MoveAny", "classic_era", "*", r"settings.lua:274: attempt to call method 'InitializeAccountSettings'", "own", "",
     "MoveAny takes Classic Era (TOC < 20000, 'CLASSIC') for a client with Edit Mode; the 1.15.4 UI's EditModeManagerFrame is "
     "Blizzard_SharedXML/Classic/Stubs.lua's table with IsEditModeActive only"),
    ("MoveAny", "classic_era", "*", r"D4Lib.lua:577: attempt to index field 'FocusFrameHealthBar'", "own", "",
     "Classic Era has no focus frame; D4Lib indexes _G.FocusFrameHealthBar unguarded in its non-retail branch"),
    ("MoveAny", "retail", "*", r"EditModeManager.lua:828: attempt to index field '\?'", "ours", "STUB-SHAPE",
     "C_EditMode.GetAccountSettings' stub answered an empty list; the client lists every account setting. Fixed on branch fidel8 "
     "(fixture api/character_state_retail)"),
    ("Molinari", "*", "*", r"Dashi/modules/misc.lua:25: bad argument #3 to 'format'", "ours", "LUA-COMPAT",
     "Dashi's ArgCheck(arg, argIndex, ...): stock Lua 5.1's LUA_COMPAT_VARARG made `arg` a hidden nil local; the client's Lua has "
     "no implicit arg table. Fixed on branch fidel8 (fixture lua/vararg_no_arg_table)"),
    ("ElvUI", "*", "*", r"Toolkit.lua:623: Attempt to access forbidden object|method '(OffsetFrameLevel|Size|CreateShadow)'",
     "ours", "FORBIDDEN-OPEN", "ElvUI's toolkit asks every enumerated frame GetObjectType before IsForbidden at every login, so the "
     "client answers it on forbidden frames; the follow-ups are the toolkit methods never added. Fixed on branch fidel8 "
     "(fixture taint/forbidden_objects)"),
    ("BasicChatMods", "*", "*", r"BasicConfig.lua:594: |^bad argument #2 to '\?' \(string expected, got nil\)", "ours", "STARTUP-ORDER",
     "BCM formats ChatFrame1.name at PLAYER_LOGIN; ChatFrame1 gets its name only on UPDATE_CHAT_WINDOWS, which the client sends "
     "before the log-in too. Fixed on branch fidel8 (fixture events/addon_loaded_order)"),
    ("TellMeWhen", "*", "*", r"script ran too long", "ours", "NO-CURRENCY-DB",
     "Currencies.lua scans currency ids until 3000 misses in a row and registers (and re-sorts) a condition per currency with "
     "an icon; without a currency database every id up to 3999 has a stand-in with an icon, and the ~4000 conditions cost "
     "between 0.7 and 4 G instructions in one TMW_INITIALIZE callback, past the 400 M budget. Fixed on branch fidel10: the "
     "client limits a script's time only in combat, and out of combat wow-sim's bound is 10x the budget "
     "(fixture hardening/budget_in_and_out_of_combat)"),
    ("TellMeWhen", "classic_era", "*", r"Talents.lua:10\d: table index is nil|Condition.lua:84: max must be specified", "ours", "SPECS",
     "Classic Era answered no specializations; its client has three per class (TMW probes GetSpecializationInfoForClassID and "
     "counts from 0 there). Fixed on branch fidel8 (fixture api/specializations_classic_era)"),
    ("TellMeWhen", "*", "*", r"IconEvents/config.lua:505: attempt to index field 'frames'", "ours", "SCROLL-HIDDEN",
     "OnScrollRangeChanged fired for a scroll frame in a hidden panel; the client lays out (and reports) only shown frames. "
     "Fixed on branch fidel8 (fixture widgets/scroll_range_hidden)"),
    ("TotalRP3", "*", "*", r"Languages.lua:128|GetChannelName|Chomp", "ours", "STUB-SHAPE",
     "GetNumLanguages 0 while GetDefaultLanguage answered Common; GetChannelName answered nothing (the client: 0). Fixed on branch "
     "fidel8 (fixture api/character_state_*)"),
    ("PitBull4", "*", "*", r"UnitInPhase|ClassicExpansion", "ours", "STUB-SHAPE",
     "ClassicExpansionAtLeast/AtMost were typed stubs (false); fixed on branch fidel8 by game type"),
    ("Scrap", "retail", "*", r"CustomSearch-1.0.lua:235: attempt to index local 'string'", "ours", "GS-LIST-STALE",
     "Filters.lua reads EXPANSION_NAME0..NUM_LE_EXPANSION_LEVELS (11 in the 12.1 reference); the newest public global-string "
     "export (11.0.5, our list and --global-strings input) has no EXPANSION_NAME11, which the 12.x client defines. Fixed on "
     "branch fidel9: every level up to LE_EXPANSION_LEVEL_CURRENT has its name (fixture api/global_strings_real_csv)"),
    ("KuiNameplates", "retail", "*", r"config.lua:711: attempt to call field 'SetNamePlateSelfClickThrough'", "own", "",
     "C_NamePlate.SetNamePlateSelfClickThrough is in neither the 12.0.1 API documentation nor the 12.1 reference (removed in 12.0)"),
    ("NDui", "retail", "*", r"Nameplates.lua:1110: attempt to call method 'ForceUpdate'", "ours", "STUB-SHAPE",
     "oUF's unitIsUnit asks C_Secrets.CanCompareUnitTokens first; its typed stub answered false, so ClassPower never enabled. "
     "Fixed on branch fidel8 (true: nothing is secret; fixture api/secret_values)"),
    ("NDui", "retail", "*", r"Location.lua:99: attempt to index field '\?'", "ours", "STUB-SHAPE",
     "C_PvP.GetZonePVPInfo's stub answered \"\" for the pvp type; fixed on branch fidel8 (friendly in the default Elwynn Forest; "
     "fixtures api/character_state_*, world/zone_instance)"),
    # ---- read in the 01:20 refresh of Dec 2 2026 (branch fidel3) ----
    ("SpellActivationOverlay", "classic_era", "ui", r"SharedBasicControls.lua:187: attempt to concatenate local 'msgKey'",
     "ours", "LUA-WARNING-PAYLOAD",
     "the addon's XML warnings arrive as LUA_WARNING (since conf3) with the current payload (warningText); the "
     "1.15.4 UI documents (warnType, warningText) and its HandleLuaWarning reads both. Fixed on branch fidel3 "
     "(fixture xml/lua_warning_typed_payload)"),
    ("TinyTooltip", "classic_era", "*", r"global 'InterfaceOptionsFramePanelContainer'", "own", "",
     "TinyTooltip (2023, TOC 11404) sizes its panel from InterfaceOptionsFramePanelContainer, which the 1.15 UIs "
     "no longer define (the Settings panel replaced it; not in the 1.15.4 tree)"),
    # ---- read in the corpus9 refresh of Dec 3 2026 (sixth batch) ----
    ("SilverDragon", "retail", "*", r"util.lua:208: script ran too long", "ours", "MINIMAP-RADIUS",
     "SilverDragon_Overlay/minimap.lua:168 divides by GetMinimapViewDiameter() = C_Minimap.GetViewRadius() * 2; the "
     "typed stub answers 0 (probe: Minimap:GetZoom() 0, GetViewRadius() 0), so DrawSegment's segment count is "
     "infinite. The client answers the minimap's view radius in yards (apis.yaml C_Minimap.GetViewRadius: yards; "
     "HereBeDragons-Pins-2.0.lua:66's table: 466.67 yards across outdoors at zoom 0). Fixed on branch fidel9: "
     "C_Minimap.GetViewRadius answers half that diameter at the minimap's zoom (fixture api/character_state_retail)"),
    ("oUF_P3lim", "*", "*", r"ouf.lua:771: Usage: SetAttribute", "own", "",
     "oUF_P3lim (2024-05) calls SpawnHeader(nil, nil, visibility, attr, value, ...); oUF 564d42d (2026-01, 'Move some "
     "args from SpawnHeader to methods', in every tag since, the packager's `tag: latest`) dropped the visibility "
     "argument, so the pairs shift and SetAttribute(true, 'showRaid') is refused as in the client"),
    ("SimpleItemLevel", "*", "*", r"LibAppropriateItems-1.0", "input", "",
     "lib/LibAppropriateItems-1.0 is a wowace-only external (git.wowace.com); no public copy on this host (skip_externals)"),
    ("GladiusEx", "*", "ui", r".", "input", "",
     "embeds.xml:20 includes libs/LibGroupInSpecT-1.1/lib.xml; the only public copy of that wowace library here "
     "(aby-ui/repo-base) holds the .lua alone, so LibCooldownTracker and GladiusEx.lua:13 stop at LibStub; "
     "SafeGetSpellName and NewGladiusExModule nil are follow-ups"),
    ("ls_Toasts", "retail", "*", r"ie.lua:276: attempt to index local 'scrollBarBG'", "ours", "EXPANSION-LEVEL",
     "ie.lua:266 takes its Classic branch when GetClientDisplayExpansionLevel() < 3; the typed stub answers 0 on "
     "retail (probe: 0, GetExpansionLevel() 0, while LE_EXPANSION_LEVEL_CURRENT is 11); the 12.0.1 client answers 11. Fixed on branch fidel9: every expansion-level getter answers LE_EXPANSION_LEVEL_CURRENT "
     "(fixture api/character_state_*)"),
    ("Arcana", "classic_era", "*", r"Modules/Lauchers/Lauchers_LibQTip.lua", "own", "",
     "Arcana_Vanilla.toc names Modules\\Lauchers\\ (a typo; the folder is Launchers): the client cannot open it either"),
    # ---- read in the corpus11 refresh of Dec 4 2026 (24 sets no one had looked at) ----
    # XML the client's UI.xsd refuses (by element, where the name-only check below would say ours)
    ("ConsolePort", "*", "*", r"Guide.xml:\d+:\d+: Unrecognized XML attribute: point$", "own", "",
     "<StartAnchor point=...>/<EndAnchor point=...> of a <Line>: UI.xsd's LineType anchors have relativePoint, relativeTo, "
     "relativeKey, x, y and no point (FrameXML.log warns)"),
    ("ConsolePort", "*", "*", r"Overview.xml:75:\d+: Unrecognized XML attribute: height$", "own", "",
     "<FontString height=...>: FontStringType and LayoutFrameAttributes have no height attribute in UI.xsd (FrameXML.log warns)"),
    (r".*", "*", "*", r"(TexCoords TexCoords: Invalid left|AbsDimension AbsDimension: Invalid [xy]) value: $", "own", "",
     "an empty number (left=\"\", y=\"\") in the addon's XML: not an xs:float, the client's FrameXML.log has the same warning"),
    # nameplates, frames, bars
    ("Platynator", "classic_era", "*", r"Initialize.lua:645: attempt to index global 'NamePlateConstants'|Initialize.lua:804: attempt to index local 'base'",
     "input", "",
     "Platynator (2026, TOC 11508) takes the 1.15.9 nameplate API (C_NamePlate.SetNamePlateSize, which the reference has) as the "
     "sign of the newer Classic Era UI, whose NamePlateConstants and SystemFont_NamePlate_Outlined (both in the 12.0.1 tree's "
     "Blizzard_NamePlates) the 1.15.4 UI input lacks"),
    ("Aptechka", "*", "*", r"helpers.lua:69: attempt to perform arithmetic on local 'h'", "ours", "CVAR-RESOLUTION",
     "helpers.lua:66 parses GetCVar(\"gxWindowedResolution\") as WxH; wow-sim answers the CVar's registered default \"auto\" "
     "(cvars.yaml). The client's window has a size once it is open: Blizzard's Graphics settings offer windowed mode only "
     "concrete WxH sizes (Blizzard_SettingsDefinitions_Shared/Graphics.lua:586-605, the 0x0 default only for fullscreen)"),
    ("Aptechka", "*", "*", r"config.lua:38: attempt to call local 'set'|config.classic.lua:19|Aptechka.lua:3422: attempt to call field '\?'|Aptechka.lua:752: attempt to call field 'MergeTable'",
     "ours", "CVAR-RESOLUTION", "follow-ups: helpers.lua stopped at line 69 before it defines helpers.set, MergeTable and the rest"),
    ("ConsolePort", "*", "*", r"does not have a \"OnGamePadStick\" script", "ours", "SCRIPT-GAMEPAD",
     "Convenience.lua:125 sets ColorPickerFrame's OnGamePadStick at load; the reference's Frame scripts list OnGamePadButtonDown/Up "
     "only, but the client's UI.xsd (12.0.1 line 368, 1.15.4 line 352) has OnGamePadStick among the script handlers"),
    ("ConsolePort", "*", "*", r"Raid.lua:331: bad argument #2 to 'format'", "ours", "GAMEPAD-BINDING",
     "db('raidCursorUp') is nil: ConsolePort's Button field keeps 'PADDUP' only if IsBindingForGamePad('PADDUP'); the reference "
     "has no signature for it and wow-sim answers nil, where the client answers true for a gamepad key chord (PAD1, PADDUP, "
     "...; Blizzard_ActionBar/Shared/ActionButton.lua:497 picks gamepad hotkey text with it)"),
    ("ConsolePort", "retail", "*", r"Shared.lua:17: bad argument #2 to 'format'", "ours", "NO-SPEC",
     "('%s (%s) %s'):format(name, specName, realm) with GetSpecializationInfo(GetSpecialization()): without a scenario spec "
     "GetSpecialization's typed stub answers 0 and the info nothing; the client's level-80 character always has a spec (index "
     "1-4; Blizzard's PlayerUtil.GetCurrentSpecID in Blizzard_SharedXML/UnitUtil.lua:36 relies on it)"),
    ("ConsolePort", "*", "*", r"attempt to call method 'Signal'", "input", "",
     "env:Signal comes from RelaTable (LibStub('RelaTable')(name, env)); the RelaTable snapshot (seblindfors/RelaTable bf0ae10, "
     "2024-07) is older than ConsolePort's commit (2026-08) and has no Signal"),
    ("ConsolePort", "retail", "*", r"Data.lua:403: Malformed mutable: key \"PADDUP\"", "own", "",
     "ConsolePort_Bar's default layout keys are checked against db.Gamepad.Index.Button.Binding, which Gamepad.lua:326 fills only "
     "when C_GamePad.IsEnabled(): with gamepad input off (GamePadEnable's default 0, no controller set up) the client refuses "
     "them the same"),
    ("ConsolePort", "retail", "*", r"RestrictedFrames.lua:\d+: Invalid snippet body", "own", "",
     "follow-up: Model/Utils.lua:59 (BuildLayout) stopped before TriggerEvent('OnDataLoaded'), so Manager:CreateEnvironment never "
     "set ApplyBindings/OnBindingsChanged while its OnNewBindings callback still runs (probed: ConsolePortBarManager lacks them)"),
    ("ConsolePort", "classic_era", "*", r"RestrictedFrames.lua:\d+: Invalid snippet body", "input", "",
     "follow-up: Blizzard/Classic.lua:63 (MainActionBar) stopped ConsolePort_Bar's OnDataLoaded before Manager:CreateEnvironment"),
    ("ConsolePort", "classic_era", "*", r"Mixin.lua:9: bad argument #1 to 'pairs'|CPNavBar(Wrapper)?Mixin|HorizontalButtonTrayTemplate|Config.lua:539: attempt to call method 'AddButton'|global 'MainActionBar'",
     "input", "",
     "ConsolePort (2026, TOC 11509) uses the newer Classic Era UI's ButtonTray templates and mixins (BaseButtonTrayMixin, "
     "HorizontalButtonTrayTemplate: Blizzard_SharedXML/Shared/ButtonTray in the 12.0.1 tree) and MainActionBar; the 1.15.4 UI "
     "input has neither (AddButton and the nav bar mixins are follow-ups)"),
    ("MaxDps", "*", "*", r"Couldn't open .*Libs/LibClassicSpecs/LibClassicSpecs.lua", "input", "",
     "MaxDps.toc lists LibClassicSpecs inside #@version-classic@/-bcc@/-cata@ blocks: the packager comments them out of the retail "
     "TOC and builds the Classic packages from .pkgmeta-classic (which adds the library); pack.py keeps the blocks and uses .pkgmeta"),
    # quest guides
    ("WoWPro", "*", "*", r"Mixin \"(Sortable)?ScrollListMixin\" not found", "ours", "SCOPED-ENV",
     "WoWPro_Templates.xml puts its templates in <ScopedModifier scriptsUseGivenEnv=\"true\"> and keeps the mixins in the addon "
     "table (WoWPro_Templates.lua:137 private.ScrollListMixin, since 2020). The client looks scoped mixins and handlers up in the "
     "addon's table: wowless's in-client test addon asserts it (addon/Wowless/test.xml:715-752, addonEnv = the addon table, "
     "util.lua:194); wow-sim applies the given environment to secure addons only and looks mixins up in _G"),
    ("Guidelime", "*", "*", r"Couldn't open .*Data/Internal/(CreaturesDB|ObjectsDB|QuestsDB_Locales).lua", "input", "",
     "the three data files are 4 MiB or more, which the fetch tool's snapshots lack (pack.py: 3 files absent)"),
    ("Guidelime", "classic_era", "*", r"the run timed out", "ours", "STUB-INDEX",
     "Events.lua:88 loops `GetQuestLogTitle(i)` until it answers no name; the typed stub answers \"\" (truthy) for every index "
     "while GetNumQuestLogEntries() is 0 (probed), so the loop never ends; the client answers nothing past the log's entries"),
    # collections, vendors, tooltips
    ("MountJournalEnhanced", "*", "*", r"LibCopyDialog.lua:7: malformed number near '2.53.3'", "input", "",
     "LibCopyDialog's `local MINOR = @project-version@` got MountJournalEnhanced's version from pack.py's keyword pass over the "
     "whole package; the packager fills an external's keywords with the external's own version (its tags are 1, 2, 3)"),
    ("Krowi_AchievementFilter", "*", "*", r"Krowi_Tutorials/Krowi_Tutorials.xml|library instance of \"Krowi_Tutorials_3\"|Tutorials.lua:42: attempt to index local 'tutorials'|field 'Tutorials'",
     "input", "",
     "the Libs/Krowi_Tutorials submodule commit (5657061) is not in the library's snapshot, whose HEAD is older (the LibStub "
     "Krowi_Tutorials-3.0, not the KROWI_LIBMAN Krowi_Tutorials_3 the addon asks for); Tutorials.lua is a follow-up"),
    ("Krowi_AchievementFilter", "*", "*", r"Krowi_ProgressBarMixin.lua:33: attempt to perform arithmetic on field 'Max'", "input", "",
     "the Libs/Krowi_ProgressBar submodule commit (04f6e56) is not in the library's snapshot, so pack.py used its older HEAD "
     "(7510cbf); the record stays when the covenant record below is answered (probe), so it is not that record's follow-up"),
    ("Krowi_AchievementFilter", "retail", "*", r"Localization/Shared.lua:7: attempt to index a nil value", "ours", "STUB-FACTS",
     "GetCovenantName(1) at load reads C_Covenants.GetCovenantData(1).name; wow-sim answers nil for every id (probed, and "
     "GetCovenantIDs() is empty); the client has the four Shadowlands covenants (Kyrian, Venthyr, Night Fae, Necrolord)"),
    ("Krowi_AchievementFilter", "retail", "*", r"AceLocale-3.0.lua:45: assertion failed|CategoryData(_PvP)?.lua:\d+: attempt to index local 'CT'",
     "ours", "STUB-FACTS",
     "follow-ups: Localization/Shared.lua stopped at line 98 before `addon.L = GetLocale(addon)` (line 178), so every read of L "
     "hits AceLocale's write proxy (assertfalse) and CategoryData.lua cannot build CT (gone when GetCovenantData answers: probe)"),
    ("AppearanceTooltip", "*", "*", r"Couldn't open lib/LibArmorToken-1.0/lib.xml", "input", "",
     "lib/LibArmorToken-1.0 is a git.wowace.com external with no public copy on this host (skip_externals)"),
    # professions, trainers
    ("Skillet|Skillet-Classic", "*", "*", r"Couldn't open .*Libs/LibWindow-1.1/LibWindow-1.1.lua", "own", "",
     "Skillet's .pkgmeta takes the whole libwindow-1-1 trunk into Libs/LibWindow-1.1, whose file is LibWindow-1.1/LibWindow-1.1.lua "
     "in the trunk (its own TOC says so), while Skillet's TOC names Libs\\LibWindow-1.1\\LibWindow-1.1.lua: the packaged addon "
     "lacks it the same (another addon's LibWindow-1.1 hides it for most users)"),
    ("Skillet", "retail", "*", r"MainFrame.lua:313: Cannot find a library instance of \"LibWindow-1.1\"|Skillet.lua:886: attempt to index field 'faction'|ShoppingList.lua:851",
     "own", "", "follow-ups: OnInitialize stopped at line 443 (LibWindow-1.1 absent) before InitializeDatabase and its counters"),
    ("Skillet", "retail", "*", r"LibPeriodicTable-3.1.lua:154: attempt to call global 'GetNumAddOns'|LibPeriodicTable-3.1-Tradeskill\w*.lua:4: attempt to call method 'AddData'",
     "input", "",
     "the only public LibPeriodicTable-3.1 copy (doadin/libperiodictable-3-1, May 2020) calls GetNumAddOns, which 11.0 moved to "
     "C_AddOns; the data modules are follow-ups"),
    ("Skillet-Classic", "classic_era", "*", r"Skillet.lua:505: attempt to index field 'queueData'|Skillet.lua:926: attempt to index field 'faction'",
     "own", "",
     "first start (no SavedVariables): FlushAllData calls FlushPlayerData, which writes db.realm.queueData[player] before "
     "FlushQueueData (line 531) creates queueData; the faction record is a follow-up (OnInitialize stopped before line 689)"),
    ("WhatsTraining", "classic_era", "*", r"hooksecurefunc\(\): UpdateSkillLineTabs is not a function", "input", "",
     "WhatsTraining (2026) hooks SpellBookFrame:UpdateSkillLineTabs and calls SpellBookFrame:Update of the newer Classic Era "
     "spell book; the 1.15.4 UI input has the global SpellBookFrame_UpdateSkillLineTabs (Classic/SpellBookFrame.lua:742)"),
    # chat, Classic Era UI
    ("ls_Glass", "retail", "*", r"FrameUtil.lua:532: attempt to index local 'frame'", "own", "",
     "ls_Glass is retired (README, 2026-01-29: no updates for Midnight; TOC 110207): button.lua:123 clears the dock overflow "
     "button's highlight texture, and the 12.0.1 UI's FCFDockOverflowButton_UpdatePulseState (FloatingChatFrame.lua:2288) "
     "passes GetHighlightTexture() to UIFrameFlashStop unguarded once ChatFrame1's resize dirties the dock"),
    ("LFGBulletinBoard", "classic_era", "*", r"Localization.lua:31: table index is nil", "input", "",
     "[WOW_PROJECT_MISTS_CLASSIC] = 26: the 1.15.4 UI input's Vanilla/Constants.lua has no WOW_PROJECT_MISTS_CLASSIC (newer "
     "trees define it, = 19: Blizzard_FrameXMLBase/Cata/Constants.lua:140 of the 12.0.1 tree)"),
    ("LFGBulletinBoard", "classic_era", "*", r"field 'LocalizationInit'|Tags.lua:1186: No client dungeons found", "input", "",
     "follow-ups: Localization.lua stopped at line 31 before it defines GBB.LocalizationInit"),
    ("DragonflightUI", "classic_era", "*", r"Castbar.mixin.lua:720: attempt to concatenate field 'preci'", "ours", "STUB-UNITS",
     "the castbar's OnLoad calls SetUnit('target'/'focus'/'boss1'), whose PLAYER_ENTERING_WORLD branch takes a channel when "
     "UnitChannelInfo(unit) names one: for units the world does not know, wow-sim falls back to the typed stub, which answers "
     "\"\" and 0s (probed; the player answers nothing); the client answers nothing for a unit that does not exist or casts nothing"),
    ("DragonflightUI", "classic_era", "*", r"Castbar.mixin.lua:792: attempt to index field 'Border'", "ours", "STUB-UNITS",
     "follow-up: OnLoad stopped at line 26 before it creates self.Icon.Border"),
    ("DragonflightUI", "classic_era", "*", r"UI.mixin.lua:2839: attempt to index local 'port'", "ours", "TEXTURE-FILEID",
     "ChangeQuestLogFrameEra finds the book icon by `child:GetTexture() == 136797`; the XML sets it by path "
     "(Vanilla/QuestLogFrame.xml:140, Interface\\QuestFrame\\UI-QuestLog-BookIcon) and wow-sim's GetTexture answers the path "
     "(GetTextureFileID 0, probed), where the client answers the file's FileDataID for files it has"),
    # ---- read in the corpus12 refresh of Dec 4 2026, evening (16 sets no one had looked at) ----
    ("Rarity", "*", "*", r"Couldn't open .*Libs/(LibQTip-1.0|LibBabble-(Zone|SubZone|CreatureType|Boss)-3.0)/lib.xml|library instance of \"(LibQTip-1.0|LibBabble-\w+-3.0)\"|local 'GUI'|field 'GUI'",
     "input", "",
     "LibBabble-Zone/SubZone/CreatureType/Boss-3.0 are wowace only (skip_externals); libqtip-1-0's public copy (aby-ui) has no "
     "lib.xml; the GUI records are follow-ups of GUI.lua:16 (LibBabble-Boss-3.0)"),
    ("BattleGroundEnemies", "classic_era", "*", r"LibGroupInSpecT-1.1.lua:(743: attempt to perform arithmetic on local 'MAX_TALENT_TIERS'|553: attempt to call upvalue 'GetSpecialization'|662: attempt to call method 'GroupUnits'|393: table index is nil)",
     "input", "",
     "LibGroupInSpecT-1.1 (wowace only; the public copies are MINOR 91/92 of 2022-23, its .lua from aby-ui) is embedded "
     "unconditionally and is not Classic-Era-safe: line 743 reads MAX_TALENT_TIERS, which the 1.15.4 UI does not define (the "
     "12.0.1 Blizzard_FrameXML/TalentFrameBase.lua:4 does; the client errors there on nil, wow-sim's message says a string: "
     "its unknown-name stand-in), 553 calls GetSpecialization (no global in the 1.15.4 UI or reference), 662 is a follow-up of "
     "743; 393 (since GetNumClasses answers the class count) loops GetSpecializationInfoForClassID(class, 1..N) where Classic Era's talent-tree index counts from 0, so the last index names none; whether the current trunk is guarded is not known here"),
    ("BattleGroundEnemies", "retail", "*", r"Data.lua:137: bad argument #1 to 'pairs' \(table expected, got nil\)", "own", "",
     "pairs(DebuffTypeColor): the 12.0.1 UI no longer defines DebuffTypeColor (the 1.15.4 UI's Classic/AuraUtil.lua:4 does); "
     "BattleGroundEnemies (2025-08, TOC 110200) predates 12.0"),
    ("Decursive", "*", "*", r"^AceLocale-3.0: Decursive: Missing entry for", "input", "",
     "Localization/enUS.lua:83 is `--@localization(locale=\"enUS\", format=\"lua_additive_table\")@`, which the packager "
     "fills from the CurseForge translation site: the keys only that site has are missing from the default locale"),
    ("Decursive", "retail", "*", r"BugGrabber.lua:59: attempt to call global 'GetAddOnInfo'", "input", "",
     "Libs/BugGrabber from the only public copy (datagutten/BugGrabber, 2021), which calls GetAddOnInfo (C_AddOns since 11.0)"),
    ("Broker_Everything", "*", "*", r"core.xml:\d+:\d+: \w+ BE_Secure\w+: Invalid hidden value: hidden$", "own", "",
     "hidden=\"hidden\": UI.xsd's hidden is xs:boolean (12.0.1 line 478, 1.15.4 line 460); the client's FrameXML.log warns the same"),
    ("Collectionator", "retail", "*", r"RecoverTMogSource.lua:8: attempt to index a nil value", "ours", "STUB-FACTS",
     "the OnUpdate calls modelScene:GetPlayerActor() after TransitionToModelSceneID(596); C_ModelInfo.GetModelSceneInfoByID(596) "
     "answers 0, {}, {}, 0 (probed), so ModelSceneMixin (Blizzard_SharedXML/ModelSceneMixin.lua:72) creates no actors; the client "
     "has scene 596, the dressing room's (DressUpFrames.lua:333 DRESS_UP_FRAME_MODEL_SCENE_ID), with its player actors (probe: answering scene 596 with a camera and player actors, the record is gone)"),
    ("xCT\\+", "retail", "*", r"merge_race.lua:20: attempt to index a nil value", "ours", "STUB-FACTS",
     "C_CreatureInfo.GetRaceInfo(30).raceName: the typed stub answers nil for every race id (probed, race 1 too, while "
     "UnitRace('player') is Human, 1); the client answers { raceName, clientFileString, raceID } for each race (ChrRaces; probe: answered, the record is gone)"),
    ("xCT\\+", "retail", "*", r"hooksecurefunc\(\): CombatText_AddMessage is not a function", "own", "",
     "12.0 made Blizzard_CombatText a mixin (Shared/CombatText.lua:335 CombatTextMixin:AddMessage): no global "
     "CombatText_AddMessage once the RequiredDeps Blizzard_CombatText is loaded; xCT+ (2025-11, TOC 110205) predates 12.0"),
    ("TalentTreeTweaks|TalentLoadoutManager", "*", "*", r"Couldn't open (NumyAceEvent-3.0|LibVersionCheck-1.0)/|library instance of \"NumyAceEvent-3.0\"|local '(Main|TLM)' \(a nil value\)",
     "input", "",
     "NumyAddon/NumyAceEvent-3.0 and LibVersionCheck-1.0 have no snapshot on this host (skip_externals); the addon's "
     "NewAddon(..., 'NumyAceEvent-3.0') fails, and the modules' `Main`/`TLM` nil are follow-ups"),
    ("BadBoy", "*", "*", r"Generate.lua:5: attempt to index a nil value", "ours", "MAP-DATA",
     "BadBoy.lua:3 / BadBoy_Classic.lua:3 decode its lists with C_Map.GetMapInfo(84).parentMapID (retail) / (1461) (Classic "
     "Era) at load; without the user's map tables wow-sim knows only the character's zone chain (probed: 37 -> 13 -> 947 on "
     "retail, 1429 -> 1415 -> 947 on Classic Era; 84 and 1461 nil); the client's UiMap has every map (Stormwind City is 84; probe: with map 84 answered, retail's record is gone)"),
    ("oRA3", "*", "*", r"Couldn't open libs/LibDDI-1.0/lib.xml", "input", "", "LibDDI-1.0 is wowace only, no public copy (skip_externals, as BigWigs)"),
    ("TalentTreeTweaks|TalentLoadoutManager", "retail", "*", r"LibTalentTree-1.0.lua:175: table index is nil", "ours", "STUB-FACTS",
     "LibTalentTree's OnUpdate builds classTreeMap for classID = 1, GetNumClasses() (line 143) and indexes it (line 171): "
     "GetNumClasses() answers the typed stub's 0 (probed; wowless answers COUNT(*) of ChrClasses, data/sql/GetNumClasses.sql; "
     "the retail client has 13 classes). With it answered (probe), C_ClassTalents.GetTraitTreeForSpec(spec) is the next nil (the "
     "client: the class's trait tree, wowless data/sql/C_ClassTalents.GetTraitTreeForSpec.sql, relied on by "
     "Blizzard_ClassTalentImportExport.lua:257); with both, line 190 (C_Traits.GetTreeCurrencyInfo of the view loadout) follows"),
]


def load(res):
    runs = {}
    for f in sorted(os.listdir(res)):
        if not f.endswith(".json"):
            continue
        name, fl, mode = f[:-5].rsplit(".", 2)
        try:
            with open(os.path.join(res, f)) as h:
                runs[(name, fl, mode)] = json.load(h)
        except (OSError, ValueError):
            runs[(name, fl, mode)] = None
    return runs


XSD_NAMES = {}


def xsd_names(fl):
    """Element and attribute names of the flavour's UI.xsd (RETAIL_UI / CLASSIC_ERA_UI), lower-cased."""
    if fl not in XSD_NAMES:
        ui = os.environ.get({"retail": "RETAIL_UI", "classic_era": "CLASSIC_ERA_UI"}.get(fl, ""), "")
        p = os.path.join(ui, "Blizzard_SharedXML", "UI.xsd")
        names = set()
        if ui and os.path.exists(p):
            with open(p, encoding="utf-8", errors="replace") as f:
                names = {n.lower() for n in re.findall(r'name="([^"]+)"', f.read())}
        else:
            sys.exit(f"classify.py: set RETAIL_UI and CLASSIC_ERA_UI (UI.xsd for {fl})")
        XSD_NAMES[fl] = names
    return XSD_NAMES[fl]


def short(s):
    return (s or "").replace("Interface/AddOns/", "")


def classify(key, r, ui_keys):
    name, fl, mode = key
    msg = r["message"]
    if mode == "base" and (r.get("file"), r.get("line"), msg) in ui_keys:
        mode = "ui"  # the same record as with the Blizzard UI: the same cause
    for sets, fls, modes, pat, cls, cause, note in RULES:
        if not re.fullmatch(sets, name):
            continue
        if fls != "*" and fls != fl:
            continue
        if modes != "*" and modes != mode:
            continue
        if re.search(pat, msg) or re.search(pat, f"{short(r.get('file'))}:{r.get('line')}"):
            return cls, cause, note
    m = re.search(r"Unrecognized XML(?: attribute)?: (\S+)$", msg) if mode == "ui" else None
    if m:  # by name: a per-element check against UI.xsd is issue #18 part 2's test
        if m[1].lower() in xsd_names(fl):
            return "ours", "XSD", f"{m[1]} is in the client's UI.xsd"
        return "own", "", f"{m[1]} is not in the client's UI.xsd: its FrameXML.log has the warning"
    if mode == "base" and (r.get("file"), r.get("line"), msg) not in ui_keys:
        return "ours", "BASE", "the built-in base lacks what the Blizzard UI has"
    return "UNCLASSIFIED", "", ""


def blizzard_names(ui):
    """Globals, functions and templates a Blizzard UI tree defines (for the base's list)."""
    out = set()
    for root, _, files in os.walk(ui):
        for f in files:
            if not f.endswith((".lua", ".xml")):
                continue
            with open(os.path.join(root, f), encoding="utf-8", errors="replace") as h:
                text = h.read()
            if f.endswith(".lua"):
                out.update(re.findall(r"(?m)^(?:function\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*(?:=|\()", text))
            else:
                out.update(re.findall(r'\bname="([A-Za-z_][A-Za-z0-9_]*)"', text))
    return out


def markdown(res, counts):
    """The results table of docs/real-addons.md: one row per set and flavour."""
    times = {}
    with open(os.path.join(res, "summary.tsv")) as f:
        for line in f:
            p = line.rstrip("\n").split("\t")
            if len(p) >= 7:
                times[(p[0], p[1], p[2])] = (p[4], p[5])  # the last run of a key wins

    def cell(key):
        c = counts.get(key)
        if c is None:
            return "—", ""
        t, mb = times.get(key, ("?", "?"))
        n = sum(c.values())
        parts = [f"ours {c['ours']}" if c["ours"] else "", f"own {c['own']}" if c["own"] else "",
                 f"input {c['input']}" if c["input"] else ""]
        split = ", ".join(x for x in parts if x)
        return f"{n}" + (f" ({split})" if split else ""), f"{t} s, {mb} MB"

    print("| addon set | flavour | with its Blizzard UI: records (classes) | time, peak RSS "
          "| built-in base: records (classes) | time, peak RSS |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, fl in sorted({(k[0], k[1]) for k in counts}, key=lambda x: (x[0].lower(), x[1] != "retail")):
        ui, ui_t = cell((name, fl, "ui"))
        base, base_t = cell((name, fl, "base"))
        print(f"| {name} | {fl.replace('_', ' ')} | {ui} | {ui_t} | {base} | {base_t} |")


def sources(path):
    """The inputs table of docs/real-addons.md from pack.py's sources.tsv: per set, the addon's
    repository and commit, then each library's source."""
    sets = defaultdict(list)
    with open(path) as f:
        for line in f:
            repo, commit, sub, dest, note = (line.rstrip("\n").split("\t") + [""] * 5)[:5]
            parts = dest.split("/")
            name = parts[1] if parts[0] in ("stage", "AddOns") and len(parts) > 1 else parts[0]
            sets[name].append((repo, commit[:12], sub, note))
    print("| addon set | repository, commit | libraries (source, commit) |")
    print("| --- | --- | --- |")
    for name in sorted(sets, key=str.lower):
        rows = sets[name]
        main_repo, main_commit, _, main_note = rows[0]
        groups = {}
        for repo, commit, sub, note in rows[1:]:
            lib = sub.rstrip("/").split("/")[-1] if sub not in (".", "") else repo.split("/")[1]
            g = groups.setdefault((repo, commit, note), [])
            if lib not in g:
                g.append(lib)
        seen = [f"{', '.join(libs)} ({repo} {commit}{'; ' + note if note else ''})"
                for (repo, commit, note), libs in groups.items()]
        print(f"| {name} | {main_repo} {main_commit}{' (' + main_note + ')' if main_note else ''} | "
              f"{'; '.join(seen) if seen else 'none'} |")


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--sources":
        sources(sys.argv[2])
        return
    res = sys.argv[1]
    show = "--records" in sys.argv
    runs = load(res)
    counts = {}
    by_cause = defaultdict(list)
    for key, recs in runs.items():
        if recs is None:
            counts[key] = None
            continue
        ui = runs.get((key[0], key[1], "ui")) or []
        ui_keys = {(x.get("file"), x.get("line"), x["message"]) for x in ui}
        c = Counter()
        for r in recs:
            cls, cause, note = classify(key, r, ui_keys)
            c[cls] += 1
            by_cause[(cls, cause)].append((key, r, note))
            if show or cls == "UNCLASSIFIED":
                print(f"{cls:12} {cause:16} {'.'.join(key)}\t{short(r.get('file'))}:{r.get('line')}"
                      f"\tx{r.get('count')}\t{short(r['message'])[:200]}")
        counts[key] = c
    print()
    for key in sorted(counts):
        c = counts[key]
        if c is None:
            print(f"{'.'.join(key)}\tno JSON")
            continue
        print(f"{'.'.join(key)}\t{sum(c.values())}\tours {c['ours']}\town {c['own']}\tinput {c['input']}"
              + (f"\tUNCLASSIFIED {c['UNCLASSIFIED']}" if c["UNCLASSIFIED"] else ""))
    if "--base-names" in sys.argv:  # what the built-in base lacks: names the Blizzard UI defines
        uis = {"retail": os.environ.get("RETAIL_UI"), "classic_era": os.environ.get("CLASSIC_ERA_UI")}
        defined = {fl: blizzard_names(d) for fl, d in uis.items() if d}
        names = defaultdict(Counter)
        for key, r, note in by_cause.get(("ours", "BASE"), []):
            m = re.search(r"(?:global|field|method) '([^']+)'|inherited node \"([^\"]+)\"|"
                          r"hooksecurefunc\(\): (\S+) is not a function|namespace \"([^\"]+)\"", r["message"])
            n = next((g for g in m.groups() if g), None) if m else None
            if n and n in defined.get(key[1], ()):
                names[key[1]][n] += 1
            else:
                names[key[1]]["(follow-ups and others)"] += 1
        for fl, c in names.items():
            print(f"\nBASE {fl}: " + ", ".join(f"{n} {k}" for n, k in c.most_common()))
    if "--markdown" in sys.argv:
        markdown(res, counts)
    if "--causes" in sys.argv:  # each cause's records, as docs/real-addons.md lists them
        for (cls, cause), items in sorted(by_cause.items()):
            if cls not in ("ours", "own", "input") or cause == "BASE":
                continue
            runs_of = defaultdict(list)  # one line per distinct record, with the runs that have it
            notes = {}
            for key, r, note in items:
                k = (key[0], short(r.get("file")), r.get("line"), short(r["message"])[:150])
                runs_of[k].append(f"{key[1].replace('_', ' ')} {'UI' if key[2] == 'ui' else 'base'}")
                notes[k] = note
            print(f"\n### {cls} {cause} ({len(items)} records)")
            groups = defaultdict(list)  # (set, note): the records one judgement covers
            for k, where in runs_of.items():
                groups[(k[0], notes[k])].append((k, where))
            for (name, note), ks in groups.items():
                if len(ks) <= 3 and not note.startswith("follow-up"):
                    for k, where in ks:
                        msg = k[3].replace("|", "\\|")
                        print(f"- {name}, `{k[1]}:{k[2]}` ({', '.join(where)}): {msg} — {note}")
                    continue
                files = sorted({f"{k[1].split('/')[-1]}:{k[2]}" for k, _ in ks})
                runs = sorted({w for _, where in ks for w in where})
                shown = ", ".join(files[:6]) + (f" and {len(files) - 6} more" if len(files) > 6 else "")
                first = ks[0][0][3].replace("|", "\\|")[:100]
                print(f"- {name}, {len(ks)} distinct records ({', '.join(runs)}; {shown}; e.g. {first}) — {note}")


if __name__ == "__main__":
    main()
