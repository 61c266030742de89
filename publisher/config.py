"""config.yaml: the typed schema, its defaults (in this file only; the few worked out from
the book itself, such as grids per page by trim and board size, in :mod:`publisher.spec`) and a loader
that reports every error with its key path and YAML line.

The schema is pydantic (a strict validator we do not have to write): unknown
keys are errors with a did-you-mean, values are parsed into real types (page
sizes and margins into points, "2x3" into (2, 3)), and every default a user
can rely on is written down here once. ``load()`` collects *all* problems
instead of stopping at the first, so an editor fixes a config in one pass.
"""
from __future__ import annotations

import difflib
import functools
import operator
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal, get_args

import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import ErrorDetails

from publisher import kinds, safeio
from publisher.kinds import DEFAULT_KIND
from publisher.labels import DEFAULT_LABELS, SCREEN_LABELS
from publisher.printing import barcode
from publisher.render import COVER_FORMAT
from publisher.render import formats as render_formats
from publisher.schema import (
    Gutter,
    KeyPath,
    Length,
    PageSize,
    PerPage,
    SectionBase,
    Strict,
    control_character,
)
from publisher.units import parse_length, parse_page_size
from publisher.yamlfile import YamlSyntaxError, load_with_nodes
from solver.sudoku.verdict import DEFAULT_NODE_LIMIT

#: The built-in words a book's ``labels`` may override (README, "books[]"): every word of
#: the built-in English labels (which include each kind's name)
LABEL_KEYS = tuple(DEFAULT_LABELS["en"]) + tuple(SCREEN_LABELS["en"])   # printed words, then the play page's
PLACEMENTS = ("separate", "back", "both")


#: The most values (scalars, lists, mappings) a config holds (README, "Limits"): a book of a
#: hundred sections takes a few thousand; a million-item list is refused within a second or two
MAX_CONFIG_VALUES = 50_000
#: Problems shown before the rest are counted: a screenful
MAX_SHOWN_PROBLEMS = 20
#: The most pages ``book.pages`` asks for (README, "Limits"): more than any service binds (KDP: 828)
MAX_BOOK_PAGES = 2_000


class ConfigError(Exception):
    """Problems with a config file, each already formatted as 'file:line: key: message'
    (a screenful of them: past :data:`MAX_SHOWN_PROBLEMS`, the last line counts the rest)."""

    def __init__(self, problems: list[str]) -> None:
        problems = list(dict.fromkeys(problems))
        if len(problems) > MAX_SHOWN_PROBLEMS:
            rest = len(problems) - MAX_SHOWN_PROBLEMS
            problems = [*problems[:MAX_SHOWN_PROBLEMS],
                        f"... and {rest:,} more problem{'s' if rest > 1 else ''} ({len(problems):,} in all)"]
        super().__init__("\n".join(problems))
        self.problems = problems


# ------------------------------------------------------------------- schema

class Margins(Strict):
    """Page margins. ``inside`` is the gutter (binding side); ``auto`` grows it with
    the page count as print-on-demand services require (0.375 in up to 150 pages ...)."""

    top: Length = parse_length("15mm")
    bottom: Length = parse_length("15mm")
    inside: Gutter = parse_length("15mm")
    outside: Length = parse_length("15mm")


class Page(Strict):
    size: PageSize = parse_page_size("A4")
    margins: Margins = Margins()
    mirrored: bool = False          # mirror inside/outside margins on left- and right-hand pages


def _edition(value: object) -> object:
    """``edition: 2`` and ``edition: "2"`` are the same edition."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


#: the sites a puzzle's QR code may open it on (``layout.qr``), as ``Kind.play_links`` names them
QR_SITES = ("sudokupad", "fpuzzles", "tatham")


class QrUrl(Strict):
    """``layout.qr: {url: "https://example.org/book#p{n}"}``: every puzzle's code opens the
    publisher's own page, ``{n}`` its number."""

    url: str

    @field_validator("url")
    @classmethod
    def _http(cls, value: str) -> str:
        if not value.startswith(("https://", "http://")) or len(value) > 300 or any(ch.isspace() for ch in value):
            raise ValueError(f"expected a web address like 'https://example.org/book#p{{n}}' ({{n}}: the puzzle's "
                             f"number), at most 300 characters, got {value!r}")
        return value


