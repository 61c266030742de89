"""The promises every command keeps: hostile inputs, limits, signals, atomic outputs."""
