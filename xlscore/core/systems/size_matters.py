"""Size Matters: draw-size based Diplomacy scoring with a supply-centre modifier.

Source: ../shared/seeds/003_782ad8ccb673dfe3.txt (the Size Matters article).

A board has seven powers, each ending on 0 to 34 supply centres (SCs), at most 34 in all.

* Draw of ``n`` powers (every power that ended with centres, 2 to 7): draw score D = 210 / n, except 15 for a
  7-way draw; base SC score B = 34 / n; modifier m = s / B for a power on ``s`` centres; score = D x m, but never
  below 6/7 of D. Eliminated powers score 0.
* Solo (a power on 18 or more centres): the soloist scores 210; every other power that ended with centres scores
  s x (s / B) with B = 34 / n; eliminated powers score 0.

Decisions where the source is silent or slips:

* In a solo, ``n`` counts every power that ended with centres, the soloist included: the article defines B as
  "the average number of SCs ... if all surviving powers had an equal share", and the soloist survives. (Its
  example "five players ended with SCs" does not say whether the soloist is one of the five.)
* The article rounds the modifier to two decimals in its examples (4-way draw, 12 centres: 52.5 x 1.41 = 74.03;
  solo, 5 of 5 survivors: 5 x 0.74 = 3.7). Exact arithmetic gives 74.12 and 3.68. xlscore computes exactly by
  default; ``modifier_digits=2`` rounds the modifier half-up as the article does.
* A game in which a single power holds centres but fewer than 18 is refused: it is neither a draw nor a solo.
* Tournament standings: the article suggests Comparative Points Difference (CPD) and head to head as tie-breaks
  and says a soloist should be placed above a player with two 2-way draws. CPD is not defined in any public source
  we found, so it is left out. Equal totals are separated by the number of solos, then by head to head: the sum,
  over the boards two tied players shared, of the difference between their scores.
* A results table names each board in its ``board`` column. With a ``round`` column as well, a board is its round
  and its board together, since tournament directors number boards afresh in each round (board 1 of round 1 and
  board 1 of round 2 are different games).

A table whose every row is plainly good is scored over whole columns (:mod:`xlscore.core.events.bulk`): a score
depends on
a power's centres, the board's survivors and whether it is a solo board, so each distinct case is worked out once,
exactly; any other table goes row by row, which finds the first bad row and says what is wrong with it. Both give
the same numbers (the tests compare them).
"""

from __future__ import annotations

import functools
import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING

from xlscore.core.cells import cell_text, exact
from xlscore.core.errors import InputError, TableError
from xlscore.core.events.bulk_choice import columns_in_bulk
from xlscore.core.events.games import group_games
from xlscore.core.events.needs import BOUND, Need, Outlook, needs_over, targets
from xlscore.core.events.ranking import chain, head_to_head, measure, standings
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
    one_game_a_round,
    round_numbers,
    rounds_in_bulk,
    standings_by_round,
)
from xlscore.core.events.rows import Row, cell_name, cell_whole, read_rows
from xlscore.core.events.table import table
from xlscore.core.rounding import round_half_up
from xlscore.core.validate import whole, wholes

if TYPE_CHECKING:
    from xlscore.core.events import bulk

__all__ = [
    "POWERS",
    "SOLO_CENTRES",
    "SOLO_SCORE",
    "TIE_BREAKS",
    "TOTAL_CENTRES",
    "SizeMattersStanding",
    "draw_score",
    "size_matters",
    "size_matters_board",
    "size_matters_exact",
    "size_matters_needs",
    "size_matters_points",
    "size_matters_standings",
    "size_matters_standings_by_round",
]

POWERS = 7
TOTAL_CENTRES = 34
SOLO_CENTRES = 18
SOLO_SCORE = 210.0
_SOLO = Fraction(210)
_DRAW: dict[int, Fraction] = {n: _SOLO / n for n in range(2, POWERS + 1)} | {7: Fraction(15)}
DRAW_SCORES: dict[int, float] = {n: float(d) for n, d in _DRAW.items()}
"""Draw-size score: 210 / n, except 15 for a 7-way draw."""
TIE_BREAKS: tuple[str, ...] = ("solos", "head to head")
"""The tie-breaks after the total, in order (``decided_by`` names them, and "total")."""
FLOOR = Fraction(6, 7)
"""A drawing power never scores below 6/7 of the draw score."""


