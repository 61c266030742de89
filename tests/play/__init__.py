"""The playable HTML booklet: its payload and the page played in a real browser."""
