
WowDirProbeDB = {
	["runs"] = 41,
}
