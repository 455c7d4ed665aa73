"""The chart of places by round, drawn as SVG in the page itself (no script, no picture file): a line per player
from round to round, first place at the top, each line labelled with its player at its end."""

from __future__ import annotations

from html import escape

__all__ = ["COLOURS", "places_chart"]

COLOURS = ("#1f3864", "#a0410d", "#2e6b30", "#6b2e6b", "#7a5b00", "#005f73", "#8c1c13", "#3d3d3d")
"""Line colours, each dark enough to read as text on white (WCAG AA)."""

WIDTH, ROW, MARGIN, LABEL = 640, 28, 40, 130


def places_chart(places: dict[str, list[tuple[float, float]]]) -> str:
    """An SVG of each player's place after each round; empty text when there is nothing to draw."""
    points = [p for line in places.values() for p in line]
    if not points:
        return ""
    rounds = sorted({r for r, _ in points})
    worst = max(p for _, p in points)
    height = int(MARGIN * 2 + ROW * max(worst - 1, 1))
    span = max(len(rounds) - 1, 1)

    def x(round_number: float) -> float:
        return MARGIN + (WIDTH - MARGIN - LABEL) * rounds.index(round_number) / span

    def y(place: float) -> float:
        return MARGIN + ROW * (place - 1)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'aria-labelledby="chart-title"><title id="chart-title">Places by round</title>'
    ]
    for r in rounds:
        parts.append(f'<text x="{x(r):.1f}" y="{MARGIN / 2:.1f}" text-anchor="middle">R{r:g}</text>')
    for number, (player, line) in enumerate(sorted(places.items(), key=lambda item: item[1][-1][1])):
        colour = COLOURS[number % len(COLOURS)]
        path = " ".join(f"{x(r):.1f},{y(p):.1f}" for r, p in sorted(line))
        last_round, last_place = sorted(line)[-1]
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2.5" points="{path}"/>')
        parts.append(
            f'<text x="{x(last_round) + 8:.1f}" y="{y(last_place) + 4:.1f}">{escape(player)} ({last_place:g})</text>'
        )
    parts.append("</svg>")
    return "".join(parts)
