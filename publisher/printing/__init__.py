"""Print-on-demand: service profiles (data files), interior rules, the full-wrap cover and preflight.

The flow stays forward: the config's ``print`` block picks a :class:`~publisher.printing.profile.Profile`,
:func:`~publisher.printing.interior.interior_rules` turns it into the model's
:class:`~publisher.model.PrintRules` that layout obeys, the cover is drawn from the
interior's final page count, and preflight reads the written PDFs back.
"""

def cover_stem(stem: str, role: str) -> str:
    """``<stem>-cover`` for the book (its puzzle booklet), ``<stem>-answers-cover`` for a
    separate answer booklet, which is a printed book of its own."""
    return f"{stem}-cover" if role == "puzzles" else f"{stem}-{role}-cover"
