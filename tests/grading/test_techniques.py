"""Every technique on a hand-made position: the candidates before, the eliminations after."""
from __future__ import annotations

from solver.sudoku import (
    Geometry,
    Puzzle,
    bentsets,
    chains,
    exclusion,
    fish,
    intersections,
    singles,
    stronglinks,
    subsets,
    uniqueness,
    wings,
)
from solver.sudoku.candidates import Grid, Step
from solver.sudoku.grade import grade_with_steps
from solver.sudoku.rules import variant_rules
from tests.grade_positions import box, cell, col, empty, only, row, set_cands


def removed(step: Step | None) -> set[str]:
    assert step is not None
    return {f"r{r}c{c}#{s}" for r, c, s in step.removed}


def placed(step: Step | None) -> set[str]:
    assert step is not None
    return {f"r{r}c{c}={s}" for r, c, s in step.placed}


def test_full_house() -> None:
    g = Grid(Puzzle(Geometry.boxed(9), "123456789", (1, 2, 3, 4, 5, 6, 7, 8, 0) + (0,) * 72))
    step = singles.full_house(g)
    assert placed(step) == {"r1c9=9"} and step is not None and step.rating == 1.0
    assert step.text == "r1c9 = 9: the last blank cell of row 1"


def test_hidden_single_in_box_is_rated_below_a_line() -> None:
    g = empty()
    only(g, 5, box(1), ["r2c2"])
    assert singles.full_house(g) is None
    step = singles.hidden_single_box(g)
    assert placed(step) == {"r2c2=5"} and step is not None and step.rating == 1.2
    assert step.text == "r2c2 = 5: Hidden Single in box 1"
    g = empty()
    only(g, 5, col(7), ["r4c7"])
    assert singles.hidden_single_box(g) is None
    step = singles.hidden_single_line(g)
    assert placed(step) == {"r4c7=5"} and step is not None and step.rating == 1.5
    assert step.text == "r4c7 = 5: Hidden Single in column 7"


def test_naked_single() -> None:
    g = empty()
    set_cands(g, "r5c5", "7")
    step = singles.naked_single(g)
    assert placed(step) == {"r5c5=7"} and step is not None and step.rating == 2.3


def test_pointing_and_claiming() -> None:
    g = empty()
    only(g, 3, box(1), ["r1c1", "r1c2"])
    step = intersections.pointing(g)
    assert removed(step) == {f"r1c{c}#3" for c in range(4, 10)}
    assert step is not None and step.rating == 2.6 and step.technique == "Pointing"
    assert step.text.startswith("Pointing: in box 1 the 3s lie in row 1, so r1c4, ")
    g = empty()
    only(g, 3, row(1), ["r1c1", "r1c2"])
    step = intersections.claiming(g)
    assert removed(step) == {f"r{r}c{c}#3" for r in (2, 3) for c in (1, 2, 3)}
    assert step is not None and step.rating == 2.8


def test_direct_pointing_places_the_hidden_single_it_leaves() -> None:
    g = empty()
    only(g, 3, box(1), ["r1c1", "r1c2"])
    only(g, 3, box(2), ["r1c4", "r2c5"])
    step = intersections.direct_pointing(g)
    assert placed(step) == {"r2c5=3"} and step is not None and step.rating == 1.7
    assert "r1c4, r1c7, r1c8 and r1c9 are not 3" in step.text
    assert removed(step) == {"r1c4#3", "r1c7#3", "r1c8#3", "r1c9#3"}     # shown with the step ...
    assert [move for move in step.moves if not move[2]] == []           # ... but only the placement replayed


def test_direct_claiming() -> None:
    g = empty()
    only(g, 3, row(1), ["r1c1", "r1c2"])
    only(g, 3, row(2), ["r2c3", "r2c9"])
    step = intersections.direct_claiming(g)
    assert placed(step) == {"r2c9=3"} and step is not None and step.rating == 1.9


