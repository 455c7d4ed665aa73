"""Duct Tape V2, Haight v1.0, Ranked Classic, Southern Sun and Sydney League: points for a place on the board.

Source: the Diplomacy Tournament Visualiser's descriptions (github.com/UEWBot/dipvis) of these systems; each rule is
stated there in full, with its figures.

* **Duct Tape V2**: a solo scores 75 and everyone else 0. Otherwise 1 point per centre plus place points 40, 24, 15,
  9, 6, 3, 3 by final centres, tied powers splitting the points of the places they cover; eliminated powers share
  the places they cover equally, or, **with elimination order**, are ranked by when they went out (later higher).
* **Haight v1.0**: a game ending in a draw or on time scores 10 points per centre; an eliminated power 1 point for
  every year played; powers are ranked by final centres, then by order of elimination, for a ranking bonus of 66,
  55, 44, 33, 22, 11, 0 (1st to 7th), powers tied for a rank all scoring the lowest of the ranks they cover; a lone
  board-topper scores 5 x (its centres - the next highest count) more. In a solo the soloist scores 451, survivors
  the greater of 5 per centre and the years played, eliminated powers 1 per year played including the year they went
  out; no ranking bonus.
* **Ranked Classic** (and **v2**): a draw scores 10 per centre; an eliminated power 1 point for every year survived;
  survivors 30 more, and a ranking bonus by final centres among the survivors: 200, 90, 60, 40, 30, 20, 10 (1st to
  7th), two survivors tied scoring 135, 70, 50, 35, 25, 15 (a tie for 1st, 2nd, ..., 6th); three or more tied all
  score the untied bonus of the lowest rank they cover (Ranked Classic) or the two-way tie bonus of the second
  lowest rank they cover (v2: three tied for 1st score as tied 2nd, 70; four tied for 4th as tied 6th, 15). A solo
  scores 550 and everyone else 1 point per year survived, a survivor counting as eliminated in the solo's year.
* **Southern Sun**: a draw scores 30 per survivor, 10 per centre, and place points 130, 80, 50, 30, 20, 10, 10 (1st to
  7th) by final centres among survivors, tied powers sharing the average of their places' points rounded to the
  nearest whole number; eliminated powers score 3 per game year played and no place points. A solo scores 500 and
  everyone else 0.
* **Sydney League**: place points 700, 600, 500, 400, 300, 200, 100, tied powers averaging the points of the places
  they cover; 25 per centre; eliminated powers 1 point per year. In a solo the soloist's score is raised by 50% and
  every other power's cut by 50%.

Decisions where the descriptions are silent, and readings where dipvis's tests settle what its text leaves open
(dipvis: github.com/UEWBot/dipvis, visualiser/tournament/game_scoring/):

* "Years played" counts the year a power went out (out in 1905: 5); "years survived" counts the whole years it ended
  with centres (out in 1905: 4).
* Haight's survivors of a solo played every year to the final year.
* Ranked Classic's survivors of a solo survived the years before the solo's (a 1911 solo: 10 points), as dipvis's
  test_ranked_classic.py (test_g_scoring_rankedclassic_solo) expects; the other reading counts the solo's year too
  (11). Ties between survivors score as above in both readings, as dipvis's six tied boards in that file expect.
* Southern Sun rounds an average ending in .5 up (a 4-way top: 72.5 gives 73). dipvis rounds it to the even
  neighbour (Python's round: 72); the description says only "rounded to the nearest whole number".
* Sydney League ranks eliminated powers below the survivors by when they went out (the later the higher, the same
  year sharing the places' points) and credits an eliminated power with the years it played, the year out included
  (out in 1904: 100 + 4), as dipvis's test_sydney_league.py (test_g_scoring_sydneyleague_no_solo_2) expects. The
  description says only "1 point per year for eliminated players" and nothing of their places; the other reading
  shares the bottom places equally among them (they all end on 0 centres) and credits the whole years before the
  one they went out in.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

from xlscore.core.events.placement import places_from_values
from xlscore.core.rounding import round_half_up
from xlscore.core.systems.diplomacy.board import FIRST_YEAR, POWERS, Board, place_points
from xlscore.core.systems.diplomacy.system import Scores

__all__ = ["duct_tape", "haight", "ranked_classic", "southern_sun", "sydney_league"]


def duct_tape(elimination_order: bool, name: str) -> Callable[[Board], Scores]:
    def score(board: Board) -> Scores:
        if board.solo:
            return tuple(Fraction(75 if p == board.soloist else 0) for p in range(POWERS))
        keys = board.rank_keys(elimination_order=elimination_order, system=name)
        points = place_points(keys, (40, 24, 15, 9, 6, 3, 3))
        return tuple(c + pts for c, pts in zip(board.centres, points, strict=True))

    return score


def haight(board: Board) -> Scores:
    name = "Haight v1.0"
    if board.solo:
        final = board.last_year(name, "survivors of a solo score the years they played")
        return tuple(
            Fraction(451)
            if p == board.soloist
            else Fraction(max(5 * c, final - 1900))
            if c > 0
            else Fraction(board.years_played(p, name, "1 point for every year played"))
            for p, c in enumerate(board.centres)
        )
    keys = board.rank_keys(elimination_order=True, system=name)
    bonus = (66, 55, 44, 33, 22, 11, 0)
    scores: list[Fraction] = []
    for p, (place, tied) in enumerate(places_from_values(list(keys))):
        c = board.centres[p]
        points = Fraction(10 * c + bonus[place + tied - 2])
        if c == 0:
            points += board.years_played(p, name, "1 point for every year played")
        elif c == board.top and board.toppers == 1:
            points += 5 * (c - board.second)
        scores.append(points)
    return tuple(scores)


_RANKED = (200, 90, 60, 40, 30, 20, 10)
_RANKED_TWO = (135, 70, 50, 35, 25, 15)


def ranked_classic(v2: bool, *, solo_year_counted: bool) -> Callable[[Board], Scores]:
    name = "Ranked Classic v2" if v2 else "Ranked Classic"
    survived = FIRST_YEAR - (1 if solo_year_counted else 0)

    def score(board: Board) -> Scores:
        if board.solo:
            final = board.last_year(name, "losers to a solo score 1 point per year survived")
            return tuple(
                Fraction(550)
                if p == board.soloist
                else Fraction(final - survived if board.alive(p) else board.years_survived(p, name, "1 point a year"))
                for p in range(POWERS)
            )
        alive = [p for p in range(POWERS) if board.alive(p)]
        places = dict(zip(alive, places_from_values([board.centres[p] for p in alive]), strict=True))
        scores: list[Fraction] = []
        for p, c in enumerate(board.centres):
            if c == 0:
                scores.append(Fraction(board.years_survived(p, name, "1 point for every year survived")))
                continue
            place, tied = places[p]
            last = place + tied - 1
            if tied == 1:
                bonus = _RANKED[place - 1]
            elif tied == 2:
                bonus = _RANKED_TWO[place - 1]
            else:
                bonus = _RANKED_TWO[last - 2] if v2 else _RANKED[last - 1]
            scores.append(Fraction(10 * c + 30 + bonus))
        return tuple(scores)

    return score


def southern_sun(board: Board) -> Scores:
    name = "Southern Sun"
    if board.solo:
        return tuple(Fraction(500 if p == board.soloist else 0) for p in range(POWERS))
    alive = [p for p in range(POWERS) if board.alive(p)]
    points = place_points(board.centres, (130, 80, 50, 30, 20, 10, 10), among=alive)
    return tuple(
        30 + 10 * c + Fraction(round_half_up(Decimal(pts.numerator) / pts.denominator, 0))
        if c > 0
        else Fraction(3 * board.years_played(p, name, "3 points per game year played"))
        for p, (c, pts) in enumerate(zip(board.centres, points, strict=True))
    )


def sydney_league(*, elimination_order: bool) -> Callable[[Board], Scores]:
    name = "Sydney League"

    def years(board: Board, power: int) -> int:
        why = "1 point per year"
        return board.years_played(power, name, why) if elimination_order else board.years_survived(power, name, why)

    def score(board: Board) -> Scores:
        keys = board.rank_keys(elimination_order=elimination_order, system=name)
        points = place_points(keys, (700, 600, 500, 400, 300, 200, 100))
        base = [
            pts + 25 * c + (0 if c > 0 else years(board, p))
            for p, (c, pts) in enumerate(zip(board.centres, points, strict=True))
        ]
        if board.solo:
            return tuple(s * (Fraction(3, 2) if p == board.soloist else Fraction(1, 2)) for p, s in enumerate(base))
        return tuple(base)

    return score
