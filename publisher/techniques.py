"""The solving techniques' names in a book's language.

The solver names its techniques in English (Sudoku Explainer's names, the grade
scale's words). A book in another language shows a hint or a worked step as
"<technique> — <what it does>" in its own words: the name comes from here, the
rest from the label table (:func:`publisher.play.hint_sentence`). A name is made
of a few parts the solver combines ("Grouped 3 Strong Links", "Dynamic Region
Forcing Chains (+)"), so the table holds the parts and :func:`technique_name`
composes them; a name it cannot compose is left out of the sentence rather than
shown in English.
"""
from __future__ import annotations

import re

#: Vietnamese names of the techniques the graders use (Sudoku, Killer, KenKen)
_VI: dict[str, str] = {
    "Full House": "Ô cuối cùng",
    "Hidden Single": "Số duy nhất ẩn",
    "Naked Single": "Số duy nhất lộ",
    "Pointing": "Chỉ hướng",
    "Claiming": "Khoanh vùng",
    "Pair": "cặp", "Triple": "bộ ba", "Quad": "bộ bốn",
    "X-Wing": "Cánh X", "Swordfish": "Cá kiếm", "Jellyfish": "Sứa",
    "Skyscraper": "Nhà chọc trời", "String Kite": "Diều {n} dây", "Turbot Fish": "Cá bơn",
    "Strong Links": "{n} liên kết mạnh",
    "XY-Wing": "Cánh XY", "XYZ-Wing": "Cánh XYZ", "WXYZ-Wing": "Cánh WXYZ", "VWXYZ-Wing": "Cánh VWXYZ",
    "UVWXYZ-Wing": "Cánh UVWXYZ", "TUVWXYZ-Wing": "Cánh TUVWXYZ",
    "Unique Rectangle": "Hình chữ nhật duy nhất", "Unique Loop": "Vòng duy nhất",
    "BUG": "Lưới hai ứng viên (BUG)",
    "Aligned Pair Exclusion": "Loại trừ cặp thẳng hàng", "Aligned Triplet Exclusion": "Loại trừ bộ ba thẳng hàng",
    "Forcing X-Chain": "Chuỗi X", "Forcing XY-Chain": "Chuỗi XY",
    "X-Cycle": "Vòng X", "XY-Cycle": "Vòng XY", "Y-Cycle": "Vòng Y",
    "Forcing Chains": "Chuỗi suy diễn", "Cell": "từ một ô", "Region": "từ một vùng",
    "Contradiction": "dẫn đến mâu thuẫn", "Double": "kép", "Nishio": "Nishio",
    "45 Rule": "Quy tắc 45", "Cage Remainder": "Phần còn lại của lồng", "Cage Sums": "Tổng của lồng",
    "Cage Combination": "Tổ hợp của lồng",
    "Cage Pointing": "Chỉ hướng theo lồng", "Combination Lock": "Khoá tổ hợp", "Cage Splitting": "Tách lồng",
    "Line Sum": "Tổng của hàng", "Forcing": "Suy diễn",
    "Parity": "Chẵn lẻ", "Non-Consecutive Forcing Cell": "Ô ép không liền kề",
    "Locked Non-Consecutive": "Khoá không liền kề", "Intersection": "phần giao",
}
#: the parts that qualify another name, and how each language adds them
_QUALIFIERS: dict[str, dict[str, str]] = {
    "vi": {"Direct": "{} trực tiếp", "Grouped": "{} theo nhóm", "Dynamic": "{} động", "Nested": "{} lồng nhau",
           "Hidden": "{} ẩn", "Naked": "{} lộ", "Generalized": "{} tổng quát"},
}
_NAMES: dict[str, dict[str, str]] = {"vi": _VI}
_CHAINS = re.compile(r"^(?P<kind>Cell|Region|Contradiction|Double|Nishio) Forcing Chains$")


def technique_name(name: str, language: str) -> str | None:
    """``name`` (the solver's) in ``language``; None when it cannot be said in it (English
    names are the solver's own)."""
    lang = language.split("-")[0].lower()
    if lang == "en":
        return name
    table, qualifiers = _NAMES.get(lang), _QUALIFIERS.get(lang, {})
    if table is None:
        return None
    if name.endswith(" (+)"):       # a chain's stronger form: the mark stays as it is
        inner = technique_name(name.removesuffix(" (+)"), language)
        return None if inner is None else f"{inner} (+)"
    if name in table:
        return table[name][0].upper() + table[name][1:]
    head, _, rest = name.partition(" ")
    if head in qualifiers and rest:
        inner = technique_name(rest, language)
        return None if inner is None else qualifiers[head].format(inner)
    if head.isdigit() or head.split("-")[0].isdigit():     # "3 Strong Links", "2-String Kite"
        count, _, tail = name.replace("-", " ", 1).partition(" ")
        template = table.get(tail)
        return None if template is None else template.replace("{n}", count)
    chains = _CHAINS.match(name)
    if chains:
        kind = table[chains["kind"]]
        return f"{table['Forcing Chains']} {kind}"
    return None
