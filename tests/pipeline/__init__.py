"""The build's stages through publisher.build: config, sources, verify, grades, whole books."""