def test_naked_subsets() -> None:
    g = empty()
    set_cands(g, "r1c1", "12")
    set_cands(g, "r1c2", "12")
    step = subsets.naked_pair(g)
    assert removed(step) == {f"r1c{c}#{d}" for c in range(3, 10) for d in (1, 2)}
    assert step is not None and step.rating == 3.0
    g = empty()
    set_cands(g, "r1c1", "12")
    set_cands(g, "r1c2", "23")
    set_cands(g, "r1c3", "13")
    assert subsets.naked_pair(g) is None
    step = subsets.naked_triple(g)
    assert removed(step) == {f"r1c{c}#{d}" for c in range(4, 10) for d in (1, 2, 3)}
    assert step is not None and step.rating == 3.6
    g = empty()
    for name, digits in (("r9c1", "12"), ("r9c2", "23"), ("r9c3", "34"), ("r9c4", "14")):
        set_cands(g, name, digits)
    assert subsets.naked_triple(g) is None
    step = subsets.naked_quad(g)
    assert removed(step) == {f"r9c{c}#{d}" for c in range(5, 10) for d in (1, 2, 3, 4)}
    assert step is not None and step.rating == 5.0


def test_hidden_subsets() -> None:
    g = empty()
    for d in (1, 2):
        only(g, d, row(1), ["r1c1", "r1c2"])
    step = subsets.hidden_pair(g)
    assert removed(step) == {f"r1c{c}#{d}" for c in (1, 2) for d in range(3, 10)}
    assert step is not None and step.rating == 3.4
    g = empty()
    for d in (1, 2, 3):
        only(g, d, row(1), ["r1c1", "r1c2", "r1c3"])
    assert subsets.hidden_pair(g) is None
    step = subsets.hidden_triple(g)
    assert removed(step) == {f"r1c{c}#{d}" for c in (1, 2, 3) for d in range(4, 10)}
    assert step is not None and step.rating == 4.0
    g = empty()
    for d in (1, 2, 3, 4):
        only(g, d, row(1), ["r1c1", "r1c2", "r1c3", "r1c4"])
    step = subsets.hidden_quad(g)
    assert removed(step) == {f"r1c{c}#{d}" for c in (1, 2, 3, 4) for d in range(5, 10)}
    assert step is not None and step.rating == 5.4


def test_direct_hidden_pair_and_triple() -> None:
    g = empty()
    for d in (1, 2):
        only(g, d, row(1), ["r1c1", "r1c2"])
    only(g, 3, row(1), ["r1c1", "r1c2", "r1c7"])
    step = subsets.direct_hidden_pair(g)
    assert placed(step) == {"r1c7=3"} and step is not None and step.rating == 2.0
    g = empty()
    for d in (1, 2, 3):
        only(g, d, col(4), ["r1c4", "r2c4", "r3c4"])
    only(g, 9, col(4), ["r1c4", "r8c4"])
    assert subsets.direct_hidden_pair(g) is None
    step = subsets.direct_hidden_triple(g)
    assert placed(step) == {"r8c4=9"} and step is not None and step.rating == 2.5


def test_fish() -> None:
    g = empty()
    only(g, 1, row(1), ["r1c1", "r1c5"])
    only(g, 1, row(5), ["r5c1", "r5c5"])
    step = fish.x_wing(g)
    assert removed(step) == {f"r{r}c{c}#1" for r in (2, 3, 4, 6, 7, 8, 9) for c in (1, 5)}
    assert step is not None and step.rating == 3.2
    g = empty()
    only(g, 1, row(1), ["r1c1", "r1c5"])
    only(g, 1, row(5), ["r5c5", "r5c9"])
    only(g, 1, row(9), ["r9c1", "r9c9"])
    assert fish.x_wing(g) is None
    step = fish.swordfish(g)
    assert removed(step) == {f"r{r}c{c}#1" for r in (2, 3, 4, 6, 7, 8) for c in (1, 5, 9)}
    assert step is not None and step.rating == 3.8
    g = empty()
    only(g, 2, col(1), ["r1c1", "r4c1"])
    only(g, 2, col(3), ["r4c3", "r6c3"])
    only(g, 2, col(5), ["r6c5", "r8c5"])
    only(g, 2, col(8), ["r8c8", "r1c8"])
    assert fish.swordfish(g) is None
    step = fish.jellyfish(g)
    assert removed(step) == {f"r{r}c{c}#2" for r in (1, 4, 6, 8) for c in (2, 4, 6, 7, 9)}
    assert step is not None and step.rating == 5.2


