"""Forming a season's Meeple Leagues: how many leagues, who is seeded where, and who plays in which league.

Source: ../shared/seeds/004_b7436f24da9b0589.txt (the Meeple League rules, Tournament structure and Forming
leagues, steps 1 to 7).

Leagues have 7 players. Division 1 has one league, and each division below holds twice as many as the one above
(division d holds up to 2^(d-1) leagues, lettered A, B, ...; the last division may be partial). Winning a league
promotes a player; finishing in the bottom two relegates them. The source's steps:

1. Collect the players who want to play (``players``, in the order they signed up).
2. There are players // 7 leagues; the remainder's lowest-ranked leagues get an 8th player
   (:func:`league_sizes`).
3. Sort everyone who played last season by division and league place, with the standings tie-breaks between
   players of the same division and place in different leagues, except that 6th and 7th place finishers are
   placed below the 5th place finishers of the next division down.
4. Sort the returning players (signed up, sat out last season, played before) by their most recent finish.
5. Take out last season's players who are not signed up, leaving holes. Fill each hole, from the top, with the
   best returning player if that player's most recent finish was as good as the hole's or better; otherwise
   close the hole (everyone below slides up one).
6. Append the returning players left over, then the new players, by lifetime laurels (most first), then by the
   order they signed up.
7. Fill division 1 from the top of the list; then the 1st slot of each division-2 league (A, B), then the 2nd
   slot of each, and so on; then division 3 the same way, and on down.

The list of step 6 is the seeding: each player's position in it (``seed``) is their ranking coming into the
season, the last tie-break of :func:`~xlscore.core.systems.league.standings.league_standings`.

Decisions where the source is silent:

* "Finish" orders (division, place) as step 3's list does: in division d, places 1 to 5 rank as themselves;
  place 6 and below rank after the 5th places of division d + 1 (6th before 7th). In an 8-player league the
  8th is moved down with the 6th and 7th, so that an 8th never ranks above a 6th (the source's leagues have
  7 players, whose 6th and 7th are the bottom two).
* Between players with the same finish in different leagues, step 3 uses the standings' tie-breaks in order
  (league points, games won, 2nd places, 3rd places, percentage of the winner's score, margin of victory, game
  points), then the prior ranking coming into that season, then the league's letter (A first). Head to head does
  not apply: they did not play each other.
* "As good or better" in step 5 compares finishes only (division and place, as above), not tie-breaks: a
  returning player who finished 6th in division 2 may fill the hole of a player who finished 6th in division 2.
* Returning players with the same finish are sorted by the tie-breaks of their seasons, then by sign-up order;
  the prior ranking is left out (it belongs to a different season).
* A player who signs up and appears in no past season is new. Blank laurels count as 0.
* 8-player leagues: "the N lowest ranked leagues" are the last leagues of the last division (its last letters),
  going up into the division above when the last division has fewer than N leagues.
* A count of players that 7-player leagues with at most one 8th player each cannot seat (9 to 13, 17 to 20,
  25 to 27, 33, 34 and 41) is refused, naming the nearest counts that work; the coordinator chooses who waits.
* Past seasons are given as their standings tables, oldest first; all are checked, but only the last season and
  each returning player's most recent season are used.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from xlscore.core.cells import names
from xlscore.core.errors import InputError
from xlscore.core.events.rows import cell_name, cell_number, read_rows
from xlscore.core.events.table import table
from xlscore.core.systems.league._tables import Finish, read_seasons
from xlscore.core.systems.league.naming import MAX_PLAYERS, league_letter, league_number
from xlscore.core.validate import count, number

__all__ = [
    "CONTINUING",
    "LEAGUE_PLAYERS",
    "NEW",
    "RELEGATED_FROM",
    "RETURNING",
    "LeagueSeat",
    "LeagueSize",
    "league_formation",
    "league_sizes",
]

LEAGUE_PLAYERS = 7
"""Players in a league; the lowest-ranked leagues take an 8th when the count does not divide by 7."""

RELEGATED_FROM = 6
"""Places from this one down are listed below the 5th place finishers of the next division (step 3)."""

CONTINUING = "continuing"
RETURNING = "returning"
NEW = "new"


@dataclass(frozen=True)
class LeagueSize:
    """A league of the season (step 2): its division, its letter and how many players it takes (7 or 8)."""

    division: int
    league: str
    players: int


@dataclass(frozen=True)
class LeagueSeat:
    """A player's place in the season: seed (position in the seeding list), league and slot in it, and status.

    ``slot`` is the player's number in the league (1 to 7 or 8), the number the schedule recipes use. ``status`` is
    continuing (played last season), returning (played before, sat out last season) or new.
    """

    seed: int
    player: str
    division: int
    league: str
    slot: int
    status: str


@table(LeagueSize)
def league_sizes(players: int) -> tuple[LeagueSize, ...]:
    """The season's leagues (step 2): players // 7 leagues, the remainder's lowest-ranked leagues taking an 8th.

    players: how many players signed up, 7 to 100,000.
    """
    total = count("players", players, LEAGUE_PLAYERS, MAX_PLAYERS)
    leagues, extra = divmod(total, LEAGUE_PLAYERS)
    if extra > leagues:
        most = leagues * (LEAGUE_PLAYERS + 1)
        raise InputError(
            f"players is {total}; {leagues} league{'s' if leagues > 1 else ''} of {LEAGUE_PLAYERS} can take "
            f"at most {leagues} more (one 8th player each); expected at most {most} or at least "
            f"{(leagues + 1) * LEAGUE_PLAYERS} players"
        )
    result: list[LeagueSize] = []
    for index in range(1, leagues + 1):
        division = index.bit_length()  # leagues 1 | 2, 3 | 4 to 7 | 8 to 15 ...
        letter = league_letter(index - 2 ** (division - 1) + 1)
        size = LEAGUE_PLAYERS + (1 if index > leagues - extra else 0)
        result.append(LeagueSize(division, letter, size))
    return tuple(result)


@table(LeagueSeat)
def league_formation(
    players: Iterable[str],
    seasons: Iterable[object] = (),
    laurels: object = None,
) -> tuple[LeagueSeat, ...]:
    """The season's leagues by the source's steps 1 to 7, listed in seeding order, each player with league and slot.

    players: everyone who signed up for the season, in the order they signed up.
    seasons: the standings of every past season, oldest first, each a table with columns division, league, place,
        player, league_points and optionally the other tie-breaks (what league_standings returns, or its
        DataFrame).
    laurels: new players' lifetime laurels, a mapping of player to laurels or a table with columns player and
        laurels (blank: none).
    """
    signed = names("players", players, min_len=LEAGUE_PLAYERS)
    sizes = league_sizes(len(signed))
    past = read_seasons(seasons)
    laurel = _laurels(laurels)
    signup = {player: i for i, player in enumerate(signed)}
    latest: dict[str, Finish] = {}
    for season in past:
        for finish in season:
            latest[finish.player] = finish
    last = past[-1] if past else []
    in_last = {f.player for f in last}

    listed = sorted(last, key=lambda f: (*_finish(f), *_merit(f), _prior(f), league_number(f.league), f.row))
    returners = deque(
        sorted(
            (latest[p] for p in signed if p in latest and p not in in_last),
            key=lambda f: (*_finish(f), *_merit(f), signup[f.player]),
        )
    )
    seeding: list[tuple[str, str]] = []
    for finish in listed:
        if finish.player in signup:
            seeding.append((finish.player, CONTINUING))
        elif returners and _finish(returners[0]) <= _finish(finish):
            seeding.append((returners.popleft().player, RETURNING))
    seeding += [(f.player, RETURNING) for f in returners]
    newcomers = sorted((p for p in signed if p not in latest), key=lambda p: (-laurel.get(p, 0.0), signup[p]))
    seeding += [(p, NEW) for p in newcomers]
    return _fill(seeding, sizes)


def _finish(f: Finish) -> tuple[int, int, int]:
    """A finish's position in step 3's list: 6th and below come after the next division's 5th places."""
    if f.place < RELEGATED_FROM:
        return (f.division, 0, f.place)
    return (f.division + 1, 1, f.place)


