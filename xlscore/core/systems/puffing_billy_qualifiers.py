"""Who plays a Puffing Billy game's final: the top N scores of the game, or every board winner.

Source: ../shared/seeds/002_14661db876957472.txt (TGA, "The Puffing Billy: Explanation of Scoring", 1998): "You must
determine who qualifies to participate in a final. You can use the top four or five scores for that game or you can
simply say that anyone who wins a board of that game goes to the game final."

* **Top N** (``top`` N): the players of the game ranked by their score in it (their best board score, as the game's
  score counts it before any final bonus); the N best qualify.
* **Board winners** (``top`` blank): every player who won a board of the game (1st on a boards table; a board score
  of 3 or more on a table of scores, the least a winner scores).

Decisions where the source is silent:

* **A tie at the cut goes through**: the source counts "scores", so every player on the N-th best score qualifies
  and the final grows (a Puffing Billy board seats up to six); the Place column shows the tie.
* **The qualifying boards**: every board of the game in the rounds up to ``after_round`` (blank: all), final boards
  (marked in a boards table's ``final`` column) left out, so the table may already hold the final.
* The list is in the order of the game's standings (best score first, then name), with each player's place in
  them, score and boards won.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from xlscore.core.cells import cell_text, is_blank
from xlscore.core.errors import InputError
from xlscore.core.events.rounds import check_after_round
from xlscore.core.events.rows import Row, cell_name, cell_number
from xlscore.core.events.table import table
from xlscore.core.rounding import as_decimal
from xlscore.core.systems.puffing_billy import PLACEMENT_SCORE, standings_input
from xlscore.core.validate import count

__all__ = ["Qualifier", "pb_qualifiers"]


@dataclass(frozen=True)
class Qualifier:
    """A player who plays the game's final: their place in the game's standings (equal scores share it), their
    score in the game (best board), the boards of it they won, and how they qualified (``top N`` or ``board
    winner``)."""

    place: int
    player: str
    score: float
    boards_won: int
    by: str


@table(Qualifier)
def pb_qualifiers(
    results: object,
    game: str,
    top: int | None = None,
    after_round: int | None = None,
    players: object = None,
) -> tuple[Qualifier, ...]:
    """Who plays a game's final: the top N scores of the game, or (top blank) every player who won a board of it.

    results: the results so far, as PB_STANDINGS reads them (a boards table, or player, game, score rows).
    game: the game whose final is played.
    top: how many of the game's best scores qualify (a tie at the cut goes through); blank: the board winners.
    after_round: count only the boards of the rounds up to this one (blank: all rounds; final boards never count).
    players: the players table, to check each result against (blank: none).
    """
    rows, _, _ = standings_input(results, None, (), players)
    named = None if isinstance(game, bool) else cell_text(game)
    if named is None:
        raise InputError(f"game is {game!r}; expected the name of the game whose final is played")
    cut = None if is_blank(top) or top is None else count("top", top, 1)
    last = max((row["_round"] for row in rows), default=0)
    after = check_after_round(after_round, last)
    best, won = _game_scores(rows, named, after)
    if not best:
        raise InputError(f"game {named!r} has no scored board in the results; expected a game of the results")
    ranked = sorted(best, key=lambda p: (-best[p], p))
    place = {p: 1 + sum(best[q] > best[p] for q in ranked) for p in ranked}
    if cut is None:
        return tuple(Qualifier(place[p], p, float(best[p]), won[p], "board winner") for p in ranked if won[p])
    return tuple(Qualifier(place[p], p, float(best[p]), won[p], f"top {cut}") for p in ranked if place[p] <= cut)


def _game_scores(rows: list[Row], game: str, after: int | None) -> tuple[dict[str, Decimal], dict[str, int]]:
    """Each player's best board score in ``game`` and boards of it won, from the qualifying boards."""
    best: dict[str, Decimal] = {}
    won: dict[str, int] = {}
    for row in rows:
        if is_blank(row.get("score")) or row.get("_final") or (after is not None and row["_round"] > after):
            continue
        if cell_name(row, "game") != game:
            continue
        player, score = cell_name(row, "player"), as_decimal(cell_number(row, "score", 0))
        best[player] = max(best.get(player, score), score)
        won[player] = won.get(player, 0) + (score >= PLACEMENT_SCORE[0])
    return best, won
