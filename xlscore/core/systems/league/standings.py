"""Meeple League standings: league points, then eight tie-breaks, with the tie-break that decided each row.

Source: ../shared/seeds/004_b7436f24da9b0589.txt (the Meeple League rules, Scoring).

Each league is ranked on its own. Players are sorted by, in order:

1. league points (:mod:`xlscore.core.systems.league.points`);
2. games won;
3. 2nd places;
4. 3rd places;
5. percentage of the winner's score: 100 x (the sum over the player's games of score / winner's score) / games
   played;
6. margin of victory;
7. game points: the total of the player's scores in all games;
8. head-to-head net score;
9. prior ranking: the higher ranked player coming into the season stays higher.

Each row's ``decided_by`` names the first of these that separates it from the row above (:data:`TIE_BREAKS`),
``"tied"`` when none does (the two share a place), and is blank on a league's first row.

The results table has one row per player per game:

* ``game``: the game's name or number (rows of one game share it);
* ``player``: the player's name;
* ``score``: the player's game score, at least 0 (may be blank for a drop-out);
* ``place`` (optional): the finishing place, 1 for the winner; equal places are a tie (1, 2, 2, 4 and the dense
  1, 2, 2, 3 are read alike). When a game's places are all blank, they come from its scores, higher better;
* ``dropped`` (optional): TRUE, yes or x for a player who dropped out of the game;
* ``division`` and ``league`` (optional): the league the game belongs to, such as 3 and B for L3-B; a table for
  one league may leave them out (read as division 1, league A). Or they come from the season's leagues table
  (``leagues``), looked up by player: the season template's formula reads its Results table as typed, by
  structured reference, so it follows the table as it grows, and the lookup is here, in one place.

Decisions where the source is silent:

* Margin of victory: for each game, the player's score minus the best score among the other players of that
  game (positive by the margin of a win, negative by how far the player trailed the winner, 0 in a tie for
  1st), summed over the player's games.
* Head-to-head net score: computed among the players of a league still tied after the first seven tie-breaks:
  for each such player, the sum over every game they played with another of those players of (own score -
  that player's score). Two tied players who never met score 0 each. It is not reapplied to a smaller group
  left tied after it; prior ranking follows. For a player tied with no one it is 0.
* Winner's score: the best score among the players placed 1st. A game whose winner scored 0 is refused, since
  the percentage of the winner's score divides by it.
* A tie counts as the shared place: two players tied for 1st have each won, a tie for 2nd and 3rd is a 2nd
  place for both.
* Drop-outs: a player who drops out of a game scores 0 league points and 0 game points for it, whatever the row
  says, and is placed below every finisher; the finishers' places run 1, 2, ... among themselves and are scored
  on the chart of the number of players who started. The game still counts as played (0 % of the winner's
  score; margin 0 minus the best other score).
* Prior ranking is the order of ``prior`` (best first), typically the season's seeding list
  (:func:`~xlscore.core.systems.league.formation.league_formation`). A player missing from it ranks below those in it.
* League points for player counts other than 4 use the charts of :mod:`xlscore.core.systems.league.points` (ours).
* League points are added up exactly (:func:`~xlscore.core.systems.league.points.league_points_exact`): three ties
for 1st
  three ways make 3 x 19/3 = 19, level with 10 + 6 + 3, so the tie-breaks decide between them and not a rounding.
* Rows of a league are listed in the sort order; players still tied are listed by name.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from xlscore.core.cells import exact, names
from xlscore.core.errors import InputError, TableError
from xlscore.core.events.games import group_games
from xlscore.core.events.placement import places_from_values
from xlscore.core.events.ranking import TIED, chain, head_to_head, measure, standings
from xlscore.core.events.rows import Row, cell_name, cell_number, cell_whole, flag, read_rows
from xlscore.core.events.table import table
from xlscore.core.systems.league._tables import Listed, read_leagues
from xlscore.core.systems.league.naming import MAX_DIVISION, checked_league, league_name, league_number
from xlscore.core.systems.league.points import LEAGUE_CHARTS, league_chart, league_points_exact
from xlscore.core.validate import count

__all__ = ["TIED", "TIE_BREAKS", "LeagueStanding", "league_standings"]

MEASURE = "league points"
"""What sorts the standings before any tie-break."""

TIE_BREAKS: tuple[str, ...] = (
    MEASURE,
    "games won",
    "2nd places",
    "3rd places",
    "percentage of winner's score",
    "margin of victory",
    "game points",
    "head-to-head net score",
    "prior ranking",
)
"""The sort order of the standings, as ``decided_by`` names it: league points, then the published chain of
tie-breaks (the default of ``tie_breaks``)."""


@dataclass(frozen=True)
class LeagueStanding:
    """A row of a league's standings; ``decided_by`` names the tie-break that put it below the row above."""

    division: int
    league: str
    place: int
    player: str
    games: int
    league_points: float
    games_won: int
    second_places: int
    third_places: int
    percent_of_winner: float
    margin_of_victory: float
    game_points: float
    head_to_head: float
    prior_rank: int | None
    decided_by: str


