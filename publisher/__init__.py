"""puzzlepress publisher: config -> sources -> verify -> book model -> renderers -> write."""

__version__ = "0.1.0"
