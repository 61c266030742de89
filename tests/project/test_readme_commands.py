"""Every command the README and the docs show runs, and every option they name is the command's.

Three checks, all read from the pages themselves (the README and docs/, as written; the
tutorial's commands run one after another in tests/project/test_docs.py):

- each ``### `puzzlepress CMD ...``` section names exactly the options ``puzzlepress CMD
  --help`` lists (an option the text names that the command lacks, or one the command has
  that its section never mentions, fails);
- every complete command in a code block (the shell blocks, the CI workflow's ``run:``
  lines) and every complete ``puzzlepress ...`` command in the text runs with exit 0 in a
  copy of the embedded book (the ones that need the network, ``pip install``, and the test
  command itself are left to ``.ci/run``);
- the library example runs, and each of its lines whose comment is a Python value gives
  that value.
"""
from __future__ import annotations

import ast
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from publisher.cli import main
from tests.documentation import documentation
from tests.runner import console, console_env
from tests.samples import REPO

README = documentation(tutorial=False)
#: options every command takes (the top-level group's, allowed anywhere)
GLOBAL = {"-h", "--help", "--debug", "--version"}
OPTION = re.compile(r"(?<![^\s\[(/,|])(--?[a-z][a-z0-9-]*)")   # after a space, a bracket, a slash or a comma
#: a placeholder in a usage line or a sentence: FILE, [--x], A|B, ...
PLACEHOLDER = re.compile(r"[\[\]|]|\.\.\.|\b[A-Z][A-Z_0-9-]+\b")


