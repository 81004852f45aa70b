-- Requires an addon that is not installed, so it never loads.
error("Epsilon loaded without its dependency")
