"""DIPLOMACY_COMPARE: one event under every system, the winner under each, and where it changes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.systems.diplomacy.test_properties import boards
from xlscore import diplomacy_compare, diplomacy_standings
from xlscore.core.errors import InputError
from xlscore.core.systems.diplomacy import SYSTEMS

POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
# The Windy City Weasels' first Tribute game (#398): France 13, Russia 12, Germany and Italy 4, Turkey 1.
WEASELS = [
    ("board", "power", "player", "centres"),
    *(
        (398, power, player, centres)
        for power, player, centres in zip(
            POWERS,
            ("Johnathan", "Cori", "Jay", "Dan", "Chuck", "Christian", "Gwen"),
            (0, 0, 13, 4, 4, 12, 1),
            strict=True,
        )
    ),
]


def test_the_chosen_system_comes_first_then_every_other() -> None:
    rows = diplomacy_compare(WEASELS, "tribute")
    assert [r.system for r in rows] == ["Tribute", *(n for n in SYSTEMS if n != "Tribute")]
    first = rows[0]
    # The game report: France 54.2, Russia 18.2.
    assert (first.winner, first.total, first.chosen_winner_place, first.winner_changes) == ("Jay", 54.2, 1, False)
    assert first.lead == pytest.approx(54.2 - 18.2)


def test_a_draw_size_system_shares_the_win_and_marks_the_change() -> None:
    by_system = {r.system: r for r in diplomacy_compare(WEASELS, "Tribute")}
    # Draw size: five survivors share 100 equally, 20 each, so Jay shares first place with four others.
    draw = by_system["Draw size"]
    assert set(draw.winner.split(", ")) == {"Jay", "Christian", "Dan", "Chuck", "Gwen"}
    assert (draw.total, draw.lead, draw.chosen_winner_place, draw.winner_changes) == (20, 0, 1, True)
    # Sum of Squares: Jay tops with 100 x 169 / 346.
    squares = by_system["Sum of Squares"]
    assert (squares.winner, squares.winner_changes) == ("Jay", False)
    assert squares.total == pytest.approx(100 * 169 / 346)


def test_a_system_that_cannot_score_the_event_says_why_and_the_rest_go_on() -> None:
    by_system = {r.system: r for r in diplomacy_compare(WEASELS, "Tribute")}
    bangkok = by_system["Bangkok"]  # needs the year each eliminated power went out; the table has none
    assert (bangkok.winner, bangkok.total, bangkok.winner_changes) == ("", None, False)
    assert "eliminated" in bangkok.note
    assert "Austria" in bangkok.note
    assert by_system["OpenTribute"].winner == "Jay"


def test_no_results_yet_no_rows() -> None:
    assert diplomacy_compare([("board", "player", "centres")], "Tribute") == ()
    assert diplomacy_compare([("board", "player", "centres")], "Tribute").columns[:3] == ["System", "Family", "Winner"]


def test_the_chosen_system_must_score_the_event() -> None:
    with pytest.raises(InputError, match="eliminated"):
        diplomacy_compare(WEASELS, "Bangkok")
    with pytest.raises(InputError, match="system"):
        diplomacy_compare(WEASELS, "Chess")


@st.composite
def events(draw: st.DrawFn) -> list[tuple[object, ...]]:
    """Two or three boards of seven players drawn from nine, with elimination years and a final year."""
    players = [f"P{i}" for i in range(9)]
    rows: list[tuple[object, ...]] = [("round", "board", "power", "player", "centres", "eliminated", "final year")]
    for round_ in range(1, draw(st.integers(2, 3)) + 1):
        centres, years, final = draw(boards(solo=draw(st.booleans())))
        seated = draw(st.permutations(players))[:7]
        for power, player, c, y in zip(POWERS, seated, centres, years, strict=True):
            rows.append((round_, 1, power, player, c, y, final))
    return rows


@settings(max_examples=15, deadline=None)
@given(event=events(), chosen=st.sampled_from([n for n in SYSTEMS if n not in ("Maxonian", "7Eleven")]))
def test_each_row_is_that_system_s_standings_and_the_change_is_a_change_of_first_place(
    event: list[tuple[object, ...]], chosen: str
) -> None:
    rows = diplomacy_compare(event, chosen)
    top = {s.player for s in diplomacy_standings(event, chosen) if s.place == 1}
    assert rows[0].system == chosen
    assert not rows[0].winner_changes
    for row in rows:
        if row.note:  # the system's own error, word for word, read once for all the systems
            assert (row.winner, row.total, row.winner_changes) == ("", None, False)
            with pytest.raises(InputError) as raised:
                diplomacy_standings(event, row.system)
            assert str(raised.value) == row.note
            continue
        standings = diplomacy_standings(event, row.system)
        first = [s for s in standings if s.place == 1]
        assert row.winner == ", ".join(s.player for s in first)
        assert row.total == first[0].total == max(s.total for s in standings)
        assert row.lead is not None
        assert row.lead >= 0
        assert row.winner_changes == (row.system != chosen and {s.player for s in first} != top)
        assert row.chosen_winner_place == min(s.place for s in standings if s.player in top)