def draw_score(n: int) -> float:
    """The draw-size score D of an n-way draw: 210 / n, except 15 for a 7-way draw."""
    size = whole("n", n, 2, POWERS)
    return DRAW_SCORES[size]


def _board(board_centres: Sequence[int]) -> tuple[int, ...]:
    board = wholes("board_centres", board_centres, 0, TOTAL_CENTRES, min_len=POWERS, max_len=POWERS)
    total = sum(board)
    if total > TOTAL_CENTRES:
        raise InputError(f"board_centres add up to {total}; expected at most {TOTAL_CENTRES} supply centres")
    survivors = sum(1 for c in board if c > 0)
    if survivors == 1 and max(board) < SOLO_CENTRES:
        raise InputError(
            f"board_centres has one power with centres, on {max(board)}; "
            f"expected a solo ({SOLO_CENTRES} or more) or at least 2 powers with centres"
        )
    if survivors == 0:
        raise InputError("board_centres are all 0; expected at least one power with centres")
    return board


def _scaled(centres: int, survivors: int, factor: Fraction, digits: int | None) -> Fraction:
    """``factor`` x the modifier s / (34 / n), exactly; with ``digits`` the modifier is rounded half-up first, so
    52.5 x 1.41 is 74.025 exactly, as the article's hand arithmetic has it."""
    modifier = Fraction(centres * survivors, TOTAL_CENTRES)
    if digits is not None:
        modifier = exact(round_half_up(Decimal(modifier.numerator) / modifier.denominator, digits))
    return factor * modifier


def _score(centres: int, board: tuple[int, ...], digits: int | None) -> Fraction:
    """A power's score, exactly (a fraction), so that equal totals compare equal in any order."""
    survivors = sum(1 for c in board if c > 0)
    if centres == 0:
        return Fraction(0)
    if max(board) >= SOLO_CENTRES:
        return _SOLO if centres >= SOLO_CENTRES else _scaled(centres, survivors, Fraction(centres), digits)
    draw = _DRAW[survivors]
    return max(_scaled(centres, survivors, draw, digits), FLOOR * draw)


def size_matters_exact(board_centres: Sequence[int]) -> tuple[Fraction, ...]:
    """The seven Size Matters scores of a board, exactly (the Diplomacy systems' interface reads them)."""
    board = _board(board_centres)
    return tuple(_score(c, board, None) for c in board)


def _digits(modifier_digits: int | None) -> int | None:
    return None if modifier_digits is None else whole("modifier_digits", modifier_digits, 0, 15)


def size_matters(centres: int, board_centres: Sequence[int], modifier_digits: int | None = None) -> float:
    """The Size Matters score of a power that ended on ``centres``, on a board of seven final centre counts.

    centres: the power's supply centres at the end of the game (one of ``board_centres``).
    board_centres: the seven powers' final supply-centre counts (a solo when one holds 18 or more, otherwise a
        draw shared by every power with centres).
    modifier_digits: round the modifier to this many decimals, as the article's examples do (blank: exact).
    """
    board = _board(board_centres)
    own = whole("centres", centres, 0, TOTAL_CENTRES)
    if own not in board:
        raise InputError(f"centres {own} is not one of board_centres ({', '.join(map(str, board))})")
    return float(_score(own, board, _digits(modifier_digits)))


def size_matters_board(board_centres: Sequence[int], modifier_digits: int | None = None) -> tuple[float, ...]:
    """All seven powers' Size Matters scores for one board, in the order of ``board_centres``.

    board_centres: the seven powers' final supply-centre counts.
    modifier_digits: round the modifier to this many decimals, as the article's examples do (blank: exact).
    """
    board = _board(board_centres)
    digits = _digits(modifier_digits)
    return tuple(float(_score(c, board, digits)) for c in board)


@dataclass(frozen=True)
class SizeMattersStanding:
    """A row of the tournament table; ``decided_by`` says what put it below the row above."""

    place: int
    player: str
    total: float
    solos: int
    head_to_head: float
    boards: int
    decided_by: str


Board = tuple[str, str]
"""A board by its round (blank when the table has no round column) and its name within the round."""


