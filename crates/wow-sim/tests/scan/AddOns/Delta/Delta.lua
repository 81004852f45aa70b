-- Load on demand: never loaded at start-up, so this error must not appear.
error("Delta was loaded at start-up")
