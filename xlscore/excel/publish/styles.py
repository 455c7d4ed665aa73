"""The published page's stylesheet (style.css): the screen, the print (A4 and Letter) and the projector.

Colours: dark text on white, white text on a dark blue header, and the podium's gold, silver and bronze as pale
backgrounds under dark text, every pair past WCAG AA's 4.5:1 (axe-core checks the page in the tests). Tables never
cut a row across pages and repeat their header row on every printed page; a wide table scrolls inside its own box
on a narrow screen, and a cell wraps a long name rather than running into the next column.
"""

from __future__ import annotations

__all__ = ["STYLESHEET"]

STYLESHEET = """\
:root { --ink: #1a1a1a; --muted: #4d4d4d; --head: #1f3864; --line: #c8c8c8; --stripe: #f3f5f9;
  --gold: #fbe7a1; --silver: #e4e4e4; --bronze: #f6d2b8; }
* { box-sizing: border-box; }
html { color: var(--ink); background: #fff; font: 16px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 0 auto; padding: 1rem; max-width: 80rem; }
header h1 { margin: 0 0 .25rem; font-size: 1.8rem; }
.meta { margin: 0 0 1rem; color: var(--muted); }
nav ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .5rem 1.25rem; }
a { color: var(--head); }
h2 { font-size: 1.4rem; margin: 1.5rem 0 .5rem; }
h3 { font-size: 1.1rem; margin: 1rem 0 .25rem; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: 0 0 1rem; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; }
th, td { border: 1px solid var(--line); padding: .3rem .55rem; vertical-align: top; overflow-wrap: break-word;
  min-width: 2.5rem; }
th { background: var(--head); color: #fff; text-align: left; font-weight: 600; }
td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
td.number { white-space: nowrap; }
tbody tr:nth-child(even) { background: var(--stripe); }
tbody tr.place-1 { background: var(--gold); }
tbody tr.place-2 { background: var(--silver); }
tbody tr.place-3 { background: var(--bronze); }
.boards { display: flex; flex-wrap: wrap; gap: 0 1.5rem; }
.chart svg { max-width: 100%; height: auto; }
.chart text { font-size: 12px; fill: var(--ink); }
footer { margin-top: 2rem; color: var(--muted); font-size: .9rem; }
.projector { max-width: none; padding: 2vh 3vw; }
.projector h1 { font-size: 5vh; }
.projector h2 { font-size: 4vh; margin-top: 0; }
.projector table { width: 100%; font-size: 4.2vh; }
.projector th, .projector td { padding: .6vh 1vw; }
.projector .meta { font-size: 2.5vh; }
.projector caption, caption.unseen { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip-path: inset(50%); white-space: nowrap; }
@media print {
  html { font-size: 10pt; }
  body { max-width: none; padding: 0; }
  nav, footer { display: none; }
  @page { margin: 12mm 10mm; }
  .scroll { overflow: visible; }
  table { width: 99.5%; }
  thead { display: table-header-group; }
  tr, th, td { break-inside: avoid; page-break-inside: avoid; }
  th, td { padding: .2rem .3rem; min-width: 0; }
  h2, h3 { break-after: avoid; page-break-after: avoid; }
  section + section { break-before: page; page-break-before: always; }
  th { background: #fff; color: #000; border-bottom: 2px solid #000; }
  tbody tr:nth-child(even) { background: #fff; }
  .boards { display: block; }
}
"""
