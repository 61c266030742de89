"""Preflight of a config's built books: which files, which rules, and the reports CI reads.

For every book it finds the PDFs a build wrote (``<stem>-puzzles.pdf``,
``<stem>-answers.pdf``, ``<stem>-cover.pdf``), picks the rules (the book's
``print`` block, or the command line's service for a book without one), runs
:mod:`publisher.printing.preflight` on each and gives the results as text lines,
one JSON object, JUnit XML and GitHub annotations.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree as ET

from publisher import pdfread, safeio
from publisher.config import LoadedConfig
from publisher.printing import cover_stem, interior, preflight
from publisher.printing.cover import geometry
from publisher.printing.preflight import COVER_RULES, INTERIOR_RULES, Violation
from publisher.printing.profile import inches
from publisher.report import escape_annotation
from publisher.schema import JsonObject
from publisher.sources import display_path
from publisher.spec import stem_of

PREFLIGHT_VERSION = 1


class PreflightError(Exception):
    """Nothing to check: a book without a service, or a file that was never built."""


@dataclass(frozen=True)
class Override:
    """The command line's choice for books whose config names no service."""

    service: str | None
    paper: str = "white"
    bleed: bool = False


@dataclass(frozen=True)
class FormFigures:
    """What the service's upload form asks of a file, as preflight measured it (points): the
    numbers a user types in, so a pass says what passed."""

    trim: tuple[float, float]     # the interior's trim; for a cover, the whole wrap with its bleed
    paper: str
    bleed: bool
    interior_pages: int           # the pages that size the spine (and, inside, the gutter)
    spine: float                  # the spine for those pages on this paper
    gutter: float | None = None   # interior: the least inside margin for its page count

    def text(self, kind: str, service: str) -> str:
        """``KDP interior: 6 x 9 in, 120 pages, white paper, no bleed, gutter 0.375 in, spine 0.2702 in``."""
        size = f"{inches(self.trim[0]):g} x {inches(self.trim[1]):g} in"
        if kind == "cover":
            return (f"{service} cover: {size} with its bleed, spine {inches(self.spine):g} in "
                    f"({self.interior_pages} interior pages on {self.paper} paper)")
        bleed = "with bleed" if self.bleed else "no bleed"
        assert self.gutter is not None
        return (f"{service} interior: {size}, {self.interior_pages} pages, {self.paper} paper, {bleed}, "
                f"gutter {inches(self.gutter):g} in, spine {inches(self.spine):g} in")

    def as_json(self) -> JsonObject:
        figures: JsonObject = {"size_in": [inches(self.trim[0]), inches(self.trim[1])], "paper": self.paper,
                               "bleed": self.bleed, "interior_pages": self.interior_pages,
                               "spine_in": inches(self.spine)}
        if self.gutter is not None:
            figures["gutter_in"] = inches(self.gutter)
        return figures


@dataclass
class FileResult:
    path: str
    kind: str                     # "interior" | "cover"
    service: str
    pages: int
    rules: tuple[str, ...]
    form: FormFigures
    violations: list[Violation] = field(default_factory=list)

    def line(self) -> str:
        """The file and what the service's form asks of it, under ``preflight:`` as the summary
        is: a line without that prefix is a violation."""
        return f"preflight: {self.path}: {self.form.text(self.kind, self.service)}"


def _read(path: Path) -> bytes:
    """A built PDF, read as every input is (:mod:`publisher.safeio`): a regular file only,
    within :data:`~publisher.safeio.MAX_PDF_BYTES` (a symlink to /dev/zero is refused, not
    read for ever), and recorded as an input, so ``--junit`` can never overwrite it."""
    try:
        return safeio.read_bytes(path, display_path(path), limit=safeio.MAX_PDF_BYTES, role="a built PDF")
    except safeio.InputError as error:
        if not os.path.lexists(path):
            raise PreflightError(f"{display_path(path)}: not built yet (run puzzlepress build first)") from None
        raise PreflightError(str(error)) from None


def _pages_and_trim(data: bytes, name: str) -> tuple[int, tuple[float, float]]:
    try:
        with pdfread.open_pdf(data) as doc:
            media, trim, _ = doc.page(0).boxes()
            x0, y0, x1, y1 = trim or media
            return len(doc), (x1 - x0, y1 - y0)
    except (pdfread.UnreadablePdf, IndexError) as error:
        raise PreflightError(f"{name}: not a PDF a reader can open ({error or 'no pages'})") from None


