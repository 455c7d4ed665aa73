"""The Train Gamers Association's Puffing Billy: board scores that reward close play, finals, tournament standings.

Source: ../shared/seeds/002_14661db876957472.txt (TGA, "The Puffing Billy: Explanation of Scoring", 1998).

A board lists its players in finishing order (the order they placed, not their money), up to six.

* Standard placement score: 3, 2, 1, 0 for places 1 to 4; 5th and 6th get no score for the board.
* Bonus for places 2 to 4: 0.5 x score / winner's score, rounded to the nearest thousandth; 0.5 when the
  player out-scored the winner (Rail Baron).
* Winner's bonus: 0.03 x the sum of the others' bonuses, rounded likewise (at most 0.045).
* Board score = placement score + bonus. The seed's Empire Builder board (252,000; 248,000; 121,000; 98,000)
  gives Jenny 3.028, Damien 2.492, Stephen 1.240, Sybil 0.194, and Ben no score.

A boards table (as a coordinator types the score sheets in) has one row per player per board, with the columns
``game``, ``board`` (the round or table), ``place`` (1 to 6, as listed on the sheet), ``player`` and ``money`` (the
game score). A board is the rows sharing game and board; its places must run 1, 2, 3, ... without a gap.

Finals:

* In a single-board final the board's top three are the final's top three; the board winner wins the game.
* The top three of a final add 0.3, 0.2 and 0.1 (a tenth of their placement score) to their best score in that
  game; the final's own board score counts if it is their best.
* In a multi-board final each board winner's ratio is their raw score over the mean of their board's top four
  raw scores; winners are placed by ratio. With only two boards, third place goes to whichever of the two boards'
  second-place finishers has the better ratio.

Tournament standing: a player's score in a game is their best board score plus any final bonus; the overall
standing sums those over the games that count.

Decisions where the source is silent or slips:

* Rounding is decimal half-up on the thousandth (0.3125 -> 0.313), as on a paper sheet; Python's round() would
  give 0.312. Scores are read as the decimals they print as.
* The three-board final example names board B twice ("The winner of board B takes home a .1"); by the rule, the
  third place is board A's winner (20.6%, below B's 35.8%). xlscore follows the rule.
* The final ratio is not rounded (the source prints 1.402 for 252,000 / 179,750 = 1.40194...); rounding would
  create ties between boards that the raw ratio separates.
* Equal final ratios: the larger raw score places higher, then the board listed first (our rule; the source has
  none).
* A board of fewer than four players averages the scores it has for the final ratio.
* A final's boards are marked in a boards table: 'yes' (any case, or TRUE, x: the one yes/no vocabulary of
  :mod:`xlscore.core.cells`) in its ``final`` column on the rows of each final board; ``pb_finals`` and
  ``pb_final_bonuses`` read a game's final from them, its boards in the order they first appear. A player seated
  at two boards of one final is refused.
* Equal totals share a place; they are compared exactly, as the decimals the sheet prints. The source ranks no
  tie, so that is the default; a coordinator may name a chain (:mod:`xlscore.core.events.tie_breaks`: wins, best game,
  head to head, opponents' points and average, computed over boards; the last three need a board column, as a
  boards table has) and ask for a Decided by column.
* Which games count towards the overall standing differs between events, so it is a setting: by default every
  game counts; ``required`` games always count (a missing one scores 0) and ``best`` keeps only the best N of
  the other games.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from xlscore.core.cells import cell_text, exact, is_blank
from xlscore.core.errors import InputError, MissingColumnError, TableError
from xlscore.core.events.games import player_twice
from xlscore.core.events.needs import BOUND, Need, Outlook, needs_over, targets
from xlscore.core.events.ranking import measure, standings
from xlscore.core.events.roster import check_results, read_roster
from xlscore.core.events.rounds import (
    ROUND,
    After,
    RoundStanding,
    check_after_round,
    has_rounds,
    one_game_a_round,
    round_numbers,
    standings_by_round,
)
from xlscore.core.events.rows import Row, cell_name, cell_number, cell_whole, flag, read_rows
from xlscore.core.events.table import Table, table
from xlscore.core.events.tie_breaks import Asked, Played, asked, game_tie_breaks
from xlscore.core.rounding import as_decimal, round_half_up
from xlscore.core.validate import count, items, number, numbers, whole

__all__ = [
    "BOARD_MAX_PLAYERS",
    "FINAL_BONUS",
    "FINAL_MARK",
    "PLACEMENT_SCORE",
    "Board",
    "FinalPlace",
    "GameFinalPlace",
    "GameStanding",
    "PbDecided",
    "Standing",
    "pb_board",
    "pb_bonus",
    "pb_final",
    "pb_final_bonuses",
    "pb_final_ratio",
    "pb_finals",
    "pb_game_score",
    "pb_needs",
    "pb_points",
    "pb_standings",
    "pb_standings_by_round",
    "pb_winner_bonus",
    "read_boards",
]

PLACEMENT_SCORE: tuple[int, ...] = (3, 2, 1, 0)
"""Standard placement score for places 1 to 4; later places get no board score."""

FINAL_MARK = "yes"
"""What a template's ``final`` column offers for the rows of a final board; any yes of
:data:`~xlscore.core.cells.YES` (TRUE, x, any case) will do too."""

FINAL_BONUS: tuple[float, ...] = (0.3, 0.2, 0.1)
"""Added to the best score in the game of the final's 1st, 2nd and 3rd (a tenth of the placement score)."""

