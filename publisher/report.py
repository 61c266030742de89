"""Build reports: the console summary, the JSON report, JUnit XML and CI annotations.

All four are views of one :class:`BuildResult`, so they always agree. The JSON
report and the JUnit file are written even when the build stops on rejected
puzzles: that is when CI needs them most.

No ``from __future__ import annotations`` here: the public function
:func:`annotations` would shadow it (Python 3.10 evaluates ``X | None`` anyway).
"""
import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TextIO
from xml.etree import ElementTree as ET

from publisher.console import escaped, place_line
from publisher.kinds import KINDS
from publisher.schema import JsonObject
from publisher.verify import Checked, SectionResult

REPORT_VERSION = 1


@dataclass(frozen=True)
class OutputFile:
    path: str
    format: str
    role: str            # "puzzles" | "answers"
    pages: int
    bytes: int
    sha256: str


@dataclass
class BuildResult:
    config: str
    status: str = "built"            # "built" | "rejected" | "error"
    exit_code: int = 0
    sections: list[SectionResult] = field(default_factory=list)
    outputs: list[OutputFile] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def rejected(self) -> Iterator[tuple[SectionResult, Checked]]:
        for section in self.sections:
            for checked in section.rejected:
                yield section, checked


# ------------------------------------------------------------------ console

def summary(result: BuildResult) -> str:
    """The human summary printed after a build."""
    lines = []
    for section in result.sections:
        counts = Counter(c.status for c in section.rejected)
        rejected = ", ".join(f"{n} {status}" for status, n in sorted(counts.items()))
        lines.append(f"  {section.book} / {section.title}: {len(section.accepted)} accepted"
                     + (f", rejected: {rejected}" if rejected else ""))
    for _section, checked in result.rejected():
        lines.append(f"  {place_line(checked.item.where, checked.status, checked.reason)}")
    for output in result.outputs:
        pages = "1 page" if output.pages == 1 else f"{output.pages} pages"
        lines.append(f"  wrote {output.path} ({pages}, {_size(output.bytes)})")
    for warning in result.warnings:
        lines.append(f"  warning: {warning}")
    stages = ", ".join(f"{name} {seconds:.2f} s" for name, seconds in result.timings.items() if "." not in name)
    renderers = ", ".join(f"{name[7:]} {seconds:.2f} s" for name, seconds in result.timings.items()
                          if name.startswith("render."))
    head = {"built": "Built", "rejected": "Not built: puzzles were rejected",
            "error": "Not built"}[result.status]
    times = [f"  time: {stages}"] if stages else []
    times += [f"  renderers: {renderers}"] if renderers else []
    # every line holds the user's text (titles, file names, reasons): each stays one line
    return "\n".join([head, *(escaped(line) for line in lines), *times])


def _size(n: int) -> str:
    return f"{n / 1024:.1f} KiB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.1f} MiB"


# --------------------------------------------------------------------- JSON

def puzzle_record(section: SectionResult, checked: Checked, number: int | None) -> JsonObject:
    """One puzzle in the JSON report (the same fields as `puzzlepress check --json`),
    with the grade of a Sudoku (null for other kinds and for puzzles without one)."""
    item, verdict, grade = checked.item, checked.verdict, checked.grade
    kind = KINDS[item.kind]
    return {
        "book": section.book,
        "section": section.title,
        "number": number,
        "source": item.source,
        "line": item.line,
        "index": item.index,
        "kind": item.kind,
        "size": kind.size(item.puzzle) if item.puzzle is not None else None,
        **(kind.record(item.puzzle) if item.puzzle is not None else {}),
        "status": checked.status,
        "reason": checked.reason,
        "solution": kind.solution_text(item.puzzle, verdict) if item.puzzle is not None else None,
        "solve_ms": round(verdict.stats.ms, 3),
        "rating": grade.rating if grade is not None else None,
        "level": grade.level if grade is not None else None,
        "hardest": grade.hardest if grade is not None else None,
        "rating_exact": grade.complete if grade is not None else None,
        "puzzle_id": checked.puzzle_id,
        "repeat_of": checked.repeat.of if checked.repeat is not None else None,
    }


