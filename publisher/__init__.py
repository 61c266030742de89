"""puzzlepress publisher: config -> sources -> verify -> book model -> renderers -> write."""

__version__ = "0.2.0"