BOARD_MAX_PLAYERS = 6
MAX_FINAL_BOARDS = 100
"""The most boards pb_needs' ``final`` takes: far above any final's."""
FINISH_MOST: tuple[Fraction, ...] = tuple(map(Fraction, ("3.045", "2.5", "1.5", "0.5", "0", "0")))
"""The most a board gives each finish, 1st to 6th: the placement score and the largest bonus (0.5 for 2nd to 4th,
and a winner's bonus of 0.03 x three bonuses of 0.5 = 0.045)."""
BONUS_CAP = Decimal("0.5")
WINNER_BONUS_RATE = Decimal("0.03")
DIGITS = 3


def pb_bonus(score: float, winner_score: float) -> float:
    """Bonus of a 2nd to 4th place finisher: 0.5 x score / winner's score to 3 decimals, 0.5 if above the winner.

    score: the player's raw game score (money), at least 0.
    winner_score: the raw game score of the board's winner, greater than 0.
    """
    own = number("score", score, lo=0)
    top = number("winner_score", winner_score, positive=True)
    if own >= top:
        return float(BONUS_CAP)
    return round_half_up(BONUS_CAP * as_decimal(own) / as_decimal(top), DIGITS)


def pb_winner_bonus(bonuses: Sequence[float]) -> float:
    """The winner's bonus: 0.03 x the sum of the 2nd to 4th place bonuses, to 3 decimals.

    bonuses: the bonuses of the board's 2nd, 3rd and 4th place finishers (each 0 to 0.5; blanks are left out).
    """
    present = [b for b in items("bonuses", bonuses, "numbers") if b is not None]
    checked = numbers("bonuses", present, lo=0, hi=float(BONUS_CAP), min_len=0, max_len=len(PLACEMENT_SCORE) - 1)
    total = sum((as_decimal(b) for b in checked), Decimal(0))
    return round_half_up(WINNER_BONUS_RATE * total, DIGITS)


def _board_scores(scores: object) -> tuple[float, ...]:
    """The raw scores of the scored places (1 to 4), checked; 5th and 6th may be blank."""
    listed = items("scores", scores, "scores")
    if not 2 <= len(listed) <= BOARD_MAX_PLAYERS:
        raise InputError(
            f"scores has {len(listed)} values; expected 2 to {BOARD_MAX_PLAYERS} players in finishing order"
        )
    scored = listed[: len(PLACEMENT_SCORE)]
    checked = numbers("scores", scored, lo=0)
    if checked[0] <= 0:
        raise InputError(f"scores[1] is {checked[0]:g}; expected the winner's score, greater than 0")
    for i, extra in enumerate(listed[len(PLACEMENT_SCORE) :], start=len(PLACEMENT_SCORE) + 1):
        if extra is not None:
            number(f"scores[{i}]", extra, lo=0)
    return checked


