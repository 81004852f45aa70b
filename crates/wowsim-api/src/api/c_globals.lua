-- C functions of the client that Blizzard's own UI (retail 12.0.1 and Classic Era 1.15.4) calls
-- as globals but that the API reference lists only in a namespace, or not at all (found with
-- `wow-sim api-coverage --used-by`). Each answers as the client does for wow-sim's character:
-- no other player or realm is known to it. Written for wow-sim; it is not client code.

-- The realms connected to the character's (for "Name-Realm" completion): none.
if GetAutoCompleteRealms == nil then
  GetAutoCompleteRealms = function() return {} end
end
-- Names completing a typed prefix (friends, guild, group, recent whispers): none known.
if GetAutoCompleteResults == nil then
  GetAutoCompleteResults = function() return {} end
end
-- The Battle.net presence of a completed name: none.
if GetAutoCompletePresenceID == nil then
  GetAutoCompletePresenceID = function() return nil end
end
