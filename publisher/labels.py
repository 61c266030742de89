"""The words a book prints besides its own text ("Puzzle", "Answers", "Easy" ...), by language.

English and Vietnamese are built in; other languages fall back to English,
and a config's ``labels`` override any word.
"""
from __future__ import annotations

DEFAULT_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "puzzle": "Puzzle", "solution": "Solution", "answers": "Answers",
        "easy": "Easy", "medium": "Medium", "hard": "Hard", "diabolical": "Diabolical",
        "sudoku": "Sudoku", "killer": "Killer Sudoku", "kenken": "KenKen", "knights_tour": "Knight's tour",
        "queens": "Queens",
        "one_possible_answer": "One possible answer", "contents": "Contents", "key_step": "Key step",
        "step": "Step",
        "rule_x": "X: each main diagonal (shaded) also holds every digit once.",
        "rule_windoku": "Windoku: each of the four shaded windows also holds every digit once.",
        "rule_anti_knight": "Anti-knight: cells a knight's move apart never hold the same digit.",
        "rule_anti_king": "Anti-king: diagonally touching cells never hold the same digit.",
        "rule_non_consecutive": "Non-consecutive: side-by-side cells never hold consecutive digits.",
        "rule_even_odd": "Even-odd: dark grey cells hold even digits.",
        "rule_odd_marks": "Light grey cells hold odd digits.",
    },
    "vi": {
        "puzzle": "Câu đố", "solution": "Lời giải", "answers": "Lời giải",
        "easy": "Dễ", "medium": "Trung bình", "hard": "Khó", "diabolical": "Rất khó",
        "sudoku": "Sudoku", "killer": "Sudoku sát thủ (Killer)", "kenken": "KenKen", "knights_tour": "Mã đi tuần",
        "queens": "Quân hậu",
        "one_possible_answer": "Một lời giải có thể", "contents": "Mục lục", "key_step": "Bước then chốt",
        "step": "Bước",
        "rule_x": "X: mỗi đường chéo chính (tô xám) cũng chứa đủ các số, mỗi số một lần.",
        "rule_windoku": "Windoku: bốn ô vuông tô xám cũng chứa đủ các số, mỗi số một lần.",
        "rule_anti_knight": "Chống mã: hai ô cách nhau một nước đi của quân mã không chứa cùng một số.",
        "rule_anti_king": "Chống vua: hai ô chạm nhau theo đường chéo không chứa cùng một số.",
        "rule_non_consecutive": "Không liên tiếp: hai ô cạnh nhau không chứa hai số liên tiếp.",
        "rule_even_odd": "Chẵn lẻ: ô xám đậm chứa số chẵn.",
        "rule_odd_marks": "Ô xám nhạt chứa số lẻ.",
    },
}


def labels_for(language: str, overrides: dict[str, str] | None = None) -> dict[str, str]:
    """The localised words of a book: defaults of its language (English when
    the language is unknown), then the user's own labels on top."""
    base = DEFAULT_LABELS.get(language.split("-")[0].lower(), DEFAULT_LABELS["en"])
    return {**base, **(overrides or {})}