@dataclass
class _Record:
    """A player's season so far, in exact arithmetic so that equal results compare equal in any row order."""

    division: int
    league: str
    first_row: int
    games: int = 0
    points: Fraction = Fraction(0)
    won: int = 0
    seconds: int = 0
    thirds: int = 0
    share: Fraction = Fraction(0)
    margin: Fraction = Fraction(0)
    scored: Fraction = Fraction(0)
    scores: dict[str, Fraction] = field(default_factory=dict)


@dataclass(frozen=True)
class _Seat:
    """One row of the results table, checked."""

    row: int
    player: str
    score: Fraction
    place: int | None
    dropped: bool
    division: int
    league: str


@table(LeagueStanding)
def league_standings(
    results: object,
    prior: Iterable[str] = (),
    tie_breaks: object = None,
    leagues: object = None,
    *,
    charts: Mapping[int, Sequence[float]] | None = None,
) -> tuple[LeagueStanding, ...]:
    """Each league's standings, sorted by league points and the tie-breaks, naming the one that decided each row.

    results: a table with columns game, player, score and optionally place, dropped, division and league, one
        row per player per game (a DataFrame, mappings, or rows with a header); places come from the scores
        when a game's places are blank.
    prior: the players' ranking coming into the season, best first (the season's seeding list): the last
        tie-break. Blank cells are skipped.
    tie_breaks: the tie-breaks after league points, in order (names as Decided by shows them, separated by
        commas); blank for the published eight and prior ranking, none for no tie-break.
    leagues: the season's leagues, a table with columns player, division and league (as league_formation
        returns it): each result row's league is then its player's, and a member with no game yet is listed
        too. Blank: results give them.
    charts: league points charts by player count, to use instead of the default charts for those counts.
    """
    order = chain(tie_breaks, TIE_BREAKS[1:], TIE_BREAKS[1:])
    rows = read_rows(results, ["game", "player", "score"], ["place", "dropped", "division", "league"])
    members = _look_up_leagues(rows, leagues) if leagues is not None else {}
    ranking = {player: rank for rank, player in enumerate(names("prior", prior, skip_blank=True), start=1)}
    custom = {} if charts is None else _charts(charts)
    grouped = group_games(rows, lambda row: cell_name(row, "game"), lambda game: f"game {game!r}")
    games = {game: [_seat(row) for row in seats] for game, seats in grouped.items()}
    records: dict[str, _Record] = {}
    for game, seats in games.items():
        _score_game(game, seats, records, custom)
    for player, member in members.items():
        # Listed in a league, no game yet: in the standings with nothing, after everyone who has scored.
        records.setdefault(player, _Record(member.division, member.league, member.row["_row"]))
    by_league: dict[tuple[int, str], list[str]] = defaultdict(list)
    for player, record in records.items():
        by_league[(record.division, record.league)].append(player)
    ordered = sorted(by_league, key=lambda key: (key[0], league_number(key[1])))
    return tuple(row for key in ordered for row in _rank(by_league[key], records, ranking, order))


