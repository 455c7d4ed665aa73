"""A Diplomacy event under any scoring system: every board's scores, each player's round scores, the standings.

A results table has a row per power per board: ``board``, ``player`` and ``centres``, and optionally ``round``
(boards are then numbered within each round), ``power``, ``draw`` (yes on the rows of the powers sharing the draw;
blank on every row of a board: every survivor; yes on one row: the game was conceded to it), ``eliminated`` (the
year the power went out) and ``final year`` (the board's last year, on any of its rows). Each board is read and
checked as :mod:`xlscore.core.systems.diplomacy.board` reads one, and scored by the chosen system.

Settings, as a tournament director's rules state them:

* **round score**: ``sum`` (every board a player played in the round, added; the default) or ``best`` (their best
  board in the round). Without a round column every board is a round of its own.
* **tournament score**: ``all`` (every round added; the default), ``best N`` (the best ``best`` rounds added), or
  ``best two plus half`` (the best two rounds and half of every other round).
* **tie-breaks**, after the total, in order, some of: ``solos`` (more solos first), ``best game`` (the higher best
  single board), ``head to head`` (the difference between tied players' scores on the boards they shared). The
  default is the system's own published chain: Size Matters publishes solos then head to head; no other system's
  source publishes one, so equal totals share a place unless the director names tie-breaks.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from xlscore.core.cells import cell_text, exact, fraction_sum, is_blank
from xlscore.core.errors import InputError, TableError
from xlscore.core.events.games import group_games
from xlscore.core.events.needs import BOUND, Need, Outlook, needs_over, targets
from xlscore.core.events.ranking import chain, head_to_head, measure, standings
from xlscore.core.events.roster import ByeRule, Roster, bye_rule, check_results, read_roster
from xlscore.core.events.rounds import ROUND, After, RoundStanding, check_after_round, round_numbers, standings_by_round
from xlscore.core.events.rows import Row, cell_name, read_rows
from xlscore.core.events.table import table
from xlscore.core.systems.diplomacy import find_system, other_reading_flag
from xlscore.core.systems.diplomacy.board import POWER_NAMES, POWERS, read_board
from xlscore.core.systems.diplomacy.board import Board as DiplomacyBoard
from xlscore.core.validate import number, shown, whole

__all__ = [
    "TIE_BREAKS",
    "DiplomacyStanding",
    "diplomacy_needs",
    "diplomacy_points",
    "diplomacy_standings",
    "diplomacy_standings_by_round",
    "standings_each",
]

TIE_BREAKS = ("solos", "best game", "head to head")
"""The tie-breaks a director may name, after the total."""
_PUBLISHED: dict[str, tuple[str, ...]] = {"Size Matters": ("solos", "head to head")}
ROUND_SCORES = ("sum", "best")
TOURNAMENT_SCORES = ("all", "best N", "best two plus half")

Board = tuple[str, str]
"""A board by its round (blank without a round column) and its name within the round."""


def _label(board: Board) -> str:
    round_, name = board
    return f"board {name!r}" + (f" of round {round_!r}" if round_ else "")


def _column(seats: list[Row], column: str) -> list[object]:
    return [row[column] for row in seats]


def _final_year(seats: list[Row], board: Board) -> object:
    years = {cell_text(y) for y in _column(seats, "final year") if not is_blank(y)}
    if len(years) > 1:
        raise TableError(f"{_label(board)} has final years {', '.join(sorted(y or '' for y in years))}; expected one")
    return next((y for y in _column(seats, "final year") if not is_blank(y)), None)


def _in_power_order(seats: list[Row], board: Board) -> list[Row] | None:
    """The board's rows in the standard order of powers, by its power column; None when no row names a power."""
    named = [cell_text(p) for p in _column(seats, "power")]
    if all(p is None for p in named):
        return None
    keys = {n.casefold(): i for i, n in enumerate(POWER_NAMES)}
    placed: dict[int, Row] = {}
    for row, power in zip(seats, named, strict=True):
        index = keys.get((power or "").casefold())
        if index is None:
            raise TableError(
                f"power in row {row['_row']} is {shown(row['power'])}; expected one of {', '.join(POWER_NAMES)}"
            )
        if index in placed:
            raise TableError(
                f"{_label(board)} has {POWER_NAMES[index]} twice (row {row['_row']}); expected each power once"
            )
        placed[index] = row
    return [placed[i] for i in range(POWERS)]