def check_books(loaded: LoadedConfig, override: Override, out: Path | None = None) -> list[FileResult]:
    """Every built PDF of every book of ``loaded``, checked; PreflightError when a
    book has no service to check against or a file is missing."""
    folder = out if out is not None else loaded.base / loaded.config.output.folder
    results: list[FileResult] = []
    for b, book in enumerate(loaded.config.books):
        own = book.print.service != "none"
        service = book.print.service if own else override.service
        if service is None:
            raise PreflightError(f"{loaded.where(('books', b, 'print'))}: '{book.title}' has no print.service; "
                                 "name one with --service kdp, ingramspark or lulu")
        chosen = interior.choice(service, book.print.paper if own else override.paper,
                                 book.print.bleed if own else override.bleed)
        assert chosen is not None
        stem = stem_of(book)
        isbn = book.cover.isbn is not None   # its barcode is drawn on the puzzle booklet's cover
        roles = ["puzzles"] + (["answers"] if book.answers.placement in ("separate", "both") else [])
        for role in roles:
            path = folder / f"{stem}-{role}.pdf"
            data, name = _read(path), display_path(path)
            pages, trim = _pages_and_trim(data, name)
            profile, spine = chosen.profile, chosen.profile.spine_width(pages, chosen.paper)
            form = FormFigures(trim, chosen.paper, chosen.bleed, pages, spine, profile.gutter_for(pages))
            results.append(FileResult(name, "interior", profile.name, pages, INTERIOR_RULES, form,
                                      preflight.check_interior(data, name, chosen)))
            cover = folder / f"{cover_stem(stem, role)}.pdf"
            if own or cover.exists():
                data, name = _read(cover), display_path(cover)
                wrap = geometry(chosen, trim, pages, barcode=False)
                form = FormFigures((wrap.width, wrap.height), chosen.paper, True, pages, spine)
                results.append(FileResult(name, "cover", profile.name, 1, COVER_RULES, form,
                                          preflight.check_cover(data, name, chosen, pages, trim,
                                                                book.cover.barcode == "auto" or isbn,
                                                                own_barcode=isbn and role == "puzzles")))
    return results


def as_json(results: list[FileResult], config: str) -> JsonObject:
    failed = any(r.violations for r in results)
    return {
        "version": PREFLIGHT_VERSION, "config": config, "status": "failed" if failed else "passed",
        "exit_code": 1 if failed else 0,
        "files": [{"path": r.path, "kind": r.kind, "service": r.service, "pages": r.pages, **r.form.as_json(),
                   "violations": [{"page": v.page, "rule": v.rule, "message": str(v)} for v in r.violations]}
                  for r in results],
    }


def junit_bytes(results: list[FileResult]) -> bytes:
    """A testsuite per file, a testcase per rule; a rule that fails lists every violation."""
    suites = ET.Element("testsuites", name="puzzlepress preflight")
    total = failures = 0
    for result in results:
        failed_rules = {v.rule for v in result.violations}
        suite = ET.SubElement(suites, "testsuite", name=result.path, tests=str(len(result.rules)),
                              failures=str(len(failed_rules)))
        for rule in result.rules:
            case = ET.SubElement(suite, "testcase", classname=f"preflight.{result.service}",
                                 name=f"{result.path}: {rule}", file=result.path)
            found = [v for v in result.violations if v.rule == rule]
            if found:
                failure = ET.SubElement(case, "failure", type=rule, message=str(found[0]))
                failure.text = "\n".join(str(v) for v in found)
        total += len(result.rules)
        failures += len(failed_rules)
    suites.set("tests", str(total))
    suites.set("failures", str(failures))
    ET.indent(suites)
    return (ET.tostring(suites, encoding="unicode", xml_declaration=True) + "\n").encode("utf-8")


def annotation(violation: Violation) -> str:
    """A GitHub Actions error annotation on the file (PDFs have no lines: the page is in the title)."""
    where = f" page {violation.page}" if violation.page is not None else ""
    title = escape_annotation(f"preflight {violation.rule}{where}", prop=True)
    return (f"::error file={escape_annotation(violation.file, prop=True)},title={title}::"
            f"{escape_annotation(violation.message)}")
