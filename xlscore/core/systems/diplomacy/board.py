"""A Diplomacy board's end, read once and checked once, and the pieces every scoring system shares.

A board is the seven Great Powers' final supply-centre counts in the standard order (Austria, England, France,
Germany, Italy, Russia, Turkey), each 0 to 34 and at most 34 in all, with its outcome:

* a **solo**: a power on 18 or more centres (every other power has lost);
* a **concession**: ``draw`` names a single power, which the others conceded the game to; the systems score it as a
  solo (the conceded power is the soloist, whatever its centres);
* a **draw**: ``draw`` names two or more powers that share it (each must hold centres); blank ``draw`` (or one
  marking no power) means every power that ended with centres (Draws Include All Survivors). A survivor left out
  of the draw is still a survivor.

``eliminated`` gives the game year in which each eliminated power lost its last centre (blank or 0 where the power
survived, or where its year is not known and no system needs it; 0 because LibreOffice hands a left-out argument
over as 0); ``final_year`` is the last game year played. The
game starts in 1901, so a power eliminated in 1905 played 5 game years (1901 to 1905, the year it went out
included) and survived 4 whole years (1901 to 1904 ended with it holding centres). Each system's docstring says
which of the two counts it uses.

A system that needs a year nobody gave asks for it by name (``eliminated: the year Italy went out is needed ...``)
instead of guessing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from xlscore.core.cells import is_blank, yes_no
from xlscore.core.errors import InputError
from xlscore.core.events.placement import places_from_values
from xlscore.core.validate import items, whole, wholes

__all__ = [
    "FIRST_YEAR",
    "POWERS",
    "POWER_NAMES",
    "SOLO_CENTRES",
    "TOTAL_CENTRES",
    "Board",
    "place_points",
    "read_board",
    "split",
]

POWERS = 7
POWER_NAMES = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
TOTAL_CENTRES = 34
SOLO_CENTRES = 18
FIRST_YEAR = 1901
LAST_YEAR = 2100
"""No tournament game runs this long; a later year is a typing slip."""


@dataclass(frozen=True)
class Board:
    """A checked board: the final centres, who drew or soloed, and the years eliminated powers went out."""

    centres: tuple[int, ...]
    draw: tuple[bool, ...]
    """Each power's membership of the draw (all False in a solo or concession)."""
    soloist: int | None
    """The index of the power that soloed or was conceded the game; None in a draw."""
    conceded: bool
    eliminated: tuple[int | None, ...]
    final_year: int | None
    chart: tuple[tuple[int, ...], ...] | None = None
    """Each power's centres at the end of each year, first year first (the last is its final count); None if not
    given."""

    @property
    def solo(self) -> bool:
        """A solo or a concession: one power wins the game."""
        return self.soloist is not None

    @property
    def survivors(self) -> int:
        """How many powers ended with centres."""
        return sum(1 for c in self.centres if c > 0)

    @property
    def draw_size(self) -> int:
        return sum(self.draw)

    def alive(self, power: int) -> bool:
        return self.centres[power] > 0

    @property
    def top(self) -> int:
        """The most centres any power holds."""
        return max(self.centres)

    @property
    def toppers(self) -> int:
        """How many powers share the most centres."""
        return self.centres.count(self.top)

    @property
    def second(self) -> int:
        """The most centres held by a power below the board top (0 if every survivor tops)."""
        return max((c for c in self.centres if c < self.top), default=0)

    def year_out(self, power: int, system: str, why: str) -> int:
        """The year an eliminated power went out, or a message asking for it."""
        year = self.eliminated[power]
        if year is None:
            raise InputError(
                f"eliminated: the year {POWER_NAMES[power]} went out is needed by {system} ({why}); "
                f"expected a year from {FIRST_YEAR}"
            )
        return year

    def last_year(self, system: str, why: str) -> int:
        """The game's final year, or a message asking for it."""
        if self.final_year is None:
            raise InputError(f"final_year is blank; {system} needs it ({why})")
        return self.final_year

    def years_played(self, power: int, system: str, why: str) -> int:
        """Game years an eliminated power played, the year it went out included (1905: 5)."""
        return self.year_out(power, system, why) - FIRST_YEAR + 1

    def years_survived(self, power: int, system: str, why: str) -> int:
        """Whole game years an eliminated power ended with centres (out in 1905: 4)."""
        return self.year_out(power, system, why) - FIRST_YEAR

    def rank_keys(self, *, elimination_order: bool, system: str = "") -> tuple[int, ...]:
        """A number per power that orders the board: survivors by centres; eliminated powers below every
        survivor, all equal, or (``elimination_order``) the later out the higher, the same year equal."""
        keys: list[int] = []
        dead = [p for p in range(POWERS) if not self.alive(p)]
        for power, centres in enumerate(self.centres):
            if centres > 0:
                keys.append(centres)
            elif elimination_order and len(dead) > 1:
                year = self.year_out(power, system, "eliminated powers are ranked by when they went out")
                keys.append(year - 10 * LAST_YEAR)
            else:
                keys.append(-1)
        return tuple(keys)


def split(points: Sequence[int | Fraction], place: int, tied: int) -> Fraction:
    """The mean of a chart's points over the places a tie occupies (places beyond the chart score 0)."""
    covered = [points[p - 1] for p in range(place, place + tied) if p <= len(points)]
    return Fraction(sum(covered)) / tied