@dataclass(frozen=True)
class _Scored:
    """A results table scored: its rows in sheet order (None for a blank row), each board's rows and scores by row
    number, the rows of powers that soloed (or were conceded the game), and the system's name."""

    aligned: list[Row | None]
    boards: dict[Board, list[Row]]
    scores: dict[Board, dict[int, Fraction]]
    solo_rows: set[int]
    system: str


@dataclass(frozen=True)
class _Boards:
    """A results table read once, for any system: its rows in sheet order (None for a blank row), each board's rows
    (in power order where the table names powers), and each board as read or the error reading it gave, raised
    when a system scores it (so each system meets the board errors in board order, as its own reading would)."""

    aligned: list[Row | None]
    boards: dict[Board, list[Row]]
    read: dict[Board, DiplomacyBoard | InputError]
    named: set[Board]


def _read_boards(results: object, roster: Roster | None = None, *, in_order: bool = True) -> _Boards:
    rows = read_rows(results, ["board", "player", "centres"], [ROUND, "power", "draw", "eliminated", "final year"])
    # A player may play several boards of a round here (the round score adds them up): no one-game check.
    check_results(roster, rows, round_numbers(rows, in_order=in_order))
    boards = group_games(rows, lambda row: (cell_text(row["round"]) or "", cell_name(row, "board")), _label, on="on")
    read: dict[Board, DiplomacyBoard | InputError] = {}
    named: set[Board] = set()
    for board, seats in boards.items():
        try:
            if len(seats) != POWERS:
                raise TableError(f"{_label(board)} has {len(seats)} rows; expected one per power, {POWERS}")
            ordered = _in_power_order(seats, board)
            if ordered is not None:
                seats = boards[board] = ordered
                named.add(board)
            draw = _column(seats, "draw")
            read[board] = read_board(
                _column(seats, "centres"),
                None if all(is_blank(d) for d in draw) else draw,
                _column(seats, "eliminated"),
                _final_year(seats, board),
            )
        except InputError as exc:
            read[board] = exc
    aligned: list[Row | None] = []
    for row in rows:
        aligned.extend([None] * (row["_row"] - 2 - len(aligned)))  # a blank sheet row keeps its place
        aligned.append(row)
    return _Boards(aligned, boards, read, named)


def _scored(
    results: object,
    system: object,
    roster: Roster | None = None,
    *,
    in_order: bool = True,
    other_reading: object = None,
    boards: _Boards | None = None,
) -> _Scored:
    """The results scored by ``system``; ``boards``: the table as read already (:func:`_read_boards`)."""
    chosen = find_system(system)
    other = other_reading_flag(other_reading)
    read = _read_boards(results, roster, in_order=in_order) if boards is None else boards
    scores: dict[Board, dict[int, Fraction]] = {}
    solo_rows: set[int] = set()
    for board, seats in read.boards.items():
        found = read.read[board]
        try:
            if isinstance(found, InputError):
                raise found
            scored = chosen.scores(found, other)
        except InputError as exc:
            if isinstance(exc, TableError):
                raise
            taken = "" if board in read.named else f" (no power column: rows taken as {', '.join(POWER_NAMES)})"
            raise TableError(f"{_label(board)}{taken}: {exc}") from exc
        scores[board] = {row["_row"]: s for row, s in zip(seats, scored, strict=True)}
        if found.soloist is not None:
            solo_rows.add(seats[found.soloist]["_row"])
    return _Scored(read.aligned, read.boards, scores, solo_rows, chosen.name)


def diplomacy_points(results: object, system: str, other_reading: object = None) -> tuple[float | None, ...]:
    """Every result row's score under a Diplomacy scoring system, in the order of the rows (blank rows stay blank).

    results: a table with columns board, player, centres, and optionally round, power, draw (yes for the powers
        sharing the draw), eliminated (the year the power went out) and final year: seven rows per board.
    system: the scoring system's name, as DIPLOMACY_SYSTEMS lists it.
    other_reading: yes to score by the rule's other reading where its sources part ways (each system's page names
        it); blank or no: xlscore's reading.
    """
    scored = _scored(results, system, in_order=False, other_reading=other_reading)
    by_row = {r: s for board in scored.scores.values() for r, s in board.items()}
    return tuple(None if row is None else float(by_row[row["_row"]]) for row in scored.aligned)


