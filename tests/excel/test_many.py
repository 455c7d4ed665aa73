"""A formula given ranges for one-value arguments is computed over whole arrays (``SheetFunction.many``) with the
values and messages the cell-by-cell call gives."""

from __future__ import annotations

import random
from typing import Any

import pytest

from xlscore.excel.functions import edge
from xlscore.excel.functions.catalogue import CATALOGUE


def _cell_by_cell(name: str, args: list[Any]) -> Any:
    function = CATALOGUE[name]
    plain = type(function)(**{**function.__dict__, "many": None})
    return edge.call_cells(plain, args)


def _column(rng: random.Random, size: int, choices: list[Any]) -> list[list[Any]]:
    return [[rng.choice(choices)] for _ in range(size)]


@pytest.mark.parametrize("name", ["RPLOPS", "RPLOPS2", "PLOPS"])
@pytest.mark.parametrize("seed", range(4))
def test_many_and_cell_by_cell_agree(name: str, seed: int) -> None:
    rng = random.Random(seed)
    size = 300
    ranks = _column(rng, size, [1.0, 2.0, 3.0, 4.0, 2.5, 1.5, 7.0, 0.0, None, 3.25, 5, -1.0])
    players = _column(rng, size, [2.0, 3.0, 4.0, 5.0, 6, 1.0, 2.5, None])
    tied = _column(rng, size, [1.0, 1.0, 1.0, 2.0, 3.0, None, 0.0, 1.5])
    if name == "PLOPS":
        args: list[Any] = [ranks, players, tied]
    else:
        hours = _column(rng, size, [1.0, 2.5, 0.75, None, 0.0, -1.0, 1e16])
        args = [ranks, players, hours, [[rng.choice([50.0, 37.5])]], tied]
    got = edge.call_cells(CATALOGUE[name], args)
    assert got == _cell_by_cell(name, args)
    assert any(isinstance(row[0], float) for row in got)
    assert any(row[0] is not None and not isinstance(row[0], float) for row in got)  # some errors, with messages


def test_a_range_of_text_goes_cell_by_cell() -> None:
    args = [[[1.0], ["two"], [3.0]], [[4.0]]]
    got = edge.call_cells(CATALOGUE["RPLOPS"], args)
    assert got == _cell_by_cell("RPLOPS", args)
    assert str(got[1][0].message).startswith("rank is the text 'two'")


def test_rows_as_tuples_a_block_and_a_ragged_range_agree_with_cell_by_cell() -> None:
    ranks = ((1.0, 2.0, None), (3.0, 1.0, 2.5))  # a 2 x 3 block given as tuples, as a caller's array may be
    players = [[3.0, 4.0, 5.0]]  # one row, repeated down the block
    got = edge.call_cells(CATALOGUE["RPLOPS"], [ranks, players])
    assert got == _cell_by_cell("RPLOPS", [ranks, players])
    assert got[0][0] == pytest.approx(2 * 50 * 3 / 4)  # rank 1 of 3, one hour, x 50: (3 + 1 - 1) x 2 x 50 / 4
    assert got[0][2].message == "rank is blank; expected a number 1..5"  # blank beside a player count: an error
    ragged = [[1.0, 2.0], [3.0]]  # a row shorter than the others: #N/A where it has no cell
    got = edge.call_cells(CATALOGUE["RPLOPS"], [ragged, [[4.0]]])
    assert got == _cell_by_cell("RPLOPS", [ragged, [[4.0]]])
    assert got[1][1].code == "#N/A"


def test_a_whole_number_too_large_for_a_float_is_an_error_in_its_cell() -> None:
    # A Python caller can pass one (Excel sends floats): it is worded in its own cell, not raised.
    huge = 10**400
    got = edge.call_cells(CATALOGUE["RPLOPS"], [[[1.0], [huge]], [[4.0]]])
    assert got[0][0] == pytest.approx(80)
    assert got[1][0].code == "#VALUE!"
    assert got[1][0].message.startswith("rank is 1000")
    got = edge.call_cells(CATALOGUE["RPLOPS"], [[[1.0], [2.0]], huge])
    assert [row[0].code for row in got] == ["#VALUE!", "#VALUE!"]
