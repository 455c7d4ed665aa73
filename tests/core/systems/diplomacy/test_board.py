"""Bad boards are refused with a message naming what is wrong; the outcome is read once."""

from __future__ import annotations

import pytest

from xlscore import InputError, diplomacy_board
from xlscore.core.systems.diplomacy.board import read_board


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (((4, 4, 4, 4, 4, 4, 4, 4),), r"centres has 8 values; expected exactly 7"),
        (((12, 10, 8, 5, 0, 0),), r"centres has 6 values; expected exactly 7"),
        (((12, 10, 8, 5, 0, 0, 35),), r"centres\[7\] 35 is outside 0\.\.34"),
        (((12, 10, 8, 4, 0, 0, 0),), None),
        (((12, 10, 8, 4, 0, 0, 0), (True, True, True, True, True, False, False)), r"draw\[5\] puts Italy in the draw"),
        (((12, 10, 8, 4, 0, 0, 0), None, (None, None, 1905)), r"eliminated\[3\] says France went out in 1905"),
        (((14, 10, 8, 2, 1, 0, 0),), r"add up to 35; expected at most 34"),
        (((0,) * 7,), r"all 0"),
        (((18, 10, 6, 0, 0, 0, 0), (True, True)), r"draw names powers besides Austria, which soloed"),
        (((12, 10, 8, 4, 0, 0, 0), ("maybe",)), r"draw\[1\] \(Austria\) is 'maybe'; expected yes or no"),
        (((12, 10, 8, 4, 0, 0, 0), None, (None, None, None, None, 1899)), r"eliminated\[5\] \(Italy\) 1899 is outside"),
        (((12, 10, 8, 4, 0, 0, 0), None, (None, None, None, None, 1908), 1906), r"eliminated\[5\] \(Italy\) 1908"),
        (((12, 10, 8, 4, 0, 0, 0), None, None, None, ((12,), (10,))), r"chart has 2 columns; expected 7"),
        (
            ((12, 10, 8, 4, 0, 0, 0), None, None, None, ((11, 12), (10,), (8,), (4,), (0,), (0,), (0,))),
            r"chart's columns have \[1, 2\] rows",
        ),
        (
            ((12, 10, 8, 4, 0, 0, 0), None, None, None, tuple((c,) for c in (12, 10, 8, 3, 1, 0, 0))),
            r"chart's last row is 12, 10, 8, 3, 1, 0, 0; expected the final centres, 12, 10, 8, 4, 0, 0, 0",
        ),
        (
            ((12, 10, 8, 4, 0, 0, 0), None, None, None, tuple((9, c) for c in (12, 10, 8, 4, 0, 0, 0))),
            r"chart's row for 1901 adds up to 63",
        ),
    ],
)
def test_bad_boards_are_refused_by_name(args: tuple[object, ...], message: str | None) -> None:
    if message is None:
        read_board(*args)  # the well-formed board among them reads
        return
    with pytest.raises(InputError, match=message):
        read_board(*args)


def test_unknown_system_and_missing_years_are_named() -> None:
    with pytest.raises(InputError, match="system 'Carnival' is not a scoring system xlscore knows"):
        diplomacy_board("Carnival", (12, 10, 8, 4, 0, 0, 0))
    with pytest.raises(InputError, match="the year Italy went out is needed by Bangkok"):
        diplomacy_board("Bangkok", (12, 10, 8, 4, 0, 0, 0))
    with pytest.raises(InputError, match=r"final_year is blank; Haight v1\.0 needs it"):
        diplomacy_board("Haight", (18, 10, 6, 0, 0, 0, 0), eliminated=(None, None, None, 1905, 1905, 1905, 1906))
    with pytest.raises(InputError, match="chart is blank; Maxonian separates Italy and Russia, both on 0 centres"):
        diplomacy_board("Maxonian", (14, 10, 6, 4, 0, 0, 0))
    with pytest.raises(InputError, match="draw leaves a survivor out; Size Matters"):
        diplomacy_board("Size Matters", (12, 10, 8, 4, 0, 0, 0), (True, True, True))


def test_outcomes() -> None:
    assert read_board((12, 10, 8, 4, 0, 0, 0)).draw == (True, True, True, True, False, False, False)
    solo = read_board((18, 10, 6, 0, 0, 0, 0))
    assert (solo.soloist, solo.conceded) == (0, False)
    conceded = read_board((14, 10, 6, 0, 0, 0, 0), (None, "yes"))
    assert (conceded.soloist, conceded.conceded) == (1, True)
    # A short draw range (its last cells blank) is padded with no; an all-blank one is every survivor.
    assert read_board((12, 10, 8, 4, 0, 0, 0), ("x", "x")).draw_size == 2
    assert read_board((12, 10, 8, 4, 0, 0, 0), (None, " ")).draw_size == 4
    # A draw marking no power, and a 0 for a year, are what LibreOffice sends for a left-out argument.
    assert read_board((12, 10, 8, 4, 0, 0, 0), (0,), (0,), 0) == read_board((12, 10, 8, 4, 0, 0, 0))


def test_systems_by_family() -> None:
    from xlscore import diplomacy_systems
    from xlscore.core.systems.diplomacy import FAMILIES

    doc = diplomacy_systems.__doc__ or ""
    assert all(f in " ".join(doc.split()) for f in FAMILIES)  # the argument's help lists every family
    assert diplomacy_systems("C DIPLO") == ("C-Diplo 100", "C-Diplo 80", "C-Diplo Namur")
    assert sum(len(diplomacy_systems(f)) for f in FAMILIES) == len(diplomacy_systems())
    with pytest.raises(InputError, match="family is 'Dixiecon'; expected one of draw size"):
        diplomacy_systems("Dixiecon")
