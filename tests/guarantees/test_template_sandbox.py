"""A user's template draws the book and nothing else (issue 44, defects 4 and 5).

The README's CI recipe builds every pull request, so a template in a pull request is code
from anyone. Each case below was a working attack on the old main (a file made by a shell
command, /etc/passwd copied into the book, every class of the interpreter listed, a loop
killed at 2.4 GB, a RecursionError): now each is one line naming the template's file and
line, exit 2, nothing written, nothing run.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.runner import Cli
from tests.samples import KIDS_4X4

ATTACKS = {
    "shell": ("{{ cycler.__init__.__globals__.os.popen('touch PWNED').read() }}", "is unsafe"),
    "builtins": ("{{ namespace.__init__.__globals__.__builtins__.open('/etc/passwd').read() }}",
                 "is unsafe"),
    "subclasses": ("{{ ''.__class__.__mro__[1].__subclasses__() }}", "is unsafe"),
    "import": ("{{ self._TemplateReference__context.cycler.__init__.__globals__ }}", "is unsafe"),
    "a mutation": ("{% set x = [1] %}{{ x.append(2) }}", "unsafe"),
    "a long range": ("{% for i in range(10**9) %}x{% endfor %}", "Range too big"),
    "nested loops": ("{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}",
                     "steps"),
    "a recursive macro": ("{% macro f(n) %}{{ f(n) ~ f(n) }}{% endmacro %}{{ f(1) }}", ""),
    "a branching macro": ("{% macro f(n) %}{% if n %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}"
                          "{{ f(40) }}", "steps"),
    "a huge repeat": ("{{ 'x' * 10**9 }}", "more than a page needs"),
    "a list repeat": ("{{ ([0] * 10**9)|length }}", "more than a page needs"),
    "a huge power": ("{{ 10 ** 1000000 }}", "more than a page needs"),
    "a wide %-format": ("{{ '%999999999d' % 1 }}", "more than a page needs"),
    "a width argument": ("{{ '%*d' % (999999999, 1) }}", "more than a page needs"),
    "a wide format filter": ("{{ '%999999999d'|format(1) }}", "more than a page needs"),
    "a wide str.format": ("{{ '{:>999999999}'.format(1) }}", "more than a page needs"),
    "a nested str.format": ("{{ '{:{}}'.format(1, 999999999) }}", "more than a page needs"),
    "a wide centre": ("{{ 'x'|center(999999999) }}", "more than a page needs"),
    "filler": ("{{ lipsum(n=10**6) }}", "'lipsum' is undefined"),
    "much output": ("{% for i in range(99999) %}{% for j in range(99999) %}{{ 'x' * 99999 }}"
                    "{% endfor %}{% endfor %}", "characters"),
}


def _book(here: Path, template: str, name: str = "style.css.j2") -> Path:
    folder = here / "tpl" / "html"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(f"/* a user's style */\n{template}\n", encoding="utf-8")
    (here / "p.txt").write_text(f"{KIDS_4X4}\n", encoding="utf-8")
    config = here / "config.yaml"
    config.write_text("templates: tpl\nbooks:\n  - title: T\n    sections: [{title: S, puzzles: p.txt}]\n"
                      "output: {formats: [html]}\n", encoding="utf-8")
    return config


@pytest.mark.parametrize("template, problem", list(ATTACKS.values()), ids=list(ATTACKS))
def test_an_attack_in_a_template_is_one_line_and_runs_nothing(guarded_cli: Cli, here: Path, template: str,
                                                              problem: str) -> None:
    config = _book(here, template)
    code, _out, err = guarded_cli("build", str(config))
    assert code == 2, err
    assert re.fullmatch(r"puzzlepress: error: \S*tpl/html/style\.css\.j2:2: template error: .*\n", err), err
    assert problem in err
    assert not (here / "PWNED").exists()
    assert not (here / "out").exists()
    assert "root:" not in err


@pytest.mark.parametrize("depth, opening, closing", [(5000, "(", ")"), (3000, "{% if 1 %}", "{% endif %}"),
                                                     (2000, "[", "]"), (1000, "{% for x in [1] %}", "{% endfor %}")])
def test_a_deeply_nested_template_is_one_line_naming_its_line(guarded_cli: Cli, here: Path, depth: int,
                                                              opening: str, closing: str) -> None:
    """Defect 4: 5,000 nested parentheses or 3,000 nested ifs were a RecursionError, exit 3."""
    inner = "{{ " + opening * depth + "1" + closing * depth + " }}" if opening in "([" else \
        opening * depth + "x" + closing * depth
    config = _book(here, inner)
    code, _out, err = guarded_cli("build", str(config))
    assert code == 2, err
    assert re.fullmatch(r"puzzlepress: error: \S*tpl/html/style\.css\.j2:2: template error: "
                        r"nested deeper than 32 levels\n", err), err


def test_a_template_links_outside_its_folder_is_not_read(guarded_cli: Cli, here: Path) -> None:
    config = _book(here, "{% include 'secret.j2' %}")
    (here / "secret.txt").write_text("SECRET\n", encoding="utf-8")
    (here / "tpl" / "html" / "secret.j2").symlink_to(here / "secret.txt")
    code, _out, err = guarded_cli("build", str(config))
    assert code == 2
    assert "secret.j2: a template outside the template folder" in err and "SECRET" not in err


def test_an_honest_template_still_draws(guarded_cli: Cli, here: Path) -> None:
    """The bounds leave room for real work: loops, macros, formats, filters."""
    config = _book(here, "{% macro px(n) %}{{ '%.2f'|format(n * 1.5) }}px{% endmacro %}"
                         "{% for i in range(2000) %}.c{{ i }} { width: {{ px(i) }}; }{% endfor %}"
                         "{{ 'x'|center(80) }}{{ '{:>6}'.format(3) }}{{ 2 ** 10 }}")
    code, _out, err = guarded_cli("build", str(config))
    assert code == 0, err
    html = next((here / "out").glob("*-puzzles.html")).read_text(encoding="utf-8")
    assert ".c1999 { width: 2998.50px; }" in html and "  1024" not in html and "1024" in html