def test_xy_wing() -> None:
    g = empty()
    set_cands(g, "r1c1", "12")
    set_cands(g, "r1c5", "13")
    set_cands(g, "r5c1", "23")
    step = wings.xy_wing(g)
    assert removed(step) == {"r5c5#3"}
    assert step is not None and step.rating == 4.2 and step.technique == "XY-Wing"


def test_xyz_wing() -> None:
    g = empty()
    set_cands(g, "r1c1", "123")
    set_cands(g, "r1c5", "13")
    set_cands(g, "r2c2", "23")
    assert wings.xy_wing(g) is None
    step = wings.xyz_wing(g)
    assert removed(step) == {"r1c2#3", "r1c3#3"}
    assert step is not None and step.rating == 4.4


def test_skyscraper() -> None:
    g = empty()
    only(g, 1, col(1), ["r1c1", "r5c1"])
    only(g, 1, col(5), ["r2c5", "r5c5"])
    step = stronglinks.two_links(g)
    assert step is not None and step.technique == "Skyscraper" and step.rating == 4.0
    assert removed(step) == {"r1c4#1", "r1c6#1", "r2c2#1", "r2c3#1"}


def test_chains_tie_in_sukakuexplainer_s_order_of_suffixes() -> None:
    """SE names a chain by its kinds of link (its "suffix", read the lower way round and with
    rows and columns swapped where that reads lower): the names serate printed for steps of
    the X puzzle below. Chains that rate and remove alike are taken in that order."""
    assert stronglinks.suffix([0, 0], 0) == 11             # Skyscraper 011: two rows
    assert stronglinks.suffix([1, 1], 0) == 11             # two columns: the same name
    assert stronglinks.suffix([1, 0], 0) == 12             # 2-String Kite 012
    assert stronglinks.suffix([0, 2], 0) == 1              # 2 Strong links 001: a box and a row
    assert stronglinks.suffix([1, 2], 0) == 1              # a column and a box read as a row
    assert stronglinks.suffix([2, 6], 1) == 106            # Grouped 2 Strong links 106
    assert stronglinks.suffix([0, 6], 0) == 16             # Skyscraper 016: a row, the anti-diagonal
    assert stronglinks.suffix([0, 0, 1], 0) == 112         # 3-String Kite 0112 (a column last)
    x = Geometry.boxed(9).with_rules(variant_rules(("x",)))
    text = "...........12..5..5......6..5.1...9.9.......8.7...4.5..6......2..2..68..........."
    steps = grade_with_steps(Puzzle(x, "123456789", tuple(0 if ch == "." else int(ch) for ch in text)))[1]
    # serate --isX=1: "4.1 2 Strong links 001: Cell r6c4,r5c5,r2c5,r2c1 on value 6" comes before
    # the 2-String Kite 012 on 2 that removes as much (the lower digit, taken first till now)
    first = next(step for step in steps if step.rating == 4.1)
    assert first.technique == "Turbot Fish" and removed(first) == {"r6c1#6"}