def _look_up_leagues(rows: list[Row], leagues: object) -> dict[str, Listed]:
    """Each result row's division and league from its player's row of ``leagues``; a row that gives them must agree.
    Returns the leagues' members by name."""
    listed = {found.player: found for found in read_leagues(leagues, ("player", "division", "league"))}
    for row in rows:
        player = cell_name(row, "player")
        found = listed.get(player)
        if found is None:
            raise TableError(
                f"player {player!r} in row {row['_row']} of results is not on leagues; expected every player of "
                f"the results in a league"
            )
        given = _league_of(row)
        if (row["division"] is not None or row["league"] is not None) and given != (found.division, found.league):
            raise TableError(
                f"row {row['_row']} of results puts {player!r} in {league_name(*given)}; row {found.row['_row']} "
                f"of leagues in {league_name(found.division, found.league)}: expected one league per player"
            )
        row["division"], row["league"] = found.division, found.league
    return listed


def _charts(charts: Mapping[int, Sequence[float]]) -> dict[int, tuple[float, ...]]:
    if not isinstance(charts, Mapping):
        raise InputError(f"charts is {type(charts).__name__}; expected a mapping of player count to chart")
    result: dict[int, tuple[float, ...]] = {}
    for n, chart in charts.items():
        try:
            result[count("n", n, 2)] = league_chart(n, chart)
        except InputError as exc:
            raise InputError(f"charts[{n!r}]: {exc}") from exc
    return result


def _league_of(row: Row) -> tuple[int, str]:
    """A result row's division and league, checked (blank: division 1, league A)."""
    division = 1 if row["division"] is None else cell_whole(row, "division", 1, MAX_DIVISION)
    if row["league"] is None:
        return division, "A"
    try:
        return division, checked_league(f"league in row {row['_row']}", row["league"], division)
    except InputError as exc:
        raise TableError(str(exc)) from exc


def _seat(row: Row) -> _Seat:
    player = cell_name(row, "player")
    dropped = flag(row, "dropped")
    division, league = _league_of(row)
    if dropped:
        return _Seat(row["_row"], player, Fraction(0), None, True, division, league)
    score = exact(cell_number(row, "score", 0))
    place = None if row["place"] is None else cell_whole(row, "place", 1)
    return _Seat(row["_row"], player, score, place, False, division, league)


def _score_game(
    game: str, seats: list[_Seat], records: dict[str, _Record], charts: dict[int, tuple[float, ...]]
) -> None:
    n, chart = len(seats), _chart(game, seats, charts)
    finishers = [s for s in seats if not s.dropped]
    if not finishers:
        raise TableError(f"game {game!r}: every player dropped out; expected at least one finisher")
    places = _places(game, finishers)
    winner = max(s.score for s, (place, _) in zip(finishers, places, strict=True) if place == 1)
    if winner <= 0:
        raise TableError(
            f"game {game!r}: the winner's score is 0; expected more than 0 (the percentage of the winner's "
            f"score divides by it)"
        )
    finish = {s.player: p for s, p in zip(finishers, places, strict=True)}
    for seat in seats:
        record = records.get(seat.player)
        if record is None:
            record = records[seat.player] = _Record(seat.division, seat.league, seat.row)
        elif (record.division, record.league) != (seat.division, seat.league):
            raise TableError(
                f"player {seat.player!r} plays in {league_name(record.division, record.league)} "
                f"(row {record.first_row}) and in {league_name(seat.division, seat.league)} (row {seat.row}); "
                f"expected one league per player in a season"
            )
        best_other = max(s.score for s in seats if s is not seat)
        record.games += 1
        record.share += seat.score / winner
        record.margin += seat.score - best_other
        record.scored += seat.score
        record.scores[game] = seat.score
        if seat.player in finish:
            place, tied = finish[seat.player]
            record.points += league_points_exact(place, n, tied, chart=chart)
            record.won += place == 1
            record.seconds += place == 2
            record.thirds += place == 3


