"""Byte identity of every output between two versions of the code (a refactor's proof).

Builds, on the code of a checkout, everything the book side makes: the embedded book
(``config.yaml``) and the identity books of ``bench/identity/`` (cage puzzles; every Sudoku
variant with drawn key steps and a worked example; the three print profiles with covers,
padding, large print, tours and queens) in every format with their JSON reports; ``preflight``
of the printed books; ``export`` as SVG, PNG and a dated PDF series; ``check``, ``grade`` and
``solve`` JSON and text lines (a catalog included); and the tests' hand-made books
(``tests/office_books.py``, ``tests/booksamples.py``) laid out and rendered in every format;
``generate`` lines of every kind (seeded).
Then it compares the sha256 of every file with the same outputs made on a base commit.

Both versions build the same inputs (this checkout's configs and puzzles, copied to one
folder) in the same place, one after the other, so paths in the outputs agree. Times
(``*_ms``, ``timings``, ``(1.23 ms)``) and catalog timestamps are the only things taken out
before hashing. The base's outputs are kept under the cache folder by commit and recipe (this
file and ``bench/identity/``), so a comparison builds the base once.

    python bench/identity.py compare --base 2ef7ad7      # exit 1 and the files that differ
    python bench/identity.py compare --base main --show 'cages/*puzzles.html'
    python bench/identity.py write OUT [--tree DIR]     # the outputs and their manifest alone

Every file must be identical. ``--play-rules`` lets the HTML puzzle booklets differ in
exactly two places, the rule data of each puzzle in the embedded JSON and the judging script
(issue 26 sends every rule as data), and the JSON reports in those files' size and sha256:
each such file is compared again with those parts taken out and must then be identical; the
script's changed lines and one puzzle's rules before and after are printed for review.
``--allow GLOB`` lists files that may differ in any way (their changed lines are printed).
"""
from __future__ import annotations

import argparse
import difflib
import fnmatch
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = Path(tempfile.gettempdir()) / "puzzlepress-identity"
#: where both versions build (one path, so the paths written into outputs agree)
WORK = CACHE / "work"
#: the inputs copied from this checkout into WORK
INPUTS = ("config.yaml", "puzzles", "tests/data", "bench/identity")
FORMATS = ("pdf", "docx", "rtf", "html")
TIME = re.compile(r"\d+(\.\d+)? ms\b")
WEEK = "easy,easy,medium,medium,hard,hard,diabolical"


# ------------------------------------------------------------------ making the outputs

def _normal_json(value: object) -> object:
    """A JSON value without times and timestamps (the only run-to-run differences)."""
    if isinstance(value, dict):
        return {key: _normal_json(item) for key, item in value.items()
                if not (key.endswith("_ms") or key in ("ms", "timings", "recorded_at", "time"))}
    if isinstance(value, list):
        return [_normal_json(item) for item in value]
    return value


def _normal_text(text: str) -> str:
    """Command output without times: JSON lines without their time keys, text lines with 'N ms'."""
    lines = []
    for line in text.splitlines():
        try:
            lines.append(json.dumps(_normal_json(json.loads(line)), ensure_ascii=False, sort_keys=True))
        except ValueError:
            lines.append(TIME.sub("N ms", line))
    return "\n".join(lines) + "\n"


def _cli(out: Path, name: str, *args: str, json_file: Path | None = None) -> None:
    """Run ``puzzlepress ARGS`` in this process; its exit code, stdout and stderr go to ``out/name``."""
    import contextlib
    import io

    from publisher.cli import main

    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = main(list(args))
    text = f"exit {code}\n--- stdout\n{_normal_text(stdout.getvalue())}--- stderr\n{_normal_text(stderr.getvalue())}"
    (out / f"{name}.txt").write_text(text, encoding="utf-8")
    if json_file is not None and json_file.exists():
        document = _normal_json(json.loads(json_file.read_text(encoding="utf-8")))
        json_file.write_text(json.dumps(document, ensure_ascii=False, indent=2, sort_keys=True) + "\n",
                             encoding="utf-8")