def test_a_group_in_a_diagonal_is_its_cells_in_one_box() -> None:
    """A diagonal's places of a digit in one box make a group, as a row's do (SE's grouped
    links in a diagonal): 9 on the anti-diagonal at r1c9, r3c7 (box 3) and r8c2."""
    x = Geometry.boxed(9).with_rules(variant_rules(("x",)))
    g = Grid(Puzzle(x, "123456789", (0,) * 81))
    only(g, 9, [f"r{r}c{10 - r}" for r in range(1, 10)], ["r1c9", "r3c7", "r8c2"])
    links = stronglinks._links(g.cands, g.lay, 1 << 8)
    assert (6, (cell("r8c2"),), (cell("r1c9"), cell("r3c7"))) in links


def test_aligned_triplet_exclusion_rates_as_serate() -> None:
    """Three SE-rated calibration puzzles and an anti-knight one that serate rates 7.5 by an
    Aligned Triplet Exclusion (without it: 8.3, 8.3, 8.3 and 8.8, by forcing chains)."""
    classic = ["1..8....4.4...6.1...7.1.3...8..4...6..92.37..6...8..3...6.3.9...9.7...6.7....1..3",
               ".....51.....76.....63....4...83..42.34.....16.29..63...7....58.....12.....45.....",
               "...84.7...89..7.2.1....5.8..54.....18...9...67.....24..4.3....2.1.2..86...8.16..."]
    knight = Geometry.boxed(9).with_rules(variant_rules(("anti_knight",)))
    boards = [(Geometry.boxed(9), text) for text in classic]
    boards.append((knight, "...1....5.....4.6.....92...72.......................31...21.....1.9.....3....5..."))
    for geometry, text in boards:
        found = grade_with_steps(Puzzle(geometry, "123456789", tuple(0 if ch == "." else int(ch) for ch in text)))[0]
        assert (found.rating, found.hardest) == (7.5, "Aligned Triplet Exclusion"), text


def test_unique_rectangle_type_1() -> None:
    g = empty()
    for name in ("r1c1", "r1c4", "r2c1"):
        set_cands(g, name, "12")
    set_cands(g, "r2c4", "123")
    step = uniqueness.unique_rectangle(g)
    assert removed(step) == {"r2c4#1", "r2c4#2"}
    assert step is not None and step.rating == 4.5


def test_unique_rectangle_needs_two_regions() -> None:
    g = empty()
    for name in ("r1c1", "r1c2", "r2c1"):       # all four corners in box 1: no deadly pattern
        set_cands(g, name, "12")
    set_cands(g, "r2c2", "123")
    assert uniqueness.unique_rectangle(g) is None


def test_aligned_pair_exclusion() -> None:
    g = empty()
    set_cands(g, "r1c1", "12")
    set_cands(g, "r1c4", "13")
    set_cands(g, "r1c5", "23")
    step = exclusion.aligned_pair_exclusion(g)
    # r1c2 = 3 would leave r1c4 = 1 and r1c5 = 2, and r1c1 nothing
    assert removed(step) == {"r1c2#3"}
    assert step is not None and step.rating == 6.2


def test_wxyz_wing() -> None:
    g = empty()
    set_cands(g, "r1c1", "12")
    set_cands(g, "r1c2", "23")
    set_cands(g, "r1c3", "34")
    set_cands(g, "r5c1", "14")
    step = bentsets.wxyz_wing(g)
    assert removed(step) == {f"{c}#4" for c in ("r2c1", "r3c1", "r4c3", "r5c3", "r6c3")}
    assert step is not None and step.rating == 5.5 and step.technique == "WXYZ-Wing"


def test_length_bonus_follows_se_ladder() -> None:
    # chain sizes (potentials) and SE's additions: +0.1 past 6, 8, 10, 14, 18, 26, 34 ...
    assert [chains.length_bonus(k) for k in (6, 7, 8, 9, 10, 11, 14, 15, 18, 19, 26, 27)] == [
        0.0, 0.1, 0.1, 0.2, 0.2, 0.3, 0.3, 0.4, 0.4, 0.5, 0.5, 0.6]


