"""``file_stem`` (README, books[]): the override, the safe-name rule (only a-z 0-9 -, so no
stem reaches outside the output folder), the files a build names by it, and two books of one
stem refused on the second one's key."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from publisher.build import BuildOptions, build
from publisher.config import ConfigError, load
from publisher.spec import plan
from tests.samples import KIDS_4X4

SAFE = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


def stems(tmp_path: Path, books: list[tuple[str, str | None]]) -> list[str]:
    lines = ["books:"]
    for title, stem in books:
        lines.append(f"  - title: {title!r}")
        if stem is not None:
            lines.append(f"    file_stem: {stem!r}")
        lines.append(f"    sections: [{{title: S, inline: [{KIDS_4X4!r}]}}]")
    (tmp_path / "config.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return [book.stem for book in plan(load(tmp_path / "config.yaml")).books]


def test_file_stem_overrides_the_title(tmp_path: Path) -> None:
    assert stems(tmp_path, [("A Title", "series-07"), ("A Title", None)]) == ["series-07", "a-title"]


@pytest.mark.parametrize("stem, safe", [("../../etc/passwd", "etc-passwd"), ("My Book", "my-book"),
                                        ("Tuyển tập Đố vui", "tuyen-tap-do-vui"), ("a/b\\c:d*e?f", "a-b-c-d-e-f"),
                                        ("--Vol.  2--", "vol-2"), ("C:\\out\\x.pdf", "c-out-x-pdf")])
def test_a_stem_is_always_made_safe(tmp_path: Path, stem: str, safe: str) -> None:
    (made,) = stems(tmp_path, [("T", stem)])
    assert made == safe and SAFE.fullmatch(made)


@pytest.mark.slow
def test_a_build_names_its_files_by_the_stem(tmp_path: Path) -> None:
    stems(tmp_path, [("Ignored title", "../Side Book")])
    result = build(BuildOptions(config=tmp_path / "config.yaml", formats=("html",), jobs=1))
    assert result.exit_code == 0, result.errors
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["side-book-answers.html", "side-book-puzzles.html"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config.yaml", "out"]   # nothing written beside


def test_two_books_of_one_stem_are_refused_on_the_second(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        stems(tmp_path, [("Puzzles", None), ("Other", "PUZZLES!")])
    assert caught.value.problems == [f"{tmp_path / 'config.yaml'}:5: books[1].file_stem: two books would write "
                                     "'puzzles-*' files; give one a different file_stem"]