def _help(*command: str, capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    code = main([*command, "--help"])
    out = capsys.readouterr().out
    assert code == 0, out
    return out


def _options_of_help(text: str) -> list[set[str]]:
    """Each option line of a --help text as the set of its names (``--node-limit, --limit-nodes``),
    ``--ops / --no-ops`` as one; the lines of the description above ``Options:`` are not read."""
    body = text.split("Options:", 1)[1]
    body = body.split("Commands:", 1)[0]
    options = []
    for line in body.splitlines():
        names = line.strip().split("  ", 1)[0]
        if names.startswith("-"):
            options.append(set(OPTION.findall(names)))
    return options


def _command_sections() -> dict[str, str]:
    """``### `puzzlepress CMD ...``` headings: the command's name -> its section's text."""
    sections: dict[str, str] = {}
    headings = list(re.finditer(r"^### (.*)$", README, re.MULTILINE))
    for number, heading in enumerate(headings):
        end = headings[number + 1].start() if number + 1 < len(headings) else len(README)
        end = min(end, *(m.start() + heading.start() for m in re.finditer(r"^#{1,2} ", README[heading.start():end],
                                                                              re.MULTILINE)), end)
        for usage in re.findall(r"`puzzlepress ([a-z]+)[^`]*`", heading.group(1)):
            sections[usage] = README[heading.start():end]
    return sections


SECTIONS = _command_sections()


def test_every_command_has_its_section() -> None:
    from publisher.cli import COMMAND_MODULES
    assert set(SECTIONS) == set(COMMAND_MODULES)
    assert {"build", "check", "convert", "init"} <= set(SECTIONS)


@pytest.mark.parametrize("command", sorted(SECTIONS))
def test_a_command_s_section_names_exactly_its_options(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    text = SECTIONS[command]
    named = set(OPTION.findall(" ".join(re.findall(r"`([^`]*)`", text))))
    helps = [_help(command, capsys=capsys)]
    if command == "catalog":   # a group: its subcommands' options are the command's too
        helps += [_help("catalog", sub, capsys=capsys) for sub in ("list", "find", "import", "export")]
    options = [names for help_text in helps for names in _options_of_help(help_text)]
    known = set().union(*options) | GLOBAL
    assert not named - known, f"the README names options `{command}` does not take: {sorted(named - known)}"
    undocumented = [sorted(names) for names in options if not names & (named | GLOBAL)]
    assert not undocumented, f"`{command}` options its README section never names: {undocumented}"


def _shown_commands() -> list[str]:
    """The complete commands the README shows: shell code blocks, the workflow's ``run:``
    lines and the inline ``puzzlepress ...`` spans that are whole commands (arguments, no
    placeholders; ```puzzlepress grade``` alone names a command)."""
    commands: list[str] = []
    for language, block in re.findall(r"^```(\w*)\n(.*?)^```", README, re.MULTILINE | re.DOTALL):
        if language == "sh":
            commands += [line.strip() for line in block.splitlines() if line.strip() and not line.startswith("#")]
        elif language == "yaml":
            commands += re.findall(r"^\s*- run: (puzzlepress .*?)(?:\s+#.*)?$", block, re.MULTILINE)
            commands += re.findall(r"^\s*run: (puzzlepress .*?)(?:\s+#.*)?$", block, re.MULTILINE)
    for span in re.findall(r"`(puzzlepress [^`]*)`", README):
        # a command, not a name: some argument beyond the command words (an option, a path)
        arguments = [token for token in span.split()[1:] if token.startswith("-") or "/" in token or "." in token]
        if arguments and not PLACEHOLDER.search(span):
            commands.append(span)
    return list(dict.fromkeys(commands))


def _runnable(command: str) -> str | None:
    """The part of ``command`` to run here: ``pip install`` needs the network and the test
    command is this suite (``.ci/run`` runs both), so a chain keeps only what follows them."""
    parts = [part.strip() for part in command.split("&&")]
    parts = [part for part in parts if not part.startswith(("pip ", "python -m pip", "python -m pytest"))]
    return " && ".join(parts) or None


COMMANDS = [c for c in (_runnable(command) for command in _shown_commands()) if c]


def test_the_shown_commands_include_the_front_door() -> None:
    assert "puzzlepress build" in COMMANDS
    assert any("--strict" in c and "--junit" in c for c in COMMANDS)   # the CI workflow's


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS)
def test_every_shown_command_runs(command: str, tmp_path: Path) -> None:
    for name in ("config.yaml", "puzzles"):   # in a copy of the embedded book
        source = REPO / name
        (shutil.copytree if source.is_dir() else shutil.copy2)(source, tmp_path / name)
    puzzlepress = f"puzzlepress() {{ {shlex.join(console())} \"$@\"; }}\n"   # the console script, as a shell function
    if not command.startswith("puzzlepress init"):   # the README's own book, `init mybook`, is there too
        puzzlepress += "puzzlepress init mybook >/dev/null\n"
    done = subprocess.run(["sh", "-ec", puzzlepress + command], cwd=tmp_path, capture_output=True, text=True,
                          timeout=600, env=console_env())
    assert done.returncode == 0, (command, done.stdout[-2000:], done.stderr[-2000:])
    assert "Traceback" not in done.stderr
    if " build" in command:   # and the books are there: both booklets in every default format
        endings = tuple(f"-{role}.{ext}" for role in ("puzzles", "answers") for ext in ("pdf", "docx", "rtf", "html"))
        books = [path.name for path in tmp_path.rglob("out/*") if path.name.endswith(endings)]
        assert len(books) == 8, books


def _library_example() -> str:
    (block,) = [b for b in re.findall(r"^```python\n(.*?)^```", README, re.MULTILINE | re.DOTALL)
                if "from solver import" in b]
    return block


def test_the_library_example_runs_and_gives_what_its_comments_say(capsys: pytest.CaptureFixture[str]) -> None:
    block = _library_example()
    namespace: dict[str, object] = {}
    exec(block, namespace)   # the README's own example, whole
    checked = 0
    for line in block.splitlines():
        code, _, comment = line.partition("#")
        if line.startswith(" ") or "=" in code.split("(")[0] or not comment.strip():
            continue
        try:
            expected = ast.literal_eval(comment.strip())
        except (ValueError, SyntaxError):   # a comment in words, not a value
            continue
        value = eval(code, namespace)
        if isinstance(expected, list) and expected and expected[-1] is Ellipsis:   # "[(7, 0), (5, 1), ...]"
            assert list(value)[:len(expected) - 1] == expected[:-1], line
        else:
            assert value == expected, line
        checked += 1
    assert checked >= 3