def pb_board(scores: Sequence[float | None]) -> tuple[float | None, ...]:
    """Every listed player's board score: placement score 3/2/1/0 plus bonus; None (no score) for 5th and 6th.

    scores: the players' raw game scores listed in finishing order, 2 to 6 players (5th and 6th may be blank).
    """
    listed = items("scores", scores, "scores")  # once: a generator is read through a single time
    raw = _board_scores(listed)
    bonuses = [pb_bonus(s, raw[0]) for s in raw[1:]]
    winner = as_decimal(PLACEMENT_SCORE[0]) + as_decimal(pb_winner_bonus(bonuses))
    result: list[float | None] = [round_half_up(winner, DIGITS)]
    result += [
        round_half_up(as_decimal(PLACEMENT_SCORE[place]) + as_decimal(bonus), DIGITS)
        for place, bonus in enumerate(bonuses, start=1)
    ]
    result += [None] * (len(listed) - len(raw))
    return tuple(result)


@dataclass(frozen=True)
class Board:
    """One board of a boards table: game, board id, and by finishing place its players, money and table rows."""

    game: str
    board: str
    players: tuple[str, ...]
    money: tuple[float | None, ...]
    rows: tuple[int, ...]
    """The table row of each place, counting the header as row 1 (as a sheet range does)."""
    final: bool = False
    """Whether the board is one of its game's final boards (its rows marked in the ``final`` column)."""
    round: int | None = None
    """The board's round; None in a table without rounds (everything is then round 1)."""

    @property
    def label(self) -> str:
        return _board_label((self.round, self.game, self.board))


_Key = tuple[int | None, str, str]
"""A board by its round (None without rounds), its game and its name."""


def _board_label(key: _Key) -> str:
    round_, game, board = key
    return f"board {board} of {game}" + ("" if round_ is None else f" in round {round_}")


def read_boards(boards: object, *, in_order: bool = True) -> tuple[Board, ...]:
    """The boards of a boards table, in the order they first appear, each listed by place and checked.

    boards: a table with columns game, board, place, player, money and optionally final ('yes' on the rows of a
        board of the game's final) and round, one row per player per board (a DataFrame, mappings, or rows with a
        header); blank rows are skipped.

    ``in_order=False`` leaves out the check that rounds run 1, 2, 3, ... without a gap
    (:func:`~xlscore.core.events.rounds.round_numbers`), for the rules that score each board on its own.
    """
    rows = read_rows(boards, ["game", "board", "place", "player", "money"], ["final", ROUND], name="boards")
    numbers = round_numbers(rows, "boards", in_order=in_order)
    rounds: list[int | None] = list(numbers) if has_rounds(rows) else [None] * len(rows)
    grouped: dict[_Key, dict[int, tuple[str, float | None, int]]] = {}
    finals: set[_Key] = set()
    keys: list[_Key] = []
    for row, round_ in zip(rows, rounds, strict=True):
        key = (round_, cell_name(row, "game", "boards"), cell_name(row, "board", "boards"))
        keys.append(key)
        place = cell_whole(row, "place", 1, BOARD_MAX_PLAYERS, "boards")
        player = cell_name(row, "player", "boards")
        money = None if row["money"] in (None, "") else cell_number(row, "money", 0, "boards")
        places = grouped.setdefault(key, {})
        label = _board_label(key)
        if place in places:
            raise TableError(f"place {place} appears twice on {label} (rows {places[place][2]} and {row['_row']})")
        twice = next((r for other, _, r in places.values() if other == player), None)
        if twice is not None:
            raise player_twice(player, f"on {label}", twice, row["_row"])
        places[place] = (player, money, row["_row"])
        if flag(row, "final", "boards"):
            finals.add(key)
    by_row = dict(zip((row["_row"] for row in rows), keys, strict=True))
    one_game_a_round(rows, [r or 1 for r in rounds], lambda row: by_row[row["_row"]], _board_label, "boards")
    found = []
    for (round_, game, board), places in grouped.items():
        missing = [p for p in range(1, max(places) + 1) if p not in places]
        if missing:
            label = _board_label((round_, game, board))
            raise TableError(f"{label} has no place {missing[0]}; expected places 1, 2, 3, ...")
        listed = [places[p] for p in sorted(places)]
        found.append(
            Board(
                game,
                board,
                tuple(p for p, _, _ in listed),
                tuple(m for _, m, _ in listed),
                tuple(r for _, _, r in listed),
                (round_, game, board) in finals,
                round_,
            )
        )
    return tuple(found)


