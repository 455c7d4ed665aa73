"""dipvis's own test cases for the systems where xlscore and dipvis were compared (issue 29), as dipvis's figures.

dipvis is the Diplomacy Tournament Visualiser (github.com/UEWBot/dipvis, commit 3e4afdba, August 2026); each case
names the file under visualiser/tournament/game_scoring/ and the test it comes from, and its expected scores are
that test's EXPECT written as dipvis wrote them. They are an independent reference: written by dipvis's author from
the rules, not produced by xlscore.

``other_reading`` marks the cases where a system's own published page settles a question against dipvis (Bangkok's
and ManorCon's year out, World Classic's losers to a solo, OpenTribute's rounding): there dipvis's figures are
xlscore's other reading, and ``test_where_xlscore_follows_the_published_page`` checks the page's figure.
"""

from __future__ import annotations

from math import floor
from typing import NamedTuple

import pytest

from xlscore import diplomacy_board, diplomacy_points, diplomacy_standings
from xlscore.core.errors import InputError
from xlscore.core.systems.diplomacy import POWER_NAMES as POWERS
from xlscore.core.systems.diplomacy import SYSTEM_COLUMNS, SYSTEMS, system_row


class Case(NamedTuple):
    system: str
    file: str
    test: str
    other_reading: bool
    centres: tuple[int, ...]
    eliminated: tuple[int | None, ...]
    final_year: int
    draw: list[int] | None
    expected: tuple[float, ...]