class Layout(Strict):
    puzzles_per_page: PerPage | None = None   # across x down; default: by trim and board (publisher.spec)
    answers_per_page: PerPage | None = None
    large_print: bool = False             # one puzzle per page, ~14 cm grid, 24 pt givens, 16 pt text
    section_start: Literal["any", "right"] = "any"   # right: every section opens on a right-hand page
    balance: bool = True                  # share a section's last pages evenly (8 at 6 a page: 4 + 4, not 6 + 2)
    coordinates: bool = True              # chessboards (tours, queens) carry a-h / 1-8 in their edge squares
    puzzle_ids: bool = False              # print each puzzle's ID in its caption (what `catalog find` takes)
    #: a scan-to-play QR code under each puzzle: none; the site it opens on (sudokupad, fpuzzles or
    #: tatham; a kind the site cannot hold gets the next of them that can); or {url: ...{n}...}
    qr: Literal["none", "sudokupad", "fpuzzles", "tatham"] | QrUrl = "none"


class Fonts(Strict):
    regular: str                          # a TTF file, relative to the config file
    bold: str | None = None               # defaults to the regular file


def _section_kind(value: object) -> str | None:
    """The union tag of a section: its model's name, looked up by its ``kind`` key."""
    kind = value.get("kind", DEFAULT_KIND) if isinstance(value, dict) else getattr(value, "kind", None)
    return _SECTION_TAGS.get(kind) if isinstance(kind, str) else None


#: kind name -> its section model, from the kind registry (the one list of kinds)
_SECTION_MODELS: dict[str, type[SectionBase]] = {name: kinds.get(name).section for name in kinds.names()}
_SECTION_TAGS = {kind: model.__name__ for kind, model in _SECTION_MODELS.items()}


def _kind_list() -> str:
    names = list(_SECTION_MODELS)
    return ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else names[0]


if TYPE_CHECKING:   # to a type checker a section is its common base; to pydantic, one of the kinds' models
    Section = SectionBase
else:
    Section = Annotated[
        functools.reduce(operator.or_, (Annotated[model, Tag(model.__name__)] for model in _SECTION_MODELS.values())),
        Discriminator(_section_kind, custom_error_type="invalid_kind",
                      custom_error_message=f"expected kind {_kind_list()}"),
    ]


def _answers(value: object) -> object:
    """``answers: back`` is short for ``answers: {placement: back}``."""
    if isinstance(value, str):
        if value not in PLACEMENTS:
            close = difflib.get_close_matches(value, PLACEMENTS, n=1, cutoff=0.6)
            raise ValueError(f"expected separate, back or both (or a mapping with 'placement' and 'hints'), "
                             f"got {value!r}" + (f" (did you mean '{close[0]}'?)" if close else ""))
        return {"placement": value}
    return value


class Answers(Strict):
    """Where the answer key goes and what it prints beside the solutions."""

    placement: Literal["separate", "back", "both"] = "separate"
    #: true: a "Key step" line under every Sudoku solution; drawn: also the key step drawn on
    #: a grid after the solution (candidates, the pattern shaded, eliminations struck)
    hints: bool | Literal["drawn"] = False


class Html(Strict):
    """Options of the HTML booklets."""

    #: embedded: the puzzle booklet carries what Check and Hint need (obfuscated);
    #: none: it still plays, without Check and Hint, and holds no solution
    solutions: Literal["embedded", "none"] = "embedded"


class PrintProfile(Strict):
    """The print-on-demand service a book is made for (README "Publishing on KDP, IngramSpark or
    Lulu"); ``none`` leaves every output as it is without this block."""

    service: Literal["none", "kdp", "ingramspark", "lulu"] = "none"
    paper: Literal["white", "cream", "color-standard", "color-premium"] = "white"
    bleed: bool = False                   # the interior PDF page is the trim plus the service's bleed


def _color(value: object) -> str:
    if isinstance(value, str) and re.fullmatch(r"#[0-9A-Fa-f]{6}", value.strip()):
        return value.strip().lower()
    raise ValueError(f"expected a colour like '#1d3557', got {value!r}")


Color = Annotated[str, BeforeValidator(_color)]


class CoverColors(Strict):
    background: Color = "#1d3557"         # the whole wrap, bleed included (not the barcode area)
    text: Color = "#ffffff"               # title, subtitle, author, back text and spine text


def _isbn(value: str | None) -> str | None:
    """An ISBN as written, once its digits and check digit are right."""
    if value is not None:
        barcode.isbn13(value)
    return value