def _builds(out: Path) -> None:
    """Every identity book built through the CLI, with its JSON report; preflight, export, check."""
    books = {"embedded": "config.yaml", "cages": "bench/identity/cages.yaml",
             "variants": "bench/identity/variants.yaml", "print": "bench/identity/print.yaml"}
    for name, config in books.items():
        folder = out / name
        folder.mkdir()
        catalog = ("--catalog", str(WORK / "catalog.sqlite")) if name == "variants" else ()
        _cli(out, f"build-{name}", "build", config, "--out", str(folder), "--jobs", "1", "-q",
             "--report", str(folder / "report.json"), *catalog, json_file=folder / "report.json")
    _cli(out, "preflight", "preflight", "bench/identity/print.yaml", "--out", str(out / "print"), "--json")
    exports = {
        "export-cages-svg": ("bench/identity/cages.yaml", "--format", "svg", "--solutions"),
        "export-embedded-png": ("config.yaml", "--format", "png", "--dpi", "60"),
        "export-daily-pdf": ("tests/data/graded-levels.txt", "--format", "pdf", "--solutions",
                             "--daily", "2027-01-04", "--week", WEEK, "--print-date"),
    }
    for name, (source, *args) in exports.items():
        folder = out / name
        _cli(out, name, "export", source, "--out", str(folder), "--jobs", "1", *args,
             json_file=folder / "manifest.json")
    files = ["puzzles/9x9-hard.txt", "puzzles/16x16.txt", "puzzles/jigsaw-9x9.yaml", "puzzles/killer-9x9.json",
             "puzzles/kenken-6x6.json", "puzzles/knights-6x6.txt", "bench/identity/variants.json"]
    _cli(out, "check-json", "check", "--json", *files)
    _cli(out, "check-text", "check", *files, "tests/data/top95.txt")
    _cli(out, "check-catalog", "check", "--json", "--catalog", str(WORK / "catalog.sqlite"),
         "bench/identity/variants.json", "puzzles/9x9-easy.txt")
    _cli(out, "grade-json", "grade", "--json", "--explain", "puzzles/9x9-medium.txt", "bench/identity/variants.json",
         "puzzles/killer-9x9.json", "puzzles/kenken-6x6.json")
    _cli(out, "grade-text", "grade", "--explain", "tests/data/se-sample.txt")
    _cli(out, "solve-count", "solve", "--count", "--json", "1...............")
    _cli(out, "solve-nth", "solve", "--nth", "3", "12..............")
    _cli(out, "solve-all", "solve", "--all", "--limit", "4", "--json", "...4............")
    _cli(out, "solve-caged", "solve", "puzzles/kenken-6x6.json")
    generated = {
        "generate-killer": ("--kind", "killer", "--size", "6", "--count", "2", "--seed", "3", "--json"),
        "generate-killer-jigsaw": ("--kind", "killer", "--size", "4", "--jigsaw", "--level", "easy", "--count", "2",
                                   "--seed", "1"),
        "generate-killer-hard": ("--kind", "killer", "--level", "hard", "--count", "1", "--seed", "1", "--json"),
        "generate-kenken": ("--kind", "kenken", "--size", "5", "--no-ops", "--count", "2", "--seed", "5", "--json"),
        "generate-kenken-hard": ("--kind", "kenken", "--level", "hard", "--cages", "2-3", "--count", "1",
                                 "--seed", "2"),
        "generate-sudoku": ("--count", "2", "--level", "medium", "--seed", "9", "--json"),
        "generate-variant": ("--variant", "anti_king,even_odd", "--count", "1", "--seed", "4", "--json"),
    }
    for name, args in generated.items():
        _cli(out, name, "generate", *args)


def _test_books(out: Path) -> None:
    """The tests' hand-made books (no solver), laid out and rendered in every format."""
    from publisher import render
    from publisher.layout import layout_book
    from tests import booksamples, office_books

    books = dict(office_books.BOOKS)
    for page in booksamples.PAGES:
        books[f"sample-{page}"] = lambda page=page: layout_book(booksamples.sample_book(page))
    books["big-30"] = lambda: layout_book(booksamples.big_book(30, answers="both", contents=True))
    folder = out / "testbooks"
    folder.mkdir()
    renderers = [render.get(fmt)() for fmt in FORMATS]
    for name, make in books.items():
        for booklet in make():
            for renderer in renderers:
                (folder / f"{name}-{booklet.role}.{renderer.extension}").write_bytes(renderer.render(booklet))


