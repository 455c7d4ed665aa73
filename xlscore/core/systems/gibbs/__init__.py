"""The Gibbs Ranking Points System (Tropic Euro): a multi-player Elo whose step shrinks with experience.

Source: ../shared/seeds/001_54eafaebf88eecfe.txt (Tropic Euro, "Gibbs Rankings Points System", by Chris Gibbs).

Every player (or fixed team) of a game moves at once, from the ratings held before the game:

    RP_new = RP_old + K1 x (RP_avg - RP_old + S x (1 - G / G_total) ^ K2)

* G = min(G_exp, games played before + 1): experience, counting the new game, capped at G_exp.
* G_total = the sum of G over the game's players; RP_avg = the G-weighted mean of the players' old RP, the player
  itself included.
* S, the success, runs from +K3 for first place to -K3 for last.
* Published settings: start at 1500, K2 = 1.0, K3 = 503, G_exp = 25, K1 by kind of game (1v1 0.07, 3 players
  0.07, 4 players 0.08, 5 players 0.09, 2v2 0.12). "The server maintains your RP scores separately for different
  types of game, including 3 to 5 player games (3-5P) and 2 player (1v1) games."

Decisions where the source is silent:

* S between first and last is linear in the place: S = K3 x (n + 1 - 2 x place) / (n - 1). The source gives only
  the ends; a straight line makes the S of a game add up to 0, so with equal game counts a game is zero-sum.
* Ties: tied players get the mean S of the places they share, which for a linear S is S at their average place
  (2.5 for a tie over 2nd and 3rd), so equal ratings with equal results stay equal.
* K1 is one table, :data:`K1_TABLE`, keyed by kind of game: ``1v1``, ``2v2``, ``3p``, ``4p``, ``5p``. Left blank,
  K1 is read from the number of competitors (2 is ``1v1``, n is ``np``); any other size needs an explicit K1.
  ``k1`` also takes the kind's name, so a 2v2 game is a 2-competitor game with ``k1="2v2"`` (0.12).
* Teams: a fixed team (2v2) is one competitor with its own RP and game count, as Tropic Euro lists pairs; in a
  history a team is a ``player`` like any other.
* Pools, as published: in a history, ratings and game counts are kept per (pool, player). A game whose pool is
  blank (or a history without a pool column) goes in the pool of its kind of game: ``1v1`` for 2 competitors,
  ``3-5P`` for 3 to 5 players. A 2v2 game has 2 competitors like a 1v1 game, so nothing in its size tells them
  apart: a history marks it by typing ``2v2`` as its pool, the column that already says which ratings a game
  counts for. The source names no kind above 5 players, so a larger game goes in a pool of its own size (``6P``,
  ``7P``), where a 6-player game is not rated against a 7-player one, and takes the K1 given for it.
* A pool named after a kind of game (``1v1``, ``2v2``, ``3-5P``, ``4p``, ``6P``, in any case) holds games of that
  size only; a game that does not fit is refused, naming it, its row and the pool. Any other pool name (a club's
  own) holds games of any size and takes K1 from each game's size. ``one_pool`` puts every game whose pool is
  blank in one pool, named "", for a club that keeps one ladder for all its games; pools typed are kept.
* A history is chronological: games are rated in the order of their rows, and the rows of one game (one game id
  within one pool as typed) must be consecutive. A game id that comes back after another game is an error, since
  it is most often an id used twice. ``date`` is carried into the trajectory and not used to reorder.
* Everyone starts at 1500 with 0 games, unless ``start`` says otherwise. ``last_change`` in the final table is the
  RP gained (negative: lost) in the player's most recent game.
* ``gibbs_update`` checks that the player's own ``rp`` and ``games`` are one of the pairs in ``game_rps`` and
  ``game_games``, the usual slip in a sheet being a range of the opponents only.
* K1 must be greater than 0; K2 and K3 at least 0; G_exp a whole number of at least 1; games whole and at least 0.

The modules: :mod:`~xlscore.core.systems.gibbs.rule` (one game, K1 and the pools by kind),
:mod:`~xlscore.core.systems.gibbs.history`
(reading and checking a history), :mod:`~xlscore.core.systems.gibbs.replay` (rating it in order),
:mod:`~xlscore.core.systems.gibbs.plain` (a small history rated without numpy) and
:mod:`~xlscore.core.systems.gibbs.ratings` (the final table, the trajectory and chosen players' RP game by game).
"""

from xlscore.core.systems.gibbs.ratings import (
    GibbsRating,
    GibbsRatings,
    GibbsRpByGame,
    GibbsStep,
    gibbs_ratings,
    gibbs_rp_by_game,
)
from xlscore.core.systems.gibbs.rule import G_EXP, K1_TABLE, K2, K3, START_RP, gibbs_game, gibbs_update

# A whole history, then one game and the published settings.
__all__ = ["GibbsRating", "GibbsRatings", "GibbsRpByGame", "GibbsStep", "gibbs_ratings", "gibbs_rp_by_game"]
__all__ += ["G_EXP", "K1_TABLE", "K2", "K3", "START_RP", "gibbs_game", "gibbs_update"]