@dataclass(frozen=True)
class DiplomacyStanding:
    """A row of the tournament table; ``decided_by`` says what put it below the row above."""

    place: int
    player: str
    total: float
    rounds: int
    boards: int
    solos: int
    best_game: float
    decided_by: str


def _choice(argument: str, value: object, choices: tuple[str, ...]) -> str:
    if value is None or (isinstance(value, str) and not value.strip()):
        return choices[0]
    key = " ".join(str(value).split()).casefold()
    for choice in choices:
        if key == choice.casefold():
            return choice
    raise InputError(f"{argument} is {shown(value)}; expected one of: {', '.join(choices)} (blank: {choices[0]})")


def _total(rounds: list[Fraction], tournament: str, best: int | None) -> Fraction:
    if tournament == "all":
        return fraction_sum(rounds)
    ordered = sorted(rounds, reverse=True)
    if tournament == "best N":
        assert best is not None
        return fraction_sum(ordered[:best])
    return fraction_sum(ordered[:2]) + fraction_sum(ordered[2:]) / 2


@table(DiplomacyStanding)
def diplomacy_standings(
    results: object,
    system: str,
    round_score: object = None,
    tournament: object = None,
    best: object = None,
    tie_breaks: object = None,
    after_round: object = None,
    players: object = None,
    bye: object = None,
    bye_score: object = None,
    other_reading: object = None,
) -> tuple[DiplomacyStanding, ...]:
    """Tournament standings under a Diplomacy scoring system: round scores, then the tournament total and tie-breaks.

    results: a table with columns board, player, centres, and optionally round, power, draw, eliminated and final
        year: seven rows per board.
    system: the scoring system's name, as DIPLOMACY_SYSTEMS lists it.
    round_score: sum (every board of the round added) or best (the best board of the round); blank: sum.
    tournament: all (every round added), best N (the best rounds, N given by best) or best two plus half (the best
        two rounds and half of the rest); blank: all.
    best: how many rounds count, for tournament best N.
    tie_breaks: after the total, in order (solos, best game, head to head; separated by commas); blank for the
        system's published chain (Size Matters: solos, head to head; the others publish none), none for no
        tie-break.
    after_round: count only the rounds up to this one (blank: all rounds).
    players: the players table (player, and optionally late from, dropped after, sits out), to check each result
        against (blank: none).
    bye: what a bye (a round in the players table's byes column) scores as a round: none, fixed (bye_score) or
        average (the player's mean round score); blank: none.
    bye_score: the score of a bye, for bye fixed.
    other_reading: yes to score by the rule's other reading where its sources part ways (each system's page names
        it); blank or no: xlscore's reading.
    """
    roster, byes = read_roster(players), bye_rule(bye, bye_score)
    event = _Event.read(results, system, round_score, tournament, best, tie_breaks, roster, byes, other_reading)
    return event.after(check_after_round(after_round, event.last))[0]


def standings_each(
    results: object,
    systems: Sequence[str],
    round_score: object = None,
    tournament: object = None,
    best: object = None,
    tie_breaks: object = None,
) -> list[tuple[DiplomacyStanding, ...] | InputError]:
    """The standings under each of ``systems`` with the same settings (what DIPLOMACY_COMPARE sets side by side),
    the results table read for the first system and once more for all the rest: the first system's error is raised
    as DIPLOMACY_STANDINGS raises it; a later system's stands in its place."""
    if not systems:
        return []
    settings = (round_score, tournament, best, tie_breaks)
    nobody, no_byes = None, bye_rule(None, None)
    each: list[tuple[DiplomacyStanding, ...] | InputError] = [
        _Event.read(results, systems[0], *settings, nobody, no_byes).after(None)[0]
    ]
    boards = _read_boards(results)
    for system in systems[1:]:
        try:
            each.append(_Event.read(results, system, *settings, nobody, no_byes, boards=boards).after(None)[0])
        except InputError as exc:
            each.append(exc)
    return each


