"""What each player needs before the last round (xlscore/core/events/needs.py, RPLOPS_NEEDS): by hand and by brute
force.

Hand cases use RPLOPS version 1, x = 50, no hours: a 3-player game gives 100 (4 - p) / 4 = 75, 50, 25 for places
1, 2, 3, and a shared 1st of two (mean place 1.5) 100 x 2.5 / 4 = 62.5 each.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.systems.diplomacy.test_properties import boards
from xlscore import InputError, diplomacy_board
from xlscore.core.events.needs import Outlook, needs, needs_over
from xlscore.core.systems.diplomacy import SYSTEMS
from xlscore.core.systems.diplomacy.event import diplomacy_needs
from xlscore.core.systems.puffing_billy import pb_needs, pb_standings
from xlscore.core.systems.rplops_event import rplops_needs
from xlscore.core.systems.size_matters import size_matters_needs

# Ann 75 + 62.5 = 137.5, Bo 50 + 62.5 = 112.5, Cy 25 + 25 = 50.
EVENT = [
    ["game", "player", "place"],
    ["G", "Ann", 1],
    ["G", "Bo", 2],
    ["G", "Cy", 3],
    ["H", "Ann", 1],
    ["H", "Bo", 1],
    ["H", "Cy", 3],
]


def test_first_place_by_hand() -> None:
    found = [(n.target, n.player, n.place, n.total, n.needs, n.kind) for n in rplops_needs(EVENT, 3)]
    # Ann: 2nd (+50 = 187.5) ties Bo's best (112.5 + 75), a shared 1st; 3rd (162.5) does not. Bo: Ann's best is
    # 212.5, above any finish of his, but a win (187.5) passes Ann's worst (162.5): in reach, no finish enough
    # alone. Cy: a win gives 125, below Ann's worst: out of reach.
    assert found == [(1, "Ann", 1, 137.5, 2, "exact"), (1, "Bo", 2, 112.5, None, "exact")]


def test_the_top_n_by_hand() -> None:
    top = [(n.player, n.needs) for n in rplops_needs(EVENT, 3, top=2) if n.target == 2]
    # Top 2: Ann last (162.5) has only Bo's best (187.5) above; Bo last (137.5) only Ann's (212.5); Cy's best
    # (125) is below both Ann's and Bo's worst: out of reach.
    assert top == [("Ann", 3), ("Bo", 3)]


def test_bad_arguments_name_themselves() -> None:
    with pytest.raises(InputError, match="table_size"):
        rplops_needs(EVENT, 1)
    with pytest.raises(InputError, match="top"):
        rplops_needs(EVENT, 3, top=0)
    with pytest.raises(InputError, match="finishes"):
        needs({"A": Fraction(1)}, [Fraction(1), Fraction(2)], [1])


def _place(player: str, totals: dict[str, Fraction]) -> int:
    return 1 + sum(total > totals[player] for q, total in totals.items() if q != player)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.integers(0, 12), min_size=2, max_size=5),
    st.lists(st.integers(0, 6), min_size=2, max_size=4).map(lambda p: sorted(p, reverse=True)),
    st.integers(1, 3),
)
def test_needs_is_the_least_finish_over_every_last_round(now: list[int], points: list[int], target: int) -> None:
    """Enumerate every last round in which each player finishes anywhere: a player listed gets there in every one
    where they finish at ``needs`` or better, and misses in some where they finish below it; a player is listed iff
    some last round gets them there."""
    totals = {f"P{i}": Fraction(t) for i, t in enumerate(now)}
    finishes = [Fraction(p) for p in points]
    listed = {n.player: n for n in needs(totals, finishes, [target])}
    players = list(totals)
    reaches: dict[str, set[int]] = {p: set() for p in players}
    misses: dict[str, set[int]] = {p: set() for p in players}
    for outcome in itertools.product(range(len(finishes)), repeat=len(players)):
        after = {p: totals[p] + finishes[f] for p, f in zip(players, outcome, strict=True)}
        for p, f in zip(players, outcome, strict=True):
            (reaches if _place(p, after) <= target else misses)[p].add(f + 1)
    for p in players:
        assert (p in listed) == bool(reaches[p])
        if p not in listed:
            continue
        need = listed[p].needs
        if need is None:
            assert 1 in misses[p]  # even a win can miss
        else:
            assert not any(f <= need for f in misses[p])
            assert need == len(finishes) or need + 1 in misses[p]


# Puffing Billy, Size Matters and Diplomacy: bounds, read on the least a finish (a score) gives against the most
# every other player can score.

PB_EVENT = [
    ["player", "game", "score"],
    ["Ann", "EB", 3.028],
    ["Bo", "EB", 2.492],
    ["Cy", "EB", 1.24],
    ["Ann", "AoS", 1.2],
    ["Bo", "AoS", 3.01],
    ["Cy", "AoS", 2.3],
]


def test_puffing_billy_by_hand() -> None:
    # Totals: Ann 4.228, Bo 5.502, Cy 3.54. A new game's board adds at most 3.045 (3 + 0.03 x 3 x 0.5).
    found = [(n.target, n.player, n.needs, n.kind) for n in pb_needs(PB_EVENT, "TtR", 4, top=2)]
    score = [n.score for n in pb_needs(PB_EVENT, "TtR", 4, top=2)]
    # Bo for 1st must reach Ann's best, 4.228 + 3.045 = 7.273: 1.771 more, which 2nd place (at least 2) gives.
    # Ann's best (7.273) is below Bo's (8.547) but above Bo's worst (5.502): in reach, nothing enough alone.
    # For the top 2, Bo must reach the second best of the others' best: Cy's 3.54 + 3.045 = 6.585.
    # Ann for the top 2 must reach Cy's best 6.585 too: 2.357, more than 2nd can promise (2), so 1st.
    assert found[:2] == [(1, "Bo", 2, "bound"), (1, "Ann", None, "bound")]
    assert score[:2] == [pytest.approx(7.273 - 5.502), None]
    assert found[3:5] == [(2, "Bo", 2, "bound"), (2, "Ann", 1, "bound")]
    assert score[3:5] == [pytest.approx(6.585 - 5.502), pytest.approx(6.585 - 4.228)]


def test_puffing_billy_a_board_of_a_game_played_counts_only_above_the_best() -> None:
    # In EB again, Ann can gain at most 3.045 - 3.028 = 0.017: Bo (5.502) stays first whatever he scores.
    [bo] = pb_needs(PB_EVENT, "EB", 4)
    assert (bo.player, bo.needs, bo.score) == ("Bo", 4, 0)


BOARD = [["board", "player", "centres"], *([1, p, c] for p, c in zip("ABCDEFG", (10, 8, 6, 4, 3, 2, 1), strict=True))]


def test_size_matters_by_hand() -> None:
    # A 7-way draw: 15 x c / (34 / 7); A 10 centres 1050 / 34, B 8 centres 840 / 34; everyone else at most 210.
    first = size_matters_needs(BOARD)[0]
    assert (first.player, first.kind, first.needs) == ("A", "bound", None)
    assert first.score == pytest.approx(840 / 34 + 210 - 1050 / 34)


def test_diplomacy_by_hand() -> None:
    # Sum of Squares: 100 c^2 / 230; A needs B's best, 100 x 64 / 230 + 100, less A's 100 x 100 / 230.
    first = diplomacy_needs(BOARD, "Sum of Squares")[0]
    assert first.score == pytest.approx(100 * 64 / 230 + 100 - 100 * 100 / 230)
    # Best 1 round: each total is the best board; everyone can solo (100), so A needs 100 too.
    assert diplomacy_needs(BOARD, "Sum of Squares", tournament="best N", best=1)[0].score == 100


def test_diplomacy_asks_for_the_most_where_a_solo_is_not_it() -> None:
    with pytest.raises(InputError, match="most is blank"):
        diplomacy_needs(BOARD, "Vulcan")
    assert diplomacy_needs(BOARD, "Vulcan", most=140)[0].kind == "bound"
    with pytest.raises(InputError, match="most"):
        diplomacy_needs(BOARD, "Sum of Squares", most=-1)


_GRID = [Fraction(x) for x in ("0", "0.5", "1.24", "2", "2.5", "3", "3.045")]


@settings(max_examples=15, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(_GRID), min_size=2, max_size=2), min_size=2, max_size=3),
    st.sampled_from(["G1", "New"]),
    st.sampled_from([None, 1]),
    st.integers(1, 2),
)
def test_puffing_billy_a_finish_named_enough_is_enough_against_every_result(
    scores: list[list[Fraction]], game: str, best: int | None, target: int
) -> None:
    """Brute force: a listed player finishing ``needs`` or better (scoring the least that finish gives) reaches
    the target, by PB_STANDINGS, whatever each other player scores on their last board (a grid from 0 to 3.045);
    scoring ``score`` reaches it too, and a thousandth less misses it when everyone else scores 3.045."""
    rows: list[list[object]] = [["player", "game", "score"]]
    players = [f"P{i}" for i in range(len(scores))]
    for player, (first, second) in zip(players, scores, strict=True):
        rows += [[player, "G1", float(first)], [player, "G2", float(second)]]
    least = [3, 2, 1, 0]
    for need in pb_needs(rows, game, 4, top=target, best=best):
        if need.target != target:
            continue
        own = ([Fraction(least[need.needs - 1])] if need.needs else []) + (
            [Fraction(str(round(need.score, 3)))] if need.score is not None else []
        )
        others = [p for p in players if p != need.player]
        for mine in own:
            for theirs in itertools.product(_GRID, repeat=len(others)):
                theirs_rows = [[p, game, float(s)] for p, s in zip(others, theirs, strict=True)]
                last = [[need.player, game, float(mine)], *theirs_rows]
                placed = {s.player: s.place for s in pb_standings(rows + last, best=best)}
                assert placed[need.player] <= target
        if need.score:  # a thousandth less misses when every other player wins with the largest bonus
            short = [[need.player, game, round(need.score - 0.001, 3)], *([p, game, 3.045] for p in others)]
            placed = {s.player: s.place for s in pb_standings(rows + short, best=best)}
            assert placed[need.player] > target


@pytest.mark.parametrize("system", [n for n, s in SYSTEMS.items() if s.solo is not None and s.solo_is_most])
@settings(max_examples=25, deadline=None)
@given(board=boards())
def test_no_draw_scores_above_the_solo_where_the_needs_take_the_solo_as_the_most(
    system: str, board: tuple[list[int], list[int | None], int]
) -> None:
    """DIPLOMACY_NEEDS reads every rival's best as the system's solo score unless told ``most``: no draw beats it.
    (Vulcan's topping bonus and ManorCon's draws do: they are marked, and ask for ``most``.)"""
    centres, years, final = board
    scores = diplomacy_board(system, centres, eliminated=years, final_year=final, chart=[[c] for c in centres])
    solo = SYSTEMS[system].solo
    assert solo is not None
    assert max(scores) <= solo


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.lists(st.integers(0, 10), min_size=0, max_size=3), min_size=2, max_size=4),
    st.sampled_from(["all", "best N", "best two plus half"]),
    st.integers(1, 2),
)
def test_the_least_score_is_the_least_over_every_last_round(
    rounds: list[list[int]], tournament: str, target: int
) -> None:
    """A Diplomacy-like tournament total (every round, the best N, the best two plus half): the least score named
    gets the player there whatever the others score (0 to 10, in steps of a half), and less fails when each other
    player scores 10."""
    scores = {f"P{i}": [Fraction(r) for r in each] for i, each in enumerate(rounds)}

    def total(each: list[Fraction]) -> Fraction:
        ordered = sorted(each, reverse=True)
        if tournament == "all":
            return sum(ordered, Fraction(0))
        if tournament == "best N":
            return sum(ordered[:2], Fraction(0))
        return sum(ordered[:2], Fraction(0)) + sum(ordered[2:], Fraction(0)) / 2

    outlook = Outlook(lambda p, s: total([*scores[p], s]), Fraction(0), Fraction(10), (), lambda p: scores[p])
    now = {p: total(each) for p, each in scores.items()}
    for need in needs_over(now, outlook, [target], "bound"):
        others = [q for q in scores if q != need.player]
        if need.score is None:
            continue
        mine = Fraction(need.score).limit_denominator(1000)
        for theirs in itertools.product([Fraction(h, 2) for h in range(21)], repeat=len(others)):
            after = {q: total([*scores[q], s]) for q, s in zip(others, theirs, strict=True)}
            assert sum(t > total([*scores[need.player], mine]) for t in after.values()) < target
        if mine > 0:
            short = total([*scores[need.player], mine - Fraction(1, 1000)])
            assert sum(total([*scores[q], Fraction(10)]) > short for q in others) >= target