#    system, dipvis test file, dipvis test, other reading, centres, eliminated, final year, draw, dipvis's EXPECT
CASES = (
    Case(
        "Bangkok",
        "test_bangkok.py",
        "test_g_scoring_bangkok_no_solo1",
        True,
        (0, 5, 4, 8, 4, 5, 8),
        (1904, None, None, None, None, None, None),
        1904,
        None,
        (0.9, 5 + 0 + 3, 4 + 0 + 3, 8 + 6 + 3, 4 + 0 + 3, 5 + 0 + 3, 8 + 6 + 3),
    ),
    Case(
        "Bangkok",
        "test_bangkok.py",
        "test_g_scoring_bangkok_no_solo2",
        True,
        (0, 5, 3, 13, 3, 4, 6),
        (1904, None, None, None, None, None, None),
        1905,
        None,
        (0.9, 5 + 0 + 3, 3 + 0 + 3, 13 + 12 + 3, 3 + 0 + 3, 4 + 0 + 3, 6 + 0 + 3),
    ),
    Case(
        "Bangkok",
        "test_bangkok.py",
        "test_g_scoring_bangkok_no_solo3",
        True,
        (0, 5, 0, 17, 0, 5, 7),
        (1904, None, 1906, None, 1906, None, None),
        1906,
        None,
        (0.9, 5 + 0 + 3, 1.5, 17 + 12 + 3, 1.5, 5 + 0 + 3, 7 + 0 + 3),
    ),
    Case(
        "Bangkok",
        "test_bangkok.py",
        "test_g_scoring_bangkok_solo",
        False,
        (0, 4, 0, 18, 0, 5, 7),
        (1904, None, 1906, None, 1906, None, None),
        1907,
        None,
        (0, 0.5 * 4, 0, 41, 0, 0.5 * 5, 0.5 * 7),
    ),
    Case(
        "Olympic",
        "test_olympic.py",
        "test_g_scoring_olympic_no_solo1",
        False,
        (0, 5, 4, 8, 4, 5, 8),
        (1904, None, None, None, None, None, None),
        1904,
        None,
        (3 * 0.3, 5 + 0 + 3, 4 + 0 + 3, 8 + 12 * (4 / 8) + 3, 4 + 0 + 3, 5 + 0 + 3, 8 + 12 * (4 / 8) + 3),
    ),
    Case(
        "Olympic",
        "test_olympic.py",
        "test_g_scoring_olympic_no_solo2",
        False,
        (0, 5, 3, 13, 3, 4, 6),
        (1904, None, None, None, None, None, None),
        1905,
        None,
        (3 * 0.3, 5 + 0 + 3, 3 + 0 + 3, 13 + 12 + 3, 3 + 0 + 3, 4 + 0 + 3, 6 + 0 + 3),
    ),
    Case(
        "Olympic",
        "test_olympic.py",
        "test_g_scoring_olympic_no_solo3",
        False,
        (0, 5, 0, 17, 0, 5, 7),
        (1904, None, 1906, None, 1906, None, None),
        1906,
        None,
        (3 * 0.3, 5 + 0 + 3, 5 * 0.3, 17 + 12 + 3, 5 * 0.3, 5 + 0 + 3, 7 + 0 + 3),
    ),
    Case(
        "Olympic",
        "test_olympic.py",
        "test_g_scoring_olympic_no_solo4",
        False,
        (0, 5, 4, 8, 4, 6, 7),
        (1904, None, None, None, None, None, None),
        1904,
        None,
        (
            3 * 0.3,
            5 + 0 + 3,
            4 + 0 + 3,
            8 + 12 * (4 / 6) + 3,
            4 + 0 + 3,
            6 + 12 * (0.5 / 6) + 3,
            7 + 12 * (1.5 / 6) + 3,
        ),
    ),
    Case(
        "Olympic",
        "test_olympic.py",
        "test_g_scoring_olympic_no_solo5",
        False,
        (0, 6, 3, 8, 3, 6, 8),
        (1904, None, None, None, None, None, None),
        1904,
        None,
        (
            3 * 0.3,
            6 + 12 * (0.5 / 9) + 3,
            3 + 0 + 3,
            8 + 12 * (4 / 9) + 3,
            3 + 0 + 3,
            6 + 12 * (0.5 / 9) + 3,
            8 + 12 * (4 / 9) + 3,
        ),
    ),
    Case(
        "Olympic",
        "test_olympic.py",
        "test_g_scoring_olympic_solo",
        False,
        (0, 4, 0, 18, 0, 5, 7),
        (1904, None, 1906, None, 1906, None, None),
        1907,
        None,
        (0, 0, 0, 46, 0, 0, 0),
    ),
    Case(
        "ManorCon",
        "test_manorcon.py",
        "test_g_scoring_manorcon_no_solo1",
        True,
        (0, 5, 4, 8, 4, 5, 8),
        (1904, None, None, None, None, None, None),
        1904,
        None,
        (0.3, 100 * 61 / 458, 100 * 48 / 458, 100 * 112 / 458, 100 * 48 / 458, 100 * 61 / 458, 100 * 112 / 458),
    ),
    Case(
        "ManorCon",
        "test_manorcon.py",
        "test_g_scoring_manorcon_no_solo2",
        True,
        (0, 5, 3, 13, 3, 4, 6),
        (1904, None, None, None, None, None, None),
        1905,
        None,
        (0.3, 100 * 61 / 512, 100 * 37 / 512, 100 * 237 / 512, 100 * 37 / 512, 100 * 48 / 512, 100 * 76 / 512),
    ),
    Case(
        "ManorCon",
        "test_manorcon.py",
        "test_g_scoring_manorcon_no_solo3",
        True,
        (0, 5, 0, 17, 0, 5, 7),
        (1904, None, 1906, None, 1906, None, None),
        1906,
        None,
        (0.3, 100 * 61 / 636, 0.5, 100 * 373 / 636, 0.5, 100 * 61 / 636, 100 * 93 / 636),
    ),
    Case(
        "ManorCon",
        "test_manorcon.py",
        "test_g_scoring_manorcon_solo",
        True,
        (0, 4, 0, 18, 0, 5, 7),
        (1904, None, 1906, None, 1906, None, None),
        1907,
        None,
        (0.3, 0.6, 0.5, 75, 0.5, 0.6, 0.6),
    ),
    Case(
        "Original ManorCon",
        "test_manorcon.py",
        "test_g_scoring_manorcon2_no_solo1",
        False,
        (0, 5, 4, 8, 4, 5, 8),
        (1904, None, None, None, None, None, None),
        1904,
        None,
        (0.3, 100 * 61 / 458, 100 * 48 / 458, 100 * 112 / 458, 100 * 48 / 458, 100 * 61 / 458, 100 * 112 / 458),
    ),
    Case(
        "Original ManorCon",
        "test_manorcon.py",
        "test_g_scoring_manorcon2_no_solo2",
        False,
        (0, 5, 3, 13, 3, 4, 6),
        (1904, None, None, None, None, None, None),
        1905,
        None,
        (0.3, 100 * 61 / 512, 100 * 37 / 512, 100 * 237 / 512, 100 * 37 / 512, 100 * 48 / 512, 100 * 76 / 512),
    ),
    Case(
        "Original ManorCon",
        "test_manorcon.py",
        "test_g_scoring_manorcon2_no_solo3",
        False,
        (0, 5, 0, 17, 0, 5, 7),
        (1904, None, 1906, None, 1906, None, None),
        1906,
        None,
        (0.3, 100 * 61 / 636, 0.5, 100 * 373 / 636, 0.5, 100 * 61 / 636, 100 * 93 / 636),
    ),
    Case(
        "Original ManorCon",
        "test_manorcon.py",
        "test_g_scoring_manorcon2_solo",
        False,
        (0, 4, 0, 18, 0, 5, 7),
        (1904, None, 1906, None, 1906, None, None),
        1907,
        None,
        (0.3, 0.6, 0.5, 100, 0.5, 0.6, 0.6),
    ),
    Case(
        "ManorCon v2",
        "test_manorcon.py",
        "test_g_scoring_manorconv2_no_solo1",
        False,
        (0, 5, 4, 8, 4, 5, 8),
        (1904, None, None, None, None, None, None),
        1904,
        None,
        (0.3, 100 * 61 / 442, 100 * 48 / 442, 100 * 112 / 442, 100 * 48 / 442, 100 * 61 / 442, 100 * 112 / 442),
    ),
    Case(
        "ManorCon v2",
        "test_manorcon.py",
        "test_g_scoring_manorconv2_no_solo2",
        False,
        (0, 5, 3, 13, 3, 4, 6),
        (1904, None, None, None, None, None, None),
        1905,
        None,
        (0.3, 100 * 61 / 496, 100 * 37 / 496, 100 * 237 / 496, 100 * 37 / 496, 100 * 48 / 496, 100 * 76 / 496),
    ),
    Case(
        "ManorCon v2",
        "test_manorcon.py",
        "test_g_scoring_manorconv2_no_solo3",
        False,
        (0, 5, 0, 17, 0, 5, 7),
        (1904, None, 1906, None, 1906, None, None),
        1906,
        None,
        (0.3, 100 * 61 / 588, 0.5, 100 * 373 / 588, 0.5, 100 * 61 / 588, 100 * 93 / 588),
    ),
    Case(
        "ManorCon v2",
        "test_manorcon.py",
        "test_g_scoring_manorconv2_solo",
        False,
        (0, 4, 0, 18, 0, 5, 7),
        (1904, None, 1906, None, 1906, None, None),
        1907,
        None,
        (0.3, 0.6, 0.5, 100, 0.5, 0.6, 0.6),
    ),
    Case(
        "Ranked Classic",
        "test_ranked_classic.py",
        "test_g_scoring_rankedclassic_no_solo1",
        False,
        (0, 10, 9, 8, 5, 0, 2),
        (1904, None, None, None, None, 1908, None),
        1908,
        None,
        (3, 30 + 10 * 10 + 200, 30 + 9 * 10 + 90, 30 + 8 * 10 + 60, 30 + 5 * 10 + 40, 7, 30 + 2 * 10 + 30),
    ),
    Case(
        "Ranked Classic v2",
        "test_ranked_classic.py",
        "test_g_scoring_rankedclassic_no_solo1",
        False,
        (0, 10, 9, 8, 5, 0, 2),
        (1904, None, None, None, None, 1908, None),
        1908,
        None,
        (3, 30 + 10 * 10 + 200, 30 + 9 * 10 + 90, 30 + 8 * 10 + 60, 30 + 5 * 10 + 40, 7, 30 + 2 * 10 + 30),
    ),
    Case(
        "Ranked Classic",
        "test_ranked_classic.py",
        "test_g_scoring_rankedclassic_no_solo2",
        False,
        (0, 17, 0, 10, 4, 0, 3),
        (1904, None, 1908, None, None, 1908, None),
        1908,
        None,
        (3, 30 + 17 * 10 + 200, 7, 30 + 10 * 10 + 90, 30 + 4 * 10 + 60, 7, 30 + 3 * 10 + 40),
    ),
    Case(
        "Ranked Classic v2",
        "test_ranked_classic.py",
        "test_g_scoring_rankedclassic_no_solo2",
        False,
        (0, 17, 0, 10, 4, 0, 3),
        (1904, None, 1908, None, None, 1908, None),
        1908,
        None,
        (3, 30 + 17 * 10 + 200, 7, 30 + 10 * 10 + 90, 30 + 4 * 10 + 60, 7, 30 + 3 * 10 + 40),
    ),
    Case(
        "Ranked Classic",
        "test_ranked_classic.py",
        "test_g_scoring_rankedclassic_no_solo3",
        False,
        (0, 11, 0, 11, 11, 0, 1),
        (1904, None, 1908, None, None, 1908, None),
        1908,
        None,
        (3, 30 + 11 * 10 + 60, 7, 30 + 11 * 10 + 60, 30 + 11 * 10 + 60, 7, 30 + 1 * 10 + 40),
    ),
    Case(
        "Ranked Classic v2",
        "test_ranked_classic.py",
        "test_g_scoring_rankedclassic_no_solo3",
        False,
        (0, 11, 0, 11, 11, 0, 1),
        (1904, None, 1908, None, None, 1908, None),
        1908,
        None,
        (3, 30 + 11 * 10 + 70, 7, 30 + 11 * 10 + 70, 30 + 11 * 10 + 70, 7, 30 + 1 * 10 + 40),
    ),
    Case(
        "Ranked Classic",
        "test_ranked_classic.py",
        "test_g_scoring_rankedclassic_no_solo4",
        False,
        (0, 12, 0, 11, 11, 0, 0),
        (1904, None, 1908, None, None, 1907, 1907),
        1908,
        None,
        (3, 30 + 12 * 10 + 200, 7, 30 + 11 * 10 + 70, 30 + 11 * 10 + 70, 6, 6),
    ),
    Case(
        "Ranked Classic v2",
        "test_ranked_classic.py",
        "test_g_scoring_rankedclassic_no_solo4",
        False,
        (0, 12, 0, 11, 11, 0, 0),
        (1904, None, 1908, None, None, 1907, 1907),
        1908,
        None,
        (3, 30 + 12 * 10 + 200, 7, 30 + 11 * 10 + 70, 30 + 11 * 10 + 70, 6, 6),
    ),
    Case(
        "Ranked Classic",
        "test_ranked_classic.py",
        "test_g_scoring_rankedclassic_no_solo5",
        False,
        (0, 12, 0, 10, 10, 0, 2),
        (1904, None, 1908, None, None, 1908, None),
        1908,
        None,
        (3, 30 + 12 * 10 + 200, 7, 30 + 10 * 10 + 70, 30 + 10 * 10 + 70, 7, 30 + 2 * 10 + 40),
    ),
    Case(
        "Ranked Classic v2",
        "test_ranked_classic.py",
        "test_g_scoring_rankedclassic_no_solo5",
        False,
        (0, 12, 0, 10, 10, 0, 2),
        (1904, None, 1908, None, None, 1908, None),
        1908,
        None,
        (3, 30 + 12 * 10 + 200, 7, 30 + 10 * 10 + 70, 30 + 10 * 10 + 70, 7, 30 + 2 * 10 + 40),
    ),
    Case(
        "Ranked Classic",
        "test_ranked_classic.py",
        "test_g_scoring_rankedclassic_no_solo6",
        False,
        (2, 7, 2, 9, 10, 2, 2),
        (None, None, None, None, None, None, None),
        1908,
        None,
        (
            30 + 2 * 10 + 10,
            30 + 7 * 10 + 60,
            30 + 2 * 10 + 10,
            30 + 9 * 10 + 90,
            30 + 10 * 10 + 200,
            30 + 2 * 10 + 10,
            30 + 2 * 10 + 10,
        ),
    ),
    Case(
        "Ranked Classic v2",
        "test_ranked_classic.py",
        "test_g_scoring_rankedclassic_no_solo6",
        False,
        (2, 7, 2, 9, 10, 2, 2),
        (None, None, None, None, None, None, None),
        1908,
        None,
        (
            30 + 2 * 10 + 15,
            30 + 7 * 10 + 60,
            30 + 2 * 10 + 15,
            30 + 9 * 10 + 90,
            30 + 10 * 10 + 200,
            30 + 2 * 10 + 15,
            30 + 2 * 10 + 15,
        ),
    ),
    Case(
        "Ranked Classic",
        "test_ranked_classic.py",
        "test_g_scoring_rankedclassic_solo",
        False,
        (0, 18, 0, 10, 4, 0, 2),
        (1904, None, 1908, None, None, 1908, None),
        1911,
        None,
        (3, 550, 7, 10, 10, 7, 10),
    ),
    Case(
        "Ranked Classic v2",
        "test_ranked_classic.py",
        "test_g_scoring_rankedclassic_solo",
        False,
        (0, 18, 0, 10, 4, 0, 2),
        (1904, None, 1908, None, None, 1908, None),
        1911,
        None,
        (3, 550, 7, 10, 10, 7, 10),
    ),
    Case(
        "Sydney League",
        "test_sydney_league.py",
        "test_g_scoring_sydneyleague_no_solo_1",
        False,
        (5, 4, 5, 5, 4, 5, 4),
        (None, None, None, None, None, None, None),
        1901,
        None,
        (
            ((700 + 600 + 500 + 400) / 4) + (25 * 5),
            ((300 + 200 + 100) / 3) + (25 * 4),
            ((700 + 600 + 500 + 400) / 4) + (25 * 5),
            ((700 + 600 + 500 + 400) / 4) + (25 * 5),
            ((300 + 200 + 100) / 3) + (25 * 4),
            ((700 + 600 + 500 + 400) / 4) + (25 * 5),
            ((300 + 200 + 100) / 3) + (25 * 4),
        ),
    ),
    Case(
        "Sydney League",
        "test_sydney_league.py",
        "test_g_scoring_sydneyleague_no_solo_2",
        False,
        (0, 5, 0, 17, 0, 5, 7),
        (1904, None, 1906, None, 1906, None, None),
        1907,
        None,
        (
            100 + 4,
            ((500 + 400) / 2) + (25 * 5),
            ((300 + 200) / 2) + 6,
            700 + (25 * 17),
            ((300 + 200) / 2) + 6,
            ((500 + 400) / 2) + (25 * 5),
            600 + (25 * 7),
        ),
    ),
    Case(
        "Sydney League",
        "test_sydney_league.py",
        "test_g_scoring_sydneyleague_solo",
        False,
        (0, 4, 0, 18, 0, 5, 7),
        (1904, None, 1906, None, 1906, None, None),
        1907,
        None,
        (
            (100 + 4) * 0.5,
            (400 + (25 * 4)) * 0.5,
            (((300 + 200) / 2) + 6) * 0.5,
            (700 + (25 * 18)) * 1.5,
            (((300 + 200) / 2) + 6) * 0.5,
            (500 + (25 * 5)) * 0.5,
            (600 + (25 * 7)) * 0.5,
        ),
    ),
    Case(
        "World Classic",
        "test_world_classic.py",
        "test_g_scoring_world_classic_no_solo1",
        False,
        (0, 5, 4, 8, 4, 5, 8),
        (1904, None, None, None, None, None, None),
        1904,
        None,
        (3, 30 + 10 * 5, 30 + 10 * 4, 30 + 10 * 8 + 48 / 2, 30 + 10 * 4, 30 + 10 * 5, 30 + 10 * 8 + 48 / 2),
    ),
    Case(
        "World Classic",
        "test_world_classic.py",
        "test_g_scoring_world_classic_no_solo2",
        False,
        (0, 5, 3, 13, 3, 4, 6),
        (1904, None, None, None, None, None, None),
        1905,
        None,
        (3, 30 + 10 * 5, 30 + 10 * 3, 30 + 10 * 13 + 48, 30 + 10 * 3, 30 + 10 * 4, 30 + 10 * 6),
    ),
    Case(
        "World Classic",
        "test_world_classic.py",
        "test_g_scoring_world_classic_no_solo3",
        False,
        (0, 5, 0, 17, 0, 5, 7),
        (1904, None, 1906, None, 1906, None, None),
        1906,
        None,
        (3, 30 + 10 * 5, 5, 30 + 10 * 17 + 48, 5, 30 + 10 * 5, 30 + 10 * 7),
    ),
    Case(
        "World Classic",
        "test_world_classic.py",
        "test_g_scoring_world_classic_3way",
        False,
        (4, 4, 4, 6, 4, 6, 6),
        (None, None, None, None, None, None, None),
        1902,
        None,
        (
            30 + 10 * 4,
            30 + 10 * 4,
            30 + 10 * 4,
            30 + 10 * 6 + 48 / 3,
            30 + 10 * 4,
            30 + 10 * 6 + 48 / 3,
            30 + 10 * 6 + 48 / 3,
        ),
    ),
    Case(
        "Summer Classic",
        "test_world_classic.py",
        "test_g_scoring_summer_classic_3way",
        False,
        (4, 4, 4, 6, 4, 6, 6),
        (None, None, None, None, None, None, None),
        1902,
        None,
        (30 + 10 * 4, 30 + 10 * 4, 30 + 10 * 4, 30 + 10 * 6, 30 + 10 * 4, 30 + 10 * 6, 30 + 10 * 6),
    ),
    Case(
        "World Classic",
        "test_world_classic.py",
        "test_g_scoring_world_classic_solo",
        True,
        (0, 4, 0, 18, 0, 5, 7),
        (1904, None, 1906, None, 1906, None, None),
        1907,
        None,
        (3, 6, 5, 420, 5, 6, 6),
    ),
    Case(
        "OpenTribute",
        "test_open_tribute.py",
        "test_g_scoring_opentribute_no_solo",
        True,
        (5, 4, 5, 5, 4, 5, 4),
        (None, None, None, None, None, None, None),
        1901,
        None,
        (
            34 + 3 * 5 + floor((1 + 1 + 1) / 4**2),
            34 + 3 * 4 - 1,
            34 + 3 * 5 + floor((1 + 1 + 1) / 4**2),
            34 + 3 * 5 + floor((1 + 1 + 1) / 4**2),
            34 + 3 * 4 - 1,
            34 + 3 * 5 + floor((1 + 1 + 1) / 4**2),
            34 + 3 * 4 - 1,
        ),
    ),
    Case(
        "OpenTribute",
        "test_open_tribute.py",
        "test_g_scoring_opentribute_tied_top",
        True,
        (0, 5, 4, 8, 4, 5, 8),
        (1904, None, None, None, None, None, None),
        1904,
        None,
        (
            0,
            34 + 3 * 5 - 3,
            34 + 3 * 4 - 4,
            34 + 3 * 8 + floor((8 + 4 + 4 + 3 + 3) / 2**2),
            34 + 3 * 4 - 4,
            34 + 3 * 5 - 3,
            34 + 3 * 8 + floor((8 + 4 + 4 + 3 + 3) / 2**2),
        ),
    ),
    Case(
        "OpenTribute",
        "test_open_tribute.py",
        "test_g_scoring_opentribute_no_solo_2",
        False,
        (0, 5, 3, 13, 3, 4, 6),
        (1904, None, None, None, None, None, None),
        1905,
        None,
        (
            0,
            34 + 3 * 5 - 8,
            34 + 3 * 3 - 10,
            34 + 3 * 13 + (13 + 10 + 10 + 9 + 8 + 7),
            34 + 3 * 3 - 10,
            34 + 3 * 4 - 9,
            34 + 3 * 6 - 7,
        ),
    ),
    Case(
        "OpenTribute",
        "test_open_tribute.py",
        "test_g_scoring_opentribute_no_solo_3",
        False,
        (0, 5, 0, 17, 0, 5, 7),
        (1904, None, 1906, None, 1906, None, None),
        1906,
        None,
        (0, 34 + 3 * 5 - 12, 0, 34 + 3 * 17 + (17 + 17 + 17 + 12 + 12 + 10), 0, 34 + 3 * 5 - 12, 34 + 3 * 7 - 10),
    ),
    Case(
        "OpenTribute",
        "test_open_tribute.py",
        "test_g_scoring_opentribute_solo",
        False,
        (0, 4, 0, 18, 0, 5, 7),
        (1904, None, 1906, None, 1906, None, None),
        1907,
        None,
        (0, 0, 0, 340, 0, 0, 0),
    ),
    Case(
        "Detour09",
        "test_detour09.py",
        "test_g_scoring_detour09_no_solo1",
        False,
        (0, 5, 4, 8, 4, 5, 8),
        (1904, None, None, None, None, None, None),
        1904,
        None,
        (
            0.75,
            100 * 8 / (6 + 6 + 8 + 8 + 13 + 13),
            100 * 6 / (6 + 6 + 8 + 8 + 13 + 13),
            100 * 13 / (6 + 6 + 8 + 8 + 13 + 13),
            100 * 6 / (6 + 6 + 8 + 8 + 13 + 13),
            100 * 8 / (6 + 6 + 8 + 8 + 13 + 13),
            100 * 13 / (6 + 6 + 8 + 8 + 13 + 13),
        ),
    ),
    Case(
        "Detour09",
        "test_detour09.py",
        "test_g_scoring_detour09_no_solo2",
        False,
        (0, 5, 3, 13, 3, 4, 6),
        (1904, None, None, None, None, None, None),
        1905,
        None,
        (
            0.75,
            100 * 9 / (5 + 5 + 7 + 9 + 11 + 26),
            100 * 5 / (5 + 5 + 7 + 9 + 11 + 26),
            100 * 26 / (5 + 5 + 7 + 9 + 11 + 26),
            100 * 5 / (5 + 5 + 7 + 9 + 11 + 26),
            100 * 7 / (5 + 5 + 7 + 9 + 11 + 26),
            100 * 11 / (5 + 5 + 7 + 9 + 11 + 26),
        ),
    ),
    Case(
        "Detour09",
        "test_detour09.py",
        "test_g_scoring_detour09_no_solo3",
        False,
        (0, 5, 0, 17, 0, 5, 7),
        (1904, None, 1909, None, 1909, None, None),
        1909,
        None,
        (
            0.75,
            100 * 8 / (8 + 8 + 12 + 33),
            2.0,
            100 * 33 / (8 + 8 + 12 + 33),
            2.0,
            100 * 8 / (8 + 8 + 12 + 33),
            100 * 12 / (8 + 8 + 12 + 33),
        ),
    ),
    Case(
        "Detour09",
        "test_detour09.py",
        "test_g_scoring_detour09_solo",
        False,
        (0, 4, 0, 18, 0, 5, 7),
        (1904, None, 1909, None, 1909, None, None),
        1910,
        None,
        (0.75, 2.00, 2.00, 110, 2.00, 2.00, 2.00),
    ),
    Case(
        "Detour09",
        "test_detour09.py",
        "test_g_scoring_detour09_3_equal_top",
        False,
        (4, 4, 4, 6, 4, 6, 6),
        (None, None, None, None, None, None, None),
        1902,
        None,
        (
            100 * 6 / (6 + 6 + 6 + 6 + 10 + 10 + 10),
            100 * 6 / (6 + 6 + 6 + 6 + 10 + 10 + 10),
            100 * 6 / (6 + 6 + 6 + 6 + 10 + 10 + 10),
            100 * 10 / (6 + 6 + 6 + 6 + 10 + 10 + 10),
            100 * 6 / (6 + 6 + 6 + 6 + 10 + 10 + 10),
            100 * 10 / (6 + 6 + 6 + 6 + 10 + 10 + 10),
            100 * 10 / (6 + 6 + 6 + 6 + 10 + 10 + 10),
        ),
    ),
    Case(
        "Detour09",
        "test_detour09.py",
        "test_g_scoring_detour09_4_equal_top",
        False,
        (5, 4, 5, 5, 4, 5, 4),
        (None, None, None, None, None, None, None),
        1901,
        None,
        (
            100 * 8 / (6 + 6 + 6 + 8 + 8 + 8 + 8),
            100 * 6 / (6 + 6 + 6 + 8 + 8 + 8 + 8),
            100 * 8 / (6 + 6 + 6 + 8 + 8 + 8 + 8),
            100 * 8 / (6 + 6 + 6 + 8 + 8 + 8 + 8),
            100 * 6 / (6 + 6 + 6 + 8 + 8 + 8 + 8),
            100 * 8 / (6 + 6 + 6 + 8 + 8 + 8 + 8),
            100 * 6 / (6 + 6 + 6 + 8 + 8 + 8 + 8),
        ),
    ),
    Case(
        "Detour09",
        "test_detour09.py",
        "test_g_scoring_detour09_2_equal_below_top",
        False,
        (2, 3, 4, 10, 4, 5, 6),
        (None, None, None, None, None, None, None),
        1907,
        None,
        (
            100 * 4 / (20 + 11 + 9 + 6 + 6 + 5 + 4),
            100 * 5 / (20 + 11 + 9 + 6 + 6 + 5 + 4),
            100 * 6 / (20 + 11 + 9 + 6 + 6 + 5 + 4),
            100 * 20 / (20 + 11 + 9 + 6 + 6 + 5 + 4),
            100 * 6 / (20 + 11 + 9 + 6 + 6 + 5 + 4),
            100 * 9 / (20 + 11 + 9 + 6 + 6 + 5 + 4),
            100 * 11 / (20 + 11 + 9 + 6 + 6 + 5 + 4),
        ),
    ),
    Case(
        "Detour09",
        "test_detour09.py",
        "test_g_scoring_detour09_3_equal_below_top",
        False,
        (2, 3, 4, 10, 4, 4, 7),
        (None, None, None, None, None, None, None),
        1907,
        None,
        (
            100 * 4 / (19 + 12 + 6 + 6 + 6 + 5 + 4),
            100 * 5 / (19 + 12 + 6 + 6 + 6 + 5 + 4),
            100 * 6 / (19 + 12 + 6 + 6 + 6 + 5 + 4),
            100 * 19 / (19 + 12 + 6 + 6 + 6 + 5 + 4),
            100 * 6 / (19 + 12 + 6 + 6 + 6 + 5 + 4),
            100 * 6 / (19 + 12 + 6 + 6 + 6 + 5 + 4),
            100 * 12 / (19 + 12 + 6 + 6 + 6 + 5 + 4),
        ),
    ),
)