def _round(board: Board) -> int:
    """A board's round (1 in a table without rounds; the round was checked a whole number when read)."""
    return int(board[0]) if board[0] else 1


def _board_label(board: Board) -> str:
    round_, name = board
    return f"board {name!r}" + (f" of round {round_!r}" if round_ else "")


def _read_boards(
    results: object, roster: Roster | None = None, *, in_order: bool = True
) -> tuple[list[Row | None], dict[Board, list[Row]]]:
    """The table's rows in sheet order (None for a blank row) and its boards, each checked to be a whole board."""
    rows = read_rows(results, ["board", "player", "centres"], [ROUND], name="results")
    for row in rows:
        cell_whole(row, "centres", 0, TOTAL_CENTRES)
    rounds = round_numbers(rows, in_order=in_order)

    def key(row: Row) -> Board:
        return cell_text(row[ROUND]) or "", cell_name(row, "board")

    boards = group_games(rows, key, _board_label, on="on")
    one_game_a_round(rows, rounds, key, _board_label)
    check_results(roster, rows, rounds)
    for board, seats in boards.items():
        if len(seats) != POWERS:
            raise TableError(f"{_board_label(board)} has {len(seats)} rows; expected one per power, {POWERS}")
        try:
            _board([cell_whole(r, "centres") for r in seats])
        except InputError as exc:
            raise TableError(f"{_board_label(board)}: {exc}") from exc
    aligned: list[Row | None] = []
    for row in rows:
        # A blank row of a sheet range keeps its place, so each score lands beside its row.
        aligned.extend([None] * (row["_row"] - 2 - len(aligned)))
        aligned.append(row)
    return aligned, boards


def _board_scores(seats: list[Row], digits: int | None) -> dict[int, Fraction]:
    """Each seat's score by its row number."""
    board = tuple(cell_whole(r, "centres") for r in seats)
    return {r["_row"]: _score(c, board, digits) for r, c in zip(seats, board, strict=True)}


@dataclass(frozen=True)
class _Scored:
    """A results table read over whole columns: each kept row's sheet row, player, board and exact score."""

    rows: Sequence[int]
    player: bulk.Ints  # numbered in order of first appearance
    players: list[str]
    board: bulk.Ints
    boards: list[Board]
    case: bulk.Ints  # each row's index into ``scores``
    scores: list[Fraction]  # the exact score of each distinct (centres, survivors, solo board) case
    solo: bulk.Bools  # the row is a soloist's
    round: bulk.Ints  # each row's round (1 in a table without rounds)


