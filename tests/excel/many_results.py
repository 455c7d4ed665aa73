"""About 10,000 valid result rows per template, generated (seeded, so every run types the same rows), and the
standings the core computes from them directly, without a workbook.

Each system's rows keep its template's rules: RPLOPS games of 4 players; Gibbs games of 3 to 5 players with places
(ties shared), the rows of a game together; Puffing Billy boards of 3 to 6 players, places 1 to n, a winner's
money above 0, and two final boards of 4 per game; Size Matters boards of 7 powers whose centres sum to at most 34
(a solo on 18 or more, or at least two powers with centres); a Meeple League season of 2,500 players formed by the
source's steps (357 leagues, one of 8), whose results are its schedule's games exactly; and 40 seasons of a
lifetime table, 250 players each, seated by the formation. Every set is one row per player per game, 10,000 rows
(9,996 for Size Matters: 1,428 boards of 7).
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xlscore.core.systems.diplomacy.event import diplomacy_standings
from xlscore.core.systems.gibbs import G_EXP, K2, K3, START_RP, gibbs_ratings
from xlscore.core.systems.league.formation import league_formation
from xlscore.core.systems.league.history import league_lifetime_standings
from xlscore.core.systems.league.schedule import league_season_games
from xlscore.core.systems.league.standings import league_standings
from xlscore.core.systems.puffing_billy import pb_standings
from xlscore.core.systems.rplops_event import rplops_standings
from xlscore.core.systems.size_matters import POWERS as POWER_COUNT
from xlscore.core.systems.size_matters import size_matters_standings
from xlscore.excel.templates.diplomacy_tournament import DEFAULT_SYSTEM
from xlscore.excel.templates.size_matters_tournament import POWERS

__all__ = ["ROWS", "Generated", "generated"]

ROWS = 10_000
Cell = str | float | dt.date | None
Rows = list[list[Cell]]


@dataclass(frozen=True)
class Generated:
    """What is typed into a template (rows by input table, from its first data row down) and the core's standings."""

    tables: dict[str, Rows]
    standings: Sequence[object]


def _players(count: int) -> list[str]:
    return [f"Player {i:04d}" for i in range(1, count + 1)]


def _sizes(rng: random.Random, total: int, lo: int, hi: int) -> list[int]:
    """Game sizes from ``lo`` to ``hi`` players that add up to ``total`` rows."""
    sizes: list[int] = []
    while total:
        size = rng.choice([s for s in range(lo, hi + 1) if total - s == 0 or total - s >= lo])
        sizes.append(size)
        total -= size
    return sizes


