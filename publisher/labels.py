"""The words a book prints besides its own text ("Puzzle", "Answers", "Easy" ...), by language.

English and Vietnamese are built in; other languages fall back to English,
and a config's ``labels`` override any word.
"""
from __future__ import annotations

DEFAULT_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "puzzle": "Puzzle", "solution": "Solution", "answers": "Answers",
        "easy": "Easy", "medium": "Medium", "hard": "Hard", "diabolical": "Diabolical",
        "sudoku": "Sudoku", "knights_tour": "Knight's tour", "queens": "Queens",
        "one_possible_answer": "One possible answer", "contents": "Contents", "key_step": "Key step",
        "step": "Step",
    },
    "vi": {
        "puzzle": "Câu đố", "solution": "Lời giải", "answers": "Lời giải",
        "easy": "Dễ", "medium": "Trung bình", "hard": "Khó", "diabolical": "Rất khó",
        "sudoku": "Sudoku", "knights_tour": "Mã đi tuần", "queens": "Quân hậu",
        "one_possible_answer": "Một lời giải có thể", "contents": "Mục lục", "key_step": "Bước then chốt",
        "step": "Bước",
    },
}


def labels_for(language: str, overrides: dict[str, str] | None = None) -> dict[str, str]:
    """The localised words of a book: defaults of its language (English when
    the language is unknown), then the user's own labels on top."""
    base = DEFAULT_LABELS.get(language.split("-")[0].lower(), DEFAULT_LABELS["en"])
    return {**base, **(overrides or {})}