@pytest.mark.parametrize("case", CASES, ids=[f"{c.system}:{c.test}" for c in CASES])
def test_dipvis_case(case: Case) -> None:
    scores = diplomacy_board(
        case.system,
        case.centres,
        eliminated=case.eliminated,
        final_year=case.final_year,
        other_reading=case.other_reading,
    )
    assert scores == pytest.approx(case.expected, abs=1e-9)


def test_every_system_compared_has_dipvis_cases() -> None:
    compared = {
        "Bangkok",
        "Olympic",
        "ManorCon",
        "Original ManorCon",
        "ManorCon v2",
        "Ranked Classic",
        "Ranked Classic v2",
        "Sydney League",
        "World Classic",
        "Summer Classic",
        "OpenTribute",
        "Detour09",
    }
    assert {c.system for c in CASES} == compared
    assert compared <= set(SYSTEMS)


BOARD = (0, 5, 0, 17, 0, 5, 7)  # dipvis's test boards: Austria out in 1904, France and Italy in 1906
OUT = (1904, None, 1906, None, 1906, None, None)
SOLO = (0, 4, 0, 18, 0, 5, 7)  # the same, Germany soloing in 1907


def test_where_xlscore_follows_the_published_page() -> None:
    # Bangkok 2020 (World Diplomacy Wiki): "players eliminated in 1905 receive 5yrs x 0.3": out in 1904, 4 x 0.3.
    assert diplomacy_board("Bangkok", BOARD, eliminated=OUT)[0] == pytest.approx(4 * 0.3)
    # ManorCon's page: 0.10 "for every year they played, including the year they were eliminated"; a survivor of a
    # solo "as if they have been eliminated in the year of the solo" (1901 to 1907: 0.7).
    assert diplomacy_board("ManorCon", SOLO, eliminated=OUT, final_year=1907)[:3] == pytest.approx((0.4, 0.7, 0.6))
    # World Classic (World Diplomacy Wiki): year points "in a non solo game" only.
    assert diplomacy_board("World Classic", SOLO, eliminated=OUT, final_year=1907) == (0, 0, 0, 420, 0, 0, 0)
    # OpenTribute: two toppers on 8 each receive 1/2^2 of the 8 + 4 + 4 + 3 + 3 collected, unrounded.
    tied = diplomacy_board("OpenTribute", (0, 5, 4, 8, 4, 5, 8), eliminated=(1904,))
    assert tied[3] == 34 + 3 * 8 + (8 + 4 + 4 + 3 + 3) / 2**2