def _rplops(rng: random.Random) -> Generated:
    pool = _players(300)
    rows: Rows = []
    for game in range(1, ROWS // 4 + 1):
        hours = rng.choice((0.5, 1, 1.5, 2, None))
        for player in rng.sample(pool, 4):
            rows.append([f"Game {game}", player, rng.randint(0, 40), None, hours])
    header = ["game", "player", "score", "place", "hours"]
    return Generated({"Results": rows}, rplops_standings([header, *rows], 50, 1))


def _gibbs(rng: random.Random) -> Generated:
    pool = _players(200)
    rows: Rows = []
    for game, size in enumerate(_sizes(rng, ROWS, 3, 5), start=1):
        points = sorted((rng.randint(0, 6) for _ in range(size)), reverse=True)
        places = [points.index(p) + 1 for p in points]  # equal points share the better place
        date = dt.date(2020, 1, 6) + dt.timedelta(days=game // 8)
        for player, place in zip(rng.sample(pool, size), places, strict=True):
            rows.append([date, game, player, place, None])
    header = ["date", "game", "player", "place", "pool"]
    ratings = gibbs_ratings([header, *rows], None, K2, K3, G_EXP, START_RP, False, False)
    return Generated({"Games": rows}, ratings.table)


def _puffing_billy(rng: random.Random) -> Generated:
    pool = _players(400)
    games = [f"Game {letter}" for letter in "ABCDEFGH"]
    rows: Rows = []
    for game in games:
        finalists = rng.sample(pool, 8)
        for final, seated in (("Final 1", finalists[:4]), ("Final 2", finalists[4:])):
            money = sorted((rng.randrange(50, 300) * 1000 for _ in seated), reverse=True)
            seats = enumerate(zip(seated, money, strict=True), start=1)
            rows += [[game, final, place, name, m, "yes"] for place, (name, m) in seats]
    for board, size in enumerate(_sizes(rng, ROWS - len(rows), 3, 6), start=1):
        money = sorted((rng.randrange(20, 300) * 1000 for _ in range(size)), reverse=True)
        if rng.random() < 0.1:
            money[0], money[1] = money[1], money[0]  # as in Rail Baron: 2nd out-scored the winner
        seated = rng.sample(pool, size)
        rows += [
            [games[board % len(games)], f"R{board // 50 + 1} T{board % 50 + 1}", place, name, m, None]
            for place, (name, m) in enumerate(zip(seated, money, strict=True), start=1)
        ]
    header = ["game", "board", "place", "player", "money", "final"]
    return Generated({"Boards": rows}, pb_standings([header, *rows]))


def _centres(rng: random.Random) -> list[int]:
    """A board's final centres, power by power: a solo or a draw, at most 34 in all."""
    if rng.random() < 0.2:
        solo = rng.randint(18, 24)
        others = [0] * (POWER_COUNT - 1)
        for _ in range(rng.randint(0, 34 - solo)):
            others[rng.randrange(POWER_COUNT - 1)] += 1
        board = [solo, *others]
    else:
        board = [0] * POWER_COUNT
        alive = rng.sample(range(POWER_COUNT), rng.randint(2, POWER_COUNT))
        for power in alive:
            board[power] = 1
        for _ in range(rng.randint(0, 34 - len(alive))):
            board[rng.choice(alive)] += 1
        board = [min(c, 17) for c in board]  # no solo in a draw
    rng.shuffle(board)
    return board


def _size_matters(rng: random.Random) -> Generated:
    pool = _players(280)
    rows: Rows = []
    boards = ROWS // POWER_COUNT
    per_round = 20
    for number in range(boards):
        round_, board = divmod(number, per_round)
        if board == 0:
            seating = rng.sample(pool, per_round * POWER_COUNT)
        seated = seating[board * POWER_COUNT : (board + 1) * POWER_COUNT]
        for power, player, centres in zip(POWERS, seated, _centres(rng), strict=True):
            rows.append([round_ + 1, board + 1, power, player, centres])
    header = ["round", "board", "power", "player", "centres"]
    return Generated({"Games": rows}, size_matters_standings([header, *rows]))


def _diplomacy(rng: random.Random) -> Generated:
    """Size Matters' boards, with the years eliminated powers went out and each board's final year: the template's
    default system (Carnage with elimination order) ranks eliminated powers by them."""
    pool = _players(280)
    rows: Rows = []
    per_round = 20
    for number in range(ROWS // POWER_COUNT):
        round_, board = divmod(number, per_round)
        if board == 0:
            seating = rng.sample(pool, per_round * POWER_COUNT)
        seated = seating[board * POWER_COUNT : (board + 1) * POWER_COUNT]
        final = rng.randint(1905, 1912)
        for power, player, centres in zip(POWERS, seated, _centres(rng), strict=True):
            out = None if centres else rng.randint(1902, final)
            rows.append(
                [round_ + 1, board + 1, power, player, centres, None, out, final if power == POWERS[0] else None]
            )
    header = ["round", "board", "power", "player", "centres", "draw", "eliminated", "final year"]
    return Generated({"Games": rows}, diplomacy_standings([header, *rows], DEFAULT_SYSTEM))


def _league(rng: random.Random) -> Generated:
    seats = league_formation(_players(2500))
    leagues: Rows = [[s.seed, s.player, s.division, s.league, s.slot] for s in seats]
    where = {s.player: (s.division, s.league) for s in seats}
    header = ["division", "league", "slot", "player"]
    games = league_season_games("AGR", 1, [header, *([s.division, s.league, s.slot, s.player] for s in seats)])
    results: Rows = []
    for game in games:
        for player in game.players:
            results.append([game.name, player, None, rng.randint(10, 60), len(game.players), None])
    table = [
        ["game", "player", "place", "score", "players", "dropped", "division", "league"],
        *([*row, *where[str(row[1])]] for row in results),
    ]
    found = league_standings(table, [s.player for s in seats])
    return Generated({"Leagues": leagues, "Results": results}, found)


def _lifetime(rng: random.Random) -> Generated:
    pool = _players(400)
    rows: Rows = []
    for season in range(1, 41):
        seats = league_formation(rng.sample(pool, 250))
        by_league: dict[tuple[int, str], list[str]] = {}
        for seat in seats:
            by_league.setdefault((seat.division, seat.league), []).append(seat.player)
        for (division, league), players in by_league.items():
            rng.shuffle(players)
            points = sorted((rng.randint(0, 40) for _ in players), reverse=True)
            for place, (player, won) in enumerate(zip(players, points, strict=True), start=1):
                rows.append([season, division, league, place, player, won])
    header = ["season", "division", "league", "place", "player", "league_points"]
    return Generated({"Seasons": rows}, league_lifetime_standings([header, *rows]))


GENERATORS: dict[str, Callable[[random.Random], Generated]] = {
    "rplops": _rplops,
    "gibbs": _gibbs,
    "puffing-billy": _puffing_billy,
    "size-matters": _size_matters,
    "diplomacy": _diplomacy,
    "league": _league,
    "lifetime": _lifetime,
}


def generated(system: str) -> Generated:
    """The rows typed into ``system``'s template and the core's standings of them (the same on every call)."""
    return GENERATORS[system](random.Random(f"xlscore {system}"))
