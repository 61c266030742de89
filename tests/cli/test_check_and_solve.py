"""``puzzlepress check`` and ``solve`` through the real entry point: output contract and exit codes."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from publisher.cli import EXIT_OK, EXIT_REJECTED, EXIT_USAGE
from tests.runner import Cli
from tests.samples import DATA, MULTIPLE_4X4, TOP95
from tests.sudoku_oracle import box_regions, count_exact, exact_cover_solutions, is_solution, units_of

FIELDS = {"source", "line", "index", "kind", "size", "variant", "parity", "status", "reason", "solution", "solve_ms",
          "label", "id", "differences", "stats"}

def json_lines(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]

def test_check_json_reports_every_puzzle(tmp_path: Path, cli: Cli) -> None:
    assert count_exact(4, box_regions(4, 2, 2), [1, 0, 3] + [0] * 12 + [4], 2) == 2
    duplicate = "11" + "." * 79
    bad = TOP95[1][:10] + "x" + TOP95[1][11:]
    puzzles = tmp_path / "set.txt"
    puzzles.write_text(f"{TOP95[0]} first\n{MULTIPLE_4X4}\n{duplicate}\n{bad}\n{TOP95[2]}\n")
    code, out, err = cli("check", str(puzzles), "--json")
    assert code == EXIT_REJECTED and err == ""
    records = json_lines(out)
    assert all(set(r) >= FIELDS for r in records)
    assert [r["status"] for r in records] == ["unique", "multiple", "contradictory", "malformed",
                                              "unique"]
    assert [(r["line"], r["index"]) for r in records] == [(n, n - 1) for n in range(1, 6)]
    first = records[0]
    assert (first["source"], first["kind"], first["size"], first["label"]) == (
        str(puzzles), "sudoku", 9, "first")
    assert first["reason"] is None and first["solve_ms"] > 0
    givens = [0 if ch == "." else int(ch) for ch in TOP95[0]]
    assert first["solution"] == "".join(map(str, next(exact_cover_solutions(
        9, box_regions(9, 3, 3), givens))))
    multiple = records[1]
    assert multiple["solution"] is None and multiple["differences"]
    assert multiple["reason"] == "2 solutions differ at " + ", ".join(multiple["differences"])
    assert records[2]["reason"] == "row 1 has 1 twice (r1c1, r1c2); box 1 has 1 twice (r1c1, r1c2)"
    assert records[3]["reason"] == "unexpected character 'x' (column 11)"

def test_check_all_unique_exits_zero_with_a_summary(tmp_path: Path,
                                                    cli: Cli) -> None:
    code, out, _ = cli("check", str(DATA / "easy50.txt"))
    lines = out.splitlines()
    assert code == EXIT_OK and len(lines) == 51
    assert lines[0].startswith(f"{DATA / 'easy50.txt'}:1: unique (#1, ")
    assert lines[-1] == "50 puzzles: 50 unique, 0 rejected"

def test_unreadable_inputs_are_usage_errors_after_the_rest(
        tmp_path: Path, cli: Cli) -> None:
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes(TOP95[0].encode() + b" caf\xe9\n")
    good = tmp_path / "good.txt"
    good.write_text(TOP95[0] + "\n")
    missing = tmp_path / "missing.txt"
    code, out, err = cli("check", str(missing), str(latin1), str(good), "--json")
    assert code == EXIT_USAGE
    assert [r["source"] for r in json_lines(out)] == [str(good)]
    assert err.splitlines() == [
        f"puzzlepress: error: {missing}: file not found",
        f"puzzlepress: error: {latin1}:1: not UTF-8 text (byte 0xe9); save the file as UTF-8"]

def test_check_reads_stdin(monkeypatch: pytest.MonkeyPatch, cli: Cli) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(f"{TOP95[3]}\n".encode())))
    code, out, _ = cli("check", "-", "--json")
    (record,) = json_lines(out)
    assert code == EXIT_OK and record["source"] == "-" and record["status"] == "unique"

def test_check_yaml_and_json_keep_lines(tmp_path: Path, cli: Cli) -> None:
    yaml_file = tmp_path / "set.yaml"
    yaml_file.write_text(f"puzzles:\n  - givens: '{TOP95[0]}'\n    title: One\n"
                         f"  - givens: ['1.3.', '....', '....', '...4']\n    id: tiny\n"
                         f"  - givens: '{TOP95[1]}'\n    colour: red\n")
    json_file = tmp_path / "set.json"
    json_file.write_text(json.dumps([{"givens": TOP95[4], "difficulty": "hard"}], indent=1))
    code, out, _ = cli("check", str(yaml_file), str(json_file), "--json")
    records = json_lines(out)
    assert code == EXIT_REJECTED
    assert [(r["line"], r["status"]) for r in records] == [
        (2, "unique"), (4, "multiple"), (6, "malformed"), (2, "unique")]
    assert records[1]["id"] == "tiny"
    assert records[2]["reason"].startswith("unknown key 'colour'")

def solved_by_singles(givens: list[int]) -> bool:
    """Whether naked and hidden singles alone fill the 9x9 grid (written here from their
    definitions: a cell with one digit left, a digit with one cell left in a unit)."""
    units = units_of(9, box_regions(9, 3, 3))
    grid = list(givens)
    progress = True
    while progress:
        progress = False
        left = {c: set(range(1, 10)) - {grid[o] for u in units if c in u for o in u} for c in range(81) if not grid[c]}
        for c, digits in left.items():
            if len(digits) == 1:
                grid[c], progress = digits.pop(), True
                break
        else:
            for unit, digit in ((u, d) for u in units for d in range(1, 10)):
                spots = [c for c in unit if c in left and digit in left[c]]
                if len(spots) == 1 and digit not in {grid[c] for c in unit}:
                    grid[spots[0]], progress = digit, True
                    break
    return all(grid)


def test_check_stats_count_the_search(tmp_path: Path, cli: Cli) -> None:
    """The JSON ``stats`` against what each puzzle needs: one filled by singles alone is
    solved at the root (1 node, 0 guesses, 0 backtracks, every blank a propagation); one that
    needs a search guesses, makes one node per guess past the root, abandons no more branches
    than it tried, and fills every blank of its solution by a guess or a propagation (so a
    propagation the search makes uncounted shows); the hard ones among them backtrack."""
    puzzles = (DATA / "easy50.txt").read_text().split()[:12] + TOP95[:12]
    (tmp_path / "set.txt").write_text("\n".join(puzzles) + "\n")
    code, out, _ = cli("check", str(tmp_path / "set.txt"), "--json")
    assert code == EXIT_OK
    kinds, backtracked = set(), False
    for text, record in zip(puzzles, json_lines(out), strict=True):
        givens = [0 if ch in ".0" else int(ch) for ch in text]
        blanks, stats = givens.count(0), record["stats"]
        easy = solved_by_singles(givens)
        kinds.add(easy)
        if easy:
            assert (stats["nodes"], stats["guesses"], stats["backtracks"], stats["propagations"]) == (1, 0, 0, blanks)
        else:
            assert 0 < stats["guesses"] == stats["nodes"] - 1 and stats["backtracks"] <= stats["guesses"], stats
            assert stats["propagations"] + stats["guesses"] >= blanks, stats
            backtracked |= stats["backtracks"] > 0
        assert stats["ms"] == record["solve_ms"]
    assert kinds == {True, False} and backtracked   # both kinds met


def test_check_options_apply_to_text(tmp_path: Path, cli: Cli) -> None:
    puzzles = tmp_path / "hex.txt"
    puzzles.write_text("0" * 256 + "\n")
    code, out, _ = cli("check", str(puzzles), "--symbols", "0123456789ABCDEF",
                       "--json", "--node-limit", "2")
    (record,) = json_lines(out)
    assert code == EXIT_REJECTED and record["status"] == "contradictory"
    code, out, _ = cli("check", str(puzzles), "--json", "--node-limit", "12")
    (record,) = json_lines(out)
    # the bound is build's: scaled to the grid, 12 x 81 / 256 = 3 nodes for a 16x16
    assert record["status"] == "undetermined" and record["stats"]["nodes"] == 12 * 81 // 256 == 3
    code, _, err = cli("check", str(puzzles), "--box", "three")
    assert code == EXIT_USAGE and "--box 'three'" in err

def test_solve_shows_grid_verdict_and_time(cli: Cli) -> None:
    code, out, _ = cli("solve", TOP95[0])
    lines = out.splitlines()
    assert code == EXIT_OK and lines[0] == "<argument>:1"
    assert lines[4] == "------+-------+------" and len(lines) == 13
    assert lines[-1].startswith("unique (") and lines[-1].endswith(" ms)")
    digits = [int(ch) for line in lines[1:12] for ch in line if ch.isdigit()]
    givens = [0 if ch == "." else int(ch) for ch in TOP95[0]]
    assert is_solution(digits, 9, box_regions(9, 3, 3), givens)

def test_solve_count_nth_and_all(cli: Cli) -> None:
    empty4 = "." * 16
    code, out, _ = cli("solve", empty4, "--count", "--json")
    (record,) = json_lines(out)
    assert code == EXIT_OK and (record["count"], record["capped"]) == (288, False)
    code, out, _ = cli("solve", "." * 81, "--count", "--limit", "100")
    assert out.startswith("<argument>:1: more than 100 solutions (")
    expected = sorted(exact_cover_solutions(4, box_regions(4, 2, 2), [1, 0, 3] + [0] * 12 + [4]))
    code, out, _ = cli("solve", MULTIPLE_4X4, "--all", "--json")
    assert [r["solution"] for r in json_lines(out)] == [
        "".join(map(str, s)) for s in expected]
    code, out, _ = cli("solve", MULTIPLE_4X4, "--nth", "2", "--json")
    assert json_lines(out)[0]["solution"] == "".join(map(str, expected[1]))
    beyond = str(len(expected) + 1)
    code, out, _ = cli("solve", MULTIPLE_4X4, "--nth", beyond)
    assert code == EXIT_REJECTED and f"fewer than {beyond} solutions" in out

def test_solve_usage_and_rejections(cli: Cli) -> None:
    code, _, err = cli("solve", MULTIPLE_4X4, "--count", "--nth", "2")
    assert code == EXIT_USAGE and "choose one of" in err
    code, out, _ = cli("solve", "12x4")
    assert code == EXIT_REJECTED and "malformed" in out
    code, out, _ = cli("solve", MULTIPLE_4X4)
    assert code == EXIT_REJECTED and "multiple: 2 solutions differ at" in out


def test_check_names_the_default_kind_without_loading_the_kinds() -> None:
    """check reads the default kind's name from the registry, which loads the kinds (their
    config models and solvers: start-up time check never uses) only on the first lookup."""
    code = ("import sys, publisher.cli.check; "
            "print(sorted(m for m in sys.modules if m.startswith('publisher.kinds')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "['publisher.kinds']"
    from publisher import kinds
    assert kinds.get(kinds.DEFAULT_KIND).name == kinds.DEFAULT_KIND
