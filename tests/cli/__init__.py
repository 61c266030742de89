"""The puzzlepress commands other than build, through publisher.cli.main."""
