-- An atlas of our own, to see that the exported art folder is an --art folder.
local AtlasInfo = {
	["Interface/Icons/Probe"] = {
		["probe-atlas"] = {48, 24, 0, 0.75, 0, 0.375, false, false},
	},
}