def _merit(f: Finish) -> tuple[Fraction, ...]:
    """The standings tie-breaks that compare players of different leagues, larger first."""
    return (
        -f.league_points,
        -Fraction(f.games_won),
        -Fraction(f.second_places),
        -Fraction(f.third_places),
        -f.percent_of_winner,
        -f.margin_of_victory,
        -f.game_points,
    )


def _prior(f: Finish) -> float:
    return float("inf") if f.prior_rank is None else f.prior_rank


def _laurels(laurels: object) -> dict[str, float]:
    if laurels is None:
        return {}
    if isinstance(laurels, Mapping):
        return {
            str(player).strip(): 0.0 if value is None else number(f"laurels[{player!r}]", value, lo=0)
            for player, value in laurels.items()
        }
    rows = read_rows(laurels, ["player", "laurels"], name="laurels")
    return {cell_name(row, "player"): 0.0 if row["laurels"] is None else cell_number(row, "laurels", 0) for row in rows}


def _fill(seeding: list[tuple[str, str]], sizes: tuple[LeagueSize, ...]) -> tuple[LeagueSeat, ...]:
    """Step 7: division by division, slot 1 of each league in letter order, then slot 2, and so on."""
    divisions: dict[int, list[LeagueSize]] = {}
    for size in sizes:
        divisions.setdefault(size.division, []).append(size)
    queue = iter(seeding)
    seats: list[LeagueSeat] = []
    for division, leagues in divisions.items():
        for slot in range(1, max(lg.players for lg in leagues) + 1):
            for lg in leagues:
                if slot <= lg.players:
                    player, status = next(queue)
                    seats.append(LeagueSeat(len(seats) + 1, player, division, lg.league, slot, status))
    return tuple(seats)