def _in_bulk(results: object, digits: int | None) -> _Scored | None:
    """The table read and scored over whole columns when every row is plainly good; None when a row needs a message
    (the row-by-row path then finds the first and words it), or when row by row is the quicker (:func:`bulk_pays`)."""
    found = columns_in_bulk(results, ["board", "player", "centres"], [ROUND], name="results")
    if found is None:
        return None
    rows, columns = found
    import numpy as np

    from xlscore.core.events import bulk

    centres = bulk.numbers(columns["centres"], lo=0)
    board_names = bulk.names(columns["board"])
    player_names = bulk.names(columns["player"])
    if centres is None or board_names is None or player_names is None:
        return None
    if len(centres) and (centres.max() > TOTAL_CENTRES or np.any(centres != np.floor(centres))):
        return None
    player, players = bulk.codes(player_names)
    rounds = rounds_in_bulk(columns[ROUND], player)
    if rounds is None:
        return None
    board, boards = bulk.codes(list(zip(bulk.texts(columns[ROUND]), board_names, strict=True)))
    if bulk.twice(board, player):
        return None
    count = len(boards)
    whole_centres = centres.astype(np.int64)
    if count and np.any(np.bincount(board, minlength=count) != POWERS):
        return None
    total = np.bincount(board, weights=whole_centres, minlength=count)
    survivors = np.bincount(board, weights=whole_centres > 0, minlength=count).astype(np.int64)
    top = np.zeros(count, dtype=np.int64)
    np.maximum.at(top, board, whole_centres)
    if count and (
        total.max() > TOTAL_CENTRES or survivors.min() < 1 or np.any((survivors == 1) & (top < SOLO_CENTRES))
    ):
        return None
    solo_board = (top >= SOLO_CENTRES)[board]
    cases, case = bulk.distinct(whole_centres * 100 + survivors[board] * 10 + solo_board)
    scores = [_case_score(int(c) // 100, int(c) // 10 % 10, bool(c % 10), digits) for c in cases.tolist()]
    solo = whole_centres >= SOLO_CENTRES
    named = list(map(str, players))
    return _Scored(rows, player, named, board, boards, case.reshape(-1), scores, solo, rounds)  # type: ignore[arg-type]


def _case_score(centres: int, survivors: int, solo_board: bool, digits: int | None) -> Fraction:
    """:func:`_score` for a power on ``centres`` of a board with ``survivors`` powers with centres (a solo board or
    not): a board of those survivors, the first on the board's top count."""
    top = SOLO_CENTRES if solo_board and centres < SOLO_CENTRES else centres
    board = (top, *([1] * (survivors - 1)), *([0] * (POWERS - survivors)))
    return _score(centres, board, digits)


def size_matters_points(results: object, modifier_digits: int | None = None) -> tuple[float | None, ...]:
    """Every result row's Size Matters score, in the order of the rows (blank rows stay blank).

    results: a table with columns board, player, centres, and optionally round (boards are then numbered within
        each round): seven rows per board (a DataFrame, mappings, or rows with a header).
    modifier_digits: round the modifier to this many decimals, as the article's examples do (blank: exact).
    """
    digits = _digits(modifier_digits)
    scored = _in_bulk(results, digits)
    if scored is not None:  # numpy is there: _in_bulk imported it
        import numpy as np

        from xlscore.core.events import bulk

        floats = np.asarray([float(score) for score in scored.scores])[scored.case]
        return bulk.by_sheet_row(scored.rows, floats.tolist())
    aligned, boards = _read_boards(results, in_order=False)
    scores: dict[int, Fraction] = {}
    for seats in boards.values():
        scores.update(_board_scores(seats, digits))
    return tuple(None if row is None else float(scores[row["_row"]]) for row in aligned)


@table(SizeMattersStanding)
def size_matters_standings(
    results: object,
    modifier_digits: int | None = None,
    tie_breaks: object = None,
    after_round: int | None = None,
    players: object = None,
    bye: object = None,
    bye_score: object = None,
) -> tuple[SizeMattersStanding, ...]:
    """Tournament standings: total Size Matters score, then solos, then head to head among the tied players.

    results: a table with columns board, player, centres, and optionally round (boards are then numbered within
        each round): seven rows per board (a DataFrame, mappings, or rows with a header).
    modifier_digits: round the modifier to this many decimals, as the article's examples do (blank: exact).
    tie_breaks: the tie-breaks after the total, in order (solos, head to head; separated by commas); blank for
        both, none for no tie-break.
    after_round: count only the rounds up to this one (blank: all rounds).
    players: the players table (player, and optionally late from, dropped after, sits out), to check each result
        against (blank: none).
    bye: what a bye (a round in the players table's byes column) scores: none, fixed (bye_score) or average (the
        player's score per board); blank: none.
    bye_score: the score of a bye, for bye fixed.
    """
    event = _Event.read(results, modifier_digits, tie_breaks, read_roster(players), bye_rule(bye, bye_score))
    return event.after(check_after_round(after_round, event.last))[0]


@table(RoundStanding)
def size_matters_standings_by_round(
    results: object,
    modifier_digits: int | None = None,
    tie_breaks: object = None,
    players: object = None,
    bye: object = None,
    bye_score: object = None,
) -> tuple[RoundStanding, ...]:
    """The standings after every round: each player's place, total, the round's score and places gained.

    results: a table with columns round, board, player and centres: seven rows per board (a DataFrame, mappings,
        or rows with a header); without rounds, the whole table is round 1.
    modifier_digits: round the modifier to this many decimals, as the article's examples do (blank: exact).
    tie_breaks: the tie-breaks after the total, in order (solos, head to head; separated by commas); blank for
        both, none for no tie-break.
    players: the players table (player, and optionally late from, dropped after, sits out), to check each result
        against and mark each round dropped, a bye or sat out (blank: none).
    bye: what a bye (a round in the players table's byes column) scores: none, fixed (bye_score) or average (the
        player's score per board); blank: none.
    bye_score: the score of a bye, for bye fixed.
    """
    roster = read_roster(players)
    event = _Event.read(results, modifier_digits, tie_breaks, roster, bye_rule(bye, bye_score))
    return standings_by_round(event.last, lambda number: event.after(number, with_rows=False)[1], roster)


@table(Need)
def size_matters_needs(
    results: object,
    top: int | None = None,
    modifier_digits: int | None = None,
    players: object = None,
    bye: object = None,
    bye_score: object = None,
) -> tuple[Need, ...]:
    """What each player needs before the last round: the least Size Matters score on their last board that still
    gets them first (and into the top N), even if every other player soloes (210); a bound, since what centres give
    that score depends on the board.

    results: the results so far: a table with columns board, player, centres, and optionally round: seven rows per
        board (a DataFrame, mappings, or rows with a header).
    top: also list who is in reach of the top N (blank: first place only).
    modifier_digits: round the modifier to this many decimals, as the article's examples do (blank: exact).
    players: the players table (player, and optionally late from, dropped after, sits out), to check each result
        against (blank: none).
    bye: what a bye scores: none, fixed (bye_score) or average (the player's score per board); blank: none.
    bye_score: the score of a bye, for bye fixed.
    """
    event = _Event.read(results, modifier_digits, None, read_roster(players), bye_rule(bye, bye_score))
    totals = event.after(None, with_rows=False)[1].totals
    outlook = Outlook(lambda player, score: totals[player] + score, Fraction(0), _SOLO)
    return needs_over(totals, outlook, targets(top), BOUND)


@dataclass(frozen=True)
class _Event:
    """A results table scored once: each player's score by board, the boards they soloed on, each total, and the
    tie-break chain; the standings after any round follow from it."""

    scores: dict[str, dict[Board, Fraction]]
    solos: dict[str, set[Board]]
    totals: dict[str, Fraction]
    order: tuple[str, ...]
    roster: Roster | None
    byes: ByeRule
    scored: _Scored | None  # the table read over whole columns, when it was: the totals after a round from it

    @classmethod
    def read(
        cls, results: object, modifier_digits: int | None, tie_breaks: object, roster: Roster | None, byes: ByeRule
    ) -> _Event:
        digits = _digits(modifier_digits)
        order = chain(tie_breaks, TIE_BREAKS, TIE_BREAKS)
        scores: dict[str, dict[Board, Fraction]] = defaultdict(dict)
        solos: dict[str, set[Board]] = defaultdict(set)
        scored = _in_bulk(results, digits)
        if scored is not None and not results_allowed(roster, scored.players, scored.player, scored.round):
            scored = None  # a result the players table refuses: the row-by-row path names it
        totals = _totals_in_bulk(scored, scores, solos) if scored is not None else None
        if totals is None:
            scores.clear()
            solos.clear()
            totals = _totals(results, digits, scores, solos, roster)
        return cls(scores, solos, totals, order, roster, byes, scored)

    @functools.cached_property  # asked once a round by the standings by round
    def rounds(self) -> dict[Board, int]:
        """Each board's round, read once."""
        return {b: _round(b) for boards in self.scores.values() for b in boards}

    @functools.cached_property
    def last(self) -> int:
        return max(self.rounds.values(), default=0)

    def _totals_after(self, number: int, scores: Mapping[str, Mapping[Board, Fraction]]) -> dict[str, Fraction]:
        """Each player's total after round ``number`` (their ``scores`` so far): over whole columns when the table
        was read so, else added up."""
        found = _running_in_bulk(self.scored, number) if self.scored is not None else None
        if found is None:
            return {p: sum(boards.values(), Fraction(0)) for p, boards in scores.items()}
        return {p: found[p] for p in scores}

    def after(self, number: int | None, *, with_rows: bool = True) -> tuple[tuple[SizeMattersStanding, ...], After]:
        """The standings after round ``number`` (None: all rounds); without ``with_rows``, the After alone."""
        scores = self.scores
        totals: Mapping[str, Fraction] = self.totals
        if number is not None and number < self.last:
            rounds = self.rounds
            kept = {p: {b: s for b, s in boards.items() if rounds[b] <= number} for p, boards in scores.items()}
            scores = {p: boards for p, boards in kept.items() if boards}
            totals = self._totals_after(number, scores)
        boards = {p: len(s) for p, s in scores.items()}
        totals = with_byes(self.roster, self.byes, totals, boards, number)
        solos = {p: sum(b in boards for b in self.solos.get(p, ())) for p, boards in scores.items()}
        by_name = {
            "total": measure("total", totals),
            "solos": measure("solos", solos),
            "head to head": head_to_head("head to head", scores),
        }
        ranked = standings(scores, [by_name["total"], *(by_name[t] for t in self.order)])
        if not with_rows:  # the places alone (standings by round, needs): no row to show
            return (), After([(row.place, row.player) for row in ranked], totals, boards)
        rows = tuple(
            SizeMattersStanding(
                row.place,
                row.player,
                float(totals[row.player]),
                solos[row.player],
                float(row.values.get("head to head", 0)),
                len(scores[row.player]),
                row.decided_by,
            )
            for row in ranked
        )
        return rows, After([(row.place, row.player) for row in rows], totals, boards)


def _totals(
    results: object,
    digits: int | None,
    scores: dict[str, dict[Board, Fraction]],
    solos: dict[str, set[Board]],
    roster: Roster | None,
) -> dict[str, Fraction]:
    """Each player's total, row by row; fills in each player's score by board and solos."""
    _, boards = _read_boards(results, roster)
    for board, seats in boards.items():
        by_row = _board_scores(seats, digits)
        for row in seats:
            player = cell_name(row, "player")
            scores[player][board] = by_row[row["_row"]]
            if cell_whole(row, "centres") >= SOLO_CENTRES:
                solos[player].add(board)
    return {p: sum(s.values(), Fraction(0)) for p, s in scores.items()}


def _totals_in_bulk(
    scored: _Scored, scores: dict[str, dict[Board, Fraction]], solos: dict[str, set[Board]]
) -> dict[str, Fraction] | None:
    """:func:`_totals` from whole columns: the exact scores as whole numbers over their common denominator,
    added up by player; None when they would not fit 64 bits."""
    import numpy as np

    from xlscore.core.events import bulk

    scaled = _over_one_denominator(scored)
    if scaled is None:
        return None
    numerators, denominator = scaled
    sums = bulk.exact_sums(scored.player, len(scored.players), numerators)
    if sums is None:
        return None
    # Each player's score by board, in the order the row-by-row path fills it in: board by board, then table order.
    order = np.argsort(scored.board, kind="stable").tolist()
    player, board, case = scored.player.tolist(), scored.board.tolist(), scored.case.tolist()
    for i in order:
        scores[scored.players[player[i]]][scored.boards[board[i]]] = scored.scores[case[i]]
    for i in np.flatnonzero(scored.solo).tolist():
        solos[scored.players[player[i]]].add(scored.boards[board[i]])
    return {name: Fraction(total, denominator) for name, total in zip(scored.players, sums, strict=True)}


def _over_one_denominator(scored: _Scored) -> tuple[bulk.Ints, int] | None:
    """Each row's exact score as a whole number over the scores' common denominator: (numerators, denominator);
    None when they would not fit 64 bits."""
    import numpy as np

    denominator = math.lcm(*(score.denominator for score in scored.scores)) if scored.scores else 1
    numerators = [score.numerator * (denominator // score.denominator) for score in scored.scores]
    if any(abs(n) > 2**40 for n in numerators):
        return None
    return np.asarray(numerators, dtype=np.int64)[scored.case], denominator


def _running_in_bulk(scored: _Scored, number: int) -> dict[str, Fraction] | None:
    """Each player's exact total of rounds 1 to ``number`` (0 for one with no board yet), added as whole numbers
    over one denominator (as :func:`_totals_in_bulk`); None when that would not fit 64 bits."""
    from xlscore.core.events import bulk

    scaled = _over_one_denominator(scored)
    if scaled is None:
        return None
    numerators, denominator = scaled
    kept = scored.round <= number
    sums = bulk.exact_sums(scored.player[kept], len(scored.players), numerators[kept])
    if sums is None:
        return None
    return {name: Fraction(total, denominator) for name, total in zip(scored.players, sums, strict=True)}