def place_points(
    keys: Sequence[int], points: Sequence[int | Fraction], among: Sequence[int] | None = None
) -> tuple[Fraction, ...]:
    """Each power's share of a points-by-place chart, ranked by ``keys`` (higher is better), tied powers splitting
    the points of the places they cover; with ``among``, only those powers are ranked and the rest score 0."""
    ranked = list(range(len(keys))) if among is None else list(among)
    result = [Fraction(0)] * len(keys)
    if ranked:
        places = places_from_values([keys[p] for p in ranked])
        for power, (place, tied) in zip(ranked, places, strict=True):
            result[power] = split(points, place, tied)
    return tuple(result)


def _left_out(value: object) -> bool:
    """A blank, or a 0 where a year is expected: LibreOffice hands a left-out argument over as 0."""
    return is_blank(value) or (type(value) in (int, float) and value == 0)


def _draw(draw: object, centres: tuple[int, ...]) -> tuple[bool, ...] | None:
    """Seven yes/no flags; a short list (a range whose last cells are blank) is padded with no."""
    if draw is None:
        return None
    flags = items("draw", draw, "yes/no flags")
    if len(flags) > POWERS:
        raise InputError(f"draw has {len(flags)} values; expected {POWERS} yes/no flags, one per power")
    read = [yes_no(f"draw[{i}] ({POWER_NAMES[i - 1]})", f) for i, f in enumerate(flags, start=1)]
    if not any(read):
        return None  # no power marked: left out (LibreOffice hands a left-out argument over as 0)
    read += [False] * (POWERS - len(read))
    return tuple(read)


def _eliminated(eliminated: object, final_year: int | None) -> tuple[int | None, ...]:
    if eliminated is None:
        return (None,) * POWERS
    years = items("eliminated", eliminated, "years (blank where the power survived)")
    if len(years) > POWERS:
        raise InputError(f"eliminated has {len(years)} values; expected {POWERS}, one per power")
    hi = final_year if final_year is not None else LAST_YEAR
    read: list[int | None] = [
        None if _left_out(y) else whole(f"eliminated[{i}] ({POWER_NAMES[i - 1]})", y, FIRST_YEAR, hi)
        for i, y in enumerate(years, start=1)
    ]
    return tuple(read + [None] * (POWERS - len(read)))


def _chart(chart: object, centres: tuple[int, ...]) -> tuple[tuple[int, ...], ...] | None:
    """Seven columns of year-end centre counts, one per power, the last row the final centres."""
    if chart is None:
        return None
    columns = items("chart", chart, "columns of centre counts, one per power")
    if not columns:
        return None
    if len(columns) != POWERS:
        raise InputError(f"chart has {len(columns)} columns; expected {POWERS}, one per power, a row per year")
    read = tuple(
        wholes(f"chart column {i} ({POWER_NAMES[i - 1]})", col, 0, TOTAL_CENTRES, min_len=1)
        for i, col in enumerate(columns, start=1)
    )
    years = {len(col) for col in read}
    if len(years) != 1:
        raise InputError(f"chart's columns have {sorted(years)} rows; expected the same years for every power")
    for year, row in enumerate(zip(*read, strict=True), start=FIRST_YEAR):
        if sum(row) > TOTAL_CENTRES:
            raise InputError(f"chart's row for {year} adds up to {sum(row)}; expected at most {TOTAL_CENTRES} centres")
    last = tuple(col[-1] for col in read)
    if last != centres:
        raise InputError(
            f"chart's last row is {', '.join(map(str, last))}; "
            f"expected the final centres, {', '.join(map(str, centres))}"
        )
    return read


def read_board(
    centres: object,
    draw: object = None,
    eliminated: object = None,
    final_year: object = None,
    chart: object = None,
) -> Board:
    """Check a board's end and work out its outcome; every message names the argument and the power."""
    counts = wholes("centres", centres, 0, TOTAL_CENTRES, min_len=POWERS, max_len=POWERS)
    total = sum(counts)
    if total > TOTAL_CENTRES:
        raise InputError(f"centres add up to {total}; expected at most {TOTAL_CENTRES} supply centres")
    if total == 0:
        raise InputError("centres are all 0; expected at least one power with centres")
    last = None if _left_out(final_year) else whole("final_year", final_year, FIRST_YEAR, LAST_YEAR)
    years = _eliminated(eliminated, last)
    for power, year in enumerate(years):
        if year is not None and counts[power] > 0:
            raise InputError(
                f"eliminated[{power + 1}] says {POWER_NAMES[power]} went out in {year}, but it has "
                f"{counts[power]} centres; expected a blank for a power that survived"
            )
    history = _chart(chart, counts)
    flags = _draw(draw, counts)
    soloists = [p for p, c in enumerate(counts) if c >= SOLO_CENTRES]
    if soloists:
        soloist = soloists[0]
        if flags is not None and flags != tuple(p == soloist for p in range(POWERS)):
            raise InputError(
                f"draw names powers besides {POWER_NAMES[soloist]}, which soloed on {counts[soloist]} centres; "
                f"expected draw blank (or {POWER_NAMES[soloist]} alone) when a power has {SOLO_CENTRES} or more"
            )
        return Board(counts, (False,) * POWERS, soloist, False, years, last, history)
    if flags is None:
        flags = tuple(c > 0 for c in counts)
    for power, member in enumerate(flags):
        if member and counts[power] == 0:
            raise InputError(
                f"draw[{power + 1}] puts {POWER_NAMES[power]} in the draw, but it has no centres; "
                f"expected only powers with centres in a draw"
            )
    members = [p for p in range(POWERS) if flags[p]]
    if len(members) == 1:
        return Board(counts, (False,) * POWERS, members[0], True, years, last, history)
    return Board(counts, flags, None, False, years, last, history)