def manifest(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` (relative name -> sha256), the manifest itself left out."""
    return {path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*")) if path.is_file() and path.name != "manifest.sha256.json"}


def write(out: Path) -> None:
    """All outputs of the code on ``sys.path`` into ``out``, and their manifest: made in
    WORK/out (one path for every version, as the reports and messages name it), then moved."""
    os.chdir(WORK)
    made = WORK / "out"
    if made.exists():
        shutil.rmtree(made)
    made.mkdir()
    _builds(made)
    _test_books(made)
    (made / "manifest.sha256.json").write_text(json.dumps(manifest(made), indent=1) + "\n")
    shutil.move(str(made), str(out))


# ------------------------------------------------------------------ comparing

def _prepare_work() -> None:
    """WORK holds a fresh copy of this checkout's inputs (and no catalog yet)."""
    if WORK.exists():
        shutil.rmtree(WORK)
    for name in INPUTS:
        source, target = ROOT / name, WORK / name
        target.parent.mkdir(parents=True, exist_ok=True)
        (shutil.copytree if source.is_dir() else shutil.copy2)(source, target)


def _outputs_of(tree: Path, out: Path) -> None:
    """Run ``write`` in a fresh interpreter with ``tree`` first on the path (its own code and
    its own tests' books), always this file's own recipe."""
    _prepare_work()
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    subprocess.run([sys.executable, str(Path(__file__).resolve()), "write", str(out), "--tree", str(tree)],
                   check=True, env=env)


def _base_outputs(ref: str) -> Path:
    """The outputs of commit ``ref`` (made once, kept under CACHE by commit)."""
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", f"{ref}^{{commit}}"],
                            check=True, capture_output=True, text=True).stdout.strip()
    recipe = hashlib.sha256(b"".join(path.read_bytes() for path in [Path(__file__).resolve(),
                                                                      *sorted((ROOT / "bench/identity").iterdir())]))
    out = CACHE / f"base-{commit[:12]}-{recipe.hexdigest()[:8]}"
    if (out / "manifest.sha256.json").exists():
        return out
    tree = CACHE / f"tree-{commit[:12]}"
    if tree.exists():
        shutil.rmtree(tree)
    tree.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    if out.exists():
        shutil.rmtree(out)
    print(f"identity: building the outputs of {commit[:12]} (once)", flush=True)
    _outputs_of(tree, out)
    return out


def _changed_lines(old: Path, new: Path, most: int = 40) -> list[str]:
    """The lines of a text file that changed (for a file ``--allow`` lets differ)."""
    try:
        a, b = old.read_text(encoding="utf-8").splitlines(), new.read_text(encoding="utf-8").splitlines()
    except UnicodeDecodeError:
        return ["  (binary)"]
    lines = [line for line in difflib.unified_diff(a, b, lineterm="", n=0) if not line.startswith(("---", "+++"))]
    return [f"  {line[:160]}" for line in lines[:most]] + ([f"  ... {len(lines) - most} more"] if len(lines) > most
                                                            else [])


_PLAY_DATA = re.compile(r'(<script type="application/json" id="puzzlepress-play">)(.*?)(</script>)', re.S)
_PLAY_SCRIPT = re.compile(r'(<script id="puzzlepress-script">)(.*?)(</script>)', re.S)


def _without_play_rules(path: Path) -> str | None:
    """A file as it reads with the playable page's rule data and judging script taken out:
    an HTML puzzle booklet without each puzzle's ``rules`` and the script; a JSON report
    without the size and sha256 of the HTML puzzle booklets it lists; None for other files."""
    if path.name.endswith("-puzzles.html"):
        text = path.read_text(encoding="utf-8")

        def data(match: re.Match[str]) -> str:
            document = json.loads(match.group(2))
            for puzzle in document["puzzles"]:
                puzzle.pop("rules", None)
            return match.group(1) + json.dumps(document, sort_keys=True) + match.group(3)
        return _PLAY_SCRIPT.sub(r"\1(the judging script)\3", _PLAY_DATA.sub(data, text))
    if path.name == "report.json":
        document = json.loads(path.read_text(encoding="utf-8"))
        for output in document.get("outputs", []):
            if output["path"].endswith("-puzzles.html"):
                output.pop("bytes"), output.pop("sha256")
        return json.dumps(document, sort_keys=True)
    return None


def _play_rules_only(old: Path, new: Path) -> bool:
    """The two files differ only in the play page's rule data and judging script."""
    before, after = _without_play_rules(old), _without_play_rules(new)
    return before is not None and before == after


def _script_change(base: Path, current: Path, names: list[str]) -> list[str]:
    """How the judging script changed (from the first HTML booklet that changed) and one
    puzzle's rule data before and after, for the reviewer."""
    name = next((n for n in names if n.endswith(".html")), None)
    if name is None:
        return []
    scripts = [_PLAY_SCRIPT.search(path.read_text(encoding="utf-8")) for path in (base / name, current / name)]
    lines = [f"judging script of {name}:"]
    if scripts[0] and scripts[1]:
        lines += [f"  {line[:160]}" for line in difflib.unified_diff(
            scripts[0].group(2).splitlines(), scripts[1].group(2).splitlines(), lineterm="", n=0)
            if not line.startswith(("---", "+++"))]
    for other in (n for n in names if n.endswith(".html")):
        found = [_PLAY_DATA.search(path.read_text(encoding="utf-8")) for path in (base / other, current / other)]
        ruled = [[p["rules"] for p in json.loads(f.group(2))["puzzles"] if "rules" in p] if f else [] for f in found]
        if ruled[0] and ruled[1]:
            lines += [f"rules of the first variant puzzle of {other}, {when}: {json.dumps(rules[0])[:400]}"
                      for when, rules in zip(("before", "after"), ruled)]
            break
    return lines


def compare(ref: str, allow: list[str], show: list[str], play_rules: bool = False) -> int:
    base = _base_outputs(ref)
    current = CACHE / "current"
    if current.exists():
        shutil.rmtree(current)
    print("identity: building the outputs of this checkout", flush=True)
    _outputs_of(ROOT, current)
    old, new = manifest(base), manifest(current)
    missing, extra = sorted(old.keys() - new.keys()), sorted(new.keys() - old.keys())
    differ = sorted(name for name in old.keys() & new.keys() if old[name] != new[name])
    allowed = [name for name in differ if any(fnmatch.fnmatch(name, pattern) for pattern in allow)]
    ruled = [name for name in differ if play_rules and name not in allowed
             and _play_rules_only(base / name, current / name)]
    failed = [name for name in differ if name not in allowed and name not in ruled]
    for name in missing:
        print(f"missing: {name}")
    for name in extra:
        print(f"new: {name}")
    for name in failed:
        print(f"differs: {name}")
    for name in differ:
        if name in allowed or any(fnmatch.fnmatch(name, pattern) for pattern in show):
            print(f"{'allowed to differ' if name in allowed else 'differs'}: {name}")
            print("\n".join(_changed_lines(base / name, current / name)))
    if ruled:
        print("\n".join(_script_change(base, current, ruled)))
        print(f"differ only in the play page's rule data and judging script ({len(ruled)}): {', '.join(ruled)}")
    same = len(old) - len(differ) - len(missing)
    print(f"identity: {len(old)} files of {ref}: {same} identical, {len(ruled)} differ only in the play "
          f"rules, {len(allowed)} allowed to differ, {len(failed)} differ, {len(missing)} missing, {len(extra)} new")
    return 1 if failed or missing or extra else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    compared = commands.add_parser("compare", help="compare this checkout's outputs with a base commit's")
    compared.add_argument("--base", required=True, help="the commit (or branch) to compare with")
    compared.add_argument("--allow", action="append", default=[], metavar="GLOB",
                          help="files that may differ (their changed lines are printed)")
    compared.add_argument("--show", action="append", default=[], metavar="GLOB",
                          help="print the changed lines of these files too")
    compared.add_argument("--play-rules", action="store_true",
                          help="HTML puzzle booklets (and the reports listing them) may differ in the play "
                               "page's rule data and judging script, and in nothing else")
    written = commands.add_parser("write", help="write every output of the code on the path, and a manifest")
    written.add_argument("out", type=Path)
    written.add_argument("--tree", type=Path, default=ROOT, help="the checkout whose code and tests run")
    args = parser.parse_args()
    if args.command == "compare":
        return compare(args.base, args.allow, args.show, args.play_rules)
    sys.path.insert(0, str(args.tree.resolve()))
    import publisher
    if not Path(publisher.__file__).resolve().is_relative_to(args.tree.resolve()):
        raise SystemExit(f"identity: publisher comes from {publisher.__file__}, not from {args.tree}")
    if not WORK.exists():
        _prepare_work()
    write(args.out.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main())