def pb_points(boards: object) -> tuple[float | None, ...]:
    """Every row's board score, in the order of the rows: blank for 5th and 6th place and for blank rows.

    boards: a table with columns game, board, place, player and money, one row per player per board (a DataFrame,
        mappings, or rows with a header); the rows sharing game and board are one board, listed by place.
    """
    scores: dict[int, float | None] = {}
    for board in read_boards(boards, in_order=False):
        scores.update(zip(board.rows, _scores(board), strict=True))
    # Row 1 is the header; a blank row (or a blank run at the top) keeps its place, so each score lands beside its row.
    return tuple(scores.get(r) for r in range(2, max(scores, default=1) + 1))


def _scores(board: Board) -> tuple[float | None, ...]:
    """The board's board scores, a bad board named in the error."""
    try:
        return pb_board(board.money)
    except InputError as exc:
        raise TableError(f"{board.label}: {exc}") from exc


def pb_final_ratio(score: float, board_scores: Sequence[float | None]) -> float:
    """A finalist's ratio: raw score over the mean of the raw scores of the board's first four finishers.

    score: the finalist's raw game score.
    board_scores: the raw game scores of the final board, listed in finishing order (only the first four count).
    """
    raw = _board_scores(board_scores)
    own = number("score", score, lo=0)
    if own not in raw:
        listed = ", ".join(f"{s:g}" for s in raw)
        raise InputError(f"score {own:g} is not among the board's first four scores ({listed})")
    mean = sum((as_decimal(s) for s in raw), Decimal(0)) / len(raw)
    return float(as_decimal(own) / mean)


@dataclass(frozen=True)
class FinalPlace:
    """One of the top three of a final: which board, the finishing place on it, the ratio and the bonus."""

    final_place: int
    board: int
    board_place: int
    ratio: float
    bonus: float


@table(FinalPlace)
def pb_final(boards: Sequence[Sequence[float | None]]) -> tuple[FinalPlace, ...]:
    """The top three of a final: the board (1-based), the place on it, the ratio and the bonus added.

    boards: each final board's raw game scores listed in finishing order (in a sheet, one column per board);
        one board for a single-board final.
    """
    board_list = items("boards", boards, "boards of raw scores")
    if not board_list:
        raise InputError("boards is empty; expected at least one final board of raw scores")
    raws = [_board_scores(b) for b in board_list]
    if len(raws) == 1:
        # A single board: the board's own top three are the final's top three.
        raw = raws[0]
        return tuple(
            FinalPlace(i + 1, 1, i + 1, pb_final_ratio(raw[i], raw), FINAL_BONUS[i])
            for i in range(min(len(FINAL_BONUS), len(raw)))
        )
    candidates = [(pb_final_ratio(raw[0], raw), raw[0], b, 1) for b, raw in enumerate(raws, start=1)]
    if len(raws) == 2:
        seconds = [(pb_final_ratio(raw[1], raw), raw[1], b, 2) for b, raw in enumerate(raws, start=1)]
        seconds.sort(key=lambda c: (-c[0], -c[1], c[2]))
        ordered = sorted(candidates, key=lambda c: (-c[0], -c[1], c[2])) + seconds[:1]
    else:
        ordered = sorted(candidates, key=lambda c: (-c[0], -c[1], c[2]))[: len(FINAL_BONUS)]
    return tuple(
        FinalPlace(place, board, board_place, ratio, FINAL_BONUS[place - 1])
        for place, (ratio, _, board, board_place) in enumerate(ordered, start=1)
    )


@dataclass(frozen=True)
class GameFinalPlace:
    """One of the top three of a game's final, as a boards table names them: game, board id, player."""

    game: str
    final_place: int
    board: str
    board_place: int
    player: str
    ratio: float
    bonus: float


@table(GameFinalPlace)
def pb_finals(boards: object) -> tuple[GameFinalPlace, ...]:
    """The top three of every game's final, from a boards table whose final boards are marked 'yes' under final.

    boards: a table with columns game, board, place, player, money and final, one row per player per board; a
        game's final is its boards marked final, in the order they first appear.
    """
    return _finals(read_boards(boards))


