"""The Puffing Billy workbook's Boards table read into the core: boards, board scores, finals, the standings table.

The workbook computes these with formulas; this module computes them with the core's own ``read_boards``,
``pb_board`` and ``pb_final`` from the same typed cells, so ``xlscore standings`` and the tests have an answer that
does not go through the sheet's formulas. What the sheet does, this does too: a board is the rows sharing game and
board, listed by place (the core's ``read_boards``, which PB_POINTS uses too); a game's final is its boards marked
final, in the order they first appear; 5th and 6th place have no board score and so no row in the standings table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xlscore.core.errors import TableError
from xlscore.core.puffing_billy import FinalPlace, pb_board, pb_final
from xlscore.core.puffing_billy import read_boards as core_boards
from xlscore.core.rows import cell_text, read_rows
from xlscore.excel.book import Book
from xlscore.excel.templates.base import setting

__all__ = ["FINAL_MARK", "Board", "event_finals", "event_results", "read_best", "read_boards", "read_required"]

FINAL_MARK = "yes"
"""What the final column holds for a board of a game's final (compared without regard to case, as Excel does)."""


@dataclass(frozen=True)
class Board:
    """One board: its game, its id, whether it is a final board, and its players and money by finishing place."""

    game: str
    board: str
    final: bool
    players: tuple[str, ...]
    money: tuple[float | None, ...]

    @property
    def scores(self) -> tuple[float | None, ...]:
        return pb_board(self.money)


def read_boards(header: Sequence[str], rows: Sequence[Sequence[object]]) -> tuple[Board, ...]:
    """The boards of the Boards table, in the order they first appear, each listed by place.

    header: the Boards table's header (game, board, place, player, money, final).
    rows: its rows; blank rows are skipped.
    """
    table = [list(header), *[list(r) for r in rows]]
    marked = {
        row["_row"]
        for row in read_rows(table, [], ["final"], name="Boards")
        if str(row["final"] or "").strip().casefold() == FINAL_MARK
    }
    return tuple(
        Board(b.game, b.board, any(r in marked for r in b.rows), b.players, b.money) for b in core_boards(table)
    )


def event_finals(boards: Sequence[Board]) -> dict[str, tuple[tuple[FinalPlace, str], ...]]:
    """Each game's final (its boards marked final): the top three with the name of each finisher."""
    by_game: dict[str, list[Board]] = {}
    for board in boards:
        if board.final:
            by_game.setdefault(board.game, []).append(board)
    return {
        game: tuple(
            (place, final[place.board - 1].players[place.board_place - 1])
            for place in pb_final([b.money for b in final])
        )
        for game, final in by_game.items()
    }


def event_results(header: Sequence[str], rows: Sequence[Sequence[object]]) -> list[dict[str, object]]:
    """The standings table PB_STANDINGS takes: player, game, board score and final bonus, one row per scored board.

    header: the Boards table's header; rows: its rows.
    """
    boards = read_boards(header, rows)
    bonus = {(game, name): place.bonus for game, final in event_finals(boards).items() for place, name in final}
    return [
        {"player": player, "game": board.game, "score": score, "final_bonus": bonus.get((board.game, player), 0.0)}
        for board in boards
        for player, score in zip(board.players, board.scores, strict=True)
        if score is not None
    ]


def read_best(book: Book) -> int | None:
    """Settings!B1: count each player's best N games (blank: every game)."""
    value = book.sheet("Settings").values.get((1, 2))
    if value is None or value == "":
        return None
    best = setting(book, "Settings", (1, 2), "best", 0)
    if not best.is_integer() or best < 1:
        raise TableError(f"Settings!B1 (best) is {best:g}; expected a whole number of games, at least 1")
    return int(best)


def read_required(book: Book, rows: int) -> tuple[str, ...]:
    """Settings!B3 downwards: the games that always count."""
    values = book.sheet("Settings").values
    games = (cell_text(values.get((r, 2))) for r in range(3, 3 + rows))
    return tuple(game for game in games if game)
