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
    # Totals: Ann 4.228, Bo 5.502, Cy 3.54. A new game's board adds at most 3.045 (3 + 0.03 x 3 x 0.5). The last
    # round is not TtR's final (final 0): no final bonus.
    found = [(n.target, n.player, n.needs, n.kind) for n in pb_needs(PB_EVENT, "TtR", 4, top=2, final=0)]
    score = [n.score for n in pb_needs(PB_EVENT, "TtR", 4, top=2, final=0)]
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
    [bo] = pb_needs(PB_EVENT, "EB", 4, final=0)
    assert (bo.player, bo.needs, bo.score) == ("Bo", 4, 0)
    # If the round may be EB's final, Cy's EB may become 3.045 + the final's 0.3: 3.345 + 2.3 = 5.645 > Bo's 5.502,
    # so Cy is in reach, and Bo must raise his EB best from 2.492 to 2.635 (5.645 - 3.01): only 1st does.
    bo, cy = pb_needs(PB_EVENT, "EB", 4)
    assert (bo.player, bo.needs, cy.player) == ("Bo", 1, "Cy")
    assert bo.score == pytest.approx(5.645 - 3.01)


def _pb(top: int = 2, final: object = None) -> tuple[list[tuple[int, str, int | None]], list[float | None]]:
    found = pb_needs(PB_EVENT, "TtR", 4, top=top, final=final)
    return [(n.target, n.player, n.needs) for n in found], [n.score for n in found]


def test_puffing_billy_a_round_that_may_be_the_final_gives_everyone_else_its_bonus() -> None:
    # Final blank, no final of TtR in the results: it may be TtR's final, so everyone else's best is a board of
    # 3.045 and the final's 0.3 (+3.345), and the player's own finish counts no bonus (it may not be a final).
    found, score = _pb()
    # Bo for 1st: Ann's best 4.228 + 3.345 = 7.573, 2.071 above Bo's 5.502: more than 2nd's 2, so 1st.
    # Ann and Cy (3.54 + 3.345 = 6.885 above Bo's 5.502) are in reach of 1st; neither can pass Bo's 8.847 alone.
    assert found[:3] == [(1, "Bo", 1), (1, "Ann", None), (1, "Cy", None)]
    assert score[:3] == [pytest.approx(7.573 - 5.502), None, None]
    # The top 2: the second best of the others' best, Cy's 6.885: Bo 1.383 more (2nd), Ann 2.657 more (1st).
    assert found[3:5] == [(2, "Bo", 2), (2, "Ann", 1)]
    assert score[3:5] == [pytest.approx(6.885 - 5.502), pytest.approx(6.885 - 4.228)]


def test_puffing_billy_a_single_board_final_counts_the_bonus_of_each_finish() -> None:
    # final 1: the last round is TtR's final on one board: 1st, 2nd and 3rd are sure of 0.3, 0.2 and 0.1.
    found, score = _pb(final=1)
    # Bo for 1st must reach 7.573: 2nd gives 5.502 + 2 + 0.2 = 7.702, 3rd 5.502 + 1 + 0.1 = 6.602: 2nd. The least
    # board score: between 3rd's 1.5 (+0.1: 7.102) and 2nd's 2 (+0.2: 7.702) no board scores, so the figure lies
    # on the straight line between: 1.5 + (7.573 - 7.102) x 0.5 / 0.6 = 1.8925, which only 2nd place reaches.
    assert found[:3] == [(1, "Bo", 2), (1, "Ann", None), (1, "Cy", None)]
    assert score[0] == pytest.approx(1.5 + (7.573 - 7.102) * 0.5 / 0.6)
    # The top 2 (6.885): Bo in 3rd, 1 + 0.1 = 1.1 < 1.383, so 2nd, from a board of 1.283 (+0.1); Ann 2.657 more:
    # 2nd's 2.2 is short, so 1st, from a board of 2.457 (+0.2: 2nd with money enough).
    assert found[3:5] == [(2, "Bo", 2), (2, "Ann", 1)]
    assert score[3:5] == [pytest.approx(6.885 - 5.502 - 0.1), pytest.approx(6.885 - 4.228 - 0.2)]


def test_puffing_billy_a_final_on_two_boards_is_sure_only_of_a_winners_second_bonus() -> None:
    # final 2: the two board winners are the final's 1st and 2nd (0.3 or 0.2: sure of 0.2); a board's 2nd is sure
    # of nothing. Bo for 1st (7.573): 2nd's 7.502 is short, 1st's 5.502 + 3 + 0.2 = 8.702 is enough; the least
    # board score 2.071 is in 2nd's range, which counts no bonus.
    found, score = _pb(final=2)
    assert found[0] == (1, "Bo", 1)
    assert score[0] == pytest.approx(7.573 - 5.502)


