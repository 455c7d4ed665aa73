"""An RPLOPS event: every result row's points and the event standings, from one results table.

Source: ../shared/seeds/000_3384471a66e1fffb.txt (the rule itself is :mod:`xlscore.core.systems.rplops`). A coordinator
types one row per player per game; the points of each row and the standings follow from the table alone.

The results table has the columns ``game``, ``player`` and either ``score`` (higher is better) or ``place`` (1 for
the winner), and optionally ``hours`` (the game's length; blank or absent: game length ignored). The players of a
game are the rows that share its ``game``; ties are found within each game (equal scores, or equal places).

Decisions where the source is silent:

* A game's length is the same for all its rows; rows of one game that give different hours are refused.
* A game needs at least 2 players; a player twice in one game is refused.
* When both ``score`` and ``place`` are filled in for a game, ``place`` decides and ``score`` is only shown.
* Standings: total points, highest first; equal totals share a place (the source ranks no event, so by default
  there is no tie-break; a coordinator may name a chain, :mod:`xlscore.core.events.tie_breaks`, and ask for a Decided by
  column). ``best`` N counts each player's N best games' points, whatever their round. Totals are added up exactly
  (the decimals typed, a tie's points as a fraction), so equal totals are equal in any order of the rows. Points
  per game and per hour are shown beside them. With ``best``, a bye scoring the average scores the points per game
  counted, and is always counted (it is not a game).

A table whose every row is plainly good is scored over whole columns (:mod:`xlscore.core.events.bulk`), 100,000 rows in
tens of milliseconds; any other goes row by row, which finds the first bad row and says what is wrong with it. Both
give the same numbers to the last bit (the tests compare them).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol

from xlscore.core.cells import exact
from xlscore.core.errors import TableError
from xlscore.core.events.bulk_choice import columns_in_bulk
from xlscore.core.events.games import group_games
from xlscore.core.events.needs import Need, needs, targets
from xlscore.core.events.placement import places_from_values, places_in_bulk
from xlscore.core.events.ranking import Ranked, measure, standings
from xlscore.core.events.roster import (
    ByeRule,
    Roster,
    bye_rule,
    check_results,
    read_roster,
    results_allowed,
    with_byes,
)
from xlscore.core.events.rounds import (
    ROUND,
    After,
    RoundStanding,
    check_after_round,
    has_rounds,
    one_game_a_round,
    round_numbers,
    rounds_in_bulk,
    standings_by_round,
)
from xlscore.core.events.rows import Row, cell_name, cell_number, read_rows
from xlscore.core.events.table import Table, table
from xlscore.core.events.tie_breaks import Asked, Played, asked, game_tie_breaks
from xlscore.core.systems.rplops import points, rplops, rplops2
from xlscore.core.validate import count, number, whole

if TYPE_CHECKING:
    from xlscore.core.events import bulk

__all__ = [
    "RplopsDecided",
    "RplopsStanding",
    "rplops_needs",
    "rplops_points",
    "rplops_standings",
    "rplops_standings_by_round",
]


@dataclass(frozen=True)
class RplopsStanding:
    """A row of the event standings."""

    place: int
    player: str
    games: int
    hours: float
    points: float
    points_per_game: float
    points_per_hour: float


@dataclass(frozen=True)
class RplopsDecided(RplopsStanding):
    """A row of the event standings with what put it below the row above (``decided_by``: ``points``, a
    tie-break's name, ``tied``, or blank on the first row), as ``decided_by`` yes asks."""

    decided_by: str = ""


Game = tuple[int, str]
"""A game by its round (1 in a table without rounds) and its name within the round."""


def _games(
    results: object, roster: Roster | None = None, *, in_order: bool = True
) -> tuple[list[Row | None], dict[Game, list[Row]], bool]:
    """The table's rows in sheet order (None for a blank row), its games, and whether it gives rounds; each row
    checked against the players table when there is one."""
    rows = read_rows(results, ["game", "player"], ["score", "place", "hours", ROUND], name="results")
    rounds = round_numbers(rows, in_order=in_order)
    by_row = {row["_row"]: number for row, number in zip(rows, rounds, strict=True)}
    with_rounds = has_rounds(rows)

    def key(row: Row) -> Game:
        return by_row[row["_row"]], cell_name(row, "game")

    def label(game: Game) -> str:
        return f"game {_shown(game, with_rounds)}"

    games = group_games(rows, key, label)
    one_game_a_round(rows, rounds, key, label)
    check_results(roster, rows, rounds)
    first = min((r["_row"] for r in rows), default=2)
    last = max((r["_row"] for r in rows), default=1)
    aligned: list[Row | None] = [None] * (last - first + 1) if rows else []
    for row in rows:
        aligned[row["_row"] - first] = row
    # Rows before the first filled one (blank rows at the top of a range) keep their places too.
    return [None] * (first - 2) + aligned, games, with_rounds


def _shown(game: Game, with_rounds: bool) -> str:
    """A game as a message names it: 'G1', or 'G1' of round 2 in a table with rounds."""
    return f"{game[1]!r}" + (f" of round {game[0]}" if with_rounds else "")


def _game_places(game: str, rows: list[Row]) -> tuple[tuple[tuple[int, int], ...], float]:
    """Each row's (shared place, number tied) in the game (``game`` as :func:`_shown` names it), and the game's
    hours (1 when not given)."""
    if len(rows) < 2:
        raise TableError(f"game {game} has 1 row (row {rows[0]['_row']}); expected at least 2 players")
    by_place = all(r["place"] is not None for r in rows)
    if not by_place and any(r["score"] is None for r in rows):
        blank = next(r for r in rows if r["score"] is None)
        raise TableError(f"score in row {blank['_row']} is blank; expected a score or a place for every row of {game}")
    column = "place" if by_place else "score"
    values = [cell_number(r, column, 1 if by_place else None) for r in rows]
    hours_given = {cell_number(r, "hours", None) for r in rows if r["hours"] is not None}
    if len(hours_given) > 1:
        raise TableError(
            f"game {game} has rows with different hours ({', '.join(f'{h:g}' for h in sorted(hours_given))})"
        )
    return places_from_values(values, higher_is_better=not by_place, name=column), next(iter(hours_given), 1.0)


@dataclass(frozen=True)
class _Scored:
    """A results table read over whole columns: each kept row's sheet row, player, game, and place in it."""

    rows: Sequence[int]
    player: bulk.Ints  # each row's player, numbered in order of first appearance
    players: list[str]
    game: bulk.Ints
    n: bulk.Ints  # the players of the row's game
    place: bulk.Ints  # the shared place
    tied: bulk.Ints  # how many share it
    hours: bulk.Floats  # the game's hours (1 when not given)
    game_hours: bulk.Floats  # each game's hours
    round: bulk.Ints  # each row's round (1 in a table without rounds)


def _in_bulk(results: object) -> _Scored | None:
    """The table read over whole columns when every row is plainly good; None when a row needs a message (the
    row-by-row path then finds the first and words it), or when row by row is the quicker (:func:`bulk_pays`)."""
    found = columns_in_bulk(results, ["game", "player"], ["score", "place", "hours", ROUND], name="results")
    if found is None:
        return None
    rows, columns = found
    import numpy as np

    from xlscore.core.events import bulk

    game_names = bulk.names(columns["game"])
    player_names = bulk.names(columns["player"])
    if game_names is None or player_names is None:
        return None
    player, players = bulk.codes(player_names)
    rounds = rounds_in_bulk(columns[ROUND], player)
    if rounds is None:
        return None
    one_round = not len(rounds) or rounds.max() == 1  # then a game is its name alone, as fast as before
    game, games = bulk.codes(game_names if one_round else list(zip(rounds.tolist(), game_names, strict=True)))
    if bulk.twice(game, player):
        return None
    sizes = np.bincount(game, minlength=len(games))
    if len(sizes) and sizes.min() < 2:
        return None
    place_given = bulk.given(columns["place"])
    by_place = (np.bincount(game, weights=place_given, minlength=len(games)) == sizes)[game]
    chosen = [p if b else s for p, s, b in zip(columns["place"], columns["score"], by_place.tolist(), strict=True)]
    values = bulk.numbers(chosen)
    if values is None or (by_place.any() and values[by_place].min() < 1):
        return None  # a blank or bad score or place, or a place below 1
    hours_given = bulk.given(columns["hours"])
    hours = np.ones(len(game))
    if hours_given.any():
        typed = bulk.numbers([h for h in columns["hours"] if h is not None], positive=True)
        if typed is None:
            return None
        hours[hours_given] = typed
    per_game = bulk.one_per_group(game, len(games), hours, hours_given)
    if per_game is None:
        return None  # a game with different hours
    game_hours = np.where(per_game[1], per_game[0], 1.0)
    place, tied, n = places_in_bulk(game, np.where(by_place, values, -values), higher_is_better=False)
    return _Scored(rows, player, list(map(str, players)), game, n, place, tied, game_hours[game], game_hours, rounds)


def _points_in_bulk(scored: _Scored, average: float, version: int) -> bulk.Floats:
    """Every row's points, in the very operations and order of :func:`xlscore.core.systems.rplops.points`."""
    mean = scored.place + (scored.tied - 1) / 2
    n = scored.n
    if version == 1:
        return (n + 1 - mean) * scored.hours * 2 * average / (n + 1)
    return (n - mean) / (n - 1) * scored.hours * 2 * average


def rplops_points(results: object, x: float = 50, version: int = 1) -> tuple[float | None, ...]:
    """Every result row's RPLOPS points, in the order of the rows (blank rows stay blank).

    results: a table with columns game, player and score (or place), and optionally hours and round, one row per
        player per game (a DataFrame, mappings, or rows with a header).
    x: the average points per player per hour (50 as in PLOPS).
    version: 1 for RPLOPS (a win in a bigger game is worth more), 2 for RPLOPS2 (all winners alike).
    """
    average = number("x", x, positive=True)
    kind = whole("version", version, 1, 2)
    in_bulk = _in_bulk(results)
    if in_bulk is not None:
        from xlscore.core.events import bulk

        return bulk.by_sheet_row(in_bulk.rows, _points_in_bulk(in_bulk, average, kind).tolist())
    rule = rplops if kind == 1 else rplops2
    aligned, games, with_rounds = _games(results, in_order=False)
    scored: dict[int, float] = {}
    for game, rows in games.items():
        places, hours = _game_places(_shown(game, with_rounds), rows)
        for row, (place, tied) in zip(rows, places, strict=True):
            scored[row["_row"]] = rule(place, len(rows), hours, average, tied)
    return tuple(None if row is None else scored[row["_row"]] for row in aligned)


_Ranked = tuple[tuple[RplopsStanding, ...], After]


class _After(Protocol):
    """The standings after a round (None: all rounds); without ``with_rows``, only the After (no rows to show)."""

    def __call__(self, after: int | None, with_rows: bool = True) -> _Ranked: ...


@table(RplopsStanding)
def rplops_standings(
    results: object,
    x: float = 50,
    version: int = 1,
    after_round: int | None = None,
    players: object = None,
    bye: object = None,
    bye_score: object = None,
    best: int | None = None,
    tie_breaks: object = None,
    decided_by: object = None,
) -> tuple[RplopsStanding, ...]:
    """The event standings: each player's total RPLOPS points over their games, highest first; ties share a place
    unless tie-breaks are named.

    results: a table with columns game, player and score (or place), and optionally hours and round, one row per
        player per game (a DataFrame, mappings, or rows with a header).
    x: the average points per player per hour (50 as in PLOPS).
    version: 1 for RPLOPS (a win in a bigger game is worth more), 2 for RPLOPS2 (all winners alike).
    after_round: count only the rounds up to this one (blank: all rounds).
    players: the players table (player, and optionally late from, dropped after, sits out, byes), to check each
        result against (blank: none).
    bye: what a bye (a round in the players table's byes column) scores: none, fixed (bye_score) or average (the
        player's points per game); blank: none.
    bye_score: the points of a bye, for bye fixed.
    best: count only each player's best N games' points, whatever their round (blank: every game).
    tie_breaks: the tie-breaks after the points, in order, separated by commas: wins, best game, head to head,
        opponents' points, opponents' average; blank or none for none (equal totals share a place).
    decided_by: yes to add a Decided by column: what put each row below the row above (blank: no).
    """
    order = _Order(None if best is None else count("best", best, 1), asked(tie_breaks, decided_by))
    last, after = _standings_after(results, x, version, read_roster(players), bye_rule(bye, bye_score), order)
    found = after(check_after_round(after_round, last))[0]
    return Table(found, RplopsDecided) if order.asked.decided_by else found


@table(RoundStanding)
def rplops_standings_by_round(
    results: object,
    x: float = 50,
    version: int = 1,
    players: object = None,
    bye: object = None,
    bye_score: object = None,
    best: int | None = None,
    tie_breaks: object = None,
) -> tuple[RoundStanding, ...]:
    """The standings after every round: each player's place, total, the round's points and places gained.

    results: a table with columns game, player, score (or place) and round, and optionally hours, one row per
        player per game (a DataFrame, mappings, or rows with a header); without rounds, the whole table is round 1.
    x: the average points per player per hour (50 as in PLOPS).
    version: 1 for RPLOPS (a win in a bigger game is worth more), 2 for RPLOPS2 (all winners alike).
    players: the players table (player, and optionally late from, dropped after, sits out, byes), to check each
        result against and mark each round dropped, a bye or sat out (blank: none).
    bye: what a bye (a round in the players table's byes column) scores: none, fixed (bye_score) or average (the
        player's points per game); blank: none.
    bye_score: the points of a bye, for bye fixed.
    best: count only each player's best N games' points, whatever their round (blank: every game).
    tie_breaks: the tie-breaks after the points, in order, separated by commas: wins, best game, head to head,
        opponents' points, opponents' average; blank or none for none (equal totals share a place).
    """
    roster = read_roster(players)
    order = _Order(None if best is None else count("best", best, 1), asked(tie_breaks, None))
    last, after = _standings_after(results, x, version, roster, bye_rule(bye, bye_score), order)
    return standings_by_round(last, lambda number: after(number, False)[1], roster)


@dataclass(frozen=True)
class _Order:
    """How the standings rank beyond the plain total: best N games (None: all) and the tie-breaks asked."""

    best: int | None
    asked: Asked

    @property
    def plain(self) -> bool:
        return self.best is None and self.asked.plain


@table(Need)
def rplops_needs(
    results: object,
    table_size: int,
    top: int | None = None,
    x: float = 50,
    version: int = 1,
    hours: float | None = None,
    players: object = None,
    bye: object = None,
    bye_score: object = None,
) -> tuple[Need, ...]:
    """What each player needs before the last round: the lowest finish that still gets them first (and into the top
    N), even if everyone else wins their last game; exact, since each finish's points are fixed.

    results: the results so far: a table with columns game, player and score (or place), and optionally hours and
        round, one row per player per game (a DataFrame, mappings, or rows with a header).
    table_size: the players of each game of the last round (the points of a finish depend on it).
    top: also list who is in reach of the top N (blank: first place only).
    x: the average points per player per hour (50 as in PLOPS).
    version: 1 for RPLOPS (a win in a bigger game is worth more), 2 for RPLOPS2 (all winners alike).
    hours: the last round's games' length in hours (blank: game length ignored).
    players: the players table (player, and optionally late from, dropped after, sits out, byes), to check each
        result against (blank: none).
    bye: what a bye (a round in the players table's byes column) scores: none, fixed (bye_score) or average (the
        player's points per game); blank: none.
    bye_score: the points of a bye, for bye fixed.
    """
    size = count("table_size", table_size, 2)
    average, rule = exact(number("x", x, positive=True)), whole("version", version, 1, 2)
    length = Fraction(1) if hours is None else exact(number("hours", hours, positive=True))
    order = _Order(None, Asked())
    _, after = _standings_after(results, x, version, read_roster(players), bye_rule(bye, bye_score), order)
    finishes = [points(Fraction(place), size, length, average, rule) for place in range(1, size + 1)]
    return needs(after(None, False)[1].totals, finishes, targets(top))


def _standings_after(
    results: object, x: float, version: int, roster: Roster | None, byes: ByeRule, order: _Order
) -> tuple[int, _After]:
    """The table's last round (0 without rows) and its standings after any round (None: all of them), the table
    read and checked once."""
    average, rule = exact(number("x", x, positive=True)), whole("version", version, 1, 2)
    # Tie-breaks and best N need each game: row by row. A players table is checked over whole columns too.
    scored = _in_bulk(results) if order.best is None and not order.asked.names else None
    if scored is not None and not results_allowed(roster, scored.players, scored.player, scored.round):
        scored = None
    ranks = _Ranks(roster, byes, order.asked.decided_by)
    hours = _exact_hours(scored) if scored is not None else None
    full = None
    if scored is not None and hours is not None:
        full = _standings_in_bulk(scored, hours, average, rule, None, ranks, True)
    if scored is not None and hours is not None and full is not None:
        in_bulk, in_hours, overall = scored, hours, full

        def after_in_bulk(after: int | None, with_rows: bool = True) -> _Ranked:
            if after is None:  # the whole table's, worked out once
                return overall if with_rows else ((), overall[1])
            # A part of the table fits 64 bits when the whole of it does.
            ranked = _standings_in_bulk(in_bulk, in_hours, average, rule, after, ranks, with_rows)
            assert ranked is not None
            return ranked

        return (int(scored.round.max()) if len(scored.round) else 0), after_in_bulk
    found = _results(results, average, rule, roster)

    def after_by_rows(after: int | None, with_rows: bool = True) -> _Ranked:
        return _ranked_results(found, after, roster, byes, order)

    return max((r.round for r in found), default=0), after_by_rows


@dataclass(frozen=True)
class _Result:
    """A player's result in one game: the round, the exact points and the game's hours, the game, and whether the
    player won it (a shared first place too)."""

    round: int
    player: str
    points: Fraction
    hours: Fraction
    game: Game
    won: bool


def _results(results: object, average: Fraction, version: int, roster: Roster | None) -> list[_Result]:
    """Every row's exact points, row by row (the first bad row named)."""
    _, games, with_rounds = _games(results, roster)
    found: list[_Result] = []
    for game, rows in games.items():
        places, hours = _game_places(_shown(game, with_rounds), rows)
        length = exact(hours)
        for row, (place, tied) in zip(rows, places, strict=True):
            gained = points(place + Fraction(tied - 1, 2), len(rows), length, average, version)
            found.append(_Result(game[0], cell_name(row, "player"), gained, length, game, place == 1))
    return found


def _ranked_results(
    found: Sequence[_Result], after: int | None, roster: Roster | None, byes: ByeRule, order: _Order
) -> _Ranked:
    """The standings from the results of the rounds up to ``after`` (None: all), byes scored as ``byes`` says,
    best N games and tie-breaks as ``order`` says."""
    counted = [result for result in found if after is None or result.round <= after]
    played: dict[str, int] = defaultdict(int)
    hours_played: dict[str, Fraction] = defaultdict(Fraction)
    for result in counted:
        played[result.player] += 1
        hours_played[result.player] += result.hours
    totals = _best_totals(counted, order.best)
    kept = played if order.best is None else {p: min(n, order.best) for p, n in played.items()}
    totals = dict(with_byes(roster, byes, totals, kept, after))
    results = [Played(r.player, r.game, r.points, r.won) for r in counted]
    ranked = standings(totals, [measure("points", totals), *game_tie_breaks(order.asked.names, results, totals)])
    return _ranked(totals, played, hours_played, ranked, decided_by=order.asked.decided_by)


def _best_totals(counted: Sequence[_Result], best: int | None) -> dict[str, Fraction]:
    """Each player's points over their games, or over their best ``best`` games (None: all)."""
    points: dict[str, list[Fraction]] = defaultdict(list)
    for result in counted:
        points[result.player].append(result.points)
    if best is None:
        return {player: sum(got, Fraction(0)) for player, got in points.items()}
    return {player: sum(sorted(got, reverse=True)[:best], Fraction(0)) for player, got in points.items()}


def _ranked(
    totals: Mapping[str, Fraction],
    played: Mapping[str, int],
    hours_played: Mapping[str, Fraction],
    ranked: Sequence[Ranked] | None = None,
    *,
    decided_by: bool = False,
    with_rows: bool = True,
) -> _Ranked:
    """The standings from each player's exact total, games and hours, ranked as ``ranked`` says (None: by points,
    equal totals sharing a place); with ``decided_by``, rows that say what decided each place; without
    ``with_rows``, no rows (the After alone)."""
    order = standings(totals, [measure("points", totals)]) if ranked is None else ranked
    if not with_rows:  # the places alone (standings by round, needs): no row to show
        return (), After([(row.place, row.player) for row in order], totals, played)
    rows = tuple(
        (RplopsDecided if decided_by else RplopsStanding)(
            place=row.place,
            player=row.player,
            games=played[row.player],
            hours=float(hours_played[row.player]),
            points=float(totals[row.player]),
            points_per_game=float(totals[row.player] / played[row.player]),
            points_per_hour=float(totals[row.player] / hours_played[row.player]),
            **({"decided_by": row.decided_by} if decided_by else {}),
        )
        for row in order
    )
    return rows, After([(row.place, row.player) for row in rows], totals, played)


@dataclass(frozen=True)
class _Ranks:
    """What the standings add to the totals over whole columns as the row-by-row path does: the players table's
    byes scored by ``byes``, and the Decided by column when asked."""

    roster: Roster | None
    byes: ByeRule
    decided_by: bool


def _exact_hours(scored: _Scored) -> tuple[bulk.Ints, int] | None:
    """Each game's hours exactly, as whole numbers over one denominator (None when they would not fit 64 bits)."""
    from xlscore.core.events import bulk

    return bulk.exact_scaled(scored.game_hours)


def _standings_in_bulk(
    scored: _Scored,
    hours: tuple[bulk.Ints, int],
    average: Fraction,
    version: int,
    after: int | None,
    ranks: _Ranks,
    with_rows: bool,
) -> _Ranked | None:
    """The standings from whole columns, every total exact as the row-by-row path adds it: a row's points are
    (2(n + 1) - 2 place - tied + 1) h x / (n + 1) under version 1 and (2n - 2 place - tied + 1) h x / (n - 1) under
    version 2 (the rule at the mean place), so each player's total is x over the hours' common denominator times a
    sum of whole numbers over n + 1 (or n - 1). Only the rows of rounds up to ``after`` count (None: all); ``hours``
    is each game's (:func:`_exact_hours`). None when those whole numbers would not fit 64 bits."""
    import numpy as np

    from xlscore.core.events import bulk

    game_length, denominator = hours
    kept = slice(None) if after is None else scored.round <= after
    length = game_length[scored.game][kept]
    player, n, place, tied = scored.player[kept], scored.n[kept], scored.place[kept], scored.tied[kept]
    count = len(scored.players)
    if version == 1:
        sums = bulk.fraction_sums(player, count, (2 * n + 3 - 2 * place - tied) * length, n + 1)
    else:
        sums = bulk.fraction_sums(player, count, (2 * n + 1 - 2 * place - tied) * length, n - 1)
    hours_sums = bulk.exact_sums(player, count, length) if with_rows else []  # the places alone need no hours
    if sums is None or hours_sums is None:
        return None
    scale = average / denominator
    games = np.bincount(player, minlength=count).tolist()
    present = [(name, g) for name, g in zip(scored.players, games, strict=True) if g]
    played = dict(present)
    totals = {name: total * scale for name, total, g in zip(scored.players, sums, games, strict=True) if g}
    totals = dict(with_byes(ranks.roster, ranks.byes, totals, played, after))
    hours_played = {
        name: Fraction(h, denominator) for name, h, g in zip(scored.players, hours_sums, games, strict=False) if g
    }
    return _ranked(totals, played, hours_played, decided_by=ranks.decided_by, with_rows=with_rows)