def _finals(table: Sequence[Board]) -> tuple[GameFinalPlace, ...]:
    by_game: dict[str, list[Board]] = {}
    seated: dict[tuple[str, str], int] = {}
    for board in table:
        if board.final:
            by_game.setdefault(board.game, []).append(board)
            for player, row in zip(board.players, board.rows, strict=True):
                if (board.game, player) in seated:
                    raise player_twice(player, f"in the final of {board.game}", seated[board.game, player], row)
                seated[board.game, player] = row
    found = []
    for game, final in by_game.items():
        try:
            top = pb_final([b.money for b in final])
        except InputError as exc:
            raise TableError(f"the final of {game}: {exc}") from exc
        for place in top:
            board = final[place.board - 1]
            player = board.players[place.board_place - 1]
            found.append(
                GameFinalPlace(
                    game, place.final_place, board.board, place.board_place, player, place.ratio, place.bonus
                )
            )
    return tuple(found)


def pb_final_bonuses(boards: object) -> tuple[float | None, ...]:
    """Every row's final bonus: what the row's player won in the final of the row's game (0 without one).

    boards: a table with columns game, board, place, player, money and final, one row per player per board; the
        bonus shows on each of the player's rows of that game that has a board score (blank for 5th and 6th).
    """
    scored = _scored_rows(read_boards(boards, in_order=False))
    return tuple(scored[r]["final_bonus"] if r in scored else None for r in range(2, max(scored, default=1) + 1))


def _scored_rows(table: tuple[Board, ...]) -> dict[int, Row]:
    """Each row of a boards table by its row number: game, player, board score and final bonus (blank without a
    score), as PB_POINTS and PB_FINAL_BONUSES give them."""
    won = {(f.game, f.player): f.bonus for f in _finals(table)}
    scored: dict[int, Row] = {}
    for board in table:
        for player, row, score in zip(board.players, board.rows, _scores(board), strict=True):
            bonus = None if score is None else won.get((board.game, player), 0.0)
            scored[row] = {
                "game": board.game,
                "player": player,
                "score": score,
                "final_bonus": bonus,
                "_row": row,
                "_round": board.round or 1,
                "board": board.board,
                "_final": board.final,
            }
    return scored


def pb_game_score(board_scores: Sequence[float | None], final_bonus: float = 0) -> float:
    """A player's score in one game: the best of their board scores (the final's included) plus any final bonus.

    board_scores: the player's board scores in that game (blanks are left out).
    final_bonus: 0.3, 0.2 or 0.1 for the final's 1st, 2nd or 3rd place, else 0.
    """
    present = [s for s in items("board_scores", board_scores, "numbers") if s is not None]
    checked = numbers("board_scores", present, lo=0)
    bonus = number("final_bonus", final_bonus, lo=0)
    if bonus not in (0, *FINAL_BONUS):
        raise InputError(f"final_bonus is {bonus:g}; expected 0, 0.3, 0.2 or 0.1")
    best = max(as_decimal(s) for s in checked)
    return round_half_up(best + as_decimal(bonus), DIGITS)


@dataclass(frozen=True)
class GameStanding:
    """A player's score in one game (category) of the tournament and whether it counts."""

    game: str
    score: float
    counted: bool


@dataclass(frozen=True)
class Standing:
    """A row of the overall standings: shared places for equal totals."""

    place: int
    player: str
    total: float
    games: tuple[GameStanding, ...]


@dataclass(frozen=True)
class PbDecided(Standing):
    """A row of the overall standings with what put it below the row above (``decided_by``: ``total``, a
    tie-break's name, ``tied``, or blank on the first row), as ``decided_by`` yes asks."""

    decided_by: str = ""