def _chart(game: str, seats: list[_Seat], charts: dict[int, tuple[float, ...]]) -> tuple[float, ...]:
    """The league points chart of a game, checked to be one league's game of a size with a chart."""
    first = seats[0]
    for seat in seats[1:]:
        if (seat.division, seat.league) != (first.division, first.league):
            raise TableError(
                f"game {game!r} is in {league_name(first.division, first.league)} in row {first.row} "
                f"and in {league_name(seat.division, seat.league)} in row {seat.row}; expected one league per game"
            )
    n = len(seats)
    if n < 2:
        raise TableError(f"game {game!r} has 1 player (row {first.row}); expected at least 2")
    if n in charts:
        return charts[n]
    if n in LEAGUE_CHARTS:
        return LEAGUE_CHARTS[n]
    raise TableError(
        f"game {game!r} has {n} players; expected {min(LEAGUE_CHARTS)} to {max(LEAGUE_CHARTS)} "
        f"(the player counts with a league points chart), or pass charts"
    )


def _places(game: str, finishers: list[_Seat]) -> tuple[tuple[int, int], ...]:
    """The finishers' (shared place, number tied), from their places or, when all are blank, their scores."""
    if all(s.place is None for s in finishers):
        return places_from_values([float(s.score) for s in finishers], higher_is_better=True)
    places: list[int] = []
    for seat in finishers:
        if seat.place is None:
            raise TableError(
                f"place in row {seat.row} is blank but other places of game {game!r} are filled; "
                f"expected every finisher's place, or none (places from scores)"
            )
        if seat.place > len(finishers):
            raise TableError(
                f"place in row {seat.row} is {seat.place}; expected 1 to {len(finishers)}, "
                f"the finishers of game {game!r}"
            )
        places.append(seat.place)
    if min(places) != 1:
        raise TableError(f"game {game!r} has places {', '.join(map(str, places))}; expected a 1st place")
    return places_from_values(places, higher_is_better=False)


def _share(record: _Record) -> Fraction:
    """The mean share of the winner's score over the player's games (0 before the first game)."""
    return record.share / record.games if record.games else Fraction(0)


def _rank(
    players: list[str], records: dict[str, _Record], ranking: dict[str, int], tie_breaks: Sequence[str]
) -> list[LeagueStanding]:
    unranked = len(ranking) + 1
    by_name = {
        "league points": measure("league points", {p: records[p].points for p in players}),
        "games won": measure("games won", {p: records[p].won for p in players}),
        "2nd places": measure("2nd places", {p: records[p].seconds for p in players}),
        "3rd places": measure("3rd places", {p: records[p].thirds for p in players}),
        "percentage of winner's score": measure(
            "percentage of winner's score", {p: _share(records[p]) for p in players}
        ),
        "margin of victory": measure("margin of victory", {p: records[p].margin for p in players}),
        "game points": measure("game points", {p: records[p].scored for p in players}),
        "head-to-head net score": head_to_head("head-to-head net score", {p: records[p].scores for p in players}),
        "prior ranking": measure("prior ranking", {p: ranking.get(p, unranked) for p in players}, lower_is_better=True),
    }
    result: list[LeagueStanding] = []
    for row in standings(players, [by_name[MEASURE], *(by_name[t] for t in tie_breaks)]):
        r = records[row.player]
        result.append(
            LeagueStanding(
                division=r.division,
                league=r.league,
                place=row.place,
                player=row.player,
                games=r.games,
                league_points=float(r.points),
                games_won=r.won,
                second_places=r.seconds,
                third_places=r.thirds,
                percent_of_winner=float(100 * _share(r)),
                margin_of_victory=float(r.margin),
                game_points=float(r.scored),
                head_to_head=float(row.values.get("head-to-head net score", 0)),
                prior_rank=ranking.get(row.player),
                decided_by=row.decided_by,
            )
        )
    return result
