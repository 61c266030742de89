"""The verify stage by sections (:func:`verify_sections`), and what a section does with the
grades it found: its rating range, its sort order, the printed difficulty label and labels
that contradict a grade.

The grade itself comes from the solver (:func:`solver.sudoku.grade`, in the verify
workers); these are the book's rules about it, kept apart from the verdicts so
the same grade can be shown, filtered and sorted without grading twice.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from publisher.config import LoadedConfig
from publisher.progress import Progress
from publisher.schema import LEVELS, RatingRange, SectionBase
from publisher.sources import SectionInput
from publisher.verify import LEVELS_CEILING, Checked, Grading, SectionResult, verify_items
from solver.sudoku import Grade


def grading_for(section: SectionBase, hints: bool) -> Grading:
    """How far a section's puzzles must be graded. Levels, labels and warnings need exact
    ratings only up to :data:`LEVELS_CEILING`; a rating range needs them up to its ends
    (a puzzle rated above both is past either end, whatever its exact rating); sorting
    needs them everywhere."""
    if getattr(section, "sort", "file") == "difficulty":
        return Grading(None, hints)
    rating = getattr(section, "rating", None)
    ends = (rating.min, rating.max) if rating is not None else ()
    return Grading(max([LEVELS_CEILING, *(end for end in ends if end is not None)]), hints)


def rated(grade: Grade) -> str:
    """'3.4', or 'at least 7.1' when grading stopped above the ceiling (the rating is a lower bound)."""
    return f"{grade.rating:.1f}" if grade.complete else f"at least {grade.rating:.1f}"


def range_text(rating: RatingRange) -> str:
    """'2.5-4.8', '2.5 and up' or 'up to 4.8', as the rejection reason says it."""
    if rating.min is not None and rating.max is not None:
        return f"{rating.min:g}-{rating.max:g}"
    return f"{rating.min:g} and up" if rating.min is not None else f"up to {rating.max:g}"


def within(checked: Checked, rating: RatingRange | None) -> Checked:
    """``checked``, rejected as ``out_of_range`` when the section's range excludes its rating
    (every accepted Sudoku has a grade: verify grades them all)."""
    grade = checked.grade
    if rating is None or grade is None or not checked.accepted:
        return checked
    if (rating.min is not None and grade.rating < rating.min) or (rating.max is not None and grade.rating > rating.max):
        return replace(checked, rejection=f"rated {rated(grade)}, section allows {range_text(rating)}")
    return checked


def by_difficulty(checked: Iterable[Checked]) -> list[Checked]:
    """Easiest first (lowest rating); equal ratings keep their order; ungraded ones last."""
    return sorted(checked, key=lambda c: (c.rating is None, c.rating or 0.0))


def _own_label(checked: Checked) -> str | None:
    """The difficulty the puzzle's file gives it (structured files' ``difficulty``)."""
    return getattr(checked.item.puzzle, "difficulty", None)


def label(checked: Checked) -> str | None:
    """The printed difficulty (before translation): under the section's ``auto`` the
    grade's level, else the puzzle's own label, else the section's (``item.difficulty``)."""
    if checked.item.difficulty == "auto":
        return checked.grade.level if checked.grade is not None else _own_label(checked)
    return _own_label(checked) or checked.item.difficulty


def disagreements(checked: Iterable[Checked]) -> list[str]:
    """A warning for every graded puzzle whose file or section label is more than one
    level away from its grade (labelled easy, graded hard)."""
    warnings = []
    for one in checked:
        if one.grade is None or not one.accepted:
            continue
        own = _own_label(one)
        given, where = (own, "in its file") if own else (one.item.difficulty, "by its section")
        if given not in LEVELS or one.grade.level not in LEVELS:
            continue
        if abs(LEVELS.index(given) - LEVELS.index(one.grade.level)) > 1:
            warnings.append(f"{one.item.where}: labelled {given} {where} but graded {one.grade.level} "
                            f"(rating {rated(one.grade)})")
    return warnings


def verify_sections(loaded: LoadedConfig, inputs: Sequence[SectionInput], gradings: Sequence[Grading], *,
                    jobs: int | None = None, dask: str | None = None,
                    progress: Progress | None = None) -> list[SectionResult]:
    """Stage 2: every item judged (and every unique Sudoku graded, as ``gradings[i]`` says for
    section ``i``) by the solver, all books at once, in parallel, in order; then each section's
    rating range and sort order."""
    items = [item for section in inputs for item in section.items]
    depth = [how for section, how in zip(inputs, gradings) for _ in section.items]   # (any item may end up first)
    with (progress or Progress(enabled=False)).stage("verify", len(items), "puzzles") as advance:
        checked = iter(verify_items(items, node_limit=loaded.config.node_limit, jobs=jobs, progress=advance,
                                    grading=depth, dask=dask))
    results = []
    for section in inputs:
        own = [within(next(checked), getattr(section.section, "rating", None)) for _ in section.items]
        if getattr(section.section, "sort", "file") == "difficulty":
            own = by_difficulty(own)
        results.append(SectionResult(loaded.config.books[section.book].title, section.section.title,
                                     section.section.kind, own))
    return results