def as_json(result: BuildResult) -> JsonObject:
    puzzles = []
    numbers: dict[str, int] = Counter()
    for section in result.sections:
        for checked in section.checked:
            number = None
            if checked.accepted:
                numbers[section.book] += 1
                number = numbers[section.book]
            puzzles.append(puzzle_record(section, checked, number))
    return {
        "version": REPORT_VERSION,
        "config": result.config,
        "status": result.status,
        "exit_code": result.exit_code,
        "sections": [{"book": s.book, "section": s.title, "kind": s.kind, "accepted": len(s.accepted),
                      "rejected": dict(sorted(Counter(c.status for c in s.rejected).items()))}
                     for s in result.sections],
        "puzzles": puzzles,
        "outputs": [vars(o).copy() for o in result.outputs],
        "timings": {k: round(v, 3) for k, v in result.timings.items()},
        "warnings": result.warnings,
        "errors": result.errors,
    }


def json_bytes(result: BuildResult) -> bytes:
    """The JSON report's file content (written with the books: ``build.write_outputs``)."""
    return (json.dumps(as_json(result), ensure_ascii=False, indent=2) + "\n").encode("utf-8")


# -------------------------------------------------------------------- JUnit

def as_junit(result: BuildResult) -> ET.Element:
    """JUnit XML: a testsuite per section, a testcase per puzzle; rejected ones fail."""
    suites = ET.Element("testsuites", name="puzzlepress")
    total = failures = 0
    for section in result.sections:
        suite = ET.SubElement(suites, "testsuite", name=f"{section.book} / {section.title}",
                              tests=str(len(section.checked)), failures=str(len(section.rejected)))
        for checked in section.checked:
            item, verdict = checked.item, checked.verdict
            case = ET.SubElement(suite, "testcase", classname=f"{section.book}.{section.title}",
                                 name=f"{item.where} #{item.index + 1}", file=item.source, line=str(item.line),
                                 time=f"{verdict.stats.ms / 1000:.6f}")
            if not checked.accepted:
                failure = ET.SubElement(case, "failure", type=checked.status,
                                        message=f"{checked.status}: {checked.reason}")
                failure.text = place_line(item.where, checked.status, checked.reason)
        total += len(section.checked)
        failures += len(section.rejected)
    suites.set("tests", str(total))
    suites.set("failures", str(failures))
    if result.errors:
        suite = ET.SubElement(suites, "testsuite", name="configuration", tests="1", failures="1")
        case = ET.SubElement(suite, "testcase", classname="configuration", name=result.config)
        ET.SubElement(case, "failure", type="error", message=result.errors[0]).text = "\n".join(result.errors)
    return suites


def junit_bytes(result: BuildResult) -> bytes:
    """The JUnit file's content (written with the books: ``build.write_outputs``)."""
    root = as_junit(result)
    ET.indent(root)
    return (ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n").encode("utf-8")


# ------------------------------------------------------ GitHub annotations

def escape_annotation(text: str, *, prop: bool = False) -> str:
    """A value in a workflow command, escaped as GitHub's rules require (CR and LF as %0D and
    %0A, so it stays one line); its other controls escaped as on every console line."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return escaped(text.replace(":", "%3A").replace(",", "%2C") if prop else text)


def annotations(result: BuildResult, stream: TextIO) -> None:
    """`::error file=..,line=..::reason` lines so reviewers see broken puzzles in the diff.
    Rejections that stop the build are errors; skipped ones are warnings."""
    level = "warning" if result.status == "built" else "error"
    for _, checked in result.rejected():
        item = checked.item
        message = escape_annotation(f"{checked.status}: {checked.reason}")
        print(f"::{level} file={escape_annotation(item.source, prop=True)},line={item.line},"
              f"title={escape_annotation('puzzlepress', prop=True)}::{message}", file=stream)
    for section in result.sections:
        for checked in section.accepted:
            if checked.repeat is not None:   # kept by on_repeat: warn
                item = checked.item
                print(f"::warning file={escape_annotation(item.source, prop=True)},line={item.line},"
                      f"title={escape_annotation('puzzlepress', prop=True)}::"
                      f"{escape_annotation('repeated: ' + checked.repeat.reason)}", file=stream)
    for error in result.errors:
        print(f"::error::{escape_annotation(error)}", file=stream)

