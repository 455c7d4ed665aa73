"""Meeple League names: league letters, league labels such as L3-B, and unique game names.

Source: ../shared/seeds/004_b7436f24da9b0589.txt (the Meeple League rules, Schedule: "Each game in the schedule
will be given a unique name, using a pattern like 'AGR S2 L3-B G12.'").

The pattern, made precise:

    {event_code} S{season} L{division}-{league} G{game}

* ``event_code`` is the event's short code as the coordinator writes it (``AGR``), without surrounding spaces;
* ``S2`` is season 2; seasons count from 1;
* ``L3-B`` is league B of division 3. Division d holds up to 2^(d-1) leagues, lettered A, B, ... in their rank
  order within the division (A is filled first); past Z the letters go on as spreadsheet columns do: AA, AB, ...
  Division 1 has the one league ``L1-A``;
* ``G12`` is game 12 of that league's schedule: games are numbered per league, from G1, in the order of the
  schedule's rows (:func:`~xlscore.core.systems.league.schedule.league_schedule`).

Decisions where the source is silent:

* Game numbers are per league, not per division: the league is already in the name, so the name stays unique,
  and G5 is row 5 of the league's schedule, which is what a player looks up. (The source's example G12 cannot
  occur in a 7-game, 4-player league under this reading; it does in a 3-player league, which plays 14 or 16
  games.)
* Numbers are written without leading zeros (S2, not S02), so names sort as text only within a league of
  fewer than ten games; sort by the parts, not the name.
"""

from __future__ import annotations

from xlscore.core.errors import InputError
from xlscore.core.validate import count
from xlscore.core.validate import shown as quoted

__all__ = ["MAX_DIVISION", "MAX_PLAYERS", "league_game_name", "league_letter", "league_name", "league_number"]

MAX_PLAYERS = 100_000
"""The most players a league season takes (a sane limit of ours: the largest leagues run in the hundreds)."""
MAX_DIVISION = (MAX_PLAYERS // 7).bit_length()
"""The deepest division MAX_PLAYERS fill (14): division d holds 2^(d-1) leagues of 7. A deeper one is refused."""


def league_letter(league: int) -> str:
    """The letters of the league numbered ``league`` within its division: 1 is A, 2 is B, 27 is AA.

    league: the league's number within its division, from 1 (1 is the division's top league).
    """
    index = count("league", league, 1, 2 ** (MAX_DIVISION - 1))
    letters = ""
    while index > 0:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def league_number(letter: str) -> int:
    """The league's number within its division from its letters: A is 1, Z is 26, AA is 27.

    letter: the league's letters, A to Z then AA, AB, ... (upper or lower case).
    """
    text = _letters("league", letter)
    index = 0
    for ch in text:
        index = index * 26 + (ord(ch) - ord("A") + 1)
    return index


def _letters(argument: str, value: object) -> str:
    text = value.strip().upper() if isinstance(value, str) else ""
    if not text.isascii() or not text.isalpha():
        shown = "blank" if value is None or (isinstance(value, str) and not text) else quoted(value)
        raise InputError(f"{argument} is {shown}; expected a league letter such as A or B")
    return text


def checked_league(argument: str, value: object, division: int) -> str:
    """A league letter that ``division`` holds (at most 2^(d-1) leagues), upper-cased; raises InputError."""
    letter = _letters(argument, value)
    most = 2 ** (min(division, MAX_DIVISION) - 1)
    if league_number(letter) > most:
        raise InputError(
            f"{argument} is {letter}; expected a league of division {division}, A to {league_letter(most)}"
        )
    return letter


def league_name(division: int, league: str) -> str:
    """The league's label: ``L3-B`` for league B of division 3.

    division: the division, 1 for the top division.
    league: the league's letter within its division (A is the division's top league; division d holds up to
        2^(d-1) leagues).
    """
    level = count("division", division, 1, MAX_DIVISION)
    return f"L{level}-{checked_league('league', league, level)}"


def league_game_name(event_code: str, season: int, division: int, league: str, game: int) -> str:
    """A game's unique name, ``{event_code} S{season} L{division}-{league} G{game}``: 'AGR S2 L3-B G12'.

    event_code: the event's short code, such as AGR.
    season: the season, from 1.
    division: the division, 1 for the top division.
    league: the league's letter within its division, A for its top league.
    game: the game's number in the league's schedule, from 1 (numbered per league).
    """
    if not isinstance(event_code, str) or not event_code.strip():
        shown = "blank" if event_code is None or isinstance(event_code, str) else repr(event_code)
        raise InputError(f"event_code is {shown}; expected the event's short code, such as AGR")
    number = count("season", season, 1)
    label = league_name(division, league)
    return f"{event_code.strip()} S{number} {label} G{count('game', game, 1)}"
