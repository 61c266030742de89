"""The words a book prints besides its own text ("Puzzle", "Answers", "Easy" ...), by language.

English and Vietnamese are built in; other languages fall back to English,
and a config's ``labels`` override any word. Cross-reference labels hold
``{page}`` where the page number goes.
"""
from __future__ import annotations

DEFAULT_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "puzzle": "Puzzle", "solution": "Solution", "answers": "Answers",
        "easy": "Easy", "medium": "Medium", "hard": "Hard", "diabolical": "Diabolical",
        "sudoku": "Sudoku", "killer": "Killer Sudoku", "kenken": "KenKen", "knights_tour": "Knight's tour",
        "queens": "Queens", "skyscrapers": "Skyscrapers", "futoshiki": "Futoshiki",
        "one_possible_answer": "One possible answer", "contents": "Contents", "key_step": "Key step",
        "notes": "Notes",
        "answer_page": "answer p. {page}", "puzzle_page": "puzzle p. {page}",
        "step": "Step", "example": "Example", "cover_inside": "Inside: {count} puzzles",
        "cover_inside_one": "Inside: 1 puzzle",
        "rule_sudoku": "Every row, column and bold box holds each digit once.",
        "rule_jigsaw": "Every row, column and bold region holds each digit once.",
        "rule_killer": "Each row, column and box holds each digit once; a cage's digits differ and sum to its total.",
        "rule_kenken": "Each row and column holds each number once; a cage's numbers make its target.",
        "rule_knights_tour": "Number the squares in the order a knight visits them, each once.",
        "rule_queens": "One queen in every row and column, no two on one diagonal.",
        "rule_skyscrapers": "Each row and column holds each height once; a clue counts the buildings seen from "
                            "its side, a taller one hiding those behind it.",
        "rule_futoshiki": "Each row and column holds each number once; a sign between two cells points to the "
                          "smaller number.",
        "rule_futoshiki_adjacent": "Each row and column holds each number once; a bar joins two cells whose numbers "
                                   "differ by 1, and neighbours with no bar never do.",
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
        "queens": "Quân hậu", "skyscrapers": "Nhà chọc trời", "futoshiki": "Futoshiki (Bất đẳng thức)",
        "one_possible_answer": "Một lời giải có thể", "contents": "Mục lục", "key_step": "Bước then chốt",
        "notes": "Ghi chú",
        "answer_page": "lời giải tr. {page}", "puzzle_page": "câu đố tr. {page}",
        "step": "Bước", "example": "Ví dụ", "cover_inside": "Bên trong: {count} câu đố",
        "cover_inside_one": "Bên trong: 1 câu đố",
        "rule_sudoku": "Mỗi hàng, mỗi cột và mỗi vùng in đậm chứa đủ các số, mỗi số một lần.",
        "rule_jigsaw": "Mỗi hàng, mỗi cột và mỗi vùng in đậm (hình dạng bất kỳ) chứa đủ các số, mỗi số một lần.",
        "rule_killer": "Mỗi hàng, cột, vùng chứa đủ các số; các số trong một lồng khác nhau, có tổng bằng số ở góc.",
        "rule_kenken": "Mỗi hàng, mỗi cột chứa đủ các số; các số trong một lồng cho ra số ở góc bằng phép tính.",
        "rule_knights_tour": "Đánh số các ô theo thứ tự quân mã đi qua, mỗi ô đúng một lần.",
        "rule_queens": "Mỗi hàng, mỗi cột đúng một quân hậu, không có hai quân hậu nào cùng đường chéo.",
        "rule_skyscrapers": "Mỗi hàng, mỗi cột chứa đủ các độ cao, mỗi độ cao một lần; số bên ngoài là số tòa nhà "
                            "nhìn thấy từ phía đó, tòa cao che khuất các tòa thấp hơn phía sau.",
        "rule_futoshiki": "Mỗi hàng, mỗi cột chứa đủ các số, mỗi số một lần; dấu giữa hai ô chỉ về phía số nhỏ hơn.",
        "rule_futoshiki_adjacent": "Mỗi hàng, mỗi cột chứa đủ các số, mỗi số một lần; vạch nối hai ô có hai số hơn "
                                   "kém nhau 1, hai ô kề nhau không có vạch thì không bao giờ như vậy.",
        "rule_x": "X: mỗi đường chéo chính (tô xám) cũng chứa đủ các số, mỗi số một lần.",
        "rule_windoku": "Windoku: bốn ô vuông tô xám cũng chứa đủ các số, mỗi số một lần.",
        "rule_anti_knight": "Chống mã: hai ô cách nhau một nước đi của quân mã không chứa cùng một số.",
        "rule_anti_king": "Chống vua: hai ô chạm nhau theo đường chéo không chứa cùng một số.",
        "rule_non_consecutive": "Không liên tiếp: hai ô cạnh nhau không chứa hai số liên tiếp.",
        "rule_even_odd": "Chẵn lẻ: ô xám đậm chứa số chẵn.",
        "rule_odd_marks": "Ô xám nhạt chứa số lẻ.",
    },
}


