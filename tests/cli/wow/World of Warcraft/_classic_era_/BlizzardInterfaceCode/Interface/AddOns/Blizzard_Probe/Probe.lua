ProbeBlizzardLoaded = "from the exported UI"
