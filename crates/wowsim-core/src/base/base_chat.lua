-- wow-sim built-in base: the chat's message groups (`ChatTypeGroup`: a group name, such as
-- "SAY" or "LOOT", to the events a chat window that shows the group registers), per flavour, as
-- data rows: the flavours that have the row (all, retail, classic), the group, its events.
-- Facts of the clients' chat constants, written as our own table. Chat addons read it at load
-- (Chattynator inverts it to find an event's group).
local isRetail = WOW_PROJECT_ID == WOW_PROJECT_MAINLINE

local GROUPS = [[
all     ACHIEVEMENT             CHAT_MSG_ACHIEVEMENT
all     AFK                     CHAT_MSG_AFK
all     BG_ALLIANCE             CHAT_MSG_BG_SYSTEM_ALLIANCE
all     BG_HORDE                CHAT_MSG_BG_SYSTEM_HORDE
all     BG_NEUTRAL              CHAT_MSG_BG_SYSTEM_NEUTRAL
all     BN_INLINE_TOAST_ALERT   CHAT_MSG_BN_INLINE_TOAST_ALERT CHAT_MSG_BN_INLINE_TOAST_BROADCAST CHAT_MSG_BN_INLINE_TOAST_BROADCAST_INFORM
all     BN_WHISPER              CHAT_MSG_BN_WHISPER CHAT_MSG_BN_WHISPER_INFORM
all     CHANNEL                 CHAT_MSG_CHANNEL_JOIN CHAT_MSG_CHANNEL_LEAVE CHAT_MSG_CHANNEL_NOTICE CHAT_MSG_CHANNEL_NOTICE_USER CHAT_MSG_CHANNEL_LIST
all     COMBAT_FACTION_CHANGE   CHAT_MSG_COMBAT_FACTION_CHANGE
all     COMBAT_HONOR_GAIN       CHAT_MSG_COMBAT_HONOR_GAIN
all     COMBAT_MISC_INFO        CHAT_MSG_COMBAT_MISC_INFO
all     COMBAT_XP_GAIN          CHAT_MSG_COMBAT_XP_GAIN
all     COMMUNITIES_CHANNEL     CHAT_MSG_COMMUNITIES_CHANNEL
all     CURRENCY                CHAT_MSG_CURRENCY
all     DND                     CHAT_MSG_DND
all     EMOTE                   CHAT_MSG_EMOTE CHAT_MSG_TEXT_EMOTE
all     ERRORS                  CHAT_MSG_RESTRICTED CHAT_MSG_FILTERED
all     GUILD                   CHAT_MSG_GUILD GUILD_MOTD
retail  GUILD_ACHIEVEMENT       CHAT_MSG_GUILD_ACHIEVEMENT CHAT_MSG_GUILD_ITEM_LOOTED
classic GUILD_ACHIEVEMENT       CHAT_MSG_GUILD_ACHIEVEMENT
all     IGNORED                 CHAT_MSG_IGNORED
all     INSTANCE_CHAT           CHAT_MSG_INSTANCE_CHAT
all     INSTANCE_CHAT_LEADER    CHAT_MSG_INSTANCE_CHAT_LEADER
all     LOOT                    CHAT_MSG_LOOT
all     MONEY                   CHAT_MSG_MONEY
all     MONSTER_BOSS_EMOTE      CHAT_MSG_RAID_BOSS_EMOTE
all     MONSTER_BOSS_WHISPER    CHAT_MSG_RAID_BOSS_WHISPER
all     MONSTER_EMOTE           CHAT_MSG_MONSTER_EMOTE
all     MONSTER_SAY             CHAT_MSG_MONSTER_SAY
all     MONSTER_WHISPER         CHAT_MSG_MONSTER_WHISPER
all     MONSTER_YELL            CHAT_MSG_MONSTER_YELL
all     OFFICER                 CHAT_MSG_OFFICER
all     OPENING                 CHAT_MSG_OPENING
all     PARTY                   CHAT_MSG_PARTY CHAT_MSG_MONSTER_PARTY
all     PARTY_LEADER            CHAT_MSG_PARTY_LEADER
retail  PET_BATTLE_COMBAT_LOG   CHAT_MSG_PET_BATTLE_COMBAT_LOG
retail  PET_BATTLE_INFO         CHAT_MSG_PET_BATTLE_INFO
all     PET_INFO                CHAT_MSG_PET_INFO
retail  PING                    CHAT_MSG_PING
all     RAID                    CHAT_MSG_RAID
all     RAID_LEADER             CHAT_MSG_RAID_LEADER
all     RAID_WARNING            CHAT_MSG_RAID_WARNING
all     SAY                     CHAT_MSG_SAY
all     SKILL                   CHAT_MSG_SKILL
retail  SYSTEM                  CHAT_MSG_SYSTEM TIME_PLAYED_MSG PLAYER_LEVEL_CHANGED UNIT_LEVEL CHAT_MSG_BN_WHISPER_PLAYER_OFFLINE DISPLAY_EVENT_TOAST_LINK
classic SYSTEM                  CHAT_MSG_SYSTEM TIME_PLAYED_MSG PLAYER_LEVEL_UP CHARACTER_POINTS_CHANGED CHAT_MSG_BN_WHISPER_PLAYER_OFFLINE
all     TARGETICONS             CHAT_MSG_TARGETICONS
all     TRADESKILLS             CHAT_MSG_TRADESKILLS
all     VOICE_TEXT              CHAT_MSG_VOICE_TEXT
all     WHISPER                 CHAT_MSG_WHISPER CHAT_MSG_WHISPER_INFORM CHAT_MSG_AFK CHAT_MSG_DND
all     YELL                    CHAT_MSG_YELL
]]

ChatTypeGroup = ChatTypeGroup or {}
for line in GROUPS:gmatch("[^\n]+") do
  local flavours, group, events = line:match("^(%S+)%s+(%S+)%s+(.+)$")
  if not group then
    error("base_chat.lua: bad group row: " .. line)
  end
  if flavours == "all" or (flavours == "retail") == isRetail then
    local list = {}
    for event in events:gmatch("%S+") do
      list[#list + 1] = event
    end
    ChatTypeGroup[group] = list
  end
end