@table(Standing)
def pb_standings(
    results: object,
    best: int | None = None,
    required: Sequence[str] = (),
    after_round: int | None = None,
    players: object = None,
    tie_breaks: object = None,
    decided_by: object = None,
) -> tuple[Standing, ...]:
    """Overall tournament standings: per game the best board score plus final bonus, summed over the games that count.

    results: a table with columns player, game, score (a board score) and optionally final_bonus and round, one
        row per board played; a row with a blank score (5th or 6th place) is left out. A boards table as PB_POINTS
        reads it will do.
    best: count only the best N games of each player besides the required ones (blank: every game counts).
    required: games that always count, scoring 0 for a player who has none.
    after_round: count only the boards of the rounds up to this one (blank: all rounds).
    players: the players table (player, and optionally late from, dropped after, sits out), to check each result
        against (blank: none).
    tie_breaks: the tie-breaks after the total, in order, separated by commas: wins, best game, head to head,
        opponents' points, opponents' average (the last three need a board column); blank or none for none.
    decided_by: yes to add a Decided by column: what put each row below the row above (blank: no).

    The results are a DataFrame, mappings, or rows with a header. A boards table (game, board, place, player,
    money, final, round) without a score column is scored row by row as PB_POINTS and PB_FINAL_BONUSES score it.
    """
    rows, keep, must = standings_input(results, best, required, players)
    order = asked(tie_breaks, decided_by)
    last = max((row["_round"] for row in rows), default=0)
    found = _standings_after(rows, keep, must, check_after_round(after_round, last), order)[0]
    return Table(found, PbDecided) if order.decided_by else found


@table(RoundStanding)
def pb_standings_by_round(
    results: object,
    best: int | None = None,
    required: Sequence[str] = (),
    players: object = None,
    tie_breaks: object = None,
) -> tuple[RoundStanding, ...]:
    """The standings after every round: each player's place, total, what the round added and places gained.

    results: a table with columns player, game, score (a board score) and round, and optionally final_bonus, one
        row per board played, or a boards table as PB_POINTS reads it with a round column; without rounds, the
        whole table is round 1.
    best: count only the best N games of each player besides the required ones (blank: every game counts).
    required: games that always count, scoring 0 for a player who has none.
    players: the players table (player, and optionally late from, dropped after, sits out), to check each result
        against and mark each round dropped or sat out (blank: none).
    tie_breaks: the tie-breaks after the total, in order, separated by commas: wins, best game, head to head,
        opponents' points, opponents' average (the last three need a board column); blank or none for none.
    """
    rows, keep, must = standings_input(results, best, required, players)
    order = asked(tie_breaks, None)
    last = max((row["_round"] for row in rows), default=0)
    roster = read_roster(players)
    return standings_by_round(last, lambda number: _standings_after(rows, keep, must, number, order)[1], roster)


@table(Need)
def pb_needs(
    results: object,
    game: str,
    table_size: int,
    top: int | None = None,
    best: int | None = None,
    required: Sequence[str] = (),
    players: object = None,
    final: object = None,
) -> tuple[Need, ...]:
    """What each player needs before the last round, a board of one game: the lowest finish on it that still gets
    them first (and into the top N), even if everyone else wins their board with the largest bonus (and, where the
    round may be the game's final, the final's 0.3); a bound, since a finish's bonus depends on the money (a lower
    finish may do with the right money), with the least board score that is enough.

    results: the results so far, as PB_STANDINGS reads them (a boards table, or player, game, score rows).
    game: the game of the last round's boards (a new board counts only if it beats the player's best in it).
    table_size: the players of each board of the last round (2 to 6).
    top: also list who is in reach of the top N (blank: first place only).
    best: count only the best N games of each player besides the required ones (blank: every game counts).
    required: games that always count, scoring 0 for a player who has none.
    players: the players table (player, and optionally late from, dropped after, sits out), to check each result
        against (blank: none).
    final: the last round is the game's final on this many boards: its bonuses count (0: not a final; blank: it
        may be one, while the results hold no final of the game, so only the others' best counts the bonus).
    """
    rows, keep, must = standings_input(results, best, required, players)
    named = cell_text(game) if not isinstance(game, bool) else None
    if named is None:
        raise InputError(f"game is {game!r}; expected the name of the last round's game")
    size = whole("table_size", table_size, 2, BOARD_MAX_PLAYERS)
    totals = _standings_after(rows, keep, must, None, Asked())[1].totals
    boards, bonuses, _, _ = _gathered(rows, None)
    played: dict[str, dict[str, list[float]]] = defaultdict(dict)
    for (player, each), scores in boards.items():
        played[player][each] = scores
    sure = _sure_bonuses(final, named, any(bonuses.get((p, named)) for p in played))

    def total(player: str, score: Fraction, bonus: Fraction | None) -> Fraction:
        """The player's total after a last board of ``score`` and, when the round is a final, ``bonus``."""
        scores = {each: [*board_scores] for each, board_scores in played[player].items()}
        scores.setdefault(named, []).append(float(score))
        games = [GameStanding(g, _game_score(v, exact(bonuses.get((player, g), 0))), True) for g, v in scores.items()]
        if bonus is not None:
            games = [
                g if g.game != named else GameStanding(g.game, _game_score(scores[named], bonus), True) for g in games
            ]
        return exact(_total(_counted(games, keep, must)))

    def bends(player: str) -> list[Fraction]:
        # Where a new board passes a board of the game or a game's score (less the game's bonus) in a best-N count,
        # and where a finish's range (and the final bonus it is sure of) begins and ends.
        shifts = {exact(bonuses.get((player, named), 0)), *(sure or ())}
        seen = [exact(x) for v in played[player].values() for x in v]
        return [*seen, *(x - shift for x in seen for shift in shifts), *_FINISH_ENDS]

    least = _FINISH_LEAST[:size]
    finishes = list(zip(least, FINISH_MOST[:size], strict=True))
    outlook = Outlook(
        lambda player, score: total(player, score, None if sure is None else _sure_at(score, sure)),
        Fraction(0),
        FINISH_MOST[0],
        finishes,
        bends,
        None if sure is None else lambda player: total(player, FINISH_MOST[0], _FINAL_MOST),
    )
    return needs_over(totals, outlook, targets(top), BOUND)