#: The words of the playable HTML page (panel, messages, ARIA labels, hint sentences), by language;
#: ``{n}``, ``{time}``, ``{k}``, ``{s}``... are filled in by the page. Overridable like every label.
SCREEN_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "play_panel": "Play controls", "play_select": "Select a puzzle", "play_time": "time",
        "play_undo": "Undo", "play_undo_tip": "Undo (Ctrl+Z)", "play_redo": "Redo", "play_redo_tip": "Redo (Ctrl+Y)",
        "play_pencil": "Pencil", "play_pencil_tip": "Pencil marks (P)", "play_check": "Check",
        "play_check_tip": "Mark wrong entries", "play_hint": "Hint", "play_hint_tip": "Show the next logical step",
        "play_reset": "Reset", "play_reset_tip": "Clear this puzzle", "play_keypad": "Keypad",
        "play_help": "Arrows move, Backspace clears, Esc jumps between the grid and these controls.",
        "play_puzzle": "Puzzle {n}", "play_solved_in": "Puzzle {n} solved in {time}.",
        "play_type": "Puzzle {n}: type a symbol.",
        "play_queens": "Puzzle {n}: click a square to place or remove a queen.",
        "play_tour": "Puzzle {n}: click the squares a knight's move apart, in order.",
        "play_enter": "enter {s}", "play_erase": "clear the cell",
        "play_refused": "Move {k} refused: {why}.", "play_numbered": "that square is already numbered",
        "play_not_from": "not a knight's move from {k}", "play_next": "{k} is not a knight's move from there",
        "play_close": "the tour must end a knight's move from 1", "play_move": "Move {k}: {place}.",
        "play_wrong_one": "1 wrong entry marked.", "play_wrong": "{n} wrong entries marked.",
        "play_right": "Solved: everything is right.", "play_no_mistakes": "No mistakes so far.",
        "play_to_go": "No mistakes so far ({n} cells to go).",
        "play_no_hints": "No more hints: every step is entered.", "play_hint_text": "Hint: {text}",
        "play_from_solution": "Hint: {cell} = {s}, from the solution ({why})", "play_reset_done": "Puzzle {n} reset.",
        "play_place": "row {r}, column {c}", "play_square": "{square}",
        "play_empty": "empty", "play_given": "given", "play_queen": "queen",
        "play_given_queen": "given queen", "play_attacked": "attacked", "play_candidates": "candidates",
        "play_conflict": "conflict",
        "play_puzzles": "Puzzles", "play_previous": "Previous puzzle", "play_following": "Next puzzle",
        "play_position": "{i} of {n}",
        "hint_cell": "r{r}c{c}", "hint_places": "{cells}: {s}", "hint_removes": "{s} cannot go in {cells}",
        "hint_look": "look at {cells}", "hint_none": "no step of the book's solver applies",
        "hint_step": "{technique}: {what}",
    },
    "vi": {
        "play_panel": "Bảng điều khiển", "play_select": "Chọn một câu đố", "play_time": "thời gian",
        "play_undo": "Hoàn tác", "play_undo_tip": "Hoàn tác (Ctrl+Z)", "play_redo": "Làm lại",
        "play_redo_tip": "Làm lại (Ctrl+Y)", "play_pencil": "Bút chì", "play_pencil_tip": "Ghi chú bằng bút chì (P)",
        "play_check": "Kiểm tra", "play_check_tip": "Đánh dấu các ô điền sai", "play_hint": "Gợi ý",
        "play_hint_tip": "Xem bước giải tiếp theo", "play_reset": "Xoá hết", "play_reset_tip": "Xoá câu đố này",
        "play_keypad": "Bàn phím số",
        "play_help": "Phím mũi tên để di chuyển, Backspace để xoá, Esc để chuyển giữa lưới và bảng điều khiển.",
        "play_puzzle": "Câu đố {n}", "play_solved_in": "Đã giải xong câu đố {n} trong {time}.",
        "play_type": "Câu đố {n}: gõ một số.",
        "play_queens": "Câu đố {n}: bấm vào một ô để đặt hoặc bỏ quân hậu.",
        "play_tour": "Câu đố {n}: lần lượt bấm các ô cách nhau một nước mã.",
        "play_enter": "điền {s}", "play_erase": "xoá ô",
        "play_refused": "Nước {k} không hợp lệ: {why}.", "play_numbered": "ô đó đã được đánh số",
        "play_not_from": "không cách ô {k} một nước mã", "play_next": "ô {k} không cách ô này một nước mã",
        "play_close": "hành trình phải kết thúc cách ô 1 một nước mã", "play_move": "Nước {k}: {place}.",
        "play_wrong_one": "Có 1 ô điền sai.", "play_wrong": "Có {n} ô điền sai.",
        "play_right": "Đã giải xong: tất cả đều đúng.", "play_no_mistakes": "Chưa có ô nào sai.",
        "play_to_go": "Chưa có ô nào sai (còn {n} ô).",
        "play_no_hints": "Hết gợi ý: mọi bước đều đã được điền.", "play_hint_text": "Gợi ý: {text}",
        "play_from_solution": "Gợi ý: {cell} = {s}, theo lời giải ({why})", "play_reset_done": "Đã xoá câu đố {n}.",
        "play_place": "hàng {r}, cột {c}", "play_square": "ô {square}",
        "play_empty": "trống", "play_given": "cho sẵn", "play_queen": "quân hậu",
        "play_given_queen": "quân hậu cho sẵn", "play_attacked": "bị khống chế", "play_candidates": "ghi chú",
        "play_conflict": "trùng",
        "play_puzzles": "Các câu đố", "play_previous": "Câu đố trước", "play_following": "Câu đố sau",
        "play_position": "{i} trên {n}",
        "hint_cell": "h{r}c{c}", "hint_places": "{cells}: điền {s}", "hint_removes": "{cells} không thể là {s}",
        "hint_look": "hãy xem {cells}", "hint_none": "không có bước giải nào áp dụng được",
        "hint_step": "{technique} — {what}",
    },
}


def screen_labels(language: str, overrides: dict[str, str] | None = None) -> dict[str, str]:
    """The playable page's words: its language's built-ins (English when unknown), the user's on top."""
    base = SCREEN_LABELS.get(language.split("-")[0].lower(), SCREEN_LABELS["en"])
    return {**base, **{k: v for k, v in (overrides or {}).items() if k in SCREEN_LABELS["en"]}}


def page_words(template: str, page: int) -> str:
    """A cross-reference label with its page filled in ("answer p. {page}" ->
    "answer p. 34"); a user's label without ``{page}`` gets the number after it."""
    return template.replace("{page}", str(page)) if "{page}" in template else f"{template} {page}"


def labels_for(language: str, overrides: dict[str, str] | None = None) -> dict[str, str]:
    """The localised words of a book: defaults of its language (English when
    the language is unknown), then the user's own labels on top."""
    base = DEFAULT_LABELS.get(language.split("-")[0].lower(), DEFAULT_LABELS["en"])
    return {**base, **(overrides or {})}