def _price_code(value: str | None) -> str | None:
    return None if value is None else barcode.price_code(value)


class Cover(Strict):
    """The full-wrap cover (``<stem>-cover.pdf``), built from the interior's final page count."""

    front_image: str | None = None        # a PNG or JPEG for the front panel (bleed included), relative to the config
    #: the blurb on the back cover; default: the title and what is inside (puzzles by kind and level)
    back_text: str | None = None
    spine_text: str | None = None         # default: the title and the author; printed only where the service allows
    colors: CoverColors = CoverColors()
    barcode: Literal["auto", "none"] = "auto"   # auto: the service's barcode area is left empty
    #: the front's grid, never one of the book's: auto, a Sudoku made for the cover (seeded from
    #: the book: the same book, the same puzzle); none; or a Sudoku of your own, its givens on one line
    puzzle: str = "auto"
    #: the book's ISBN (ISBN-13, or an ISBN-10 made one): its EAN-13 barcode in the service's
    #: barcode area, and the ISBN on the imprint page
    isbn: Annotated[str | None, AfterValidator(_isbn)] = None
    #: the five-digit price add-on beside the barcode ("52495": US$ 24.95; "90000": no price)
    price_code: Annotated[str | None, AfterValidator(_price_code)] = None

    @model_validator(mode="after")
    def _price_with_isbn(self) -> Cover:
        if self.price_code is not None and self.isbn is None:
            raise ValueError("price_code is the add-on of an ISBN's barcode: give isbn too")
        return self


