"""Diplomacy scoring systems under one interface: type a board's final centres, read every power's score.

:mod:`board` reads and checks a board once (centres, draw, eliminations, final year) and holds the shared pieces
(solo, draw membership, elimination order, places by centres with ties); each other module is one system or one
family of variants, whose docstring is the rule, its source and every decision taken where the rule is silent;
:mod:`registry` lists every variant in one list, built with keyword arguments.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from xlscore.core.cells import yes_no
from xlscore.core.errors import InputError
from xlscore.core.systems.diplomacy import registry
from xlscore.core.systems.diplomacy.board import POWER_NAMES, Board, read_board
from xlscore.core.systems.diplomacy.system import Reading, System
from xlscore.core.validate import shown

__all__ = [
    "FAMILIES",
    "POWER_NAMES",
    "SYSTEMS",
    "SYSTEM_COLUMNS",
    "Board",
    "Reading",
    "System",
    "diplomacy_board",
    "diplomacy_systems",
    "find_system",
    "other_reading_flag",
    "system_row",
]

_ALL: tuple[System, ...] = registry.SYSTEMS
SYSTEMS: Mapping[str, System] = MappingProxyType({s.name: s for s in _ALL})
"""Every system by its name, in the order :func:`diplomacy_systems` lists them."""

_ALIASES = {
    "dss": "Draw size",
    "drawsizescoring": "Draw size",
    "ppsc": "Survivors-Win (PPSC)",
    "survivorswin": "Survivors-Win (PPSC)",
    "pointspersupplycentre": "Survivors-Win (PPSC)",
    "pointspersupplycenter": "Survivors-Win (PPSC)",
    "sos": "Sum of Squares",
    "solos": "Solo or bust",
    "centercountcarnage": "Centre-count Carnage",
    "haight": "Haight v1.0",
    "carnage": "Carnage with elimination order",
}


def _key(name: str) -> str:
    return "".join(ch for ch in name.casefold() if ch.isalnum())


_BY_KEY = {_key(s.name): s for s in _ALL} | {k: SYSTEMS[v] for k, v in _ALIASES.items()}


def find_system(system: object) -> System:
    """A system by name, matched without regard to case, spaces or punctuation ("cdiplo 100", "C-Diplo 100")."""
    if not isinstance(system, str) or not system.strip():
        raise InputError(f"system is {shown(system)}; expected a scoring system's name, as DIPLOMACY_SYSTEMS lists")
    found = _BY_KEY.get(_key(system))
    if found is None:
        raise InputError(
            f"system {shown(system)} is not a scoring system xlscore knows; expected one of DIPLOMACY_SYSTEMS' names "
            "(for example Carnage with elimination order, C-Diplo 100, Draw size, Sum of Squares, Tribute)"
        )
    return found


def diplomacy_board(
    system: str,
    centres: object,
    draw: object = None,
    eliminated: object = None,
    final_year: object = None,
    chart: object = None,
    other_reading: object = None,
) -> tuple[float, ...]:
    """The seven powers' scores for one board under a Diplomacy scoring system, in the order the powers are given.

    system: the scoring system's name, as DIPLOMACY_SYSTEMS lists it (case, spaces and punctuation do not matter).
    centres: the seven powers' final supply-centre counts, in the standard order (Austria, England, France,
        Germany, Italy, Russia, Turkey); a power on 18 or more has soloed.
    draw: seven yes/no flags for the powers sharing the draw (blank: every power with centres; a single power: the
        game was conceded to it, scored as a solo).
    eliminated: the year each eliminated power went out (blank where it survived); needed by systems that score
        years or rank eliminated powers by when they went out.
    final_year: the game's last year (needed by systems that score the years losers of a solo played).
    chart: the centre chart, a column per power in the standard order and a row per year from 1901, the last row
        the final centres; needed by systems that break ties by earlier years (Maxonian, 7Eleven).
    other_reading: yes to score by the rule's other reading where its sources part ways (each system's page names
        it, e.g. Bangkok's eliminated powers credited as dipvis credits them); blank or no: xlscore's reading.
    """
    chosen = find_system(system)
    other = other_reading_flag(other_reading)
    board = read_board(centres, draw, eliminated, final_year, chart)
    return tuple(float(s) for s in chosen.scores(board, other))


def other_reading_flag(other_reading: object) -> bool:
    """The other_reading setting read as yes or no (blank, or 0 as LibreOffice hands a left-out argument: no)."""
    return yes_no("other_reading", other_reading)


FAMILIES: tuple[str, ...] = tuple(dict.fromkeys(s.family for s in _ALL))
"""The families systems are grouped in, in the order they are listed."""


def diplomacy_systems(family: object = None) -> tuple[str, ...]:
    """The names of the Diplomacy scoring systems DIPLOMACY_BOARD knows, one per row.

    family: list only the systems of this family (draw size, centre count, C-Diplo, Carnage, places, tribute,
        Bangkok, topping bonus, ManorCon, classic, Detour); blank for every system.
    """
    if family is None or (isinstance(family, str) and not family.strip()):
        return tuple(SYSTEMS)
    chosen = {_key(f): f for f in FAMILIES}.get(_key(family) if isinstance(family, str) else "")
    if chosen is None:
        raise InputError(f"family is {shown(family)}; expected one of {', '.join(FAMILIES)}, or blank for every system")
    return tuple(s.name for s in _ALL if s.family == chosen)


SYSTEM_COLUMNS = ("system", "family", "needs", "source", "other reading")
"""The columns a list of the systems shows (DIPLOMACY_SYSTEMS, the Diplomacy template's Systems sheet)."""


def system_row(system: System) -> tuple[str, str, str, str, str]:
    """A system as a list of the systems shows it: name, family, what it needs, source, and what its other reading
    changes (blank where it has one reading)."""
    other = system.other.note if system.other is not None else ""
    return (system.name, system.family, system.needs or "centres", system.source, other)