def test_every_step_spells_its_technique_as_its_name() -> None:
    """One spelling of every technique name: a step's sentence names techniques (its own, or
    the single it leaves) exactly as the technique is named, so a book's "Key step: Naked
    Pair" never sits beside "Naked pair: in column 1" (the sentences of explained calibration
    puzzles from SE 1 to 6.6, every technique name matched without regard to case)."""
    import re

    from solver.sudoku import parse_text
    from solver.sudoku.grade import explain
    from solver.sudoku.targeted import TECHNIQUES
    from tests.samples import REPO

    rows = [line.split("\t") for line in (REPO / "bench" / "data" / "se-rated-calibration.tsv")
            .read_text().splitlines()[1:]]
    names = sorted({t.name for t in TECHNIQUES} | {"Naked Single", "Hidden Single"}, key=len, reverse=True)
    seen: set[str] = set()
    for text, rating in rows[::100][:32]:
        if float(rating) > 6.6:
            continue
        (puzzle,) = parse_text(text)
        for step in explain(puzzle):
            seen.add(step.technique)
            for name in names:
                for found in re.findall(re.escape(name), step.text, flags=re.IGNORECASE):
                    assert found == name, (step.technique, step.text)
    assert {"Naked Single", "Hidden Single", "Pointing"} <= seen


def test_every_elimination_a_sentence_names_is_one_the_step_shows() -> None:
    """A step that says "so r3c2 is not 7" rules 7 out of r3c2 in its ``removed`` (what a
    worked example strikes and a hint shows), the direct techniques that place a value
    included; its replay still only places (SE's direct steps do), so ratings are unchanged."""
    import re

    from solver.sudoku import parse_text
    from solver.sudoku.grade import explain
    from tests.samples import REPO

    rows = [line.split("\t") for line in (REPO / "bench" / "data" / "se-rated-calibration.tsv")
            .read_text().splitlines()[1:]]
    said = r"((?:r\d+c\d+(?:, | and )?)+) (?:is|are) not (\w)"
    named = direct = 0
    for text, rating in rows[::50][:64]:
        if float(rating) > 6.6:
            continue
        (puzzle,) = parse_text(text)
        for step in explain(puzzle):
            shown = {(r, c, s) for r, c, s in step.removed}
            for cells, symbol in re.findall(said, step.text):
                for r, c in re.findall(r"r(\d+)c(\d+)", cells):
                    named += 1
                    assert (int(r), int(c), symbol) in shown, step.text
            if step.placed and step.removed:
                direct += 1
                assert all(placed for _c, _d, placed in step.moves), step.text   # replayed: the placement only
    assert named > 50 and direct > 0


def test_subset_sentences_name_their_digits_apart_from_the_unit() -> None:
    """"in row 2 2/8 fit only in r2c1 and r2c5" reads as one number (issue 42, item 14): a
    naked or hidden subset names its unit, a comma, then its digits as a list ("2 and 8")."""
    import re

    from solver.sudoku import parse_text
    from solver.sudoku.grade import explain
    from tests.samples import REPO

    rows = [line.split("\t") for line in (REPO / "bench" / "data" / "se-rated-calibration.tsv")
            .read_text().splitlines()[1:]]
    unit, cells = r"(row|column|box) \d+", r"r\d+c\d+((, r\d+c\d+)* and r\d+c\d+)?"
    digits = r"\w+(, \w+)* and \w+"
    seen = 0
    for text, rating in rows[::40][:80]:
        if float(rating) > 5.0:
            continue
        (puzzle,) = parse_text(text)
        for step in explain(puzzle):
            if not re.match(r"(Naked|Hidden) (Pair|Triple|Quad)", step.technique):
                continue
            seen += 1
            assert re.match(rf"Naked \w+: in {unit}, {cells} hold only {digits}\b"
                            rf"|Hidden \w+: in {unit}, {digits} fit only in {cells}\b", step.text), step.text
    assert seen >= 5