_FINISH_LEAST = tuple(Fraction(p) for p in PLACEMENT_SCORE) + (Fraction(0),) * (
    BOARD_MAX_PLAYERS - len(PLACEMENT_SCORE)
)
"""The least a board gives each finish, 1st to 6th: its placement score."""
_FINISH_ENDS = tuple(sorted({*_FINISH_LEAST, *FINISH_MOST}))
_FINAL_MOST = Fraction(str(FINAL_BONUS[0]))


def _sure_bonuses(final: object, game: str, done: bool) -> tuple[Fraction, ...] | None:
    """The final bonus each finish of the last round is sure of, 1st to 6th, as ``final`` says (see pb_needs); None
    when the round gives no bonus (not a final, or the game's final is in the results already).

    A single final board gives its 1st, 2nd and 3rd 0.3, 0.2 and 0.1. On N boards the final's top three are the
    board winners with the best ratios (with two boards, the better of the boards' seconds is third): a board winner
    is sure of the N-th bonus when N is 3 or less, and nothing else is sure."""
    if is_blank(final):
        return None if done else (Fraction(0),) * BOARD_MAX_PLAYERS
    boards = whole("final", final, 0, MAX_FINAL_BOARDS)
    if boards and done:
        raise InputError(f"final is {boards}, but the final of {game} is in the results already; expected 0 or blank")
    if not boards:
        return None
    bonuses = [Fraction(str(b)) for b in FINAL_BONUS]
    sure = bonuses if boards == 1 else [bonuses[boards - 1]] if boards <= len(bonuses) else []
    return tuple(sure) + (Fraction(0),) * (BOARD_MAX_PLAYERS - len(sure))


def _sure_at(score: Fraction, sure: Sequence[Fraction]) -> Fraction:
    """The final bonus a last board of ``score`` is sure of: its finish's, and between finishes (scores no board
    gives) a straight line from the one below to the one above, so that the total rises as a straight line between
    the finishes' ends (which the least score is read on)."""
    ranges = sorted(zip(_FINISH_LEAST, FINISH_MOST, sure, strict=True))
    points = [(end, bonus) for low, high, bonus in ranges for end in (low, high)]
    below = [(x, b) for x, b in points if x <= score]
    above = [(x, b) for x, b in points if x >= score]
    (x0, b0), (x1, b1) = max(below), min(above)
    return b0 if x1 == x0 else b0 + (b1 - b0) * (score - x0) / (x1 - x0)


def _game_score(board_scores: Sequence[float], bonus: Fraction) -> float:
    """A game's score as pb_game_score gives it (the best board plus the bonus), for any bonus: a final's sure
    bonus between two finishes is no bonus a final gives."""
    return round_half_up(max(as_decimal(s) for s in board_scores) + as_decimal(float(bonus)), DIGITS)