@table(RoundStanding)
def diplomacy_standings_by_round(
    results: object,
    system: str,
    round_score: object = None,
    tournament: object = None,
    best: object = None,
    tie_breaks: object = None,
    players: object = None,
    bye: object = None,
    bye_score: object = None,
    other_reading: object = None,
) -> tuple[RoundStanding, ...]:
    """The standings after every round: each player's place, total, what the round added and places gained.

    results: a table with columns round, board, player and centres, and optionally power, draw, eliminated and
        final year: seven rows per board; without rounds, the whole table is round 1.
    system: the scoring system's name, as DIPLOMACY_SYSTEMS lists it.
    round_score: sum (every board of the round added) or best (the best board of the round); blank: sum.
    tournament: all (every round added), best N (the best rounds, N given by best) or best two plus half (the best
        two rounds and half of the rest); blank: all.
    best: how many rounds count, for tournament best N.
    tie_breaks: after the total, in order (solos, best game, head to head; separated by commas); blank for the
        system's published chain (Size Matters: solos, head to head; the others publish none), none for no
        tie-break.
    players: the players table (player, and optionally late from, dropped after, sits out), to check each result
        against and mark each round dropped, a bye or sat out (blank: none).
    bye: what a bye (a round in the players table's byes column) scores as a round: none, fixed (bye_score) or
        average (the player's mean round score); blank: none.
    bye_score: the score of a bye, for bye fixed.
    other_reading: yes to score by the rule's other reading where its sources part ways (each system's page names
        it); blank or no: xlscore's reading.
    """
    roster, byes = read_roster(players), bye_rule(bye, bye_score)
    event = _Event.read(results, system, round_score, tournament, best, tie_breaks, roster, byes, other_reading)
    return standings_by_round(event.last, lambda number: event.after(number)[1], roster)


@table(Need)
def diplomacy_needs(
    results: object,
    system: str,
    top: object = None,
    most: object = None,
    round_score: object = None,
    tournament: object = None,
    best: object = None,
    players: object = None,
    bye: object = None,
    bye_score: object = None,
    other_reading: object = None,
) -> tuple[Need, ...]:
    """What each player needs before the last round: the least score on their last board that still gets them first
    (and into the top N), even if every other player scores the most a board gives; a bound, since what centres
    give that score depends on the board.

    results: the results so far, as DIPLOMACY_STANDINGS reads them: seven rows per board.
    system: the scoring system's name, as DIPLOMACY_SYSTEMS lists it.
    top: also list who is in reach of the top N (blank: first place only).
    most: the most one power can score on a board (blank: the system's solo score; needed where a solo's score
        depends on the board or a draw can beat it, as the system's page says).
    round_score: sum or best, as for DIPLOMACY_STANDINGS (the last round is one board a player).
    tournament: all, best N or best two plus half, as for DIPLOMACY_STANDINGS.
    best: how many rounds count, for tournament best N.
    players: the players table, to check each result against (blank: none).
    bye: what a bye scores as a round: none, fixed (bye_score) or average; blank: none.
    bye_score: the score of a bye, for bye fixed.
    other_reading: yes to score by the rule's other reading; blank or no: xlscore's reading.
    """
    roster, byes = read_roster(players), bye_rule(bye, bye_score)
    event = _Event.read(results, system, round_score, tournament, best, None, roster, byes, other_reading)
    chosen = find_system(system)
    if is_blank(most):
        if chosen.solo is None or not chosen.solo_is_most:
            raise InputError(
                f"most is blank; expected the most one power can score on a board under {chosen.name}, whose solo "
                "score is not the most a board gives"
            )
        ceiling = chosen.solo
    else:
        ceiling = exact(number("most", most, positive=True))
    totals = event.after(None)[1].totals
    return needs_over(totals, event.outlook(ceiling), targets(top), BOUND)


def _round(board: Board) -> int:
    """A board's round (1 in a table without rounds; the round was checked a whole number when read)."""
    return int(board[0]) if board[0] else 1