@pytest.mark.parametrize("system", [n for n, s in SYSTEMS.items() if s.other is not None])
def test_the_other_reading_differs_on_the_boards_dipvis_tests(system: str) -> None:
    boards = [(c.centres, c.eliminated, c.final_year) for c in CASES if c.system == system]
    boards += [(BOARD, OUT, 1907), (SOLO, OUT, 1907)]
    assert any(
        diplomacy_board(system, centres, eliminated=out, final_year=final)
        != diplomacy_board(system, centres, eliminated=out, final_year=final, other_reading=True)
        for centres, out, final in boards
    )


def test_the_other_reading_reaches_an_event_s_scores() -> None:
    rows: list[tuple[object, ...]] = [("board", "power", "player", "centres", "eliminated")]
    rows += [(1, power, f"P{i}", c, y) for i, (power, c, y) in enumerate(zip(POWERS, BOARD, OUT, strict=True))]
    # Bangkok, Austria out in 1904: 4 x 0.3 by the wiki, 3 x 0.3 by dipvis (test_g_scoring_bangkok_no_solo3).
    assert diplomacy_points(rows, "Bangkok")[0] == pytest.approx(4 * 0.3)
    assert diplomacy_points(rows, "Bangkok", other_reading="yes")[0] == pytest.approx(0.9)
    first = diplomacy_standings(rows, "Bangkok", other_reading=True)[0]
    assert (first.player, first.total) == ("P3", 17 + 12 + 3)


def test_other_reading_where_a_system_has_one_reading_is_refused() -> None:
    with pytest.raises(InputError, match="other_reading is yes, but Tribute has one reading"):
        diplomacy_board("Tribute", BOARD, other_reading=True)
    with pytest.raises(InputError, match="other_reading"):
        diplomacy_board("Bangkok", BOARD, eliminated=OUT, other_reading="maybe")


def test_the_list_of_systems_names_each_other_reading() -> None:
    rows = {row[0]: row for row in (system_row(s) for s in SYSTEMS.values())}
    assert SYSTEM_COLUMNS[-1] == "other reading"
    assert "dipvis" in rows["Bangkok"][-1]
    assert rows["Tribute"][-1] == ""
    assert sorted(n for n, r in rows.items() if r[-1]) == sorted(n for n, s in SYSTEMS.items() if s.other is not None)