class Book(Strict):
    title: str
    sections: list[Section] = Field(min_length=1)
    subtitle: str | None = None
    author: str | None = None
    language: str = "en"                  # BCP 47 tag: "en", "vi", "fr-CA"
    instructions: str | None = None
    file_stem: str | None = None          # output file stem; default: slug of the title (made safe either way)
    page: Page = Page()
    layout: Layout = Layout()
    answers: Annotated[Answers, BeforeValidator(_answers)] = Answers()
    fonts: Fonts | None = None            # default: Roboto, shipped with the package
    labels: dict[str, str] = {}           # override localised words ("Puzzle", "Answers", ...)
    contents: bool = False                # a table of contents after the title page
    imprint: str | None = None            # text on the title page's verso (copyright, edition, ISBN)
    #: the volume or edition of a series ("1", "2027 spring"): a rebuild of the same title and
    #: edition replaces its catalog record; another edition repeating a puzzle is a repeat
    edition: Annotated[str | None, BeforeValidator(_edition)] = None
    html: Html = Html()
    print: PrintProfile = PrintProfile()  # the print-on-demand service, paper and bleed
    cover: Cover = Cover()
    #: the page count the puzzle booklet is laid out to land on: grids per page chosen within the
    #: conventions' ranges, then Notes or blank pages (publisher.layout.landing); None: as it fits
    pages: int | None = Field(default=None, ge=1, le=MAX_BOOK_PAGES)

    @field_validator("title")
    @classmethod
    def _title(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("the title is empty")
        return value

    @field_validator("labels")
    @classmethod
    def _labels(cls, value: dict[str, str]) -> dict[str, str]:
        for key, word in value.items():
            if key not in LABEL_KEYS:
                close = difflib.get_close_matches(key, LABEL_KEYS, n=1, cutoff=0.6)
                hint = f"did you mean '{close[0]}'?" if close else f"allowed: {', '.join(LABEL_KEYS)}"
                raise ValueError(f"unknown label '{key}' ({hint})")
            if bad := control_character(word):
                raise ValueError(f"label '{key}': control character {bad} in text")
        return value

    @field_validator("language")
    @classmethod
    def _language(cls, value: str) -> str:
        if not re.fullmatch(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*", value):
            raise ValueError(f"expected a language tag like 'en' or 'vi', got {value!r}")
        return value


def format_names() -> tuple[str, ...]:
    """Every name ``output.formats`` and ``--format`` accept: the renderers', then the cover."""
    return render_formats() + (COVER_FORMAT,)


def _format_name(value: str) -> str:
    """A format the renderer registry knows, or ``cover`` (the one list config and CLI accept)."""
    known = format_names()
    if value not in known:
        close = difflib.get_close_matches(value, known, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        names = ", ".join(repr(name) for name in known[:-1]) + f" or {known[-1]!r}"
        raise ValueError(f"Input should be {names}, got {value!r}{hint}")
    return value


FormatName = Annotated[str, AfterValidator(_format_name)]


class Output(Strict):
    folder: str = "out"                   # relative to the config file; --out overrides
    formats: list[FormatName] = Field(default_factory=lambda: list(render_formats()))

    @field_validator("formats")
    @classmethod
    def _formats(cls, value: list[str]) -> list[str]:
        if not value:
            raise ValueError(f"name at least one format: {', '.join(render_formats())}")
        return sorted(set(value), key=format_names().index)


class Config(Strict):
    books: list[Book] = Field(min_length=1)
    output: Output = Output()
    on_rejected: Literal["fail", "skip"] = "fail"   # fail: no book is written; skip: leave them out
    #: the series' record of every printed puzzle: a SQLite file (relative to the config
    #: file) or a postgresql:// URL; none: no repeat check, nothing recorded
    catalog: str | None = None
    on_repeat: Literal["fail", "skip", "warn"] = "fail"   # a puzzle the catalog (or the build) already holds
    node_limit: int = Field(default=DEFAULT_NODE_LIMIT, ge=100)  # solver search bound per puzzle
    templates: str | None = None          # a folder searched before the built-in templates/


# ------------------------------------------------------------------- loading

@dataclass(frozen=True)
class LoadedConfig:
    """A validated config and where it came from (paths in it are relative to ``base``)."""

    config: Config
    path: Path
    lines: dict[KeyPath, int]             # key path -> 1-based YAML line

    @property
    def base(self) -> Path:
        return self.path.parent

    def line_of(self, loc: KeyPath) -> int:
        """The line of the deepest key in ``loc`` that the YAML file has."""
        for end in range(len(loc), -1, -1):
            if tuple(loc[:end]) in self.lines:
                return self.lines[tuple(loc[:end])]
        return 1

    def where(self, loc: KeyPath) -> str:
        return f"{self.path}:{self.line_of(loc)}: {key_path(loc)}"


def key_path(loc: KeyPath) -> str:
    """('books', 0, 'sections', 2, 'title') -> 'books[0].sections[2].title'."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _line_map(node: yaml.Node, loc: KeyPath, lines: dict[KeyPath, int], duplicates: list[tuple[KeyPath, int]]) -> None:
    lines.setdefault(loc, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key_node, value_node in node.value:
            key = key_node.value
            if key in seen:
                duplicates.append((loc + (key,), key_node.start_mark.line + 1))
            seen.add(key)
            lines[loc + (key,)] = key_node.start_mark.line + 1
            _line_map(value_node, loc + (key,), lines, duplicates)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _line_map(item, loc + (i,), lines, duplicates)


def _message(error: ErrorDetails, data: object) -> str:
    """A pydantic error as one sentence an editor understands."""
    kind, loc = error["type"], error["loc"]
    if kind == "extra_forbidden":
        name = str(loc[-1])
        allowed = _allowed_keys(loc[:-1], data)
        owners = [section_kind for section_kind, model in _SECTION_MODELS.items() if name in model.model_fields]
        if len(loc) >= 3 and loc[-3] == "sections" and owners:
            section = _walk(data, loc[:-1])
            kind_name = section.get("kind", DEFAULT_KIND) if isinstance(section, dict) else DEFAULT_KIND
            return f"'{name}' is not a key of a {kind_name} section " \
                   f"(it belongs to {' and '.join(owners)})"
        close = difflib.get_close_matches(name, allowed, n=1, cutoff=0.6)
        hint = f" (did you mean '{close[0]}'?)" if close else f" (allowed: {', '.join(sorted(allowed))})"
        return f"unknown key '{name}'{hint}"
    if kind == "missing":
        return "required key is missing"
    message: str = error["msg"]
    for prefix in ("Value error, ", "Assertion failed, "):
        if message.startswith(prefix):
            message = message[len(prefix):]
    if kind in ("literal_error", "enum", "invalid_kind"):
        got = error.get("input")
        got = got.get("kind") if kind == "invalid_kind" and isinstance(got, dict) else got
        expected = error.get("ctx", {}).get("expected", "")
        close = difflib.get_close_matches(str(got), [w.strip("' ") for w in expected.replace(" or ", ",").split(",")],
                                          n=1, cutoff=0.6) if expected else []
        if kind == "invalid_kind":
            close = difflib.get_close_matches(str(got), list(_SECTION_MODELS), n=1, cutoff=0.6)
        message = f"{message}, got {got!r}" + (f" (did you mean '{close[0]}'?)" if close else "")
    return message


def _allowed_keys(loc: KeyPath, data: object) -> list[str]:
    """The keys the schema allows at ``loc`` (walks the models along the path)."""
    model: type[BaseModel] | None = Config
    for depth, part in enumerate(loc):
        if isinstance(part, int) or model is None:
            continue
        field = model.model_fields.get(part)
        if field is None:
            return []
        if part == "sections":   # the section schema depends on its kind
            section = _walk(data, loc[: depth + 2])
            model = _SECTION_MODELS.get(section.get("kind", DEFAULT_KIND) if isinstance(section, dict) else "")
        else:
            model = _model_in(field.annotation)
    return list(model.model_fields) if model is not None else []


def _model_in(annotation: object) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    models = [a for a in _flatten(get_args(annotation)) if isinstance(a, type) and issubclass(a, BaseModel)]
    return models[0] if models else None


def _flatten(args: tuple[object, ...]) -> list[object]:
    out: list[object] = []
    for a in args:
        inner = get_args(a)
        out.extend(_flatten(inner) if inner else [a])
    return out


def _walk(data: object, loc: KeyPath) -> object:
    """What the YAML data holds at ``loc``; None when it holds nothing there."""
    for part in loc:
        if isinstance(data, dict):
            if part not in data:
                return None
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and -len(data) <= part < len(data):
            data = data[part]
        else:
            return None
    return data


def load(path: Path | str) -> LoadedConfig:
    """Read, parse and validate a config file.

    Raises :class:`ConfigError` with every problem as 'file:line: key: message'
    (a YAML syntax error as 'file:line:col: ...'). YAML is loaded safely."""
    path = Path(path)
    try:
        text = safeio.read_text(path, role="the config")
    except safeio.InputError as error:
        raise ConfigError([str(error).replace(": file not found", ": config file not found", 1)]) from None
    try:
        data, node = load_with_nodes(text, max_nodes=MAX_CONFIG_VALUES, what="a config")
    except YamlSyntaxError as error:
        raise ConfigError([f"{path}:{error}"]) from None
    except yaml.YAMLError as error:
        raise ConfigError([f"{path}: YAML error: {error}"]) from None

    lines: dict[KeyPath, int] = {}
    duplicates: list[tuple[KeyPath, int]] = []
    if node is not None:
        _line_map(node, (), lines, duplicates)
    problems = [f"{path}:{line}: {key_path(loc)}: duplicate key" for loc, line in duplicates]
    if not isinstance(data, dict):
        raise ConfigError(problems + [f"{path}:1: expected a mapping with a 'books' list"])
    loaded = LoadedConfig(config=None, path=path, lines=lines)  # type: ignore[arg-type]
    try:
        config = Config.model_validate(data)
    except ValidationError as error:
        for item in error.errors():
            loc = _written_path(item["loc"], data, missing=item["type"] == "missing")
            if item["type"] == "invalid_kind":
                loc = loc + ("kind",)
            item["loc"] = loc
            problems.append(f"{loaded.where(loc)}: {_message(item, data)}")
    if problems:
        raise ConfigError(sorted(problems, key=_line_number))
    return LoadedConfig(config=config, path=path, lines=lines)


def _line_number(problem: str) -> int:
    parts = problem.split(":")
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0


def _written_path(loc: tuple[str | int, ...], data: object, *, missing: bool) -> KeyPath:
    """The key path of a pydantic error location as the YAML has it: pydantic puts the name
    of a union's member into locations ('TourBoard', 'function-before[...]', "literal['auto']"),
    which are no keys of the user's; a key of the user's is one the data holds there (whatever
    its characters: a key may be '\\x1b[2J' or 'Book'), or, ending a ``missing`` error's
    location, the key its mapping lacks."""
    written: list[str | int] = []
    here = data
    for depth, part in enumerate(loc):
        holds = (part in here) if isinstance(here, dict) else (
            isinstance(here, list) and isinstance(part, int) and 0 <= part < len(here))
        lacked = missing and isinstance(here, dict) and depth == len(loc) - 1
        if not (holds or lacked or isinstance(part, int)):
            continue   # a union member's name
        written.append(part)
        here = here[part] if holds else None   # type: ignore[index]
    return tuple(written)
