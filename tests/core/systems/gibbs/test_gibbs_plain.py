"""A small history rated in plain Python equals the numpy replay, to the last bit, and leaves it every question."""

from __future__ import annotations

import subprocess
import sys
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.systems.gibbs.histories import seated
from xlscore.core.errors import XlscoreError
from xlscore.core.events import bulk_choice
from xlscore.core.systems.gibbs import GibbsRatings, gibbs_ratings
from xlscore.core.systems.gibbs.plain import read_plain
from xlscore.core.systems.gibbs.rule import pool_sizes

Row = dict[str, object]
POOLS = ("", "", "", "club", "2v2", "3-5P", "1v1", "4p")


@st.composite
def histories(draw: st.DrawFn, dirty: bool) -> list[Row]:
    """Games of 2 to 8 (sometimes 9) players from a small field: ties, fractional places, pools typed and blank,
    game ids as numbers and text; with ``dirty``, now and then a blank cell, a place out of range or as text, a
    player twice, a game id used again."""
    field = draw(st.integers(2, 12))
    rows: list[Row] = []
    for game in range(draw(st.integers(0, 12))):
        n = draw(st.integers(2, min(field, 9 if dirty else 8)))
        seats = draw(st.permutations(range(field)))[:n]
        pool = draw(st.sampled_from([p for p in POOLS if (fits := pool_sizes(p)) is None or n in fits]))
        gid: object = game + 1 if game % 3 else float(game + 1) if game % 2 else f"G{game}"
        for player in seats:
            place: object = draw(st.sampled_from([1, 2, min(3, n), float(n), 1.5, 2.0, n]))
            rows.append({"game": gid, "player": f"P{player}", "place": place, "pool": pool or None, "date": game})
    if dirty and rows:
        row = draw(st.integers(0, len(rows) - 1))
        column, value = draw(
            st.sampled_from([("player", None), ("place", 0), ("place", "2"), ("place", True), ("player", "P0")])
            | st.sampled_from([("game", 1), ("place", 99), ("pool", "1v1"), ("game", " ")])
        )
        rows[row][column] = value
    return rows


def _numpy_way(history: list[Row], **options: object) -> GibbsRatings | str:
    return _ratings(history, **options)  # numpy is loaded here: the numpy way


def _outcome(history: list[Row], **options: object) -> GibbsRatings | str:
    with mock.patch.object(bulk_choice, "numpy_loaded", return_value=False):  # as in a process without numpy
        return _ratings(history, **options)


def _ratings(history: list[Row], **options: object) -> GibbsRatings | str:
    try:
        return gibbs_ratings(history, trajectory=True, **options)  # type: ignore[arg-type]
    except XlscoreError as exc:
        return f"{type(exc).__name__}: {exc}"


OPTIONS = st.fixed_dictionaries(
    {
        "k1": st.sampled_from([None, 0.1, "4p", "2v2", {"club": 0.2}, {"nowhere": 0.1}]),
        "k2": st.sampled_from([1.0, 0.5, 2.0, 0.7, 0.0]),
        "k3": st.sampled_from([503.0, 100.0]),
        "g_exp": st.integers(1, 6),
        "start": st.sampled_from([1500.0, 1234.5]),
        "one_pool": st.booleans(),
    }
)


@settings(max_examples=300, deadline=None)
@given(history=histories(dirty=False), options=OPTIONS)
def test_a_small_history_is_rated_in_python_bit_for_bit_as_numpy_rates_it(
    history: list[Row], options: dict[str, object]
) -> None:
    with mock.patch.object(bulk_choice, "numpy_loaded", return_value=False):  # a clean history is read the plain way
        assert read_plain(history, bool(options["one_pool"])) is not None
    assert _outcome(history, **options) == _numpy_way(history, **options)


@settings(max_examples=300, deadline=None)
@given(history=histories(dirty=True), options=OPTIONS)
def test_what_the_plain_way_does_not_take_the_numpy_way_answers(history: list[Row], options: dict[str, object]) -> None:
    """Blank cells, bad places, repeats and games split in two: the same figures or the same message either way."""
    assert _outcome(history, **options) == _numpy_way(history, **options)


def test_the_published_first_game_of_four_newcomers() -> None:
    """Four newcomers, places 1-4: RP_avg 1500, G = 1 of G_total 4, S = 503, 503/3, -503/3, -503 (the docs' game)."""
    table = gibbs_ratings(seated("Ann Bo Cy Di")).table
    k1, share = 0.08, 1 - 1 / 4
    expected = [1500 + k1 * s * share for s in (503, 503 / 3, -503 / 3, -503)]
    assert [r.rp for r in table] == expected


def test_standings_of_a_small_ladder_do_not_load_numpy() -> None:
    code = (
        "import sys\n"
        "from xlscore.core.systems.gibbs import gibbs_ratings\n"
        "rows = [['game', 'player', 'place']] + [[g, p, i + 1] for g in range(50) for i, p in enumerate('abcd')]\n"
        "gibbs_ratings(rows, trajectory=True)\n"
        "print('numpy' in sys.modules, 'pandas' in sys.modules)\n"
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.split() == ["False", "False"]