def standings_input(
    results: object, best: object, required: object, players: object
) -> tuple[list[Row], int | None, tuple[str, ...]]:
    """The standings' rows (each with its round under ``_round``) and settings, read and checked (against the
    players table too, when there is one)."""
    try:
        rows = read_rows(results, ["player", "game", "score"], ["final_bonus", ROUND, "board"], name="results")
    except MissingColumnError as missing:
        try:
            rows = [row for _, row in sorted(_scored_rows(read_boards(results)).items())]
        except MissingColumnError:
            raise missing from None
    else:
        rounds = round_numbers(rows)
        one_game_a_round(rows, rounds, lambda row: row["_row"], lambda _: "a board")
        for row, number in zip(rows, rounds, strict=True):
            row["_round"] = number
    check_results(read_roster(players), rows, [row["_round"] for row in rows])
    keep = None if best is None else count("best", best, 1)
    must = tuple(str(g) for g in items("required", required, "game names"))
    return rows, keep, must


def _standings_after(
    rows: list[Row], keep: int | None, must: tuple[str, ...], after: int | None, order: Asked
) -> tuple[tuple[Standing, ...], After]:
    """The standings from the rows of the rounds up to ``after`` (None: all), ranked by the total and the
    tie-breaks ``order`` names."""
    boards, bonuses, played, players = _gathered(rows, after)
    per_player: dict[str, list[GameStanding]] = {p: [] for p in players}
    for (player, game), scores in boards.items():
        per_player[player].append(GameStanding(game, pb_game_score(scores, bonuses.get((player, game), 0)), True))
    by_player: dict[str, tuple[float, tuple[GameStanding, ...]]] = {}
    for player, games in per_player.items():
        counted = _counted(games, keep, must)
        by_player[player] = (_total(counted), counted)
    totals = {p: exact(t) for p, (t, _) in by_player.items()}
    ranked = standings(by_player, [measure("total", totals), *game_tie_breaks(order.names, played, totals)])
    rows_out = tuple(
        PbDecided(row.place, row.player, *by_player[row.player], row.decided_by)
        if order.decided_by
        else Standing(row.place, row.player, *by_player[row.player])
        for row in ranked
    )
    return rows_out, After([(row.place, row.player) for row in rows_out], totals, players)


def _total(counted: Sequence[GameStanding]) -> float:
    return round_half_up(sum((as_decimal(g.score) for g in counted if g.counted), Decimal(0)), DIGITS)


_Gathered = tuple[dict[tuple[str, str], list[float]], dict[tuple[str, str], float], list[Played], dict[str, int]]


def _gathered(rows: list[Row], after: int | None) -> _Gathered:
    """The rows of the rounds up to ``after`` (None: all) gathered: each player's board scores by game, final
    bonuses by player and game, every board played (for the tie-breaks), and each player's boards."""
    boards: dict[tuple[str, str], list[float]] = defaultdict(list)
    played: list[Played] = []
    bonuses: dict[tuple[str, str], float] = {}
    players: dict[str, int] = {}
    for row in rows:
        if row["score"] is None or row["score"] == "":
            continue
        player, game = cell_name(row, "player"), cell_name(row, "game")
        key = (player, game)
        score = cell_number(row, "score", 0)
        if row["final_bonus"] is not None:
            bonus = cell_number(row, "final_bonus", 0)
            if bonuses.get(key, bonus) != bonus:
                raise TableError(f"final_bonus in row {row['_row']} differs from an earlier row of {player} in {game}")
            bonuses[key] = bonus
        if after is not None and row["_round"] > after:
            continue
        boards[key].append(score)
        players[player] = players.get(player, 0) + 1
        seat = None if is_blank(row.get("board")) else (row["_round"], game, cell_name(row, "board"))
        played.append(Played(player, seat, exact(score), score >= PLACEMENT_SCORE[0]))
    return boards, bonuses, played, players


def _counted(games: list[GameStanding], keep: int | None, must: tuple[str, ...]) -> tuple[GameStanding, ...]:
    required = [g for g in games if g.game in must]
    missing = [GameStanding(g, 0.0, True) for g in must if g not in {r.game for r in required}]
    others = sorted((g for g in games if g.game not in must), key=lambda g: -g.score)
    kept = others if keep is None else others[:keep]
    dropped = [GameStanding(g.game, g.score, False) for g in others[len(kept) :]]
    return tuple(required + missing + kept + dropped)
