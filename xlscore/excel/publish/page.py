"""The published page as HTML: the event, its standings, the standings by round and their chart, the next round's
seating and every board; and the projector's pages, one table a page, each passing to the next by itself.

Every text from the workbook goes through :func:`html.escape` (a player called ``<script>`` or ``=HYPERLINK(...)``
reads as written), and the page forbids every script by its Content-Security-Policy: the page needs none, so a text
that slipped through escaping could not run. The projector's pages move on with a ``refresh`` meta tag, not a
script.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from xlscore.excel.publish.chart import places_chart
from xlscore.excel.publish.content import Event, Grid, Group

__all__ = ["CSP", "PROJECTOR_ROWS", "PROJECTOR_SECONDS", "STYLESHEET_FILE", "index_page", "projector_pages"]

CSP = (
    "default-src 'none'; style-src 'self'; img-src 'self' data:; script-src 'none'; base-uri 'none'; form-action 'none'"
)
"""Nothing but the page's own stylesheet and pictures: no script of any kind, no form, no other site."""

STYLESHEET_FILE = "style.css"
PROJECTOR_ROWS = 10
"""Standings rows on one projector page: at 4.2 % of the screen's height a row, ten fill it and read from afar."""
PROJECTOR_SECONDS = 15


def _head(title: str, extra: str = "") -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'{extra}<title>{escape(title)}</title>\n<link rel="stylesheet" href="{STYLESHEET_FILE}">\n</head>\n'
    )


def _table(grid: Grid, caption: str, places: bool = False) -> str:
    """A table with its header row in <thead> (repeated on each printed page) and a caption naming it (read out by
    a screen reader; shown only where no heading above already says it: a table of standings is under one)."""
    numeric = grid.numeric or (False,) * len(grid.header)
    cls = [' class="number"' if n else "" for n in numeric]
    head = "".join(f'<th scope="col"{c}>{escape(h)}</th>' for h, c in zip(grid.header, cls, strict=False))
    rows = []
    place_at = [h.lower() for h in grid.header].index("place") if places and "Place" in grid.header else None
    for row in grid.rows:
        mark = f' class="place-{row[place_at]}"' if place_at is not None and row[place_at] in ("1", "2", "3") else ""
        cells = "".join(f"<td{c}>{escape(v)}</td>" for v, c in zip(row, cls, strict=False))
        rows.append(f"<tr{mark}>{cells}</tr>")
    hidden = ' class="unseen"' if places else ""
    return (
        f'<div class="scroll"><table>\n<caption{hidden}>{escape(caption)}</caption>\n'
        f"<thead><tr>{head}</tr></thead>\n"
        f"<tbody>\n" + "\n".join(rows) + "\n</tbody></table></div>\n"
    )


def _groups(groups: Sequence[Group]) -> str:
    return '<div class="boards">\n' + "".join(_table(g.grid, g.title) for g in groups) + "</div>\n"


def _section(key: str, title: str, body: str) -> str:
    heading = f'<h2 id="{key}-title">{escape(title)}</h2>'
    return f'<section id="{key}" aria-labelledby="{key}-title">\n{heading}\n{body}</section>\n'


def _meta(event: Event) -> str:
    parts = [event.date, f"{event.system} scoring", f"from {event.book}"]
    return '<p class="meta">' + escape(" · ".join(p for p in parts if p)) + "</p>\n"


def _sections(event: Event) -> list[tuple[str, str, str]]:
    """Each section of the page: its id, its heading and its body, in reading order."""
    sections = [("standings", "Standings", _table(event.standings, f"{event.name}: standings", places=True))]
    if event.by_round is not None:
        chart = places_chart(event.places)
        body = (f'<figure class="chart">{chart}</figure>\n' if chart else "") + _table(
            event.by_round, "Standings after each round"
        )
        sections.append(("by-round", "Standings by round", body))
    if event.seating:
        sections.append(("seating", f"Seating, round {event.seating_round}", _groups(event.seating)))
    if event.boards:
        sections.append(("boards", "Boards", _groups(event.boards)))
    return sections


def index_page(event: Event) -> str:
    """The whole page: every section, a contents list to jump between them."""
    sections = _sections(event)
    contents = "".join(f'<li><a href="#{key}">{escape(title)}</a></li>' for key, title, _ in sections)
    return (
        _head(f"{event.name}: standings")
        + f"<body>\n<header>\n<h1>{escape(event.name)}</h1>\n{_meta(event)}</header>\n"
        + f'<nav aria-label="Contents"><ul>{contents}</ul></nav>\n<main>\n'
        + "".join(_section(*section) for section in sections)
        + f"</main>\n<footer>Published by xlscore from {escape(event.book)}.</footer>\n</body>\n</html>\n"
    )


def _chunks(grid: Grid, size: int) -> Iterable[Grid]:
    for start in range(0, max(len(grid.rows), 1), size):
        yield Grid(grid.header, grid.rows[start : start + size], grid.numeric)


def projector_pages(event: Event) -> list[str]:
    """The projector's pages: the standings ten rows a page, then each table of the next round's seating, each page
    passing to the next after :data:`PROJECTOR_SECONDS` (the last to the first)."""
    bodies: list[tuple[str, str]] = []
    chunks = list(_chunks(event.standings, PROJECTOR_ROWS))
    for number, chunk in enumerate(chunks, start=1):
        more = f" ({number} of {len(chunks)})" if len(chunks) > 1 else ""
        bodies.append((f"Standings{more}", _table(chunk, "Standings", places=True)))
    for group in event.seating:
        bodies.append((f"Round {event.seating_round}: {group.title}", _table(group.grid, group.title)))
    pages = []
    for number, (title, body) in enumerate(bodies, start=1):
        following = projector_name(number % len(bodies) + 1)
        refresh = f'<meta http-equiv="refresh" content="{PROJECTOR_SECONDS}; url={following}">\n'
        pages.append(
            _head(f"{event.name}: {title}", refresh)
            + f'<body class="projector">\n<header>\n<h1>{escape(event.name)}</h1>\n</header>\n<main>\n'
            + _section("table", title, body)
            + "</main>\n</body>\n</html>\n"
        )
    return pages


def projector_name(number: int) -> str:
    """The file of the projector's page ``number`` (from 1): projector.html, then projector-2.html, ..."""
    return "projector.html" if number == 1 else f"projector-{number}.html"