def test_puffing_billy_a_final_played_already_gives_no_bonus_again() -> None:
    # PB_EVENT with Ann's 0.3 for winning EB's final: EB's final is played.
    played = [
        ["player", "game", "score", "final_bonus"],
        ["Ann", "EB", 3.028, 0.3],
        ["Bo", "EB", 2.492, 0],
        ["Cy", "EB", 1.24, 0],
        ["Ann", "AoS", 1.2, 0],
        ["Bo", "AoS", 3.01, 0],
        ["Cy", "AoS", 2.3, 0],
    ]
    with pytest.raises(InputError, match="final is 1, but the final of EB is in the results already"):
        pb_needs(played, "EB", 4, final=1)
    # Blank: no bonus is still to come in EB, so the figures are those of a round that is not a final.
    assert pb_needs(played, "EB", 4) == pb_needs(played, "EB", 4, final=0)
    with pytest.raises(InputError, match="final"):
        pb_needs(PB_EVENT, "TtR", 4, final=-1)


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
    for need in pb_needs(rows, game, 4, top=target, best=best, final=0):
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


_LEAST = [Fraction(p) for p in (3, 2, 1, 0)]
_SURE = {  # the final bonus each finish (1st to 4th) is sure of, as pb_needs' docstring states it, by ``final``
    None: (0, 0, 0, 0),
    1: (Fraction("0.3"), Fraction("0.2"), Fraction("0.1"), 0),
    2: (Fraction("0.2"), 0, 0, 0),
    4: (0, 0, 0, 0),
}
_GAPS = ((Fraction("0.5"), Fraction(1)), (Fraction("1.5"), Fraction(2)), (Fraction("2.5"), Fraction(3)))


def _finish(score: Fraction) -> int:
    """The finish a board score says (1st: 3 or more, 2nd: 2 to 2.5, 3rd: 1 to 1.5, 4th: 0 to 0.5)."""
    return next((f for f, least in enumerate(_LEAST, start=1) if score >= least), 4)


def _board(score: Fraction, up: bool) -> Fraction:
    """The board score a board can give nearest ``score``, upwards or downwards (no board scores 2.5 to 3)."""
    for low, high in _GAPS:
        if low < score < high:
            return high if up else low
    return score


@settings(max_examples=12, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(_GRID), min_size=2, max_size=2), min_size=2, max_size=3),
    st.sampled_from(["G1", "New"]),
    st.sampled_from([None, 1, 2, 4]),
    st.integers(1, 2),
)
def test_puffing_billy_needs_hold_against_every_final_result(
    scores: list[list[Fraction]], game: str, final: int | None, target: int
) -> None:
    """Brute force with a final still to play (``final`` blank: it may be; 1, 2, 4 boards): a player finishing
    ``needs`` (with the bonus that finish is sure of) or scoring ``score`` (the nearest board score up, its
    finish's sure bonus) reaches the target, by PB_STANDINGS, whatever each other player scores (0 to 3.045) and
    whatever final bonus they win (0 or 0.3); a thousandth less misses when everyone else scores 3.045 and 0.3."""
    rows: list[list[object]] = [["player", "game", "score", "final_bonus"]]
    players = [f"P{i}" for i in range(len(scores))]
    for player, (first, second) in zip(players, scores, strict=True):
        rows += [[player, "G1", float(first), None], [player, "G2", float(second), None]]
    sure = _SURE[final]

    def placed(player: str, mine: Fraction, others: dict[str, tuple[Fraction, Fraction]]) -> int:
        own = [player, game, float(mine), float(sure[_finish(mine) - 1])]
        theirs = [[p, game, float(s), float(b)] for p, (s, b) in others.items()]
        return {s.player: s.place for s in pb_standings([*rows, own, *theirs])}[player]

    for need in pb_needs(rows, game, 4, top=target, final=final):
        if need.target != target:
            continue
        own = [_LEAST[need.needs - 1]] if need.needs else []
        if need.score is not None:
            own.append(_board(Fraction(str(round(need.score, 3))), up=True))
        others = [p for p in players if p != need.player]
        results = list(itertools.product(_GRID, [Fraction(0), Fraction("0.3")]))
        for mine in own:
            for theirs in itertools.product(results, repeat=len(others)):
                assert placed(need.player, mine, dict(zip(others, theirs, strict=True))) <= target
        if need.score:  # a thousandth less misses when every other player wins with the largest bonuses
            short = _board(Fraction(str(round(need.score - 0.001, 3))), up=False)
            best = dict.fromkeys(others, (Fraction("3.045"), Fraction("0.3")))
            assert placed(need.player, short, best) > target