@dataclass(frozen=True)
class _Event:
    """A results table scored once, with the director's settings: each player's score by board and the boards they
    soloed on; the standings after any round follow from it."""

    by_board: dict[str, dict[Board, Fraction]]
    solos: dict[str, set[Board]]
    per_round: str
    overall: str
    count: int | None
    order: tuple[str, ...]
    roster: Roster | None
    byes: ByeRule

    @classmethod
    def read(
        cls,
        results: object,
        system: object,
        round_score: object,
        tournament: object,
        best: object,
        tie_breaks: object,
        roster: Roster | None,
        byes: ByeRule,
        other_reading: object = None,
        boards: _Boards | None = None,
    ) -> _Event:
        per_round = _choice("round_score", round_score, ROUND_SCORES)
        overall = _choice("tournament", tournament, TOURNAMENT_SCORES)
        count = None
        if overall == "best N":
            count = whole("best", best, 1, 1000)
        elif not is_blank(best) and best is not None:
            raise InputError(f"best is {shown(best)}; it counts only with tournament best N (expected it blank)")
        scored = _scored(results, system, roster, other_reading=other_reading, boards=boards)
        order = chain(tie_breaks, TIE_BREAKS, _PUBLISHED.get(scored.system, ()))
        by_board: dict[str, dict[Board, Fraction]] = defaultdict(dict)
        solos: dict[str, set[Board]] = defaultdict(set)
        for board, seats in scored.boards.items():
            for row in seats:
                player = cell_name(row, "player")
                by_board[player][board] = scored.scores[board][row["_row"]]
                if row["_row"] in scored.solo_rows:
                    solos[player].add(board)
        return cls(by_board, solos, per_round, overall, count, order, roster, byes)

    @property
    def last(self) -> int:
        return max((_round(b) for boards in self.by_board.values() for b in boards), default=0)

    def _byes(self, player: str, round_scores: list[Fraction], number: int | None) -> list[Fraction]:
        """The player's byes of the rounds up to ``number`` as round scores (each the same, by the bye rule)."""
        entry = self.roster.entries.get(player) if self.roster is not None else None
        if entry is None or self.byes.rule == "none":
            return []
        return [self.byes.score(round_scores)] * entry.byes_to(number)

    def round_scores(
        self, by_board: dict[str, dict[Board, Fraction]], number: int | None
    ) -> tuple[dict[str, int], dict[str, list[Fraction]]]:
        """Each player's rounds played (a bye is not one) and round scores, byes included, from their boards of
        the rounds up to ``number`` (None: all)."""
        rounds: dict[str, int] = {}
        scores: dict[str, list[Fraction]] = {}
        for player, played in by_board.items():
            grouped: dict[str, list[Fraction]] = defaultdict(list)
            for (round_, board_name), score in played.items():
                grouped[round_ or board_name].append(score)
            round_scores = [max(s) if self.per_round == "best" else fraction_sum(s) for s in grouped.values()]
            rounds[player] = len(round_scores)
            scores[player] = round_scores + self._byes(player, round_scores, number)
        return rounds, scores

    def outlook(self, most: Fraction) -> Outlook:
        """How each total can move in one more round, scoring 0 to ``most`` on its board."""
        scores = self.round_scores(self.by_board, None)[1]
        return Outlook(
            after=lambda player, score: _total([*scores[player], score], self.overall, self.count),
            least=Fraction(0),
            most=most,
            bends=lambda player: scores[player],
        )

    def after(self, number: int | None) -> tuple[tuple[DiplomacyStanding, ...], After]:
        """The standings after round ``number`` (None: all rounds)."""
        by_board = self.by_board
        if number is not None:
            kept = {p: {b: s for b, s in boards.items() if _round(b) <= number} for p, boards in by_board.items()}
            by_board = {p: boards for p, boards in kept.items() if boards}
        rounds, scores = self.round_scores(by_board, number)
        totals = {player: _total(each, self.overall, self.count) for player, each in scores.items()}
        solos = {p: sum(b in boards for b in self.solos.get(p, ())) for p, boards in by_board.items()}
        best_game = {p: max(s.values()) for p, s in by_board.items()}
        measures = {
            "total": measure("total", totals),
            "solos": measure("solos", solos),
            "best game": measure("best game", best_game),
            "head to head": head_to_head("head to head", by_board),
        }
        rows = tuple(
            DiplomacyStanding(
                row.place,
                row.player,
                float(totals[row.player]),
                rounds[row.player],
                len(by_board[row.player]),
                solos[row.player],
                float(best_game[row.player]),
                row.decided_by,
            )
            for row in standings(by_board, [measures["total"], *(measures[t] for t in self.order)])
        )
        boards = {p: len(s) for p, s in by_board.items()}
        return rows, After([(row.place, row.player) for row in rows], totals, boards)
